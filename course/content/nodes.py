"""YAML with positions, within limits: one document composed into a tree of `Node`s.

PyYAML 1.1 silently turns some text into other things; this layer keeps the raw text, the tag and
the 1-based line and column of every scalar, so the checkers can catch duplicate keys, `yes`/`no`
read as booleans, sexagesimal and octal numbers, merge keys and the like.

The tree is built here from the parser's events, not by PyYAML's composer, for three reasons:

- **Limits.** A course file is small (lessons/README.md, "Limits"). A file over `MAX_FILE_BYTES`,
  with more than `MAX_NODES` values, nested deeper than `MAX_DEPTH` or with a text longer than
  `MAX_SCALAR_CHARS` gets one problem at the line and column where it crossed the limit, and the
  parse stops there: time and memory stay bounded whatever the file holds, and nothing recurses,
  so deep nesting cannot raise `RecursionError`.
- **Anchors and aliases are refused**, each reported where it is written (`&name`, `*name`). The
  course does not need them, and an alias is how a 1 kB "billion laughs" file becomes gigabytes.
- **Speed.** Events come from libyaml (`CSafeLoader`) where it is installed. A file libyaml
  rejects is parsed again by the pure-Python parser, so a syntax error reads exactly as it always
  has; without libyaml the pure-Python parser does everything.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Any, Iterator

import yaml

from course.model import Problem

# -- limits (documented in lessons/README.md, "Limits") ------------------------------------
MAX_FILE_BYTES = 256 * 1024     # the largest course file is about 6 kB
MAX_NODES = 5_000               # values (scalars, lists, mappings); the largest file has about 200
MAX_DEPTH = 16                  # lists and mappings inside each other; the course goes 7 deep
MAX_SCALAR_CHARS = 10_000       # one text; the longest lesson section is about 1,200
MAX_NUMBER_CHARS = 100          # a number written with more characters is not read as a number
MAX_QUESTIONS = 40              # questions in one exercise; the course asks at most 8
MAX_MOVES = 200                 # actions or events in one exercise; the course has at most 20
MAX_RAISE_CAP = 20              # the raise_cap option of an exercise; every profile uses 3
MAX_PROBLEMS = 200              # problems listed for one file; the rest are counted
LIMITS_DOC = "lessons/README.md, 'Limits'"
_QUOTED_CHARS = 60              # a problem quotes at most this much of a long value

_STR = "tag:yaml.org,2002:str"
_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_OCTAL_OR_HEX = re.compile(r"^[-+]?0(?:[0-7_]+|x[0-9a-fA-F_]+|b[01_]+)$")
# Half of a UTF-16 pair on its own ("\ud800" written as a YAML escape): Python keeps it in a str,
# but it cannot be encoded, so a page that shows it fails for every visitor.
_SURROGATE = re.compile("[\ud800-\udfff]")

# The parsers by name; "c" only where PyYAML was built with libyaml.
PARSERS: dict[str, type] = {"python": yaml.SafeLoader}
if getattr(yaml, "__with_libyaml__", False):
    PARSERS["c"] = yaml.CSafeLoader
_parser = "c" if "c" in PARSERS else "python"


@contextlib.contextmanager
def using_parser(name: str) -> Iterator[None]:
    """Parse with `name` ("c" or "python") inside the block (tests compare the two)."""
    global _parser
    if name not in PARSERS:
        raise ValueError(f"parser {name!r} is not available here; available: {', '.join(PARSERS)}")
    saved, _parser = _parser, name
    try:
        yield
    finally:
        _parser = saved


# -- nodes ---------------------------------------------------------------------------------

@dataclass(eq=False, slots=True)
class Node:
    """A composed YAML node turned into Python values, keeping where it was written."""

    kind: str  # "map", "seq" or "scalar"
    value: Any  # map: dict[key, Node]; seq: list[Node]; scalar: the value PyYAML would give
    line: int
    column: int
    text: str | None = None  # raw scalar text
    tag: str = ""
    plain: bool = False  # an unquoted scalar
    keys: dict[Any, "Node"] | None = None  # map: key -> the key's own node

    def plain_value(self) -> Any:
        """The value as plain Python (what `yaml.safe_load` would give, first key wins)."""
        if self.kind == "map":
            return {k: v.plain_value() for k, v in self.value.items()}
        if self.kind == "seq":
            return [item.plain_value() for item in self.value]
        return self.value

    def get(self, key: str) -> "Node | None":
        return self.value.get(key) if self.kind == "map" else None


class _Report:
    """Collects the problems of one file."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def add(self, where: Node | tuple[int, int] | None, message: str) -> None:
        if where is None:
            line, column = 1, 1
        elif isinstance(where, Node):
            line, column = where.line, where.column
        else:
            line, column = where
        self.problems.append(Problem(self.file, line, column, message))


