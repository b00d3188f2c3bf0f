"""`make serve-class`: two real replicas behind a real HAProxy on one real PostgreSQL, in shared
mode. Learners log in through a real OpenID Connect provider as browsers do (every request,
websockets included, carries the browser's cookies), answer at the same time, and each stays on
one replica; every attempt is saved under its learner."""

from __future__ import annotations

import http.cookiejar
import shutil
import subprocess
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlencode, urljoin

import pytest

from course.app import serve_class
from course.app.serve import auth_secrets
from course.app.wsclient import Learner, Tab
from course.store import ProgressStore

DEAL = "hpd-1-bring-in-suit-tie"
LEARNERS, ROUNDS = 4, 5
ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("haproxy") is None and not Path("/usr/sbin/haproxy").exists(),
                                reason="Debian's haproxy is not installed (.ci/run installs it)")


def browser_login(url: str, sub: str) -> tuple[tuple[str, str], list[str]]:
    """Log in as `sub` the way a browser does through the balancer; returns the login for a
    `Tab` and the replica that answered each request (the balancer's X-Stud-Replica header)."""
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    served = []

    def cookies() -> tuple[str, str]:
        found = {c.name: c.value for c in jar}
        return "; ".join(f"{k}={v}" for k, v in found.items()), found.get("_streamlit_xsrf", "")

    def visit(address: str, data: bytes | None = None) -> str:
        with browser.open(address, data=data) as answer:
            served.append(answer.headers[serve_class.HEADER])   # the last hop: the app's answer
            answer.read()
            return answer.geturl()

    visit(f"{url}/_stcore/health")              # the first visit: the balancer picks a replica
    assert serve_class.COOKIE in {c.name for c in jar}
    tab = Tab(url, login=cookies())
    try:
        served.append(tab.ws.getheaders()[serve_class.HEADER.lower()])
        page = tab.run()
        page = tab.run(widgets={page.widget("button", "login").id: {"trigger_value": True}})
    finally:
        tab.close()
    assert page.redirect, page.texts()
    form = browser.open(urljoin(url + "/", page.redirect.lstrip("/")))   # the app sends it on to the provider
    form.read()
    # The provider's login form; its answer redirects back to the app's callback, then the app.
    visit(form.geturl(), urlencode({"sub": sub}).encode())
    assert any(c.name.startswith("_streamlit_user") for c in jar), sorted(c.name for c in jar)
    return cookies(), served


def test_two_replicas_behind_haproxy_keep_each_learner_and_every_attempt(pg_url, provider, tmp_path):
    port = serve_class.free_port()
    secrets = auth_secrets(tmp_path / "class.toml", port, provider)
    with serve_class.ClassServer(2, port=port, db=pg_url, streamlit_args=["--secrets.files", str(secrets)],
                                 folder=tmp_path) as server:
        url = f"http://localhost:{port}"       # the redirect_uri's host, as a browser opens it
        logins = {}
        for n in range(LEARNERS):
            logins[f"class-{n}"] = browser_login(url, f"class-{n}")

        def learn(sub: str) -> tuple[str, list, list[str]]:
            learner = Learner(url, DEAL, login=logins[sub][0])
            try:
                replica = learner.tab.ws.getheaders()[serve_class.HEADER.lower()]
                return sub, [learner.round() for _ in range(ROUNDS)], [replica]
            finally:
                learner.close()

        with ThreadPoolExecutor(LEARNERS) as pool:
            runs = list(pool.map(learn, logins))
    where = {sub: set(logins[sub][1]) | set(replicas) for sub, _, replicas in runs}
    assert all(len(replicas) == 1 for replicas in where.values()), where   # each on one replica
    assert set().union(*where.values()) == {"r1", "r2"}, where              # and both replicas used
    rows = ProgressStore(pg_url).all_attempts()
    assert len(rows) == LEARNERS * ROUNDS and rows["id"].is_unique
    for sub, run, _ in runs:
        mine = rows[rows["learner"] == f"{provider}#{sub}"]
        assert all(saved for _, _, saved in run)
        assert list(mine["correct"]) == [right for _, right, _ in run]


def test_the_balancer_configuration_is_valid_and_local_by_default(tmp_path):
    done = subprocess.run([sys.executable, "-m", "course.app.serve_class", "--print-config", "--replicas", "3"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    assert "bind 127.0.0.1:8501" in done.stdout and done.stdout.count("check cookie r") == 3
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
