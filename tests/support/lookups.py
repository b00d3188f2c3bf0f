"""Small look-ups only the tests need: the highest and the lowest single card of a set, every
game's asks, and the widget a question's answer kind is drawn with. The package itself never
needs them, so they live here rather than in its public surface."""

from __future__ import annotations

from typing import Iterable

from course.app import widgets
from course.asks import asks_for, solvers
from course.cards import Card, parse_cards
from course.games import GAMES
from course.hands import card_key


def highest_card(cards: Iterable[Card | str], ace_low: bool = False) -> Card:
    """The highest card by rank, then suit (the king of spades tops a razz table's door cards)."""
    return max(parse_cards(cards), key=lambda c: card_key(c, ace_low))


def lowest_card(cards: Iterable[Card | str], ace_low: bool = False) -> Card:
    """The lowest card by rank, then suit (the deuce of clubs is the lowest of a Hi-Lo table)."""
    return min(parse_cards(cards), key=lambda c: card_key(c, ace_low))


def all_asks() -> dict[str, tuple[str, ...]]:
    """Game -> the asks it registers."""
    return {game: tuple(asks_for(game)) for game in GAMES}


def widget_for(exercise, question) -> widgets.Widget:
    """The widget of the question's answer kind."""
    return widgets.WIDGETS[solvers.kind_of(exercise, question).widget]
