"""The learner's answer read against the engine's: which parts are wrong, which are missing, and
one line in plain words that says where the two differ.

`compare(exercise, question, given)` works for every answer kind:

- cards (a best five): the chosen cards that are not in the right five (`wrong`) and the right
  cards not chosen (`missing`), and a line that weighs the two hands ("your two pair, aces and
  kings, seven kicker, against two pair, aces and kings, nine kicker: the nine beats the seven
  where the two hands first differ");
- an answer of several fields (contributions, award, side pots, halves, takes, pot matches, a
  holding): each wrong field by name, as the kind names it (`Kind.diff`), and a line per field
  value ("Ava: 8 given, 4 right"); pot matches read by player ("Ava does not have to match
  the pot; Cara pays 13, not 26");
- players and an order: the names given that do not belong, the names left out, or the first
  place where the order goes wrong;
- one value (a player, yes or no, an amount, a category): the value given and the right one.

The screens draw what this returns; nothing here knows about a screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from course import amounts
from course.hands import evaluate
from course.study import engine, misconceptions

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


@dataclass(frozen=True)
class Comparison:
    correct: bool
    wrong: list[str] = field(default_factory=list)     # parts of the given answer that are wrong
    missing: list[str] = field(default_factory=list)   # parts of the right answer not given
    line: str = ""                                     # where the two answers differ, in words

    def to_json(self) -> dict:
        return {"wrong": list(self.wrong), "missing": list(self.missing)}


def compare(exercise: Any, question: Any, given: Any, right: Any = None) -> Comparison:
    """The given answer (learner or author shape) against the engine's answer (`right`: the
    engine's `Answer` when the caller has it)."""
    right = right or engine.answer(exercise, question)
    if engine.is_correct(exercise, question, given, right):
        return Comparison(True)
    kind = engine.kind_of(exercise, question)
    value = right.value
    reader = _READERS.get(kind.name, _one_value)
    try:
        wrong, missing, line = reader(exercise, question, kind, given, value)
    except (ValueError, KeyError, TypeError, AttributeError):   # an answer the reader cannot weigh
        wrong, missing, line = _one_value(exercise, question, kind, given, value)
    return Comparison(False, wrong, missing, line)


def _one_value(exercise, question, kind, given, value):
    said, answer = kind.words(given), kind.words(value)
    return [said], [answer], f"You said {said}; the answer is {answer}."


def _fields(exercise, question, kind, given, value):
    seats = list(getattr(exercise, "seats", None) or [])
    # players in seat order, as the table lists them (other fields keep their order after them)
    fields = sorted(kind.diff(given, value), key=lambda f: seats.index(f) if f in seats else len(seats))
    got, want = kind.parse(given), kind.parse(value)
    if isinstance(got, dict) and isinstance(want, dict) and all(isinstance(k, str) for k in fields) \
            and all(k in got or k in want for k in fields):
        parts = [f"{k}: {_say(got.get(k, 0))} given, {_say(want.get(k, 0))} right" for k in fields]
        return fields, [], "; ".join(parts) + "."
    if fields:
        return fields, [], "Wrong: " + ", ".join(fields) + f". The answer is {kind.words(value)}."
    return _one_value(exercise, question, kind, given, value)


def _decisions(exercise, question, kind, given, value):
    """Pot matches read by player: who is asked to match but need not, who must match and is
    left out, who pays the wrong amount, and, when the players and amounts are right, the order."""
    fields, _missing, _line = _fields(exercise, question, kind, given, value)
    got, want = dict(kind.parse(given)), dict(kind.parse(value))
    extra = [p for p in got if p not in want]
    left_out = [p for p in want if p not in got]
    off = [p for p in want if p in got and got[p] != want[p]]
    words = []
    if extra:
        words.append(f"{_join(extra)} {'do' if len(extra) > 1 else 'does'} not have to match the pot")
    if left_out:
        words += [f"{p} must match too, paying {_say(want[p])}" for p in left_out]
    words += [f"{p} pays {_say(want[p])}, not {_say(got[p])}" for p in off]
    if not words:
        words.append(f"the order is {_join(list(want))}")
    return fields, left_out, f"Your answer, {kind.words(given)}: " + "; ".join(words) + "."


def _say(units: Any) -> str:
    if isinstance(units, (int, float)) or type(units).__name__ == "Amount":
        try:
            return amounts.say(units)
        except (TypeError, ValueError):
            return str(units)
    if isinstance(units, (set, frozenset)):
        return ", ".join(sorted(map(str, units))) or "nothing"
    return str(units)


