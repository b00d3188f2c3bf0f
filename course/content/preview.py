"""The Author preview's check of one pasted, uploaded or picked file: within a budget, cached.

A file is first checked in a worker process with an address-space limit of `MEMORY_BUDGET` on top
of what the worker starts with, and killed after `TIME_BUDGET` seconds. The worker parses, validates and lets the
engine answer every question. Only when it finishes inside the budget is the file parsed again
in the app's own process for the model the page draws; the result is cached by content hash, so a
rerun (a click anywhere on the page) does no work at all.

The loader's own limits (`course.content.nodes`) already bound what a file can cost; the budget is
the second fence, for whatever those limits did not foresee.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Iterable

from course.content import verdict
from course.content.exercises import parse_exercise
from course.content.lessons import parse_lesson
from course.content.nodes import size_problem
from course.model import Problem

TIME_BUDGET = 5.0                   # seconds for one check in the worker
MEMORY_BUDGET = 256 * 1024 * 1024   # bytes of address space the worker may add to its start
CACHE_SIZE = 64                     # checked texts kept (the latest ones)
# At most one check per CPU at a time (worker and in-app parse), so previews queue rather than
# slow every other visitor; a check that waits longer than QUEUE_WAIT is refused as busy.
CHECK_SLOTS = threading.BoundedSemaphore(max(1, os.cpu_count() or 1))
QUEUE_WAIT = TIME_BUDGET
# One check at a time per visitor (their tabs included): a second one while the first runs or
# waits for a slot is told to wait at once, so no visitor holds more than one place in the queue.
_VISITORS: set[str] = set()
_VISITORS_LOCK = threading.Lock()


@dataclass(frozen=True)
class Checked:
    """A checked text: the model to draw (None when unusable), its parse problems (or why it was
    not checked) and the engine's problems with its answers (found in the worker)."""

    item: Any
    problems: list[Problem]
    seconds: float                  # time the check took (worker included), 0 for a cache hit
    worker_rss: int = 0             # the worker's peak resident memory in bytes, when it ran
    engine: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()    # `course check`'s warnings (a pot that cannot arise)
    busy: bool = False              # not checked (no slot in time, or the visitor's other check runs): not cached

    def all_problems(self, name: str, known_exercises: Iterable[str]) -> list[Problem]:
        """Every problem, exactly as `python -m course check` reports this text saved as a file
        of the course whose exercise ids are `known_exercises` (`course.content.verdict`)."""
        return verdict.one_file(name, self.item, self.problems, known_exercises, list(self.engine))


@dataclass(frozen=True)
class Verdict:
    """What the worker reported: "ok", "time", "memory" or "crash"."""

    outcome: str
    rss: int = 0
    detail: str = ""
    engine: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()


_CACHE: OrderedDict[str, Checked] = OrderedDict()
_CACHE_LOCK = threading.Lock()


def clear_cache() -> None:
    with _CACHE_LOCK:
        _CACHE.clear()


def _parse(text: str, name: str, is_lesson: bool) -> tuple[Any, list[Problem]]:
    return (parse_lesson if is_lesson else parse_exercise)(text, name)


