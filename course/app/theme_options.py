"""The app's theme, made once for the browser instead of on every rerun.

Every rerun's first message to the browser (Streamlit's NewSession) carries the app's theme: six
sections (`theme`, `theme.light`, `theme.dark` and their sidebars), each read through
`streamlit.config.get_options_for_section`, which walks every one of Streamlit's several hundred
options to pick out the section's, and then written field by field into the message. On the real
server that was about a tenth of the CPU of a Check and a Try again on Practice
(docs/measurements.md, "Where a Check's CPU goes").

`keep_theme_options` makes the server read each theme section, and write its part of the
message, once, and keep both until the options change: a config file read again (Streamlit
watches them and reparses on a change) or an option set. Each rerun's message is then given the
kept part whole. Sections other than the theme's are read as before. Installed by
`python -m course.app` before the server starts; a plain `streamlit run` (and AppTest) read them
as Streamlit does.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

KEPT = "theme_sections_kept"    # the attribute that marks the functions installed here


class _Kept:
    """What is kept per theme section, and a generation moved on by every change of the
    options: something computed from a read begun before a change is not kept."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.generation = 0
        self.values: dict[Any, Any] = {}

    def forget(self) -> None:
        with self.lock:
            self.generation += 1
            self.values.clear()

    def get(self, key: Any, make: Callable[[], Any]) -> Any:
        with self.lock:
            found, began = self.values.get(key), self.generation
        if found is None:
            found = make()
            with self.lock:
                if self.generation == began:
                    self.values[key] = found
        return found


def keep_theme_options() -> bool:
    """Install the kept theme (once per process). True if installed now or before; False when
    this Streamlit lacks one of the functions it wraps (then nothing is changed and every rerun
    makes the theme as before)."""
    from streamlit import config
    from streamlit.runtime import app_session

    read: Callable[[str], dict[str, Any]] | None = getattr(config, "get_options_for_section", None)
    set_option = getattr(config, "_set_option", None)
    populate = getattr(app_session, "_populate_theme_msg", None)
    if read is None or set_option is None or populate is None or not hasattr(config, "on_config_parsed"):
        return False
    if getattr(read, KEPT, None) is not None:
        return True
    kept = _Kept()

    def get_options_for_section(section: str) -> dict[str, Any]:
        if not section.startswith("theme"):
            return read(section)
        return dict(kept.get(("options", section), lambda: read(section)))   # the caller's own copy

    def _populate_theme_msg(msg: Any, section: str = "theme") -> None:
        def make() -> bytes:
            fresh = type(msg)()
            populate(fresh, section)
            return fresh.SerializeToString()
        part = kept.get(("message", type(msg).__name__, section), make)
        if part:       # merging even no bytes would mark an unset sub-message (a sidebar) as set
            msg.MergeFromString(part)

    def _set_option(key: str, value: Any, where_defined: str) -> None:
        try:
            set_option(key, value, where_defined)
        finally:
            kept.forget()

    setattr(get_options_for_section, KEPT, kept)
    config._set_option = _set_option
    config.on_config_parsed(kept.forget, force_connect=True)
    config.get_options_for_section = get_options_for_section
    app_session._populate_theme_msg = _populate_theme_msg
    return True
