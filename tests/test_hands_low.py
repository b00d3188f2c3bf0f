"""Low orders (course/hands.py): ace-to-five for razz, eight-or-better for the low half of Hi-Lo.

Named cases from Robert's Rules (RRP-H 9.2, 10.2, 10.6), a brute-force reference that knows
nothing of the evaluator's table (every five-card choice of the hand, ranked by the plain rule),
pokerkit's own low evaluators (RegularLowHand, EightOrBetterLowHand), and the shipped table file.
The long runs (200,000 hands, 50,000 pairs) are behind the `slow` marker; the default run is
smaller with the same code.
"""

import random
from collections import Counter
from itertools import accumulate, combinations, combinations_with_replacement

import pytest
from pokerkit import EightOrBetterLowHand, RegularLowHand

from course import hands
from course.cards import DECK, Card, Rank, Suit
from course.hands import (
    ACE_TO_FIVE, EIGHT_MIN, EIGHT_OR_BETTER, LOW_TABLE_FILE, NO_LOW, Category, decode_low_table,
    eight_fast_value, evaluate_low, low_fast_value, low_table_body, low_value,
)
from course.rules import citations
from tests.support.lookups import highest_card, lowest_card

CODES = [c.code for c in DECK]


def ascii_card(card):
    return ("T" if card.rank == 10 else card.rank.symbol) + card.suit.letter


# --- the reference: brute force over every five cards, straight from the rule text ---------------


def ref_five(ranks):
    """Badness of five ranks (ace as 1) as a tuple; smaller is a better low. Straights and flushes
    are not looked at (RRP-H 9.2); the kinds are the high order's, read upside down."""
    count = Counter(ranks)
    shape = tuple(sorted(count.values(), reverse=True))
    kind = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[shape]
    return (kind, *sorted(count, key=lambda r: (count[r], r), reverse=True))


def low_ranks(cards):
    return [1 if c.rank == Rank.ACE else int(c.rank) for c in cards]


def ref_razz(cards):
    return min(ref_five(low_ranks(five)) for five in combinations(cards, 5))


def ref_eight(cards):
    """Best qualifying low: five different ranks of eight or lower (RRP-H 10.2), or None."""
    lows = [ref_five(r) for five in combinations(cards, 5)
            if len(set(r := low_ranks(five))) == 5 and max(r) <= 8]
    return min(lows) if lows else None


def sign(x):
    return (x > 0) - (x < 0)


def agree_with_reference(deals):
    """Both orders on each hand: our value must be a strictly decreasing function of the
    reference's badness (equal exactly when the reference is equal), and the full path must
    pick five cards that make the value."""
    seen = {ACE_TO_FIVE: {}, EIGHT_OR_BETTER: {}}
    for cards in deals:
        codes = [c.code for c in cards]
        ours, ref = low_fast_value(codes), ref_razz(cards)
        assert seen[ACE_TO_FIVE].setdefault(ours, ref) == ref, [str(c) for c in cards]
        eight, ref8 = eight_fast_value(codes), ref_eight(cards)
        assert (eight == NO_LOW) == (ref8 is None), [str(c) for c in cards]
        if ref8 is not None:
            assert eight == ours and seen[EIGHT_OR_BETTER].setdefault(eight, ref8) == ref8
    for table in seen.values():
        refs = [table[v] for v in sorted(table)]
        assert refs == sorted(set(refs), reverse=True)  # one value per reference, same order
    return seen


# --- named cases ---------------------------------------------------------------------------


def test_the_wheel_is_the_best_low_and_a_straight_or_flush_costs_it_nothing():
    wheel = low_value("5♥ 4♥ 3♥ 2♥ A♥")  # a straight flush for high
    assert wheel == max(low_fast_value(list(five)) for five in combinations(CODES[:20], 5))
    assert wheel == low_value("5♠ 4♥ 3♦ 2♣ A♥")
    assert evaluate_low("A♥ 2♥ 3♥ 4♥ 5♥").label == "five-four low"


def test_the_ace_is_low_in_razz():
    assert low_value("A♠ 2♦ 3♣ 4♥ 6♠") > low_value("2♦ 3♣ 4♥ 6♠ 7♠")
    assert evaluate_low("K♠ A♦ 9♣ 4♥ 2♠ 3♦ 7♣").label == "seven-four low"


