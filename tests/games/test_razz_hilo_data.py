"""The razz and Hi-Lo data drafted in docs/drafts/razz-hilo-game-data.yaml, now registered:
profiles.yaml holds the draft's two profiles and schema additions as they were drafted, each
value allowed by the schema and cited, every course default noted; the game specs name the PHH
variants; the draft lessons' citations are registered and their captions computed.
"""

from pathlib import Path

import pytest
import yaml

from course import rules
from course.games import GAMES
from course.hands import LOW_ORDERS
from course.content.phh import STUD_VARIANTS

ROOT = Path(__file__).resolve().parents[2]
DRAFT = ROOT / "docs" / "drafts" / "razz-hilo-game-data.yaml"


# Options the profiles gained after the draft: the all-in rules and the showdown order
# (Robert's Rules' own, which razz and Hi-Lo keep from stud: RRP-H 9.1, 10.1).
LATER_OPTIONS = {"showdown_order", "short_ante", "short_bring_in", "short_completion", "short_raise",
                 "short_all_in_reopens", "all_in_ante_lowcard", "stud_rules"}

# Citations the draft had that do not support their option, dropped since: the common card
# playing in every hand is Robert's Rules' own (8.15), not a course default; rule 10.8 (no
# splitting by agreement) says nothing of how a pot halves.
DROPPED_CITES = {("rrp-razz", "shared_cards_play"): {'COURSE "Shared card"'},
                 ("rrp-stud-hi-lo", "shared_cards_play"): {'COURSE "Shared card"'},
                 ("rrp-stud-hi-lo", "pot_halves"): {"RRP-H 10.8"}}


def test_the_drafted_profiles_are_registered_as_drafted():
    draft = yaml.safe_load(DRAFT.read_text(encoding="utf-8"))
    raw = yaml.safe_load((rules.HERE / "profiles.yaml").read_text(encoding="utf-8"))
    for name, body in draft["profiles"].items():
        registered = raw["profiles"][name]
        assert {k: v["value"] for k, v in registered["options"].items() if k not in LATER_OPTIONS} == \
            {k: v["value"] for k, v in body["options"].items()}, name
        assert LATER_OPTIONS <= set(registered["options"]), name
        for key, option in body["options"].items():     # citations only added (Robert's stud rules)
            kept = set(option["cite"]) - DROPPED_CITES.get((name, key), set())
            assert kept <= set(registered["options"][key]["cite"]), (name, key)
    for key, spec in draft["schema_additions"]["new_options"].items():
        assert raw["schema"][key]["allowed"] == spec["allowed"], key
    for key, values in draft["schema_additions"]["new_values"].items():
        assert set(values) <= set(raw["schema"][key]["allowed"]), key


def test_the_razz_and_hi_lo_profiles_load_through_the_real_loader():
    razz, hilo = rules.default_profile("razz"), rules.default_profile("stud-hi-lo")
    assert (razz.name, hilo.name) == ("rrp-razz", "rrp-stud-hi-lo")
    assert razz.value("bring_in_card") == "highest" and razz.value("bring_in_ace") == "low"
    assert hilo.value("bring_in_card") == "lowest" and hilo.value("bring_in_ace") == "high"
    assert razz.value("later_round_opens") == "lowest-showing"
    assert hilo.value("later_round_opens") == "best-showing"
    assert razz.value("second_round_pair") == hilo.value("second_round_pair") == "off"
    assert {razz.value("low_order"), hilo.value("low_order")} == set(LOW_ORDERS)
    assert hilo.value("pot_halves") == "high-low" and razz.value("pot_halves") == "one"
    assert rules.profile_names("stud-high") == ["pokerstars", "wsop-2026", "1917poker"]  # untouched


def test_the_pot_halves_option_agrees_with_the_game_specs_orders():
    for game in ("razz", "stud-hi-lo"):
        halves = rules.default_profile(game).value("pot_halves")
        assert (len(GAMES[game].orders) == 2) == (halves == "high-low"), game


