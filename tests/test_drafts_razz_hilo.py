"""docs/drafts/razz-hilo-game-data.yaml is valid data for the real profile loader.

The draft is not loaded by the app (the engine cannot answer razz or Hi-Lo yet). This test merges
it into a copy of profiles.yaml and loads both profiles through `course.rules`, so that the day
the engine reads the new options, pasting the draft in gives profiles that are allowed by the
schema, cite registered articles, and mark every course default with a note.
"""

import shutil
from pathlib import Path

import pytest
import yaml

from course import rules
from course.hands import LOW_ORDERS
from course.phh import STUD_VARIANTS

ROOT = Path(__file__).resolve().parent.parent
DRAFT = ROOT / "docs" / "drafts" / "razz-hilo-game-data.yaml"


@pytest.fixture
def merged(tmp_path, monkeypatch):
    raw = yaml.safe_load((rules.HERE / "profiles.yaml").read_text(encoding="utf-8"))
    draft = yaml.safe_load(DRAFT.read_text(encoding="utf-8"))
    additions = draft["schema_additions"]
    for key, spec in additions["new_options"].items():
        assert key not in raw["schema"], key
        raw["schema"][key] = spec
    for key, values in additions["new_values"].items():
        assert not set(values) & set(raw["schema"][key]["allowed"]), key
        raw["schema"][key]["allowed"] += values
    raw["profiles"].update(draft["profiles"])
    (tmp_path / "profiles.yaml").write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    shutil.copy(rules.HERE / "citations.yaml", tmp_path / "citations.yaml")
    monkeypatch.setattr(rules, "HERE", tmp_path)
    for cache in (rules._profile_data, rules._citations, rules._rules):
        cache.cache_clear()
    yield draft
    monkeypatch.undo()
    for cache in (rules._profile_data, rules._citations, rules._rules):
        cache.cache_clear()


def test_the_draft_profiles_load_through_the_real_loader(merged):
    razz, hilo = rules.default_profile("razz"), rules.default_profile("stud-hi-lo")
    assert (razz.name, hilo.name) == ("rrp-razz", "rrp-stud-hi-lo")
    assert razz.value("bring_in_card") == "highest" and razz.value("bring_in_ace") == "low"
    assert hilo.value("bring_in_card") == "lowest" and hilo.value("bring_in_ace") == "high"
    assert razz.value("later_street_first") == "lowest-showing"
    assert hilo.value("later_street_first") == "best-showing"
    assert razz.value("fourth_street_pair") == hilo.value("fourth_street_pair") == "off"
    assert {razz.value("low_order"), hilo.value("low_order")} == set(LOW_ORDERS)
    assert hilo.value("pot_halves") == "high-low" and razz.value("pot_halves") == "one"
    assert rules.profile_names("stud-high") == ["pokerstars", "wsop-2026", "1917poker"]  # untouched


def test_every_draft_option_cites_registered_articles_and_notes_its_course_defaults(merged):
    registry = rules.citations()
    for name in ("rrp-razz", "rrp-stud-hi-lo"):
        profile = rules.load_profile(name)
        assert set(profile.options) >= set(rules.load_profile("pokerstars").options)  # every stud option
        for option in profile.options.values():
            assert option.cite and all(key in registry for key in option.cite), (name, option.name)
            assert option.course_default == any(registry[k].course_default for k in option.cite)
            assert not option.course_default or option.note


def test_the_draft_game_specs_name_the_phh_variants():
    draft = yaml.safe_load(DRAFT.read_text(encoding="utf-8"))
    assert {spec["phh_variant"]: game for game, spec in draft["game_specs"].items()} == {
        v: g for v, g in STUD_VARIANTS.items() if g != "stud-high"}
