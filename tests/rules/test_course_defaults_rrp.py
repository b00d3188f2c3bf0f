"""Every option value a rule profile marks as the course's own default, checked against Robert's
Rules of Poker (RRP-H, the private-games edition, shared/sources/rrp-*.txt).

`CHECKED` lists, for each such option, the RRP article read for it and what that article states
(None: RRP says nothing on it), with the reason when the course keeps another value on purpose.
The tests fail when an option is marked the course's own default without being listed here; when
RRP states the rule and the profile neither follows it nor cites it; and when a profile whose
own source is Robert's Rules calls a rule RRP states "the course's own default".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from course.rules import load_profile, profile_names

SOURCES = Path(__file__).resolve().parents[3] / "shared" / "sources"
RRP_TEXT = "\n".join(p.read_text(encoding="utf-8") for p in sorted(SOURCES.glob("rrp-*.txt"))) \
    if SOURCES.is_dir() else ""

# option -> (the RRP articles read, what they state (None: silent), why the course differs or "")
CHECKED: dict[str, tuple[tuple[str, ...], object, str]] = {
    "showdown_order": (('RRP-H 3 "The Showdown" 7',), "last-aggressor-side-pots-first", ""),
    "later_round_tie": (("RRP-H 8.1",), "seat", ""),
    "door_card_tie": (("RRP-H 8.1",), "suit", ""),
    "raise_cap": (('RRP-H 3 "Betting and Raising" 3',), 3,
                  'rule 4 lifts the cap heads-up in money games; the course keeps it at every table size'),
    "completion": (("RRP-H 8.3",), "round-bet", ""),
    "short_ante": (("RRP-H 15.19",), "all-in", ""),
    "short_bring_in": (("RRP-H 15.19",), "all-in", ""),
    "short_completion": (('RRP-H 3 "Betting and Raising" 5',), "all-in", ""),
    "short_raise": (('RRP-H 3 "Betting and Raising" 5',), "all-in", ""),
    "short_all_in_reopens": (('RRP-H 3 "Betting and Raising" 5',), "half-bet", ""),
    "all_in_ante_lowcard": (("RRP-H 8.8",), "left-opens", ""),
    "second_round_pair": (("RRP-H 8.4",), "any-exposed-pair", ""),
    "second_round_pair_scope": (("RRP-H 8.4",), "every-player", ""),
    "second_round_big_bet_stands": (("RRP-H 8.4",), True, ""),
    "shared_card": (("RRP-H 8.15", "RRP-H 9.1", "RRP-H 10.1"), "when-deck-short",
                    "RRP re-deals the burn cards first; the course counts the cards left with no burn cards"),
    "shared_card_opener": (("RRP-H 8.15",), "best-with-shared", ""),
    "shared_cards_play": (("RRP-H 8.15",), "everyone-in", ""),
    # 8.18: a hand missing only its seventh card "may" be ruled live: RRP leaves the ruling open
    "missing_last_card": (("RRP-H 8.18",), None, ""),
    "odd_unit": (('RRP-H 3 "Ties" 5(b)',), "highest-card-by-suit", ""),
    "stud_rules": (("RRP-H 8",), None, ""),        # Five-Card Stud: RRP has no section for it
    "bring_in_ace": (("RRP-H 8.1",), None, ""),     # 8.1 names the lowest upcard, not how an ace counts
    "first_round_opens": (("RRP-H 8.1",), "bring-in",
                           "Have a Heart's own document has the best card showing begin each round"),
    # amounts: RRP names none (8.3's $15-$30 and $5 bring-in are an example)
    "ante": (("RRP-H 8",), None, ""),
    "bring_in": (("RRP-H 8.3",), None, ""),
    "small_bet": (("RRP-H 8",), None, ""),
    "big_bet": (("RRP-H 8",), None, ""),
    "low_order": (("RRP-H 9.2", "RRP-H 10.6"), None, ""),        # how lows holding a pair rank
    "min_bet": (('RRP-H 3 "Betting and Raising" 7',), 1, ""),
    "min_raise": (('RRP-H 3 "Betting and Raising" 6',), "previous-step", ""),
    # the home games' own procedures: Robert's Rules have no such game
    "match_order": ((), None, ""), "matched_limit_rounding": ((), None, ""), "bet_amounts": ((), None, ""),
    "showing_hand": ((), None, ""), "new_card_matches": ((), None, ""), "short_match": ((), None, ""),
    "take_timing": ((), None, ""), "take_from": ((), None, ""), "shared_heart": ((), None, ""),
}


def _no_effect(profile, option: str) -> str:
    """Why an option is never read under this profile ("" when it is)."""
    if option in ("second_round_pair_scope", "second_round_big_bet_stands") \
            and profile.value("second_round_pair") == "off":
        return "the fourth-street pair option is off"
    if option == "door_card_tie" and profile.value("first_round_opens") != "bring-in":
        return "the game has no bring-in"
    if option == "shared_card_opener" and profile.value("shared_card") == "never":
        return "the game never deals a shared seventh card"
    return ""


DEFAULTS = [(name, option) for name in profile_names() for option, value in load_profile(name).options.items()
            if value.course_default]


def test_every_course_default_is_listed_with_the_rrp_article_checked_for_it():
    assert DEFAULTS, "the profiles mark some options as the course's own"
    missing = sorted({option for _name, option in DEFAULTS} - set(CHECKED))
    assert missing == [], f"course defaults with no RRP article checked: {missing}"


@pytest.mark.skipif(not RRP_TEXT, reason="the shared sources are not beside the worktree")
def test_every_rrp_article_checked_is_in_the_rrp_extracts():
    for option, (articles, _stated, _why) in CHECKED.items():
        for article in articles:
            number = article.split(" ", 1)[1]
            if number.startswith('3 "'):
                heading, rule = re.match(r'3 "([^"]+)" (\d+)', number).groups()
                assert heading in RRP_TEXT, (option, article)
            elif "." in number:
                section, rule = number.split(".")
                assert re.search(rf"^{rule}\. ", RRP_TEXT, re.M) and f"SECTION {section} " in RRP_TEXT, (option, article)
            else:
                assert f"SECTION {number} " in RRP_TEXT, (option, article)


@pytest.mark.parametrize("name,option", DEFAULTS)
def test_where_rrp_states_the_rule_the_course_default_follows_and_cites_it(name, option):
    profile = load_profile(name)
    articles, stated, why = CHECKED[option]
    if stated is None or _no_effect(profile, option):
        return
    chosen = profile.option(option)
    if not why:
        assert chosen.value == stated, (
            f"{name}.{option} is the course's own default {chosen.value!r}, but {articles[0]} states {stated!r}")
        assert set(articles) & set(chosen.cite), f"{name}.{option} follows {articles[0]} without citing it"
    if profile.sources <= {"RRP-H", "RRP-C"}:
        assert why, (f"{name}.{option}: this profile's own source is Robert's Rules, which states the rule "
                     f"({articles[0]}), so it is not the course's own default")