def test_every_razz_and_hi_lo_option_cites_registered_articles_and_notes_its_course_defaults():
    registry = rules.citations()
    for name in ("rrp-razz", "rrp-stud-hi-lo"):
        profile = rules.load_profile(name)
        # every stud option, but the ruling on a hand missing its last card: Razz and Hi-Lo
        # refuse a hand of the wrong size (`misdealt:`), so they have no such option
        assert set(profile.options) >= set(rules.load_profile("pokerstars").options) - {"missing_last_card"}
        for option in profile.options.values():
            assert option.cite and all(key in registry for key in option.cite), (name, option.name)
            assert option.course_default == any(registry[k].course_default for k in option.cite)
            assert not option.course_default or option.note


def test_the_draft_game_specs_name_the_phh_variants():
    draft = yaml.safe_load(DRAFT.read_text(encoding="utf-8"))
    assert {spec["phh_variant"]: game for game, spec in draft["game_specs"].items()} == {
        v: g for v, g in STUD_VARIANTS.items() if g != "stud-high"}


# --- the two draft lessons: their citations are registered and their captions are computed ---

import re

from course.cards import parse_cards
from course.hands import ACE_TO_FIVE, EIGHT_OR_BETTER, evaluate_low
from tests.support.lookups import highest_card, lowest_card

LESSONS = {"razz": ACE_TO_FIVE, "stud-hi-lo": EIGHT_OR_BETTER}


LESSON_FILES = {"razz": "30-razz.yaml", "stud-hi-lo": "31-stud-hi-lo.yaml"}


def _lesson(name):
    """The course's razz or Hi-Lo lesson (written from the drafts in docs/drafts/lessons)."""
    return yaml.safe_load((ROOT / "lessons" / LESSON_FILES[name]).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", LESSONS)
def test_every_draft_lesson_citation_is_registered(name):
    lesson = _lesson(name)
    registry = rules.citations()
    keys = list(lesson["sources"]) + [k for s in lesson["sections"] for k in s.get("cite", [])]
    assert keys and all(k in registry for k in keys), [k for k in keys if k not in registry]
    assert lesson["game"] == name


@pytest.mark.parametrize("name", LESSONS)
def test_every_low_named_in_a_caption_is_the_one_the_evaluator_computes(name):
    """A caption that names a player and an 'X-Y low' (or 'no qualifying low') says what the
    evaluator says of that player's cards, and no card is dealt twice in one diagram."""
    order, named = LESSONS[name], 0
    for section in _lesson(name)["sections"]:
        deal = section.get("deal")
        if not deal:
            continue
        cards = {p: parse_cards(f"{h['down']} {h['up']}") for p, h in deal["hands"].items()}
        every = [c for cs in cards.values() for c in cs]
        assert len(every) == len(set(every)), section["heading"]
        names = "|".join(map(re.escape, cards))
        player = None
        for match in re.finditer(rf"\b({names})\b|(no qualifying low|one pair of \w+|\w+-\w+ low)", deal["caption"]):
            if match.group(1):
                player = match.group(1)
                continue
            label = evaluate_low(cards[player], order).label
            assert match.group(2) == label, (section["heading"], player, match.group(2), label)
            named += 1
    assert named >= 2


def test_the_draft_bring_in_captions_are_computed():
    razz = _lesson("razz")["sections"][2]["deal"]["hands"]
    doors = {p: h["up"] for p, h in razz.items()}
    assert highest_card(doors.values(), ace_low=True) == parse_cards(doors["Ben"])[0]
    rows = {p: parse_cards(h["up"]) for p, h in _lesson("razz")["sections"][3]["deal"]["hands"].items()}
    assert max(rows, key=lambda p: evaluate_low(rows[p]).value) == "Ava"  # the lowest row opens
    hilo = _lesson("stud-hi-lo")["sections"][3]["deal"]["hands"]
    doors = {p: h["up"] for p, h in hilo.items()}
    assert lowest_card(doors.values()) == parse_cards(doors["Cara"])[0]
