"""Streamlit's search for installed components, with a quick first look at each package.

When the server starts, Streamlit looks through every installed distribution for packages that
may hold a custom component (`manifest_scanner._is_likely_streamlit_component_package`): one
whose name, summary or requirements mention Streamlit, or whose name starts with "st-". It reads
each distribution's metadata through the email parser three or four times over (`dist.name`,
then `dist.metadata` for each field). In a virtual environment of some eighty distributions
that was a fifth of a second of every server's start, before it could answer anyone.

`quick_component_filter` puts a first look in front of it: a distribution whose metadata text
never says "streamlit" and whose name does not start with "st-" or "st_" cannot pass any of
those tests, and is passed over without being parsed; every other one (and one whose metadata
cannot be read) goes to Streamlit's own test, so the components found are the same. Installed
by `python -m course.app` before the server starts.
"""

from __future__ import annotations

from typing import Any

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
    streamlit_test = getattr(manifest_scanner, "_is_likely_streamlit_component_package", None)
    if streamlit_test is None:
        return False
    if getattr(streamlit_test, "quick_first_look", False):
        return True

    def likely(dist: Any) -> bool:
        text = metadata_text(dist)
        if text is not None and cannot_be_a_component(text):
            return False
        return streamlit_test(dist)

    likely.quick_first_look = True
    manifest_scanner._is_likely_streamlit_component_package = likely
    return True
