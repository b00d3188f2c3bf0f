"""YAML with positions: every node keeps its line, column and raw text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from course.model import Problem

_STR = "tag:yaml.org,2002:str"
_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"
# libyaml's composer when PyYAML was built with it (the same node tree with the same positions,
# about five times faster: it matters for engine-made drills, loaded one by one), else PyYAML's own.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OCTAL_OR_HEX = re.compile(r"^[-+]?0(?:[0-7_]+|x[0-9a-fA-F_]+|b[01_]+)$")


# --------------------------------------------------------------------------------------------
# YAML with positions


@dataclass(eq=False)
class Node:
    """A composed YAML node turned into Python values, keeping where it was written."""

    kind: str  # "map", "seq" or "scalar"
    value: Any  # map: dict[key, Node]; seq: list[Node]; scalar: the value PyYAML would give
    line: int
    column: int
    text: str | None = None  # raw scalar text
    tag: str = ""
    plain: bool = False  # an unquoted scalar
    keys: dict[Any, "Node"] = field(default_factory=dict)  # map: key -> the key's own node

    def plain_value(self) -> Any:
        """The value as plain Python (what `yaml.safe_load` would give, first key wins)."""
        if self.kind == "map":
            return {k: v.plain_value() for k, v in self.value.items()}
        if self.kind == "seq":
            return [item.plain_value() for item in self.value]
        return self.value

    def get(self, key: str) -> "Node | None":
        return self.value.get(key) if self.kind == "map" else None


class _Constructor(yaml.constructor.SafeConstructor):
    pass


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


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


def _build(raw: yaml.Node, report: _Report, constructor: _Constructor) -> Node:
    line, column = _mark(raw)
    if isinstance(raw, yaml.ScalarNode):
        try:
            value = constructor.construct_object(raw, deep=True)
        except yaml.YAMLError as exc:
            report.add((line, column), f"{raw.value!r} cannot be read: {getattr(exc, 'problem', exc)}")
            value = raw.value
        plain = not raw.style  # PyYAML marks a plain scalar None, libyaml ""
        if plain and raw.tag in (_INT, _FLOAT) and ":" in raw.value:
            report.add((line, column), f"{raw.value!r} is read by YAML as the sexagesimal (base 60) "
                       f"number {value!r}; quote it ('{raw.value}') if you mean text, or write one number")
        elif plain and raw.tag == _INT and _OCTAL_OR_HEX.match(raw.value):
            report.add((line, column), f"{raw.value!r} is read by YAML as the number {value!r} (a leading 0 "
                       f"means octal, 0x hex, 0b binary); write {int(raw.value.replace('_', ''), 10) if raw.value.replace('_', '').isdigit() else value!r} "
                       f"without the prefix, or quote it ('{raw.value}') if you mean text")
        return Node("scalar", value, line, column, raw.value, raw.tag, plain)
    if isinstance(raw, yaml.SequenceNode):
        return Node("seq", [_build(item, report, constructor) for item in raw.value], line, column, tag=raw.tag)
    items: dict[Any, Node] = {}
    keys: dict[Any, Node] = {}
    for raw_key, raw_value in raw.value:
        if raw_key.tag == _MERGE:
            report.add(_mark(raw_key), "merge keys ('<<') are not supported: write the keys out")
            continue
        key_node = _build(raw_key, report, constructor)
        if key_node.kind != "scalar":
            report.add(key_node, "a key must be plain text, not a list or a mapping")
            continue
        key = key_node.value
        try:
            hash(key)
        except TypeError:
            key = key_node.text
        if key in keys:
            first = keys[key]
            report.add(key_node, f"duplicate key {key_node.text!r}: already given at line {first.line}, "
                       f"column {first.column} (YAML would silently keep only the last one)")
            continue
        keys[key] = key_node
        items[key] = _build(raw_value, report, constructor)
    return Node("map", items, line, column, tag=raw.tag, keys=keys)


def parse_yaml(text: str, file: str) -> tuple[Node | None, list[Problem]]:
    """Compose one YAML document into a `Node` tree; syntax errors become problems."""
    report = _Report(file)
    try:
        loader = LOADER(text)
        try:
            raw = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = " ".join(part for part in (exc.context, exc.problem) if part)
        report.add(where, f"not valid YAML: {what}")
        return None, report.problems
    except yaml.YAMLError as exc:
        report.add((1, 1), f"not valid YAML: {exc}")
        return None, report.problems
    if raw is None:
        report.add((1, 1), "the file is empty: expected a mapping of keys such as 'id' and 'title'")
        return None, report.problems
    return _build(raw, report, _Constructor()), report.problems


# --------------------------------------------------------------------------------------------
# Describing a node in a problem message


def _describe(node: Node) -> str:
    if node.kind == "map":
        return "a mapping"
    if node.kind == "seq":
        return "a list"
    if node.tag == _NULL:
        return "nothing (an empty value)"
    return repr(node.text)
