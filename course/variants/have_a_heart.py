"""Have a Heart (OPR-678): seven-card stud in which a heart dealt face up takes a card, played on
the one table (`course.engine.table.Table`) with these hooks.

Dealing and betting follow seven-card stud (OPR-678 "Deal and betting"): the table does them.
What is the game's own: when the dealer turns a heart face up to a player, that player takes one
card from any other player still in, before anything else: a face-up card stays face up with the
taker (3.2(a)); a hole card is taken unseen and becomes an extra hole card (3.2(b)). Nothing
replaces the lost card ("No replacement"); a heart that changes hands by a take gives no take
("A taken heart"); hearts dealt face down do nothing. Under the exchange variation (profile option
`exchange_variation`) the taker gives back a card of the same kind, possibly the very card taken.
Each round is opened by the best hand showing (cards taken face up count in the taker's row).

At the showdown each player uses their best five of however many cards they hold; hands of
fewer than five compare by the incomplete-hand rules of `course.hands`. Takes move cards but never
draw new ones, so the deck runs short as in stud and seventh street may be one shared card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Callable, Mapping

from course.asks import Ask, register
from course.cards import DECK, Card, cards_text
from course.engine.state import HandState, random_hand
from course.engine.stud import random_play
from course.engine.table import Rules, Table
from course.errors import IllegalActionError
from course.explain import Answer, Step
from course.games import ROUND_ASKS, find_game
from course.moves import Move as Event, parse_move
from course.engine.seats import Played, names, opener_steps, rank_showing

GAME = "have-a-heart"
SPEC = find_game(GAME)
DEAL = 'OPR-678 "Deal and betting"'
OPENING = 'OPR-678 "Opening each round"'
TAKING = 'OPR-678 "Taking a card"'
UP_TAKE = "OPR-678 3.2(a)"
HOLE_TAKE = "OPR-678 3.2(b)"
NO_REPLACEMENT = 'OPR-678 "No replacement"'
TAKEN_HEART = 'OPR-678 "A taken heart"'
DOWN_HEART = 'OPR-678 "Hearts dealt face down"'
EXCHANGE = 'OPR-678 "Exchanging instead of taking"'


@dataclass
class TakeChance:
    """A face-up heart's take: who takes, what they could choose from, and what they did."""

    _undo = True

    taker: str
    heart: Card
    street: str
    up: dict[str, list[Card]]      # face-up cards each other player still in shows
    down: dict[str, int]           # how many hole cards each other player still in holds
    taken: Card | None = None
    taken_up: bool | None = None
    victim: str | None = None
    given: Card | None = None


