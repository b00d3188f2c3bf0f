"""Where the stud asks come from when a lookup first needs them.

The ask registry (`course.asks`) never imports `course.asks.solvers`, which registers the stud
asks and imports the registry (that would be a cycle). Importing `course.content` has always
been enough to look asks up; it no longer imports the solvers (and through them the engine)
with the package, so that a restarted server's first Course map need not wait for them. Instead
it names the module that registers them here (`promise`), and the registry imports it the first
time a lookup finds the stud asks missing (`keep`): a module named by data, as a game's own
module is (`GameSpec.module`)."""

from __future__ import annotations

import importlib

PROMISED: list[str] = []      # modules that register the stud asks when imported


def promise(module: str) -> None:
    """`module` registers the stud asks: import it when a lookup first needs them."""
    if module not in PROMISED:
        PROMISED.append(module)


def keep() -> None:
    """Import every module promised to register the stud asks (each once; later calls find them
    imported)."""
    for module in PROMISED:
        importlib.import_module(module)
