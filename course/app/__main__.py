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
"""

from __future__ import annotations

import logging
import sys
import threading

from course.app import ENTRY, courses


def preload() -> None:
    """Load the course at the content root into the server's LiveCourse; a failure is logged
    and left for the first visitor's session to meet and report, never fatal to the server."""
    try:
        courses.live_course().course()
    except Exception:  # noqa: BLE001 - the server must come up whatever the content holds
        logging.getLogger("course").exception("the course could not be loaded at start")


def refuse_weak_secret() -> None:
    """Stop before the server starts when shared mode's cookie secret would let anyone forge a
    login (`state.cookie_secret_problem`). Called once Streamlit has read its options, so the
    secrets read are the ones the server would use (`--secrets.files` included)."""
    from streamlit.runtime.secrets import secrets_singleton

    if not secrets_singleton.load_if_toml_exists() or "auth" not in secrets_singleton:
        return                                   # local mode
    from course.app import state                 # (not before: it imports pandas, the store...)

    problem = state.cookie_secret_problem(secrets_singleton["auth"])
    if problem:
        print(f"Shared mode cannot start: {problem}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: list[str]) -> int:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s"))
    logger = logging.getLogger("course")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    threading.Thread(target=preload, name="course-preload", daemon=True).start()

    from streamlit.web import bootstrap
    from streamlit.web.cli import main as streamlit_cli

    start = bootstrap.run

    def checked_start(*args, **kwargs):
        refuse_weak_secret()
        return start(*args, **kwargs)

    bootstrap.run = checked_start

    return streamlit_cli(["run", str(ENTRY), *argv], prog_name="streamlit")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
