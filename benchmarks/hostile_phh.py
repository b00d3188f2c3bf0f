"""Hostile hand histories (course/content/phh.py): how long each refusal takes, and how much memory the
refusal of a 50 MB file allocates (its size is read, not its bytes).

    .venv/bin/python benchmarks/hostile_phh.py
"""

from __future__ import annotations

import tempfile
import time
import tracemalloc
from pathlib import Path

from course.content.phh import PhhError, parse_phh, read_phh

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    hand = next(ROOT.glob("exercises/**/*.phh")).read_text(encoding="utf-8")
    cases = {"p3 cbr \u00b2": hand.replace("p3 cbr 10", "p3 cbr \u00b2", 1),
             "4,000-digit amount": hand.replace("p3 cbr 10", "p3 cbr " + "9" * 4000, 1),
             "5,000-digit player": hand.replace("p3 cbr 10", "p" + "3" * 5000 + " cbr 10", 1)}
    for name, text in cases.items():
        started = time.perf_counter()
        try:
            parse_phh(text, "hostile.phh")
            message = "accepted (!)"
        except PhhError as err:
            message = err.message[:80]
        print(f"{name}: refused in {(time.perf_counter() - started) * 1000:.2f} ms: {message}")
    big = Path(tempfile.mkdtemp()) / "big.phh"
    with open(big, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)                  # sparse: 50 MB that cost no disk
    tracemalloc.start()
    started = time.perf_counter()
    try:
        read_phh(big)
        message = "accepted (!)"
    except PhhError as err:
        message = err.reason
    peak = tracemalloc.get_traced_memory()[1]
    print(f"a 50 MB .phh: refused in {(time.perf_counter() - started) * 1000:.2f} ms, "
          f"{peak / 1024:.0f} KiB allocated at peak: {message}")
    big.unlink()


if __name__ == "__main__":
    main()
