"""Differential tests: our evaluator against peer engines on many random hands.

eval7 (compiled) and pokerkit are independent implementations of the same high-hand order.
eval7 treats a missing card like a deuce across hand sizes, so short hands are compared with it
only at equal sizes; the cross-size rule is tested by hand in test_hands.py.
"""

import random

import eval7
import pytest
from pokerkit import StandardHighHand

from course.cards import DECK
from course.hands import evaluate, fast_value

E7 = {card: eval7.Card(("T" if card.rank == 10 else card.rank.symbol) + card.suit.letter) for card in DECK}
CODES = [card.code for card in DECK]
E7_BY_INDEX = [E7[card] for card in DECK]
E7_CATEGORY = {"High Card": "high card", "Pair": "one pair", "Two Pair": "two pair", "Trips": "three of a kind",
               "Straight": "straight", "Flush": "flush", "Full House": "full house", "Quads": "four of a kind",
               "Straight Flush": "straight flush"}


def sign(x):
    return (x > 0) - (x < 0)


def compare_with_eval7(pairs):
    """Count disagreements on the winner of each pair of index lists."""
    bad = []
    for a, b in pairs:
        ours = sign(fast_value([CODES[i] for i in a]) - fast_value([CODES[i] for i in b]))
        theirs = sign(eval7.evaluate([E7_BY_INDEX[i] for i in a]) - eval7.evaluate([E7_BY_INDEX[i] for i in b]))
        if ours != theirs:
            bad.append((a, b, ours, theirs))
    return bad


def show(bad):
    return [([str(DECK[i]) for i in a], [str(DECK[i]) for i in b], ours, theirs) for a, b, ours, theirs in bad[:5]]


@pytest.mark.slow
def test_agrees_with_eval7_on_200000_random_seven_card_pairs():
    rng = random.Random(2026)
    pairs = []
    for _ in range(200_000):
        cards = rng.sample(range(52), 14)
        pairs.append((cards[:7], cards[7:]))
    bad = compare_with_eval7(pairs)
    assert not bad, show(bad)


@pytest.mark.slow
def test_agrees_with_eval7_when_five_cards_are_shared_so_kickers_and_ties_matter():
    rng = random.Random(5)
    pairs, ties = [], 0
    for _ in range(60_000):
        cards = rng.sample(range(52), 9)
        shared = cards[4:]
        pairs.append((cards[:2] + shared, cards[2:4] + shared))
    bad = compare_with_eval7(pairs)
    assert not bad, show(bad)
    ties = sum(fast_value([CODES[i] for i in a]) == fast_value([CODES[i] for i in b]) for a, b in pairs)
    assert ties > 1000  # the set really exercises ties


@pytest.mark.slow
def test_agrees_with_eval7_on_eight_card_hands():
    rng = random.Random(8)
    pairs = []
    for _ in range(50_000):
        cards = rng.sample(range(52), 16)
        pairs.append((cards[:8], cards[8:]))
    assert not (bad := compare_with_eval7(pairs)), show(bad)


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6])
def test_agrees_with_eval7_on_short_and_mid_hands_of_equal_size(size):
    rng = random.Random(size)
    pairs = []
    for _ in range(20_000):
        cards = rng.sample(range(52), 2 * size)
        pairs.append((cards[:size], cards[size:]))
    assert not (bad := compare_with_eval7(pairs)), show(bad)


def test_full_path_category_agrees_with_eval7_handtype():
    rng = random.Random(77)
    for _ in range(20_000):
        hand = rng.sample(DECK, 7)
        assert evaluate(hand).category.label == E7_CATEGORY[eval7.handtype(eval7.evaluate([E7[c] for c in hand]))]


@pytest.mark.slow
def test_agrees_with_pokerkit_standard_high_hand_on_10000_pairs():
    rng = random.Random(1917)

    def text(cards):
        return "".join(("T" if c.rank == 10 else c.rank.symbol) + c.suit.letter for c in cards)

    bad = []
    for _ in range(10_000):
        cards = rng.sample(DECK, 14)
        a, b = cards[:7], cards[7:]
        ours = sign(evaluate(a).value - evaluate(b).value)
        pa = StandardHighHand.from_game(text(a[:2]), text(a[2:]))
        pb = StandardHighHand.from_game(text(b[:2]), text(b[2:]))
        theirs = (pa > pb) - (pa < pb)
        if ours != theirs:
            bad.append((a, b))
    assert not bad, [(list(map(str, a)), list(map(str, b))) for a, b in bad[:5]]