def test_a_pair_counts_against_a_razz_hand():
    assert low_value("K♠ Q♦ J♣ 10♥ 9♠") > low_value("A♠ A♦ 2♣ 3♥ 4♠")
    paired = evaluate_low("A♠ A♦ 2♣ 3♥ 4♠ 4♦ 2♥")  # only four ranks: a pair is forced
    assert paired.category is Category.ONE_PAIR and paired.label == "one pair of aces"
    assert "a pair counts against a low" in paired.words
    assert sorted(c.rank for c in paired.cards).count(Rank.ACE) == 2


def test_paired_lows_go_one_pair_two_pair_trips_full_house_quads():
    order = ["A♠ A♦ 2♣ 3♥ 4♠", "A♠ A♦ 2♣ 2♥ 4♠", "A♠ A♦ A♣ 2♥ 3♠", "A♠ A♦ A♣ 2♥ 2♠", "A♠ A♦ A♣ A♥ 2♠"]
    values = [low_value(h) for h in order]
    assert values == sorted(values, reverse=True)
    assert evaluate_low("A♠ A♦ A♣ A♥ K♠ K♦ K♣").category is Category.FULL_HOUSE  # aces full beats quads


def test_seven_cards_pick_the_lowest_five_different_ranks():
    hand = evaluate_low("7♠ 5♥ K♦ 4♦ 2♣ A♥ K♠")
    assert hand.label == "seven-five low"
    assert hand.words == "seven-five low: seven, five, four, two and ace"
    assert [str(c) for c in hand.cards] == ["7♠", "5♥", "4♦", "2♣", "A♥"]
    assert hand.value == low_value(hand.cards)


def test_eight_or_better_qualifies_only_with_five_different_ranks_of_eight_or_lower():
    assert evaluate_low("8♠ 7♦ 6♣ 4♥ 2♠ K♦ K♣", EIGHT_OR_BETTER).label == "eight-seven low"
    nine = evaluate_low("9♠ 7♦ 6♣ 4♥ 2♠ K♦ K♣", EIGHT_OR_BETTER)
    assert not nine.qualifies and nine.value == NO_LOW and nine.label == "no qualifying low"
    assert nine.words.startswith("no qualifying low: a low needs five different ranks of eight or lower")
    assert "nine-seven low" in nine.words and nine.cards == ()
    four_ranks = evaluate_low("A♠ A♦ 2♣ 3♥ 4♠ 4♦ 2♥", EIGHT_OR_BETTER)  # a pair is not a low
    assert not four_ranks.qualifies and "still hold a pair" in four_ranks.words
    assert eight_fast_value([Card.parse(c).code for c in "8♠ 7♦ 6♣ 5♥ 4♠".split()]) == EIGHT_MIN
    assert low_value("A♥ 2♥ 3♥ 4♥ 5♥", EIGHT_OR_BETTER) == low_value("A♥ 2♥ 3♥ 4♥ 5♥")


def test_the_same_hand_may_use_other_cards_for_low_than_for_high():
    cards = "A♠ 2♠ 3♠ 4♠ 6♠ 7♦ 8♣"
    high, low = hands.evaluate(cards), evaluate_low(cards, EIGHT_OR_BETTER)
    assert high.category is Category.FLUSH and Card.parse("7♦") not in high.cards
    assert low.label == "six-four low" and Card.parse("7♦") not in low.cards
    assert low.cards != high.cards


@pytest.mark.parametrize("row, label", [
    ("7♠ 4♥", "seven-four low"), ("K♠", "king low"), ("A♣ 2♦ 3♥ 4♠", "four-three low"),
    ("5♠ 5♥", "one pair of fives"), ("Q♠ 9♦ 9♣", "one pair of nines"),
])
def test_short_rows_for_the_razz_opener(row, label):
    hand = evaluate_low(row)
    assert hand.label == label and hand.size == len(row.split())
    assert ("short hand" in hand.words) is (hand.size > 1)     # one door card is a card, not a short hand


