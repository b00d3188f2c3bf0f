"""Shared mode fails closed (course/app/startup.py, `python -m course.app`, `serve_class`): a
server asked for shared mode that cannot provide it, or about to serve beyond this computer
without it, refuses to start with one line saying what to fix; and the app reads its own
configuration wherever it is started from. Real server processes, started and stopped here."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from course.app import serve_class, startup
from tests.support.serve import ROOT, free_port

REPO_SECRET = "test-only-cookie-secret-0123456789-abcdefghijklmnop"   # written here: refused


def auth_toml(path: Path, secret: str | None = None, roles: str = "") -> Path:
    path.write_text(f"""[auth]
redirect_uri = "http://localhost:8501/oauth2callback"
cookie_secret = "{secret or secrets.token_urlsafe(48)}"
client_id = "stud-study-room"
client_secret = "x"
server_metadata_url = "http://127.0.0.1:9/.well-known/openid-configuration"
{roles}""", encoding="utf-8")
    return path


def start(args: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 60):
    """Start `python -m course.app args` in `cwd`; (process, port)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "course.app", "--server.port", str(port),
                             "--server.headless", "true", "--server.fileWatcherType", "none",
                             *args], cwd=cwd, env={**os.environ, **(env or {})},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return proc, port


def refused(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """The one line a server that must not start prints, having exited with status 2."""
    proc, _ = start(args, cwd, env)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 2, out[-2000:]
    lines = [l for l in out.splitlines() if "cannot start" in l]
    assert len(lines) == 1, out[-2000:]
    return lines[0]


@pytest.fixture
def elsewhere(tmp_path):
    """A working directory outside the repository, with nothing in it."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


def test_a_missing_secrets_file_stops_the_server(elsewhere, tmp_path):
    line = refused(["--secrets.files", "clas.toml"], elsewhere, {"STUD_STUDY_DB": str(tmp_path / "p.db")})
    assert "clas.toml does not exist" in line and "--secrets.files" in line


def test_shared_mode_asked_for_without_auth_stops_the_server(elsewhere, tmp_path):
    line = refused(["--shared"], elsewhere, {"STUD_STUDY_DB": str(tmp_path / "p.db")})
    assert "no [auth] section" in line and "SECRETS=" in line


def test_listening_beyond_loopback_without_shared_mode_stops_the_server(elsewhere, tmp_path):
    line = refused(["--server.address", "0.0.0.0"], elsewhere, {"STUD_STUDY_DB": str(tmp_path / "p.db")})
    assert "0.0.0.0 without shared mode" in line and "--allow-anonymous-class" in line


def test_a_cookie_secret_written_in_the_repository_stops_the_server(elsewhere, tmp_path):
    secrets_file = auth_toml(tmp_path / "class.toml", REPO_SECRET)
    line = refused(["--secrets.files", str(secrets_file)], elsewhere,
                   {"STUD_STUDY_DB": str(tmp_path / "p.db")})
    assert "cookie_secret" in line and "test_startup.py" in line


def test_a_database_url_without_its_driver_is_named_before_start(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)
    problem = startup.start_problem(secrets={}, db_location="postgresql+psycopg://s@127.0.0.1:9/d")
    assert "driver (psycopg) is not installed" in problem and "make setup-shared" in problem


def test_auth_without_authlib_is_named_before_start(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "authlib", None)
    secrets_, _, _ = startup.read_secrets([str(auth_toml(tmp_path / "s.toml"))])
    problem = startup.start_problem(secrets=secrets_)
    assert "Authlib" in problem and "make setup-shared" in problem


@pytest.mark.parametrize("secret", ["abcdefgh" * 4, REPO_SECRET])
def test_weak_or_published_cookie_secrets_are_refused(secret, tmp_path):
    secrets_, _, _ = startup.read_secrets([str(auth_toml(tmp_path / "s.toml", secret))])
    problem = startup.start_problem(secrets=secrets_)
    assert problem and "cookie_secret" in problem


def test_a_fresh_random_secret_and_a_loopback_address_start(tmp_path):
    secrets_, _, _ = startup.read_secrets([str(auth_toml(tmp_path / "s.toml"))])
    assert startup.start_problem(secrets=secrets_, address="0.0.0.0") is None
    assert startup.start_problem(secrets={}, address="127.0.0.1") is None
    assert startup.start_problem(secrets={}, address="0.0.0.0", allow_anonymous=True) is None


def test_serve_class_without_secrets_starts_no_replica(capsys, tmp_path):
    assert serve_class.main(["--replicas", "1", "--port", str(free_port()),
                             "--db", "postgresql+psycopg://s@127.0.0.1:9/d"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no secrets file" in err[0] and "SECRETS=" in err[0]
    assert serve_class.class_problem(["--secrets.files", str(tmp_path / "nope.toml")],
                                     db="postgresql+psycopg://s@127.0.0.1:9/d", host="127.0.0.1")


def test_make_serve_class_installs_the_shared_extra_first():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = next(l for l in makefile.splitlines() if l.startswith("serve-class:"))
    assert "setup-shared" in rule


def test_the_app_reads_its_own_config_wherever_it_is_started(elsewhere, tmp_path):
    """Started from a folder without `.streamlit/`, the server still uses the app's settings:
    the viewer-only toolbar of `.streamlit/config.toml` (Streamlit's default is "auto")."""
    import websocket
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from streamlit.proto.NewSession_pb2 import Config

    proc, port = start([], elsewhere, {"STUD_STUDY_DB": str(tmp_path / "p.db")})
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read()
                time.sleep(0.3)
        ws = websocket.create_connection(f"ws://127.0.0.1:{port}/_stcore/stream",
                                         subprotocols=["streamlit"], timeout=60,
                                         origin=f"http://127.0.0.1:{port}")
        try:
            msg = BackMsg()
            msg.rerun_script.query_string = ""
            ws.send_binary(msg.SerializeToString())
            while True:
                fwd = ForwardMsg()
                fwd.ParseFromString(ws.recv())
                if fwd.WhichOneof("type") == "new_session":
                    break
        finally:
            ws.close()
        assert fwd.new_session.config.toolbar_mode == Config.ToolbarMode.VIEWER
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def health(port: int) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=5) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def test_the_health_check_fails_while_answers_cannot_be_saved(tmp_path):
    """A replica whose database is away answers 503 (HAProxy sends its learners elsewhere); one
    that can save answers 200."""
    away = f"postgresql+psycopg://stud@127.0.0.1:{free_port()}/postgres"   # nothing listens there
    for db, expected in ((away, 503), (str(tmp_path / "p.db"), 200)):
        proc, port = start([], ROOT, {"STUD_STUDY_DB": db})
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    status, body = health(port)
                    break
                except OSError:
                    assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read()
                    time.sleep(0.3)
            assert status == expected, body
            if expected == 503:
                assert "answers cannot be saved" in body and "cannot be reached" in body
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def test_a_replica_started_as_serve_class_starts_it_comes_up_in_shared_mode(elsewhere, tmp_path):
    """`--shared` (what serve_class passes every replica) with a good secrets file: the server
    starts, from any folder."""
    good = auth_toml(tmp_path / "class.toml")
    proc, port = start(["--shared", "--secrets.files", str(good)], elsewhere,
                       {"STUD_STUDY_DB": str(tmp_path / "p.db")})
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                assert health(port)[0] == 200
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read()
                time.sleep(0.3)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_first_page_is_imported_and_the_store_opened_before_the_server_answers(tmp_path):
    """`python -m course.app` imports the entry module and the Course map's page (with the store's
    modules) and opens a SQLite progress store before it answers its health check, so the first
    visitor's run pays for neither: its log says so by the time the server answers, and the
    store's file exists before any visitor came."""
    db = tmp_path / "p.db"
    proc, port = start([], ROOT, {"STUD_STUDY_DB": str(db)})
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                status, _ = health(port)
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read()
                time.sleep(0.3)
        assert status == 200 and db.is_file()
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    warmed = [line for line in out.splitlines() if "the first page's modules imported" in line]
    assert len(warmed) == 1 and "and the progress store opened" in warmed[0], out[-2000:]
    assert "could not be imported ahead" not in out
