"""A server started by `python -m course.app` skips Streamlit's check for a script run directly
(course/app/direct_run.py): the first element drawn no longer walks the call stack. Run in a
child process, as the server runs it: the mark holds for the whole process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, sys
from streamlit import delta_generator, env_util
asked = []
real = env_util.is_repl
env_util.is_repl = lambda: asked.append(1) or real()
which = sys.argv[1]
if which == "skipped":
    from course.app import direct_run
    installed = direct_run.skip_direct_run_check()
else:
    installed = None
delta_generator._maybe_print_use_warning()
print(json.dumps({"installed": installed, "asked": len(asked)}))
"""


def probe(which: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, which], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_server_skips_the_stack_walk_streamlit_makes_for_its_direct_run_warning():
    assert probe("as streamlit") == {"installed": None, "asked": 1}    # Streamlit's own check walks the stack
    assert probe("skipped") == {"installed": True, "asked": 0}

