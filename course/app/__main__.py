"""Start the app server with the course loaded as the server starts, not in the first visitor's
session: `python -m course.app [streamlit run options]` (what `make run` and the tests' servers
use).

`streamlit run` alone loads nothing until a visitor's script runs, so at 43,000 exercises the
first visitor would wait the whole load (about half a minute). Here a background thread loads
the course into the server's one `LiveCourse` (`state.live_course()`, the object every session
reads) while Streamlit starts: a visitor who arrives after the load finds it ready, and one who
arrives during it waits for that same load, under its lock, never for a second one. Every load
is logged on the server's output with its size and time.

The load starts before anything heavy is imported (`course.app.courses` needs only the content
loader, whose validators and the engine are imported when a file is first validated): the app's
state, the progress store (SQLAlchemy) and Streamlit are imported while the course loads, not
before.

Before the server starts answering, it imports what the first visitor's first run, the Course
map, needs and nothing else (`warm_first_run`: the entry module and the map's page; no other
page, no pandas, no Alembic while the store's schema is current, no engine) and opens the
progress store: otherwise that run paid for them after the server said it was ready. The rest
(the other pages' modules and pandas, `REST`) is imported in the background once a first Course
map has been drawn, or MAP_FIRST seconds after the server answers (`warm_the_rest`), so the
second page a visitor opens does not wait for them either. The server's log says, when the first
map is drawn, which of them (and Alembic, and the engine) were imported by then: none, when the
start works as meant.

On a restart whose files are unchanged, the Course map's index kept beside the cache
(`course.content.map_index`) is read first, and the whole course loads once a first map has
been drawn from it, or MAP_FIRST seconds after the server answers when no map has begun by
then (`preload`; one begun is given MAP_DRAWING): the first visitor's map does not wait for the
whole course, nor share the interpreter with its load.
`STUD_STUDY_MAP_FIRST_S` sets MAP_FIRST (the tests that look at a first map give it long enough
for a busy machine).
"""

from __future__ import annotations

import gc

# The server's start makes hundreds of thousands of objects (Streamlit, SQLAlchemy, the app's
# modules, the map's index) and frees almost none: the cyclic collector's passes over them were
# about a tenth of the CPU before the first Course map. It is paused from here until that map is
# drawn (`resume_collection`), only when this module is the server's entry point, never when
# a test or a tool imports it.
COLLECTION_PAUSED = __name__ == "__main__" and gc.isenabled()
if COLLECTION_PAUSED:
    gc.disable()

import importlib
import logging
import os
import pkgutil
import sys
import threading
import time

from course.app import ENTRY, courses

STARTED = time.monotonic()    # about when the process started (this module is its first import)
MAP_FIRST_ENV = "STUD_STUDY_MAP_FIRST_S"
# seconds, once the server starts, that the full load and the rest's imports wait for a first Course map
MAP_FIRST = float(os.environ.get(MAP_FIRST_ENV, "").strip() or 1.0)
WARMED = threading.Event()    # set once the first page's modules are imported (`warm_first_run`)
SERVING = threading.Event()   # set once the server answers (`serving_signalled`)
# seconds a first Course map begun from the index is given to be drawn, alone, before the full
# load and the rest's imports start beside it (at least MAP_FIRST)
MAP_DRAWING = max(MAP_FIRST, 10.0)
SERVER_START = 10.0           # seconds the preload waits for the server to answer, at most
SCREENS = "course.app.screens"
FIRST_RUN = ("course.app.entry", f"{SCREENS}.course_map")    # what the first map's run imports
ONLY_WHEN_MIGRATING = ("alembic",)     # imported only to bring an older store's schema up
ENGINE = ("course.engine",)    # the rules engine: the map draws no table and validates nothing


def rest() -> tuple[str, ...]:
    """The modules a first Course map does not need and a later page does: every other page's
    module (found in the screens folder, so a page added is counted) and pandas."""
    import course.app.screens as screens

    pages = sorted(f"{SCREENS}.{found.name}" for found in pkgutil.iter_modules(screens.__path__))
    return (*(name for name in pages if name not in FIRST_RUN), "pandas")


