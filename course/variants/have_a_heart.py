"""Have a Heart (OPR-678): seven-card stud in which a heart dealt face up takes a card.

Dealing and betting follow seven-card stud (OPR-678 "Deal and betting"). When the dealer turns
a heart face up to a player, that player takes one card from any other player still in: a
face-up card stays face up with the taker (3.2(a)); a hole card is taken unseen and becomes an
extra hole card (3.2(b)). Nothing replaces the lost card ("No replacement"); a heart that
changes hands by a take gives no take ("A taken heart"); hearts dealt face down do nothing.
Under the exchange variation (profile option `exchange_variation`) the taker gives back a card
of the same kind, of their choice, possibly the very card taken.

At the showdown each player uses their best five of however many cards they hold; hands of
fewer than five compare by the incomplete-hand rules of `course.hands`.

Takes move cards but never draw new ones, so the deck runs short as in stud: when fewer cards
are left after sixth street than players still in, seventh street is one shared card (event
`shared <card>`), by the profile's stud rule `shared_card` (OPR-678 is silent: a course default).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping

from course.asks import Ask, register
from course.betting import Action, BettingRound, Verb
from course.cards import DECK, Card, cards_text
from course.engine.actions import BETTING_KINDS
from course.errors import IllegalActionError
from course.games import find_game
from course.explain import Answer, Step
from course.table import exposed_pairs
from course.engine.state import random_hand
from course.variants.common import (
    Event, Played, Seat, TableSeats,
    names, opener_steps, option, parse_event as _parse, rank_showing, seats_from,
)

GAME = "have-a-heart"
_VERBS = {"fold": Verb.FOLD, "check": Verb.CHECK, "call": Verb.CALL, "bet": Verb.BET, "raise": Verb.RAISE,
          "bring_in": Verb.BRING_IN, "complete": Verb.COMPLETE}
# The deal comes from the game spec (stud's streets): a street is numbered by the cards each
# player has been dealt once it is dealt, 3 (third street) to 7 (seventh).
SPEC = find_game(GAME)
STREETS = {SPEC.cards_by(s.name): s.name for s in SPEC.streets if s.betting}
STREET_NUMBER = {s.name: SPEC.cards_by(s.name) for s in SPEC.streets}
FIRST, LAST = min(STREETS), max(STREETS)
SHARED_DECIDED = STREET_NUMBER[SPEC.shared_decided_after]     # the street after which seventh is settled
DEAL = 'OPR-678 "Deal and betting"'
OPENING = 'OPR-678 "Opening each round"'
TAKING = 'OPR-678 "Taking a card"'
UP_TAKE = "OPR-678 3.2(a)"
HOLE_TAKE = "OPR-678 3.2(b)"
NO_REPLACEMENT = 'OPR-678 "No replacement"'
TAKEN_HEART = 'OPR-678 "A taken heart"'
DOWN_HEART = 'OPR-678 "Hearts dealt face down"'
EXCHANGE = 'OPR-678 "Exchanging instead of taking"'


def face_up(card_number: int) -> bool:
    """Is a player's n-th card from the dealer (1..7) dealt face up? Two down, four up, one down."""
    return SPEC.card_faces[card_number - 1]


@dataclass
class TakeChance:
    """A face-up heart's take: who takes, what they could choose from, and what they did."""

    _undo = True

    taker: str
    heart: Card
    street: int
    up: dict[str, list[Card]]      # face-up cards each other player still in shows
    down: dict[str, int]           # how many hole cards each other player still in holds
    taken: Card | None = None
    taken_up: bool | None = None
    victim: str | None = None
    given: Card | None = None


