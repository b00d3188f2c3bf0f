"""Streamlit's check for a script run without `streamlit run`, skipped where it cannot apply.

The first element a process draws makes Streamlit decide, once, whether to warn that the script
was run directly or from a REPL (`delta_generator._maybe_print_use_warning`). Its REPL test
builds the whole call stack with `inspect.stack()`, which reads each frame's source and looks
every loaded module's file up (a `realpath` of each of the server's 900-odd modules): about a
tenth of a second, paid by the first visitor's first page after every restart. A server started
by `python -m course.app` runs the app through `streamlit run` by construction, so neither
warning can be due: `skip_direct_run_check` marks it as given. A plain `streamlit run` and
AppTest make the check as Streamlit does.
"""

from __future__ import annotations


def skip_direct_run_check() -> bool:
    """Mark Streamlit's direct-run warning as already given (its check is then never made).
    False when this Streamlit has no such mark (its check is left alone)."""
    from streamlit import delta_generator

    if not hasattr(delta_generator, "_use_warning_has_been_displayed"):
        return False
    delta_generator._use_warning_has_been_displayed = True
    return True
