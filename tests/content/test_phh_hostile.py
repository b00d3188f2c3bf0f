"""Hostile hand histories (course/content/phh.py): refused with file:line in bounded time and memory,
never a traceback. A number longer than `MAX_DIGITS` digits (an amount, a stack, a player
number), a non-ASCII digit, a file too large (its size read before any byte of it); and the
Author upload imports under the YAML preview's budget and says what the CLI says."""

from __future__ import annotations

import builtins
from pathlib import Path

import pytest

from course.content import phh
from course.content.phh import MAX_BYTES, MAX_DIGITS, PhhError, parse_phh, read_phh

ROOT = Path(__file__).resolve().parents[2]
HAND = next(ROOT.glob("exercises/**/*.phh")).read_text(encoding="utf-8")


def hand_with(old: str, new: str) -> str:
    assert old in HAND
    return HAND.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


CASES = {
    "superscript amount": ("p3 cbr 10", "p3 cbr \u00b2"),
    "4,000-digit amount": ("p3 cbr 10", "p3 cbr " + "9" * 4000),
    "5,000-digit amount": ("p3 cbr 10", "p3 cbr " + "9" * 5000),
    "5,000-digit player": ("p3 cbr 10", "p" + "3" * 5000 + " cbr 10"),
    "5,000-digit stack": ("starting_stacks = [500, 500, 500]",
                          "starting_stacks = [500, 500, " + "5" * 5000 + "]"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_hostile_number_is_refused_with_file_and_line(case):
    old, new = CASES[case]
    text = hand_with(old, new)
    with pytest.raises(PhhError) as caught:
        parse_phh(text, "hostile.phh")
    assert caught.value.source == "hostile.phh"
    assert caught.value.line == line_of(text, new)
    assert caught.value.message.startswith(f"hostile.phh:{caught.value.line}: ")


def test_the_digit_limit_still_reads_every_real_amount():
    assert parse_phh(hand_with("p3 cbr 10", "p3 cbr " + "1" * MAX_DIGITS), "ok.phh")


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path, monkeypatch):
    big = tmp_path / "big.phh"
    with open(big, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)          # 50 MB, sparse: nothing to read
    real_open = builtins.open

    def no_reading(file, *args, **kwargs):
        if Path(str(file)) == big:
            raise AssertionError("the file was opened before its size was checked")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", no_reading)
    with pytest.raises(PhhError, match=rf"is 52,428,800 bytes: one hand history is at most {MAX_BYTES:,}"):
        read_phh(big)


def test_the_author_upload_refuses_a_hostile_hand_with_the_clis_message(tmp_path):
    text = hand_with("p3 cbr 10", "p3 cbr " + "9" * 5000)
    expected = f"hostile.phh:{line_of(text, '9' * 5000)}"
    from course.content import preview

    outcome, detail, _ = preview.import_phh(text, "hostile.phh")
    assert outcome == "refused" and detail.startswith(expected), detail
    from streamlit.testing.v1 import AppTest

    def page():
        import streamlit as st

        from course.app.screens import author
        author.phh_upload(st.session_state["data"], "hostile.phh")

    at = AppTest.from_function(page)
    at.session_state["data"] = text.encode("utf-8")
    at.run()
    assert not at.exception
    (shown,) = [e.value for e in at.error]
    assert expected in shown and "ValueError" not in shown and "import-phh" in shown
