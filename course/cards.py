"""Cards: parse every notation authors use, print the symbol form.

`Card.parse("10♥")`, `Card.parse("Th")`, `Card.parse("th")` and `Card.parse("10H")` are the same
card; `str(card)` is always the symbol form `10♥`, and `card.label` is what a screen reader says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Iterable

CARD_SHAPE = "rank 2-10, J, Q, K, A or T; suit ♣ ♦ ♥ ♠ or c d h s"


class CardError(ValueError):
    """Text that is not a card, or a deal that is not possible with one deck."""


class DuplicateCardError(CardError):
    """The same card placed twice in one deal."""

    def __init__(self, card: "Card", first: str, second: str):
        self.card, self.first, self.second = card, first, second
        super().__init__(f"{str(card)!r} is dealt twice: {first} and {second}")


class Suit(IntEnum):
    """Suits in the ascending order PokerStars uses to break a door-card tie."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        return "cdhs"[self]

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(IntEnum):
    """Ranks, ace high (the evaluator handles the ace playing low in A-2-3-4-5)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOL[self]

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def plural(self) -> str:
        return "sixes" if self is Rank.SIX else f"{self.word}s"


_RANK_SYMBOL = {r: {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(r.value, str(r.value)) for r in Rank}
_RANK_TEXT = {r.symbol: r for r in Rank} | {"T": Rank.TEN}
_SUIT_TEXT = {s.symbol: s for s in Suit} | {s.letter.upper(): s for s in Suit}
# Variation selectors sometimes follow a suit symbol when text is pasted from the web.
_IGNORED = str.maketrans("", "", "\ufe0e\ufe0f")

# Fast-evaluator code: base-5 digit per rank (at most four cards of a rank, eight cards in a
# hand) in the low 32 bits, and a 4-bit count per suit from bit 32 up. See course/hands.py.
RANK_SHIFT = {r: 5 ** (r - 2) for r in Rank}
SUIT_SHIFT = {s: 1 << (32 + 4 * s) for s in Suit}


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit
    code: int = field(init=False, compare=False, repr=False)  # for the fast evaluator
    text: str = field(init=False, compare=False, repr=False)  # "10♥": written once, read in every step

    def __deepcopy__(self, memo: dict) -> "Card":
        return self  # immutable: a copied table shares it

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", RANK_SHIFT[self.rank] + SUIT_SHIFT[self.suit])
        object.__setattr__(self, "text", f"{self.rank.symbol}{self.suit.symbol}")

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse `A♠`, `As`, `AS`, `10♥`, `Th`, `th`; raise `CardError` quoting bad text."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card: {CARD_SHAPE}")
        cleaned = text.strip().translate(_IGNORED)
        if len(cleaned) >= 2:
            rank = _RANK_TEXT.get(cleaned[:-1].upper())
            suit = _SUIT_TEXT.get(cleaned[-1].upper())
            if rank is not None and suit is not None:
                return _CARDS[rank, suit]
        raise CardError(f"{text!r} is not a card: {CARD_SHAPE}")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def label(self) -> str:
        """Words for screen readers: 'ten of hearts'."""
        return f"{self.rank.word} of {self.suit.word}"

    @property
    def is_heart(self) -> bool:
        return self.suit is Suit.HEARTS


_CARDS = {(r, s): Card(r, s) for r in Rank for s in Suit}

DECK: tuple[Card, ...] = tuple(_CARDS[r, s] for s in Suit for r in Rank)


def parse_cards(value: str | Iterable[str | Card] | None) -> list[Card]:
    """A card list as authors write it: a YAML list, or one space-separated string."""
    if value is None:
        return []
    if isinstance(value, Card):
        return [value]
    if isinstance(value, list) and all(type(item) is Card for item in value):
        return value.copy()  # the common case inside the engine: already cards
    if isinstance(value, str):
        items: Iterable = value.replace(",", " ").split()
    else:
        try:
            items = list(value)
        except TypeError:
            raise CardError(f"{value!r} is not a list of cards: write 'A♠ 10♥' or [A♠, 10♥]") from None
    return [Card.parse(item) for item in items]


def ensure_unique(places: Iterable[tuple[str, Iterable[Card]]]) -> None:
    """Raise `DuplicateCardError` naming both places if any card appears twice."""
    seen: dict[Card, str] = {}
    for place, cards in places:
        for card in cards:
            if card in seen:
                raise DuplicateCardError(card, seen[card], place)
            seen[card] = place


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)
