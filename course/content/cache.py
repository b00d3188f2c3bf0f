"""The validated-course cache: each file's validation kept across restarts.

A server validates every content file as it starts (`course.content.live`). This module keeps
the per-file results (`Loaded`: the model and the problems) in one file per content folder under
the user's cache directory, so that a restart on unchanged files validates nothing:

- each file's entry is keyed by its name and the sha256 of its bytes: a changed or new file is
  validated again, a removed one is dropped when the cache is next written. An entry also keeps
  the file's size and modification time when it was hashed: a file whose size and time are the
  same is not read again (as git and make do), unless its time is within `RACY` seconds of the
  cache's writing (an edit in the same clock tick could keep both), then it is read and hashed;
- the whole cache is keyed by the code's version: a hash of every source file of the `course`
  package (the engine, the games, the rules' YAML, the loaders...) and of the Python version, so
  any change to the code that validates invalidates every entry;
- a cache that cannot be read (corrupt, truncated, from another version) is ignored with one log
  line, and the course is validated as if there were none; one that cannot be written is logged
  and skipped. The cache never changes what is validated, only whether it must be done again.

Where: `$STUD_STUDY_CACHE` (a folder; `off` keeps nothing), else `stud-study-room/` in
`$XDG_CACHE_HOME`, else in `~/.cache`.

The model is pickled with a few reductions (`_Pickler`): read-only mappings (`mappingproxy`,
which pickle cannot store) as their contents, a named rule profile as its name (so it comes back
as the very object `course.rules` holds), a card as the one interned card, and an exercise
without its replay cache (rebuilt on first use).

An exercise or lesson comes back from the cache half unpacked (`CachedExercise`, an `Exercise`;
`CachedLesson`): the few fields that listings and the course-wide checks read (`EAGER`: id,
game, title, ...) at once, the rest (an exercise's deal, questions and profile, a lesson's
sections) kept as pickled bytes and unpacked the first time any of them is read. Unpacking
43,000 whole exercises costs seconds; their first fields, a small fraction.
"""

from __future__ import annotations

import copyreg
import hashlib
import io
import logging
import os
import pickle
import sys
import tempfile
import threading
import time
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from course.cards import _CARDS, Card
from course.content.load import Loaded, map_facts, section_facts, try_facts
from course.model import Exercise, Lesson
from course.rules import Profile, _profile_data

LOG = logging.getLogger(__name__)
ENV_VAR = "STUD_STUDY_CACHE"
OFF = ("off", "none", "0", "false", "no")
FORMAT = 2                      # the layout of the cache file itself
RACY = 2.0                      # seconds: a file changed this close to the cache's writing is read
PACKAGE = Path(__file__).resolve().parents[1]   # the `course` package
SOURCE_SUFFIXES = (".py", ".yaml", ".yml", ".bin")


# -- where and which version ------------------------------------------------------------------

def cache_dir() -> Path | None:
    """The folder the cache lives in, or None when switched off."""
    given = os.environ.get(ENV_VAR, "").strip()
    if given.lower() in OFF:
        return None
    if given:
        return Path(given).expanduser()
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(base).expanduser() if base else Path.home() / ".cache") / "stud-study-room"


@lru_cache(maxsize=None)
def code_version(package: Path = PACKAGE) -> str:
    """A hash of every source file of the package (names and bytes) and of the interpreter's
    version: any change to the code that validates, or to the rules' data, changes it."""
    digest = hashlib.sha256(f"{FORMAT}|{sys.version}|{pickle.HIGHEST_PROTOCOL}".encode())
    for path in sorted(package.rglob("*")):
        if path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts and path.is_file():
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def cache_file(root: Path | str, folder: Path | None = None) -> Path | None:
    """The cache file of the content folder `root` (one per folder), or None when off."""
    folder = folder if folder is not None else cache_dir()
    if folder is None:
        return None
    name = hashlib.sha256(os.path.realpath(root).encode()).hexdigest()[:24]
    return folder / f"course-{name}.pickle"


# -- pickling the model -----------------------------------------------------------------------

def _proxy(contents: dict) -> MappingProxyType:
    return MappingProxyType(contents)


def _named_profile(name: str) -> Profile:
    return _profile_data()[1][name]


_DECK = tuple(_CARDS.values())
_DECK_INDEX = {card: n for n, card in enumerate(_DECK)}


def _card(index: int) -> Card:
    return _DECK[index]


# The fields read without unpacking the rest: by the course-wide checks, the pickers and the
# listings. Every field with a class-level default must be here (a default would hide a field
# that is not unpacked yet from `__getattr__`).
EAGER = {Exercise: ("id", "title", "game", "rules", "street", "path", "line", "intro"),
         Lesson: ("id", "title", "game", "order", "topic", "summary", "exercises", "exercise_marks",
                  "path", "line", "marks")}
_UNPACK = threading.Lock()
# Kept beside the fields, never packed with them: the replays (rebuilt on use), where the id is
# written, what the try-it checks read (`course.content.load.try_facts`, a lesson's
# `section_facts`) and what the Course map's index reads (`course.content.load.map_facts`).
DERIVED = ("_replays", "id_mark", "try_facts", "map_facts", "section_facts")


