"""Load test: the real app server driven over its websocket by 1, 10 and 30 concurrent learners,
each answering a Practice question in a bounded loop (choose, Check, read the verdict, Try
again), against SQLite and against a real PostgreSQL server, in one run. Traffic stays on
127.0.0.1.

Printed per store and number of learners: p50 and p95 check latency (Check pressed -> verdict
drawn, as the learner waits for it), checks per second, server RSS per open session, and
attempts lost (checks with a verdict minus rows added to the store; must be 0).

    python benchmarks/load.py [--rounds 8] [--learners 1,10,30] [--think 0] [--json]

--think adds a pause between a learner's answers, drawn between half and one and a half times
the value, and a first answer spread over one pause (0: every learner answers as fast as the
server lets them, all starting together: the hardest case). The p95 target is at most 3 times the one-learner p95.
A second table times a write blocked by another process's lock (it must be told within 2 s)
and a read by another learner meanwhile.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from course.app.serve import AppServer  # noqa: E402
from course.app.wsclient import Learner  # noqa: E402
from course.store import ENV_VAR, ProgressStore, StoreError  # noqa: E402
from course.store import pg_local  # noqa: E402
from course.store.progress import Attempt  # noqa: E402

DEAL = "hpd-1-bring-in-suit-tie"
MIN_CHECKS = 40      # a crowd answers at least this often in all, so a p95 is not one sample
PER_SESSION_FROM = 10   # below this many sessions the allocator's drift (a few MiB) hides them


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def crowd(server: AppServer, store: ProgressStore, learners: int, rounds: int,
          think: float) -> dict:
    """`learners` tabs open at once, then all answer `rounds` times together."""
    base_rss = server.rss_kib()
    before = store.count()
    tabs = [Learner(server.url, DEAL) for _ in range(learners)]
    results: list[tuple[float, bool, bool]] = []
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(learners)

    def learn(tab: Learner, seed: int) -> None:
        pause = random.Random(seed)              # learners pace themselves, not in step
        start.wait()
        if think:
            time.sleep(pause.uniform(0, think))
        for _ in range(rounds):
            try:
                outcome = tab.round()
            except (RuntimeError, OSError) as exc:
                with lock:
                    errors.append(str(exc))
                return
            with lock:
                results.append(outcome)
            if think:
                time.sleep(pause.uniform(0.5, 1.5) * think)

    threads = [threading.Thread(target=learn, args=(tab, n)) for n, tab in enumerate(tabs)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - began
    rss = server.rss_kib()
    for tab in tabs:
        tab.close()
    latencies = [r[0] for r in results]
    saved_rows = store.count() - before
    return {"learners": learners, "checks": len(results),
            "p50_ms": 1000 * statistics.median(latencies),
            "p95_ms": 1000 * percentile(latencies, 0.95),
            "checks_per_s": len(results) / wall,
            "rss_per_session_mib": (rss - base_rss) / learners / 1024,
            "server_rss_mib": rss / 1024,
            "not_saved": sum(not r[2] for r in results),
            "attempts_lost": len(results) - saved_rows, "errors": errors[:3]}


def blocked_writer(folder: Path) -> dict:
    """Another process holds the SQLite write lock: how long until a learner's save is told
    it failed, and how long another learner's read takes meanwhile."""
    path = folder / "locked.sqlite3"
    store = ProgressStore(path)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1], "
         "isolation_level=None); c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); "
         "sys.stdin.read()", str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True)
    try:
        holder.stdout.readline()
        attempt = Attempt("a", DEAL, 0, "bring_in", "bring-in", "Ben", True)
        began = time.perf_counter()
        try:
            store.record(attempt)
            told = None
        except StoreError:
            told = time.perf_counter() - began
        began = time.perf_counter()
        store.attempts("b")
        read = time.perf_counter() - began
    finally:
        holder.stdin.close()
        holder.wait()
        store.close()
    return {"told_after_s": told, "other_read_ms": 1000 * read}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--learners", default="1,10,30")
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sizes = [int(n) for n in args.learners.split(",")]
    rows = []
    with tempfile.TemporaryDirectory(prefix="stud-load-") as tmp, ExitStack() as stack:
        folder = Path(tmp)
        stores = {"sqlite": str(folder / "load.sqlite3")}
        try:
            stores["postgresql"] = stack.enter_context(pg_local.LocalPostgres()).url
        except pg_local.Unavailable as exc:
            print(f"PostgreSQL skipped: {exc}", file=sys.stderr)
        for backend, location in stores.items():
            store = ProgressStore(location)
            with AppServer({ENV_VAR: location}, log=folder / f"{backend}.log") as server:
                Learner(server.url, DEAL).round()            # warm the server up
                for n in sizes:
                    rounds = max(args.rounds, -(-MIN_CHECKS // n))
                    rows.append({"store": backend, **crowd(server, store, n, rounds,
                                                           args.think)})
            store.close()
        lock = blocked_writer(folder)
    if args.json:
        print(json.dumps({"crowds": rows, "blocked_writer": lock}, indent=2))
        return 0
    print(f"{args.rounds} rounds per learner (at least {MIN_CHECKS} checks per crowd), think "
          f"time {args.think:g} s, deal {DEAL}")
    print(f"{'store':<11}{'learners':>9}{'checks':>8}{'p50 ms':>9}{'p95 ms':>9}{'p95 / 1':>9}"
          f"{'checks/s':>10}{'RSS MiB':>9}{'per session':>12}{'lost':>6}")
    for row in rows:
        one = next(r for r in rows if r["store"] == row["store"] and r["learners"] == sizes[0])
        per_session = f"{row['rss_per_session_mib']:.2f}" \
            if row["learners"] >= PER_SESSION_FROM else "-"
        print(f"{row['store']:<11}{row['learners']:>9}{row['checks']:>8}{row['p50_ms']:>9.0f}"
              f"{row['p95_ms']:>9.0f}{row['p95_ms'] / one['p95_ms']:>9.1f}"
              f"{row['checks_per_s']:>10.1f}{row['server_rss_mib']:>9.0f}{per_session:>12}"
              f"{row['attempts_lost']:>6}")
        for error in row["errors"]:
            print(f"    error: {error}")
    told = lock["told_after_s"]
    print(f"\nwrite blocked by another process's lock: told after "
          f"{'(never blocked)' if told is None else f'{told:.2f} s'}; "
          f"another learner's read meanwhile: {lock['other_read_ms']:.1f} ms")
    return 1 if any(r["attempts_lost"] or r["errors"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
