"""The theme the server sends on every rerun is made once and kept until the options change
(course/app/theme_options.py): the message is the one Streamlit itself makes, every section
unset in the app's config stays unset, and a changed option or a config file read again is
in the next message. Run in a child process: the kept theme changes Streamlit's config module
for the whole process, as it does in the server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, sys
from streamlit import config
from streamlit.runtime import app_session
from streamlit.proto.NewSession_pb2 import NewSession
config.get_config_options(force_reparse=True)

def theme():
    msg = NewSession()
    app_session._populate_theme_msg(msg.custom_theme)
    for section, part in [("theme.light", msg.custom_theme.light), ("theme.dark", msg.custom_theme.dark),
                          ("theme.sidebar", msg.custom_theme.sidebar),
                          ("theme.light.sidebar", msg.custom_theme.light.sidebar),
                          ("theme.dark.sidebar", msg.custom_theme.dark.sidebar)]:
        app_session._populate_theme_msg(part, section)
    return msg.custom_theme

from course.app import theme_options
own = theme().SerializeToString()
installed = theme_options.keep_theme_options()
first, second = theme(), theme()
config.set_option("theme.primaryColor", "#123456")
after_set = theme()
config.get_config_options(force_reparse=True)     # a config file read again
after_parse = theme()
print(json.dumps({
    "installed": installed, "again": theme_options.keep_theme_options(),
    "same_as_streamlit": first.SerializeToString() == own and second.SerializeToString() == own,
    "primary": first.primary_color, "light_text": first.light.text_color,
    "sidebar_set": first.HasField("sidebar"), "light_sidebar_set": first.light.HasField("sidebar"),
    "after_set": after_set.primary_color, "after_parse": after_parse.primary_color,
    "other_section": config.get_options_for_section("client")["toolbarMode"],
}))
"""


def probe() -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_kept_theme_is_streamlits_own_and_follows_a_change_of_the_options():
    seen = probe()
    assert seen["installed"] and seen["again"]
    # the app's own theme (.streamlit/config.toml), byte for byte what Streamlit makes
    assert seen["same_as_streamlit"]
    assert seen["primary"] == "#2b59c3" and seen["light_text"] == "#2f2d2b"
    # the config sets no sidebar theme: none is sent (an empty one would be a theme of its own)
    assert not seen["sidebar_set"] and not seen["light_sidebar_set"]
    # an option set is in the next message; a reparse of the config files brings the file's back
    assert seen["after_set"] == "#123456"
    assert seen["after_parse"] == "#2b59c3"
    assert seen["other_section"] == "viewer"
