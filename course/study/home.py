"""Home-game drills: Horn-A-Vika (OPR-535) and Have a Heart (OPR-678).

A drill starts from a whole hand played with random legal choices by the game's own engine
(`random_deal`, the same event parser and table an exercise goes through), written as `events:`
from an empty table, and cut where the question is asked. A trap template keeps only the draws
that plant its situation (a spit-card match, a taken heart ...). The third match of OPR-535 2.5 is
too rare to wait for, so it is planted: the deck is stacked so that one player's face-up cards and
the spit card share a rank (`Stacked`). A second match and a spit card that pairs a row are planted
as the hand is dealt: the next card is chosen among those still undealt (`Rigged`), whoever folded
before. A drill whose question comes early in the hand plays only that far (`stop`).
"""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any, Callable, Iterable

from course.cards import DECK, Card, Rank, Suit
from course.hands import evaluate, hand_value
from course.engine import legal_play
from course.engine.state import HandState
from course.engine.table import TABLE
from course.study import engine
from course.study.stud import NAMES, text
from course.study.registry import CONTROL, PARSED, Reject, Template, register

HORN, HEART = "horn-a-vika", "have-a-heart"
_SEAT = re.compile(r"\bP([1-8])\b")
HEART_UP = r"is dealt \S+♥ up$"
TAKEN_HEART = r"takes \S+♥ from"


class Stacked(random.Random):
    """A seeded generator whose one shuffle puts `top` on the top of the deck, first card dealt
    first (the engine deals with `deck.pop()`); every other choice stays random."""

    def __init__(self, seed: Any, top: list[Card]):
        super().__init__(seed)
        self.top = top

    def shuffle(self, deck: list) -> None:  # type: ignore[override]
        super().shuffle(deck)
        for card in self.top:
            deck.remove(card)
        deck.extend(reversed(self.top))


def _rename(event: str) -> str:
    return _SEAT.sub(lambda m: NAMES[int(m.group(1)) - 1], event)


def played(rng: random.Random, game: str, players: int, **options: Any) -> tuple[list[str], Any]:
    """A random whole hand: its events (seats named Ava, Ben ...) and the final table."""
    events, hand = played_hand(rng, game, players, **options)
    return events, hand.table


def played_hand(rng: random.Random, game: str, players: int, **options: Any) -> tuple[list[str], Any]:
    """A random whole hand: its events and the hand as played (`Played`: the table, and the one
    hand state with its ledger), its seats named as an item's are (Ava, Ben ...; `stacks` is
    keyed by those names), so that the hand as played is the item's own (`drill`)."""
    hand = engine.random_home_deal(game, rng, players, engine.default_profile(game), seats=NAMES, **options)
    return list(hand.texts), hand


class _SidePotPick:
    """Watches a hand as it is played and keeps one point after which two or more pots stand,
    every such point equally likely (reservoir sampling: the k-th is kept with chance 1/k), as a
    mark of the one hand state to go back to (`HandState.mark`)."""

    def __init__(self, rng: random.Random):
        self.rng, self.seen, self.kept = rng, 0, None

    def __call__(self, played: Any) -> None:
        if played.state.side_pot_stands():
            self.seen += 1
            if self.rng.randrange(self.seen) == 0:
                self.kept = played.state.mark()


def after_side_pot(rng: random.Random, events: list[str], hand: Any) -> list[str]:
    """Cut right after a random event after which two or more pots stand (chips nobody has
    matched yet are no pot), each equally likely: the point was picked and marked as the hand
    was played (`after_side_pot.watch`), and the hand is taken back to it, so that the item is
    loaded on the hand as played (`HandState.offering`) and never drawn only to be thrown
    away; `Reject` when the hand never built a side pot. The item's `keep` still asks the
    loaded exercise's answer."""
    pick = hand.watch
    if pick is None or pick.kept is None:
        raise Reject
    return events[:hand.state.back_to(pick.kept)]


after_side_pot.reads_ledger = True     # `drill` gives it the hand as played, not the final table
after_side_pot.watch = _SidePotPick    # `drill` plays the hand watched by one, made from the item's generator