@dataclass
class HeartRules(Rules):
    """Takes, gives and the opener by the best hand showing, on the one table."""

    kinds = ("take", "give")
    deal_cite = (DEAL,)
    fold_cite = (DEAL,)               # a hand won by a fold: stud's deal and betting
    logs_deals = False
    chances: list[TakeChance] = field(default_factory=list)
    pending: TakeChance | None = None    # a take (or the exchange's give-back) still to happen

    def pot_cite(self, table: Table) -> tuple[str, ...]:
        return (DEAL,)

    def award_steps(self, table: Table) -> list[Step]:
        """Why the shared card was dealt, said before the pot is shared out."""
        return list(table.seventh.steps) if table.shared and table.seventh is not None else []

    def on_start(self, table: Table, exercise: Any) -> None:
        shared = list(getattr(exercise, "shared", []) or [])
        if shared:
            raise IllegalActionError(f"Have a Heart has no shared card here, but 'shared' lists {cards_text(shared)}",
                                     cite=(DEAL,), key="shared")

    def pending_text(self) -> str:
        p = self.pending
        if p.taken is None:
            return f"{p.taker} was dealt {p.heart} face up and takes a card first"
        return f"{p.taker} gives back a {'face-up' if p.taken_up else 'hole'} card to {p.victim} first"

    def blocks(self, table: Table, move: Event) -> tuple[str, tuple[str, ...]] | None:
        if self.pending is None or move.kind in self.kinds:
            return None
        timing = table.profile.option("take_timing")
        return (self.pending_text() + " (the take happens at once, before anything else"
                + (", the course's own reading" if timing.course_default else "") + ")", (TAKING, *timing.cite))

    def waiting(self, table: Table) -> bool:
        return self.pending is not None

    def on_dealt(self, table: Table, player: str, card: Card, up: bool) -> None:
        if not card.is_heart:
            return
        if not up:
            table.log.append(Step(f"{player}'s {card} arrives face down and does nothing.", (DOWN_HEART,)))
            return
        others = [p for p in table.live if p != player]
        chance = TakeChance(player, card, table.street,
                            {p: list(table.hands[p].up) for p in others if table.hands[p].up},
                            {p: len(table.hands[p].down) for p in others if table.hands[p].down})
        self.chances.append(chance)
        if chance.up or chance.down:
            self.pending = chance
        else:
            table.log.append(Step(f"{player} is dealt {card} face up, but no other player still in holds "
                                  "a card, so there is nothing to take.", (TAKING,)))

    def on_shared(self, table: Table, card: Card) -> None:
        if card.is_heart:
            takes = table.profile.option("shared_heart")     # no-take: the only reading
            table.log.append(Step(f"The shared {card} is a heart, but it is nobody's own card, so nobody "
                                  "takes a card.", takes.cite, course_default=takes.course_default))

    def apply(self, table: Table, move: Event) -> None:
        (self._take if move.kind == "take" else self._give)(table, move)

    def _take(self, table: Table, e: Event) -> None:
        p = self.pending
        if p is None or p.taken is not None:
            if p is not None:
                raise IllegalActionError(self.pending_text(), cite=(EXCHANGE,))
            raise IllegalActionError(f"{e.player} takes a card, but only a heart dealt face up to {e.player} gives a "
                                     "take (a taken heart or a heart dealt face down does not)",
                                     cite=(TAKING, TAKEN_HEART, DOWN_HEART))
        if e.player != p.taker:
            raise IllegalActionError(f"{p.taker} was dealt {p.heart} face up, so {p.taker} takes, not {e.player}",
                                     cite=(TAKING,))
        victim = e.other
        if victim == e.player:
            raise IllegalActionError(f"{e.player} must take from another player, not from themselves", cite=(TAKING,))
        if table.hands[victim].folded:
            reach = table.profile.option("take_from")
            raise IllegalActionError(f"{victim} has folded: a card is taken only from a player still in"
                                     + (" (the course's own reading of 'any other player')" if reach.course_default
                                        else ""), cite=(TAKING, *reach.cite))
        seat = table.hands[victim]
        pile = seat.up if e.up else seat.down
        if e.card not in pile:
            kind = "face-up" if e.up else "hole"
            held = cards_text(pile) or "none"
            raise IllegalActionError(f"{victim} has no {kind} card {e.card}: {victim}'s {kind} cards are {held}",
                                     cite=(UP_TAKE if e.up else HOLE_TAKE,))
        self._move(table, e.card, victim, e.player, e.up)
        p.taken, p.taken_up, p.victim = e.card, e.up, victim
        rule = UP_TAKE if e.up else HOLE_TAKE
        how = ("takes the face-up " + str(e.card) + f" from {victim}; it stays face up in {e.player}'s row"
               if e.up else f"takes one of {victim}'s hole cards unseen; it is the {e.card}, now an extra hole card")
        step = Step(f"{e.player} {how}.", (TAKING, rule))
        table.log.append(step)
        table.history[e.player].append(step)
        table.history[victim].append(Step(f"{victim} loses the {e.card} to {e.player} and gets nothing in its place.",
                                          (rule, NO_REPLACEMENT)))
        if not table.profile.option("exchange_variation").value:
            self.pending = None              # else the give-back is still to come

    def _give(self, table: Table, e: Event) -> None:
        exchange = table.profile.option("exchange_variation")
        p = self.pending
        if not exchange.value:
            raise IllegalActionError(f"{e.player} gives a card back, but this game is played without the exchange "
                                     "variation: the loser gets nothing back", cite=(NO_REPLACEMENT, *exchange.cite))
        if p is None or p.taken is None:
            raise IllegalActionError(f"{e.player} gives a card back, but nothing has just been taken", cite=(EXCHANGE,))
        if e.player != p.taker:
            raise IllegalActionError(f"{p.taker} took the card, so {p.taker} gives one back, not {e.player}",
                                     cite=(EXCHANGE,))
        if e.other is not None and e.other != p.victim:
            raise IllegalActionError(f"the card goes back to {p.victim}, who lost the {p.taken}, not to {e.other}",
                                     cite=(EXCHANGE,))
        pile = table.hands[e.player].up if p.taken_up else table.hands[e.player].down
        kind = "face-up" if p.taken_up else "hole"
        if e.card not in pile:
            raise IllegalActionError(f"{e.player} took a {kind} card, so gives back one of their {kind} cards "
                                     f"({cards_text(pile)}), not {e.card}", cite=(EXCHANGE,))
        self._move(table, e.card, e.player, p.victim, p.taken_up)
        p.given = e.card
        same = " (the very card taken)" if e.card == p.taken else ""
        step = Step(f"{e.player} gives the {kind} {e.card}{same} back to {p.victim}, "
                    f"{'face up' if p.taken_up else 'face down'}.", (EXCHANGE,))
        table.log.append(step)
        table.history[e.player].append(step)
        table.history[p.victim].append(Step(f"{p.victim} receives {e.card} from {e.player} in exchange.", (EXCHANGE,)))
        self.pending = None

    @staticmethod
    def _move(table: Table, card: Card, giver: str, receiver: str, up: bool) -> None:
        (table.hands[giver].up if up else table.hands[giver].down).remove(card)
        (table.hands[receiver].up if up else table.hands[receiver].down).append(card)
        table.where[card] = f"{receiver} {'up' if up else 'down'}"

    def first(self, table: Table) -> Answer | tuple[str, Callable[[], Answer]]:
        """The bring-in (the lowest door card) where the profile has one, else the best showing."""
        if SPEC.opens(table.street, table.profile).value == "bring-in" and int(table.stakes.bring_in):
            tie = table.profile.option("door_card_tie")
            doors = {p: table.hands[p].up[0] for p in table.live if table.hands[p].up}
            order = list(table.seats)
            low = min(doors, key=lambda p: (doors[p].rank, int(doors[p].suit) if tie.value == "suit" else 0,
                                            order.index(p)))
            return Answer(low, [Step(f"The lowest card showing is {low}'s {doors[low]}, so {low} brings in.",
                                     (DEAL, *tie.cite))])
        return showing_best(table)


