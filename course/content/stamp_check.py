"""Whether the content files a Course map's index lists still have the size and time they were
read with, checked in a child process while the server goes on starting.

At 43,000 exercises the check stats some 48,000 files and 1,700 folders: a third of a second of
the interpreter, which the server's start needs at the same moment (the interpreter runs one
thread at a time). Run as a script by a fresh interpreter (`python -I -S stamp_check.py INDEX ROOT
RACY`), it takes the other processor instead. So it imports nothing but the standard library, not
even the `course` package; `course.content.map_index` holds the rest of the index's rules and
calls `listed_stamps` itself where no child can be started.

The script prints one word: "unchanged", "changed" (a file differs, is missing, or was modified
too close to the index's writing), or "walk" (a folder changed: the folders must be walked to
know which files there are).
"""

from __future__ import annotations

import os
import pickle
import sys

VERDICTS = {True: "unchanged", False: "changed", None: "walk"}


def listed_stamps(root: str, stamps: dict[str, tuple[int, int]], written: int,
                  folders: dict[str, int], racy: float) -> bool | None:
    """Every folder of `folders` (name relative to `root` -> mtime_ns) still has its time and none
    was modified within `racy` seconds of `written` (else None: walk the folders), and every file
    of `stamps` (name -> (size, mtime_ns)) has its size and time, none modified within `racy`
    seconds of `written` (else False)."""
    base = os.fspath(root).rstrip(os.sep) + os.sep
    limit = written - racy * 1e9
    for name, mtime in folders.items():
        try:
            info = os.lstat(base + name)
        except OSError:
            return None
        if info.st_mtime_ns != mtime or mtime > limit:
            return None
    for name, stamp in stamps.items():
        try:
            info = os.stat(base + name)
        except OSError:
            return False
        if (info.st_size, info.st_mtime_ns) != stamp or info.st_mtime_ns > limit:
            return False
    return True


def main(argv: list[str]) -> int:
    """`INDEX ROOT RACY`: print the verdict on the index file INDEX (its header, with "written",
    "folders" and the index's length, "body_bytes"; the index; then the files' stamps) for the
    content root ROOT."""
    index, root, racy = argv
    with open(index, "rb") as handle:
        header = pickle.load(handle)
        folders = header.get("folders")
        if folders:
            handle.seek(header["body_bytes"], os.SEEK_CUR)      # the stamps come after the index
            stamps = pickle.load(handle)
    verdict = listed_stamps(root, stamps, int(header["written"]), folders, float(racy)) if folders else None
    print(VERDICTS[verdict], flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
