"""An explanation a learner reads to the end: the steps that decide the answer first, every step
on demand, and a course-default caveat said once as a footnote instead of in each step.

The engine's steps carry their caveats in their own words ("Ava antes 1 (the ante amount: the
course's own default, not a rule this profile's source states)"). `plain(step)` takes such a
caveat out of the step's text and says what it concerned ("the ante amount"); `footnote(steps)`
says them all once. `deciding(steps)` picks at most three steps that decide the answer: the
last step (the conclusion) and, going back, each step that applies a rule not yet picked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

MARK = "†"
_PAREN = re.compile(r" ?\(([^()]*the course's own defaults?[^()]*)\)")
_NAMED = re.compile(r"^(?P<what>.+?): the course's own defaults?(, not a rule this profile's source states)?$")
_REASON = re.compile(r"^the course's own defaults?[:,]? ?(?P<why>.*)$")
_SENTENCE = re.compile(r" ?That is the course's own defaults?, (?P<why>[^.]*)\.")
DEFAULT_WHY = "the sources leave this open"


@dataclass(frozen=True)
class PlainStep:
    number: int                 # the step's number among every step, from 1
    text: str                   # the step's words without its caveat
    cite: tuple[str, ...]
    caveat: bool                # the step rests on a course default (marked, said in the footnote)
    concerns: tuple[str, ...]   # what the caveat is about ("the ante amount"), or why


def plain(step: Any, number: int) -> PlainStep:
    concerns: list[str] = []

    def strip(match: re.Match) -> str:
        kept = []
        for part in match.group(1).split("; "):
            if "the course's own default" not in part:
                kept.append(part)
                continue
            named = _NAMED.match(part.strip())
            if named:
                concerns.append(named.group("what"))
                continue
            reason = _REASON.match(part.strip())
            why = reason.group("why").strip() if reason else part.strip()
            concerns.append(why.rstrip(".") or DEFAULT_WHY)
        return f" ({'; '.join(kept)})" if kept else ""

    def sentence(match: re.Match) -> str:
        concerns.append(match.group("why").strip())
        return ""

    text = _PAREN.sub(strip, str(step.text))
    text = _SENTENCE.sub(sentence, text).replace(" .", ".").strip()
    return PlainStep(number, text, tuple(getattr(step, "cite", ()) or ()),
                     bool(concerns) or bool(getattr(step, "course_default", False)), tuple(concerns))


def plain_steps(steps: Sequence[Any]) -> list[PlainStep]:
    return [plain(step, n) for n, step in enumerate(steps, 1)]


def deciding(steps: Sequence[PlainStep], most: int = 3, answer_words: set[str] | None = None) -> list[PlainStep]:
    """At most `most` steps that decide the answer, in their order: the conclusion (the last
    step that is not a note), then the steps that name most of the answer's values
    (`answer_words`: its players, amounts, cards), later ones first, then each step citing a rule
    no step picked so far cites."""
    if len(steps) <= most:
        return list(steps)
    conclusion = next((s for s in reversed(steps) if not s.text.startswith("Note")), steps[-1])
    picked = [conclusion]
    rest = [s for s in reversed(steps) if s is not conclusion]
    if answer_words:
        def named(step: PlainStep) -> int:
            return sum(1 for w in answer_words
                       if re.search(rf"(?<![\w♠♥♦♣]){re.escape(w)}(?![\w♠♥♦♣])", step.text))
        for step in sorted((s for s in rest if named(s)), key=lambda s: (-named(s), -s.number)):
            if len(picked) == most:
                break
            picked.append(step)
    cited = {c for s in picked for c in s.cite}
    for step in rest:
        if len(picked) == most:
            break
        if step not in picked and step.cite and not set(step.cite) <= cited:
            picked.append(step)
            cited |= set(step.cite)
    for step in rest:                          # too few new rules: the steps just before
        if len(picked) == most:
            break
        if step not in picked:
            picked.append(step)
    return sorted(picked, key=lambda s: s.number)


def footnote(steps: Sequence[PlainStep]) -> str:
    """The caveat said once: "† The course's own default, where the sources leave a rule open:
    the ante amount; the bet amounts." ("" when no step rests on one)."""
    if not any(s.caveat for s in steps):
        return ""
    concerns = list(dict.fromkeys(c for s in steps for c in s.concerns))
    what = "; ".join(concerns) if concerns else DEFAULT_WHY
    return f"{MARK} The course's own default, where the sources leave a rule open: {what}."


def words(text: str) -> int:
    return len(text.split())
