"""`python -m course ...` in a fresh process, measured: CPU and wall time, and the process's own
peak resident memory (VmHWM; `ru_maxrss` would include the parent's memory at the fork)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Run the CLI, then report VmHWM on stderr as the interpreter exits. `code`: a folder holding
# another `course` package to run instead (the previous design), asserted to be the one imported.
PROBE = """
import atexit, sys
code = sys.argv.pop(1)
if code:
    sys.path.insert(0, code)
import course.cli as cli
assert not code or cli.__file__.startswith(code), cli.__file__
def peak():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            sys.stderr.write("VmHWM " + line.split()[1] + "\\n")
atexit.register(peak)
sys.exit(cli.main(sys.argv[1:]))
"""


def run_cli(args: list[str], cwd: Path | None = None, code: Path | None = None) -> dict:
    """Returns cpu and wall seconds, rss_mb, exit status, stdout, and whether a traceback
    reached stderr."""
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", PROBE, str(code or ""), *args], cwd=cwd,
                                 stdout=subprocess.PIPE, stderr=err)
        out = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        child.stdout.close()
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    peak = [line.split()[1] for line in text.splitlines() if line.startswith("VmHWM ")]
    return {"cpu": usage.ru_utime + usage.ru_stime, "wall": wall,
            "rss_mb": int(peak[-1]) / 1024 if peak else float("nan"), "exit": child.returncode,
            "out": out, "traceback": "Traceback" in text}
