"""What the one table is made of: seats, the records a move changes in place and how a trial
saves and restores them, the hands a replay ends with, and the words for the rows showing.

A trial move (`HandState.verify` / `can`) is played on the table itself and taken back: `save`
records the few containers a move can change (`_undo` records), `restore` puts them back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from course.cards import Card, cards_text, parse_cards
from course.explain import Step
from course.hands import evaluate, hand_value
from course.rules import Option as Opt  # an option with its value, citations and basis


@dataclass
class Seat:
    """One player's cards and money during a replay."""

    _undo = True

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
    _undo = True

    def snapshot(self) -> tuple:
        """The table's mutable state, to try a move on the table itself and put it back
        (`restore`): no copy of the table, only of the few containers a move changes."""
        return save(self)

    @staticmethod
    def restore(shot: tuple) -> None:
        restore(shot)

    @property
    def live(self) -> list[str]:
        """The players still in, in seat order (kept until a player folds: `fold`; a trial's
        `restore` puts the kept list back with the rest of the table). The one kept list is
        returned, read many times a move: a caller copies it before changing it."""
        live = self.__dict__.get("_live")
        if live is None:
            live = self.__dict__["_live"] = [p for p in self.seats if not self.hands[p].folded]
        return live

    def fold(self, player: str) -> None:
        """`player` is out of the hand."""
        self.hands[player].folded = True
        self.__dict__["_live"] = self.__dict__["_dealt"] = None


# A class whose instances a move may change in place (a table, a seat, a betting round, a
# pending decision) says so with `_undo = True`: `save` records its fields and the contents of
# its lists, dicts and sets, and of the records they hold, one level per record; frozen values
# (cards, steps, moves, answers, the profile) are kept as they are.

def _undoable(kind: type) -> bool:
    """Whether instances of `kind` are records a move may change (`_undo`), asked once per
    type: a snapshot asks it of every field of every record it saves, and a missing class
    attribute is a slow lookup through the type's bases."""
    undo = _UNDO.get(kind)
    if undo is None:
        undo = _UNDO[kind] = bool(getattr(kind, "_undo", False))
    return undo


_UNDO: dict[type, bool] = {}


def save(obj: Any) -> tuple:
    """A record's state now: its fields and, for each mutable container or record it holds,
    that one's contents (`restore` puts them all back)."""
    fields = obj.__dict__
    inner = []
    for value in fields.values():
        kind = type(value)
        if kind is list:
            inner.append((0, value, value[:], [save(v) for v in value] if value and
                          _undoable(type(value[0])) else None))
        elif kind is dict:
            subs = None
            if value:
                first = type(next(iter(value.values())))
                if _undoable(first):
                    subs = [save(v) for v in value.values()]
                elif first is list:
                    subs = [(None, v, v[:]) for v in value.values()]
            inner.append((1, value, value.copy(), subs))
        elif kind is set:
            inner.append((2, value, value.copy(), None))
        elif _UNDO.get(kind) or (kind not in _UNDO and _undoable(kind)):
            inner.append((3, save(value), None, None))
    return obj, fields.copy(), inner


def restore(shot: tuple) -> None:
    """Put a record back as `save` found it."""
    obj, fields, inner = shot
    own = obj.__dict__
    own.clear()
    own.update(fields)
    for kind, value, contents, subs in inner:
        if kind == 3:
            restore(value)
            continue
        if kind == 0:
            value[:] = contents
        else:
            value.clear()
            value.update(contents)
        for sub in subs or ():
            if sub[0] is None:
                sub[1][:] = sub[2]
            else:
                restore(sub)


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
    state: Any = None       # the one hand state the events were played on
    watch: Any = None       # what watched the play, move by move (`random_play`), if anything


def seats_from(exercise: Any) -> dict[str, Seat]:
    """Each seat's cards as the exercise shows them: a `Hand` (`.down`, `.up`, `.folded`) or a
    `(down, up)` pair; a player is folded when the hand says so or the exercise's `folded` lists them."""
    hands = getattr(exercise, "hands", {}) or {}
    out_of_hand = set(getattr(exercise, "folded", None) or ())
    out: dict[str, Seat] = {}
    for name in exercise.seats:
        hand = hands.get(name)
        if hand is None:
            out[name] = Seat(folded=name in out_of_hand)
        elif isinstance(hand, (tuple, list)):
            out[name] = Seat(parse_cards(hand[0]), parse_cards(hand[1]), name in out_of_hand)
        else:
            out[name] = Seat(parse_cards(getattr(hand, "down", None) or []), parse_cards(getattr(hand, "up", None) or []),
                             bool(getattr(hand, "folded", False)) or name in out_of_hand)
    return out


def names(players: Sequence[str]) -> str:
    players = list(players)
    if not players:
        return "nobody"
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


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