def capped(problems: list[Problem]) -> list[Problem]:
    """At most MAX_PROBLEMS problems, then one that counts the rest."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    last = problems[MAX_PROBLEMS - 1]
    rest = len(problems) - MAX_PROBLEMS
    return [*problems[:MAX_PROBLEMS], Problem(last.file, last.line, last.column,
                                              f"... and {rest} more problem(s) after this one, not listed "
                                              f"(a file lists at most {MAX_PROBLEMS}); fix these first")]


# -- limits --------------------------------------------------------------------------------

class _Stop(Exception):
    """A limit was crossed: the problem is reported, the parse ends."""


def size_problem(data: bytes | str, file: str) -> Problem | None:
    """The problem of a file bigger than MAX_FILE_BYTES (UTF-8), at the place it crosses the
    limit; None when it fits. Only the first MAX_FILE_BYTES + 1 bytes are looked at."""
    if isinstance(data, str):
        if len(data) * 4 <= MAX_FILE_BYTES:
            return None
        data = data[:MAX_FILE_BYTES + 1].encode("utf-8")
    if len(data) <= MAX_FILE_BYTES:
        return None
    head = data[:MAX_FILE_BYTES]
    start = head.rfind(b"\n") + 1
    line = head.count(b"\n") + 1
    column = len(head[start:].decode("utf-8", errors="ignore")) + 1
    return Problem(file, line, column, f"the file is larger than {MAX_FILE_BYTES // 1024} KiB, the limit for "
                   f"one course file ({LIMITS_DOC}); it crosses the limit here: split it into smaller files")


def read_limited(path: Any, file: str) -> tuple[str | None, list[Problem]]:
    """A content file's text, reading at most MAX_FILE_BYTES + 1 bytes; or the problem."""
    data, problems = read_bytes(path, file)
    return decode(data, file) if data is not None else (None, problems)


def read_bytes(path: Any, file: str) -> tuple[bytes | None, list[Problem]]:
    """At most MAX_FILE_BYTES + 1 bytes of a file, or the problem of reading it."""
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_FILE_BYTES + 1), []
    except OSError as exc:
        return None, [Problem(file, 1, 1, f"cannot read the file: {exc.strerror or exc}")]


def decode(data: bytes, file: str) -> tuple[str | None, list[Problem]]:
    """The text of a file's bytes, or the problem: too big, or not UTF-8."""
    too_big = size_problem(data, file)
    if too_big is not None:
        return None, [too_big]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        return None, [Problem(file, 1, 1, f"not UTF-8 text: {exc.reason} at byte {exc.start}")]


# -- composing -----------------------------------------------------------------------------

def parse_yaml(text: str, file: str) -> tuple[Node | None, list[Problem]]:
    """Compose one YAML document into a `Node` tree; syntax errors and limits become problems."""
    too_big = size_problem(text, file)
    if too_big is not None:
        return None, [too_big]
    name = _parser
    while True:
        report = _Report(file)
        loader = None
        try:
            loader = PARSERS[name](text)
            root = _Composer(loader, report).document()
        except _Stop:
            return None, report.problems
        except Exception as exc:  # noqa: BLE001 - whatever the parser raises becomes a problem
            if name != "python":  # libyaml words its errors differently: ask the Python parser
                name = "python"
                continue
            return None, [_syntax_problem(exc, file)]
        finally:
            if loader is not None:
                loader.dispose()
        if root is None and not report.problems:
            report.add((1, 1), "the file is empty: expected a mapping of keys such as 'id' and 'title'")
        return root, report.problems


def _syntax_problem(exc: Exception, file: str) -> Problem:
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = " ".join(part for part in (exc.context, exc.problem) if part)
        opened = exc.context_mark
        if opened is not None and exc.problem_mark is not None and opened.line != exc.problem_mark.line:
            # e.g. a `{` never closed: the error shows where the parser gave up, so also name
            # the line where the unfinished part began
            where = f"line {opened.line + 1}, column {opened.column + 1}"
            bracket = next((b for kind, b in (("flow mapping", "{"), ("flow sequence", "["))
                            if kind in (exc.context or "")), None)
            what += (f" (the '{bracket}' opened on {where} is still open)" if bracket else
                     f" (the part it belongs to began on {where})")
        return Problem(file, line, column, f"not valid YAML: {what}")
    if isinstance(exc, yaml.YAMLError):
        return Problem(file, 1, 1, f"not valid YAML: {exc}")
    return Problem(file, 1, 1, f"not valid YAML: {type(exc).__name__}: {exc}")