def showing_best(table: Table) -> tuple[str, Callable[[], Answer]]:
    """Who shows the best card (first street) or hand, and the words saying why, written only when
    read (from the rows as they are now); cards taken face up count."""
    street, first_street, shared, profile = table.street, table.street == SPEC.first_street, list(table.shared), \
        table.profile
    middle = profile.option("shared_card_opener") if shared else None
    counted = middle is not None and middle.value == "best-with-shared"
    rows = {p: table.hands[p].up + (shared if counted else []) for p in table.live}
    tie = profile.option("later_round_tie")
    ranked = rank_showing(list(rows), rows, tie)

    @cache
    def words() -> Answer:
        first = profile.option("first_round_opens")
        what = "card" if first_street else "hand"
        cite = tuple(dict.fromkeys((OPENING, *(first.cite if first_street else ()))))
        reading = " (the course's own reading: OPR-678 names no bring-in)" if first_street and first.course_default else ""
        steps = [Step(f"The {street}-street betting is begun by the best {what} showing"
                      + (", with no bring-in" if first_street and first.value == "highest-showing" else "")
                      + f"{reading}; cards taken face up count in the taker's row.", cite,
                      course_default=first_street and first.course_default)]
        if middle is not None:
            steps.append(Step(f"The shared {cards_text(shared)} is face up in the middle: this profile "
                              + ("counts it in every row showing." if counted else "counts it in no row."),
                              middle.cite, course_default=middle.course_default))
        steps += opener_steps(ranked, rows, tie, (OPENING,), what)
        return Answer(ranked[0], steps)

    return ranked[0], words