class _Marks:
    """Watches a hand as it is played and marks the one hand state (`HandState.mark`) right
    after each event a cut may end at (the cut's `points`), so that the item cut there is loaded
    on the hand taken back to that point (`take_back`, then `HandState.offering`) instead of on
    a second replay of its events. Only for cuts whose points are few in a hand: a mark costs
    about what replaying a handful of moves does."""

    def __init__(self, points: re.Pattern):
        self.points, self.at = points, {}

    def __call__(self, played: Any) -> None:
        if self.points.search(played.texts[-1]):
            self.at[len(played.texts)] = played.state.mark()


class _BeforeBetting(_Marks):
    """Marks the hand right after a card (or a match) when a betting round's first action comes
    next: the points `before_betting` may cut at, a few in a hand."""

    def __init__(self) -> None:
        super().__init__(DEALT)

    def __call__(self, played: Any) -> None:
        table = played.table
        if self.points.search(played.texts[-1]) and not table.over and not table.needs_ante() \
                and not table.rules.waiting(table) and table.next_deal() is None:
            self.at[len(played.texts)] = played.state.mark()


def take_back(hand: Any, moves: int) -> None:
    """The hand as played taken back to its first `moves` moves (the item's cut), so that loading
    the item takes it as its replay (`HandState.offering`): to the mark made there when there is
    one, else played again to there from the start, each move known legal
    (`course.engine.legal_play.taken_back`: no check an exercise's move gets, which the loader's
    own replay would make of each)."""
    if moves >= len(hand.texts):
        return
    marks = getattr(hand.watch, "at", None)
    if marks and moves in marks:
        hand.state.back_to(marks[moves])
    else:
        hand.state = legal_play.taken_back(hand.state, hand.texts, moves)


def item(game: str, players: int, events: list[str], question: dict[str, Any], **extra: Any) -> dict[str, Any]:
    seats = list(NAMES[:players])
    data = {"game": game, "street": engine.find_game(game).first_street, "seats": seats, "hands": {p: {} for p in seats},
            "events": events, **{k: v for k, v in extra.items() if v is not None}, "questions": [question]}
    return data


def parsed(data: dict[str, Any]):
    """The item loaded as an exercise; `Reject` when the loader refuses this cut."""
    exercise, problems = engine.build({"id": "draw", "title": "draw", **data}, "<draw>")
    if exercise is None or problems:
        raise Reject
    return exercise


def answered(data: dict[str, Any], exercise: Any = None) -> Any:
    """The engine's answer to the item's question (JSON shape); `Reject` when the engine refuses
    to answer at this cut (no betting round there, say)."""
    exercise = exercise or parsed(data)
    try:
        return engine.answer_json(exercise, exercise.questions[0])
    except ValueError:
        raise Reject from None


def where(exercise: Any) -> str:
    """Where the hand stands after the item's events, in the game's own terms (the table's
    `point_words`: the stage and betting round, or the street), and the last event."""
    table = engine.home_replay(exercise)
    last = exercise.events[-1] if exercise.events else "the deal"
    if table.over:
        return f"The hand has been played to its end; the last event is: {last}."
    return f"The hand stands at {table.point_words()}, just after: {last}."


def whole(rng: random.Random, events: list[str], table: Any) -> list[str]:
    return events


def random_cut(rng: random.Random, events: list[str], table: Any) -> list[str]:
    """Somewhere after the antes and the first cards (one per seat at least)."""
    return events[:rng.randint(min(len(table.seats), len(events)), len(events))]


def after_first(pattern: str, once: str | None = None) -> Callable[[random.Random, list[str], Any], list[str]]:
    """Cut right after a random event matching `pattern` (`Reject` when none does); `once`: only
    among those after the first event matching it (a fold, say), so that a trap needing one
    before the cut does not throw most hands away."""
    regex, since = re.compile(pattern), re.compile(once) if once else None

    def cut(rng: random.Random, events: list[str], table: Any) -> list[str]:
        start = 0 if since is None else next((i for i, e in enumerate(events) if since.search(e)), len(events))
        hits = [i for i, e in enumerate(events) if i > start and regex.search(e)] if since else \
            [i for i, e in enumerate(events) if regex.search(e)]
        if not hits:
            raise Reject
        return events[:rng.choice(hits) + 1]

    cut.points = regex          # the events it may cut right after: `drill` marks the hand there
    return cut


