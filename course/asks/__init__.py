"""The ask registry: every question type, declared once.

An `Ask` gives its name, the extra keys a question may carry (`params`: key -> kind of value:
player, street, action, count, cards, text, int, any), the kind of answer (`kind`, a key of
`KINDS`: `course/asks/kinds.py`, one class per kind), the default prompt (filled from the question's keys and the exercise's street), the
skill it trains (`topic`; None for a home game's own ask, which trains that game) and the
`solve` function that computes the engine's `Answer`. An ask whose answers are compared in a
way of its own (a best five is right when it is as good as the best) gives `check`.

The stud asks are registered by `course.asks.solvers` (the registry never imports it: no cycle;
import `course.asks.solvers` or `course.content` before a lookup), each once: one family. A game
with asks of its own registers them in its engine module (`course.games` names the module), and
there takes up stud asks by name (a reference to the one registration, never a copy); a game
lists the stud asks it answers on its final hands in its spec (`GameSpec.stud_asks`). What a stud
ask says or takes in one game (the word for a betting round, the keys naming a point, its own
prompt, its topic, the pot hidden) is read from the game's spec by `for_game`. Adding an ask is one `register` call, plus
a `Kind` class in `kinds.py` (and a widget class in the app) only when its kind of answer is new.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from course import stud_asks_source
# The kinds of answer, one class each; `to_json` is every kind's default solve shape.
from course.asks.kinds import KINDS, Kind, card_list, plain  # noqa: F401
from course.games import GAMES, find_game

to_json = plain


@dataclass(frozen=True)
class Ask:
    name: str
    kind: str
    prompt: str
    solve: Callable[[Any, Any], Any]
    topic: str | None = None
    params: Mapping[str, str] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    check: Callable[[Any, Any, Any, Any], bool] | None = None   # (exercise, question, given, expected)
    # How the app draws the table when the question is asked (`course.app.quiz` reads these):
    whole_hand: bool = False        # about a player's whole hand: the hole cards are drawn face up
    hides: str | None = None        # what the table would give away: "pot" (drawn as "?") or
                                    # "holding" (the cards of the player asked about are not drawn)
    drawn_at: str = "point"         # "point": as the moves leave it; "first_to_act": where the street's
                                    # betting begins; "last_card": as the latest card lands
    point_key: str | None = None    # a key that names an earlier point itself (then drawn at the point)
    # The keys naming a point in the hand (`POINT_KEYS`) the ask takes in a game whose questions
    # name points (`GameSpec.point_keys`: a game played on events); none in the others.
    at: tuple[str, ...] = ()
    # The ask takes the key naming a betting round in the game's questions (`GameSpec.round_key`:
    # `street`, or `round` in a game whose rules number its rounds).
    names_round: bool = False


# A key that names a point in the hand -> the kind of its value (`Ask.at`, `GameSpec.point_keys`).
POINT_KEYS = {"after": "count", "street": "street"}
# The key naming a betting round -> the kind of its value (`Ask.names_round`).
ROUND_KEYS = {"street": "street", "round": "any"}


_ASKS: dict[str, dict[str, Ask | str]] = {}   # game -> name -> its own Ask, or a stud ask's name


DRAWN_AT = ("point", "first_to_act", "last_card")
HIDES = (None, "pot", "holding")


def register(game: str, *asks: Ask | str) -> None:
    """Declare asks of one game (a second declaration of a name replaces the first). A name
    instead of an `Ask` takes up the stud family's ask of that name at this place of the game's
    list: the one registration, as the game's spec words it (`for_game`), never a second copy."""
    table = _ASKS.setdefault(game, {})
    for ask in asks:
        if isinstance(ask, str):
            table[ask] = ask
            continue
        if ask.kind not in KINDS:
            raise ValueError(f"ask {ask.name!r}: answer kind {ask.kind!r} is not one of {', '.join(KINDS)}")
        if not set(ask.at) <= set(POINT_KEYS):
            raise ValueError(f"ask {ask.name!r}: at {ask.at!r}: expected keys among {', '.join(POINT_KEYS)}")
        if ask.drawn_at not in DRAWN_AT or ask.hides not in HIDES:
            raise ValueError(f"ask {ask.name!r}: drawn_at {ask.drawn_at!r} / hides {ask.hides!r}: expected one "
                             f"of {DRAWN_AT} / {HIDES}")
        table[ask.name] = ask