@dataclass
class HeartTable(TableSeats):
    seats: list[str]
    hands: dict[str, Seat]
    profile: Any
    stakes: Any = None
    pot: int = 0
    street: int = 0                      # the street being dealt or bet (3..7); 0 before the deal
    start_street: int = 0
    dealt: dict[str, int] = field(default_factory=dict)   # cards each player has had from the dealer
    anted: set[str] = field(default_factory=set)
    chances: list[TakeChance] = field(default_factory=list)
    pending: TakeChance | None = None    # a take (or the exchange's give-back) still to happen
    round: BettingRound | None = None
    round_done: bool = False
    where: dict[Card, str] = field(default_factory=dict)
    log: list[Step] = field(default_factory=list)
    history: dict[str, list[Step]] = field(default_factory=dict)
    start_pot: int = 0
    shared: list[Card] = field(default_factory=list)     # a shared seventh card, when the deck ran short
    seventh: Answer | None = None        # whether seventh street is shared (decided as it starts)
    seventh_dealt: int = 0               # cards the dealer had given out when that was decided
    openers: dict[int, Answer] = field(default_factory=dict)   # street -> who started its betting, and why

    @classmethod
    def start(cls, exercise: Any) -> "HeartTable":
        seats = list(exercise.seats)
        hands = seats_from(exercise)
        shared = list(getattr(exercise, "shared", []) or [])
        if shared:
            raise IllegalActionError(f"Have a Heart has no shared card here, but 'shared' lists {cards_text(shared)}",
                             cite=(DEAL,), key="shared")
        street = 0 if not any(h.cards for h in hands.values()) else STREET_NUMBER.get(
            getattr(exercise, "street", SPEC.first_street), FIRST)
        pot = getattr(exercise, "pot", None) or 0
        stakes = getattr(exercise, "stakes", None) or exercise.profile.stakes
        table = cls(seats, hands, exercise.profile, stakes, pot=pot, street=street, start_street=street,
                    start_pot=pot)
        # Cards each player has had from the dealer: everyone still in has the street's count;
        # a player who folded earlier got two hole cards and the face-up cards they show.
        first_down = SPEC.streets[0].down
        table.dealt = {p: min(street, first_down + len(hands[p].up)) if hands[p].folded and street else street
                       for p in seats}
        table.history = {p: [] for p in seats}
        for name, seat in hands.items():
            for card in seat.down:
                table.where[card] = f"{name} down"
            for card in seat.up:
                table.where[card] = f"{name} up"
        if street:
            table.anted = set(seats)
        return table

    # --- state ----------------------------------------------------------------------------------

    @property
    def street_dealt(self) -> bool:
        """Has everyone still in had this street's card (or is seventh street the shared card)?"""
        return self.street == 0 or bool(self.shared) or all(self.dealt[p] >= self.street for p in self.live)

    @property
    def over(self) -> bool:
        return len(self.live) <= 1 or (self.street == LAST and self.street_dealt and self.pending is None
                                       and self.round_done)

    def next_deal(self) -> tuple[str, bool] | None:
        if self.over or self.pending is not None:
            return None
        if not self.street_dealt:
            least = min(self.dealt[p] for p in self.live)
            player = next(p for p in self.live if self.dealt[p] == least)
            return player, face_up(least + 1)
        if self.street == LAST:
            return None
        return self.live[0], face_up(self.dealt[self.live[0]] + 1)

    def needs_ante(self) -> list[str]:
        ante = int(self.stakes.ante)
        return [p for p in self.seats if p not in self.anted] if self.street == 0 and ante else []

    def can_leave_street(self) -> str | None:
        if self.needs_ante():
            return f"{self.needs_ante()[0]} antes before the deal"
        if self.pending is not None:
            return self._pending_text()
        if not self.street_dealt:
            return None
        if self.street and not self.round_done:
            if self.round is not None:
                return f"the {STREETS[self.street]}-street betting is not over: {self.round.to_act} is to act"
            if self.street != self.start_street:
                return f"the {STREETS[self.street]}-street betting comes first"
        if len(self.live) <= 1:
            return f"the hand is over: only {names(self.live)} is left"
        if self.street == LAST:
            return "seventh street has been dealt: the hand goes to the showdown"
        return None

    def _pending_text(self) -> str:
        p = self.pending
        if p.taken is None:
            return f"{p.taker} was dealt {p.heart} face up and takes a card first"
        return f"{p.taker} gives back a {'face-up' if p.taken_up else 'hole'} card to {p.victim} first"

    # --- events ---------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        for name in (event.player, event.other):
            if name is not None and name not in self.hands:
                raise IllegalActionError(f"{name!r} is not at the table: expected one of {', '.join(self.seats)}")
        if self.pending is not None and event.kind not in ("take", "give"):
            timing = option(self.profile, "take_timing")
            raise IllegalActionError(self._pending_text() + " (the take happens at once, before anything else"
                             + (", the course's own reading" if timing.course_default else "") + ")",
                             cite=(TAKING, *timing.cite))
        if event.kind in BETTING_KINDS or event.kind == "fold":
            self._on_betting(event)
        else:
            getattr(self, f"_on_{event.kind}")(event)

    def _on_ante(self, e: Event) -> None:
        ante = int(self.stakes.ante)
        want = self.needs_ante()
        if not want or e.player not in want:
            raise IllegalActionError(f"{e.player} antes, but each player antes once, before the deal", cite=self.profile.forced_bet("ante").cite)
        if e.amount is not None and e.amount != ante:
            raise IllegalActionError(f"the ante is {ante}, not {e.amount}", cite=self.profile.forced_bet("ante").cite)
        self.anted.add(e.player)
        self._pay(e.player, ante)

    def shared_card_answer(self) -> Answer:
        """Whether seventh street, about to be dealt, is one shared card: the stud rule of the
        profile (`shared_card`), on the cards the dealer has given out so far."""
        from course.table import needs_shared_card

        left = len(DECK) - sum(self.dealt.values())
        return needs_shared_card(self.live, self.profile, cards_left=left)

    def _open_street(self) -> None:
        why = self.can_leave_street()
        if why is not None:
            raise IllegalActionError(why, cite=(DEAL,))
        self.street = FIRST if self.street == 0 else self.street + 1
        self.round = None
        self.round_done = False
        if self.street == LAST:
            self.seventh = self.shared_card_answer()
            self.seventh_dealt = sum(self.dealt.values())

    def _on_deal(self, e: Event) -> None:
        if self.street == 0 or self.street_dealt:
            self._open_street()
        if self.street == LAST and self.seventh is not None and self.seventh.value:
            raise IllegalActionError(self.seventh.steps[-1].text + " Write it as 'shared <card>'.",
                             cite=self.seventh.citations)
        player, up = self.next_deal()
        if (e.player, e.up) != (player, up):
            raise IllegalActionError(f"the next card of {STREETS[self.street]} street goes to {player} face "
                             f"{'up' if up else 'down'}, not to {e.player} face {'up' if e.up else 'down'}",
                             cite=(DEAL,))
        if e.card in self.where:
            raise IllegalActionError(f"{str(e.card)!r} is already in play: {self.where[e.card]}")
        seat = self.hands[e.player]
        self.where[e.card] = f"{e.player} {'up' if up else 'down'}"
        (seat.up if up else seat.down).append(e.card)
        self.dealt[e.player] += 1
        self.history[e.player].append(Step(f"{e.player} is dealt {e.card} face {'up' if up else 'down'}.", (DEAL,)))
        if e.card.is_heart:
            if not up:
                self.log.append(Step(f"{e.player}'s {e.card} arrives face down and does nothing.", (DOWN_HEART,)))
                return
            chance = self._chance(e.player, e.card)
            self.chances.append(chance)
            if chance.up or chance.down:
                self.pending = chance
            else:
                self.log.append(Step(f"{e.player} is dealt {e.card} face up, but no other player still in holds "
                                     "a card, so there is nothing to take.", (TAKING,)))

    def _on_shared(self, e: Event) -> None:
        shared_rule = option(self.profile, "shared_card")
        if self.street == SHARED_DECIDED and self.street_dealt:
            self._open_street()
        if self.street != LAST or self.shared or any(self.dealt[p] >= LAST for p in self.live):
            raise IllegalActionError("a shared card can only be the whole of seventh street, dealt in place of "
                             "everyone's seventh card", cite=shared_rule.cite)
        if not self.seventh.value:
            raise IllegalActionError("a shared seventh card comes only when the deck runs short: "
                             + self.seventh.steps[-1].text, cite=self.seventh.citations)
        if e.card in self.where:
            raise IllegalActionError(f"{str(e.card)!r} is already in play: {self.where[e.card]}")
        self.shared.append(e.card)
        self.where[e.card] = "the shared card"
        plays = option(self.profile, "shared_cards_play")
        self.log.append(Step(f"Seventh street is the shared {e.card}, face up in the middle: it counts in "
                             "every hand still in.", (*self.seventh.citations, *plays.cite),
                             course_default=plays.course_default))
        if e.card.is_heart:
            takes = option(self.profile, "shared_heart")     # no-take: the only reading
            self.log.append(Step(f"The shared {e.card} is a heart, but it is nobody's own card, so nobody "
                                 "takes a card.", takes.cite, course_default=takes.course_default))

    def _chance(self, taker: str, heart: Card) -> TakeChance:
        others = [p for p in self.live if p != taker]
        return TakeChance(taker, heart, self.street,
                          {p: list(self.hands[p].up) for p in others if self.hands[p].up},
                          {p: len(self.hands[p].down) for p in others if self.hands[p].down})

    def _on_take(self, e: Event) -> None:
        p = self.pending
        if p is None or p.taken is not None:
            if p is not None:
                raise IllegalActionError(self._pending_text(), cite=(EXCHANGE,))
            raise IllegalActionError(f"{e.player} takes a card, but only a heart dealt face up to {e.player} gives a take"
                             " (a taken heart or a heart dealt face down does not)",
                             cite=(TAKING, TAKEN_HEART, DOWN_HEART))
        if e.player != p.taker:
            raise IllegalActionError(f"{p.taker} was dealt {p.heart} face up, so {p.taker} takes, not {e.player}", cite=(TAKING,))
        victim = e.other
        if victim == e.player:
            raise IllegalActionError(f"{e.player} must take from another player, not from themselves", cite=(TAKING,))
        if self.hands[victim].folded:
            reach = option(self.profile, "take_from")
            raise IllegalActionError(f"{victim} has folded: a card is taken only from a player still in"
                                     + (" (the course's own reading of 'any other player')" if reach.course_default else ""),
                                     cite=(TAKING, *reach.cite))
        seat = self.hands[victim]
        pile = seat.up if e.up else seat.down
        if e.card not in pile:
            kind = "face-up" if e.up else "hole"
            held = cards_text(pile) or "none"
            raise IllegalActionError(f"{victim} has no {kind} card {e.card}: {victim}'s {kind} cards are {held}",
                             cite=(UP_TAKE if e.up else HOLE_TAKE,))
        pile.remove(e.card)
        mine = self.hands[e.player]
        (mine.up if e.up else mine.down).append(e.card)
        self.where[e.card] = f"{e.player} {'up' if e.up else 'down'}"
        p.taken, p.taken_up, p.victim = e.card, e.up, victim
        rule = UP_TAKE if e.up else HOLE_TAKE
        how = ("takes the face-up " + str(e.card) + f" from {victim}; it stays face up in {e.player}'s row"
               if e.up else f"takes one of {victim}'s hole cards unseen; it is the {e.card}, now an extra hole card")
        step = Step(f"{e.player} {how}.", (TAKING, rule))
        self.log.append(step)
        self.history[e.player].append(step)
        self.history[victim].append(Step(f"{victim} loses the {e.card} to {e.player} and gets nothing in its place.",
                                         (rule, NO_REPLACEMENT)))
        if option(self.profile, "exchange_variation").value:
            return  # the give-back is still to come
        self.pending = None

    def _on_give(self, e: Event) -> None:
        exchange = option(self.profile, "exchange_variation")
        p = self.pending
        if not exchange.value:
            raise IllegalActionError(f"{e.player} gives a card back, but this game is played without the exchange "
                             "variation: the loser gets nothing back", cite=(NO_REPLACEMENT, *exchange.cite))
        if p is None or p.taken is None:
            raise IllegalActionError(f"{e.player} gives a card back, but nothing has just been taken", cite=(EXCHANGE,))
        if e.player != p.taker:
            raise IllegalActionError(f"{p.taker} took the card, so {p.taker} gives one back, not {e.player}", cite=(EXCHANGE,))
        if e.other is not None and e.other != p.victim:
            raise IllegalActionError(f"the card goes back to {p.victim}, who lost the {p.taken}, not to {e.other}",
                             cite=(EXCHANGE,))
        mine = self.hands[e.player]
        pile = mine.up if p.taken_up else mine.down
        kind = "face-up" if p.taken_up else "hole"
        if e.card not in pile:
            raise IllegalActionError(f"{e.player} took a {kind} card, so gives back one of their {kind} cards "
                             f"({cards_text(pile)}), not {e.card}", cite=(EXCHANGE,))
        pile.remove(e.card)
        seat = self.hands[p.victim]
        (seat.up if p.taken_up else seat.down).append(e.card)
        self.where[e.card] = f"{p.victim} {'up' if p.taken_up else 'down'}"
        p.given = e.card
        same = " (the very card taken)" if e.card == p.taken else ""
        step = Step(f"{e.player} gives the {kind} {e.card}{same} back to {p.victim}, {kind.replace('hole', 'face down').replace('face-up', 'face up')}.",
                    (EXCHANGE,))
        self.log.append(step)
        self.history[e.player].append(step)
        self.history[p.victim].append(Step(f"{p.victim} receives {e.card} from {e.player} in exchange.", (EXCHANGE,)))
        self.pending = None

    def _on_betting(self, e: Event) -> None:
        if self.hands[e.player].folded:
            raise IllegalActionError(f"{e.player} has folded and takes no further part")
        if self.street == 0:
            raise IllegalActionError("no betting before the first cards are dealt", cite=(DEAL,))
        if not self.street_dealt:
            raise IllegalActionError(f"{STREETS[self.street]} street is still being dealt; betting comes after", cite=(DEAL,))
        if self.round_done:
            raise IllegalActionError(f"the {STREETS[self.street]}-street betting is over; the next card is dealt next",
                             cite=(DEAL,))
        if self.round is None:
            self.round = self.new_round()
        try:
            entry = self.round.apply(Action(e.player, _VERBS[e.kind], e.amount))
        except IllegalActionError as err:
            raise IllegalActionError(err.reason, err.cite, course_default=err.course_default) from None
        if entry.added:
            self._pay(e.player, entry.added)
        if e.kind == "fold":
            self.hands[e.player].folded = True
        if self.round.is_closed:
            self.round_done = True

    def new_round(self) -> BettingRound:
        """The street's betting on the stud round: the same amounts, cap, fourth-street pair
        option and citations as Stud High (OPR-678 "Deal and betting")."""
        first, opened = self.first_to_act()
        live = self.live
        return BettingRound(STREETS[self.street], self.seats, first, self.profile, self.stakes, active=live,
                            pair_holders=exposed_pairs({p: self.hands[p].up for p in live}, live),
                            pot_before=self.pot, first_answer=opened)

    def first_to_act(self) -> tuple[str, Answer]:
        """The player who starts the street's betting (bring-in or opener), with the reason."""
        if SPEC.opens(STREETS[self.street], self.profile).value == "bring-in" and int(self.stakes.bring_in):
            answer = self.bring_in_answer()
        else:
            answer = self.openers[self.street] = self.opener_answer()
        return answer.value, answer

    def bring_in_answer(self) -> Answer:
        tie = option(self.profile, "door_card_tie")
        doors = {p: self.hands[p].up[0] for p in self.live if self.hands[p].up}
        order = list(self.seats)
        low = min(doors, key=lambda p: (doors[p].rank, int(doors[p].suit) if tie.value == "suit" else 0, order.index(p)))
        return Answer(low, [Step(f"The lowest card showing is {low}'s {doors[low]}, so {low} brings in.",
                                 (DEAL, *tie.cite))])

    def opener_answer(self) -> Answer:
        middle = option(self.profile, "shared_card_opener") if self.shared else None
        counted = middle is not None and middle.value == "best-with-shared"
        rows = {p: self.hands[p].up + (self.shared if counted else []) for p in self.live}
        tie = option(self.profile, "later_street_tie")
        ranked = rank_showing(self.live, rows, tie)
        first = option(self.profile, "third_street_first")
        what = "card" if self.street == FIRST else "hand"
        cite = (OPENING, *(first.cite if self.street == FIRST else ()))
        reading = " (the course's own reading: OPR-678 names no bring-in)" if self.street == FIRST and first.course_default else ""
        steps = [Step(f"The {STREETS[self.street]}-street betting is begun by the best {what} showing"
                      + (", with no bring-in" if self.street == FIRST and first.value == "highest-showing" else "")
                      + f"{reading}; cards taken face up count in the taker's row.", cite,
                      course_default=self.street == FIRST and first.course_default)]
        if middle is not None:
            steps.append(Step(f"The shared {cards_text(self.shared)} is face up in the middle: this profile "
                              + ("counts it in every row showing." if counted else "counts it in no row."),
                              middle.cite, course_default=middle.course_default))
        steps += opener_steps(ranked, rows, tie, (OPENING,), what)
        return Answer(ranked[0], steps)

    def _pay(self, player: str, amount: int) -> None:
        self.pot += amount
        self.hands[player].paid += amount


