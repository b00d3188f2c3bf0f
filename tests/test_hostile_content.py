"""Hostile content: what a careless author or an attacker can put in a course file, an upload, a
pasted text or a URL is bounded, reported with file:line:column, and never shown as markup or as
a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from course.app import quiz
from course.app.apptest import environment, open_app

ROOT = Path(__file__).resolve().parents[1]
MARKUP = "\\`*_[]<>!|#~$:@"


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_md_escape_shows_text_as_written_and_leaves_no_markup(text):
    escaped = quiz.md_escape(text)
    assert unescape(escaped) == text
    # every markup character is escaped (an odd run of backslashes before it)
    for match in re.finditer(r"(\\*)([" + re.escape(MARKUP) + "])", escaped):
        if match.group(2) != "\\":
            assert len(match.group(1)) % 2 == 1, (text, escaped)
    assert not re.search(r"(?i)www\.", escaped)


def test_a_hostile_article_in_the_url_is_shown_as_plain_text(tmp_path):
    hostile = "![x](https://evil.example/p.png) [win](https://evil.example) <b>x</b> :red[y]"
    with environment(tmp_path / "progress.db"):
        at = open_app("rulebook", query={"article": hostile})
    assert not at.exception
    warning = at.warning[0].value
    assert unescape(warning).count(hostile) == 1
    for link in ("![x](", "[win](", "<b>", ":red[", "https://"):
        assert link not in warning, warning


def test_streamlit_reads_the_settings_that_keep_tracebacks_and_big_uploads_out():
    probe = ("from streamlit import config; config.get_config_options(force_reparse=True); "
             "print(config.get_option('client.showErrorDetails'), config.get_option('client.toolbarMode'), "
             "config.get_option('server.maxUploadSize'))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["none", "viewer", "1"]