_NO_KEY = object()  # a mapping frame waits for a key, not for a value


class _Frame:
    """A list or mapping being built, with what the next node in it means."""

    __slots__ = ("node", "items", "quiet", "key", "skip_value")

    def __init__(self, node: Node, quiet: bool):
        self.node = node
        self.items: list[Node] | None = node.value if node.kind == "seq" else None  # a list's items
        self.quiet = quiet          # inside a value that is dropped: its problems are not reported
        self.key: Any = _NO_KEY     # a mapping's key waiting for its value
        self.skip_value = False     # the waiting key was refused: drop its value


def _quiet(parent: _Frame | None) -> bool:
    """Whether the next node is inside a value that is dropped (its problems not reported)."""
    return parent is not None and (parent.quiet or (parent.items is None and parent.skip_value))


class _Composer:
    """Builds the tree from parser events, iteratively, counting nodes and depth."""

    def __init__(self, loader: Any, report: _Report):
        self.loader = loader
        self.report = report
        self.constructor = yaml.constructor.SafeConstructor()
        self.nodes = 0

    def document(self) -> Node | None:
        loader = self.loader
        loader.get_event()  # stream start
        if loader.check_event(yaml.StreamEndEvent):
            return None
        start = loader.get_event()  # document start
        root = self._tree()
        loader.get_event()  # document end
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.get_event()
            raise yaml.composer.ComposerError("expected a single document in the stream", start.start_mark,
                                              "but found another document", event.start_mark)
        return root

    def _limit(self, event: Any, message: str) -> None:
        mark = event.start_mark
        self.report.add((mark.line + 1, mark.column + 1), f"{message} ({LIMITS_DOC})")
        raise _Stop

    def _tree(self) -> Node:
        stack: list[_Frame] = []
        loader = self.loader
        get_event, resolve, key = loader.get_event, loader.resolve, self._key
        scalar_event, end_events = yaml.ScalarEvent, (yaml.MappingEndEvent, yaml.SequenceEndEvent)
        tags, no_key, merge, surrogate = _TAGS, _NO_KEY, _MERGE, _SURROGATE.search
        # No path resolver is registered (this composer could not follow one): a quoted text is
        # then always a str, a list a seq and a mapping a map, without asking the resolver.
        by_path = bool(loader.yaml_path_resolvers)
        nodes = self.nodes
        while True:
            event = get_event()
            kind = type(event)
            if kind is scalar_event:
                nodes += 1
                if nodes > MAX_NODES:
                    self._limit(event, f"more than {MAX_NODES:,} values in one file")
                if event.anchor is not None:
                    self._limit(event, f"anchors and aliases ('&{event.anchor}') are not supported: write "
                                "the value out where it is needed")
                # Most values are texts (a card, a name, a paragraph): one is made here, without
                # the checks that only numbers, dates, booleans and the like need (`_scalar`).
                text, tag = event.value, event.tag
                if tag is None and len(text) <= MAX_SCALAR_CHARS:
                    implicit = event.implicit
                    if implicit[0]:                 # plain: the resolver's reading, kept by text
                        tag = tags.get(text)
                        if tag is None:
                            tag = _resolve(loader, text, implicit)
                    else:                           # quoted
                        tag = _STR if not by_path else _resolve(loader, text, implicit)
                mark = event.start_mark
                if tag == _STR and len(text) <= MAX_SCALAR_CHARS and (text.isascii() or surrogate(text) is None):
                    node = Node("scalar", text, mark.line + 1, mark.column + 1, text, tag, not event.style)
                else:
                    node = self._scalar(event, mark.line + 1, mark.column + 1, stack[-1] if stack else None)
            elif kind in end_events:
                node = stack.pop().node
            else:
                nodes += 1
                if nodes > MAX_NODES:
                    self._limit(event, f"more than {MAX_NODES:,} values in one file")
                if event.anchor is not None:
                    sign = "*" if kind is yaml.AliasEvent else "&"
                    self._limit(event, f"anchors and aliases ('{sign}{event.anchor}') are not supported: write "
                                "the value out where it is needed")
                mark = event.start_mark
                if len(stack) >= MAX_DEPTH:
                    self._limit(event, f"lists and mappings nested more than {MAX_DEPTH} deep")
                is_map = kind is yaml.MappingStartEvent
                tag = event.tag
                if tag is None or tag == "!":
                    tag = ((_MAP if is_map else _SEQ) if not by_path else
                           resolve(yaml.MappingNode if is_map else yaml.SequenceNode, None, event.implicit))
                node = (Node("map", {}, mark.line + 1, mark.column + 1, tag=tag, keys={}) if is_map
                        else Node("seq", [], mark.line + 1, mark.column + 1, tag=tag))
                stack.append(_Frame(node, _quiet(stack[-1] if stack else None)))
                continue
            if not stack:
                self.nodes = nodes
                return node
            frame = stack[-1]
            items = frame.items
            if items is not None:                   # a list's item
                items.append(node)
            elif frame.skip_value:                  # the value of a refused key: dropped
                frame.skip_value = False
            elif frame.key is no_key:               # a mapping's key
                name = node.value
                if type(name) is str and node.kind == "scalar" and node.tag != merge and name not in frame.node.keys:
                    frame.node.keys[name] = node    # a text met once in this mapping (`_key` does the rest)
                    frame.key = name
                else:
                    key(frame, node)
            else:                                   # a mapping's value
                frame.node.value[frame.key] = node
                frame.key = no_key

    def _scalar(self, event: Any, line: int, column: int, parent: _Frame | None) -> Node:
        text = event.value
        if len(text) > MAX_SCALAR_CHARS:
            self._limit(event, f"a text of {len(text):,} characters; one value may have at most "
                        f"{MAX_SCALAR_CHARS:,}")
        if not text.isascii() and not _quiet(parent):
            lone = _SURROGATE.search(text)
            if lone is not None:
                self.report.add((line, column), f"character {lone.start() + 1} of this text is "
                                f"U+{ord(lone.group()):04X}, half of a UTF-16 surrogate pair on its "
                                "own (an escape such as \\ud800): it cannot be shown or saved; "
                                "write the character itself, or its \\U0001XXXX escape")
        tag = event.tag
        if tag is None or tag == "!":
            tag = _resolve(self.loader, text, event.implicit)
        plain = not event.style
        node = Node("scalar", text, line, column, text, tag, plain)
        if tag == _STR:
            return node
        if tag == _MERGE and parent is not None and parent.items is None and parent.key is _NO_KEY \
                and not parent.skip_value:
            return node  # a merge key: reported where it is placed, never read
        known = _plain_reading(tag, text)
        if known is not _UNREAD:   # nothing to report on it, and the value is the constructor's
            node.value = known
            return node
        quiet = _quiet(parent)
        report = _Report(self.report.file)
        if tag in (_INT, _FLOAT) and len(text) > MAX_NUMBER_CHARS:
            report.add((line, column), f"a number of {len(text):,} characters cannot be read: a number has "
                       f"at most {MAX_NUMBER_CHARS} ({LIMITS_DOC}); quote it if you mean text")
        else:
            node.value = self._construct(event, tag, text, report, line, column)
            if plain and tag in (_INT, _FLOAT) and ":" in text:
                report.add((line, column), f"{text!r} is read by YAML as the sexagesimal (base 60) number "
                           f"{node.value!r}; quote it ('{text}') if you mean text, or write one number")
            elif plain and tag == _INT and _OCTAL_OR_HEX.match(text):
                digits = text.replace("_", "")
                plain_number = int(digits, 10) if digits.isdigit() else node.value
                report.add((line, column), f"{text!r} is read by YAML as the number {node.value!r} (a "
                           f"leading 0 means octal, 0x hex, 0b binary); write {plain_number!r} without the "
                           f"prefix, or quote it ('{text}') if you mean text")
        if not quiet:
            self.report.problems.extend(report.problems)
        return node

    def _construct(self, event: Any, tag: str, text: str, report: _Report, line: int, column: int) -> Any:
        raw = yaml.ScalarNode(tag, text, event.start_mark, event.end_mark, style=event.style or None)
        try:
            return self.constructor.construct_object(raw, deep=True)
        except yaml.YAMLError as exc:
            report.add((line, column), f"{text!r} cannot be read: {getattr(exc, 'problem', exc)}")
        except (ValueError, OverflowError) as exc:  # e.g. a date such as 2001-02-30
            report.add((line, column), f"{text!r} cannot be read: {exc}")
        return text

    def _key(self, frame: _Frame, key_node: Node) -> None:
        parent = frame.node
        report = (lambda where, message: None) if frame.quiet else self.report.add
        frame.skip_value = True
        if key_node.kind == "scalar" and key_node.tag == _MERGE:
            report((key_node.line, key_node.column), "merge keys ('<<') are not supported: write the keys out")
            return
        if key_node.kind != "scalar":
            report(key_node, "a key must be plain text, not a list or a mapping")
            return
        value = key_node.value
        key = value if type(value) is str or _hashable(value) else key_node.text
        first = parent.keys.get(key)
        if first is not None:
            report(key_node, f"duplicate key {key_node.text!r}: already given at line {first.line}, "
                   f"column {first.column} (YAML would silently keep only the last one)")
            return
        parent.keys[key] = key_node
        frame.key = key
        frame.skip_value = False