# ------------------------------------------------------------------------------------------------
# Public API


def parse_event(text: Any) -> Event:
    """One Have a Heart event; `IllegalActionError` (a ValueError) quoting the text otherwise."""
    return _parse(text, SPEC.kinds, SPEC.title)


def _table(exercise: Any, upto: int | None = None) -> HeartTable:
    """The table after the exercise's events (the first `upto`), played on the one hand state."""
    from course.engine.state import HandState

    return HandState.replay(exercise, upto).table


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
    exchange = option(profile, "exchange_variation")
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


def _player(table: HeartTable, question: Any, ask: str) -> str:
    player = (getattr(question, "params", {}) or {}).get("player")
    if player not in table.hands:
        raise ValueError(f"{ask} needs a player at the table: got {player!r}, expected one of {', '.join(table.seats)}")
    return player


def ask_holding(exercise: Any, question: Any) -> Answer:
    """A player's face-up and hole cards after the events."""
    table = _table(exercise)
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
    table = _table(exercise, after)
    if not table.chances:
        return Answer({"taker": None, "from": {}},
                      [Step("No heart has been dealt face up in these events, so nobody takes a card "
                            "(hearts dealt face down and hearts that were taken give no take).",
                            (TAKING, DOWN_HEART, TAKEN_HEART))])
    c = table.chances[-1]
    timing, reach = option(table.profile, "take_timing"), option(table.profile, "take_from")
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
    exchange = option(table.profile, "exchange_variation")
    if exchange.value:
        steps.append(Step(f"With the exchange variation {c.taker} then gives back a card of the same kind, "
                          "possibly the card just taken.", exchange.cite))
    return Answer({"taker": c.taker, "from": choices}, steps)