def test_the_lowest_showing_row_and_a_pair_showing_counts_against_it():
    rows = {"Ann": "8♠ 7♦ 6♣ 5♥", "Bob": "2♠ 2♦ 3♣ 4♥", "Cy": "8♣ 7♠ 6♦ 4♦"}
    best = max(rows, key=lambda p: low_value(rows[p]))
    assert best == "Cy" and low_value(rows["Ann"]) > low_value(rows["Bob"])


def test_a_short_hand_never_qualifies_for_eight_or_better():
    assert low_value("A♣ 2♦ 3♥ 4♠", EIGHT_OR_BETTER) == NO_LOW
    assert "needs five cards" in evaluate_low("A♣ 2♦ 3♥ 4♠", EIGHT_OR_BETTER).words


def test_more_than_seven_cards_are_valued_from_the_rules():
    for text, label in (("K♠ K♦ Q♣ Q♥ J♠ J♦ 10♣ 9♥ 9♠ 2♣", "queen-jack low"),
                        ("K♠ K♦ K♣ Q♥ Q♠ Q♦ 3♣ 3♥ 3♦", "two pair, queens and threes"),
                        ("A♠ A♦ A♣ A♥ 2♠ 2♦ 2♣ 2♥", "a full house, aces full of twos"),
                        ("A♠ A♦ A♣ A♥ 2♠ 2♦ 2♣ 2♥ 3♠", "two pair, twos and aces")):
        cards = [Card.parse(c) for c in text.split()]
        assert evaluate_low(cards).label == label
        agree_with_reference([cards])


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="'high-low' is not a low order"):
        low_value("A♠", "high-low")
    with pytest.raises(ValueError, match="at least one card"):
        evaluate_low([])


def test_every_low_citation_is_registered_and_paired_lows_are_the_courses_own():
    table = citations()
    for cards, order in (("A♠ A♦ 2♣ 3♥ 4♠", ACE_TO_FIVE), ("7♠ 4♥", ACE_TO_FIVE), ("9♠ 7♦ 6♣ 4♥ 2♠", EIGHT_OR_BETTER)):
        for key in evaluate_low(cards, order).cite:
            assert key in table, key
    assert table['COURSE "Paired lows"'].course_default and not table["RRP-H 9.2"].course_default


# --- against the brute-force reference -----------------------------------------------------


def random_hands(count, seed, size=7):
    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(count)]


def test_agrees_with_brute_force_on_random_seven_card_hands():
    agree_with_reference(random_hands(2_000, 20))


@pytest.mark.slow
def test_agrees_with_brute_force_on_200000_random_seven_card_hands():
    seen = agree_with_reference(random_hands(200_000, 2026))
    assert len(seen[EIGHT_OR_BETTER]) > 50  # many different qualifying lows were met


def compare_pairs(pairs):
    bad = []
    for a, b in pairs:
        for fast, ref in ((low_fast_value, lambda h: ref_razz(h)),
                          (eight_fast_value, lambda h: (ref_eight(h) or (99,)))):
            ours = sign(fast([c.code for c in a]) - fast([c.code for c in b]))
            theirs = (ref(a) < ref(b)) - (ref(a) > ref(b))
            if ours != theirs:
                bad.append(([str(c) for c in a], [str(c) for c in b], ours, theirs))
    return bad