def _loaded(game: str) -> None:
    """Load the game's own module (its spec names it), which registers the game's own asks.
    The stud asks are registered by `course.asks.solvers`, which imports this registry: the
    registry never imports it back (no import cycle); a module that promised them
    (`course.stud_asks_source`, `course.content` does) is imported now, and without one a lookup
    before they are loaded is an error that says so, never a silently shorter list."""
    spec = find_game(game)
    if spec is not None:
        spec.module()
        taken_up = any(isinstance(ask, str) for ask in _ASKS.get(game, {}).values())
        if (spec.stud_asks or taken_up) and "stud" not in _ASKS:
            stud_asks_source.keep()         # promised by course.content: imported now, once
        if (spec.stud_asks or taken_up) and "stud" not in _ASKS:
            raise LookupError("the stud asks are registered by course.asks.solvers: import it (or "
                              "course.content) before looking asks up")


def asks_for(game: str) -> dict[str, Ask]:
    """Every ask a game supports: the stud asks its spec lists (`stud_asks`), then those its module
    registers, in order (its own, and the stud asks it takes up by name); each stud ask as the
    game words and draws it (`for_game`)."""
    spec = find_game(game)
    if spec is None:
        return {}
    _loaded(game)
    stud = _ASKS.get("stud", {})
    found = {name: for_game(spec, stud[name]) for name in spec.stud_asks if name in stud}
    for name, ask in _ASKS.get(game, {}).items():
        if isinstance(ask, str) and name not in stud:
            raise LookupError(f"{game} takes up the stud ask {name!r}, which is not registered: expected one of "
                              f"{', '.join(stud)}")
        found[name] = for_game(spec, stud[name]) if isinstance(ask, str) else ask
    return found


_BOUND: dict[tuple[str, str], tuple[Ask, Any, Ask]] = {}   # (game, ask) -> (the registration, the spec, as bound)


def for_game(spec: Any, ask: Ask) -> Ask:
    """One registered stud ask as a game asks it, read from the game's spec: the word for a betting
    round in its prompt (`{round}` -> `GameSpec.round_word`), the point keys its questions take
    (`Ask.at` that the spec's `point_keys` allow; the key naming a round, `round_key`, for an ask
    that `names_round`), the game's own prompt (`prompts`), the skill it
    trains (the game itself for the asks in `trains_game`) and the pot hidden when the table is
    drawn (`pot_hidden`). The same object for every lookup while the registration and the spec stand."""
    kept = _BOUND.get((spec.name, ask.name))
    if kept is not None and kept[0] is ask and kept[1] is spec:
        return kept[2]
    changes: dict[str, Any] = {}
    prompt = dict(spec.prompts).get(ask.name, ask.prompt)
    if "{round}" in prompt:
        prompt = prompt.replace("{round}", spec.round_word)
    if prompt != ask.prompt:
        changes["prompt"] = prompt
    points = {key: POINT_KEYS[key] for key in ask.at if key in spec.point_keys and key not in ask.params}
    if ask.names_round:
        points = {spec.round_key: ROUND_KEYS[spec.round_key], **points}
    if points:
        changes["params"] = {**ask.params, **points}
    if ask.name in spec.trains_game:
        changes["topic"] = None
    if ask.name in spec.pot_hidden:
        changes["hides"] = "pot"
    bound = replace(ask, **changes) if changes else ask
    _BOUND[(spec.name, ask.name)] = (ask, spec, bound)
    return bound


# (game, name) -> (the game's spec, the game's own entry, the stud entry, the Ask found): what
# `find_ask` found, kept while the three it was read from are the same objects.
_FOUND: dict[tuple[str, str], tuple[Any, Any, Any, Ask]] = {}


def find_ask(game: str, name: str) -> Ask:
    """One ask of a game, as `asks_for` gives it. A check asks this tens of thousands of times,
    so each lookup is kept; it is used again only while the game's spec, the game's own entry
    for the name and the stud entry for it are the objects it was read from (an edit of the
    registry or of `GAMES`, a test's `monkeypatch.setitem` too, looks it up afresh)."""
    spec, own, stud = find_game(game), _ASKS.get(game, {}).get(name), _ASKS.get("stud", {}).get(name)
    kept = _FOUND.get((game, name))
    if kept is not None and kept[0] is spec and kept[1] is own and kept[2] is stud:
        return kept[3]
    found = asks_for(game)
    if name not in found:
        raise ValueError(f"ask {name!r} is not supported for {game}: expected one of {', '.join(found)}")
    own, stud = _ASKS.get(game, {}).get(name), _ASKS.get("stud", {}).get(name)   # as loading the game left them
    _FOUND[(game, name)] = (spec, own, stud, found[name])
    return found[name]


def kind_of(game: str, name: str) -> Kind:
    """The answer kind of one ask of a game (`course.asks.kinds`)."""
    return KINDS[find_ask(game, name).kind]
