"""`python -m course ...` in a fresh process, measured: CPU and wall time, and the process's own
peak resident memory (VmHWM; `ru_maxrss` would include the parent's memory at the fork). And
`previous_tree`: an older commit checked out in a temporary git worktree, to run beside."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def previous_tree(commit: str) -> Iterator[Path | None]:
    """The code at `commit`, checked out in a temporary git worktree (removed after), or None
    (with a line on stderr) where git cannot give it."""
    folder = Path(tempfile.mkdtemp(prefix="stud-previous-")) / "tree"
    try:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), commit],
                       check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"the previous design ({commit}) is skipped: no git worktree ({exc})", file=sys.stderr)
        shutil.rmtree(folder.parent, ignore_errors=True)
        yield None
        return
    try:
        yield folder
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
                       capture_output=True)
        shutil.rmtree(folder.parent, ignore_errors=True)

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
