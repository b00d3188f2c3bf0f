"""The README is a front door that stays true: at most 200 lines, `make run` and `make test` first,
and every file it or the docs link to, every `make` target, every `python -m course` command and
every benchmark option they mention exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
SPAN = re.compile(r"`([^`\n]+)`")


def code_of(text: str) -> list[str]:
    """The code a document shows: its fenced blocks, then its inline code spans outside them."""
    blocks = FENCE.findall(text)
    return blocks + SPAN.findall(FENCE.sub("", text))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(m) for m in re.findall(r"^#{1,6}\s+(.+)$", text, re.M)}


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([A-Za-z0-9][\w-]*)\s*:(?!=)", text, re.M))


def test_readme_is_at_most_200_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines; the front door keeps to 200"


def test_readme_starts_with_make_run_then_make_test():
    text = README.read_text(encoding="utf-8")
    first = FENCE.search(text)
    assert first is not None, "README.md shows no command block"
    before = text[:first.start()].strip().splitlines()
    assert len(before) == 1 and before[0].startswith("# "), "only the title comes before the commands"
    commands = [line.split("#")[0].strip() for line in first.group(1).splitlines() if line.strip()]
    assert commands[:2] == ["make run", "make test"], commands


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(doc):
    text = FENCE.sub("", doc.read_text(encoding="utf-8"))
    missing = []
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z+.-]*:", target):
            continue                                  # a web address
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists():
            missing.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            missing.append(target)
    assert not missing, f"{doc.name}: links to nothing: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_make_target_mentioned_exists(doc):
    targets = make_targets()
    mentioned = {m for code in code_of(doc.read_text(encoding="utf-8"))
                 for m in re.findall(r"(?:^|[\s;(])make ([a-z][\w-]*)", code, re.M)}
    assert not mentioned - targets, f"{doc.name}: no such make target: {sorted(mentioned - targets)}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_course_command_mentioned_exists(doc):
    from course import cli

    said = {m for code in code_of(doc.read_text(encoding="utf-8"))
            for m in re.findall(r"-m course ([a-z][\w-]*)", code)}
    for command in said:
        with pytest.raises(SystemExit) as done:
            cli.main([command, "--help"])
        assert done.value.code == 0, f"{doc.name}: `python -m course {command}` is not a command"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_benchmark_and_its_options_exist(doc):
    problems = []
    for code in code_of(doc.read_text(encoding="utf-8")):
        for script, args in re.findall(r"(benchmarks/\w+\.py)([^`|\n]*)", code):
            file = ROOT / script
            if not file.exists():
                problems.append(script)
                continue
            source = file.read_text(encoding="utf-8")
            for option in re.findall(r"(?<!\w)--[a-z][\w-]*", args):
                if f'"{option}"' not in source:
                    problems.append(f"{script} {option}")
    assert not problems, f"{doc.name}: no such benchmark or option: {problems}"
