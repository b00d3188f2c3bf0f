"""Home-game drills: Horn-A-Vika (OPR-535) and Have a Heart (OPR-678).

A drill starts from a whole hand played with random legal choices by the game's own engine
(`random_deal`, the same event parser and table an exercise goes through), written as `events:`
from an empty table, and cut where the question is asked. A trap template keeps only the draws
that plant its situation (a spit-card match, a taken heart ...). The third match of OPR-535 2.5 is
too rare to wait for, so it is planted: the deck is stacked so that one player's face-up cards and
the spit card share a rank (`Stacked`).
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable

from course.cards import Card, Rank, Suit
from course.study import engine
from course.study.stud import NAMES, text
from course.study.templates import Reject, Template, register

HORN, HEART = "horn-a-vika", "have-a-heart"
_SEAT = re.compile(r"\bP([1-8])\b")


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
    hand = engine.random_home_deal(game, rng, players, engine.default_profile(game), **options)
    return [_rename(e) for e in hand.texts], hand.table


def item(game: str, players: int, events: list[str], question: dict[str, Any], **extra: Any) -> dict[str, Any]:
    seats = list(NAMES[:players])
    data = {"game": game, "street": "third", "seats": seats, "hands": {p: {} for p in seats},
            "events": events, **{k: v for k, v in extra.items() if v is not None}, "questions": [question]}
    return data


def answered(data: dict[str, Any]) -> Any:
    """The engine's answer to the item's question (JSON shape); `Reject` when the engine refuses
    to answer at this cut (no betting round there, say)."""
    from course.study.templates import dump

    exercise, problems = engine.parse(dump({"id": "draw", "title": "draw", **data}), "<draw>")
    if exercise is None or problems:
        raise Reject
    try:
        return engine.answer_json(exercise, exercise.questions[0])
    except ValueError:
        raise Reject from None


def _cut(rng: random.Random, events: list[str], low: int = 0) -> list[str]:
    return events[:rng.randint(low, len(events))]


def drill(game: str, ask: str, *, whole: bool = False, player: bool = False,
          keep: Callable[[Any, random.Random], bool] | None = None, players: tuple[int, int] = (2, 6),
          extra: Callable[[random.Random, list[str], Any], dict[str, Any]] | None = None,
          **options: Any) -> Callable[[random.Random], dict[str, Any]]:
    """A draw function: a random hand, cut at random (or `whole`), one `ask` about it; `keep`
    filters on the engine's answer (JSON shape) and may draw from `rng`; `extra` adds the ask's own keys."""

    def draw(rng: random.Random) -> dict[str, Any]:
        n = rng.randint(*players)
        events, table = played(rng, game, n, **options)
        cut = events if whole else _cut(rng, events, low=n)
        question: dict[str, Any] = {"ask": ask}
        if player:
            question["player"] = rng.choice(NAMES[:n])
        if extra is not None:
            question.update(extra(rng, cut, table))
        data = item(game, n, cut, question)
        if keep is not None and not keep(answered(data), rng):
            raise Reject
        elif keep is None:
            answered(data)
        return data

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
    if rng.random() < 0.3:
        others = [c for p in table.seats if p != player for c in table.hands[p].up]
        if others and shown:
            shown[rng.randrange(len(shown))] = rng.choice(others)
    return {"player": _rename(player), "cards": text(shown)}


# --------------------------------------------------------------------------------------------
# One template per ask

HORN_ASKS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "pot_matches": drill(HORN, "pot_matches", keep=lambda a, rng: bool(a) or rng.random() < 0.3),
    "pot": drill(HORN, "pot"),
    "bet_limit": drill(HORN, "bet_limit", player=True),
    "opener": drill(HORN, "opener"),
    "award": drill(HORN, "award", whole=True),
    "winners": drill(HORN, "winners", whole=True),
    "best_five": drill(HORN, "best_five", whole=True, player=True),
    "category": drill(HORN, "category", whole=True, player=True),
    "legal_hand": drill(HORN, "legal_hand", whole=True, extra=_legal_hand),
}
HEART_ASKS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "holding": drill(HEART, "holding", player=True),
    "takes": drill(HEART, "takes"),
    "opener": drill(HEART, "opener"),
    "pot": drill(HEART, "pot"),
    "award": drill(HEART, "award", whole=True),
    "shared_card": drill(HEART, "shared_card", whole=True, players=(5, 8)),
    "winners": drill(HEART, "winners", whole=True),
    "best_five": drill(HEART, "best_five", whole=True, player=True),
    "category": drill(HEART, "category", whole=True, player=True),
    "legal_hand": drill(HEART, "legal_hand", whole=True, extra=_legal_hand),
}

for _game, _asks in ((HORN, HORN_ASKS), (HEART, HEART_ASKS)):
    for _ask, _draw in _asks.items():
        register(Template(f"{'hav' if _game == HORN else 'hah'}-{_ask.replace('_', '-')}", _game, _ask,
                          f"Drill: {_ask.replace('_', ' ')}", _draw))
