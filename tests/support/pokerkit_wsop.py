"""The real WSOP stud-family hands in pokerkit's own tests, as PHH text, and how many the course imports.

pokerkit ships its tests (`pokerkit.tests.test_wsop`): each plays a hand filmed at the 2023 World
Series of Poker (Event #43 day 5, Event #54 day 4) and writes it out with
`HandHistory.from_game_state`. `wsop_hands()` runs those of Seven-Card Stud, Razz and Stud Hi-Lo
and keeps the PHH text each writes, its `??` cards included (what the broadcast did not show).

    .venv/bin/python -m tests.support.pokerkit_wsop     # per variant: hands, imported, questions
"""

from __future__ import annotations

import unittest
from collections import Counter

STUD_CODES = ("F7S", "FR", "F7S/8")


def wsop_hands() -> dict[str, str]:
    """Test name -> the PHH text of that stud-family hand, in pokerkit's order."""
    import pokerkit.tests.test_wsop.test_2023_43_5 as event_43
    import pokerkit.tests.test_wsop.test_2023_54_4 as event_54
    from pokerkit.notation import HandHistory

    caught: list = []
    original = HandHistory.from_game_state.__func__

    def keep(cls, game, state, *args, **kwargs):
        history = original(cls, game, state, *args, **kwargs)
        caught.append(history)
        return history

    out: dict[str, str] = {}
    HandHistory.from_game_state = classmethod(keep)
    try:
        for module in (event_43, event_54):
            names = sorted((n for n in dir(module.StateTestCase) if n.startswith("test_")),
                           key=lambda n: int(n.split("_")[1]))
            for name in names:
                caught.clear()
                module.StateTestCase(name).run(unittest.TestResult())
                if caught and caught[0].variant in STUD_CODES:
                    out[f"{module.__name__.rsplit('.', 1)[1]}-{name}"] = caught[0].dumps()
    finally:
        HandHistory.from_game_state = classmethod(original)
    return out


def import_all() -> tuple[Counter, Counter, Counter, dict[str, str]]:
    """Per variant: hands, hands imported, questions asked; and each refusal by hand."""
    from course.content.phh_import import check_import, import_hand
    from course.content.phh import PhhError, parse_phh

    hands, imported, asked, refused = Counter(), Counter(), Counter(), {}
    for name, text in wsop_hands().items():
        hand = parse_phh(text, f"{name}.phh")
        hands[hand.variant] += 1
        try:
            exercise = check_import(import_hand(hand))
        except PhhError as err:
            refused[name] = err.message
            continue
        imported[hand.variant] += 1
        asked[hand.variant] += len(exercise.questions)
    return hands, imported, asked, refused


if __name__ == "__main__":
    hands, imported, asked, refused = import_all()
    for code in STUD_CODES:
        print(f"{code}: {imported[code]} of {hands[code]} hands imported, {asked[code]} questions")
    print(f"all: {sum(imported.values())} of {sum(hands.values())} hands imported, {sum(asked.values())} questions")
    for name, why in refused.items():
        print(f"refused {name}: {why}")
