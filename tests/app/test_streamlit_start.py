"""What a server started by `python -m course.app` skips of Streamlit's start
(course/app/streamlit_start.py) gives Streamlit's own answers: the first element drawn no longer
walks the call stack for the direct-run warning; every installed distribution gets the answer
Streamlit's component search gives, one that never mentions Streamlit passed over without its
metadata being parsed; and the app's page icon is an emoji to Streamlit, known as one without
its emoji table. The direct-run and icon checks run in a child process, as the server runs
them: each changes Streamlit for the whole process."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.components.v2 import manifest_scanner

from course.app import streamlit_start

ROOT = Path(__file__).resolve().parents[2]
STREAMLIT_TEST = manifest_scanner._is_likely_streamlit_component_package


# -- the direct-run warning ----------------------------------------------------------------------

DIRECT_RUN_PROBE = r"""
import json, sys
from streamlit import delta_generator, env_util
asked = []
real = env_util.is_repl
env_util.is_repl = lambda: asked.append(1) or real()
which = sys.argv[1]
if which == "skipped":
    from course.app import streamlit_start
    installed = streamlit_start.skip_direct_run_check()
else:
    installed = None
delta_generator._maybe_print_use_warning()
print(json.dumps({"installed": installed, "asked": len(asked)}))
"""


def direct_run_probe(which: str) -> dict:
    done = subprocess.run([sys.executable, "-c", DIRECT_RUN_PROBE, which], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_server_skips_the_stack_walk_streamlit_makes_for_its_direct_run_warning():
    assert direct_run_probe("as streamlit") == {"installed": None, "asked": 1}    # Streamlit's own check walks the stack
    assert direct_run_probe("skipped") == {"installed": True, "asked": 0}


# -- the page icon ---------------------------------------------------------------------------------

ICON_PROBE = r"""
import json, sys
from streamlit.commands import page_config
from course.app import streamlit_start
installed = streamlit_start.known_icon_is_emoji() if sys.argv[1] == "installed" else None
favicon = page_config._get_favicon_string(streamlit_start.ICON)
loaded_for_the_icon = "streamlit.emojis" in sys.modules
others = [page_config.is_emoji(t) for t in ("🂡", "A", ":material/map:", "♠️")]
print(json.dumps({"installed": installed, "favicon": favicon, "table_loaded": loaded_for_the_icon,
                  "others": others}))
"""


def icon_probe(which: str) -> dict:
    done = subprocess.run([sys.executable, "-c", ICON_PROBE, which], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_icon_is_an_emoji_to_streamlit_and_is_known_as_one_without_its_table():
    streamlit = icon_probe("as streamlit")
    quick = icon_probe("installed")
    assert streamlit["favicon"] == quick["favicon"] == "emoji:🃏"      # drawn by the browser, nothing fetched
    assert streamlit["table_loaded"] and not quick["table_loaded"]
    assert quick["installed"] is True and quick["others"] == streamlit["others"] == [False, False, False, True]


# -- the search for installed components -----------------------------------------------------------

@pytest.fixture
def quick(monkeypatch):
    """The quick filter installed for one test, with the calls that reach Streamlit's test."""
    asked = []

    def counted(dist):
        asked.append(dist.metadata["Name"])
        return STREAMLIT_TEST(dist)

    monkeypatch.setattr(manifest_scanner, "_is_likely_streamlit_component_package", counted)
    assert streamlit_start.quick_component_filter()
    assert streamlit_start.quick_component_filter()      # a second install changes nothing
    return manifest_scanner._is_likely_streamlit_component_package, asked


def fake_distribution(tmp_path, name: str, summary: str, requires: list[str]):
    info = tmp_path / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    lines = ["Metadata-Version: 2.1", f"Name: {name}", "Version: 1.0", f"Summary: {summary}",
             *(f"Requires-Dist: {r}" for r in requires)]
    (info / "METADATA").write_text("\n".join(lines) + "\n\nA long description.\n", encoding="utf-8")
    return importlib.metadata.PathDistribution(info)


def test_every_installed_distribution_gets_streamlits_own_answer(quick):
    likely, asked = quick
    installed = list(importlib.metadata.distributions())
    assert len(installed) > 20
    assert [likely(d) for d in installed] == [STREAMLIT_TEST(d) for d in installed]
    names = {d.metadata["Name"].lower() for d in installed}
    assert "streamlit" in {n.lower() for n in asked}         # it mentions Streamlit: Streamlit's test decides
    assert "pytest" in names and "pytest" not in {n.lower() for n in asked}    # never parsed
    assert len(asked) < len(installed) / 2


@pytest.mark.parametrize("name, summary, requires, found", [
    ("st-cards", "Cards drawn as cards", [], True),             # Streamlit's test takes "st-" names
    ("cards", "A widget for Streamlit apps", [], True),
    ("cards", "Cards", ["streamlit>=1.40"], True),
    ("cards", "Cards", ["pyyaml"], False),
    ("stats-tools", "Statistics", [], False),
])
def test_a_distribution_is_passed_over_only_when_streamlits_test_would_refuse_it(quick, tmp_path, name, summary,
                                                                                   requires, found):
    likely, asked = quick
    dist = fake_distribution(tmp_path, name, summary, requires)
    assert STREAMLIT_TEST(dist) is found
    assert likely(dist) is found
    assert (name in asked) is found                           # refused without a parse


def test_the_components_found_are_the_same(quick):
    with_quick = manifest_scanner.scan_component_manifests()
    manifest_scanner._is_likely_streamlit_component_package = STREAMLIT_TEST
    assert manifest_scanner.scan_component_manifests() == with_quick
