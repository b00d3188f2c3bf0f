"""A restarted server (`python -m course.app` on unchanged files, the validated course in the
cache) imports what the Course map's first run needs and nothing else before its first map is
drawn: no other page's module, no pandas, no Alembic, no engine (`__main__.warm_first_run`); the
rest is imported in the background after it (`warm_the_rest`). The map it draws then is the one it
draws once the whole course is loaded, and the other pages still work."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from course.app import __main__ as server_main
from course.store import ProgressStore
from tests.support.serve import AppServer
from tests.support.wsclient import Tab

ROOT = Path(__file__).resolve().parents[2]
LONG_AGO = 1_600_000_000 * 10**9     # files older than the cache (not within cache.RACY of it)
FIRST_MAP = re.compile(r"the first Course map was drawn [\d.]+ s after the start, [\d.]+ s of CPU; imported before it, "
                       r"of the modules meant for after it: (?P<early>.+)")
REST = "the other pages' modules and pandas imported"
COLLECTING = "the cyclic garbage collector, paused for the start, is running again"


FIRST_RUN_ALONE = textwrap.dedent("""
    import importlib, sys
    import streamlit, streamlit.web.bootstrap
    from course.app import __main__ as server
    for name in server.FIRST_RUN:
        importlib.import_module(name)
    from course.app import state
    assert state.open_store_ahead()
    print(server.imported_early())
""")


def test_the_first_run_s_modules_and_the_store_import_no_other_page_nor_pandas_nor_alembic_nor_the_engine(tmp_path):
    db = tmp_path / "p.db"
    ProgressStore(db).close()            # a store at the newest schema, as on any restart
    out = subprocess.run([sys.executable, "-c", FIRST_RUN_ALONE], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={**os.environ, "STUD_STUDY_DB": str(db)})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[]"


def test_what_is_left_for_after_the_first_map_is_every_other_page_and_pandas():
    rest = server_main.rest()
    assert "pandas" in rest and not set(server_main.FIRST_RUN) & set(rest)
    pages = {p.stem for p in (ROOT / "course" / "app" / "screens").glob("*.py")} - {"__init__"}
    assert {name.rsplit(".", 1)[1] for name in rest if name.startswith(server_main.SCREENS)} \
        == pages - {"course_map"}


def shown(page) -> list[tuple[str, str]]:
    """What a visitor sees of a map: each element's kind and its text or link label."""
    return [(kind, str(getattr(proto, "body", "") or getattr(proto, "label", "")))
            for kind, proto in page.elements]


def wait_for(log: Path, pattern: str, timeout: float = 120) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = log.read_text(encoding="utf-8", errors="replace")
        if pattern in text:
            return text
        time.sleep(0.1)
    raise AssertionError(f"{pattern!r} never logged: {log.read_text()[-3000:]}")


def test_a_restarted_server_draws_its_first_map_before_importing_the_rest_and_the_same_map_after(tmp_path):
    root = tmp_path / "course"
    for folder in ("lessons", "exercises"):
        shutil.copytree(ROOT / folder, root / folder)
    for path in root.rglob("*.yaml"):
        os.utime(path, ns=(LONG_AGO, LONG_AGO))
    env = {"STUD_STUDY_DB": str(tmp_path / "p.db"), "STUD_STUDY_CONTENT": str(root),
           "STUD_STUDY_CACHE": str(tmp_path / "cache"),
           server_main.MAP_FIRST_ENV: "300"}     # the rest waits for the first map, however slow
    with AppServer(env, log=tmp_path / "first.log") as first:
        first.wait()
        first.wait_course_loaded()               # the first start fills the cache and the index
        assert COLLECTING in wait_for(first.log, COLLECTING)     # resumed once loaded, no visitor needed

    with AppServer(env, log=tmp_path / "restart.log") as server:
        server.wait()
        tab = Tab(server.url)
        try:
            before = tab.run()                  # the visitor who comes as the server answers
        finally:
            tab.close()
        log = wait_for(server.log, REST)
        assert "the Course map's index read from the cache" in log
        early = FIRST_MAP.search(log)
        assert early and early.group("early") == "none", log[-3000:]
        assert log.index(COLLECTING) > early.start()     # paused until the first map was drawn
        loaded = server.wait_course_loaded()
        assert loaded["load"] == "1" and loaded["problems"] == "0"

        tab = Tab(server.url)
        try:
            after = tab.run()                   # drawn from the whole course now
            progress = tab.run("progress")      # a page whose module and pandas came later
        finally:
            tab.close()
    assert len(before.elements) > 20 and not [p for n, p in before.elements if n == "exception"]
    assert shown(before) == shown(after)
    assert ("heading", "Progress") in shown(progress)          # the page's own run, not an error
    assert "No answers checked yet. Try the Practice page." in progress.texts(), shown(progress)
    assert not [p for n, p in progress.elements if n == "exception"]
