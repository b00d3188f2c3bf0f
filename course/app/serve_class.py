"""Serve a class: N app processes (replicas) on one PostgreSQL database behind HAProxy.

    python -m course.app.serve_class [--replicas N] [--port 8501] [--db URL] [-- streamlit options]
    make serve-class REPLICAS=N [PORT=8501] [DB=postgresql+psycopg://...]

A Streamlit session lives in the process that serves it, and one process runs one Python
interpreter: simultaneous checks queue on its one lock (about 16 ms of Python each). Replicas
spread the learners over the cores. HAProxy (Debian's `haproxy`) in front:

- keeps each browser on one replica (sticky sessions: a `STUD_REPLICA` cookie HAProxy sets on
  the first answer, naming the replica; a replica that goes down is left out and its learners
  are sent to another, where they stay logged in and find their saved progress);
- proxies the websocket the app runs over (`timeout tunnel`, so an idle tab is not cut);
- checks each replica's `/_stcore/health` and names the replica that answered in an
  `X-Stud-Replica` response header (the tests read it);
- like the replicas, listens on 127.0.0.1 only unless `--host` says otherwise.

Every replica writes to the one database (`--db`, default `$STUD_STUDY_DB`, a
`postgresql+psycopg://` URL; without one the command stops and says so: a class's progress
needs a database that outlives the command). Options after `--` go to every
replica's `streamlit run` (e.g. `--secrets.files class.toml` for shared mode; its
`redirect_uri` names the balancer's address, which every replica shares, as `cookie_secret`).

Several machines: run the replicas where you like (`python -m course.app --server.address
0.0.0.0 --server.port 8601`, the same `STUD_STUDY_DB` and secrets on each), and the balancer
alone with `--backend host:port` once per replica (no replica is started then). `--print-config`
prints HAProxy's configuration instead of starting anything.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path

COOKIE = "STUD_REPLICA"
HEADER = "X-Stud-Replica"


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def haproxy_config(backends: list[tuple[str, int]], host: str, port: int) -> str:
    """HAProxy's configuration: one frontend on host:port, the replicas behind it, sticky by
    cookie, websockets kept open, health-checked."""
    servers = "\n".join(f"    server r{n} {h}:{p} check cookie r{n}" for n, (h, p) in enumerate(backends, 1))
    return f"""# Written by course/app/serve_class.py
global
    maxconn 4096

defaults
    mode http
    option forwardfor
    timeout connect 5s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
    timeout http-request 30s
    # a replica busy for a few seconds (importing the other pages after its first map) still
    # answers its health check: the default, the check interval (2 s), marked such a replica
    # down on a loaded machine and sent every learner to the other one
    timeout check 10s

frontend class
    bind {host}:{port}
    default_backend replicas

