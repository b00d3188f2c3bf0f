"""The app's page icon is an emoji by Streamlit's own test, and the server answers that test for
it without loading Streamlit's emoji table (course/app/page_icon.py); every other text still
gets Streamlit's answer. Run in a child process, as the server runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, sys
from streamlit.commands import page_config
from course.app import page_icon
installed = page_icon.known_icon_is_emoji() if sys.argv[1] == "installed" else None
favicon = page_config._get_favicon_string(page_icon.ICON)
loaded_for_the_icon = "streamlit.emojis" in sys.modules
others = [page_config.is_emoji(t) for t in ("🂡", "A", ":material/map:", "♠️")]
print(json.dumps({"installed": installed, "favicon": favicon, "table_loaded": loaded_for_the_icon,
                  "others": others}))
"""


def probe(which: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, which], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_icon_is_an_emoji_to_streamlit_and_is_known_as_one_without_its_table():
    streamlit = probe("as streamlit")
    quick = probe("installed")
    assert streamlit["favicon"] == quick["favicon"] == "emoji:🃏"      # drawn by the browser, nothing fetched
    assert streamlit["table_loaded"] and not quick["table_loaded"]
    assert quick["installed"] is True and quick["others"] == streamlit["others"] == [False, False, False, True]