def tree(data: Any) -> Node:
    """The `Node` tree of plain Python data (dicts, lists, str, int, float, bool, None), as
    composing its YAML would give it, without writing or parsing any text: a generated drill
    item is validated as the data it is (`course.content.exercise_from_data`). Every value
    is what it is (a str is text, as a quoted YAML scalar is), so none of YAML's readings of
    plain text applies; positions count the values in order (line n is the n-th value)."""
    count = 0

    def build(value: Any, depth: int) -> Node:
        nonlocal count
        count += 1
        if count > MAX_NODES:
            raise ValueError(f"more than {MAX_NODES:,} values in one item ({LIMITS_DOC})")
        line = count
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                raise ValueError(f"lists and mappings nested more than {MAX_DEPTH} deep ({LIMITS_DOC})")
            node = Node("map", {}, line, 1, tag=_MAP, keys={})
            for key, item in value.items():
                key_node = build(key, depth + 1)
                node.keys[key] = key_node
                node.value[key] = build(item, depth + 1)
            return node
        if isinstance(value, (list, tuple)):
            if depth >= MAX_DEPTH:
                raise ValueError(f"lists and mappings nested more than {MAX_DEPTH} deep ({LIMITS_DOC})")
            return Node("seq", [build(item, depth + 1) for item in value], line, 1, tag=_SEQ)
        if isinstance(value, str):
            return Node("scalar", value, line, 1, value, _STR, False)
        if value is None:
            return Node("scalar", None, line, 1, "null", _NULL, True)
        if isinstance(value, bool):
            return Node("scalar", value, line, 1, "true" if value else "false", _BOOL, True)
        if isinstance(value, int):
            return Node("scalar", value, line, 1, str(value), _INT, True)
        if isinstance(value, float):
            return Node("scalar", value, line, 1, repr(value), _FLOAT, True)
        raise TypeError(f"{type(value).__name__} {value!r} is not YAML-shaped data")

    try:
        return build(data, 0)
    finally:
        # `build` refers to itself through its closure cell: undo that cycle so the tree's
        # making leaves nothing for the cyclic collector (drill items are made with it paused)
        build = None  # noqa: F841


