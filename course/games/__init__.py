"""The games the course teaches, their streets and the lesson topics."""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES = ("stud-high", "horn-a-vika", "have-a-heart")
STREETS = ("third", "fourth", "fifth", "sixth", "seventh", "showdown")
BETTING_STREETS = STREETS[:5]
TOPICS = (
    "deal", "forced-bets", "bring-in", "opener", "amounts", "contributions", "best-five",
    "showdown", "shared-card", "relatives", "horn-a-vika", "have-a-heart", "review",
)
# Cards each player holds on a stud-high street when it is dealt normally: (down, up).
STREET_CARDS = {
    "third": (2, 1), "fourth": (2, 2), "fifth": (2, 3), "sixth": (2, 4),
    "seventh": (3, 4), "showdown": (3, 4),
}
MAX_SEATS = 8


def variant_module(game: str) -> ModuleType | None:
    """`course.variants.<game>` for a home game, None for stud-high or when not installed."""
    if game == "stud-high" or game not in GAMES:
        return None
    try:
        return importlib.import_module(f"course.variants.{game.replace('-', '_')}")
    except ImportError:
        return None
