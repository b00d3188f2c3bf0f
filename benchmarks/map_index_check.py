"""The Course map's index: how much CPU its check that the content files are unchanged takes,
by walking every content folder (`map_index.walked_unchanged`, what every restart did before
the index kept its folders' times) beside stat'ing the files the index lists once each folder's
time is found unchanged (`map_index.listed_unchanged`), on the same files, alternating, in one
process. Both must answer True (the files are untouched); the figures are CPU seconds.

    python benchmarks/map_index_check.py [--exercises 43000] [--rounds 5] [--course DIR]

`--course` takes a course already generated (`benchmarks/scale.py` makes them: copies of this
one), instead of generating one in a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from course.content import map_index  # noqa: E402
from course.content.load import course_folders, walk  # noqa: E402

LONG_AGO = 1_600_000_000 * 10**9     # files and folders older than the index (not racy)


def stamps_now(root: Path) -> dict[str, tuple[int, int]]:
    """Each content file's (size, mtime_ns), as a live course keeps them for the index."""
    base = os.fspath(root).rstrip(os.sep) + os.sep
    stamps = {}
    for folder in course_folders(root):
        for text in walk(folder, root, text=True)[0]:
            info = os.stat(text)
            stamps[text[len(base):]] = (info.st_size, info.st_mtime_ns)
    return stamps


def cpu(check) -> tuple[float, bool]:
    started = time.process_time()
    answer = check()
    return time.process_time() - started, answer


def measure(root: Path, rounds: int) -> int:
    for path in (root, *root.rglob("*")):
        os.utime(path, ns=(LONG_AGO, LONG_AGO))
    stamps = stamps_now(root)
    folders = map_index.folder_stamps(root, stamps)
    if folders is None:
        print("the folders cannot vouch for the files (a link among them?)")
        return 1
    written = time.time_ns()
    walked, listed = [], []
    for _ in range(rounds):
        for found, check in ((walked, lambda: map_index.walked_unchanged(root, stamps, written)),
                             (listed, lambda: map_index.listed_unchanged(root, stamps, written, folders))):
            seconds, answer = cpu(check)
            if answer is not True:
                print(f"a check answered {answer!r} on untouched files")
                return 1
            found.append(seconds)
    def spread(values: list[float]) -> str:
        return f"{statistics.median(values):.3f} s ({min(values):.3f} to {max(values):.3f})"
    print(f"the index's check at {len(stamps):,} files in {len(folders):,} folders, CPU, median of {rounds} "
          f"(min to max):\n  walking the folders               {spread(walked)}\n"
          f"  the listed files, folders' times {spread(listed)}\n"
          f"  listed / walked: {statistics.median(listed) / statistics.median(walked):.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exercises", type=int, default=43_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--course", type=Path, help="a course already generated (its times are set back)")
    args = parser.parse_args(argv)
    if args.course:
        return measure(args.course, args.rounds)
    import scale

    with tempfile.TemporaryDirectory() as tmp:
        return measure(scale.generate(Path(tmp) / "course", args.exercises), args.rounds)


if __name__ == "__main__":
    raise SystemExit(main())