def drill(game: str, ask: str, *, cut: Callable[[random.Random, list[str], Any], list[str]] = random_cut,
          player: bool = False,
          keep: Callable[[Any, random.Random], bool] | None = None, players: tuple[int, int] = (2, 6),
          extra: Callable[[random.Random, list[str], Any], dict[str, Any]] | None = None,
          may_plant: Callable[[list[str], Any], bool] | None = None,
          rig: Callable[[random.Random], tuple[random.Random, Callable[[Any], bool]]] | None = None,
          stacks: tuple[int, int] | None = None,
          **options: Any) -> Callable[[random.Random], dict[str, Any]]:
    """A draw function: a random hand, `cut` somewhere, one `ask` about it; `keep`
    filters on the engine's answer (JSON shape) and may draw from `rng`; `extra` adds the ask's own keys.
    `may_plant(events, table)`: False when the cut cannot plant the trap (a cheap test on the hand
    played, before the item is loaded; the trap's own check still decides); `stop` (an option of
    the game's `random_deal`): play only as far as the cut needs. `rig(rng)`: (the hand's generator,
    its `stop`), for a hand that plants the situation as it is dealt (`spit_pairs_a_row`);
    `cut.watch(rng)`, when the cut has one: what watches the hand as it is played, move by move.
    `stacks` (least, most): about two players in three get a random stack in that range, the
    rest enough for anything, so that all-ins and side pots happen."""

    def draw(rng: random.Random) -> dict[str, Any]:
        n = rng.randint(*players)
        chips = {NAMES[i]: rng.randint(*stacks) for i in range(n) if rng.random() < 0.67} if stacks else {}
        if stacks:
            options["stacks"] = chips
        hand_rng, stop = rig(rng) if rig is not None else (rng, None)
        if getattr(cut, "watch", None) is not None:
            options["watch"] = cut.watch(rng)
        elif getattr(cut, "points", None) is not None:
            options["watch"] = _Marks(cut.points)
        events, hand = played_hand(hand_rng, game, n, **({"stop": stop} if rig is not None else {}), **options)
        table = hand.table
        events = cut(rng, events, hand if getattr(cut, "reads_ledger", False) else table)
        if may_plant is not None and not may_plant(events, table):
            raise Reject
        question: dict[str, Any] = {"ask": ask}
        if player:                           # a player still in at the cut: never one who folded
            question["player"] = rng.choice(_still_in(events, NAMES[:n]))
        if extra is not None:
            question.update(extra(rng, events, table))
        data = item(game, n, events, question, stacks=chips or None)
        take_back(hand, len(events))
        with HandState.offering(hand.state):     # the hand as played, at the cut
            exercise = parsed(data)
        value = answered(data, exercise)
        if keep is not None and not keep(value, rng):
            raise Reject
        data["intro"] = " ".join(filter(None, (data.get("intro"), where(exercise))))   # the point, in words
        return {**data, PARSED: exercise}       # loaded once: templates uses it as it is

    return draw


def _legal_hand(rng: random.Random, events: list[str], table: Any) -> dict[str, Any]:
    live = [p for p in table.seats if not table.hands[p].folded] or list(table.seats)
    player = rng.choice(live)
    own = list(table.hands[player].cards)
    shared = [table.spit] if getattr(table, "spit", None) else list(getattr(table, "shared", []) or [])
    pool = own + shared
    if len(pool) < 5:
        shown = pool
    else:
        shown = rng.sample(pool, 5)
    if rng.random() < 0.5:
        others = [c for p in table.seats if p != player for c in table.hands[p].up]
        if others and shown:
            shown[rng.randrange(len(shown))] = rng.choice(others)
    return {"player": _rename(player), "cards": text(shown)}


BETS = re.compile(r" (bets|checks)\b")
DEALT = re.compile(r"is dealt |^spit |antes$| matches$")


def before_betting(rng: random.Random, events: list[str], table: Any, last_share: float = 0.0) -> list[str]:
    """Just before a betting round's first action (after the cards, spit card and pot matches
    that come first): the log stops before the question's point, the opener. `last_share`:
    how often the hand's last betting round is the one chosen."""
    hits = [i for i in range(len(events) - 1) if DEALT.search(events[i]) and BETS.search(events[i + 1])]
    if not hits:
        raise Reject
    return events[:(hits[-1] if rng.random() < last_share else rng.choice(hits)) + 1]


before_betting.watch = lambda rng: _BeforeBetting()     # `drill` marks the hand where a round is to open


