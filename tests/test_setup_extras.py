"""The default install is local mode's: shared mode's OpenID Connect client (Authlib) and the
PostgreSQL driver (psycopg) are the `shared` extra. Without them, shared mode and a PostgreSQL
store say what to install, never a traceback. (A module set to None in sys.modules cannot be
imported: Python's own way of a package being absent.)"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.apptest import AUTH, ENTRY, environment
from course.store import ProgressStore, StoreError

ROOT = Path(__file__).resolve().parents[1]


def test_the_default_install_leaves_out_what_only_shared_mode_needs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    default = " ".join(project["dependencies"])
    shared = " ".join(project["optional-dependencies"]["shared"])
    for name in ("psycopg", "authlib"):
        assert name not in default and name in shared
    assert "stud-study-room[shared]" in project["optional-dependencies"]["test"]  # make test: all


def test_shared_mode_without_authlib_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "authlib", None)
    with environment(tmp_path / "p.db"):
        at = AppTest.from_file(str(ENTRY), default_timeout=30)
        at.secrets.update(AUTH)
        at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert [b.key for b in at.button] == []                         # no login button that would fail
    (message,) = [e.value for e in at.error]
    assert "Authlib" in message and "make setup-shared" in message and "[shared]" in message


def test_a_postgresql_store_without_its_driver_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(StoreError, match=r"driver \(psycopg\) is not installed.*make setup-shared"):
        ProgressStore("postgresql+psycopg://stud@127.0.0.1:9/postgres")
