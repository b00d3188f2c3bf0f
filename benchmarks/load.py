"""Load test: the real app driven over its websocket by 1, 10 and 30 concurrent learners, each
answering a Practice question in a bounded loop (choose, Check, read the verdict, Try again), in
one run against:

- the previous design (the code at `--previous`, default PREVIOUS: the Practice page before its
  question ran as a Streamlit fragment, checked out in a temporary git worktree): one app
  process;
- a trivial page (a radio, Check, its verdict and Try again: `TRIVIAL_PAGE`, nothing of the
  course) on the most replicas: the floor, what the same stack costs for a page doing nothing;
- this design with one replica, and with N replicas (`--replicas`, default 1 and the number of
  cores), each behind HAProxy (`make serve-class`, course/app/serve_class.py) on one real
  PostgreSQL server (a database of its own per design).

The app runs in shared mode: every learner first logs in with their own subject through a real
OpenID Connect provider in this process (oidc-provider-mock), as a browser does, through the
balancer, which keeps each learner on one replica. Traffic stays on localhost.

Printed per design and number of learners: p50 and p95 check latency (Check pressed -> verdict
drawn, as the learner waits for it), checks per second, the replicas' CPU time per Check + Try
again (utime + stime from /proc, over the whole crowd, divided by its checks) and what they sent
per Check + Try again, server RSS per open session, and attempts lost (per learner, the verdicts
they saw minus the attempts stored under their issuer and subject, summed; must be 0; the
trivial page stores nothing: "-").

    python benchmarks/load.py [--rounds 8] [--learners 1,10,30] [--replicas 1,2] [--think 0]
                              [--previous REV] [--no-previous] [--no-trivial] [--no-apptest] [--json]

--think adds a pause between a learner's answers, drawn between half and one and a half times
the value, and a first answer spread over one pause (0: every learner answers as fast as the
server lets them, all starting together: the hardest case). The p95 target: 30 at once within
3 times one learner's p95 with N replicas. A last line times a write blocked by another
process's lock (it must be told within 2 s) and a read by another learner meanwhile.

Beside the server's figure, the same round under AppTest in this process (`--no-apptest` skips
it): no server and no websocket, and every click a full rerun of the page (AppTest runs no
fragments), the figure the app's other benchmarks (benchmarks/app.py, scale.py) give.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import shutil
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


DEAL = "hpd-1-bring-in-suit-tie"
PREVIOUS = "75f7da6"   # the Practice page before its question ran as a fragment

# The floor: a page that does nothing but what a learner's round needs (log in, a radio, Check,
# a verdict, Try again), served as the app is (`python -m course.app` with the same options, by a
# stand-in `course.app` package written to a temporary folder), behind the same balancer.
TRIVIAL_PAGE = """
import streamlit as st

KEY = "practice|%(deal)s|0"


def practice():
    st.radio("Who brings in?", ["Ava", "Ben", "Cara", "Drew"], index=None, key=KEY)
    if st.session_state.get("checked"):
        st.success("Right." if st.session_state[KEY] == "Ben" else "Not right.")
        st.button("Try again", key=KEY + ":retry", on_click=lambda: st.session_state.update(checked=False))
    else:
        st.button("Check", key=KEY + ":check", on_click=lambda: st.session_state.update(checked=True))


if not st.user.is_logged_in:
    st.button("Log in", key="login", on_click=st.login)
else:
    st.navigation([st.Page(practice, title="Practice", url_path="practice")]).run()
