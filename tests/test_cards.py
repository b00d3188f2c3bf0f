"""Cards: every notation authors use, the symbol form out, clear errors in."""

import pytest

from course.cards import DECK, Card, CardError, DuplicateCardError, Rank, Suit, ensure_unique, parse_cards


@pytest.mark.parametrize("text", ["10♥", "Th", "th", "TH", "10h", "10H", "t♥", " 10♥ ", "10♥\ufe0f"])
def test_every_notation_of_the_ten_of_hearts_parses_to_the_same_card(text):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (Rank.TEN, Suit.HEARTS)
    assert str(card) == "10♥"


@pytest.mark.parametrize("text, shown", [("A♠", "A♠"), ("As", "A♠"), ("AS", "A♠"), ("2c", "2♣"), ("kd", "K♦"), ("Q♣", "Q♣")])
def test_symbol_form_is_printed(text, shown):
    assert str(Card.parse(text)) == shown


def test_label_is_what_a_screen_reader_says():
    assert Card.parse("Th").label == "ten of hearts"
    assert Card.parse("6s").label == "six of spades"


@pytest.mark.parametrize("bad", ["1♠", "11h", "Ax", "", "A", "♠A", "10", "AA", "Joker"])
def test_bad_text_is_quoted_and_the_card_shape_explained(bad):
    with pytest.raises(CardError) as err:
        Card.parse(bad)
    assert repr(bad) in str(err.value)
    assert "rank 2-10, J, Q, K, A or T; suit ♣ ♦ ♥ ♠ or c d h s" in str(err.value)


def test_message_matches_the_issue_example():
    with pytest.raises(CardError, match=r"^'1♠' is not a card: rank 2-10, J, Q, K, A or T; suit ♣ ♦ ♥ ♠ or c d h s$"):
        Card.parse("1♠")


def test_card_list_as_yaml_list_or_space_separated_string():
    assert parse_cards("K♣ Q♦") == parse_cards(["Kc", "qd"]) == [Card(Rank.KING, Suit.CLUBS), Card(Rank.QUEEN, Suit.DIAMONDS)]
    assert parse_cards(None) == []
    assert parse_cards("") == []


def test_a_non_list_is_an_error():
    with pytest.raises(CardError, match="not a list of cards"):
        parse_cards(42)


def test_duplicate_card_names_both_places():
    with pytest.raises(DuplicateCardError) as err:
        ensure_unique([("Ava up", parse_cards("A♠")), ("Ben down", parse_cards("2c As"))])
    assert str(err.value) == "'A♠' is dealt twice: Ava up and Ben down"
    ensure_unique([("Ava", parse_cards("As Ks")), ("Ben", parse_cards("Ah"))])  # no error


def test_deck_has_52_distinct_cards_and_suit_order_clubs_diamonds_hearts_spades():
    assert len(set(DECK)) == 52
    assert sorted(Suit) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert [s.is_red for s in Suit] == [False, True, True, False]


def test_cards_built_directly_equal_parsed_cards():
    assert Card(Rank.ACE, Suit.SPADES) == Card.parse("As")
    assert hash(Card(Rank.ACE, Suit.SPADES)) == hash(Card.parse("As"))
    assert Card(Rank.ACE, Suit.SPADES).code == Card.parse("As").code
