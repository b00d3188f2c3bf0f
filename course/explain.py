"""Answers with step-by-step explanations, each step citing the rule it rests on.

Every engine function that answers a learner question returns an `Answer`: the value the app
accepts, and the `Step`s a learner reads. A step's `cite` holds keys of the citation registry
(`course/rules/citations.yaml`), so the app can open the rule's paraphrase and source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Step:
    """One sentence of an explanation and the rule articles it rests on."""

    text: str
    cite: tuple[str, ...] = ()
    course_default: bool = False  # True when the step applies the course's own default

    def __deepcopy__(self, memo: dict) -> "Step":
        return self  # immutable: a copied table shares it

    def __str__(self) -> str:
        refs = " ".join(f"[{key}]" for key in self.cite)
        return f"{self.text} {refs}".rstrip()


@dataclass(slots=True)
class Answer:
    """The engine's answer to one question and how it got there."""

    value: Any
    steps: list[Step] = field(default_factory=list)

    def explain(self) -> str:
        return "\n".join(f"{n}. {step}" for n, step in enumerate(self.steps, 1))

    @property
    def citations(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for step in self.steps:
            for key in step.cite:
                seen.setdefault(key, None)
        return tuple(seen)
