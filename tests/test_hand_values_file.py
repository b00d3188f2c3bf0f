"""The evaluator's shipped table (course/hand_values.bin): complete, current, and right.

The table is generated from course/hands.py's own definitions (`make hand-table`). These tests
fail if the shipped file is stale (it differs from a rebuild), incomplete (some hand of up to
seven cards would fall outside it), or wrong (it orders hands differently from eval7, an
independent compiled evaluator, on every rank multiset and every flush).
"""

from collections import Counter
from itertools import accumulate, combinations, combinations_with_replacement

import eval7
import pytest

from course import hands
from course.cards import Card, Rank, Suit
from course.hands import TABLE_CARDS, TABLE_FILE, decode_table, fast_value, table_body

SUITS = list(Suit)


@pytest.fixture(scope="module")
def rebuilt():
    return table_body()


def test_the_shipped_file_is_what_a_rebuild_from_the_definitions_gives(rebuilt):
    assert decode_table(TABLE_FILE.read_bytes()) == rebuilt, "stale table: run `make hand-table`"


def test_the_loaded_table_is_the_shipped_file():
    body = decode_table(TABLE_FILE.read_bytes())
    count = len(hands._TABLE)
    assert list(accumulate(body[:count])) == list(hands._TABLE)
    assert list(body[count:2 * count]) == list(hands._TABLE.values())
    assert list(body[2 * count:]) == hands._FLUSH


def _rank_multisets(size):
    """Every rank multiset of `size` cards with at most four of a rank, enumerated independently."""
    for ranks in combinations_with_replacement(list(Rank), size):
        if max(Counter(ranks).values()) <= 4:
            yield ranks


def _offsuit(ranks):
    """Cards with these (sorted) ranks and no flush: the i-th card takes the (i mod 4)-th suit."""
    return [Card(rank, SUITS[i % 4]) for i, rank in enumerate(ranks)]


@pytest.mark.parametrize("size", range(1, TABLE_CARDS + 1))
def test_every_rank_multiset_up_to_seven_cards_is_in_the_table_and_ordered_as_eval7_orders_it(size):
    ours_to_eval7 = {}
    for ranks in _rank_multisets(size):
        cards = _offsuit(ranks)
        assert max(Counter(c.suit for c in cards).values()) < 5 and len(set(cards)) == size
        key = sum(5 ** (r - 2) for r in ranks)
        assert key in hands._TABLE, ranks
        ours = hands._TABLE[key]
        assert fast_value([c.code for c in cards]) == ours
        theirs = eval7.evaluate([eval7.Card(_ascii(c)) for c in cards])
        assert ours_to_eval7.setdefault(ours, theirs) == theirs, ranks  # equal for us, equal for eval7
    # Strictly increasing both ways: the two evaluators agree on every comparison of this size.
    theirs_in_our_order = [ours_to_eval7[v] for v in sorted(ours_to_eval7)]
    assert theirs_in_our_order == sorted(set(theirs_in_our_order))


def test_the_table_holds_nothing_but_hands_of_up_to_seven_cards():
    expected = sum(sum(1 for _ in _rank_multisets(n)) for n in range(1, TABLE_CARDS + 1))
    assert len(hands._TABLE) == expected == 76_154


@pytest.mark.parametrize("size", [5, 6, 7])
def test_every_one_suit_hand_is_ordered_as_eval7_orders_it(size):
    ours_to_eval7 = {}
    for ranks in combinations(list(Rank), size):
        cards = [Card(r, Suit.HEARTS) for r in ranks]
        ours = fast_value([c.code for c in cards])
        assert ours == hands._FLUSH[sum(1 << (r - 2) for r in ranks)]
        theirs = eval7.evaluate([eval7.Card(_ascii(c)) for c in cards])
        assert ours_to_eval7.setdefault(ours, theirs) == theirs, ranks
    theirs_in_our_order = [ours_to_eval7[v] for v in sorted(ours_to_eval7)]
    assert theirs_in_our_order == sorted(set(theirs_in_our_order))


def test_a_damaged_file_is_named_and_the_table_is_built_in_memory_instead(tmp_path, monkeypatch, rebuilt):
    broken = tmp_path / "hand_values.bin"
    broken.write_bytes(TABLE_FILE.read_bytes()[:-100])
    with pytest.raises(ValueError, match=r"hand_values\.bin: not a hand value table .*make hand-table"):
        decode_table(broken.read_bytes(), broken)
    monkeypatch.setattr(hands, "table_body", lambda: rebuilt)  # the slow rebuild, done once above
    with pytest.warns(UserWarning, match="hand_values.bin.*building the hand value table in memory"):
        table, flush = hands._load_tables(broken)
    assert table == hands._TABLE and flush == hands._FLUSH


def test_a_file_of_the_wrong_kind_is_refused():
    with pytest.raises(ValueError, match="does not start with the table header"):
        decode_table(b"not a table at all")


def _ascii(card):
    return ("T" if card.rank == 10 else card.rank.symbol) + card.suit.letter