def start(exercise: Any) -> Table:
    """The table an exercise starts from, for `course.engine.state.HandState`."""
    return Table.start(exercise, HeartRules())


def parse_event(text):
    """One Have a Heart event; `IllegalActionError` quoting the text otherwise."""
    return _event(text) if type(text) is str else parse_move(text, SPEC.kinds, SPEC.title)


@lru_cache(maxsize=4096)
def _event(text: str) -> Event:
    """A text read once is not read again: every move of a random hand is parsed as it is played
    and again when its item is loaded, and the grammar's own cache hashes the tuple of kinds on
    each call. A move is immutable, and an unreadable text raises (nothing is cached)."""
    return parse_move(text, SPEC.kinds, SPEC.title)


def deal_problems(hands: Mapping[str, Any], counts: tuple[int, int], profile: Any) -> list[str]:
    """What the takes before a starting position must have left behind (card conservation).

    Every heart showing face up was dealt face up (a card never changes face), so its player
    took a card at once: the hearts showing count the takes. Each take moves one card from a
    player still in to the taker, so the players still in who hold more than they were dealt
    account for at least that many takes, and so do those holding fewer. With every player
    still in, the takes must also be able to cancel out exactly: one take alone cannot, and two
    players can only trade cards in pairs. Under the exchange variation nothing changes counts.
    """
    dealt = sum(counts)
    live = [h for h in hands.values() if not h.folded]
    nets = [len(h.cards) - dealt for h in live if h.down]
    gains, losses = sum(n for n in nets if n > 0), -sum(n for n in nets if n < 0)
    takes = sum(1 for h in hands.values() for c in h.up if c.is_heart)
    exchange = profile.option("exchange_variation")
    refs = "".join(f" [{c}]" for c in (TAKING, NO_REPLACEMENT))
    if exchange.value:
        if gains or losses:
            return [f"with the exchange variation every take gives a card back, so each player still in holds "
                    f"the {dealt} cards dealt; these hands hold {gains} more and {losses} fewer"
                    + "".join(f" [{c}]" for c in exchange.cite)]
        return []
    shown = f"{takes} heart{'s' if takes != 1 else ''} show{'s' if takes == 1 else ''} face up"
    if max(gains, losses) > takes:
        more = f"{gains} more" if gains > takes else f"{losses} fewer"
        return [f"players still in hold {more} card{'s' if max(gains, losses) != 1 else ''} than the {dealt} each was dealt, but only {shown}, and "
                f"each take needs a heart dealt face up and moves one card{refs}"]
    spare = takes - gains
    if len(nets) == len(hands) == len(live) and (spare == 1 and (gains == 0 or len(live) == 2)
                                                 or len(live) == 2 and spare % 2):
        return [f"{shown}, so {takes} card{'s were' if takes != 1 else ' was'} taken, but the hands cannot show "
                f"that: each take leaves the taker one card up and the loser one card down, and these counts "
                f"({', '.join(str(len(h.cards)) for h in live)}) cannot come from exactly {takes} take"
                f"{'s' if takes != 1 else ''}{refs}"]
    return []


# ------------------------------------------------------------------------------------------------
# Questions


def _player(table: Table, question: Any, ask: str) -> str:
    player = (getattr(question, "params", {}) or {}).get("player")
    if player not in table.hands:
        raise ValueError(f"{ask} needs a player at the table: got {player!r}, expected one of {', '.join(table.seats)}")
    return player


