"""The asks about a dealing irregularity (an exercise's `irregularity:` key): Stud High's own
questions, each answered by the repair `course.engine.irregularities` applies to the deal.

- `repair_bring_in` (yes/no, `player`): does the player owe the bring-in now? (RRP-H 8.5, 8.9)
- `repair_first_to_act` (a player): who acts first on third street? (RRP-H 8.5, 8.9)
- `repair_gets_card` (yes/no, `player`, `cards`): is this the card the player gets next? (RRP-H 8.14)
"""

from __future__ import annotations

from typing import Any

from course.asks import Ask, register
from course.cards import Card
from course.engine.irregularities import Repair, cite_of, dealt_too_soon, hole_card_up, still_in, wrong_bring_in
from course.explain import Answer, Step

GAME = "stud-high"


def _doors(exercise: Any) -> dict[str, Card]:
    return {p: h.up[0] for p, h in exercise.hands.items() if not h.folded and h.up}


def _still_in(exercise: Any) -> list[str]:
    return still_in(exercise.seats, [p for p, h in exercise.hands.items() if h.folded], exercise.actions)


def repair_of(exercise: Any, *kinds: str) -> Repair:
    """The repair of the exercise's irregularity (one of `kinds`), applied to its deal."""
    found = (exercise.extra or {}).get("irregularity")
    if not found or found["kind"] not in kinds:
        raise ValueError(f"this question is about a dealing mistake: the exercise needs an 'irregularity:' of kind "
                         f"{' or '.join(kinds)}")
    kind = found["kind"]
    if kind == "hole-card-up":
        return hole_card_up(exercise.seats, _doors(exercise), found["player"],
                            [Card.parse(c) for c in found["cards"]], exercise.profile)
    if kind == "wrong-bring-in":
        return wrong_bring_in(exercise.seats, _doors(exercise), found["player"], found["next_acted"], exercise.profile)
    return dealt_too_soon(exercise.seats, _still_in(exercise), [Card.parse(c) for c in found["early"]],
                          [Card.parse(c) for c in found["deck"]])


def _bring_in(exercise: Any, question: Any) -> Answer:
    player = question.params["player"]
    repair = repair_of(exercise, "hole-card-up", "wrong-bring-in")
    owes = repair.bring_in == player
    cite = cite_of(repair.kind)
    if owes:
        last = f"So {player} owes the bring-in."
    elif repair.bring_in is None:
        last = f"So nobody owes a bring-in, {player} included."
    else:
        last = f"So {player} owes no bring-in: it is {repair.bring_in}'s."
    return Answer(owes, [*repair.steps, Step(last, cite)])


def _first_to_act(exercise: Any, question: Any) -> Answer:
    repair = repair_of(exercise, "hole-card-up", "wrong-bring-in")
    return Answer(repair.first, [*repair.steps, Step(f"So {repair.first} acts first on third street.",
                                                     cite_of(repair.kind))])


def _gets_card(exercise: Any, question: Any) -> Answer:
    player = question.params["player"]
    named = [Card.parse(c) for c in question.params["cards"]]
    if len(named) != 1:
        raise ValueError(f"name one card, got {len(named)}")
    repair = repair_of(exercise, "dealt-too-soon")
    if player not in repair.next_cards:
        raise ValueError(f"{player} is not still in once the round is over, so gets no card: ask about one of "
                         f"{', '.join(repair.next_cards)}")
    card = repair.next_cards[player]
    gets = card == named[0]
    last = f"So {player}'s next card is {card}" + ("." if gets else f", not {named[0]}.")
    return Answer(gets, [*repair.steps, Step(last, cite_of(repair.kind))])


register(GAME, *(Ask(name, kind, prompt, solve, topic, params, required, drawn_at="point")
                 for name, kind, prompt, solve, topic, params, required in (
    ("repair_bring_in", "yesno", "Does {player} owe the bring-in now?", _bring_in, "bring-in",
     {"player": "player"}, ("player",)),
    ("repair_first_to_act", "player", "Who acts first on third street?", _first_to_act, "bring-in", {}, ()),
    ("repair_gets_card", "yesno", "Does {player} get the {cards} next?", _gets_card, "deal",
     {"player": "player", "cards": "cards"}, ("player", "cards")),
)))
