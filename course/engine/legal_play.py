"""Random play's moves, played without the checks an exercise's moves get.

A drill's random hand (`course.engine.stud.random_play`) plays only moves the table itself made
due or listed: the card `Table.card_due` names, from the cards left in the deck; a betting move
from the round's `legal_moves`; the game's own decision for the player it waits on. Asking again
whether each one is legal (the player is seated, the hand is not over, no decision of the game's
own is pending, the card is the one due and still in the deck, the betting round is open) is work
an exercise's replay needs and random play does not. `play` changes the table and writes its
words as `Table.apply` does, with those checks left out: the betting round still judges and words
each betting move, and antes, shared cards, a stage's card to the table and a table with cards
the record does not show go through `Table.apply` as ever.

Only `course.engine.state.random_hand` plays through here (`record`); the moves of
an exercise, from a file or generated, are played by `HandState.apply` with every check.
`tests/engine/test_legal_play.py` plays random hands of every game both ways, move by move, and
compares the tables, their records and the ledgers.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator, Sequence

from course import amounts
from course.cards import Card
from course.engine.betting import Action
from course.engine.dealing import place_card
from course.moves import BETTING_KINDS, Move


EVERY_CHECK: ContextVar[bool] = ContextVar("random hands played with every check of an exercise's move",
                                           default=False)


@contextmanager
def every_check() -> Iterator[None]:
    """While this lasts, random hands (`course.engine.state.random_hand`) play each move through
    `HandState.apply`, checked as an exercise's move is, instead of `record`, and a hand taken
    back to a cut (`taken_back`) is played again the same way: the two ways must reach the same
    table and ledger (`tests/engine/test_legal_play.py`) and the same items."""
    token = EVERY_CHECK.set(True)
    try:
        yield
    finally:
        EVERY_CHECK.reset(token)


def record(state: Any, move: str) -> None:
    """Random play's move, known to be legal, played on the hand state (`HandState`) and recorded
    as `state.apply(move, read=False)` would: its ledger entry worded when first read, from the
    same steps. Nothing here is needed of an exercise's move: no trial to reuse, no showdown
    (random play stops before it), no refused move to set the table up again after."""
    table = state.table
    if table.one_street:
        state.apply(move, read=False)
        return
    parsed = state.parse(move)
    state._tried = None
    before, seen = table.pot, len(table.log)
    play(table, parsed)
    steps = table.log[seen:] or state._move_steps(table, parsed)
    pot = amounts.normal(table.pot)
    pots = state._pots.inputs(table) if table.stacks and state.award is None else ()
    state._ledger.append((len(state._ledger) + 1, parsed.player, move, pot - amounts.normal(before), pot, steps,
                          (state.spec.cite,), table.street, pots))
    state._moves.append(parsed)


def taken_back(state: Any, texts: Sequence[str], moves: int) -> Any:
    """The hand state `state` as it stood after its first `moves` moves (`texts`, those it
    played): itself when it holds that many, else a fresh state from the same start with them
    played again as random play played them, known legal (`record`). For an item cut at a point
    of its hand no mark was made at (`course.study.home.take_back`), to offer as its replay
    (`HandState.offering`) instead of a replay with every check."""
    if len(state._moves) == moves:
        return state
    fresh = type(state)(state.exercise, state.spec, state._restart(), state._parse, state._restart)
    checked = EVERY_CHECK.get()
    for move in texts[:moves]:
        if checked:
            fresh.apply(move, read=False)
        else:
            record(fresh, move)
    return fresh


def play(table: Any, move: Move) -> None:
    """`move`, known to be legal on `table` now, played as `Table.apply` plays it, unchecked."""
    if table.unknown or table.one_street:
        table.apply(move)
        return
    kind, rules = move.kind, table.rules
    if rules.owns(table, move):
        rules.apply(table, move)
        table._settle()        # the game's last decision of a stage may leave nobody to bet
    elif kind == "deal":
        _deal(table, move.player, move.up, move.card)
        table._settle()
    elif kind in BETTING_KINDS or kind == "fold":
        _bet(table, move)
    else:
        table.apply(move)      # an ante, a shared card, a stage's card to the table: a few a hand
        return
    rules.after(table, move)


def _deal(table: Any, player: str, up: bool, card: Card) -> None:
    """`card` to `player`, as `course.engine.dealing.deal_card` deals the card due once it has
    checked that it is."""
    place_card(table, player, up, card)


def _bet(table: Any, move: Move) -> None:
    """A betting move the round has just listed (`BettingRound.legal_moves`), played as
    `Table._bet` plays one, with the plan the list judged for it (or judged by its verb alone,
    the turn known): its words are the move's ledger entry, as ever."""
    entry = table.betting_round().apply(Action.of(move), known=True)
    table.pay(move.player, entry.added)
    if move.kind == "fold":
        table.fold(move.player)
    table.round_done = table.round.is_closed
