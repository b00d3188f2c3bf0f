"""`make serve-class`: two real replicas behind a real HAProxy on one real PostgreSQL, in shared
mode. Learners log in through a real OpenID Connect provider as browsers do (every request,
websockets included, carries the browser's cookies), answer at the same time, and each stays on
the replica the balancer's cookie names; every attempt is saved under its learner."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from course.app import serve_class
from tests.support.serve import auth_secrets
from tests.support.wsclient import Learner, log_in
from course.store import ProgressStore

DEAL = "hpd-1-bring-in-suit-tie"
LEARNERS, ROUNDS = 4, 5
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("haproxy") is None and not Path("/usr/sbin/haproxy").exists(),
                                reason="Debian's haproxy is not installed (.ci/run installs it)")


def test_two_replicas_behind_haproxy_keep_each_learner_and_every_attempt(pg_url, provider, tmp_path):
    port = serve_class.free_port()
    secrets = auth_secrets(tmp_path / "class.toml", port, provider)
    with serve_class.ClassServer(2, port=port, db=pg_url, streamlit_args=["--secrets.files", str(secrets)],
                                 folder=tmp_path) as server:
        url = f"http://localhost:{port}"       # the redirect_uri's host, as a browser opens it
        logins = {f"class-{n}": log_in(url, f"class-{n}") for n in range(LEARNERS)}
        pinned = {sub: re.search(rf"{serve_class.COOKIE}=(\w+)", cookie).group(1)
                  for sub, (cookie, _) in logins.items()}

        def learn(sub: str) -> tuple[str, list, set[str]]:
            """A learner's practice tab, then a second tab (a reload): where each was served."""
            served = set()
            for _ in range(2):
                learner = Learner(url, DEAL, login=logins[sub])
                try:
                    served.add(learner.tab.ws.getheaders()[serve_class.HEADER.lower()])
                    run = [learner.round() for _ in range(ROUNDS)]
                finally:
                    learner.close()
            return sub, run, served

        with ThreadPoolExecutor(LEARNERS) as pool:
            runs = list(pool.map(learn, logins))
    for sub, _, served in runs:
        assert served == {pinned[sub]}, (sub, served, pinned)         # each on one replica
    assert set(pinned.values()) == {"r1", "r2"}, pinned               # and both replicas used
    rows = ProgressStore(pg_url).all_attempts()
    assert len(rows) == 2 * LEARNERS * ROUNDS and rows["id"].is_unique
    for sub, run, _ in runs:
        mine = rows[rows["learner"] == f"{provider}#{sub}"]
        assert len(mine) == 2 * ROUNDS and all(saved for _, _, saved in run)
        assert list(mine["correct"])[ROUNDS:] == [right for _, right, _ in run]


def test_the_balancer_configuration_is_valid_and_local_by_default(tmp_path):
    done = subprocess.run([sys.executable, "-m", "course.app.serve_class", "--print-config", "--replicas", "3"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    assert "bind 127.0.0.1:8501" in done.stdout and done.stdout.count("check cookie r") == 3
    assert "timeout check 10s" in done.stdout          # a replica briefly busy is not taken down
    config = tmp_path / "haproxy.cfg"
    config.write_text(done.stdout, encoding="utf-8")
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    checked = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    elsewhere = subprocess.run([sys.executable, "-m", "course.app.serve_class", "--print-config",
                                "--backend", "10.0.0.5:8601", "--backend", "10.0.0.6:8601", "--host", "0.0.0.0"],
                               cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "server r1 10.0.0.5:8601" in elsewhere and "server r2 10.0.0.6:8601" in elsewhere
    assert "bind 0.0.0.0:8501" in elsewhere