def _names(exercise, question, kind, given, value):
    got, want = kind.parse(given) or [], kind.parse(value) or []
    got, want = list(got), list(want)
    extra = [p for p in got if p not in want]
    missing = [p for p in want if p not in got]
    if extra or missing:
        words = []
        if extra:
            words.append(f"{_join(extra)} {'does' if len(extra) == 1 else 'do'} not belong in it")
        if missing:
            words.append(f"{_join(missing)} {'is' if len(missing) == 1 else 'are'} missing")
        return extra, missing, f"Your answer, {kind.words(given)}: " + " and ".join(words) + "."
    for n, (g, w) in enumerate(zip(got, want), 1):
        if g != w:
            return [f"{n}. {g}"], [f"{n}. {w}"], (f"The same players in another order: the {ORDINALS[n - 1]} "
                                                   f"is {w}, not {g}.")
    return _one_value(exercise, question, kind, given, value)


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cards(exercise, question, kind, given, value):
    chosen, best = engine.card_list(given), engine.card_list(value)
    if chosen is None or best is None:
        return _one_value(exercise, question, kind, given, value)
    wrong = [str(c) for c in chosen if c not in best]
    missing = [str(c) for c in best if c not in chosen]
    return wrong, missing, _weigh(exercise, question, chosen, best)


def _weigh(exercise, question, chosen, best) -> str:
    """The chosen five against the best five, in words: whose cards, how many, which is better."""
    player = question.params.get("player")
    if len(set(chosen)) != len(chosen):
        return "A card is chosen twice; each card plays once."
    if player is not None and question.ask == "best_five":
        own, shared = engine.own_cards(exercise, player, question)
        foreign = [c for c in chosen if c not in own and c not in shared]
        if foreign:
            cards = ", ".join(map(str, foreign))
            return (f"{cards} {'is' if len(foreign) == 1 else 'are'} not {player}'s: a hand is made of "
                    f"the player's own cards{' and the shared one' if shared else ''}.")
    if len(chosen) != len(best):
        return f"You chose {len(chosen)} cards; the hand is {len(best)}."
    if engine.hand_side(exercise, question)[1] != "high":
        return f"Your {_cards_words(chosen)} against {_cards_words(best)}: the right five is the better low."
    mine, theirs = evaluate(chosen), evaluate(best)
    if mine.category is not theirs.category:
        return (f"Your {mine.words}, against {theirs.words}: {_a(theirs.category)} beats "
                f"{_a(mine.category)}, whatever the ranks.")
    for g, r in zip(mine.ranks, theirs.ranks):
        if g != r:
            return (f"Your {mine.words}, against {theirs.words}: the {r.word} beats the {g.word} "
                    "where the two hands first differ.")
    return f"Your {mine.words} is as good as {theirs.words}."


def _a(category: Any) -> str:
    label = category.label
    return label if label.endswith(("pair", "kind")) and label.startswith(("one", "two", "three", "four")) \
        else ("an " if label[0] in "aeiou" else "a ") + label


def _cards_words(cards) -> str:
    return " ".join(map(str, cards))


FIELD_KINDS = ("map", "holding", "takes", "matches", "halves", "pots")

_READERS = {
    "cards": _cards,
    "map": _fields, "holding": _fields, "takes": _fields, "matches": _decisions, "halves": _fields,
    "pots": _fields,
    "players": _names, "order": _names,
}


@dataclass(frozen=True)
class Judgement:
    """Everything the study loop says about one checked answer: right or not, the one mistake
    named (a catalogue entry, or None), the wrong and missing parts, and the contrast line (with
    a word on another rule profile when the answer is that profile's right one)."""
    correct: bool
    mistake: Any
    comparison: Comparison
    verdict: str
    profile: str | None = None

    def to_json(self) -> dict:
        return {"correct": self.correct,
                "mistake": None if self.mistake is None else {"id": self.mistake.id,
                                                              "message": self.mistake.message},
                "wrong": self.comparison.to_json(), "verdict": self.verdict}


def judge(exercise: Any, question: Any, given: Any, right: Any = None) -> Judgement:
    right = right or engine.answer(exercise, question)
    comparison = compare(exercise, question, given, right)
    if comparison.correct:
        return Judgement(True, None, comparison, "Right.")
    found = misconceptions.diagnose(exercise, question, given, right)
    profile = misconceptions.other_profile(exercise, question, given, right)
    verdict = comparison.line
    if profile is not None:
        verdict += " " + misconceptions.profile_words(exercise, profile)
    return Judgement(False, found[0] if found else None, comparison, verdict, profile)
