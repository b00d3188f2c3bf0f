"""Hints that teach: the rule that decides a question, named without this deal's answer.

A hint names the article behind the explanation's deciding step (its last cited step: the one
that turns the rule into the answer) by its title, then asks the question a learner should put to
the deal ("Compare only the face-up cards of the players still in."). It never states the
answer's value: no player, amount or card the answer names, and no yes or no. A title that would
give one away is left out, and the question alone is the hint.
"""

from __future__ import annotations

import re
from typing import Any

from course.study import engine

SCAFFOLD = {
    "bring_in": "Look only at the face-up door cards, and at how this game ranks them for the bring-in.",
    "opener": "Compare only the face-up cards of the players still in.",
    "action_order": "Find who acts first, then go round the table from there.",
    "legal_action": "What has been bet so far in this round, and what bet size does this street use?",
    "contributions": "Follow the round move by move: a call or a raise adds only what the player is short.",
    "street_total": "Follow the round move by move: a call or a raise adds only what the player is short.",
    "best_five": "Build the best five from the player's own cards (and any shared card) only.",
    "category": "Build the best five from the player's own cards (and any shared card) first.",
    "legal_hand": "Are all of those cards the player's own (or shared), and are there five of them?",
    "winners": "Compare the best five of each player still in; cards beyond five never count.",
    "award": "Find the winners first, then split the pot as the rules split it.",
    "qualifies": "Count the different ranks of eight or lower among the player's cards.",
    "halves": "Find the best high hand and the best qualifying low separately.",
    "side_pots": "Each player can win from each opponent only what they matched.",
    "shared_card": "Count the cards left in the deck against the players still in.",
    "showdown_order": "Who made the last bet or raise on the final round?",
    "seats_left": "How many cards does each player take, how many go to the table, and how many seats "
                  "were dealt in, folded ones included?",
}
DEFAULT = "Work through the deal one rule at a time, in the order the game plays them."


def rule_title(cite: str) -> str | None:
    """An article's title in plain words, its numbering left off ("Section 10, rule 2: the
    eight-or-better qualifier" -> "the eight-or-better qualifier")."""
    from course import rules

    try:
        title = rules.citation(cite).title
    except Exception:
        return None
    title = re.sub(r"^(Section \d+(, [^:]+)?|Exercise \d+|\d+(\.\d+)*|Stage \d+[^:]*):?\s*", "", title).strip()
    return title or None


def answer_values(exercise: Any, question: Any, value: Any = None) -> tuple[set[str], bool | None]:
    """The words a hint must not contain for this question: the players, amounts, cards and
    labels the answer names; and the yes or no, when it is one."""
    shape = engine.answer_json(exercise, question, value)
    words: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, bool):
            return
        if isinstance(item, (int, float)):
            words.add(str(item))
        elif isinstance(item, str):
            words.add(item)
        elif isinstance(item, dict):
            for key, inner in item.items():
                if str(key) in exercise.seats:
                    words.add(str(key))
                walk(inner)
        elif isinstance(item, (list, tuple)):
            for inner in item:
                walk(inner)
    walk(shape)
    return words, shape if isinstance(shape, bool) else None


def gives_away(text: str, words: set[str], yes_no: bool | None) -> bool:
    """Whether `text` states one of the answer's values (or its yes or no)."""
    for word in words:
        if re.search(rf"(?<![\w♠♥♦♣]){re.escape(word)}(?![\w♠♥♦♣])", text, re.IGNORECASE):
            return True
    if yes_no is not None and re.search(r"\b(yes|no)\b(?![ -]\w)", text, re.IGNORECASE):
        return True
    return False


def hint(exercise: Any, question: Any, answer: Any = None) -> str:
    """The hint for `question`: the deciding rule's title and a question to ask of the deal."""
    answer = answer or engine.answer(exercise, question)
    words, yes_no = answer_values(exercise, question, answer.value)
    ask = SCAFFOLD.get(question.ask, DEFAULT)
    cited = [c for step in answer.steps for c in step.cite]
    deciding = next((step.cite[0] for step in reversed(answer.steps) if step.cite), None)
    for cite in [c for c in [deciding, *cited] if c]:
        title = rule_title(cite)
        if title is not None:
            if title[1:2].islower():
                title = title[:1].lower() + title[1:]
            text = f"The rule that decides it: {title.rstrip('.')}. {ask}"
            if not gives_away(text, words, yes_no):
                return text
    return ask if not gives_away(ask, words, yes_no) else DEFAULT
