"""The Author preview takes a PHH hand history: an uploaded .phh is imported as
`python -m course import-phh` would, then checked and shown like any exercise, with its verdict
and the engine's answers; a hand the course cannot take shows the refusal (file:line and why),
never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from course import content
from course.asks import solvers
from course.content.phh_import import check_import, import_hand
from course.content.phh import read_phh
from tests.support.apptest import environment, open_app, texts

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "exercises" / "stud-high" / "phh" / "four-handed-full-house.phh"


@pytest.fixture
def db(tmp_path):
    with environment(tmp_path / "progress.db"):
        yield tmp_path / "progress.db"


def _upload(name: str, data: bytes):
    at = open_app("author")
    at.button_group(key="author_source").set_value("Upload a file").run()
    at.file_uploader(key="author_upload").upload(name, data, "application/octet-stream")
    at.run()
    assert not at.exception
    return at


def test_an_uploaded_hand_history_is_shown_as_its_exercise_with_the_engines_answers(db):
    at = _upload(HAND.name, HAND.read_bytes())
    page = texts(at)
    assert any("no problems found" in s.value for s in at.success), page
    assert "Imported four-handed-full-house.phh as the whole-hand exercise `phh-four-handed-full-house`" in page
    exercise = check_import(import_hand(read_phh(HAND)))
    award = next(q for q in exercise.questions if q.ask == "award")
    assert solvers.answer(exercise, award).value == {"Ann": 80}
    assert "Engine: **Ann 80**" in page and "Engine: **Dee**" in page   # the award; the bring-in
    written = HAND.with_suffix(".yaml").read_text(encoding="utf-8")   # what import-phh wrote for the course
    assert any(c.value.rstrip() == written.rstrip() for c in at.code)


def test_a_hand_the_course_cannot_take_shows_the_refusal_not_a_traceback(db):
    # Ann shows at the showdown hole cards her deal writes as ?? (unknown)
    unknown = HAND.read_text(encoding="utf-8").replace('"d dh p1 Qc8c8s"', '"d dh p1 ????8s"')
    shows = unknown.splitlines().index('  "p1 sm -",') + 1
    at = _upload("unknown.phh", unknown.encode("utf-8"))
    errors = "\n".join(e.value for e in at.error)
    assert "unknown.phh cannot be imported" in errors and f"unknown.phh:{shows}: " in errors
    assert "Ann shows at the showdown" in errors and not at.success
    at = _upload("razz.phh", (ROOT / "tests" / "fixtures" / "phh" / "razz-pair-counts-against.phh").read_bytes())
    page = texts(at)
    assert not at.exception
    if content.GAMES.get("razz") is None:
        assert "razz.phh:3: variant FR is razz, which the course does not teach yet" in page
    else:
        assert any("no problems found" in s.value for s in at.success), page


def test_a_damaged_upload_is_refused_with_its_line(db):
    at = _upload("bad.phh", b'variant = "F7S"\nantes = [1, 1\n')
    assert any("bad.phh:2: not valid TOML" in e.value for e in at.error)
    at = _upload("binary.phh", b"\xff\xfe\x00")
    assert any("binary.phh cannot be read: it is not UTF-8" in e.value for e in at.error)
