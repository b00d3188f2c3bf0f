"""Start the real app server in a subprocess on a free port of 127.0.0.1 and stop it (the
tests that need a real server, and `benchmarks/load.py`)."""

from __future__ import annotations

import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from course.app import ENTRY

ROOT = Path(__file__).resolve().parents[2]
# The line LiveCourse logs for each full load of the course (course/content/live.py).
LOADED = re.compile(r"course loaded from (?P<root>\S+): (?P<lessons>\d+) lessons, (?P<exercises>\d+) "
                    r"exercises, (?P<problems>\d+) problem\(s\) in (?P<seconds>[\d.]+) s \(load (?P<load>\d+)\)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def auth_secrets(path: Path, port: int, provider: str, extra: str = "") -> Path:
    """Write a secrets.toml that puts the app on `port` (opened at http://localhost:`port`) in
    shared mode, logging in through the OpenID Connect provider at `provider`; `extra` is
    appended (a `[roles]` section). Its cookie secret is made afresh for each file: a server
    refuses one written anywhere in the repository."""
    path.write_text(f"""
[auth]
redirect_uri = "http://localhost:{port}/oauth2callback"
cookie_secret = "{secrets.token_urlsafe(48)}"
client_id = "stud-study-room"
client_secret = "test-secret"
server_metadata_url = "{provider}/.well-known/openid-configuration"
{extra}""", encoding="utf-8")
    return path


class AppServer:
    """`python -m course.app` (`streamlit run` of this app, the course loaded as the server
    starts) with `env` added to the environment; `secrets` names a secrets.toml (shared mode)
    instead of the usual places; `host` is the name the app is opened at (login needs exactly
    the host of its redirect_uri)."""

    def __init__(self, env: dict[str, str], *, log: Path, secrets: Path | None = None,
                 host: str = "127.0.0.1", port: int | None = None, plain: bool = False):
        self.port = port or free_port()
        self.url = f"http://{host}:{self.port}"
        # plain: `streamlit run` of the entry script itself, without `python -m course.app`
        start = ["streamlit", "run", str(ENTRY)] if plain else ["course.app"]
        args = [sys.executable, "-m", *start,
                "--server.port", str(self.port), "--server.address", "127.0.0.1",
                "--server.headless", "true", "--browser.gatherUsageStats", "false",
                "--server.fileWatcherType", "none"]
        if secrets is not None:
            args += ["--secrets.files", str(secrets)]
        full_env = {k: v for k, v in os.environ.items() if k != "STUD_STUDY_CONTENT"}
        full_env.update(env)   # the content root only when the caller names one
        self._log = open(log, "w")
        self.proc = subprocess.Popen(args, cwd=ROOT, env=full_env, stdout=self._log,
                                     stderr=subprocess.STDOUT)
        self.log = log

    def wait(self, timeout: float = 90) -> "AppServer":
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(
                        f"http://127.0.0.1:{self.port}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the app server did not start: {self.log.read_text()[-2000:]}")
            time.sleep(0.3)

    def course_loads(self) -> list[dict[str, str]]:
        """Every full load of the course the server has logged so far, in order."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return [m.groupdict() for m in LOADED.finditer(text)]

    def wait_course_loaded(self, timeout: float = 300) -> dict[str, str]:
        """Wait for the server's first load of the course (it starts one as it starts)."""
        deadline = time.monotonic() + timeout
        while not (loads := self.course_loads()):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the course was not loaded: {self.log.read_text()[-2000:]}")
            time.sleep(0.1)
        return loads[0]

    def rss_kib(self) -> int:
        """The server's resident memory (Linux /proc), KiB."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()

    def __enter__(self) -> "AppServer":
        return self.wait()

    def __exit__(self, *exc: object) -> None:
        self.stop()
