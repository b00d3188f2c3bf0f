"""The ask registry: every question type, declared once.

An `Ask` gives its name, the extra keys a question may carry (`params`: key -> kind of value:
player, street, action, count, cards, text, int, any), the kind of answer (`kind`, a key of
`KINDS`), the default prompt (filled from the question's keys and the exercise's street), the
skill it trains (`topic`; None for a home game's own ask, which trains that game) and the
`solve` function that computes the engine's `Answer`. An ask whose answers are compared in a
way of its own (a best five is right when it is as good as the best) gives `check`.

The stud asks are registered by `course.questions` (the registry never imports it: no cycle;
import `course.questions` or `course.content` before a lookup); a game with asks of its own registers them
in its engine module (`course.games` names the module); a game lists the stud asks it answers on
its final hands in its spec (`GameSpec.stud_asks`). Adding an ask is one `register` call, plus
an answer kind in `KINDS` (and a widget class in the app) only when its kind of answer is new.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from course.cards import Card, CardError, parse_cards
from course.games import GAMES, find_game
from course.hands import Category, HandValue


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


_ASKS: dict[str, dict[str, Ask]] = {}


def register(game: str, *asks: Ask) -> None:
    """Declare asks of one game (a second declaration of a name replaces the first)."""
    table = _ASKS.setdefault(game, {})
    for ask in asks:
        if ask.kind not in KINDS:
            raise ValueError(f"ask {ask.name!r}: answer kind {ask.kind!r} is not one of {', '.join(KINDS)}")
        table[ask.name] = ask


def _loaded(game: str) -> None:
    """Load the game's own module (its spec names it), which registers the game's own asks.
    The stud asks are registered by `course.questions`, which imports this registry: the
    registry never imports it back (no import cycle), so a lookup before it is loaded is an
    error that says so, never a silently shorter list."""
    spec = find_game(game)
    if spec is not None:
        spec.module()
        if spec.stud_asks and "stud" not in _ASKS:
            raise LookupError("the stud asks are registered by course.questions: import it (or "
                              "course.content) before looking asks up")


def asks_for(game: str) -> dict[str, Ask]:
    """Every ask a game supports: the stud asks its spec lists, then its own."""
    spec = find_game(game)
    if spec is None:
        return {}
    _loaded(game)
    stud = _ASKS.get("stud", {})
    found = {name: stud[name] for name in spec.stud_asks if name in stud}
    found.update(_ASKS.get(game, {}))
    return found


def find_ask(game: str, name: str) -> Ask:
    found = asks_for(game)
    if name not in found:
        raise ValueError(f"ask {name!r} is not supported for {game}: expected one of {', '.join(found)}")
    return found[name]


def all_asks() -> dict[str, tuple[str, ...]]:
    return {game: tuple(asks_for(game)) for game in GAMES}


# --------------------------------------------------------------------------------------------
# Answer kinds: how a given answer (YAML, JSON or a widget's value) is compared with the engine's


def to_json(value: Any) -> Any:
    """An engine value in the solve shape: names, card strings, true/false, objects, lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Category):
        return value.label
    if isinstance(value, HandValue):
        return [str(c) for c in value.cards]
    if isinstance(value, bool) or value is None or isinstance(value, (int, float, str)):
        return value
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((to_json(v) for v in value), key=str)
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    label = getattr(value, "label", None)
    return label if isinstance(label, str) else str(value)