def preload() -> None:
    """Load the course at the content root into the server's LiveCourse, and import the rest of
    the app's modules (`warm_the_rest`); a failure is logged and left for a visitor's session to
    meet and report, never fatal to the server.

    When the Course map's index kept beside the cache still describes the files
    (`course.content.map_index`), it is read first, and the full load waits until the server
    answers (`SERVING`) and then until a first Course map has been drawn from the index
    (`first_map`): run together, they would share the one
    interpreter lock and each take about twice as long, and the map is what the first visitor
    waits for. A visitor who opens any other page meanwhile loads the course in their own run
    (under the loader's lock, so once), as before. Without a usable index the course loads at
    once (the map waits for it), and the rest is imported after its first map."""
    log = logging.getLogger("course")
    try:
        try:
            live = courses.live_course()
            indexed = live.map_index() is not None
        except Exception:  # noqa: BLE001 - the server must come up whatever the content holds
            log.exception("the course could not be loaded at start")
            live, indexed = None, False
        if indexed:
            first_map(live)
            resume_collection()
            warm_the_rest()
        try:
            if live is not None:
                live.course()
        except Exception:  # noqa: BLE001 - the server must come up whatever the content holds
            log.exception("the course could not be loaded at start")
        if not indexed:
            resume_collection()         # the map waited for the load: it is drawn by now, or soon
            first_map(live)
            warm_the_rest()
    finally:
        resume_collection()


def resume_collection() -> None:
    """Turn the cyclic garbage collector back on once the first Course map is drawn (or given
    up waiting for), or, without the map's index, once the course is loaded (the map waits for
    it), if the start paused it (`COLLECTION_PAUSED`); logged once."""
    global COLLECTION_PAUSED
    if COLLECTION_PAUSED:
        COLLECTION_PAUSED = False
        gc.enable()
        logging.getLogger("course").info("the cyclic garbage collector, paused for the start, is running again")


def first_map(live) -> None:
    """Wait until the server answers (`SERVING`, at most SERVER_START seconds) and then for a
    first Course map to be drawn: MAP_FIRST seconds, and when a visitor's map has begun by then,
    up to MAP_DRAWING for it to be drawn (on a busy machine it takes longer than MAP_FIRST, and
    whatever starts beside it takes half the interpreter from it). When one was drawn, log when,
    and which of the modules meant for after it were imported by then (`imported_early`)."""
    WARMED.wait(60)
    SERVING.wait(SERVER_START)
    if live is not None and (live.map_drawn.wait(MAP_FIRST)
                             or live.map_begun.is_set() and live.map_drawn.wait(MAP_DRAWING)):
        early = imported_early()
        logging.getLogger("course").info(
            "the first Course map was drawn %.2f s after the start, %.2f s of CPU; imported before "
            "it, of the modules meant for after it: %s", time.monotonic() - STARTED,
            time.process_time(), ", ".join(early) or "none")


def imported_early() -> list[str]:
    """Which of the modules a first Course map does not need (`rest`, Alembic and the engine)
    are imported."""
    return [name for name in (*rest(), *ONLY_WHEN_MIGRATING, *ENGINE) if name in sys.modules]


def warm_first_run() -> None:
    """Import what the Course map's first run needs (`FIRST_RUN`: the entry module and the map's
    page, not the other pages nor pandas) and open the progress store, so that the first
    visitor's run finds them imported and open. Called by the server's start in the main thread,
    before it answers (an import from a second thread could meet Streamlit's own imports half
    done); what fails here fails again, and is reported, in the visitor's run."""
    started = time.perf_counter()
    try:
        for name in FIRST_RUN:
            importlib.import_module(name)
        from course.app import state

        opened = state.open_store_ahead()
        logging.getLogger("course").info("the first page's modules imported%s in %.1f s",
                                         " and the progress store opened" if opened else "",
                                         time.perf_counter() - started)
    except Exception:  # noqa: BLE001 - the visitor's run meets the same error and reports it
        logging.getLogger("course").exception("the first page's modules could not be imported ahead")