# Implicit tags of short plain scalars: course files repeat the same keys, names and cards, and
# both parsers share PyYAML's one Resolver, so a tag found once holds for the same text anywhere.
_TAGS: dict[str, str] = {}


def _resolve(loader: Any, text: str, implicit: tuple[bool, bool]) -> str:
    if not implicit[0]:
        return loader.resolve(yaml.ScalarNode, text, implicit)
    tag = _TAGS.get(text)
    if tag is None:
        tag = loader.resolve(yaml.ScalarNode, text, implicit)
        if len(text) <= 40 and len(_TAGS) < 50_000:
            _TAGS[text] = tag
    return tag


_UNREAD = object()  # `_plain_reading` leaves the value to the constructor
_BOOLS = yaml.constructor.SafeConstructor.bool_values


def _plain_reading(tag: str, text: str) -> Any:
    """The value PyYAML's safe constructor gives the commonest values that are not texts (a
    number such as 20, yes/no, true/false, null), read without building the node it reads; the
    checks of `_Composer._scalar` find nothing in them. `_UNREAD` for any other value: a number
    with a sign, a leading 0 (octal), '_' or ':' (base 60), a float, a date and the like."""
    if tag == _INT:
        if text.isdigit() and text.isascii() and (text[0] != "0" or len(text) == 1) and len(text) <= MAX_NUMBER_CHARS:
            return int(text)
    elif tag == _BOOL:
        return _BOOLS.get(text.lower(), _UNREAD)
    elif tag == _NULL:
        return None
    return _UNREAD


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True




def _describe(node: Node) -> str:
    """A node as a problem message names it."""
    if node.kind == "map":
        return "a mapping"
    if node.kind == "seq":
        return "a list"
    if node.tag == _NULL:
        return "nothing (an empty value)"
    if len(node.text or "") > _QUOTED_CHARS:
        return f"{node.text[:_QUOTED_CHARS]!r}... ({len(node.text):,} characters)"
    return repr(node.text)
