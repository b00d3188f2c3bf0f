"""Hostile content, in one run: for every input of `tests.support.hostile` and, first, for a normal
course exercise, the time and peak memory (RSS) of

- `course check --json <file>` in a fresh process (wall time; peak RSS of that process), and
- the Author preview's check of the same text (`course.content.preview.check`: wall time in the
  app's process, the worker's peak RSS; a repeat of the same text is a cache hit).

    python benchmarks/hostile.py [--json]

Target (issue 11): every hostile input answered within 2 s and 200 MB.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.support import hostile  # noqa: E402
from course.content import preview  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from measure import run_cli  # noqa: E402

NORMAL = ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"
TIME_TARGET = 2.0
RSS_TARGET_MB = 200


def cli(data: bytes, folder: Path) -> dict:
    path = folder / "exercise.yaml"
    path.write_bytes(data)
    run = run_cli(["check", "--json", str(path)])
    report = json.loads(run["out"])  # always JSON, whatever the file holds
    return {**run, "out": None, "problems": len(report["problems"])}


def author(text: str) -> dict:
    started = time.perf_counter()
    checked = preview.check(text, "exercise.yaml", False)
    first = time.perf_counter() - started
    started = time.perf_counter()
    preview.check(text, "exercise.yaml", False)
    again = time.perf_counter() - started
    return {"seconds": first, "again_seconds": again, "worker_rss_mb": checked.worker_rss / 2**20,
            "problems": len(checked.problems)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    inputs = {"normal exercise (HPD exercise 1)": NORMAL.read_bytes()}
    inputs.update({name: make() for name, make in hostile.INPUTS.items()})
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in inputs.items():
            raw = data if isinstance(data, bytes) else data.encode("utf-8")
            rows[name] = {"bytes": len(raw), "cli": cli(raw, Path(tmp)),
                          "author": author(raw.decode("utf-8", "replace"))}
    if args.json:
        print(json.dumps(rows, indent=2, default=str))
        return 0
    print(f"{'input':38} {'size':>12} | {'course check (fresh process)':>33} | {'Author preview':>29}")
    print(f"{'':38} {'':>12} | {'wall':>8} {'CPU':>8} {'peak RSS':>13} | {'check':>8} {'worker RSS':>11} "
          f"{'again':>8}")
    worst_time = worst_rss = 0.0
    for name, row in rows.items():
        c, a = row["cli"], row["author"]
        print(f"{name:38} {row['bytes']:>10,} B | {c['wall']:6.2f} s {c['cpu']:6.2f} s {c['rss_mb']:10.0f} MB | "
              f"{a['seconds']:6.2f} s {a['worker_rss_mb']:8.0f} MB {a['again_seconds'] * 1000:5.2f} ms")
        assert not c["traceback"], name
        if not name.startswith("normal"):
            worst_time = max(worst_time, c["wall"], a["seconds"])
            worst_rss = max(worst_rss, c["rss_mb"], a["worker_rss_mb"])
    verdict = "within" if worst_time <= TIME_TARGET and worst_rss <= RSS_TARGET_MB else "OVER"
    print(f"\nworst hostile input: {worst_time:.2f} s, {worst_rss:.0f} MB ({verdict} the target of "
          f"{TIME_TARGET:g} s and {RSS_TARGET_MB} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
