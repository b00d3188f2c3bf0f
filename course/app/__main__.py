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
loader): the app's state, the progress store (pandas, SQLAlchemy) and Streamlit are imported
while the course loads, not before (they took a restart from the cache about a second).

Before the server starts answering, it imports what a visitor's first run would
(`warm_first_run`: the entry module, every page, pandas, the store's modules) and opens the
progress store, while the course goes on loading in its thread: otherwise the first visitor's
run paid for them (seconds on a busy machine) after the server said it was ready.

On a restart whose files are unchanged, the Course map's index kept beside the cache
(`course.content.map_index`) is read first, and the whole course loads once a first map has
been drawn from it, or a second after the server answers (`preload`): the first visitor's map
does not wait for the whole course, nor share the interpreter with its load.
"""

from __future__ import annotations

import logging
import sys
import threading
import time

from course.app import ENTRY, courses


MAP_FIRST = 1.0    # seconds, once the server answers, the full load waits for a first Course map
WARMED = threading.Event()    # set once the first page's modules are imported (`warm_first_run`)


def preload() -> None:
    """Load the course at the content root into the server's LiveCourse; a failure is logged
    and left for the first visitor's session to meet and report, never fatal to the server.

    When the Course map's index kept beside the cache still describes the files
    (`course.content.map_index`), it is read first, and the full load waits until the server
    answers (the first page's modules imported, `WARMED`) and then until a first Course map has
    been drawn from the index, or MAP_FIRST seconds: run together, they would share the one
    interpreter lock and each take about twice as long, and the map is what the first visitor
    waits for. A visitor who opens any other page meanwhile loads the course in their own run (under
    the loader's lock, so once), as before."""
    try:
        live = courses.live_course()
        if live.map_index() is not None:
            WARMED.wait(60)
            live.map_drawn.wait(MAP_FIRST)
        live.course()
    except Exception:  # noqa: BLE001 - the server must come up whatever the content holds
        logging.getLogger("course").exception("the course could not be loaded at start")


def warm_first_run() -> None:
    """Import the entry module the script runs (and with it every page, pandas and the progress
    store's modules) and open the progress store, so that the first visitor's run finds them
    imported and open. Called by the server's start in the main thread, before it answers (an
    import from a second thread could meet Streamlit's own imports half done); what fails here
    fails again, and is reported, in the visitor's run."""
    started = time.perf_counter()
    try:
        import course.app.entry  # noqa: F401 - imported for its side effect: the modules are loaded
        from course.app import state

        opened = state.open_store_ahead()
        logging.getLogger("course").info("the first page's modules imported%s in %.1f s",
                                         " and the progress store opened" if opened else "",
                                         time.perf_counter() - started)
    except Exception:  # noqa: BLE001 - the visitor's run meets the same error and reports it
        logging.getLogger("course").exception("the first page's modules could not be imported ahead")


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
        from course.app import health
        health.answer_only_when_saving()
        # answer only once a first run needs no imports (the course itself may still be loading:
        # a visitor who comes now waits for that one load, `course.app.state.course`)
        try:
            warm_first_run()
        finally:
            WARMED.set()
        return start(*args, **kwargs)

    bootstrap.run = checked_start

    return streamlit_cli(["run", str(ENTRY), *argv], prog_name="streamlit")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
