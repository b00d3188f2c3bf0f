"""Cards drawn as cards: symbols, colours, hidden cards, deal order, seats, folded, shared."""

from __future__ import annotations

import re
from pathlib import Path

from course.app import cards_view
from course.app.cards_view import card_html, deal_html
from course.cards import Card


def labels(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]+)"', html)


def card_labels(html: str) -> list[str]:
    return re.findall(r'class="ssr-card[^"]*" role="img" aria-label="([^"]+)"', html)


def test_a_red_card_shows_rank_suit_and_words():
    html = card_html(Card.parse("Th"))
    assert 'aria-label="ten of hearts"' in html
    assert ">10<" in html and ">♥<" in html
    assert "ssr-red" in html


def test_black_cards_are_not_red():
    assert "ssr-red" not in card_html(Card.parse("As"))
    assert "ssr-red" not in card_html(Card.parse("2c"))
    assert "ssr-red" in card_html(Card.parse("Qd"))


def test_a_hidden_card_gives_nothing_away():
    html = card_html(Card.parse("Ks"), face_up=False, visible=False)
    assert "ssr-back" in html
    assert "K" not in html.replace("ssr-back", "") and "♠" not in html
    assert labels(html) == ["face-down card"]


def test_a_visible_hole_card_is_marked_down():
    html = card_html(Card.parse("9d"), face_up=False, visible=True)
    assert "ssr-down" in html and ">down<" in html
    assert labels(html) == ["nine of diamonds, face down"]


def test_rows_follow_the_deal_order():
    hands = {"Ava": {"down": "Kc Qd 3s", "up": "2h 7c 8c 9c"}}
    html = deal_html(["Ava"], hands)
    assert card_labels(html) == [
        "king of clubs, face down", "queen of diamonds, face down", "two of hearts",
        "seven of clubs", "eight of clubs", "nine of clubs", "three of spades, face down"]


def test_hole_cards_hidden_when_asked():
    html = deal_html(["Ava"], {"Ava": {"down": "Kc Qd", "up": "2h"}}, show_down=False)
    assert card_labels(html) == ["face-down card", "face-down card", "two of hearts"]


def test_seats_in_clockwise_order_with_the_dealer_and_folded_players():
    hands = {"Cara": {"up": "As"}, "Ava": {"up": "2h"}, "Ben": {"up": "2c", "folded": True}}
    html = deal_html(["Ava", "Ben", "Cara"], hands)
    seats = re.findall(r'aria-label="(Seat \d: [^"]+)"', html)
    assert seats == ["Seat 1: Ava", "Seat 2: Ben, folded", "Seat 3: Cara"]
    assert "starting with Ava" in html
    ben = html[html.index("Seat 2: Ben"):html.index("Seat 3: Cara")]
    assert "ssr-folded" in html[:html.index("Seat 2: Ben")].rsplit("<div", 1)[-1]
    assert ">folded<" in ben
    assert html.count("ssr-folded") == 1


def test_a_dealer_who_plays_is_marked_on_the_seat():
    html = deal_html(["Ava", "Ben"], {"Ava": {"up": "2h"}, "Ben": {"up": "3h"}}, dealer="Ben")
    ben = html[html.index("Seat 2: Ben"):]
    assert 'aria-label="dealer"' in ben
    assert "starting with" not in html


def test_the_shared_card_sits_apart():
    html = deal_html(["Ava", "Ben"], {"Ava": {"up": "2h"}, "Ben": {"up": "3h"}}, shared=["8s"],
                     shared_label="Spit card")
    shared = html[html.index("ssr-shared"):]
    assert 'aria-label="Spit card"' in shared
    assert card_labels(shared) == ["eight of spades"]
    assert "eight of spades" not in html[:html.index("ssr-shared")]


def test_names_and_captions_are_escaped():
    html = deal_html(["<b>Ava</b>"], {"<b>Ava</b>": {"up": "2h"}}, caption="a <script> & b")
    assert "<b>" not in html and "<script>" not in html
    assert "&lt;b&gt;Ava&lt;/b&gt;" in html and "a &lt;script&gt; &amp; b" in html


def test_html_is_one_line_for_markdown():
    html = deal_html(["Ava"], {"Ava": {"down": "Kc Qd", "up": "2h"}}, caption="x")
    assert "\n" not in html


def test_card_text_colours_red_cards_in_widget_labels():
    assert cards_view.card_text(Card.parse("10h")) == ":red[10♥]"
    assert cards_view.card_text(Card.parse("10s")) == "10♠"


