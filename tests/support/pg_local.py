"""A throwaway PostgreSQL server for tests and benchmarks, from Debian's `postgresql` package.

`LocalPostgres()` runs `initdb` in a new temporary data directory, starts the server on a free
port of 127.0.0.1 (and a socket in that directory), and gives its `url` for `STUD_STUDY_DB`.
`stop()` (or leaving the `with` block) stops it and deletes the directory. PostgreSQL refuses to
run as root, so as root the server runs as the package's own `postgres` user.

Commits are not flushed to disk one by one (`synchronous_commit = off`): the same durability as
the SQLite store's WAL with `synchronous = NORMAL` (a crash of the app loses nothing, a power
cut may lose the last commits), so the two are compared like for like.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "postgres"          # the system user Debian's package creates


class Unavailable(RuntimeError):
    """No PostgreSQL server can be started here; the message says why."""


def bin_dir() -> Path:
    """The newest installed server's bin folder (Debian keeps it off PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise Unavailable("PostgreSQL is not installed (Debian package `postgresql`; .ci/run "
                      "installs it)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalPostgres:
    def __init__(self) -> None:
        self.bin = bin_dir()
        self.as_user: str | None = None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam(USER)
            except KeyError:
                raise Unavailable(f"running as root and there is no {USER!r} user to run "
                                  "PostgreSQL as") from None
            self.as_user = USER
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="stud-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "server.log"
        self.url = f"postgresql+psycopg://stud@127.0.0.1:{self.port}/postgres"
        self.running = False

    def _run(self, *args: str) -> None:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.as_user:
            cmd = ["runuser", "-u", self.as_user, "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise Unavailable(f"{args[0]} failed ({done.returncode}): "
                              f"{(done.stderr or done.stdout).strip()[-800:]}")

    def start(self) -> "LocalPostgres":
        """Create the data directory and start the server."""
        if self.as_user:
            info = pwd.getpwnam(self.as_user)
            os.chown(self.dir, info.pw_uid, info.pw_gid)
        try:
            self._run("initdb", "-D", str(self.data), "-U", "stud", "-A", "trust",
                      "-E", "UTF8", "--locale=C", "--no-sync")
            self.resume()
        except BaseException:
            self.stop()
            raise
        return self

    def resume(self) -> None:
        """Start the server on the existing data directory (again, after `pause`)."""
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                  "-o", f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                        "-c synchronous_commit=off -c max_connections=200", "start")
        self.running = True

    def pause(self) -> None:
        """Stop the server and keep its data (an outage, for tests)."""
        if self.running:
            self.running = False
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def stop(self) -> None:
        """Stop the server and delete its data directory."""
        try:
            self.pause()
        except (Unavailable, subprocess.TimeoutExpired):
            pass                                     # deleting the folder below still runs
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "LocalPostgres":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