class _Packed:
    """A model from the cache: the `EAGER` fields set, the others unpacked from `_packed`
    (pickled bytes) on first read; `id_mark` is where its id is written and an exercise's
    `try_facts` what its try-its are checked on (the course-wide checks read them). Otherwise the model class it is mixed into, like any other."""

    def __getattr__(self, name: str) -> Any:
        # Only called for a name not found the usual way: here, a field not unpacked yet.
        own = self.__dict__
        if "_packed" not in own or name.startswith("__"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        with _UNPACK:
            packed = own.get("_packed")
            if packed is not None:
                rest = pickle.loads(packed)
                if isinstance(self, Exercise):
                    rest["_replays"] = {}
                own.update(rest)
                del own["_packed"]
        return object.__getattribute__(self, name)


class CachedExercise(_Packed, Exercise):
    pass


class CachedLesson(_Packed, Lesson):
    pass


CACHED = {Exercise: CachedExercise, Lesson: CachedLesson}


def _packed(kind: type, eager: dict, packed: bytes) -> Any:
    model = kind.__new__(kind)
    model.__dict__.update(eager, _packed=packed)
    return model


def _reduce_proxy(proxy: MappingProxyType) -> tuple:
    return _proxy, (dict(proxy),)


def _reduce_profile(profile: Profile) -> Any:
    if _profile_data()[1].get(profile.name) is profile:
        return _named_profile, (profile.name,)
    state = {k: v for k, v in profile.__dict__.items() if not k.startswith("_")}
    return copyreg.__newobj__, (Profile,), state


def _reduce_card(card: Card) -> tuple:
    return _card, (_DECK_INDEX[card],)


def _reduce_model(model: Exercise | Lesson) -> tuple:
    base = Lesson if isinstance(model, Lesson) else Exercise
    own, fields = model.__dict__, EAGER[base]
    eager = {k: own[k] for k in fields}
    eager["id_mark"] = own.get("id_mark") or model.marks.get("id", (model.line, 1))
    if base is Exercise:        # what the course-wide try-it checks read, without unpacking
        eager["try_facts"] = try_facts(model)
    else:
        eager["section_facts"] = section_facts(model)
    eager["map_facts"] = map_facts(model)
    packed = own.get("_packed")
    if packed is None:
        packed = dumps({k: v for k, v in own.items() if k not in fields and k not in DERIVED})
    return _packed, (CACHED[base], eager, packed)


class _Pickler(pickle.Pickler):
    dispatch_table = {**copyreg.dispatch_table, MappingProxyType: _reduce_proxy,
                      Profile: _reduce_profile, Card: _reduce_card,
                      **{kind: _reduce_model for kind in (Exercise, Lesson, CachedExercise, CachedLesson)}}


def dumps(value: Any) -> bytes:
    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return out.getvalue()


# -- reading and writing ----------------------------------------------------------------------

# file name -> (sha256 of its bytes, (size, mtime_ns) when hashed, its result)
Entries = dict[str, tuple[str, tuple[int, int] | None, Loaded]]


class Kept(dict):
    """The entries read from a cache, and when it was written (`time.time_ns()`)."""

    written: int = 0

    def unchanged(self, file: str, stamp: tuple[int, int] | None) -> Loaded | None:
        """The result kept for `file` when its size and time are still `stamp` and not racy."""
        hit = self.get(file)
        if hit is None or stamp is None or hit[1] != stamp or stamp[1] > self.written - RACY * 1e9:
            return None
        return hit[2]

    def same_bytes(self, file: str, digest: str) -> Loaded | None:
        hit = self.get(file)
        return hit[2] if hit is not None and hit[0] == digest else None


def read(path: Path | None, version: str | None = None) -> Kept:
    """The entries kept in `path` for this code version; none (and a log line) when there is no
    usable cache: missing (no line), another version, or unreadable."""
    kept = Kept()
    if path is None:
        return kept
    version = version or code_version()
    try:
        with open(path, "rb") as handle:
            header = pickle.load(handle)
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                raise ValueError("not a course cache of this format")
            if header.get("version") != version:
                LOG.info("course cache %s is from another version of the code: validating again", path)
                return kept
            entries = pickle.load(handle)
        if not isinstance(entries, dict):
            raise ValueError("its entries are not a table")
        kept.update(entries)
        kept.written = int(header["written"])
        return kept
    except FileNotFoundError:
        return Kept()
    except Exception as exc:  # noqa: BLE001 - a cache is never worth failing a start
        LOG.warning("course cache %s ignored, it cannot be read (%s: %s): validating again",
                    path, type(exc).__name__, exc)
        return Kept()


def write(path: Path | None, entries: Entries, version: str | None = None) -> bool:
    """Keep `entries` in `path` (written to a temporary file, then renamed over it, so a reader
    or another server never sees half a cache). False (and a log line) when it cannot."""
    if path is None:
        return False
    try:
        body = dumps(dict(entries))
        header = pickle.dumps({"format": FORMAT, "version": version or code_version(),
                               "files": len(entries), "written": time.time_ns()},
                              protocol=pickle.HIGHEST_PROTOCOL)
        write_whole(path, header, body)
        return True
    except Exception as exc:  # noqa: BLE001 - the course is loaded either way
        LOG.warning("course cache %s not written (%s: %s)", path, type(exc).__name__, exc)
        return False


def write_whole(path: Path, *parts: bytes) -> None:
    """Write `parts` to `path` through a temporary file renamed over it, so that a reader or
    another server sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as handle:
            for part in parts:
                handle.write(part)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
