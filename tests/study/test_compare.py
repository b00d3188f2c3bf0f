"""The verdict reads the learner's own answer on Practice: a wrong best five is marked on the
cards (the wrong ones crossed, the missing ones outlined) with one contrast line, and a wrong
contributions answer names each wrong field with what was given and what is right."""

from __future__ import annotations

from pathlib import Path

from tests.support.apptest import environment, texts
from tests.app.test_practice import answer_with, open_deal
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()


def test_a_wrong_best_five_is_marked_on_the_cards(tmp_path):
    ex = COURSE.exercises["showdown-unused-sixth-card"]
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        answer_with(at, ex, ex.questions[0], 0, "cards", ["K♠", "K♥", "A♦", "Q♣", "8♦"])
        marked = "".join(h.proto.body for h in at.get("html"))
        assert 'aria-label="eight of diamonds, not in the best hand"' in marked
        assert 'aria-label="nine of spades, missing from your hand"' in marked
        assert marked.count("ssr-mark ssr-wrong") == 1 and marked.count("ssr-mark ssr-missing") == 1
        assert "the nine beats the eight where the two hands first differ" in texts(at)


def test_a_wrong_contributions_answer_names_each_wrong_field(tmp_path):
    ex = COURSE.exercises["hpd-3-fifth-street-opener-and-amounts"]
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        answer_with(at, ex, ex.questions[3], 3, "map", {"Ava": 8, "Ben": 8, "Cara": 8})
        page = texts(at)
        assert "Wrong: **Ava**\\: 8 given, 16 right; **Ben**\\: 8 given, 16 right; **Cara**\\: 8 given, 16 right." in page
        # one mistake named, the one that reproduces the answer
        known = [w.value for w in at.warning if w.value.startswith("**Known mistake.**")]
        assert len(known) == 1 and "small amount" in known[0]


def test_wrong_pot_matches_are_read_by_player():
    from course.study import compare

    ex = COURSE.exercises["mistake-spit-card-hole-cards"]
    q = ex.questions[0]                              # right: Cara alone matches, for 13
    asked_too = compare.compare(ex, q, [{"Ava": 13}, {"Cara": 26}])
    assert asked_too.line == ("Your answer, Ava pays 13, Cara pays 26: Ava does not have to match the pot; "
                              "Cara pays 13, not 26.")
    left_out = compare.compare(ex, q, [])
    assert left_out.missing == ["Cara"] and left_out.line.endswith("Cara must match too, paying 13.")
    earlier = COURSE.exercises["mistake-match-before-earlier"]     # right: Ava 61, then Ben 122
    order = compare.compare(earlier, earlier.questions[0], [{"Ben": 122}, {"Ava": 61}])
    assert order.line.endswith("the order is Ava and Ben.")