def test_cards_in_explanations_are_coloured_and_words_stay_words():
    from course.app.quiz import card_words
    assert card_words("Ava (2♥) and Ben (2♣) tie") == "Ava (:red[2♥]) and Ben (2♣) tie"
    assert card_words("As the rules say, pay $5") == "As the rules say, pay \\$5"


def test_the_shared_card_is_named_as_each_game_names_it():
    from pathlib import Path

    from course.content import load_exercise

    root = Path(__file__).resolve().parents[2] / "exercises"
    spit, _ = load_exercise(root / "horn-a-vika" / "hav-showdown-eight-cards.yaml")
    stud, _ = load_exercise(root / "stud-high" / "shared-seventh-card.yaml")
    assert 'aria-label="Spit card"' in cards_view.exercise_html(spit)
    assert 'aria-label="Shared card"' in cards_view.exercise_html(stud)


def seat_cards(html: str, seat: str) -> list[str]:
    """The card labels of one seat's row, in the order drawn."""
    row = re.search(r'aria-label="Seat \d+: ' + re.escape(seat) + r'[^"]*">(.*?)</div></div>', html)
    assert row, seat
    return card_labels(row.group(1))


def test_hole_cards_a_deal_leaves_out_are_drawn_as_backs_in_their_places():
    from course import content
    course = content.load_course(Path(__file__).resolve().parents[2])
    ex = course.exercises["hpd-3-fifth-street-opener-and-amounts"]      # fifth street, up cards only
    assert all(not h.down for h in ex.hands.values())
    html = cards_view.exercise_html(ex, show_down=False)
    assert seat_cards(html, "Ava") == ["face-down card", "face-down card", "king of hearts",
                                       "king of diamonds", "two of clubs"]
    # a folded player's mucked cards are not invented; the lesson diagram names its street
    lesson = course.lessons["opener"] if isinstance(course.lessons, dict) else \
        next(l for l in course.lessons if l.id == "opener")
    deal = next(s.deal for s in lesson.sections if s.deal and "Ben folded" in (s.deal.caption or ""))
    assert deal.street == "fifth"
    unknown = cards_view.unknown_hole_cards("stud-high", deal.street, deal.hands, deal.shared)
    assert unknown == {"Ava": 2, "Cara": 2}


def test_unknown_hole_cards_follow_the_deal_timeline():
    hands = {"Ava": {"up": "As Kd Qh Jc"}, "Ben": {"down": "2c 3d 4h", "up": "5s 6c 7d 8h"}}
    assert cards_view.unknown_hole_cards("stud-high", "sixth", hands) == {"Ava": 2}
    assert cards_view.unknown_hole_cards("stud-high", "seventh", hands) == {"Ava": 3}
    # with the shared seventh card nobody gets a seventh card of their own
    assert cards_view.unknown_hole_cards("stud-high", "seventh", hands, ["9s"]) == {"Ava": 2}
    # Horn-A-Vika deals as stud and its spit card replaces nobody's card (the game spec says so)
    assert cards_view.unknown_hole_cards("horn-a-vika", "seventh", hands, ["9s"]) == {"Ava": 3}
    # a game whose cards change hands, and unnamed moments: nothing is invented
    assert cards_view.unknown_hole_cards("have-a-heart", "sixth", hands) == {}
    assert cards_view.unknown_hole_cards("stud-high", None, hands) == {}


def test_the_pot_is_drawn_under_the_seats_or_marked_as_asked():
    hands = {"Ava": {"up": "2h"}, "Ben": {"up": "3h"}}
    html = deal_html(["Ava", "Ben"], hands, pot=12)
    assert 'aria-label="Pot: 12"' in html and html.index("ssr-pot") > html.index("Seat 2: Ben")
    asked = deal_html(["Ava", "Ben"], hands, pot="?")
    assert "Pot: ?" in asked and "12" not in asked and "the question asks" in asked
    assert "ssr-pot" not in deal_html(["Ava", "Ben"], hands)


def test_a_seat_whose_holding_is_asked_draws_no_cards():
    from course.app.cards_view import SeatView
    from course.cards import parse_cards

    seat = SeatView("Ava", tuple(parse_cards("Kc Qd")), tuple(parse_cards("2h")), asked=True)
    html = deal_html(["Ava", "Ben"], {"Ava": seat, "Ben": {"up": "3h"}})
    assert seat_cards(html, "Ben") == ["three of hearts"]
    assert "king of clubs" not in html and "two of hearts" not in html
    assert "Seat 1: Ava, cards not shown" in html
