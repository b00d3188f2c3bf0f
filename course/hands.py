"""Hand values for any number of cards: the best five, or every card of a short hand.

One order covers every hand size (HPD "Best five of your seven, with no borrowed cards",
OPR-678 "Incomplete hands"):

- Five or more cards: the usual high-hand order. The ace plays high, or low in A-2-3-4-5 only;
  suits never break ties; ties stop at the fifth card; a royal flush is the top straight flush.
- Fewer than five cards: straights, flushes and full houses need five cards, so a short hand can
  only hold high card, one pair, two pair, three or four of a kind. A pair beats no pair whatever
  the number of cards; hands of the same kind compare rank by rank from the top, and a missing
  card ranks below a deuce. Exposed rows (for choosing the opener) use the same order, so four
  hearts showing are not a flush and four in a row are not a straight.

A value is one integer: the category in bits 20 and up, then five 4-bit rank digits, highest
first, 0 where a short hand has no card. Two paths compute it:

- `fast_value(codes)`: value only, for bulk work. A card's `code` is 5**(rank-2) plus a 4-bit
  suit counter at bit 32 + 4*suit, so the sum of a hand's codes is a base-5 rank multiset and four
  suit counts. The counters start at 3, so bit 3 of a counter is set exactly when a suit has five
  or more cards: one mask tells whether a flush is possible. A table built before the program
  runs (course/hand_values.bin, loaded on import) holds the value of every rank multiset of one to
  seven cards and of every suit's rank bit mask, so a hand of up to seven cards costs one sum and
  one lookup, and one of eight the best of eight lookups; larger hands compute their rank value
  from the rules below.
- `evaluate(cards)`: the same value plus the chosen cards and words a learner understands.

The low orders of Razz (ace-to-five) and Stud Hi-Lo (eight-or-better) follow the high order at the
end of the module, with the same two paths (`low_fast_value` / `eight_fast_value` and
`evaluate_low`) and a table of their own (course/low_values.bin); `HAND_ORDERS` names all three.
"""

from __future__ import annotations

import struct
import sys
import warnings
import zlib
from array import array
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import accumulate
from pathlib import Path
from typing import Any, Iterable, Sequence

from course.cards import SUIT_SHIFT, Card, Rank, Suit, parse_cards


class Category(IntEnum):
    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The word used in exercises (`category` answers): 'two pair', 'full house'..."""
        return self.name.lower().replace("_", " ")

    @classmethod
    def from_label(cls, text: str) -> "Category":
        key = str(text).strip().lower().replace("-", " ").replace("_", " ")
        if key == "royal flush":
            return cls.STRAIGHT_FLUSH
        for category in cls:
            if category.label == key:
                return category
        names = ", ".join(c.label for c in cls)
        raise ValueError(f"{text!r} is not a hand category: expected one of {names}")


# How many cards of each decisive rank a category uses, in digit order.
_SHAPES = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.ONE_PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
}

_RANK_MASK = (1 << 32) - 1
_SUIT_START = sum(3 * shift for shift in SUIT_SHIFT.values())
_FLUSH_MASK = sum(8 * shift for shift in SUIT_SHIFT.values())
_WHEEL = (5, 4, 3, 2, 14)
_RANKS = (None, None, *Rank)  # _RANKS[14] is Rank.ACE, without the cost of calling Rank(14)


def _pack(category: int, digits: Sequence[int]) -> int:
    value = category
    for position in range(5):
        value = (value << 4) | (digits[position] if position < len(digits) else 0)
    return value


def _straight_top(ranks: set[int]) -> int:
    """Top rank of the highest five-card straight in a set of ranks, or 0. Never K-A-2."""
    for top in range(14, 5, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    return 5 if all(r in ranks for r in _WHEEL) else 0


def _rank_value(key: int) -> int:
    """Best non-flush value of a rank multiset given as its base-5 key."""
    counts = {}
    for rank in range(2, 15):
        key, count = divmod(key, 5)
        if count:
            counts[rank] = count
    size = sum(counts.values())
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    high = sorted(counts, reverse=True)

    def kickers(used: Iterable[int], n: int) -> list[int]:
        return [r for r in high if r not in used][:n]

    top = by_count[0]
    if counts[top] == 4:
        return _pack(Category.FOUR_OF_A_KIND, [top, *kickers([top], 1)])
    trips = [r for r in high if counts[r] >= 3]
    pairs = [r for r in high if counts[r] >= 2]
    if trips and size >= 5:
        others = [r for r in pairs if r != trips[0]]
        if others:
            return _pack(Category.FULL_HOUSE, [trips[0], others[0]])
    straight = _straight_top(set(counts)) if size >= 5 else 0
    if straight:
        return _pack(Category.STRAIGHT, [straight])
    if trips:
        return _pack(Category.THREE_OF_A_KIND, [trips[0], *kickers([trips[0]], 2)])
    if len(pairs) >= 2:
        return _pack(Category.TWO_PAIR, [pairs[0], pairs[1], *kickers(pairs[:2], 1)])
    if pairs:
        return _pack(Category.ONE_PAIR, [pairs[0], *kickers(pairs, 3)])
    return _pack(Category.HIGH_CARD, high[:5])


def _flush_row(mask: int) -> int:
    """Best value of one suit's cards given as a rank bit mask (bit r-2 for rank r); 0 under five."""
    ranks = [r for r in range(14, 1, -1) if mask >> (r - 2) & 1]
    if len(ranks) < 5:
        return 0
    top = _straight_top(set(ranks))
    return _pack(Category.STRAIGHT_FLUSH, [top]) if top else _pack(Category.FLUSH, ranks[:5])