def ask_holding(exercise: Any, question: Any) -> Answer:
    """A player's face-up and hole cards after the events."""
    table = HandState.replay(exercise).table
    player = _player(table, question, "holding")
    seat = table.hands[player]
    hand = exercise.hands.get(player) if getattr(exercise, "hands", None) else None
    steps = []
    if hand is not None and (hand.up or hand.down):
        steps.append(Step(f"{player} starts with {cards_text(hand.up) or 'nothing'} face up and "
                          f"{cards_text(hand.down) or 'no cards'} face down.", ()))
    steps += table.history[player]
    if not table.history[player]:
        steps.append(Step(f"No event changes {player}'s cards.", (NO_REPLACEMENT,)))
    used = tuple(dict.fromkeys(c for step in table.history[player] for c in step.cite if c != DEAL))
    steps.append(Step(f"{player} now shows {cards_text(seat.up) or 'nothing'} face up and holds "
                      f"{cards_text(seat.down) or 'no cards'} face down ({len(seat.cards)} cards).", used))
    return Answer({"up": list(seat.up), "down": list(seat.down)}, steps)


def ask_takes(exercise: Any, question: Any) -> Answer:
    """Who takes a card after the latest face-up heart, and what they may choose from."""
    after = (getattr(question, "params", {}) or {}).get("after")
    if after is not None and (not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= len(exercise.events)):
        raise ValueError(f"after {after!r}: expected a count of events from 0 to {len(exercise.events)}")
    table = HandState.replay(exercise, after).table
    if not table.rules.chances:
        return Answer({"taker": None, "from": {}},
                      [Step("No heart has been dealt face up in these events, so nobody takes a card "
                            "(hearts dealt face down and hearts that were taken give no take).",
                            (TAKING, DOWN_HEART, TAKEN_HEART))])
    c = table.rules.chances[-1]
    timing, reach = table.profile.option("take_timing"), table.profile.option("take_from")
    choices: dict[str, dict[str, Any]] = {}
    for p in table.seats:
        if p in c.up or p in c.down:
            choices[p] = {"up": list(c.up.get(p, [])), "down": c.down.get(p, 0)}
    own = timing.course_default or reach.course_default
    steps = [Step(f"{c.taker} is dealt {c.heart} face up, so {c.taker} takes one card from any other player: "
                  "at once, before the next card or bet, and from a player still in"
                  + (" (the course's own reading: OPR-678 does not say when, and its 'any other player' does not "
                     "say whether a folded player counts)." if own else "."),
                  (TAKING, *timing.cite, *reach.cite), course_default=own)]
    for p, ch in choices.items():
        parts = []
        if ch["up"]:
            parts.append(f"one of the face-up {cards_text(ch['up'])} (it would stay face up)")
        if ch["down"]:
            parts.append(f"one of {ch['down']} hole card{'s' if ch['down'] != 1 else ''}, taken unseen")
        steps.append(Step(f"From {p}: " + ", or ".join(parts) + ".", tuple(
            r for r, ok in ((UP_TAKE, ch["up"]), (HOLE_TAKE, ch["down"])) if ok)))
    folded = [p for p in table.seats if table.hands[p].folded and p != c.taker]
    if folded:
        steps.append(Step(f"{names(folded)} folded and cannot be taken from.", (TAKING, *reach.cite),
                          course_default=reach.course_default))
    if not choices:
        steps.append(Step("No other player still in holds a card, so there is nothing to take.", (TAKING,)))
        return Answer({"taker": None, "from": {}}, steps)
    if c.taken is not None:
        steps.append(Step(f"{c.taker} chose the {c.taken} from {c.victim}; {c.victim} gets no replacement.",
                          (UP_TAKE if c.taken_up else HOLE_TAKE, NO_REPLACEMENT)))
    exchange = table.profile.option("exchange_variation")
    if exchange.value:
        steps.append(Step(f"With the exchange variation {c.taker} then gives back a card of the same kind, "
                          "possibly the card just taken.", exchange.cite))
    return Answer({"taker": c.taker, "from": choices}, steps)


