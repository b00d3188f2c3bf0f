"""The author preview's file picker on a course of more files than it lists: a search by words of
the path, a cap on the names sent to the browser, a problems-only switch, and /author?file= opening
a file past the cap."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.apptest import environment, open_app, texts
from course.app.screens.author import SHOWN_FILES, WARNING

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml").read_text(encoding="utf-8")
DEALS = SHOWN_FILES + 50
BROKEN = ["exercises/broken-card.yaml", "exercises/broken-field.yaml"]


def deal(n: int) -> str:
    return f"exercises/deal-{n:03d}.yaml"


@pytest.fixture(scope="module")
def big_course(tmp_path_factory) -> Path:
    """DEALS valid copies of one exercise (ids of their own) and two broken files."""
    root = tmp_path_factory.mktemp("picker") / "course"
    (root / "exercises").mkdir(parents=True)
    for n in range(DEALS):
        (root / deal(n)).write_text(SOURCE.replace("id: hpd-1-bring-in-suit-tie", f"id: deal-{n}", 1),
                                    encoding="utf-8")
    (root / BROKEN[0]).write_text(SOURCE.replace("id: hpd-1-bring-in-suit-tie", "id: card", 1)
                                  .replace("up: 2♥", "up: 1x", 1), encoding="utf-8")
    (root / BROKEN[1]).write_text(SOURCE.replace("id: hpd-1-bring-in-suit-tie", "id: field", 1)
                                  .replace("Ben:", "Ben:\n  Extra: 1\n  Bad:", 1), encoding="utf-8")
    return root


def labels(at) -> list[str]:
    return at.selectbox(key="author_file").options


def options(at) -> list[str]:
    """The files listed (labels without the mark of a file with problems)."""
    return [label.removeprefix(WARNING) for label in labels(at)]


def find(at, words: str):
    at.text_input(key="author_find").input(words).run()
    assert not at.exception
    return at


def test_the_list_is_cut_and_says_how_many_files_match(big_course, tmp_path):
    with environment(tmp_path / "p.db", content=big_course):
        at = open_app("author")
        assert not at.exception
        assert len(options(at)) == SHOWN_FILES
        total = DEALS + len(BROKEN)
        assert any(f"Showing the first {SHOWN_FILES} of {total} matching files" in c.value
                   for c in at.caption), texts(at)
        assert at.selectbox(key="author_file").value == options(at)[0]


def test_every_word_must_match_in_any_case(big_course, tmp_path):
    with environment(tmp_path / "p.db", content=big_course):
        at = find(open_app("author"), "DEAL 12")
        # deal-012, -112, -212 and -120 to -129
        expected = {deal(n) for n in (12, 112, 212, *range(120, 130))}
        assert set(options(at)) == expected
        assert at.selectbox(key="author_file").value in expected
        assert not any("Showing the first" in c.value for c in at.caption)
        find(at, "deal 12 nothing-like-this")
        assert not at.selectbox
        assert any("No file matches" in i.value for i in at.info)


def test_a_choice_still_matching_is_kept_and_one_filtered_out_gives_way(big_course, tmp_path):
    with environment(tmp_path / "p.db", content=big_course):
        at = find(open_app("author"), "deal-1")
        at.selectbox(key="author_file").set_value(deal(150)).run()
        find(at, "deal-15")
        assert at.selectbox(key="author_file").value == deal(150)
        find(at, "deal-2")
        assert at.selectbox(key="author_file").value == options(at)[0]
        assert options(at)[0].startswith("exercises/deal-2")


def test_the_file_link_opens_a_file_past_the_cut(big_course, tmp_path):
    wanted = deal(DEALS - 1)
    with environment(tmp_path / "p.db", content=big_course):
        assert wanted not in options(open_app("author"))       # past the first SHOWN_FILES
        at = open_app("author", query={"file": wanted})
        assert not at.exception
        assert at.selectbox(key="author_file").value == wanted
        assert wanted in options(at)
        assert any(f"{wanted}: no problems found" in s.value for s in at.success), texts(at)


def test_only_files_with_problems_lists_exactly_the_broken_files(big_course, tmp_path):
    with environment(tmp_path / "p.db", content=big_course):
        at = open_app("author")
        marked = [label.removeprefix(WARNING) for label in labels(at) if label.startswith(WARNING)]
        assert sorted(marked) == BROKEN                       # marked in the full list
        at.toggle(key="author_broken").set_value(True).run()
        assert not at.exception
        assert sorted(labels(at)) == [WARNING + name for name in BROKEN]
        assert at.selectbox(key="author_file").value in BROKEN
        assert at.error                                       # its problems are shown
        find(at, "field")
        assert options(at) == [BROKEN[1]]
        find(at, "deal")
        assert any("No file matches" in i.value for i in at.info)
