"""The course as a server keeps it: loaded when the server starts (before any visitor), once,
and freed again when an edit replaces it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from course import content
from tests.support.serve import AppServer
from course.app.state import CONTENT_ENV
from tests.support.wsclient import Tab
from course.store import ENV_VAR

ROOT = Path(__file__).resolve().parents[2]


def course_copy(root: Path) -> Path:
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "exercises", root / "exercises")
    return root


def test_the_server_loads_the_course_as_it_starts_and_a_visitor_loads_nothing(tmp_path):
    content_root = course_copy(tmp_path / "content")
    (content_root / "exercises" / "broken.yaml").write_text("id: [\n", encoding="utf-8")
    env = {ENV_VAR: str(tmp_path / "progress.db"), CONTENT_ENV: str(content_root)}
    with AppServer(env, log=tmp_path / "server.log") as server:
        loaded = server.wait_course_loaded()   # nobody has visited: only the start can have loaded it
        assert (Path(loaded["root"]), loaded["load"], loaded["problems"]) == (content_root, "1", "1")
        assert int(loaded["lessons"]) > 0 and int(loaded["exercises"]) > 0

        tab = Tab(server.url)
        try:
            page = tab.run()
        finally:
            tab.close()
        links = [proto.label for kind, proto in page.elements if kind == "page_link"]
        first = min(content.load_course(content_root).lessons.values(), key=lambda l: (l.game, l.order))
        assert any(first.title in label for label in links), links   # the map drew the course
        assert len(server.course_loads()) == 1, "a visitor loaded the course again"


# In a fresh interpreter: load a course (which freezes it out of the cyclic collector), replace
# parts of it by every kind of edit, then unfreeze and collect. Anything of ours collected then
# was cyclic garbage that the freeze had kept alive: a replaced course that would never be freed.
LEAK_PROBE = textwrap.dedent("""
    import gc, sys
    from pathlib import Path
    from course.content.live import LiveCourse
    root = Path(sys.argv[1])
    live = LiveCourse(root, watch=False)
    first = live.course()
    target = root / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"
    original = target.read_text(encoding="utf-8")
    edits = [
        original.replace('title: "', 'title: "Edited ', 1),     # patched in
        original.replace("id: ", "id: renamed-", 1),            # the course assembled again
        original.replace("Ben:", "Bea:", 1),                    # now invalid
        "id: [\\n",                                             # unreadable
        original,
    ]
    for n in range(20):
        target.write_text(edits[n % len(edits)], encoding="utf-8")
        assert live.refresh([target])
    extra = root / "exercises" / "extra.yaml"
    extra.write_text(original.replace("id: ", "id: extra-", 1), encoding="utf-8")
    assert live.refresh()
    extra.unlink()
    assert live.refresh()
    assert live.course() is not first and live.loads == 1
    del first
    gc.collect()                      # what is not frozen is collected as usual
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    ours = sorted({type(o).__module__ + "." + type(o).__qualname__ for o in gc.garbage
                   if type(o).__module__.startswith("course")})
    print(len(gc.garbage), ours)
""")


def test_a_replaced_course_is_freed_though_the_loaded_one_is_frozen(tmp_path):
    content = course_copy(tmp_path / "content")
    run = subprocess.run([sys.executable, "-c", LEAK_PROBE, str(content)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    _, ours = run.stdout.split(" ", 1)
    assert ours.strip() == "[]", f"cyclic course objects kept alive by the freeze: {ours}"