def shared_card_answer(exercise: Any, question: Any) -> Answer:
    """Is seventh street one shared card? Asked once the sixth-street betting is over (or later):
    the hook the stud `shared_card` ask answers a game on events through."""
    table = HandState.replay(exercise).table
    if table.seventh is not None:
        verdict, dealt = table.seventh, table.seventh_dealt
    elif table.street == SPEC.shared_decided_after and table.stage_dealt and table.round_done:
        verdict, dealt = table.shared_verdict(), sum(table.dealt.values())
    else:
        raise ValueError("shared_card is asked once the sixth-street betting is over: the events stop on "
                         f"{table.street or 'the deal'} street")
    rule = table.profile.option("shared_card")
    count = Step(f"Takes move cards between players but never draw new ones, so count what the dealer has "
                 f"given out: {dealt} cards, leaving 52 - {dealt} = {len(DECK) - dealt} (burn cards not "
                 "counted).", (DEAL, *rule.cite), rule.course_default)
    return Answer(verdict.value, [count, *verdict.steps])


# The game's own asks, declared once, and the stud asks it takes up by name (the one registration,
# worded by its GameSpec); the stud showdown asks it answers are listed in its spec (`stud_asks`).
register(GAME,
         Ask("holding", "holding", "Which cards does {player} hold now, face up and face down?", ask_holding,
             params={"player": "player"}, whole_hand=True, hides="holding"),
         Ask("takes", "takes", "Who takes a card, and which cards may they take?", ask_takes, params={"after": "any"}),
         "opener", "pot", "award", "shared_card",
         *ROUND_ASKS)


# ------------------------------------------------------------------------------------------------
# Random play


def random_deal(rng: random.Random, players: int, profile: Any, stakes: Any = None,
                fold_chance: float = 0.06, hole_chance: float = 0.4, heart_chance: float = 0.0,
                stacks: dict[str, int] | None = None, stop: Any = None, seats: Any = None,
                watch: Any = None) -> Played:
    """One hand from the antes to the end with random legal choices, through the event parser;
    `seats`: their names (default P1, P2, ...); `stacks`: the chips of the players listed, so
    that all-ins happen;
    `heart_chance`: how often a take of a face-up card goes for a heart showing when there is one
    (a drill of taken hearts asks for them; otherwise any card showing, equally); `stop(table)`:
    the point a drill needs has been reached; `watch(played)`: called after every move."""
    if not 2 <= players <= 8:
        raise ValueError(f"random Have a Heart deals use 2 to 8 players, not {players!r}")
    played, do = random_hand(rng, players, profile, start, parse_event, seats, stakes=stakes or profile.stakes,
                             stacks=dict(stacks or {}))

    def take(table: Table) -> str:
        p = table.rules.pending
        if p.taken is not None:
            mine = table.hands[p.taker]
            return f"{p.taker} gives back {rng.choice(mine.up if p.taken_up else mine.down)}"
        ups = [(q, True) for q in p.up if table.hands[q].up]
        downs = [(q, False) for q in p.down if table.hands[q].down]
        victim, up = rng.choice(downs if downs and (not ups or rng.random() < hole_chance) else ups)
        if up:
            showing = table.hands[victim].up
            if heart_chance:
                hearts = [(q, c) for q, _ in ups for c in table.hands[q].up if c.is_heart]
                if hearts and rng.random() < heart_chance:
                    victim, card = rng.choice(hearts)
                    return f"{p.taker} takes {card} from {victim}"
            return f"{p.taker} takes {rng.choice(showing)} from {victim}"
        return f"{p.taker} takes a hole card from {victim} ({rng.choice(table.hands[victim].down)})"

    return random_play(rng, played, do, take, fold_chance, stop, watch)