def shared_pairs(count, seed):
    """Pairs of seven-card hands sharing four face-up-like cards, so that many pairs tie."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        cards = rng.sample(DECK, 10)
        pairs.append((cards[:7], cards[:4] + cards[7:]))
    return pairs


def test_agrees_with_brute_force_on_pairs():
    bad = compare_pairs(shared_pairs(800, 21))
    assert not bad, bad[:5]


@pytest.mark.slow
def test_agrees_with_brute_force_on_50000_pairs():
    pairs = shared_pairs(50_000, 22)
    bad = compare_pairs(pairs)
    assert not bad, bad[:5]
    ties = sum(low_fast_value([c.code for c in a]) == low_fast_value([c.code for c in b]) for a, b in pairs)
    assert ties > 500  # the shared cards make ties common enough to be tested


# --- against pokerkit's low evaluators -----------------------------------------------------


def pokerkit_both(cards):
    text = "".join(map(ascii_card, cards))
    razz = RegularLowHand.from_game(text)
    try:
        eight = EightOrBetterLowHand.from_game(text)
    except ValueError:  # pokerkit: "No valid EightOrBetterLowHand hand can be formed"
        eight = None
    return razz, eight


def agree_with_pokerkit(deals):
    ours = [(low_fast_value([c.code for c in h]), eight_fast_value([c.code for c in h])) for h in deals]
    theirs = [pokerkit_both(h) for h in deals]
    for (razz, eight), (p_razz, p_eight), h in zip(ours, theirs, deals):
        assert (eight == NO_LOW) == (p_eight is None), [str(c) for c in h]
    # Sorting by our value must sort pokerkit's hands too, with ties in the same places.
    for index in (0, 1):
        pairs = sorted((o[index], t[index]) for o, t in zip(ours, theirs) if t[index] is not None)
        for (v1, t1), (v2, t2) in zip(pairs, pairs[1:]):
            assert (v1 == v2) == (t1 == t2) and (v1 < v2) == (t1 < t2), (t1, t2)


def test_agrees_with_pokerkit_on_random_seven_card_hands():
    agree_with_pokerkit(random_hands(600, 23))


def _offsuit(ranks):
    return [Card(rank, list(Suit)[i % 4]) for i, rank in enumerate(ranks)]


def test_agrees_with_pokerkit_on_every_five_card_rank_multiset():
    deals = [_offsuit(r) for r in combinations_with_replacement(list(Rank), 5) if max(Counter(r).values()) <= 4]
    assert len(deals) == 6_175
    agree_with_pokerkit(deals)


@pytest.mark.slow
def test_agrees_with_pokerkit_on_50000_random_seven_card_hands():
    agree_with_pokerkit(random_hands(50_000, 24))


# --- the shipped table ---------------------------------------------------------------------


def test_the_shipped_low_table_is_what_a_rebuild_from_the_definitions_gives():
    assert decode_low_table(LOW_TABLE_FILE.read_bytes()) == low_table_body(), "stale table: run `make low-table`"


def test_the_loaded_low_table_is_the_shipped_file_keyed_like_the_high_table():
    body = decode_low_table(LOW_TABLE_FILE.read_bytes())
    assert list(hands._LOW) == list(hands._TABLE)
    assert list(hands._LOW.values()) == list(body)


def test_a_broken_low_table_file_is_named_and_rebuilt_in_memory(tmp_path):
    bad = tmp_path / "low_values.bin"
    bad.write_bytes(b"not a table")
    with pytest.raises(ValueError, match=r"low_values.bin: not a low value table .*make low-table"):
        decode_low_table(bad.read_bytes(), bad)
    with pytest.warns(UserWarning, match="building the low value table in memory"):
        table = hands._load_low_table(bad)
    assert table == hands._LOW


# --- the order registry and single cards -----------------------------------------------------


def test_each_hand_order_gives_its_value_and_its_words():
    cards = "A♠ 2♠ 3♠ 4♠ 6♠ 7♦ 9♣"
    assert hands.hand_order("high").value(cards) == hands.hand_value(cards)
    assert hands.hand_order(ACE_TO_FIVE).value(cards) == low_value(cards)
    assert hands.hand_order(EIGHT_OR_BETTER).full(cards).label == "six-four low"
    assert hands.hand_order("high").full(cards).category is Category.FLUSH
    assert hands.hand_order(EIGHT_OR_BETTER).value("9♠ 10♦ J♣ Q♥ K♠") == NO_LOW
    for order in hands.HAND_ORDERS.values():
        assert all(key in citations() for key in order.cite)
    with pytest.raises(ValueError, match="'razz' is not a hand order: expected one of high, ace-to-five"):
        hands.hand_order("razz")


def test_the_razz_bring_in_card_counts_the_ace_low_and_breaks_ties_by_suit():
    doors = ["K♥", "A♠", "K♠", "7♦"]
    assert str(highest_card(doors, ace_low=True)) == "K♠"   # RRP-H 9.3 and Ties 1
    assert str(highest_card(doors)) == "A♠"
    assert str(lowest_card(["A♣", "2♦", "2♣", "9♠"])) == "2♣"  # Hi-Lo: the ace counts high
    assert str(lowest_card(["A♣", "2♦", "2♣"], ace_low=True)) == "A♣"
    assert hands.card_key("A♥", ace_low=True) < hands.card_key("2♣", ace_low=True)
