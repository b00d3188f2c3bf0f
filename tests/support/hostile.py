"""Hostile course files, for the fuzz tests and `benchmarks/hostile.py`.

Each input is what an attacker or a careless author could put in a content file, an upload or a
paste. Every one must be answered with problems (file:line:column) within a bounded time and
memory, never with a traceback (lessons/README.md, "Limits").
"""

from __future__ import annotations

from typing import Callable

from course.content.nodes import MAX_FILE_BYTES, MAX_QUESTIONS

EXERCISE_HEAD = """\
id: hostile
title: A hostile file
game: stud-high
street: third
seats: [Ava, Ben]
hands:
  Ava: {down: Kc Qd, up: 2h}
  Ben: {down: 9s 9d, up: 3c}
"""


def billion_laughs(levels: int = 9, width: int = 9) -> str:
    """Anchors and aliases: about 1 kB that expands to width**levels values."""
    lines = [f'a0: &a0 [{", ".join(["lol"] * width)}]']
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * width)}]" for n in range(1, levels + 1)]
    return EXERCISE_HEAD + "\n".join(lines) + "\n"


def deep_flow(depth: int = 100_000) -> str:
    """Flow lists nested far past Python's recursion limit."""
    return EXERCISE_HEAD + "questions: " + "[" * depth + "]" * depth + "\n"


def deep_block(depth: int = 400) -> str:
    """Block mappings nested `depth` deep (about 160 kB at 400, inside the size limit)."""
    return EXERCISE_HEAD + "".join("  " * n + "q:\n" for n in range(depth)) + "  " * depth + "x\n"


def long_digits(digits: int = 9_000) -> str:
    """An integer past Python's 4,300-digit conversion limit (inside the text length limit)."""
    return EXERCISE_HEAD + "pot: " + "9" * digits + "\n"


def long_sexagesimal(parts: int = 3_000) -> str:
    """A base-60 number whose value grows without Python's digit limit noticing."""
    return EXERCISE_HEAD + "pot: " + ":".join(["59"] * parts) + "\n"


def long_text(chars: int = MAX_FILE_BYTES - 1_000) -> str:
    """One title just inside the file size limit, far past the text length limit."""
    return EXERCISE_HEAD.replace("title: A hostile file", "title: " + "x" * chars)


def many_questions(count: int = 1_000) -> str:
    """Far more questions than an exercise may ask (each one a real question)."""
    return EXERCISE_HEAD + "questions:\n" + "  - ask: bring_in\n" * count


def many_values(count: int = 100_000) -> str:
    """A flow list of `count` tiny values (past the node limit, inside the size limit)."""
    return EXERCISE_HEAD + "shared: [" + ",".join(["1"] * count) + "]\n"


def large_file(megabytes: int = 58) -> str:
    """A list of `megabytes` MB, far past the file size limit."""
    return EXERCISE_HEAD + "shared:\n" + "- 1\n" * (megabytes * 2**20 // 4)


def many_problems(count: int = 2_000) -> str:
    """Thousands of unknown keys, each one a problem."""
    return EXERCISE_HEAD + "".join(f"k{n}: 1\n" for n in range(count))


def raw_bytes(size: int = 64 * 1024) -> bytes:
    """Random-looking bytes (a fixed pattern, so every run reads the same file)."""
    return bytes((n * 7919 + n // 251) % 256 for n in range(size))


def control_characters() -> str:
    """Valid UTF-8 with a NUL and other characters YAML does not allow."""
    return EXERCISE_HEAD + "intro: a\x00b\x07c\n"


def many_raises(raises: int = 4_662, questions: int = MAX_QUESTIONS) -> str:
    """The issue's valid-looking 256 KiB file: `raise_cap: 100000`, thousands of legal raises on
    fourth street and 40 questions, each of which replays every raise (it took 18 s to check)."""
    head = ("id: hostile-raises\ntitle: Raises without end\ngame: stud-high\nrules: 1917poker\n"
            "options: {raise_cap: 100000}\nstreet: fourth\nseats: [Ava, Ben]\nhands:\n"
            "  Ava:  {up: 9♠ 3♦}\n  Ben:  {up: A♥ 2♣}\nactions:\n  - Ben bets 4\n")
    moves = "".join(f"  - {'Ava' if n % 2 == 0 else 'Ben'} raises to {4 * (n + 2)}\n"
                    for n in range(raises))
    moves += f"  - {'Ben' if raises % 2 else 'Ava'} calls\n"
    asks = "".join(f"  - ask: street_total\n    answer: {8 * (raises + 1)}\n"
                   for _ in range(questions))
    text = head + moves + "questions:\n" + asks
    return text + "#" * max(0, MAX_FILE_BYTES - 64 - len(text.encode("utf-8"))) + "\n"


def lone_surrogate(key: str = "title") -> str:
    """A lone UTF-16 surrogate written as a YAML escape: Python keeps it in a str, no page can
    encode it (it took the Course map down for everyone)."""
    return EXERCISE_HEAD.replace("title: A hostile file", 'title: "A \\ud800 hostile file"') \
        if key == "title" else EXERCISE_HEAD + f'{key}: "An \\udfff {key}"\n'


# name -> a function giving the file's text (str) or bytes
INPUTS: dict[str, Callable[[], str | bytes]] = {
    "billion laughs (anchors and aliases)": billion_laughs,
    "flow lists nested 100,000 deep": deep_flow,
    "block mappings nested 400 deep": deep_block,
    "integer of 9,000 digits": long_digits,
    "base-60 number of 3,000 parts": long_sexagesimal,
    "text of 255 kB": long_text,
    f"1,000 questions (limit {MAX_QUESTIONS})": many_questions,
    "10,000 questions": lambda: many_questions(10_000),
    "100,000 values in one list": many_values,
    "58 MB list": large_file,
    "2,000 unknown keys": many_problems,
    "64 kB of raw bytes": raw_bytes,
    "NUL and control characters": control_characters,
    "256 KiB of raises, raise_cap 100,000": many_raises,
    "lone surrogate in a title": lone_surrogate,
    "lone surrogate in an intro": lambda: lone_surrogate("intro"),
}
