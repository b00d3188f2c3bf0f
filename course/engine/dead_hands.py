"""Whether a hand is live at the showdown by its number of cards (the shared rule `dead_hand`,
RRP-H 8.18): a hand of more cards than the game deals is dead; a hand of fewer is dead unless the
one card it lacks is the last the deal gives, which the profile's `missing_last_card` rules live
or dead. A dead hand wins no part of any pot.

The full hand and its last card are read from the game's spec (the cards of its last street),
never from a street name; which street a short hand lacks a card of is told by the exercise
(`misdealt:`), since the counts alone cannot tell a lost seventh card from a lost hole card of
third street.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from course.cards import Card, cards_text
from course.explain import Answer, Step
from course.games import GameSpec

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh",
            8: "eighth", 9: "ninth"}


@dataclass(frozen=True)
class Misdeal:
    """How one hand came to hold the wrong number of cards: `extra`, the cards it holds beyond
    the deal's; `missing`, the street whose card never reached it."""

    extra: tuple[Card, ...] = ()
    missing: str | None = None


def full_hand(spec: GameSpec) -> tuple[int, int]:
    """The (down, up) cards a hand still in holds at the showdown (the spec's last street)."""
    last = spec.streets[-1]
    return last.down, last.up


def last_card_street(spec: GameSpec) -> str | None:
    """The street that deals the last card when it deals one card alone (seventh street in
    seven-card stud); None when the last street deals several."""
    dealt = [s for s in spec.streets if s.down or s.up]
    counts = [(s.down, s.up) for s in dealt]
    for i in range(len(counts) - 1, 0, -1):
        if counts[i] != counts[i - 1]:
            new = counts[i][0] - counts[i - 1][0] + counts[i][1] - counts[i - 1][1]
            return dealt[i].name if new == 1 else None
    return None


def hand_live(player: str, down: Sequence[Card], up: Sequence[Card], misdeal: Misdeal | None,
              spec: GameSpec, profile: Any) -> Answer:
    """Whether `player`'s hand may win at the showdown (True: live), with steps citing the rule."""
    rule = profile.rule_cite("dead_hand")
    full_down, full_up = full_hand(spec)
    full = full_down + full_up
    held = len(down) + len(up)
    steps = [Step(f"{player} holds {held} card{'s' if held != 1 else ''}, {len(down)} down and {len(up)} up; "
                  f"a complete hand at the showdown is {full}, {full_down} down and {full_up} up.", rule)]
    if held > full:
        extra = f" ({cards_text(misdeal.extra)} came on top of the deal)" if misdeal and misdeal.extra else ""
        steps.append(Step(f"A hand of more than {full} cards is dead{extra}: it cannot win any part of the pot, "
                          "however strong its best five.", rule))
        return Answer(False, steps)
    if held == full:
        steps.append(Step("The count is right, so the hand is live and plays at the showdown.", rule))
        return Answer(True, steps)
    last = last_card_street(spec)
    word = ORDINALS.get(full, f"{full}th")
    missing = misdeal.missing if misdeal is not None else None
    if missing is not None and missing == last and held == full - 1:
        option = profile.option("missing_last_card")
        live = option.value == "live"
        steps.append(Step(f"The one card missing is the {word}, the last of the deal. Such a hand may be ruled "
                          f"live rather than dead; "
                          + ("the course rules it live: it plays on the cards it has." if live else
                             "under these rules it is ruled dead: it cannot win any part of the pot."),
                          tuple(dict.fromkeys((*rule, *option.cite))), option.course_default))
        return Answer(live, steps)
    lost = f"a card of {missing} street" if missing is not None else f"{full - held} cards"
    steps.append(Step(f"It lacks {lost}, not only its {word} card: a hand short at the showdown is dead, "
                      "and only a missing last card may be excused. It cannot win any part of the pot.", rule))
    return Answer(False, steps)
