"""What a server started by `python -m course.app` skips of Streamlit's work where it cannot
apply: three costs that every restart paid before, or during, its first visitor's first page.
`install` puts them in place before the server starts; a plain `streamlit run` and AppTest do
the work as Streamlit does. Each gives Streamlit's own answer, as
`tests/app/test_streamlit_start.py` checks against Streamlit's code.

- **The direct-run warning** (`skip_direct_run_check`). The first element a process draws makes
  Streamlit decide, once, whether to warn that the script was run directly or from a REPL
  (`delta_generator._maybe_print_use_warning`). Its REPL test builds the whole call stack with
  `inspect.stack()`, which resolves the file of each of the server's 900-odd modules: about a
  tenth of a second. The server runs the app through `streamlit run` by construction, so the
  warning can never be due, and is marked as given.
- **The search for installed components** (`quick_component_filter`). At start Streamlit looks
  through every installed distribution for one that may hold a custom component
  (`manifest_scanner._is_likely_streamlit_component_package`: its name, summary or requirements
  mention Streamlit, or its name starts with "st-"), parsing each one's metadata three or four
  times over: a fifth of a second among some eighty distributions. A first look at the metadata
  text passes over a distribution that never says "streamlit" and whose name does not start
  with "st-" or "st_" (it cannot pass any of those tests); every other one, and one whose
  metadata cannot be read, goes to Streamlit's test, so the components found are the same.
- **The page icon** (`known_icon_is_emoji`). `st.set_page_config(page_icon=ICON)` asks Streamlit
  on every run whether the icon is an emoji (`string_util.is_emoji`); the first time, Streamlit
  imports its emoji module, which compiles one regular expression of all its 3,800 emoji: about
  a seventh of a second. The answer for ICON is fixed, so it is given without the table; any
  other text goes to Streamlit. (An emoji icon is sent to the browser as text and drawn by it,
  nothing fetched: why the app's icon is one.)
"""

from __future__ import annotations

from typing import Any, Callable

ICON = "🃏"             # the joker: a playing card, drawn by the browser from the emoji font
FIRST_LOOK = "course_first_look"    # marks a function put in front of Streamlit's (`in_front`)


def in_front(module: Any, name: str, first_look: Callable[[Any], Any]) -> bool:
    """Put `first_look` in front of Streamlit's function `module.name`: the function installed
    returns what `first_look(argument)` answers, and asks Streamlit's own when that is None.
    False (nothing changed) when the module has no such function; installing twice is harmless."""
    streamlit_own = getattr(module, name, None)
    if streamlit_own is None:
        return False
    if getattr(streamlit_own, FIRST_LOOK, False):
        return True

    def looked_first(argument: Any) -> Any:
        found = first_look(argument)
        return streamlit_own(argument) if found is None else found

    setattr(looked_first, FIRST_LOOK, True)
    setattr(module, name, looked_first)
    return True


def known_icon_is_emoji() -> bool:
    """Answer Streamlit's "is this an emoji?" for ICON without Streamlit's emoji table. False
    (nothing changed) when this Streamlit's page config asks no such question."""
    from streamlit.commands import page_config

    return in_front(page_config, "is_emoji", lambda text: True if text == ICON else None)


def skip_direct_run_check() -> bool:
    """Mark Streamlit's direct-run warning as already given (its check is then never made).
    False when this Streamlit has no such mark (its check is left alone)."""
    from streamlit import delta_generator

    if not hasattr(delta_generator, "_use_warning_has_been_displayed"):
        return False
    delta_generator._use_warning_has_been_displayed = True
    return True


STREAMLIT_PREFIXES = ("st-", "st_")     # Streamlit's own test takes names starting so as likely


def metadata_text(dist: Any) -> str | None:
    """The distribution's metadata file as text, found as `importlib.metadata` finds it; None
    when it cannot be read."""
    try:
        return dist.read_text("METADATA") or dist.read_text("PKG-INFO") or None
    except Exception:  # noqa: BLE001 - unreadable: leave the answer to Streamlit's own test
        return None


def cannot_be_a_component(text: str) -> bool:
    """True when metadata `text` cannot pass Streamlit's test: "streamlit" is nowhere in it
    and no Name header starts with a prefix Streamlit counts."""
    lowered = text.lower()
    if "streamlit" in lowered:
        return False
    for line in lowered.splitlines():
        if not line.strip():
            break                                    # the headers end at the first blank line
        if line.startswith("name:") and line[5:].strip().startswith(STREAMLIT_PREFIXES):
            return False
    return True


def quick_component_filter() -> bool:
    """Put the quick first look in front of Streamlit's test of each installed distribution.
    False (nothing changed) when this Streamlit has no such test; installing twice is harmless."""
    try:
        from streamlit.components.v2 import manifest_scanner
    except ImportError:
        return False

    def passed_over(dist: Any) -> bool | None:
        text = metadata_text(dist)
        return False if text is not None and cannot_be_a_component(text) else None

    return in_front(manifest_scanner, "_is_likely_streamlit_component_package", passed_over)


def install() -> None:
    """Every shortcut here, before the server starts."""
    skip_direct_run_check()
    quick_component_filter()
    known_icon_is_emoji()
