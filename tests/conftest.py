"""Shared fixtures: a real PostgreSQL server (Debian's `postgresql` package) for the session,
started as its own user in a temporary data directory and stopped after; each test that asks
for `pg_url` gets a fresh database on it. A real OpenID Connect provider (oidc-provider-mock,
in this process) for the shared-mode tests."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import pg_local

_numbers = itertools.count()
ROOT = Path(__file__).resolve().parents[1]

# The shipped course's validated cache, made once per test process by a child process that
# loads it with the code as it is on disk (nothing patched), then given to each test as the
# starting content of its own cache folder.
_SEED_LOAD = ("import sys; from course.content.live import LiveCourse; "
              "LiveCourse(sys.argv[1], watch=False).course()")


@pytest.fixture(scope="session")
def shipped_course_cache(tmp_path_factory) -> Path | None:
    """A folder holding the shipped course's validated cache (None if it could not be made:
    the tests then start from an empty cache, as they would anyway, only slower)."""
    folder = tmp_path_factory.mktemp("shipped-course-cache")
    env = {**os.environ, "STUD_STUDY_CACHE": str(folder)}
    done = subprocess.run([sys.executable, "-c", _SEED_LOAD, str(ROOT)], cwd=ROOT, env=env,
                          capture_output=True, timeout=300)
    return folder if done.returncode == 0 and any(folder.iterdir()) else None


@pytest.fixture(autouse=True)
def course_cache(shipped_course_cache, tmp_path, monkeypatch):
    """Each test's own validated-course cache (course.content.cache), in its temporary folder:
    tests never fill the user's cache, nor each other's (servers inherit it). It starts with
    the shipped course's files as validated once for the whole test process by the unpatched
    code (`shipped_course_cache`, linked in: the cache is only ever replaced by a rename, never
    written in place), so that the hundreds of tests that open the app on the shipped course do
    not each validate it again."""
    folder = tmp_path / "course-cache"
    monkeypatch.setenv("STUD_STUDY_CACHE", str(folder))
    if shipped_course_cache is not None:
        folder.mkdir()
        for kept in shipped_course_cache.iterdir():
            os.link(kept, folder / kept.name)


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    """Each test's own per-user data and runtime folders (where the spool falls back to): tests
    never read or fill the user's own, nor each other's (servers inherit them)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "user-runtime"))


@pytest.fixture(scope="session")
def pg_server():
    try:
        server = pg_local.LocalPostgres().start()
    except pg_local.Unavailable as exc:
        pytest.skip(f"no PostgreSQL server for this test: {exc}")
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_server) -> str:
    """A new, empty database on the session's server, as a `STUD_STUDY_DB` URL."""
    import psycopg

    name = f"t{next(_numbers)}"
    with psycopg.connect(f"host=127.0.0.1 port={pg_server.port} user=stud dbname=postgres",
                         autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return pg_server.url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def provider():
    """A real OpenID Connect provider on a free port; its address (the issuer)."""
    from oidc_provider_mock import User, run_server_in_thread

    users = [User(sub="ava-1", claims={"name": "Ava Appleby", "email": "ava@example.test"}),
             User(sub="ben-2", claims={"name": "Ben Baker", "email": "ben@example.test"})]
    with run_server_in_thread(user_claims=users) as server:
        yield f"http://localhost:{server.server_port}"

