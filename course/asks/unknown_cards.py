"""Questions that need a card the hand's record does not show.

A whole hand imported from a hand history may list cards under `unknown_cards` (a PHH file's
`??`): the engine deals them in their turn without naming them. A question whose answer depends
on such a card cannot be answered: the engine refuses it here, before its answer is worked out,
with `UnknownCardsError` (a `ValueError`, so `course check` reports it at the question's line
as it reports any question the engine cannot answer). The importer asks the same question of
the engine and leaves out the ones refused, so no list beside the engine decides what is asked.

- The player asked about at the showdown (`best_five`, `category`, `qualifies`, `legal_hand`):
  refused when any of that player's cards dealt by then is unknown.
- The showdown's result (`winners`, `award`, `halves`): refused when two or more hands are
  still in (a mucked hand is out) and one of them holds an unknown card. With one hand left
  the pot goes to it unseen, and no card is read.
- Who acts first (`opener`, `action_order`): every card not seen is tried in place of each
  unknown face-up card of the players in the round as it began; refused when the first actor
  could change, or differs from the one the known cards give (which the engine's replay uses).
- `shared_card` counts the cards dealt, the face-up ones by their rows: refused when a card
  dealt by then is unknown.
- The bring-in keeps its own check (`course.asks.solvers._bring_in`: an unknown door card that
  could be lower).

Nothing else needs the cards: street totals, contributions, a legal action, side pots, the
showdown order are asked whatever the record leaves out.
"""

from __future__ import annotations

from itertools import permutations
from math import perm
from typing import Any, Callable

from course.cards import Card, Rank, Suit

PLAYER_SHOWDOWN_ASKS = frozenset({"best_five", "category", "qualifies", "legal_hand"})
RESULT_ASKS = frozenset({"winners", "award", "halves"})
FIRST_ACTOR_ASKS = frozenset({"opener", "action_order"})
# unknown face-up cards tried together when who acts first is decided: past this many
# combinations of cards the question is refused as not decided (two unknown face-up cards of
# ~45 unseen cards make about 2,000)
MAX_TRIES = 2_500


class UnknownCardsError(ValueError):
    """The answer needs a card that the hand's record does not show."""


def listed(exercise: Any) -> dict[str, list[str]]:
    """The exercise's `unknown_cards`: seat -> one entry a card dealt ("down"/"up" unseen, "known")."""
    return (getattr(exercise, "extra", None) or {}).get("unknown_cards") or {}


def check_known(exercise: Any, question: Any, point: Callable[[Any, Any], Any],
                round_as_opened: Callable[[Any, Any, str], Any]) -> None:
    """Refuse (`UnknownCardsError`) a question whose answer needs a card the record does not show.
    `point(exercise, question)` is the hand state at the question's point and
    `round_as_opened(exercise, question, street)` a street's betting round as it began: the
    solvers' own readings, passed in so that this check reads the hand exactly as they do."""
    if not listed(exercise) or not getattr(exercise, "whole_hand", False):
        return
    ask = question.ask
    if ask in PLAYER_SHOWDOWN_ASKS:
        _refuse_unseen(point(exercise, question).table, [question.params.get("player")], f"{ask} reads")
    elif ask in RESULT_ASKS:
        table = point(exercise, question).table
        live = [p for p in table.seats if not table.hands[p].folded]
        if len(live) > 1:
            _refuse_unseen(table, live, f"the showdown's {ask} reads the hands still in:")
    elif ask == "shared_card":
        _refuse_unseen(point(exercise, question).table, list(exercise.seats), "shared_card counts the cards dealt:")
    elif ask in FIRST_ACTOR_ASKS:
        street = question.params.get("street") or exercise.street
        _check_first_actor(exercise, street, lambda: point(exercise, question).table,
                           lambda: round_as_opened(exercise, question, street))


def unseen_dealt(table: Any, player: str) -> list[int]:
    """The positions (0 the first card) of the player's cards dealt so far that the record does not show."""
    return sorted(i for i in getattr(table, "unknown_at", {}).get(player, ()) if i < table.dealt.get(player, 0))


def _refuse_unseen(table: Any, players: list[Any], what: str) -> None:
    for player in players:
        missing = unseen_dealt(table, player) if player in table.hands else []
        if missing:
            raise UnknownCardsError(
                f"{what} {player}'s cards, and the record does not show "
                f"{'one of them' if len(missing) == 1 else f'{len(missing)} of them'} (card "
                f"{', '.join(str(i + 1) for i in missing)} dealt to {player}): the question cannot be answered")


def _face_up_row(table: Any, player: str, faces: tuple[bool, ...]) -> list[Card | None]:
    """The player's face-up cards in deal order, None for one the record does not show."""
    known_up = iter(table.hands[player].up)
    unseen = set(unseen_dealt(table, player))
    return [None if i in unseen else next(known_up, None)
            for i in range(table.dealt.get(player, 0)) if i < len(faces) and faces[i]]


def _check_first_actor(exercise: Any, street: str, table_now: Callable[[], Any],
                       round_as_opened: Callable[[], Any]) -> None:
    """Who acts first, tried with every unseen card in place of each unknown face-up card of the
    players in the round as it began."""
    from course.engine import turn as rules_table
    from course.games import find_game

    spec = find_game(exercise.game)
    if not spec.is_betting(street):
        return                              # the engine's own answer says why
    rnd = round_as_opened()
    table = table_now()
    rows = {player: _face_up_row(table, player, spec.card_faces) for player in rnd.order}
    holes = [(p, i) for p, row in rows.items() for i, c in enumerate(row) if c is None]
    if not holes:
        return
    shared = list(getattr(table, "shared", ()) or ())
    seen = set(table.where) | set(shared)
    rest = [Card(r, s) for r in Rank for s in Suit if Card(r, s) not in seen]
    who = ", ".join(dict.fromkeys(p for p, _ in holes))
    if perm(len(rest), len(holes)) > MAX_TRIES:
        raise UnknownCardsError(f"who acts first on {street} street depends on face-up cards the record does not "
                                f"show ({who}'s): too many to try")
    opening = rnd.opening()
    given = opening.value if opening is not None else None
    for placed in permutations(rest, len(holes)):
        filled = {p: list(row) for p, row in rows.items()}
        for (p, i), card in zip(holes, placed):
            filled[p][i] = card
        first = rules_table.first_to_act(street, exercise.seats, {p: ([], row) for p, row in filled.items()},
                                         exercise.profile, shared=shared, words=False).value
        if first != given:
            raise UnknownCardsError(
                f"who acts first on {street} street cannot be told: the record does not show {who}'s face-up "
                f"card{'s' if len(holes) > 1 else ''}, and {' '.join(str(c) for c in placed)} there would "
                f"make {first} act first instead of {given}")
