"""The real WSOP stud-family hands of pokerkit's own tests (tests/support/pokerkit_wsop.py), as
the PHH text pokerkit writes for them: every one imports, `??` cards and all, and a question the
unknown cards leave undecided is the only kind left out."""

from __future__ import annotations

import pytest

from course.content.phh_import import check_import, import_hand
from course.content.phh import parse_phh
from tests.support.pokerkit_wsop import wsop_hands

HANDS = wsop_hands()


def test_the_wsop_stud_family_hands_are_all_found():
    variants = [parse_phh(text).variant for text in HANDS.values()]
    assert {v: variants.count(v) for v in set(variants)} == {"F7S": 13, "FR": 10, "F7S/8": 13}
    assert sum("??" in text for text in HANDS.values()) == 7


@pytest.mark.parametrize("name", sorted(HANDS))
def test_every_wsop_stud_hand_imports(name):
    hand = parse_phh(HANDS[name], f"{name}.phh")
    exercise = check_import(import_hand(hand))
    asks = {q.ask for q in exercise.questions}
    assert {"contributions", "award"} <= asks
    if "??" not in HANDS[name]:
        assert "bring_in" in asks or "opener" in asks


def test_an_unknown_door_that_could_be_lower_leaves_out_only_the_bring_in():
    # p1 folds at once, cards unrecorded; 2♣ is dealt to p5 on seventh street, so it is still
    # unseen on third street and could be p1's door card, lower than p5's 2♥
    name = "test_2023_43_5-test_51_02_18_42"
    imported = import_hand(parse_phh(HANDS[name], f"{name}.phh"))
    asks = [q.ask for q in check_import(imported).questions]
    written = HANDS[name].replace("'d dh p1 ??????'", "'d dh p1 KsKdQc'")
    full = [q.ask for q in check_import(import_hand(parse_phh(written, "written.phh"))).questions]
    assert "bring_in" in full and [a for a in full if a != "bring_in"] == asks