def ask_opener(exercise: Any, question: Any) -> Answer:
    table = _table(exercise)
    if table.street == 0:
        raise ValueError("no betting round yet: the exercise stops before the deal")
    # The players still in when the round began: a later fold does not change who opened.
    return table.openers.get(table.street) or table.opener_answer()


def ask_pot(exercise: Any, question: Any) -> Answer:
    table = _table(exercise)
    paid = {p: s.paid for p, s in table.hands.items() if s.paid}
    steps = [Step(f"The pot starts at {table.start_pot}.", ())]
    if paid:
        steps.append(Step("In these events " + ", ".join(f"{p} put in {n}" for p, n in paid.items())
                          + f": the pot is {table.start_pot} + {sum(paid.values())} = {table.pot}.", (DEAL,)))
    else:
        steps.append(Step(f"Nobody pays anything in these events, so the pot is still {table.pot}.", ()))
    return Answer(table.pot, steps)


def ask_shared_card(exercise: Any, question: Any) -> Answer:
    """Is seventh street one shared card? Asked once the sixth-street betting is over (or later)."""
    table = _table(exercise)
    if table.seventh is not None:
        verdict, dealt = table.seventh, table.seventh_dealt
    elif table.street == SHARED_DECIDED and table.street_dealt and table.round_done:
        verdict, dealt = table.shared_card_answer(), sum(table.dealt.values())
    else:
        raise ValueError("shared_card is asked once the sixth-street betting is over: the events stop on "
                         f"{STREETS.get(table.street, 'the deal')} street")
    rule = option(table.profile, "shared_card")
    count = Step(f"Takes move cards between players but never draw new ones, so count what the dealer has "
                 f"given out: {dealt} cards, leaving 52 - {dealt} = {len(DECK) - dealt} (burn cards not "
                 "counted).", (DEAL, *rule.cite), rule.course_default)
    return Answer(verdict.value, [count, *verdict.steps])