def before_last_betting(rng: random.Random, events: list[str], table: Any) -> list[str]:
    """`before_betting`, the hand's last betting round chosen more often (a bet limit's question)."""
    return before_betting(rng, events, table, 0.6)


before_last_betting.watch = before_betting.watch


def before_decisions(rng: random.Random, events: list[str], table: Any) -> list[str]:
    """Just before the first match-or-fold decision a card calls for, or (a third of the time)
    just before a betting round, where nobody has to match."""
    hits = [i for i in range(len(events) - 1) if DEALT.search(events[i]) and not events[i].endswith(" matches")
            and events[i + 1].endswith(" matches")]
    if not hits or rng.random() < 0.25:
        return before_betting(rng, events, table)
    return events[:rng.choice(hits) + 1]


def heart_dealt(down: str, up_share: float) -> Callable[[random.Random, list[str], Any], list[str]]:
    """Right after a heart dealt face up (a take is due), or right after a card matching `down`
    before any heart was dealt face up (nobody takes): the log stops at the question's point."""
    up_regex, down_regex = re.compile(HEART_UP), re.compile(down)

    def cut(rng: random.Random, events: list[str], table: Any) -> list[str]:
        ups = [i for i, e in enumerate(events) if up_regex.search(e)]
        first = ups[0] if ups else len(events)
        downs = [i for i, e in enumerate(events[:first]) if down_regex.search(e)]
        pool = ups if ups and (rng.random() < up_share or not downs) else downs
        if not pool:
            raise Reject
        return events[:rng.choice(pool) + 1]

    return cut


def _still_in(events: list[str], seats: Iterable[str]) -> list[str]:
    """The seats that have not folded in these events (a question never names a folded player)."""
    folded = {e[:-len(" folds")] for e in events if e.endswith(" folds")}
    return [p for p in seats if p not in folded]


def _limit_player(rng: random.Random, events: list[str], table: Any) -> dict[str, Any]:
    """Most of the time a player who has matched the pot in these events (their limit may be
    half that match), else anyone still in."""
    seats = _still_in(events, sorted({e.split(" ")[0] for e in events if " is dealt " in e}))
    matched = [p for p in sorted({e[:-len(" matches")] for e in events if e.endswith(" matches")}) if p in seats]
    return {"player": rng.choice(matched if matched and rng.random() < 0.8 else seats)}


def has_taker(answer: Any, rng: random.Random) -> bool:
    """A take the learner can enter: the answer widget offers no "nobody takes" (a face-down or a
    taken heart still has the latest face-up heart's take to answer)."""
    return answer["taker"] is not None


# --------------------------------------------------------------------------------------------
# One template per ask

ACTION = re.compile(r"^(\S+) (bets|checks|calls|raises|folds)\b")


PUTS_IN = re.compile(r"^\S+ (bets|calls|raises)\b")


def in_betting(rng: random.Random, events: list[str], table: Any) -> list[str]:
    """Just after a bet, call or raise (any of a round's, at random): the round is under way and
    someone has put chips in."""
    hits = [i for i, e in enumerate(events) if PUTS_IN.search(e)]
    if not hits:
        raise Reject
    return events[:rng.choice(hits) + 1]


def before_action(rng: random.Random, events: list[str], table: Any) -> list[str]:
    """Just before a betting action: the log stops where the move asked about would come."""
    hits = [i for i, e in enumerate(events) if ACTION.search(e)]
    if not hits:
        raise Reject
    return events[:rng.choice(hits) + 1]     # the chosen action is the last event: `_next_action` takes it off


def _next_action(rng: random.Random, events: list[str], table: Any) -> dict[str, Any]:
    """The move asked about: the one really played next (allowed) half the time; otherwise the
    same move by another player still in, whose turn it is not (never allowed). The event itself
    is taken off the log, which stops where it would come."""
    move = events.pop()
    actor, verb = ACTION.search(move).groups()
    if rng.random() < 0.5:
        return {"action": move, "after": len(events)}
    seats = NAMES[:len(table.seats)]
    others = [p for p in seats if p != actor and not any(e.startswith(f"{p} folds") for e in events)]
    if not others:
        raise Reject
    return {"action": rng.choice(others) + move[len(actor):], "after": len(events)}


