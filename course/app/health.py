"""The server's health check (`/_stcore/health`, what HAProxy asks each replica) answers 200 only
while answers can be saved: a replica whose store cannot be opened or written (its driver
missing, the database away or read-only, the disk full) answers 503, so the balancer sends its
learners to a replica that saves them instead of one that keeps them only in the tab.

The store is probed at most once every `PROBE_S` seconds (a write in a transaction that is rolled
back: `ProgressStore.can_write`), in a worker thread, never on the server's event loop.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time

PROBE_S = 2.0
_LAST: list = [0.0, True, "ok"]          # when, whether answers could be saved, why not
_LOCK = threading.Lock()


def store_writable() -> tuple[bool, str]:
    """Can this process save an answer now? Cached for PROBE_S."""
    with _LOCK:
        if time.monotonic() < _LAST[0] + PROBE_S:
            return _LAST[1], _LAST[2]
    from course.app import state
    from course.store import StoreError, configured_location

    try:
        state._open_store().can_write()            # the server's one store, its pool
        ok, why = True, "ok"
    except (StoreError, OSError) as exc:
        state._evict(configured_location())        # opened afresh on the next probe
        ok, why = False, f"answers cannot be saved: {exc}"
    with _LOCK:
        if ok != _LAST[1]:
            logging.getLogger("course").warning("health: %s", why)
        _LAST[:] = [time.monotonic(), ok, why]
    return ok, why


def answer_only_when_saving() -> None:
    """Make Streamlit's health check also ask `store_writable`."""
    from streamlit.runtime.runtime import Runtime

    ready = Runtime.is_ready_for_browser_connection
    if getattr(ready.fget, "checks_store", False):
        return

    async def is_ready(self) -> tuple[bool, str]:
        ok, message = await ready.fget(self)
        if not ok:
            return ok, message
        return await asyncio.get_running_loop().run_in_executor(None, store_writable)

    is_ready.checks_store = True
    Runtime.is_ready_for_browser_connection = property(is_ready)