def serving_signalled(bootstrap) -> None:
    """Set SERVING once Streamlit's server has started and answers (its start hook,
    `bootstrap._on_server_start`, wrapped); when this Streamlit has no such hook, once the first
    page's modules are imported, as before."""
    started = getattr(bootstrap, "_on_server_start", None)
    if started is None:
        SERVING.set()
        return

    def on_server_start(*args, **kwargs):
        try:
            return started(*args, **kwargs)
        finally:
            SERVING.set()

    bootstrap._on_server_start = on_server_start


def warm_the_rest() -> None:
    """Import the modules a later page needs (`rest`: the other pages, pandas), in the preload's
    thread once a first map is drawn, so the second page a visitor opens finds them imported.
    A module that fails to import is left for the page's run to meet and report."""
    started = time.perf_counter()
    failed = []
    for name in rest():
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the page that needs it reports it, as without this
            failed.append(name)
    logging.getLogger("course").info("the other pages' modules and pandas imported in %.1f s%s",
                                     time.perf_counter() - started,
                                     f" (not: {', '.join(failed)})" if failed else "")


OWN_FLAGS = {"--shared": "require_shared", "--allow-anonymous-class": "allow_anonymous"}


def own_flags(argv: list[str]) -> tuple[dict[str, bool], list[str]]:
    """This command's own switches (`OWN_FLAGS`) taken out of `argv`; the rest goes to Streamlit.
    `--shared`: refuse to start without shared mode (serve_class passes it to every replica).
    `--allow-anonymous-class`: serve beyond loopback without login, on purpose."""
    flags = {name: False for name in OWN_FLAGS.values()}
    rest = []
    for arg in argv:
        if arg in OWN_FLAGS:
            flags[OWN_FLAGS[arg]] = True
        else:
            rest.append(arg)
    return flags, rest


def refuse_unsafe_start(require_shared: bool = False, allow_anonymous: bool = False) -> None:
    """Stop before the server starts, with one line saying what to fix, when it was asked for
    shared mode and cannot provide it, or would serve beyond this computer without it
    (`course.app.startup.start_problem`). Called once Streamlit has read its options, so the
    secrets and address checked are the ones the server would use (`--secrets.files` included).
    Without an address given, the server listens on 127.0.0.1 (Streamlit's default is every
    interface)."""
    from streamlit import config

    from course.app import startup
    from course.store import configured_location

    if not config.is_manually_set("server.address"):
        config.set_option("server.address", "127.0.0.1", "course.app: this computer only")
    files = config.get_option("secrets.files") or []
    secrets, missing, broken = startup.read_secrets(files)
    if not config.is_manually_set("secrets.files"):
        missing = []                              # Streamlit's default places may be absent
    problem = startup.start_problem(
        secrets=secrets, missing_files=missing, broken_files=broken,
        require_shared=require_shared, address=config.get_option("server.address"),
        allow_anonymous=allow_anonymous, db_location=configured_location())
    if problem:
        what = "Shared mode" if secrets.get("auth") or require_shared else "The server"
        print(f"{what} cannot start: {problem}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: list[str]) -> int:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s"))
    logger = logging.getLogger("course")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    threading.Thread(target=preload, name="course-preload", daemon=True).start()

    flags, argv = own_flags(argv)
    from streamlit.web import bootstrap
    from streamlit.web.cli import main as streamlit_cli

    start = bootstrap.run

    def checked_start(*args, **kwargs):
        refuse_unsafe_start(**flags)
        from course.app import health, streamlit_start, theme_options
        theme_options.keep_theme_options()
        streamlit_start.install()
        health.answer_only_when_saving()
        # answer only once a first run needs no imports (the course itself may still be loading:
        # a visitor who comes now waits for that one load, `course.app.state.course`)
        try:
            warm_first_run()
        finally:
            WARMED.set()
        serving_signalled(bootstrap)
        return start(*args, **kwargs)

    bootstrap.run = checked_start

    return streamlit_cli(["run", str(ENTRY), *argv], prog_name="streamlit")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
