"""One family of errors, one type per cause, each carrying what a message is built from.

- `ActionFormatError`: text that cannot be read as a move (an action or a home-game event);
- `IllegalActionError`: a move that is read fine but the rules do not allow at that point;
- `ContentError`: content that cannot be used (its `problems` name file, line and column).

Every error keeps its `reason` (one sentence, no citation), the citation keys it rests on
(`cite`), the 0-based `index` of the move in its list when it has one, the move itself
(`action`, quoted at the head of the message) and, for a problem with the deal rather than a
move, the exercise `key` to blame. Callers read these fields; nothing parses a message.
"""

from __future__ import annotations

from typing import Any, Iterable


class CourseError(ValueError):
    """The base of the family (a ValueError, so `except ValueError` still catches it)."""

    def __init__(self, reason: str, cite: Iterable[str] = (), *, index: int | None = None, action: Any = None,
                 key: str | None = None, course_default: bool = False):
        self.reason = reason
        self.cite = tuple(dict.fromkeys(cite))
        self.index = index
        self.action = action
        self.key = key
        self.course_default = course_default
        super().__init__(reason)

    @property
    def message(self) -> str:
        """The move quoted (when there is one), then the reason, then the citations."""
        head = f"{str(self.action)!r}: " if self.action is not None else ""
        refs = "".join(f" [{key}]" for key in self.cite if f"[{key}]" not in self.reason)
        return f"{head}{self.reason}{refs}"

    def __str__(self) -> str:
        return self.message

    def at(self, index: int, action: Any = None) -> "CourseError":
        """The same error, placed at move `index` (and quoting `action` when it had no move yet)."""
        self.index = index
        if self.action is None and action is not None:
            self.action = action
        return self


class ActionFormatError(CourseError):
    """Text that is not a move: the reason says what shape was expected."""


class IllegalActionError(CourseError):
    """A move the rules do not allow here, with the reason and the rule cited."""


class ContentError(CourseError):
    """Raised only by helpers that must return a valid model (`require_exercise`)."""

    def __init__(self, problems: list[Any]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems) or "invalid content")

    @property
    def message(self) -> str:
        return self.reason
