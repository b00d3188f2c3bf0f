"""The validated content model: problems, exercises, lessons and the course."""

from __future__ import annotations

import dataclasses

from dataclasses import dataclass, field
from typing import Any, Callable

from course.cards import Card
from course.moves import STUD_KINDS, Move, parse_move
from course.games import GAMES
from course.rules import Profile, Stakes


# --------------------------------------------------------------------------------------------
# Problems


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a content file, at a 1-based line and column."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "column": self.column, "message": self.message}


# --------------------------------------------------------------------------------------------
# The validated model (docs/architecture.md "The validated exercise model")


@dataclass
class Hand:
    """One player's cards as written in the YAML, in deal order."""

    down: list[Card]
    up: list[Card]
    folded: bool = False

    @property
    def cards(self) -> list[Card]:
        return [*self.down, *self.up]


@dataclass
class Question:
    ask: str
    prompt: str | None
    answer: Any
    explain: str | None
    cite: list[str]
    params: dict[str, Any]
    line: int
    column: int
    marks: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> (line, column)
    points: tuple[str, ...] = ()  # rule points it tests (course/rules/points.yaml)
    # Known mistakes (misconception catalogue ids) the question is built to tempt: named first
    # when one of them reproduces a wrong answer (course/study/misconceptions.py, `diagnose`).
    tempts: tuple[str, ...] = ()


@dataclass
class Exercise:
    id: str
    title: str
    game: str
    rules: str
    profile: Profile
    options: dict[str, Any]
    stakes: Stakes
    street: str
    seats: list[str]
    hands: dict[str, Hand]
    shared: list[Card]
    pot: int | None
    actions: list[str]
    events: list[str]
    questions: list[Question]
    path: str
    extra: dict[str, Any] = field(default_factory=dict)
    cite: list[str] = field(default_factory=list)
    intro: str | None = None
    line: int = 1
    marks: dict[str, tuple[int, int]] = field(default_factory=dict)  # top-level key -> (line, column)
    stakes_given: dict[str, int] = field(default_factory=dict)  # the exercise's own `stakes:` amounts
    stacks: dict[str, int] = field(default_factory=dict)  # chips each listed player has when the moves begin
    _replays: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def whole_hand(self) -> bool:
        """A game played on stud actions whose exercise deals the whole hand in its `events`
        (deal, antes and every street's betting) rather than showing one street."""
        return bool(self.events) and GAMES[self.game].moves == "actions"

    @property
    def moves(self) -> tuple[Move, ...]:
        """The exercise's moves, the one parsed list: a street's actions, a home game's events, or
        a whole stud hand's deal and betting, read by the one move grammar with the game's moves."""
        spec = GAMES[self.game]
        texts = tuple(self.actions if spec.moves == "actions" and not self.events else self.events)
        # Read once per exercise, like its replays: every point a question is asked at plays them.
        return self.replayed(("moves", texts), lambda: self._read_moves(texts, spec.title))

    def _read_moves(self, texts: tuple[str, ...], title: str) -> tuple[Move, ...]:
        """Each text read by the one move grammar, with the kinds this exercise's moves may be
        (`move_kinds`, asked once: a generated hand has a hundred moves or more)."""
        kinds = self.move_kinds
        return tuple(parse_move(text, kinds, title) for text in texts)

    @property
    def move_kinds(self) -> tuple[str, ...]:
        if self.whole_hand:
            return STUD_KINDS
        return GAMES[self.game].kinds

    def relabelled(self, **labels: Any) -> "Exercise":
        """The same exercise under another `id`, `title`, `path` or `intro`: the deal, the moves and
        the profile are unchanged, so its replays are shared, not built again. The original is kept
        alive with them (a kept replay holds its exercise weakly)."""
        unknown = set(labels) - {"id", "title", "path", "intro"}
        if unknown:
            raise TypeError(f"relabelled changes only id, title, path and intro, not {', '.join(sorted(unknown))}")
        other = dataclasses.replace(self, **labels)
        other._replays.update(self._replays)
        other._replays[("relabelled from",)] = self
        return other

    def replayed(self, key: Any, build: Callable[[], Any]) -> Any:
        """The replay called `key`, built once and shared by every question and every grade.
        A checked exercise is read-only; another profile (`with_profile`) is a new Exercise
        with its own replays."""
        if key not in self._replays:
            self._replays[key] = build()
        return self._replays[key]

    @property
    def folded(self) -> list[str]:
        return [p for p in self.seats if p in self.hands and self.hands[p].folded]

    @property
    def active(self) -> list[str]:
        return [p for p in self.seats if not (p in self.hands and self.hands[p].folded)]


@dataclass
class Deal:
    """A card diagram in a lesson: the same shape as an exercise deal."""

    seats: list[str]
    hands: dict[str, Hand]
    shared: list[Card]
    caption: str | None = None
    street: str | None = None     # the moment drawn, when the lesson names it


@dataclass
class Section:
    heading: str
    text: str
    deal: Deal | None = None
    cite: list[str] = field(default_factory=list)
    try_it: str | None = None  # an exercise tried at the end of the section (its key is `try`)
    points: tuple[str, ...] = ()  # rule points it teaches (its try-it's questions declare them)
    # where its keys are written: "heading", "try", "points" and "points:<id>" -> (line, column)
    marks: dict[str, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)


@dataclass
class Lesson:
    id: str
    title: str
    game: str
    order: int
    topic: str
    summary: str
    sources: list[str]
    sections: list[Section]
    exercises: list[str]
    path: str
    line: int = 1
    exercise_marks: list[tuple[int, int]] = field(default_factory=list)
    marks: dict[str, tuple[int, int]] = field(default_factory=dict)


@dataclass
class Course:
    root: str
    lessons: dict[str, Lesson] = field(default_factory=dict)
    exercises: dict[str, Exercise] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    invalid: dict[str, str] = field(default_factory=dict)  # id -> file, for files with problems

    @property
    def ok(self) -> bool:
        return not self.problems

    def lessons_in_order(self, game: str | None = None) -> list[Lesson]:
        chosen = [l for l in self.lessons.values() if game is None or l.game == game]
        return sorted(chosen, key=lambda l: (list(GAMES).index(l.game) if l.game in GAMES else 99, l.order))