# The shipped table: every rank multiset of one to seven cards (every stud hand), and every suit
# bit mask. `table_body` computes it from the definitions above; `make hand-table` writes it.
TABLE_FILE = Path(__file__).with_name("hand_values.bin")
TABLE_CARDS = 7
_MAGIC = b"course-hand-values 1\n"
_MASKS = 1 << 13


def rank_keys(max_cards: int = TABLE_CARDS) -> list[int]:
    """Base-5 keys of every rank multiset of 1 to `max_cards` cards (at most four of a rank), sorted."""
    level, keys = {0}, set()
    for _ in range(max_cards):
        level = {key + 5**i for key in level for i in range(13) if key // 5**i % 5 < 4}
        keys |= level
    return sorted(keys)


def table_body() -> array:
    """Key gaps, rank-multiset values, then the 8,192 suit-mask values: slow (about a second)."""
    keys = rank_keys()
    return array("I", [b - a for a, b in zip([0, *keys], keys)] + [_rank_value(k) for k in keys]
                 + [_flush_row(mask) for mask in range(_MASKS)])


def table_bytes() -> bytes:
    """The file `make hand-table` writes: a header with the key count, then the body, compressed."""
    body = table_body()
    return _file_bytes(_MAGIC, (len(body) - _MASKS) // 2, body)


def _file_bytes(magic: bytes, count: int, body: array) -> bytes:
    if sys.byteorder == "big":  # pragma: no cover
        body.byteswap()
    return magic + struct.pack("<I", count) + zlib.compress(body.tobytes(), 9)


def _file_body(data: bytes, magic: bytes, header: str) -> tuple[int, array]:
    """(count in the header, body) of a table file; ValueError, struct.error or zlib.error if not one."""
    start = len(magic) + 4
    if not data.startswith(magic):
        raise ValueError(f"it does not start with the {header} header")
    (count,) = struct.unpack("<I", data[len(magic):start])
    body = array("I")
    body.frombytes(zlib.decompress(data[start:]))
    if sys.byteorder == "big":  # pragma: no cover
        body.byteswap()
    return count, body


def decode_table(data: bytes, source: object = TABLE_FILE) -> array:
    """The body of a table file, checked; a clear error naming the file when it is not one."""
    try:
        count, body = _file_body(data, _MAGIC, "table")
        if len(body) != 2 * count + _MASKS:
            raise ValueError(f"it holds {len(body)} numbers, expected {2 * count + _MASKS}")
    except (ValueError, struct.error, zlib.error) as err:
        raise ValueError(f"{source}: not a hand value table ({err}); rebuild it with `make hand-table`") from None
    return body


def _load_tables(path: Path = TABLE_FILE) -> tuple[dict[int, int], list[int]]:
    """The rank table and the suit-mask list; built in memory, with a warning, if the file is bad."""
    try:
        body = decode_table(path.read_bytes(), path)
    except (OSError, ValueError) as err:
        warnings.warn(f"{err}; building the hand value table in memory instead (about a second)", stacklevel=2)
        body = table_body()
    count = (len(body) - _MASKS) // 2
    values = body[count:2 * count]
    same = {}  # 76,154 hands share 8,554 values: one int object each saves about 2 MB
    return dict(zip(accumulate(body[:count]), map(same.setdefault, values, values))), body[2 * count:].tolist()


_TABLE, _FLUSH = _load_tables()
# Per suit: where its counter sits in a code sum, and each of its cards' rank bit.
_SUIT_BITS = tuple((32 + 4 * suit, {Card(r, suit).code: 1 << (r - 2) for r in Rank}) for suit in Suit)
_RANK_STEPS = tuple(5**i for i in range(13))  # one card of each rank, in a rank key


def _beyond_table(key: int) -> int:
    """Value of a rank multiset of more than seven cards.

    Eight cards: the best of the seven-card multisets inside (the best five never need all eight),
    from the table. Nine or more: computed from the rules.
    """
    try:
        return max([_TABLE[key - step] for step in _RANK_STEPS if key // step % 5])
    except KeyError:
        return _rank_value(key)


def _ranks_only(key: int) -> int:
    """Value of a rank multiset of any size (values are never 0)."""
    return _TABLE.get(key) or _beyond_table(key)


def _flush_value(codes: Sequence[int], total: int) -> int:
    best = _ranks_only(total & _RANK_MASK)
    for shift, bits in _SUIT_BITS:
        if (total >> shift) & 0xF >= 8:
            best = max(best, _FLUSH[sum([bits.get(c, 0) for c in codes])])
    return best


def fast_value(codes: Sequence[int], _sum=sum, _table=_TABLE) -> int:
    """Value of a hand given as card codes (`card.code`); higher is better.

    Handles 1 to 12 cards (a suit counter holds 12); `evaluate` handles any number.
    """
    total = _sum(codes, _SUIT_START)
    if total & _FLUSH_MASK:
        return _flush_value(codes, total)
    try:
        return _table[total & _RANK_MASK]
    except KeyError:  # more cards than the table holds
        return _beyond_table(total & _RANK_MASK)


def hand_value(cards: Iterable[Card | str]) -> int:
    """Value-only path on cards (or card text)."""
    return fast_value([c.code for c in parse_cards(cards)])


_CATEGORIES = tuple(Category)


def digits_of(value: int) -> tuple[int, ...]:
    return tuple((value >> shift) & 0xF for shift in (16, 12, 8, 4, 0))


@dataclass(slots=True, order=True)
class HandValue:
    """A hand's value, the cards that make it, and how to say it.

    Hands compare (and are equal) by value alone: the chosen cards and the hand size say how the
    value was reached, never which hand is better.
    """

    value: int
    category: Category = field(compare=False)
    ranks: tuple[Rank, ...] = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)
    size: int = field(compare=False)

    @property
    def words(self) -> str:
        return describe(self)

    def __str__(self) -> str:
        return self.words


def evaluate(cards: Iterable[Card | str]) -> HandValue:
    """Full path: the value, the best five cards (all cards when fewer), and words."""
    hand = parse_cards(cards)
    if not hand:
        raise ValueError("a hand needs at least one card")
    if len(hand) > 12:
        value = max(fast_value([c.code for c in five]) for five in _fives(hand))
    else:
        value = fast_value([c.code for c in hand])
    category = _CATEGORIES[value >> 20]
    # filter and map instead of comprehensions, which cost a function call each in Python 3.11
    digits = list(filter(None, ((value >> 16) & 15, (value >> 12) & 15, (value >> 8) & 15, (value >> 4) & 15, value & 15)))
    chosen = _choose(hand, category, digits)
    return HandValue(value, category, tuple(map(_RANKS.__getitem__, digits)), tuple(chosen), len(hand))


def _fives(hand: list[Card]):
    from itertools import combinations

    return combinations(hand, 5)


def _straight_ranks(top: int) -> list[int]:
    return list(_WHEEL) if top == 5 else list(range(top, top - 5, -1))


def _choose(hand: list[Card], category: Category, digits: list[int]) -> list[Card]:
    """The cards that realise a value, taken in the hand's own order for each rank."""
    if category is Category.FLUSH or category is Category.STRAIGHT_FLUSH:
        want = digits if category is Category.FLUSH else _straight_ranks(digits[0])
        for suit in Suit:
            suited = {c.rank: c for c in reversed(hand) if c.suit is suit}
            if all(r in suited for r in want):
                return [suited[r] for r in want]
        raise AssertionError("flush value without its cards")  # pragma: no cover
    first = {}
    for card in reversed(hand):
        first[card.rank] = card
    if category is Category.STRAIGHT:
        return [first[r] for r in _straight_ranks(digits[0])]
    chosen: list[Card] = []
    for rank, count in zip(digits, _SHAPES[category]):
        if count == 1:
            chosen.append(first[rank])
            continue
        for card in hand:  # a plain loop: a comprehension costs a function call in Python 3.11
            if card.rank == rank:
                chosen.append(card)
                count -= 1
                if not count:
                    break
    return chosen


# Words by rank number (`Rank.word` and `.plural` are properties, too slow for the full path).
_WORD = (None, None, *(r.word for r in Rank))
_PLURAL = (None, None, *(r.plural for r in Rank))
_SUIT_WORD = tuple(s.word for s in Suit)


def describe(hand: HandValue) -> str:
    """Words a learner understands: 'two pair, aces and kings, nine kicker'."""
    r = hand.ranks
    c = hand.category
    rest = [_WORD[x] for x in r[1:]]
    # Categories in the order of how often seven cards make them; a straight flush comes last.
    if c is Category.ONE_PAIR:
        text = f"one pair, {_PLURAL[r[0]]}" + (f", with {_listing(rest)}" if rest else "")
    elif c is Category.TWO_PAIR:
        text = f"two pair, {_PLURAL[r[0]]} and {_PLURAL[r[1]]}" + (f", {rest[1]} kicker" if len(r) > 2 else "")
    elif c is Category.HIGH_CARD:
        text = f"{_WORD[r[0]]} high" + (f", then {_listing(rest)}" if rest else "")
    elif c is Category.THREE_OF_A_KIND:
        text = f"three of a kind, {_PLURAL[r[0]]}" + (f", with {_listing(rest)}" if rest else "")
    elif c is Category.STRAIGHT:
        text = "five-high straight (the ace plays low)" if r[0] is Rank.FIVE else f"{_WORD[r[0]]}-high straight"
    elif c is Category.FLUSH:
        text = f"{_WORD[r[0]]}-high flush in {_SUIT_WORD[hand.cards[0].suit]} ({_listing(rest)} behind it)"
    elif c is Category.FULL_HOUSE:
        text = f"full house, {_PLURAL[r[0]]} full of {_PLURAL[r[1]]}"
    elif c is Category.FOUR_OF_A_KIND:
        text = f"four of a kind, {_PLURAL[r[0]]}" + (f", {rest[0]} kicker" if rest else "")
    elif r[0] is Rank.ACE:
        text = "royal flush (the ace-high straight flush)"
    elif r[0] is Rank.FIVE:
        text = "five-high straight flush (the ace plays low)"
    else:
        text = f"{_WORD[r[0]]}-high straight flush"
    if 1 < hand.size < 5:           # one card (a door card) is a card, not a short hand
        text += f" (a short hand of {_count_word(hand.size)})"
    return text


def _listing(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _count_word(n: int) -> str:
    return {1: "one card", 2: "two cards", 3: "three cards", 4: "four cards"}[n]


# --- Low orders: ace-to-five (Razz) and eight-or-better (the low half of Stud Hi-Lo) -------------
#
# Robert's Rules of Poker: in razz the lowest hand wins, aces are low and straights and flushes
# have no effect, so 5-4-3-2-A is the best hand (RRP-H 9.2); in high-low split a low must be
# 8-or-better to qualify (RRP-H 10.2), again with straights and flushes ignored (RRP-H 10.6).
# The sources do not rank hands that must use a pair; the course ranks them as the high order read
# upside down (COURSE "Paired lows"): no pair beats one pair, then two pair, three of a kind, a
# full house, four of a kind, and within a kind the lower ranks win, compared from the top.
#
# Suits never matter to a low, so a low value depends on the rank multiset alone: the value path
# is one sum, one mask and one lookup in a table of every rank multiset of one to seven cards
# (course/low_values.bin, written by `make low-table`, keyed like the high table).
#
# A low value is an integer, higher is better, so one `max` finds the winner of either half:
# LOW_TOP minus the hand's "badness", which packs like a high value (category from bit 20, then
# five 4-bit rank digits from the top) with the ace as 1. A short hand (fewer than five cards:
# an exposed row) has a missing card written as 15, worse than a king, as the high order puts a
# missing card below a deuce (COURSE "Short low rows"); rows on one street have equal sizes, so
# this matters to no stud deal. No qualifying low is the value 0.

ACE_TO_FIVE = "ace-to-five"
EIGHT_OR_BETTER = "eight-or-better"
LOW_ORDERS = (ACE_TO_FIVE, EIGHT_OR_BETTER)
LOW_TOP = 1 << 23
NO_LOW = 0
_MISSING = 15
_EIGHT_WORST = _pack(Category.HIGH_CARD, (8, 7, 6, 5, 4))
EIGHT_MIN = LOW_TOP - _EIGHT_WORST  # the lowest value of a qualifying eight-or-better low
LOW_TABLE_FILE = Path(__file__).with_name("low_values.bin")
_LOW_MAGIC = b"course-low-values 1\n"
_LOW_CITE = {ACE_TO_FIVE: "RRP-H 9.2", EIGHT_OR_BETTER: "RRP-H 10.2"}
PAIRED_LOWS = 'COURSE "Paired lows"'
SHORT_LOW_ROWS = 'COURSE "Short low rows"'


def _low_pack(category: int, digits: Sequence[int]) -> int:
    return _pack(category, list(digits) + [_MISSING] * (5 - len(digits)))


def _low_counts(counts: dict[int, int]) -> int:
    """Badness (lower is better) of the best ace-to-five low in a rank multiset, aces as 1.

    Every distinct rank is used once before any rank is used twice (more ranks, fewer pairs), so
    the ranks that decide are the lowest ones: five different ranks make no pair; four make one
    pair of the lowest rank that has a second card; three make two pair of the two lowest ranks
    that can pair, or else three of a kind; two make a full house, or else four of a kind.
    """
    ranks = sorted(counts)
    size = sum(counts.values())
    if len(ranks) >= 5 or len(ranks) == size:  # no pair needed (a short hand of different ranks)
        return _low_pack(Category.HIGH_CARD, ranks[:5][::-1])
    kinds = len(ranks)
    if size < 5:  # a short exposed row uses every card: its pairs are what they are
        by_count = sorted(ranks, key=lambda r: (-counts[r], r))
        shape = sorted(counts.values(), reverse=True)
        category = {(2,): 1, (2, 1): 1, (2, 1, 1): 1, (2, 2): 2, (3,): 3, (3, 1): 3, (4,): 7}[tuple(shape)]
        pairs = sorted((r for r in ranks if counts[r] >= 2), reverse=True)
        if category == Category.TWO_PAIR:
            return _low_pack(category, pairs)
        top = by_count[0]
        return _low_pack(category, [top, *sorted((r for r in ranks if r != top), reverse=True)])
    if kinds == 4:
        pair = min(r for r in ranks if counts[r] >= 2)
        return _low_pack(Category.ONE_PAIR, [pair, *sorted((r for r in ranks if r != pair), reverse=True)])
    if kinds == 3:
        pairable = [r for r in ranks if counts[r] >= 2]
        if len(pairable) >= 2:
            low, high = pairable[:2]
            kicker = next(r for r in ranks if r not in (low, high))
            return _low_pack(Category.TWO_PAIR, [high, low, kicker])
        trips = pairable[0]  # the only rank with more than one card has at least three
        return _low_pack(Category.THREE_OF_A_KIND, [trips, *sorted((r for r in ranks if r != trips), reverse=True)])
    # two ranks (one rank cannot make five cards from one deck)
    low, high = ranks
    for trips, pair in ((low, high), (high, low)):
        if counts[trips] >= 3 and counts[pair] >= 2:
            return _low_pack(Category.FULL_HOUSE, [trips, pair])
    quads = low if counts[low] == 4 else high
    return _low_pack(Category.FOUR_OF_A_KIND, [quads, high if quads == low else low])


def _low_badness(key: int) -> int:
    """Badness of the best ace-to-five low of a rank multiset given as its base-5 key."""
    counts = {}
    for rank in range(2, 15):
        key, count = divmod(key, 5)
        if count:
            counts[1 if rank == 14 else rank] = count
    return _low_counts(counts)


def low_table_body() -> array:
    """The low value of every rank multiset of the high table's keys, in the same order."""
    return array("I", [LOW_TOP - _low_badness(k) for k in rank_keys()])


def low_table_bytes() -> bytes:
    """The file `make low-table` writes: a header with the key count, then the values, compressed."""
    body = low_table_body()
    return _file_bytes(_LOW_MAGIC, len(body), body)


def decode_low_table(data: bytes, source: object = LOW_TABLE_FILE) -> array:
    """The values of a low table file, checked; a clear error naming the file when it is not one."""
    try:
        count, body = _file_body(data, _LOW_MAGIC, "low table")
        if len(body) != count or count != len(_TABLE):
            raise ValueError(f"it holds {len(body)} values for {count} keys, expected {len(_TABLE)}")
    except (ValueError, struct.error, zlib.error) as err:
        raise ValueError(f"{source}: not a low value table ({err}); rebuild it with `make low-table`") from None
    return body


def _load_low_table(path: Path = LOW_TABLE_FILE) -> dict[int, int]:
    """Rank key -> low value, keyed by the high table's own key objects (no second copy of them)."""
    try:
        body = decode_low_table(path.read_bytes(), path)
    except (OSError, ValueError) as err:
        warnings.warn(f"{err}; building the low value table in memory instead", stacklevel=2)
        body = low_table_body()
    same = {}
    return dict(zip(_TABLE, map(same.setdefault, body, body)))


_LOW = _load_low_table()


def low_fast_value(codes: Sequence[int], _sum=sum, _table=_LOW) -> int:
    """Ace-to-five low value (razz) of a hand given as card codes; higher is better, never 0.

    Any number of cards from one deck; up to seven cost one sum and one lookup.
    """
    key = _sum(codes) & _RANK_MASK
    try:
        return _table[key]
    except KeyError:  # more cards than the table holds
        return LOW_TOP - _low_badness(key)


def eight_fast_value(codes: Sequence[int], _sum=sum, _table=_LOW, _len=len) -> int:
    """Eight-or-better low value of card codes: the ace-to-five value when it qualifies (five
    different ranks of eight or lower), else `NO_LOW` (0)."""
    key = _sum(codes) & _RANK_MASK
    try:
        value = _table[key]
    except KeyError:
        value = LOW_TOP - _low_badness(key)
    return value if value >= EIGHT_MIN and _len(codes) >= 5 else NO_LOW


def low_value(cards: Iterable[Card | str], order: str = ACE_TO_FIVE) -> int:
    """Value-only low path on cards (or card text); `order` is one of LOW_ORDERS."""
    codes = [c.code for c in parse_cards(cards)]
    return _LOW_FAST[_check_order(order)](codes)


def _check_order(order: str) -> str:
    if order not in _LOW_FAST:
        raise ValueError(f"{order!r} is not a low order: expected one of {', '.join(LOW_ORDERS)}")
    return order


_LOW_FAST = {ACE_TO_FIVE: low_fast_value, EIGHT_OR_BETTER: eight_fast_value}
_LOW_RANKS = (None, Rank.ACE, *Rank)  # digit 1 is the ace; digits 2-13 their own rank


@dataclass(slots=True, order=True)
class LowHand:
    """A hand's low value under one order, the cards that make it, and how a dealer says it.

    Compares (and is equal) by value alone, higher is better; `value == 0` (`qualifies` False)
    is an eight-or-better hand with no qualifying low, and then `cards` and `ranks` are empty.
    `best` is the hand's ace-to-five low all the same, to say what it lacked.
    """

    value: int
    order: str = field(compare=False)
    category: Category = field(compare=False)
    ranks: tuple[Rank, ...] = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)
    size: int = field(compare=False)
    best: tuple[Rank, ...] = field(compare=False, default=())

    @property
    def qualifies(self) -> bool:
        return self.value != NO_LOW

    @property
    def label(self) -> str:
        return low_label(self)

    @property
    def words(self) -> str:
        return describe_low(self)

    @property
    def cite(self) -> tuple[str, ...]:
        """The articles the value rests on (for a step that states it)."""
        keys = [_LOW_CITE[self.order]]
        if self.order == EIGHT_OR_BETTER:
            keys.append("RRP-H 10.6")
        if self.category is not Category.HIGH_CARD:
            keys.append(PAIRED_LOWS)
        if self.size < 5 and self.qualifies:
            keys.append(SHORT_LOW_ROWS)
        return tuple(keys)

    def __str__(self) -> str:
        return self.words


def low_digits(value: int) -> tuple[int, ...]:
    """The rank digits of a low value, top first, ace as 1, missing cards left out."""
    badness = LOW_TOP - value
    return tuple(d for d in ((badness >> s) & 0xF for s in (16, 12, 8, 4, 0)) if d != _MISSING)


def low_category(value: int) -> Category:
    return _CATEGORIES[(LOW_TOP - value) >> 20]


def evaluate_low(cards: Iterable[Card | str], order: str = ACE_TO_FIVE) -> LowHand:
    """Full low path: the value, the five cards that make it (all cards of a short hand), words."""
    _check_order(order)
    hand = parse_cards(cards)
    if not hand:
        raise ValueError("a hand needs at least one card")
    codes = [c.code for c in hand]
    razz = low_fast_value(codes)
    category = low_category(razz)
    digits = low_digits(razz)
    ranks = tuple(_LOW_RANKS[d] for d in digits)
    if order == EIGHT_OR_BETTER and eight_fast_value(codes) == NO_LOW:
        return LowHand(NO_LOW, order, category, (), (), len(hand), ranks)
    chosen = _choose(hand, category, [int(r) for r in ranks]) if len(hand) >= 5 else list(hand)
    return LowHand(razz, order, category, ranks, tuple(chosen), len(hand), ranks)


_LOW_SHAPE_WORDS = {
    Category.ONE_PAIR: "one pair of {0}",
    Category.TWO_PAIR: "two pair, {0} and {1}",
    Category.THREE_OF_A_KIND: "three {0}",
    Category.FULL_HOUSE: "a full house, {0} full of {1}",
    Category.FOUR_OF_A_KIND: "four {0}",
}


def _top_two(ranks: Sequence[Rank]) -> str:
    if len(ranks) == 1:
        return f"{_WORD[ranks[0]]} low"
    return f"{_WORD[ranks[0]]}-{_WORD[ranks[1]]} low"


def low_label(hand: LowHand) -> str:
    """What a dealer calls the low: 'seven-five low', 'one pair of nines', 'no qualifying low'."""
    if not hand.qualifies:
        return "no qualifying low"
    r = hand.ranks
    if hand.category is Category.HIGH_CARD:
        return _top_two(r)
    return _LOW_SHAPE_WORDS[hand.category].format(*(_PLURAL[x] for x in r))


def describe_low(hand: LowHand) -> str:
    """Words a learner understands, the dealer's call first:
    'seven-five low: seven, five, four, two and ace';
    'one pair of nines, with eight, six and four (a pair counts against a low)';
    'no qualifying low: a low needs five different ranks of eight or lower (the best here is
    nine-seven low)'."""
    if not hand.qualifies:
        if hand.size < 5:
            return f"no qualifying low: a low needs five cards, and this hand has {_count_word(hand.size)}"
        reason = "no qualifying low: a low needs five different ranks of eight or lower"
        if hand.category is Category.HIGH_CARD:
            return reason + f" (the best five here make {_top_two(hand.best)})"
        return reason + " (the best five here still hold a pair)"
    r = hand.ranks
    words = [_WORD[x] for x in r]
    label = low_label(hand)
    if hand.category is Category.HIGH_CARD:
        if len(r) == 5 and tuple(int(x) for x in r) == (5, 4, 3, 2, 14):
            text = f"{label}, the wheel: five, four, three, two and ace, the best low there is"
        elif len(r) > 1:
            text = f"{label}: {_listing(words)}"
        else:
            text = label
    else:
        shape = _SHAPES[hand.category]
        kickers = [_WORD[x] for x, n in zip(r, shape) if n == 1]
        against = "a pair counts" if hand.category is Category.ONE_PAIR else "paired cards count"
        text = label + (f", with {_listing(kickers)}" if kickers else "") + f" ({against} against a low)"
    if 1 < hand.size < 5:           # one card (a door card) is a card, not a short hand
        text += f" (a short hand of {_count_word(hand.size)})"
    return text


# --- One registry of hand orders, for one award function that takes its orders from a game spec --


@dataclass(frozen=True, slots=True)
class HandOrder:
    """One way to rank hands: a value path on card codes (higher is better; 0 means the hand does
    not qualify), a full path with the chosen cards and words, and the articles it rests on."""

    name: str
    fast: Any
    full: Any
    cite: tuple[str, ...]

    def value(self, cards: Iterable[Card | str]) -> int:
        return self.fast([c.code for c in parse_cards(cards)])


def _evaluate_razz(cards):
    return evaluate_low(cards, ACE_TO_FIVE)


def _evaluate_eight(cards):
    return evaluate_low(cards, EIGHT_OR_BETTER)


HAND_ORDERS = {
    "high": HandOrder("high", fast_value, evaluate, ('HPD "Best five of your seven, with no borrowed cards"',)),
    ACE_TO_FIVE: HandOrder(ACE_TO_FIVE, low_fast_value, _evaluate_razz, ("RRP-H 9.2", PAIRED_LOWS)),
    EIGHT_OR_BETTER: HandOrder(EIGHT_OR_BETTER, eight_fast_value, _evaluate_eight, ("RRP-H 10.2", "RRP-H 10.6")),
}


def hand_order(name: str) -> HandOrder:
    """The hand order named `name` (high, ace-to-five or eight-or-better); `ValueError` names them."""
    try:
        return HAND_ORDERS[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a hand order: expected one of {', '.join(HAND_ORDERS)}") from None


# --- Single cards by rank and suit: the bring-in of razz and Hi-Lo, and stud's odd chips --------
#
# Suits rank spades, hearts, diamonds, clubs from the top (RRP-H 3 "Ties" 1: they break a tie
# between cards of one rank, never between hands). Razz counts the ace low for its bring-in (the
# highest card brings in, RRP-H 9.3); Hi-Lo counts it high (the lowest card brings in, RRP-H 10.4).
# An odd chip goes to the highest card by suit in a high game and the lowest in a low game, all
# the player's cards counted (RRP-H 3 "Ties" 5(b), 10.10).


def card_key(card: Card | str, ace_low: bool = False) -> tuple[int, int]:
    """(rank, suit) for comparing single cards; the ace ranks 1 when `ace_low`."""
    card = Card.parse(card)
    return (1 if ace_low and card.rank is Rank.ACE else int(card.rank), int(card.suit))