def _decided(table: Any) -> bool:
    """The shared-card question's point: the betting before the street a shared card would
    replace is over (and no take is pending), so the hand stops there and its log never shows
    the answer (a 'shared' card, or everyone's own seventh card)."""
    return table.round_done and table.stage_dealt and table.street == table.spec.shared_decided_after \
        and not table.rules.waiting(table)


HORN_ASKS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "pot_matches": drill(HORN, "pot_matches", cut=before_decisions),
    "pot": drill(HORN, "pot"),
    "bet_limit": drill(HORN, "bet_limit", cut=before_last_betting, extra=_limit_player),
    "opener": drill(HORN, "opener", cut=before_betting),
    "award": drill(HORN, "award", cut=whole),
    "legal_action": drill(HORN, "legal_action", cut=before_action, extra=_next_action),
    "contributions": drill(HORN, "contributions", cut=in_betting),
    "street_total": drill(HORN, "street_total", cut=in_betting),
    "action_order": drill(HORN, "action_order", cut=before_betting),
    "winners": drill(HORN, "winners", cut=whole),
    "best_five": drill(HORN, "best_five", cut=whole, player=True),
    "category": drill(HORN, "category", cut=whole, player=True),
    "legal_hand": drill(HORN, "legal_hand", cut=whole, extra=_legal_hand),
    "side_pots": drill(HORN, "side_pots", cut=after_side_pot, players=(3, 6), stacks=(3, 40),
                       keep=lambda a, rng: len(a) > 1),
    # every table size the game allows, equally often, cut anywhere (folded seats still count)
    "seats_left": drill(HORN, "seats_left", players=(2, 7)),
}
HEART_ASKS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "holding": drill(HEART, "holding", player=True, keep=lambda a, rng: bool(a["up"] or a["down"])),
    "takes": drill(HEART, "takes", cut=heart_dealt(r"is dealt \S+ up$", 0.65)),
    "opener": drill(HEART, "opener", cut=before_betting),
    "pot": drill(HEART, "pot"),
    "award": drill(HEART, "award", cut=whole),
    "legal_action": drill(HEART, "legal_action", cut=before_action, extra=_next_action),
    "contributions": drill(HEART, "contributions", cut=in_betting),
    "street_total": drill(HEART, "street_total", cut=in_betting),
    "action_order": drill(HEART, "action_order", cut=before_betting),
    "shared_card": drill(HEART, "shared_card", cut=whole, players=(7, 8), fold_chance=0.01, stop=_decided),
    "winners": drill(HEART, "winners", cut=whole),
    "best_five": drill(HEART, "best_five", cut=whole, player=True),
    "category": drill(HEART, "category", cut=whole, player=True),
    "legal_hand": drill(HEART, "legal_hand", cut=whole, extra=_legal_hand),
    "side_pots": drill(HEART, "side_pots", cut=after_side_pot, players=(3, 6), stacks=(3, 40),
                       keep=lambda a, rng: len(a) > 1),
}


# --------------------------------------------------------------------------------------------
# Traps


def second_match(rng: random.Random) -> dict[str, Any]:
    """A player who has just matched the pot a second time (or more), cut right there: the
    question names the player and the betting round that comes next, whose limit follows the
    latest match only."""
    n = rng.randint(3, 7)
    # A second match needs a second pairing on one board, rare in a random hand: as they are
    # dealt, one player's second and third face-up cards are taken from the undealt cards of the
    # rank of that player's door card (a pair at stage 2, trips at stage 3, as for the third
    # match); every other card and choice stays random.
    seat, rigged = NAMES[rng.randrange(n)], Rigged(rng.random())

    def stop(table: Any) -> bool:
        if table.next_deal() == (seat, True) and 1 <= len(table.hands[seat].up) < 3:
            _deal_next(rigged.deck, table.hands[seat].up[0].rank)
        return _matching_over(table)

    # played with the item's own seat names, so that the hand as played, taken back to the cut
    # (marked at every match after a player's first), is the item's replay (`HandState.offering`)
    hand = engine.random_home_deal(HORN, rigged, n, engine.default_profile(HORN), match_chance=0.9, stop=stop,
                                   seats=NAMES, watch=_RepeatMatches())
    events = list(hand.texts)
    matches: dict[str, list[int]] = {}
    for i, e in enumerate(events):
        if e.endswith(" matches"):
            matches.setdefault(e[:-len(" matches")], []).append(i)
    twice = [(p, at) for p, hits in matches.items() for at in hits[1:]]
    if not twice:
        raise Reject
    player, at = rng.choice(twice)
    # The player's matches up to this one, as the table recorded them, and the betting round
    # that comes after it: its stage's own round, or the next one.
    mine = [o for o in hand.table.rules.obligations if o.player == player
            and o.decision == "match"][:matches[player].index(at) + 1]
    number = next((s.round for s in hand.table.stages[mine[-1].stage - 1:] if s.round), None)
    if number is None:
        raise Reject
    data = item(HORN, n, events[:at + 1], {"ask": "bet_limit", "player": player, "round": number})
    take_back(hand, at + 1)
    with HandState.offering(hand.state):
        exercise = parsed(data)
    paid = [o.amount for o in mine]
    data["intro"] = (f"{player} has matched the pot {len(paid)} times, paying " + ", then ".join(map(str, paid))
                     + f". {where(exercise)} The question is about betting round {number}.")
    answered(data, exercise)
    return {**data, PARSED: exercise}


