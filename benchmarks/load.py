"""Load test: the real app driven over its websocket by 1, 10 and 30 concurrent learners, each
answering a Practice question in a bounded loop (choose, Check, read the verdict, Try again), in
one run against:

- the previous design (the code at PREVIOUS, checked out in a temporary git worktree): one app
  process;
- this design with one replica, and with N replicas (`--replicas`, default 1 and the number of
  cores), each behind HAProxy (`make serve-class`, course/app/serve_class.py) on one real
  PostgreSQL server (a database of its own per design).

The app runs in shared mode: every learner first logs in with their own subject through a real
OpenID Connect provider in this process (oidc-provider-mock), as a browser does, through the
balancer, which keeps each learner on one replica. Traffic stays on localhost.

Printed per store and number of learners: p50 and p95 check latency (Check pressed -> verdict
drawn, as the learner waits for it), checks per second, server RSS per open session, and
attempts lost (per learner, the verdicts they saw minus the attempts stored under their
issuer and subject, summed; must be 0).

    python benchmarks/load.py [--rounds 8] [--learners 1,10,30] [--replicas 1,2] [--think 0]
                              [--no-previous] [--json]

--think adds a pause between a learner's answers, drawn between half and one and a half times
the value, and a first answer spread over one pause (0: every learner answers as fast as the
server lets them, all starting together: the hardest case). The p95 target: 30 at once within
3 times one learner's p95 with N replicas. A last line times a write blocked by another
process's lock (it must be told within 2 s) and a read by another learner meanwhile.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
warnings.filterwarnings("ignore", category=DeprecationWarning)   # Authlib, in the provider

from oidc_provider_mock import run_server_in_thread  # noqa: E402

from tests.support.serve import AppServer, auth_secrets, free_port  # noqa: E402
from course.app.serve_class import ClassServer  # noqa: E402
from tests.support.wsclient import Learner, log_in  # noqa: E402
from course.store import ENV_VAR, ProgressStore, StoreError  # noqa: E402
from tests.support import pg_local  # noqa: E402
from course.store.progress import Attempt  # noqa: E402
from measure import previous_tree  # noqa: E402

PREVIOUS = "553b8c8"   # the commit issue 25 starts from

DEAL = "hpd-1-bring-in-suit-tie"
MIN_CHECKS = 40      # a crowd answers at least this often in all, so a p95 is not one sample
PER_SESSION_FROM = 10   # below this many sessions the allocator's drift (a few MiB) hides them


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def rss_kib(pids: list[int]) -> int:
    """The replicas' resident memory together (Linux /proc), KiB."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def saved_per_learner(location: str) -> dict[str, int]:
    """Attempts saved per learner, read with plain SQL: the benchmark never opens a design's
    database with this design's store, which would migrate it to this design's schema under the
    previous design's replicas (whose migrations then cannot find the revision)."""
    import sqlalchemy as sa

    engine = sa.create_engine(location)
    try:
        with engine.connect() as conn:
            return dict(conn.execute(sa.text("SELECT learner, count(*) FROM attempts GROUP BY learner")).all())
    finally:
        engine.dispose()