backend replicas
    balance roundrobin
    cookie {COOKIE} insert indirect nocache httponly
    option httpchk GET /_stcore/health
    http-check expect status 200
    http-response set-header {HEADER} %[srv_name]
{servers}
"""


def haproxy() -> str:
    found = shutil.which("haproxy") or ("/usr/sbin/haproxy" if os.path.exists("/usr/sbin/haproxy") else None)
    if found is None:
        raise SystemExit("haproxy is not installed: apt-get install haproxy (Debian's package)")
    return found


def wait_healthy(url: str, proc: subprocess.Popen, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        if proc.poll() is not None:
            raise RuntimeError(f"{what} stopped at start (exit {proc.returncode})")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not answer {url} within {timeout:.0f} s")
        time.sleep(0.3)


class ClassServer:
    """The replicas and the balancer, started by `start()`, stopped by `stop()`."""

    def __init__(self, replicas: int, *, port: int, host: str = "127.0.0.1", db: str | None = None,
                 streamlit_args: list[str] | None = None, backends: list[tuple[str, int]] | None = None,
                 folder: Path | None = None, env: dict[str, str] | None = None, code: Path | None = None):
        self.replicas, self.port, self.host = replicas, port, host
        self.db, self.streamlit_args = db, list(streamlit_args or [])
        self.backends = list(backends or [])
        self.env = dict(env or {})
        self.code = code    # another checkout's `course` package to run (a benchmark's previous design)
        self._stack = ExitStack()
        self.folder = folder or Path(self._stack.enter_context(tempfile.TemporaryDirectory(prefix="stud-class-")))
        self.procs: list[subprocess.Popen] = []
        self.replica_ports: list[int] = []

    def start(self, timeout: float = 120) -> "ClassServer":
        try:
            self._start(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self, timeout: float) -> None:
        if not self.backends:
            if not self.db:
                raise SystemExit("serve-class needs one PostgreSQL database for every replica: give "
                                 "DB=postgresql+psycopg://user:password@host/db (or set STUD_STUDY_DB)")
            env = {**os.environ, "STUD_STUDY_DB": self.db, **self.env}
            for n in range(1, self.replicas + 1):
                port = free_port()
                log = open(self.folder / f"replica-{n}.log", "w")
                self._stack.callback(log.close)
                self.procs.append(subprocess.Popen(
                    [sys.executable, "-m", "course.app", "--server.address", "127.0.0.1",
                     "--server.port", str(port), "--server.headless", "true",
                     "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
                     *self.streamlit_args], env=env, stdout=log, stderr=subprocess.STDOUT, cwd=self.code))
                self.replica_ports.append(port)
                self.backends.append(("127.0.0.1", port))
        # Every replica answers before the balancer starts: HAProxy counts a server up at start
        # only until a check fails, and one that failed its first checks (still loading the
        # course) stays down for `rise` more checks while the balancer sends everyone elsewhere.
        for n, proc in enumerate(self.procs, 1):
            wait_healthy(f"http://127.0.0.1:{self.replica_ports[n - 1]}/_stcore/health", proc, timeout,
                         f"replica {n} (log: {self.folder / f'replica-{n}.log'})")
        config = self.folder / "haproxy.cfg"
        config.write_text(haproxy_config(self.backends, self.host, self.port), encoding="utf-8")
        subprocess.run([haproxy(), "-c", "-q", "-f", str(config)], check=True)
        log = open(self.folder / "haproxy.log", "w")
        self._stack.callback(log.close)
        self.balancer = subprocess.Popen([haproxy(), "-db", "-f", str(config)], stdout=log,
                                         stderr=subprocess.STDOUT)
        self.procs.append(self.balancer)
        wait_healthy(f"http://{self.host}:{self.port}/_stcore/health", self.balancer, timeout,
                     f"haproxy (log: {self.folder / 'haproxy.log'})")

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.procs = []
        self._stack.close()

    def __enter__(self) -> "ClassServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def secrets_files(streamlit_args: list[str]) -> list[str]:
    """The `--secrets.files` the replicas are given (`--secrets.files X` or `--secrets.files=X`)."""
    found = []
    for n, arg in enumerate(streamlit_args):
        if arg == "--secrets.files" and n + 1 < len(streamlit_args):
            found.append(streamlit_args[n + 1])
        elif arg.startswith("--secrets.files="):
            found.append(arg.split("=", 1)[1])
    return found


def class_problem(streamlit_args: list[str], *, db: str | None, host: str,
                  allow_anonymous: bool = False) -> str | None:
    """Why the class cannot be served, checked before any replica starts
    (`course.app.startup.start_problem`, with shared mode required unless `allow_anonymous`):
    no secrets, a missing file, no Authlib, a weak cookie secret, no database or its driver."""
    from course.app import startup

    if not db:
        return ("a class needs one PostgreSQL database for every replica: give "
                "DB=postgresql+psycopg://user:password@host/db (or set STUD_STUDY_DB)")
    files = secrets_files(streamlit_args)
    if not files and not allow_anonymous:
        return ("no secrets file: give SECRETS=path/to/secrets.toml (make serve-class) or "
                "`-- --secrets.files path` with its [auth] section (docs/shared-mode.md); "
                "--allow-anonymous-class serves without login on purpose")
    secrets, missing, broken = startup.read_secrets(files)
    return startup.start_problem(secrets=secrets, missing_files=missing, broken_files=broken,
                                 require_shared=not allow_anonymous, address=host,
                                 allow_anonymous=allow_anonymous, db_location=db)


def backend(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: expected host:port, such as 10.0.0.5:8601")
    return host, int(port)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(prog="python -m course.app.serve_class", description=__doc__.split("\n")[0])
    parser.add_argument("--replicas", type=int, default=os.cpu_count() or 1,
                        help="app processes to start (default: the number of cores)")
    parser.add_argument("--port", type=int, default=8501, help="the balancer's port (default 8501)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the balancer's address (default 127.0.0.1: this computer only)")
    parser.add_argument("--db", default=os.environ.get("STUD_STUDY_DB", "").strip() or None,
                        help="the PostgreSQL URL every replica writes to (default $STUD_STUDY_DB)")
    parser.add_argument("--backend", type=backend, action="append", default=[],
                        help="a replica started elsewhere, host:port (repeat; then none is started here)")
    parser.add_argument("--print-config", action="store_true", help="print HAProxy's configuration and stop")
    parser.add_argument("--allow-anonymous-class", action="store_true",
                        help="serve without login (one shared identity for everyone): on purpose only")
    args = parser.parse_args(argv)
    if args.replicas < 1:
        parser.error("--replicas must be at least 1")
    if args.db and not args.db.startswith("postgresql"):
        parser.error(f"--db {args.db!r}: replicas share one PostgreSQL database (a postgresql+psycopg:// URL)")
    if args.print_config:
        backends = args.backend or [("127.0.0.1", 8601 + n) for n in range(args.replicas)]
        print(haproxy_config(backends, args.host, args.port), end="")
        return 0
    if not args.backend:
        problem = class_problem(extra, db=args.db, host=args.host, allow_anonymous=args.allow_anonymous_class)
        if problem:
            print(f"serve-class cannot start: {problem}", file=sys.stderr)
            return 2
        extra = [*extra, "--allow-anonymous-class" if args.allow_anonymous_class else "--shared"]
    server = ClassServer(args.replicas, port=args.port, host=args.host, db=args.db, streamlit_args=extra,
                         backends=args.backend)

    def terminated(*_: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminated)
    try:
        server.start()
        count = len(server.backends)
        print(f"serving the class at {server.url}: {count} replica(s) behind HAProxy "
              f"(logs in {server.folder}); Ctrl-C stops", flush=True)
        while all(proc.poll() is None for proc in server.procs):
            time.sleep(1)
        print("a process stopped: stopping the class", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        server.stop()


if __name__ == "__main__":
    raise SystemExit(main())