""" % {"deal": DEAL}
TRIVIAL_MAIN = """
import sys
from pathlib import Path
from streamlit.web.cli import main
sys.argv = ["streamlit", "run", str(Path(__file__).with_name("trivial_page.py")), *sys.argv[1:]]
main()
"""


def trivial_tree(folder: Path) -> Path:
    """A folder whose `course.app` runs `TRIVIAL_PAGE` (what `ClassServer` starts with `code`)."""
    app = folder / "trivial" / "course" / "app"
    app.mkdir(parents=True)
    (app.parent / "__init__.py").write_text("")
    (app / "__init__.py").write_text("")
    (app / "__main__.py").write_text(TRIVIAL_MAIN)
    (app / "trivial_page.py").write_text(TRIVIAL_PAGE)
    # the app's own Streamlit options (no forced collection after each rerun, ...), as it runs
    (folder / "trivial" / ".streamlit").mkdir()
    shutil.copy(ROOT / ".streamlit" / "config.toml", folder / "trivial" / ".streamlit" / "config.toml")
    return folder / "trivial"


def cpu_seconds(pids: list[int]) -> float:
    """The processes' CPU time so far (user + system), seconds (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])        # utime, stime
    return total / tick

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
    stores = location is not None
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
    cpu = cpu_seconds(pids)
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - began
    cpu = cpu_seconds(pids) - cpu
    rss = rss_kib(pids)
    sent = sum(tab.sent_bytes for tab in tabs)
    for tab in tabs:
        tab.close()
    checks = [r for mine in results for r in mine]
    if stores:
        stored = saved_per_learner(location)
        lost = sum(len(mine) - int(stored.get(key, 0)) for key, mine in
                   zip((f"{issuer}#{sub}" for sub in names), results))
    else:
        lost = None
    latencies = [r[0] for r in checks]
    return {"learners": learners, "checks": len(checks),
            "p50_ms": 1000 * statistics.median(latencies),
            "p95_ms": 1000 * percentile(latencies, 0.95),
            "checks_per_s": len(checks) / wall,
            "cpu_ms_per_check": 1000 * cpu / max(len(checks), 1),
            "kb_sent_per_check": sent / 1024 / max(len(checks), 1),
            "rss_per_session_mib": (rss - base_rss) / learners / 1024,
            "server_rss_mib": rss / 1024,
            "not_saved": sum(not r[2] for r in checks) if stores else None,
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


def apptest_round(folder: Path, rounds: int) -> dict:
    """The learner's round (choose the options in turn, Check, Try again) under AppTest in this
    process: this process's CPU time (every thread) per Check + Try again, median of `rounds`
    after one warm-up, and the store a temporary SQLite file."""
    from tests.support.apptest import environment, open_app

    key = f"practice|{DEAL}|0"
    used = []
    with environment(folder / "apptest.sqlite3"):
        at = open_app("practice", query={"deal": DEAL}, timeout=120)
        options = list(at.radio(key=key).options)
        for n in range(rounds + 1):
            began = time.process_time()
            at.radio(key=key).set_value(options[n % len(options)])
            at.button(key=f"{key}:check").click().run()
            verdict = [a.value for a in (*at.success, *at.error) if a.value.startswith(("Right.", "Not right."))]
            at.button(key=f"{key}:retry").click().run()
            if at.exception or not verdict:
                raise RuntimeError(f"AppTest's round failed: {at.exception or 'no verdict'}")
            if n:                                   # the first round warms up
                used.append(time.process_time() - began)
    return {"rounds": rounds, "cpu_ms_per_check": 1000 * statistics.median(used)}


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
    parser.add_argument("--previous", default=PREVIOUS, help=f"the previous design's commit (default {PREVIOUS})")
    parser.add_argument("--no-previous", action="store_true", help="skip the previous design")
    parser.add_argument("--no-trivial", action="store_true", help="skip the trivial page (the floor)")
    parser.add_argument("--no-apptest", action="store_true", help="skip the same round under AppTest")
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
        previous = None if args.no_previous else stack.enter_context(previous_tree(args.previous))
        designs = ([("previous", 1, previous)] if previous is not None else []) + \
            ([] if args.no_trivial else [("trivial", max(replicas), trivial_tree(folder))]) + \
            [("this", n, None) for n in replicas]
        for design, count, code in designs:
            name = f"{design}-{count}"
            location = None if design == "trivial" else new_database(postgres, name.replace("-", "_"))
            port = free_port()
            secrets = auth_secrets(folder / f"{name}-secrets.toml", port, issuer)
            env = {"PYTHONPATH": str(code)} if code is not None else {}
            env["STUD_STUDY_CACHE"] = str(folder / f"{name}-cache")   # not the user's cache
            (folder / name).mkdir()
            with ClassServer(count, port=port, db=location or postgres.url, folder=folder / name, code=code, env=env,
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
        apptest = None if args.no_apptest else apptest_round(folder, max(args.rounds, MIN_CHECKS))
    if args.json:
        print(json.dumps({"crowds": rows, "blocked_writer": lock, "apptest": apptest}, indent=2))
        return 0
    report(rows, sizes, args, lock, apptest)
    return 1 if any(r["attempts_lost"] or r["errors"] for r in rows) else 0


LABELS = {"previous": "previous {commit}", "trivial": "trivial page", "this": "this"}


def report(rows: list[dict], sizes: list[int], args: argparse.Namespace, lock: dict,
           apptest: dict | None = None) -> None:
    print(f"{args.rounds} rounds per learner (at least {MIN_CHECKS} checks per crowd), think "
          f"time {args.think:g} s, deal {DEAL}; PostgreSQL; every design behind HAProxy; server CPU "
          f"and kB sent per Check + Try again")
    print(f"{'design':<18}{'replicas':>9}{'learners':>9}{'checks':>8}{'p50 ms':>9}{'p95 ms':>9}"
          f"{'p95 / 1':>9}{'vs prev':>9}{'checks/s':>10}{'CPU ms':>8}{'kB':>6}{'RSS MiB':>9}"
          f"{'per session':>12}{'lost':>6}")
    for row in rows:
        one = next(r for r in rows if (r["design"], r["replicas"]) == (row["design"], row["replicas"])
                   and r["learners"] == sizes[0])
        prev = next((r for r in rows if r["design"] == "previous" and r["learners"] == row["learners"]), None)
        per_session = f"{row['rss_per_session_mib']:.2f}" \
            if row["learners"] >= PER_SESSION_FROM else "-"
        label = LABELS[row["design"]].format(commit=args.previous)
        versus = f"{row['p95_ms'] / prev['p95_ms']:.2f}" if prev else "-"
        lost = "-" if row["attempts_lost"] is None else str(row["attempts_lost"])
        print(f"{label:<18}{row['replicas']:>9}{row['learners']:>9}{row['checks']:>8}{row['p50_ms']:>9.0f}"
              f"{row['p95_ms']:>9.0f}{row['p95_ms'] / one['p95_ms']:>9.1f}{versus:>9}"
              f"{row['checks_per_s']:>10.1f}{row['cpu_ms_per_check']:>8.1f}{row['kb_sent_per_check']:>6.1f}"
              f"{row['server_rss_mib']:>9.0f}{per_session:>12}{lost:>6}")
        for error in row["errors"]:
            print(f"    error: {error}")
    most = max(r["replicas"] for r in rows if r["design"] == "this")
    crowd_rows = {r["learners"]: r for r in rows if r["design"] == "this" and r["replicas"] == most}
    if sizes[0] in crowd_rows and sizes[-1] in crowd_rows:
        ratio = crowd_rows[sizes[-1]]["p95_ms"] / crowd_rows[sizes[0]]["p95_ms"]
        print(f"\n{sizes[-1]} at once with {most} replicas: p95 {ratio:.1f} times one learner's (target at most 3)")
    cpu = {d: statistics.median(r["cpu_ms_per_check"] for r in rows if r["design"] == d)
           for d in ("previous", "trivial", "this") if any(r["design"] == d for r in rows)}
    if "this" in cpu:
        print("server CPU per Check + Try again, median over the crowds: " + "; ".join(
            f"{LABELS[d].format(commit=args.previous)} {ms:.1f} ms" for d, ms in cpu.items())
            + (f" (this / previous: {cpu['this'] / cpu['previous']:.2f}, target at most 0.5)" if "previous" in cpu else ""))
    if apptest is not None:
        print(f"the same round under AppTest in one process (no server or websocket; every click a full "
              f"rerun): {apptest['cpu_ms_per_check']:.1f} ms CPU per Check + Try again, median of {apptest['rounds']}")
    told = lock["told_after_s"]
    print(f"\nwrite blocked by another process's lock: told after "
          f"{'(never blocked)' if told is None else f'{told:.2f} s'}; "
          f"another learner's read meanwhile: {lock['other_read_ms']:.1f} ms")


if __name__ == "__main__":
    sys.exit(main())