def ask_award(exercise: Any, question: Any) -> Answer:
    from course.showdown import award

    table = _table(exercise)
    why_shared = list(table.seventh.steps) if table.shared else []
    return award({p: table.hands[p].cards for p in table.seats}, table.pot, table.seats, table.shared,
                 [p for p in table.seats if table.hands[p].folded], table.profile, fold_cite=(DEAL,),
                 before=why_shared)


# The game's own asks, declared once; the stud asks it answers are listed in its GameSpec.
register(GAME,
         Ask("holding", "holding", "Which cards does {player} hold now, face up and face down?", ask_holding,
             params={"player": "player"}),
         Ask("takes", "takes", "Who takes a card, and which cards may they take?", ask_takes, params={"after": "any"}),
         Ask("opener", "player", "Who opens the betting?", ask_opener),
         Ask("pot", "units", "How big is the pot after these events?", ask_pot),
         Ask("award", "map", "How is the pot shared out?", ask_award),
         Ask("shared_card", "yesno", "Is seventh street one shared card in the middle?", ask_shared_card))


# ------------------------------------------------------------------------------------------------
# Random play


def random_deal(rng: random.Random, players: int, profile: Any, stakes: Any = None,
                fold_chance: float = 0.06, hole_chance: float = 0.4) -> Played:
    """One hand from the antes to the end with random legal choices, through the event parser."""
    if not 2 <= players <= 8:
        raise ValueError(f"random Have a Heart deals use 2 to 8 players, not {players!r}")
    played, do = random_hand(rng, players, profile, HeartTable.start, parse_event,
                             stakes=stakes or profile.stakes)
    table, deck = played.table, played.deck

    while True:
        if table.needs_ante():
            do(f"{table.needs_ante()[0]} antes")
            continue
        p = table.pending
        if p is not None:
            if p.taken is None:
                targets = [(q, True) for q, cards in p.up.items() if table.hands[q].up] + \
                          [(q, False) for q in p.down if table.hands[q].down]
                ups = [t for t in targets if t[1]]
                downs = [t for t in targets if not t[1]]
                pool = downs if downs and (not ups or rng.random() < hole_chance) else ups
                victim, up = rng.choice(pool)
                if up:
                    do(f"{p.taker} takes {rng.choice(table.hands[victim].up)} from {victim}")
                else:
                    do(f"{p.taker} takes a hole card from {victim} ({rng.choice(table.hands[victim].down)})")
            else:
                mine = table.hands[p.taker]
                do(f"{p.taker} gives back {rng.choice(mine.up if p.taken_up else mine.down)}")
            continue
        if len(table.live) <= 1:
            break
        if table.street and table.street_dealt and not table.round_done:
            rnd = table.round or table.new_round()
            legal = rnd.legal_moves()
            folds = [a for a in legal if a.verb is Verb.FOLD]
            choices = [a for a in legal if a.verb is not Verb.FOLD]
            do(str(folds[0] if folds and rng.random() < fold_chance else rng.choice(choices)))
            continue
        if table.street == SHARED_DECIDED and table.street_dealt and table.round_done and \
                table.shared_card_answer().value:
            do(f"shared {deck.pop()}")       # the deck cannot give everyone still in a seventh card
            continue
        nxt = table.next_deal()
        if nxt is None:
            break
        player, up = nxt
        do(f"{player} is dealt {deck.pop()} {'up' if up else 'down'}")
    return played


# The table an exercise starts from, for course.engine.state.HandState.
start = HeartTable.start