class _RepeatMatches(_Marks):
    """Marks the hand right after each match by a player who has matched before: the points a
    second-match item is cut at."""

    def __init__(self) -> None:
        super().__init__(re.compile(r" matches$"))
        self.seen: set[str] = set()

    def __call__(self, played: Any) -> None:
        last = played.texts[-1]
        if last.endswith(" matches"):
            player = last[:-len(" matches")]
            if player in self.seen:
                self.at[len(played.texts)] = played.state.mark()
            self.seen.add(player)


def _matching_over(table: Any) -> bool:
    """Every card that can call for a match has been dealt and decided (the last stage with a
    face-up card): a hand played this far holds all its matches."""
    last = max(s.number for s in table.stages if "up" in s.players)
    return table.stage > last or (table.stage == last and table.stage_dealt and not table.rules.waiting(table))


def per_player_limit(rng: random.Random) -> dict[str, Any]:
    """OPR-535 3.3: the limit of one named player. Half the time a player who has matched the
    pot in these events, whose limit the match raised above the round's (the tempting "same for
    everyone" is wrong); otherwise a player who has not matched, whose limit is the round's (a
    control). The player is chosen from the events, so a hand is not redrawn to find one."""
    control = rng.random() < 0.4          # decided first: a redraw must not favour either side
    n = rng.randint(2, 6)
    events, hand = played_hand(rng, HORN, n)
    table = hand.table
    if control:
        events = random_cut(rng, events, table)
    else:                                 # somewhere after a match
        hits = [i for i, e in enumerate(events) if e.endswith(" matches")]
        if not hits:
            raise Reject
        events = events[:rng.randint(rng.choice(hits) + 1, len(events))]
    matched = sorted({e[:-len(" matches")] for e in events if e.endswith(" matches")})
    pool = _still_in(events, [p for p in NAMES[:n] if p not in matched] if control else matched)
    if not pool:
        raise Reject
    data = item(HORN, n, events, {"ask": "bet_limit", "player": rng.choice(pool)})
    take_back(hand, len(events))
    with HandState.offering(hand.state):     # the hand as played, at the cut
        exercise = parsed(data)
    answered(data, exercise)
    data["intro"] = where(exercise)
    return {**data, PARSED: exercise, CONTROL: control}


def _spit_round(rng: random.Random, events: list[str], table: Any) -> list[str]:
    """Up to the spit card and the match-or-fold decisions it calls for."""
    start = next((i for i, e in enumerate(events) if e.startswith("spit ")), None)
    if start is None:
        raise Reject
    end = start + 1
    while end < len(events) and events[end].endswith(" matches"):
        end += 1
    return events[:end]


def _spit_decided(table: Any) -> bool:
    """The spit card is out and every match-or-fold decision it called for is made: as far as
    `_spit_round` cuts."""
    return bool(table.shared) and not table.rules.waiting(table)


class Rigged(random.Random):
    """A seeded generator that keeps the deck it shuffles (the engine deals it with `deck.pop()`),
    so a drill may choose the next card from those still undealt once the hand reaches its point."""

    deck: list[Card]

    def shuffle(self, deck: list) -> None:  # type: ignore[override]
        super().shuffle(deck)
        self.deck = deck


