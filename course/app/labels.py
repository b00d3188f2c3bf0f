"""Plain words for the screen: the one mapping from the course's slugs (games, rule profiles,
skills and lesson topics) to the names a learner reads, and readable titles for citations.

Content and engine code keep their slugs (`stud-high`, `pokerstars`, `best-five`); every screen
that shows one calls `display_name`. `tests/app/test_ux.py` checks that every game, topic and
profile the course defines has a name here, so a new slug cannot reach the screen raw.
"""

from __future__ import annotations

import re
from functools import lru_cache

from course import rules
from course.games import GAMES as REGISTRY

# Games first, in course order (the Course map and the lesson list follow it): their names come
# from the game registry, so a new game needs no second list here.
GAMES = {name: spec.title for name, spec in REGISTRY.items()}

# Skills and lesson topics (course.content.TOPICS; the home games' skills are their games).
TOPIC_NAMES = {
    "deal": "the deal",
    "forced-bets": "antes and forced bets",
    "bring-in": "the bring-in",
    "opener": "who acts first",
    "amounts": "bet amounts",
    "contributions": "what each player puts in",
    "best-five": "best five",
    "showdown": "the showdown",
    "shared-card": "the shared card",
    "relatives": "stud's relatives",
    "review": "review",
    "side-pots": "all-ins and side pots",
}


@lru_cache(maxsize=None)
def profile_names() -> dict[str, str]:
    """Each rule profile's name: its own `label`, its title when it has none
    (course/rules/profiles.yaml). Read at the first look-up of a slug that is no game or topic,
    not at import: reading the profiles is a twentieth of a second, and the Course map, a
    restarted server's first page, names only games."""
    return {name: rules.load_profile(name).label for name in rules.profile_names()}


def names() -> dict[str, str]:
    """Every slug's name: the rule profiles', the games' and the topics' (a topic's name first,
    then a game's, as `display_name` looks them up)."""
    return {**profile_names(), **GAMES, **TOPIC_NAMES}


# Each ask as a learner names what it trains, for memory cards: several asks share a skill
# (winners and award both train the showdown), so a card is named by its own ask.
ASKS = {
    "bring_in": "who brings in", "opener": "who acts first", "action_order": "the order of action",
    "legal_action": "a legal action", "contributions": "what each player puts in",
    "street_total": "a street's total", "best_five": "the best five", "category": "the hand's name",
    "legal_hand": "a legal hand", "winners": "who wins", "award": "how the pot is paid",
    "halves": "the high and low halves", "qualifies": "a qualifying low", "shared_card": "the shared card",
    "pot_matches": "the pot matches", "pot": "the pot", "bet_limit": "the bet limit",
    "holding": "a holding after the takes", "takes": "what may be taken",
    "side_pots": "the side pots", "showdown_order": "who shows first", "hand_live": "a live or dead hand",
    "repair_first_to_act": "who acts first after a dealing mistake",
    "repair_bring_in": "the bring-in after a dealing mistake", "repair_gets_card": "the next card after cards dealt too soon",
    "seats_left": "room for more players",
}


def due_words(seconds: float) -> str:
    """How long until something is due, as a learner says it: "now" once it is due (never "in 0
    min"), then minutes, hours, days."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return "now"
    if minutes < 60:
        return f"in {minutes} min"
    if minutes < 48 * 60:
        return f"in {minutes // 60} h"
    return f"in {minutes // (24 * 60)} days"


def ask_name(ask: str) -> str:
    """What an ask trains, in words ("award" -> "how the pot is paid"); an unknown ask reads as
    its words ("new_ask" -> "new ask")."""
    return ASKS.get(ask, ask.replace("_", " "))


# Each source's short name (keyed by its title in course/rules/citations.yaml), shown before an
# article's title where the source is not already the heading.
SOURCES = {
    "HPD study room · Seven-Card Stud High": "HPD",
    "WSOP 2026 live-action rules, as reported in the HPD lesson": "WSOP 2026",
    "PokerStars Stud High rules, as reported in the HPD lesson": "PokerStars",
    "1917Poker · Seven Card Stud": "1917Poker",
    "Horn-A-Vika Rules (OPR-535)": "Horn-A-Vika rules",
    "Have a Heart Rules (OPR-678)": "Have a Heart rules",
    "Stud Study Room course defaults": "Course default",
    "Robert's Rules of Poker (Bob Ciaffone), edition for private games": "Robert's Rules",
}


def display_name(slug: str) -> str:
    """The learner's name for a game, profile, skill or topic; an unknown slug still reads
    as words ("new-topic" -> "new topic") rather than as code."""
    found = TOPIC_NAMES.get(slug) or GAMES.get(slug) or profile_names().get(slug)
    return found or str(slug).replace("-", " ").replace("_", " ")


def quoted(text: object, limit: int = 80) -> str:
    """Text from outside (a URL's query, a typed search) for st.markdown, as a code span: shown
    exactly as typed, never as a link, emphasis or colour (GFM turns a bare address into a link
    even when its marks are escaped; inside a code span nothing is parsed). The fence is longer
    than any run of backticks in the text; a zero-width space keeps Streamlit from rewriting
    an icon mark (`:material/...`), which it does even inside code."""
    text = " ".join(str(text).split()).replace(":material/", ":\u200bmaterial/")
    text = text if len(text) <= limit else text[:limit] + "…"
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text[:1] == "`" or text[-1:] == "`" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def article_title(key: str, *, source: bool = True) -> str:
    """A citation as a reader sees it: "HPD · The deal timeline", or "Horn-A-Vika rules ·
    article 3.3" where the source numbers its articles (without the source name under a
    heading that already gives it); the key itself if it is not registered."""
    try:
        cit = rules.citation(key)
    except (KeyError, AttributeError):
        return str(key)
    title = f"article {cit.title}" if re.fullmatch(r"[\d.]+(\([a-z]\))?", cit.title) else cit.title
    if not source:
        return title[:1].upper() + title[1:]
    return f"{source_name(cit)} · {title}"


def source_name(cit) -> str:
    """A citation's source as a reader names it: the short name here, else the registry
    entry's own `source_label` (a source added with its game needs no entry here), else its title."""
    return SOURCES.get(cit.source_title) or cit.source_label or cit.source_title


def profile_words(profile: str) -> str:
    """How prose names a rule profile: its display name without "rules" and the bracket
    ("PokerStars", "WSOP 2026", "1917Poker")."""
    return re.sub(r"\s*\(.*\)$", "", display_name(profile)).removesuffix(" rules").strip()


def profiles_named(text: object, profiles: list[str]) -> list[str]:
    """The profiles of `profiles` that `text` names ("Using the PokerStars suit order...")."""
    return [p for p in profiles
            if re.search(rf"(?<!\w){re.escape(profile_words(p))}(?!\w)", str(text or ""), re.I)]
