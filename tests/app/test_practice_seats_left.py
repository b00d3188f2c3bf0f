"""Practice draws Horn-A-Vika's seats-left question (OPR-535 1.3) with the number widget, marks it
with the engine's answer and names the folded-seat mistake, on a hand-written deal and a drill."""

from __future__ import annotations

from pathlib import Path

from tests.support.apptest import environment, open_app, pick_question
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()


def answer(at, deal: str, index: int, value: int):
    key = f"practice|{deal}|{index}"
    box = at.number_input(key=key)
    assert "more players" in box.label
    box.set_value(value)
    at.button(key=f"{key}:check").click().run()
    assert not at.exception, at.exception
    return at


def shown(at) -> str:
    return "\n".join(e.value for kind in (at.success, at.error, at.warning, at.info, at.markdown) for e in kind)


def test_the_try_it_asks_how_many_more_players_and_marks_the_engine_s_answer(tmp_path):
    deal = "try-hav-room-for-two-more"
    index = next(n for n, q in enumerate(COURSE.exercises[deal].questions) if q.ask == "seats_left")
    with environment(tmp_path / "p.db"):
        at = open_app("practice", query={"deal": deal})
        pick_question(at, deal, index)
        assert not at.exception, at.exception
        answer(at, deal, index, 2)
        assert any(s.value.startswith("Right.") for s in at.success)


def test_a_wrong_count_that_leaves_out_the_folded_players_is_named(tmp_path):
    deal = "hav-folded-seats-still-dealt"      # six seats, two folded: 1 is right, 3 the mistake
    with environment(tmp_path / "p.db"):
        at = open_app("practice", query={"deal": deal})
        answer(at, deal, 0, 3)
        assert not any(s.value.startswith("Right.") for s in at.success)
        assert "You counted only the players still in" in shown(at)


def test_a_seats_left_drill_opens_on_practice(tmp_path):
    deal = "gen/hav-seats-left/3"               # six players: one more could join
    with environment(tmp_path / "p.db"):
        at = open_app("practice", query={"deal": deal})
        assert not at.exception, at.exception
        keys = [w.key for w in at.number_input]
        assert len(keys) == 1, keys
        box = at.number_input(key=keys[0])
        box.set_value(1)
        at.button(key=f"{keys[0]}:check").click().run()
        assert not at.exception, at.exception
        assert any(s.value.startswith("Right.") for s in at.success)


def test_the_horn_a_vika_lesson_asks_it_as_the_try_it_of_the_section_that_teaches_the_limit(tmp_path):
    lesson = next(l for l in COURSE.lessons.values() if l.id == "horn-a-vika")
    section = next(s for s in lesson.sections if "hav-up-to-seven-players" in (s.points or ()))
    assert section.try_it == "try-hav-room-for-two-more"
    with environment(tmp_path / "p.db"):
        at = open_app("lesson", query={"id": lesson.id})
        assert not at.exception, at.exception
        labels = [w.label for w in at.number_input if w.key.startswith("lesson|try-hav-room-for-two-more|")]
        assert any("more players" in label for label in labels), labels