def check(text: str, name: str, is_lesson: bool, visitor: str | None = None) -> Checked:
    """The model and problems of `text`, checked within the budget; cached by content hash.
    `visitor` (the login's key) may have one check running or queued at a time: a second one,
    from another of their tabs, is refused at once with a word to wait (a cache hit is not)."""
    too_big = size_problem(text, name)  # before hashing: a huge text is refused at once
    if too_big is not None:
        return Checked(None, [too_big], 0.0)
    key = hashlib.sha256(f"{int(is_lesson)}\0{name}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return Checked(hit.item, hit.problems, 0.0, hit.worker_rss, hit.engine, hit.warnings)
    if visitor is not None:
        with _VISITORS_LOCK:
            if visitor in _VISITORS:        # not cached: the next one, after theirs, is checked
                return Checked(None, [Problem(name, 1, 1, "your other check (in another tab) is "
                                              "still running: wait for it to finish, then show "
                                              "this file again")], 0.0, busy=True)
            _VISITORS.add(visitor)
    try:
        result = _check_in_slot(text, name, is_lesson)
    finally:
        if visitor is not None:
            with _VISITORS_LOCK:
                _VISITORS.discard(visitor)
    if not result.busy:
        with _CACHE_LOCK:
            _CACHE[key] = result
            while len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
    return result


def _check_in_slot(text: str, name: str, is_lesson: bool) -> Checked:
    """Check `text` once a slot is free (waiting up to QUEUE_WAIT, else refused as busy)."""
    started = time.perf_counter()
    if not CHECK_SLOTS.acquire(timeout=QUEUE_WAIT):     # not cached: the next one tries again
        return Checked(None, [Problem(name, 1, 1, "the Author preview is busy checking other "
                                      "files just now: press the button again in a moment")],
                       time.perf_counter() - started, busy=True)
    try:
        outcome = run_in_worker(text, name, is_lesson)
        if outcome.outcome == "ok":
            item, problems = _parse(text, name, is_lesson)
        else:
            item, problems = None, [Problem(name, 1, 1, _refusal(outcome))]
    finally:
        CHECK_SLOTS.release()
    return Checked(item, problems, time.perf_counter() - started, outcome.rss, outcome.engine,
                   outcome.warnings)


def _refusal(verdict: Verdict) -> str:
    if verdict.outcome == "time":
        return (f"checking this file took longer than {TIME_BUDGET:g} s, the Author preview's budget: it "
                "is not shown (make it smaller; lessons/README.md, 'Limits')")
    if verdict.outcome == "memory":
        return (f"checking this file needed more than {MEMORY_BUDGET // 2**20} MB, the Author preview's "
                "budget: it is not shown (make it smaller; lessons/README.md, 'Limits')")
    return f"this file could not be checked: {verdict.detail or 'the checker stopped'}"


# -- the worker ----------------------------------------------------------------------------
# A fresh interpreter per check (`python -m course.content.preview`): forking the app's threaded
# process is not safe, and multiprocessing's forkserver re-imports the app's main script in every
# child. Its start (about 0.3 s) is taken out of the check: a spare worker is started after each
# check and waits, modules loaded, for the next text.


_SPARE: dict[int, subprocess.Popen] = {}   # budget -> a started worker waiting for its text
_SPARE_LOCK = threading.Lock()


def _start_worker(budget: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", __name__, str(budget)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def _worker(budget: int) -> subprocess.Popen:
    """A worker with the modules loaded: the spare one when there is one, and a new spare is
    started for the next check, so a check does not wait for an interpreter to start."""
    with _SPARE_LOCK:
        worker = _SPARE.pop(budget, None)
        if worker is None or worker.poll() is not None:
            worker = _start_worker(budget)
        try:
            _SPARE[budget] = _start_worker(budget)
        except OSError:
            pass
    return worker


def run_in_worker(text: str, name: str, is_lesson: bool) -> Verdict:
    """Check `text` in a worker process within TIME_BUDGET and MEMORY_BUDGET."""
    return _run_in_worker("lesson" if is_lesson else "exercise", text, name)


def import_phh(text: str, name: str) -> tuple[str, str, str]:
    """An uploaded .phh hand history imported as `python -m course import-phh` would, in a
    worker process within the YAML preview's TIME_BUDGET and MEMORY_BUDGET: (outcome, detail,
    exercise id). Outcome "ok": detail is the exercise's YAML; "refused": the CLI's message
    (file:line: why); "time", "memory" or "crash": why it was not imported."""
    verdict = _run_in_worker("phh", text, name)
    if verdict.outcome == "ok":
        yaml_text, exercise_id = json.loads(verdict.detail)
        return "ok", yaml_text, exercise_id
    if verdict.outcome in ("time", "memory"):
        return verdict.outcome, _refusal(verdict).replace("checking this file", "importing this hand"), ""
    return verdict.outcome, verdict.detail, ""


def _import_phh(text: str, name: str) -> tuple[str, str]:
    """In the worker: the import, as the CLI runs it."""
    from course.content import phh_import
    from course.content.phh import PhhError, parse_phh

    try:
        imported = phh_import.import_hand(parse_phh(text, name))
        phh_import.check_import(imported)
    except PhhError as err:
        return "refused", err.message
    return "ok", json.dumps([imported.text, imported.exercise_id])


def _run_in_worker(kind: str, text: str, name: str) -> Verdict:
    try:
        worker = _worker(MEMORY_BUDGET)
    except OSError as exc:  # no processes to be had: refuse rather than check unbounded
        return Verdict("crash", 0, f"no worker process could be started ({exc})")
    header = json.dumps([kind, name]).encode("utf-8") + b"\n"
    try:
        out, _ = worker.communicate(header + text.encode("utf-8", "surrogatepass"), timeout=TIME_BUDGET)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.communicate()
        return Verdict("time")
    try:
        outcome, rss, detail, engine, warnings = json.loads(out)
        engine, warnings = _problems(engine), _problems(warnings)
    except (ValueError, TypeError, KeyError):  # the worker died without a word (killed for memory, most likely)
        return Verdict("memory" if worker.returncode in (-9, 1) else "crash", 0, f"exit status {worker.returncode}")
    return Verdict(outcome, rss, detail, engine, warnings)


def _problems(found: list[dict]) -> tuple[Problem, ...]:
    return tuple(Problem(p["file"], p["line"], p["column"], p["message"]) for p in found)


def _peak_rss() -> int:
    """This process's peak resident memory in bytes (VmHWM: its own, not inherited at exec)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _address_space() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _work(budget: int) -> tuple[str, int, str, list[dict], list[dict]]:
    from course.asks import solvers  # noqa: F401 - the engine, loaded before the limit is set
    from course.content.pots import pot_warnings

    kind, name = json.loads(sys.stdin.buffer.readline())  # waits here while it is the spare
    try:
        limit = _address_space() + budget
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))
    except (OSError, ValueError):
        pass  # no /proc or no limit allowed: the time budget still holds
    engine: list[dict] = []
    warnings: list[dict] = []
    try:
        text = sys.stdin.buffer.read().decode("utf-8", "surrogatepass")
        if kind == "phh":
            outcome, detail = _import_phh(text, name)
            return outcome, _peak_rss(), detail, [], []
        item, problems = _parse(text, name, kind == "lesson")
        if item is not None and kind != "lesson":
            # the engine answers every question within the budget (the page shows its answers);
            # its problems count, as in `course check`, only for an exercise that parsed cleanly
            found = verdict.engine_problems([item])
            if not problems:
                engine = [p.to_json() for p in found]
                warnings = [p.to_json() for p in pot_warnings([item])]
        outcome, detail = "ok", ""
    except MemoryError:
        outcome, detail, engine, warnings = "memory", "", [], []
    except Exception as exc:  # noqa: BLE001 - reported as a problem on the file
        outcome, detail, engine, warnings = "crash", f"{type(exc).__name__}: {exc}", [], []
    return outcome, _peak_rss(), detail, engine, warnings


if __name__ == "__main__":
    json.dump(_work(int(sys.argv[1])), sys.stdout)