def yes_no(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("yes", "no", "true", "false", "y", "n"):
        return value.strip().lower() in ("yes", "true", "y")
    return None


def units_map(value: Any) -> dict[str, int] | None:
    if not isinstance(value, Mapping):
        return None
    result = {}
    for key, amount in value.items():
        if isinstance(amount, bool):
            return None
        try:
            units = int(amount)
        except (TypeError, ValueError):
            return None
        if units != amount and not isinstance(amount, str):
            return None
        if units:
            result[str(key).strip()] = units
    return result


def names(value: Any) -> list[str] | None:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        return None
    return [v.strip() for v in value]


def card_list(value: Any) -> list[Card] | None:
    try:
        return parse_cards(value)
    except CardError:
        return None


def card_set(value: Any) -> frozenset[Card] | None:
    """Cards in any order, each once (None when unreadable or repeated)."""
    cards = card_list(value)
    return frozenset(cards) if cards is not None and len(set(cards)) == len(cards) else None


class Kind:
    """One kind of answer: `same(given, expected)` says whether a given answer is the engine's."""

    name = ""

    def same(self, given: Any, expected: Any) -> bool:
        return to_json(given) == to_json(expected)


class PlayerKind(Kind):
    name = "player"

    def same(self, given, expected):
        return isinstance(given, str) and given.strip() == str(expected)


class OrderKind(Kind):
    """Players, in the order that matters."""
    name = "order"

    def same(self, given, expected):
        return names(given) == [str(p) for p in expected]


class PlayersKind(Kind):
    """Players, in any order."""
    name = "players"

    def same(self, given, expected):
        got = names(given)
        return got is not None and len(set(got)) == len(got) and set(got) == {str(p) for p in expected}


class YesNoKind(Kind):
    name = "yesno"

    def same(self, given, expected):
        return yes_no(given) is not None and yes_no(given) == bool(expected)


class MapKind(Kind):
    """Player -> units; 0 is the same as absent."""
    name = "map"

    def same(self, given, expected):
        return units_map(given) is not None and units_map(given) == units_map(expected)


class UnitsKind(Kind):
    name = "units"

    def same(self, given, expected):
        whole = isinstance(given, int) or (isinstance(given, float) and given.is_integer())
        return not isinstance(given, bool) and whole and int(given) == int(expected)


class CategoryKind(Kind):
    name = "category"

    def same(self, given, expected):
        try:
            chosen = given if isinstance(given, Category) else Category.from_label(given)
            return chosen == Category.from_label(to_json(expected))
        except (ValueError, TypeError):
            return False


class CardsKind(Kind):
    name = "cards"

    def same(self, given, expected):
        chosen, wanted = card_list(given), card_list(to_json(expected))
        return chosen is not None and wanted is not None and Counter(chosen) == Counter(wanted)


class HoldingKind(Kind):
    """What a player holds: {up: cards, down: cards}, card order free (Have a Heart)."""
    name = "holding"

    def same(self, given, expected):
        if not isinstance(given, Mapping) or set(given) - {"up", "down"}:
            return False
        return all(card_set(given.get(k)) == frozenset(expected[k]) for k in ("up", "down"))


class TakesKind(Kind):
    """Who takes a card and what they may choose from: {taker, from: {player: {up, down}}}."""
    name = "takes"

    def same(self, given, expected):
        if not isinstance(given, Mapping) or given.get("taker") != expected["taker"]:
            return False
        got = given.get("from") or {}
        if not isinstance(got, Mapping) or set(map(str, got)) != set(expected["from"]):
            return False
        for player, want in expected["from"].items():
            offer = got.get(player)
            if not isinstance(offer, Mapping) or card_set(offer.get("up")) != frozenset(want["up"]):
                return False
            if (offer.get("down") or 0) != want["down"]:
                return False
        return True


class MatchesKind(Kind):
    """Who matches the pot, in order, and for how much: [{player: units}, ...] (Horn-A-Vika)."""
    name = "matches"

    def same(self, given, expected):
        if not isinstance(given, list):
            return False
        try:
            pairs = [(str(k), int(v)) for item in given for k, v in dict(item).items()]
        except (TypeError, ValueError):
            return False
        return pairs == [(k, v) for item in expected for k, v in item.items()]


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    PlayerKind(), OrderKind(), PlayersKind(), YesNoKind(), MapKind(), UnitsKind(), CategoryKind(),
    CardsKind(), HoldingKind(), TakesKind(), MatchesKind(),
)}