def _deal_next(deck: list[Card], rank: Rank) -> None:
    """The next card dealt (the deck's last) becomes an undealt card of `rank`, when one is left."""
    at = next((i for i, c in enumerate(deck) if c.rank == rank), None)
    if at is not None:
        deck[at], deck[-1] = deck[-1], deck[at]


def spit_pairs_a_row(rng: random.Random) -> tuple[random.Random, Callable[[Any], bool]]:
    """A hand whose spit card, chosen among the cards still undealt when it is due, has the rank
    of the highest face-up card of a player still in whose row is not the best: a spit match, and
    a row the spit would lift. Every other card and choice stays random; play stops once the
    spit card's decisions are made (`_spit_decided`)."""
    hand = Rigged(rng.random())

    def stop(table: Any) -> bool:
        if not table.shared and table.next_deal() == TABLE:
            rows = {p: table.hands[p].up for p in table.live}
            best = max(hand_value(row) for row in rows.values())
            seat = hand.choice([p for p in rows if hand_value(rows[p]) < best] or list(rows))
            _deal_next(hand.deck, max(rows[seat], key=lambda c: c.rank).rank)
        return _spit_decided(table)

    return hand, stop


def _spit_may_show(events: list[str], table: Any) -> bool:
    """Counting the spit card in every row can change the best row only when its rank pairs a
    face-up card (of anyone's first three), or when two rows tie and a tie rule decides: else
    the same card added to every row keeps their order."""
    spit, rows = table.shared[0], [table.hands[p].up[:3] for p in table.seats]
    ranks = [sorted(c.rank for c in row) for row in rows]
    return any(c.rank == spit.rank for row in rows for c in row) or len({tuple(r) for r in ranks}) < len(ranks)


def third_match(rng: random.Random) -> dict[str, Any]:
    """OPR-535 2.5: a pair at stage 2, trips at stage 3, then a spit card of the same rank."""
    n = rng.randint(2, 7)
    seat = rng.randrange(n)
    rank = Rank(rng.randint(2, 14))
    suits = [Suit(s) for s in rng.sample(range(4), 4)]
    planted = {2 * n + seat: 0, 3 * n + seat: 1, 4 * n + seat: 2, 5 * n: 3}
    filler = [c for c in list(DECK) if c.rank != rank]
    rng.shuffle(filler)
    top = [Card(rank, suits[planted[i]]) if i in planted else filler.pop() for i in range(5 * n + 1)]
    hand = engine.random_home_deal(HORN, Stacked(rng.random(), top), n, engine.default_profile(HORN),
                                   match_chance=1.0, fold_chance=0.0, stop=_spit_decided)
    events = _spit_round(rng, [_rename(e) for e in hand.texts], hand.table)
    player = NAMES[seat]
    data = item(HORN, n, events, {"ask": "pot_matches", "stage": 4},
                intro=f"{player} has matched the pot twice already.")
    exercise = parsed(data)
    data["intro"] += " " + where(exercise)
    return {**data, PARSED: exercise}


def short_hand_wins(rng: random.Random) -> dict[str, Any]:
    """OPR-678: a hand of four cards with a pair beats longer hands with none. Takes move cards
    but never turn them or take them off the table, so the hands still hold four face-up and
    three face-down cards per player between them."""
    n = rng.randint(2, 3)
    seats = list(NAMES[:n])
    deck = list(DECK)
    rng.shuffle(deck)
    pair_rank = rng.randint(2, 14)
    pair = [c for c in deck if c.rank == pair_rank][:2]
    others = [c for c in deck if c.rank != pair_rank]
    short = pair + others[:2]
    if evaluate(short).category.label != "one pair":
        raise Reject
    hands = {seats[0]: {"down": text([short[0], short[2]]), "up": text([short[1], short[3]])}}
    rest = [c for c in others[2:] if c.rank not in {short[2].rank, short[3].rank}]
    ups, downs = _split(4 * n - 2, n - 1), _split(3 * n - 2, n - 1)
    extra, hearts = 0, sum(c.is_heart for c in (short[1], short[3]))
    for player, up, down in zip(seats[1:], ups, downs):
        ranks = rng.sample(sorted({c.rank for c in rest}), up + down)
        cards = [next(c for c in rest if c.rank == r) for r in ranks]
        if evaluate(cards).category.label != "high card":
            raise Reject
        rest = [c for c in rest if c not in cards]
        hands[player] = {"down": text(cards[:down]), "up": text(cards[down:])}
        extra += up + down - 7
        hearts += sum(c.is_heart for c in cards[down:])
    if hearts != extra:  # each face-up heart made one take, and each take gave its taker a card
        raise Reject
    order = rng.sample(seats, n)
    profile = engine.default_profile(HEART)
    shape = SimpleNamespace(profile=profile, stakes=profile.stakes, game=HEART, street="showdown", seats=order,
                            active=order, folded=[])
    pots = sorted(engine.possible_pots(shape, 90))
    if not pots:
        raise Reject
    return {"game": HEART, "street": "showdown", "seats": order, "pot": rng.choice(pots),
            "hands": {p: hands[p] for p in order}, "questions": [{"ask": rng.choice(("winners", "award"))}]}