def crowd(server: ClassServer, url: str, location: str, learners: int, rounds: int,
          think: float, issuer: str, names: list[str]) -> dict:
    """`learners` learners log in (subjects `names`), open their tabs at once, then all
    answer `rounds` times together. Each learner's stored attempts are compared with the
    verdicts they saw."""
    pids = [proc.pid for proc in server.procs if proc is not server.balancer]
    base_rss = rss_kib(pids)             # before the logins: their sessions count too
    logins = [log_in(url, sub) for sub in names]
    tabs = [Learner(url, DEAL, login=login) for login in logins]
    results: list[list[tuple[float, bool, bool]]] = [[] for _ in tabs]
    errors: list[str] = []
    start = threading.Barrier(learners)

    def learn(n: int) -> None:
        pause = random.Random(n)                 # learners pace themselves, not in step
        start.wait()
        if think:
            time.sleep(pause.uniform(0, think))
        for _ in range(rounds):
            try:
                results[n].append(tabs[n].round())
            except (RuntimeError, OSError) as exc:
                errors.append(str(exc))
                return
            if think:
                time.sleep(pause.uniform(0.5, 1.5) * think)

    threads = [threading.Thread(target=learn, args=(n,)) for n in range(learners)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - began
    rss = rss_kib(pids)
    for tab in tabs:
        tab.close()
    stored = saved_per_learner(location)
    lost = sum(len(mine) - int(stored.get(key, 0)) for key, mine in
               zip((f"{issuer}#{sub}" for sub in names), results))
    checks = [r for mine in results for r in mine]
    latencies = [r[0] for r in checks]
    return {"learners": learners, "checks": len(checks),
            "p50_ms": 1000 * statistics.median(latencies),
            "p95_ms": 1000 * percentile(latencies, 0.95),
            "checks_per_s": len(checks) / wall,
            "rss_per_session_mib": (rss - base_rss) / learners / 1024,
            "server_rss_mib": rss / 1024,
            "not_saved": sum(not r[2] for r in checks),
            "attempts_lost": lost, "errors": errors[:3]}


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


def new_database(server: pg_local.LocalPostgres, name: str) -> str:
    import psycopg

    with psycopg.connect(f"host=127.0.0.1 port={server.port} user=stud dbname=postgres",
                         autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server.url.rsplit("/", 1)[0] + "/" + name


def main() -> int:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)   # the provider's request log
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--learners", default="1,10,30")
    parser.add_argument("--replicas", default=f"1,{max(2, os.cpu_count() or 1)}")
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--no-previous", action="store_true", help=f"skip the previous design ({PREVIOUS})")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sizes = [int(n) for n in args.learners.split(",")]
    replicas = [int(n) for n in args.replicas.split(",")]
    rows = []
    with tempfile.TemporaryDirectory(prefix="stud-load-") as tmp, ExitStack() as stack:
        folder = Path(tmp)
        provider = stack.enter_context(run_server_in_thread())
        issuer = f"http://localhost:{provider.server_port}"
        try:
            postgres = stack.enter_context(pg_local.LocalPostgres())
        except pg_local.Unavailable as exc:
            print(f"no PostgreSQL server, no load test: {exc}", file=sys.stderr)
            return 1
        previous = None if args.no_previous else stack.enter_context(previous_tree(PREVIOUS))
        designs = ([("previous", 1, previous)] if previous is not None else []) + \
            [("this", n, None) for n in replicas]
        for design, count, code in designs:
            name = f"{design}-{count}"
            location = new_database(postgres, name.replace("-", "_"))
            port = free_port()
            secrets = auth_secrets(folder / f"{name}-secrets.toml", port, issuer)
            env = {"PYTHONPATH": str(code)} if code is not None else {}
            env["STUD_STUDY_CACHE"] = str(folder / f"{name}-cache")   # not the user's cache
            (folder / name).mkdir()
            with ClassServer(count, port=port, db=location, folder=folder / name, code=code, env=env,
                             streamlit_args=["--secrets.files", str(secrets)]) as server:
                url = f"http://localhost:{port}"
                for warm in range(count):       # each replica's first rerun is not a figure
                    try:
                        Learner(url, DEAL, login=log_in(url, f"{name}-warm-up-{warm}")).round()
                    except (LookupError, RuntimeError):   # the page failed: say why, from the replicas' logs
                        for log in sorted((folder / name).glob("replica-*.log")):
                            print(f"--- {design} {log.name}:\n" + "\n".join(
                                log.read_text(errors="replace").splitlines()[-40:]), file=sys.stderr)
                        raise
                for n in sizes:
                    rounds = max(args.rounds, -(-MIN_CHECKS // n))
                    names = [f"{name}-{n}-{i}" for i in range(n)]
                    rows.append({"design": design, "replicas": count, **crowd(
                        server, url, location, n, rounds, args.think, issuer, names)})
        lock = blocked_writer(folder)
    if args.json:
        print(json.dumps({"crowds": rows, "blocked_writer": lock}, indent=2))
        return 0
    report(rows, sizes, args, lock)
    return 1 if any(r["attempts_lost"] or r["errors"] for r in rows) else 0


def report(rows: list[dict], sizes: list[int], args: argparse.Namespace, lock: dict) -> None:
    print(f"{args.rounds} rounds per learner (at least {MIN_CHECKS} checks per crowd), think "
          f"time {args.think:g} s, deal {DEAL}; PostgreSQL; every design behind HAProxy")
    print(f"{'design':<18}{'replicas':>9}{'learners':>9}{'checks':>8}{'p50 ms':>9}{'p95 ms':>9}"
          f"{'p95 / 1':>9}{'vs prev':>9}{'checks/s':>10}{'RSS MiB':>9}{'per session':>12}{'lost':>6}")
    for row in rows:
        one = next(r for r in rows if (r["design"], r["replicas"]) == (row["design"], row["replicas"])
                   and r["learners"] == sizes[0])
        prev = next((r for r in rows if r["design"] == "previous" and r["learners"] == row["learners"]), None)
        per_session = f"{row['rss_per_session_mib']:.2f}" \
            if row["learners"] >= PER_SESSION_FROM else "-"
        label = f"previous {PREVIOUS}" if row["design"] == "previous" else "this"
        versus = f"{row['p95_ms'] / prev['p95_ms']:.2f}" if prev else "-"
        print(f"{label:<18}{row['replicas']:>9}{row['learners']:>9}{row['checks']:>8}{row['p50_ms']:>9.0f}"
              f"{row['p95_ms']:>9.0f}{row['p95_ms'] / one['p95_ms']:>9.1f}{versus:>9}"
              f"{row['checks_per_s']:>10.1f}{row['server_rss_mib']:>9.0f}{per_session:>12}"
              f"{row['attempts_lost']:>6}")
        for error in row["errors"]:
            print(f"    error: {error}")
    most = max(r["replicas"] for r in rows if r["design"] == "this")
    crowd_rows = {r["learners"]: r for r in rows if r["design"] == "this" and r["replicas"] == most}
    if sizes[0] in crowd_rows and sizes[-1] in crowd_rows:
        ratio = crowd_rows[sizes[-1]]["p95_ms"] / crowd_rows[sizes[0]]["p95_ms"]
        print(f"\n{sizes[-1]} at once with {most} replicas: p95 {ratio:.1f} times one learner's (target at most 3)")
    told = lock["told_after_s"]
    print(f"\nwrite blocked by another process's lock: told after "
          f"{'(never blocked)' if told is None else f'{told:.2f} s'}; "
          f"another learner's read meanwhile: {lock['other_read_ms']:.1f} ms")


if __name__ == "__main__":
    sys.exit(main())
