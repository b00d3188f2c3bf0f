"""The pots of one hand (`course.engine.state.HandState`), as its questions and its ledger read them.

A hand played with stacks builds its pots from what each player has paid: the game's own pot
layers when it builds them from the order money went in (`Rules.pot_layers`, Horn-A-Vika), else
side pots by the all-in amounts (`course.engine.showdown.build_pots`). A ledger entry records only
what its pots are built from (`PotsAt`); they are built when the entry is first read, and kept
while consecutive entries (a card dealt, a check) share them. Without stacks there is one pot.
"""

from __future__ import annotations

from typing import Any, Sequence

from course import amounts
from course.explain import Answer
from course.engine.showdown import all_in_players, build_pots, side_pots


class PotsAt:
    """What a home-game ledger entry's pots are built from, kept as the move left them: the
    players still in, what each had paid (seat order) and how much of the record of payments
    (`Table.flow`, which only grows) there was. The pots are built only when the entry is read
    (`HandPots.at`): a replay whose ledger nobody reads never builds them."""

    __slots__ = ("live", "paid", "flow", "n")

    def __init__(self, live: tuple[str, ...], paid: tuple[int, ...], flow: list[tuple], n: int):
        self.live, self.paid, self.flow, self.n = live, paid, flow, n


class HandPots:
    """The pots of one hand's table, with the last ones read kept for the next read."""

    __slots__ = ("_kept", "_stands", "_inputs")

    def __init__(self) -> None:
        self._kept: tuple | None = None     # (what the last pots read were built from, those pots)
        self._stands: tuple | None = None   # (the payments and players still in it was read at, `stand`)
        self._inputs: PotsAt | None = None  # what the pots were built from at the latest move (`inputs`)

    def forget(self) -> None:
        """Drop everything kept (the hand went back to an earlier point)."""
        self._kept = self._stands = self._inputs = None

    def forget_stands(self) -> None:
        """Drop the kept answer of `stand` (the hand's table was set up again)."""
        self._stands = self._inputs = None

    def inputs(self, table: Any) -> PotsAt:
        """What the pots are built from now (`PotsAt`), for a ledger entry. With stacks every
        payment is in the record (`Table.pay`) and a fold only shortens the players still in, so
        a move that changes neither (a card dealt, a check) shares the one of the move before."""
        flow, live, kept = table.flow, table.live, self._inputs
        if kept is None or kept.flow is not flow or kept.n != len(flow) or len(kept.live) != len(live):
            kept = self._inputs = PotsAt(tuple(live), tuple(table.hands[p].paid for p in table.seats), flow, len(flow))
        return kept

    def side_pots(self, table: Any) -> Answer:
        """Each pot's amount and the players who may win it (`course.engine.showdown.side_pots`)."""
        folded = [p for p in table.seats if table.hands[p].folded]
        layers = table.rules.pot_layers
        if table.stacks and layers is not None:
            pots, returned, how = layers(table)
            return side_pots({p: table.hands[p].paid for p in table.seats}, table.seats, folded, 0, list(table.all_in),
                             built=(pots, returned), how=how, still_betting=True)
        return side_pots({p: table.hands[p].paid for p in table.seats}, table.seats, folded, 0, list(table.all_in),
                         still_betting=True)

    def now(self, table: Any) -> tuple[int, ...]:
        """The amount of each pot now, main pot first (one pot without stacks)."""
        if not table.stacks:
            return (amounts.normal(table.pot),)
        return sum(pots_of(table, table.live, tuple(table.hands[p].paid for p in table.seats), table.flow), ())

    def at(self, table: Any, at: PotsAt) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The pots a ledger entry recorded the inputs of (`PotsAt`), built when the entry is
        first read (`pots_of`: the pots, and the chips nobody has matched yet); consecutive
        entries with the same inputs (a card dealt, a check) share them."""
        key = (at.live, at.paid, at.n)
        kept = self._kept
        if kept is None or kept[0] != key:
            kept = self._kept = (key, pots_of(table, at.live, at.paid, at.flow, at.n))
        return kept[1]

    def stand(self, table: Any) -> bool:
        """Whether two or more pots stand in a home-game hand now (the side-pot drills' cut): a
        player is all in, and the pots built from what each has paid are two or more (the chips
        nobody has matched yet are not a pot). A deal or a check after the last payment reads
        the pots already built."""
        if not table.stacks:
            return False
        # with stacks every payment is in the record (`Table.pay`) and a fold only shortens the
        # players still in: a move that changes neither (a card dealt, a check) keeps the answer
        key = (len(table.flow), len(table.live))
        if self._stands is not None and self._stands[0] == key:
            return self._stands[1]
        now = self.inputs(table)
        stands = bool(all_in_players(dict(zip(table.seats, now.paid)), table.live, table.stacks)) and \
            len(self.at(table, now)[0]) > 1
        self._stands = (key, stands)
        return stands


def pots_of(table: Any, live: Sequence[str], paid: tuple[int, ...],
            flow: list[tuple], n: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pots of a home-game table whose players still in were `live`, who had paid `paid`
    (seat order) and whose record of payments was `flow` (its first `n` payments, when given):
    the game's own pot layers when it builds its pots from the order money went in, else by what
    each player put in. Each pot's amount, main pot first, and apart from them the chips nobody
    has matched yet."""
    folded = [p for p in table.seats if p not in live]
    layers = table.rules.pot_layers
    if layers is not None:      # only a game's own layers read the record (a copy of its first `n`)
        pots, unmatched, _ = layers(table, flow=flow if n is None else flow[:n], folded=folded)
    else:
        pots, unmatched = build_pots(dict(zip(table.seats, paid)), table.seats, folded,
                                     all_in=all_in_players(dict(zip(table.seats, paid)), live, table.stacks))
    return tuple(pot.amount for pot in pots if pot.amount), tuple(unmatched.values())
