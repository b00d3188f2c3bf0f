"""Random whole hands of a game whose exercises are stud actions (Stud High), played on the one
table (`course.engine.table.Table`) with the one move grammar as events:

    P1 antes        P2 is dealt 8♦ down        P3 brings in        P1 raises to 8        shared 4♠

The deal follows the game spec's stages (`GameSpec.stages`), each street's betting is the one
stud betting round (`course.engine.betting`), with its first actor found from the cards as the round
does for an exercise. When the deck cannot give every player still in a card of the spec's last
stage (the street a shared card replaces, `GameSpec.shared_replaces`), that stage is one card
turned face up in the middle for everyone, written 'shared <card>': the profile's `shared_card`
rule, asked through `course.engine.turn.needs_shared_card` on the cards still in the deck.
`course.engine.state.HandState.new_hand` plays it, with the showdown as the hand's last move.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from course.engine.betting import Verb
from course.moves import parse_move
from course.engine.state import random_hand
from course.engine.table import KINDS, SHARED, TABLE, Table
from course.games import MAX_SEATS, GameSpec
from course.engine.seats import Played

__all__ = ["KINDS", "SHARED", "random_deal", "random_play"]


def random_deal(rng: random.Random, players: int, profile: Any, spec: GameSpec,
                fold_chance: float = 0.06, stacks: dict[str, int] | None = None, seats: Any = None) -> Played:
    """One hand from the antes to the end of the betting with random legal choices, through the
    event parser, for 2 to 8 players: when the deck runs short at the last stage, the table asks
    for one shared card and gets it. `seats`: their names (default P1, P2, ...); `stacks`: the
    chips of the players listed."""
    if not 2 <= players <= MAX_SEATS:
        raise ValueError(f"whole stud hands use 2 to {MAX_SEATS} players, not {players!r}")
    played, do = random_hand(rng, players, profile, Table.start,
                             lambda text: parse_move(text, KINDS, spec.title), seats, spec=spec, stakes=profile.stakes,
                             stacks=dict(stacks or {}))
    return random_play(rng, played, do, fold_chance=fold_chance)


def random_play(rng: random.Random, played: Played, do: Callable[[str], None],
                own: Callable[[Table], str | None] | None = None, fold_chance: float = 0.06,
                stop: Callable[[Table], bool] | None = None,
                watch: Callable[[Played], None] | None = None) -> Played:
    """Play the hand on `played.table` to its end with random legal choices, every move written
    as text and played by `do` (`HandState.apply`): the antes, then the game's own decision when
    one is waiting (`own(table)`, None while it cannot be made yet), the next card from the deck
    (a shared card or a stage's table card when the table asks for one), else a betting move:
    a fold with `fold_chance` when a fold is legal, else any other legal move. `stop(table)`: the
    point a caller needs has been reached (the moves up to it are as a whole hand would play them).
    `watch(played)`: called after every move (a drill keeping a point of the hand to cut at)."""
    table, deck = played.table, played.deck
    if watch is not None:
        play = do

        def do(text: str) -> None:
            play(text)
            watch(played)

        played.watch = watch
    while not table.over and not (stop is not None and stop(table)):
        owing = table.needs_ante()
        if owing:
            do(f"{owing[0]} antes")
            continue
        text = own(table) if own is not None and table.rules.waiting(table) else None
        if text is not None:
            do(text)
            continue
        nxt = table.card_due()      # the hand is not over and owes no ante (asked just above)
        if nxt == SHARED:
            do(f"shared {deck.pop()}")
        elif nxt == TABLE:
            do(f"{table.rules.table_card} {deck.pop()}")
        elif nxt is not None:
            player, up = nxt
            do(f"{player} is dealt {deck.pop()} {'up' if up else 'down'}")
        elif table.betting_due or (table.stage_dealt and table.current_round() and not table.round_done):
            legal = table.betting_round().legal_moves()
            folds = [a for a in legal if a.verb is Verb.FOLD]
            choices = [a for a in legal if a.verb is not Verb.FOLD] or folds
            if not choices:
                raise RuntimeError(f"no legal betting move at {table.stage}: {played.texts[-6:]}")
            do(str(folds[0] if folds and rng.random() < fold_chance else rng.choice(choices)))
        else:
            break
    return played
