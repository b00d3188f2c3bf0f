"""What the two home games share: events, seats, profile options and the replay loop.

An exercise of a home game describes the table at one moment (`hands`, `shared`, `pot`) and then
lists what happens next in `events:`, one readable string each, in the style of `actions`:

    Ava is dealt 8♦ up        Ava matches          Ava takes 9♠ from Ben
    spit 8♠                   Ben folds            Ava takes a hole card from Ben (7♣)
    Drew antes 1              Cara bets 2          Ava gives back 4♦
    Cara raises to 4          Ava calls            Ava checks

`parse_event(text)` turns one string into an `Event` (or raises `IllegalActionError` quoting the text and
saying what was expected); each game module replays a list of events on its own table and reports
every problem with the index of the event that caused it.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from course.cards import Card, cards_text
from course.engine.actions import Move as Event, parse_move

from course.explain import Answer, Step
from course.hands import HandValue, evaluate, hand_value
from course.rules import Option as Opt  # an option with its value, citations and basis




# ------------------------------------------------------------------------------------------------
# Events: the one move grammar of course.engine.actions


def parse_event(text: Any, kinds: Iterable[str] | None = None, game: str = "") -> Event:
    """Parse one event string; `kinds` limits the verbs a game accepts."""
    return parse_move(text, kinds, game)


# ------------------------------------------------------------------------------------------------
# Profile options


def option(profile: Any, name: str) -> Opt:
    """An option of the rule profile: every rule, course defaults included, is profile data
    (`course/rules/profiles.yaml`); an unknown name is a ValueError naming it."""
    return profile.option(name)


# ------------------------------------------------------------------------------------------------
# Seats


@dataclass
class Seat:
    """One player's cards and money during a replay."""

    down: list[Card] = field(default_factory=list)
    up: list[Card] = field(default_factory=list)
    folded: bool = False
    paid: int = 0           # units put in during the events (antes, matches, bets)

    @property
    def cards(self) -> list[Card]:
        return [*self.down, *self.up]


class TableSeats:
    """What both game tables know about their seats (each table is a dataclass with these)."""

    seats: list[str]
    hands: dict[str, Seat]

    def __deepcopy__(self, memo: dict) -> "TableSeats":
        """A copy to try a move on: containers and mutable records (seats, takes, rounds) copied
        field by field, frozen values (cards, steps, events, answers, specs, stakes) shared."""
        new = copy.copy(self)
        memo[id(self)] = new
        for f in dataclasses.fields(self):
            setattr(new, f.name, _copied(getattr(self, f.name), memo))
        return new

    @property
    def live(self) -> list[str]:
        """The players still in, in seat order."""
        return [p for p in self.seats if not self.hands[p].folded]


def _immutable() -> frozenset[type]:
    """The types of the values a trial copy shares with the table (frozen: nothing a move changes)."""
    from course.betting import LedgerEntry, PlayerLimit
    from course.games import GameSpec
    from course.rules import Option, Profile, Stakes

    return frozenset((str, int, bool, type(None), tuple, frozenset, Card, Step, Event, Answer, GameSpec, Stakes,
                      Profile, Option, PlayerLimit, LedgerEntry, type(_immutable)))


_ATOMS: frozenset[type] = frozenset()


def _copied(value: Any, memo: dict) -> Any:
    """A copy of a table's part for a trial move: containers and records (dataclasses such as
    seats, takes, obligations, the betting round) copied field by field, each once (`memo` keeps
    shared references shared), frozen values kept as they are."""
    global _ATOMS
    if not _ATOMS:
        _ATOMS = _immutable()
    kind = type(value)
    if kind in _ATOMS:
        return value
    key = id(value)
    if key in memo:
        return memo[key]
    atoms = _ATOMS
    if kind is list:
        new = memo[key] = [v if type(v) in atoms else _copied(v, memo) for v in value]
    elif kind is dict:
        new = memo[key] = {k: v if type(v) in atoms else _copied(v, memo) for k, v in value.items()}
    elif kind is set:
        new = memo[key] = set(value)
    elif dataclasses.is_dataclass(value):
        if value.__dataclass_params__.frozen:
            return value
        new = memo[key] = copy.copy(value)
        for f in dataclasses.fields(value):
            setattr(new, f.name, _copied(getattr(value, f.name), memo))
    elif isinstance(value, (str, int, tuple, frozenset)):    # enums and other subclasses of frozen types
        return value
    else:
        new = copy.deepcopy(value, memo)
    return new


@dataclass(frozen=True, slots=True)
class FinalHand:
    """A hand after the events, shaped like `content.Hand`."""

    down: list[Card]
    up: list[Card]
    folded: bool = False


@dataclass
class Played:
    """A hand played with random legal choices through the event parser: the table at the end,
    the events as written, and the cards left in the deck."""

    table: Any
    texts: list[str]
    deck: list[Card]


def seats_from(exercise: Any) -> dict[str, Seat]:
    hands = getattr(exercise, "hands", {}) or {}
    out: dict[str, Seat] = {}
    for name in exercise.seats:
        hand = hands.get(name)
        out[name] = Seat(list(getattr(hand, "down", []) or []), list(getattr(hand, "up", []) or []),
                         bool(getattr(hand, "folded", False))) if hand is not None else Seat()
    return out


def names(players: Sequence[str]) -> str:
    players = list(players)
    if not players:
        return "nobody"
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def showing_value(up: Sequence[Card]) -> HandValue | None:
    return evaluate(up) if up else None


def rank_showing(seats: Sequence[str], rows: Mapping[str, Sequence[Card]], tie: Opt) -> list[str]:
    """Players ordered best row showing first; equal rows by the profile's tie option.

    A player showing no card at all ranks last. Tie `seat`: the one dealt first; `suit`: the
    higher suit of the highest card.
    """
    order = list(seats)

    def key(player: str) -> tuple:
        row = rows[player]
        if not row:
            return (0, -1, 0, -order.index(player))
        value = hand_value(row)
        suit = int(max(row, key=lambda c: (c.rank, c.suit)).suit) if tie.value == "suit" else 0
        return (1, value, suit, -order.index(player))

    return sorted(order, key=key, reverse=True)


def opener_steps(order: list[str], rows: Mapping[str, Sequence[Card]], tie: Opt, cite: Sequence[str],
                 what: str) -> list[Step]:
    """Explain why `order[0]` shows the best `what` (card or hand)."""
    best = order[0]
    steps = []
    shown = "; ".join(f"{p} {cards_text(rows[p])} ({evaluate(rows[p]).words})" if rows[p] else f"{p} nothing"
                      for p in order)
    steps.append(Step(f"Showing: {shown}.", tuple(cite)))
    ties = [p for p in order[1:] if rows[p] and rows[best] and evaluate(rows[p]).value == evaluate(rows[best]).value]
    if ties:
        how = "the higher suit of the top card" if tie.value == "suit" else "the player dealt first"
        steps.append(Step(f"{names([best, *ties])} show equal {what}s; the tie goes to {how}: {best}"
                          + (" (the course's own default, the source gives no tie rule)." if tie.course_default else "."),
                          tie.cite, course_default=tie.course_default))
    steps.append(Step(f"{best} shows the best {what} and acts first.", tuple(cite)))
    return steps