def _split(total: int, parts: int) -> list[int]:
    """`total` in `parts` near-equal whole shares."""
    return [total // parts + (i < total % parts) for i in range(parts)]




def _someone_folded(events: list[str], table: Any) -> bool:
    """A player has folded by the cut: without one there is nobody folded to take from."""
    return any(e.endswith(" folds") for e in events)


def _taker(rng: random.Random, events: list[str], table: Any) -> dict[str, Any]:
    """The player who has just taken a heart (the last event): what they hold now."""
    return {"player": events[-1].split(" takes ")[0]}
HORN_TRAPS = [
    ("hav-spit-match", "pot_matches", drill(HORN, "pot_matches", cut=_spit_round, extra=lambda r, e, t: {"stage": 4},
                                             keep=lambda a, rng: bool(a), players=(3, 7), rig=spit_pairs_a_row),
     "The spit card calls for a match"),
    ("hav-second-match", "bet_limit", second_match,
     "After a second match, only the latest counts"),
    ("hav-third-match", "pot_matches", third_match, "A third match"),
    ("hav-per-player-limit", "bet_limit", per_player_limit, "Each player's own limit", "base-limit-for-everyone"),
    ("hav-spit-not-showing", "opener", drill(HORN, "opener", cut=_spit_round, players=(3, 7), may_plant=_spit_may_show,
                                             rig=spit_pairs_a_row),
     "The spit card is nobody's row", "spit-card-showing"),
    # OPR-535 1.3: cut somewhere after a fold, so that counting only the players still in is wrong
    ("hav-folded-seats-count", "seats_left", drill(HORN, "seats_left", cut=after_first(r" folds$"), players=(2, 7),
                                                   fold_chance=0.25),
     "A folded player's seat still counts", "folded-seats-freed"),
]
HEART_TRAPS = [
    ("hah-take", "takes", drill(HEART, "takes", cut=after_first(HEART_UP)), "A face-up heart: take a card"),
    ("hah-taken-heart", "holding", drill(HEART, "holding", cut=after_first(TAKEN_HEART), extra=_taker,
                                         heart_chance=0.7, hole_chance=0.2),
     "A taken heart gives no take"),
    ("hah-face-down-heart", "takes", drill(HEART, "takes", cut=heart_dealt(r"is dealt \S+♥ down$", 0.5)),
     "A heart dealt face down gives no take"),
    ("hah-folded-player", "takes", drill(HEART, "takes", cut=after_first(HEART_UP, once=r" folds$"), fold_chance=0.25,
                                         keep=has_taker, may_plant=_someone_folded),
     "Nobody takes from a folded player", "take-from-folded"),
    ("hah-short-hand-wins", "winners", short_hand_wins, "A short hand still wins"),
]

for _game, _asks in ((HORN, HORN_ASKS), (HEART, HEART_ASKS)):
    for _ask, _draw in _asks.items():
        register(Template(f"{'hav' if _game == HORN else 'hah'}-{_ask.replace('_', '-')}", _game, _ask,
                          f"Drill: {_ask.replace('_', ' ')}", _draw))
for _game, _traps in ((HORN, HORN_TRAPS), (HEART, HEART_TRAPS)):
    for _name, _ask, _draw, _title, *_shows in _traps:
        register(Template(_name, _game, _ask, f"Trap: {_title}", _draw, trap=True, shows=tuple(_shows)))
