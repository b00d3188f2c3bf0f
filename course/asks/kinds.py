"""Answer kinds: everything the course knows about one kind of answer, in one class.

A `Kind` says, for its answers:

- `parse(value)`: the answer in a normal form (order dropped where it does not matter, 0 the
  same as absent), from any shape it arrives in: an author's YAML, a learner's widget, the
  engine's value (cards as `Card`, a hand as `HandValue` ...); None when it cannot be read;
- `same(given, expected)`: whether a given answer is the engine's (their normal forms agree);
- `to_json(value)`: the engine's value in the shape an author writes (`course solve --json`);
- `words(value)`: the answer as a learner reads it (the learner's answer and the engine's go
  through the same words);
- `written(value)`: the answer as `course check` and `course solve` write it for an author;
- `diff(given, expected)`: the fields of an answer with several fields that are wrong, by name
  (the players of a map, `n. player` of pot matches, `taker` ...); [] for a one-field answer;
- `check_written(ck, node, seats, what)`: an authored answer checked where it is written, each
  problem with its file, line and column;
- `widget`: the name of the widget that draws it (`course/app/widgets.py`, `WIDGETS`).

Every other module asks the kind (through the ask: `course.asks.find_ask(...).kind`) and never
looks at an answer's keys or an ask's name to guess. A new kind is one class added to `KINDS`
and, in the app, one widget class.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from typing import Any, Mapping

from course import amounts
from course.cards import Card, CardError, parse_cards
from course.hands import Category, HandValue

NO_ANSWER = "(no answer)"


# -- shapes shared by several kinds -----------------------------------------------------------


def plain(value: Any) -> Any:
    """An engine value in the solve shape: names, card strings, true/false, objects, lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Category):
        return value.label
    if isinstance(value, HandValue):
        return [str(c) for c in value.cards]
    to_plain = getattr(value, "to_plain", None)       # an engine value with a solve shape of its own (a pot)
    if callable(to_plain):
        return plain(to_plain())
    if isinstance(value, Decimal):
        return amounts.plain(value)               # an amount with cents as its text, "2.50": exact
    if isinstance(value, bool) or value is None or isinstance(value, (int, float, str)):
        return value
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=str)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    label = getattr(value, "label", None)
    return label if isinstance(label, str) else str(value)


def written(value: Any) -> str:
    """A solve-shaped value as an author writes it in YAML's flow style: yes/no, [a, b],
    {Ava: 8}, card symbols."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(written(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {written(v)}" for k, v in value.items()) + "}"
    return str(value)


def yes_no(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("yes", "no", "true", "false", "y", "n"):
        return value.strip().lower() in ("yes", "true", "y")
    return None


def amount(value: Any) -> Any:
    """An amount a learner, an author or the engine gives (5, "5", 2.5, "2.50"): an int or an exact
    `amounts.Amount`; None when unreadable."""
    return amounts.read(value)


def units_map(value: Any) -> dict[str, Any] | None:
    """Player -> amount (whole units, or exact with cents), entries of 0 dropped (None when unreadable)."""
    if not isinstance(value, Mapping):
        return None
    result = {}
    for key, given in value.items():
        units = amount(given)
        if units is None:
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
        return parse_cards(plain(value))
    except CardError:
        return None


def card_set(value: Any) -> frozenset[Card] | None:
    """Cards in any order, each once (None when unreadable or repeated)."""
    cards = card_list(value)
    return frozenset(cards) if cards is not None and len(set(cards)) == len(cards) else None


def _list_words(items: list[Any], empty: str) -> str:
    return ", ".join(str(v) for v in items) if items else empty


def _cards_words(value: Any, empty: str) -> str:
    """Cards as card symbols, in the order given ("K♣, Q♦"), however they were written."""
    return _list_words([str(c) for c in card_list(value) or []], empty)


# -- the kinds -----------------------------------------------------------------------------


class Kind:
    """One kind of answer (see the module's docstring). Subclasses give `name`, `widget`,
    `parse` and `_words`; the rest follows from them."""

    name = ""
    widget = ""

    def parse(self, value: Any) -> Any:
        return plain(value)

    def same(self, given: Any, expected: Any) -> bool:
        chosen = self.parse(given)
        return chosen is not None and chosen == self.parse(expected)

    def to_json(self, value: Any) -> Any:
        return plain(value)

    def words(self, value: Any) -> str:
        if value is None:
            return NO_ANSWER
        shape = self.to_json(value)
        return self._words(shape) if self.parse(value) is not None else written(shape)

    def _words(self, shape: Any) -> str:
        return written(shape)

    def written(self, value: Any) -> str:
        return written(self.to_json(value))

    def diff(self, given: Any, expected: Any) -> list[str]:
        return []

    def check_written(self, ck: Any, node: Any, seats: list[str], what: str) -> None:
        """Problems of an authored answer, at its node (`ck`: the content checker)."""


class PlayerKind(Kind):
    name, widget = "player", "seat"

    def parse(self, value):
        return value.strip() if isinstance(value, str) else None

    def _words(self, shape):
        return str(shape)

    def check_written(self, ck, node, seats, what):
        ck.player(node, what, seats)


class _SeatsKind(Kind):
    def _words(self, shape):
        return _list_words(names(shape) or [], "nobody")

    def check_written(self, ck, node, seats, what):
        listed: list[str] = []
        for item in ck.sequence(node, what) or ():
            name = ck.player(item, what, seats)
            if name in listed:
                ck.add(item, f"{what}: {name!r} is listed twice")
            elif name is not None:
                listed.append(name)


class OrderKind(_SeatsKind):
    """Players, in the order that matters."""
    name, widget = "order", "seat-order"

    def parse(self, value):
        return names(plain(value))


class PlayersKind(_SeatsKind):
    """Players, in any order, each once."""
    name, widget = "players", "seats"

    def parse(self, value):
        got = names(plain(value))
        return frozenset(got) if got is not None and len(set(got)) == len(got) else None


class YesNoKind(Kind):
    name, widget = "yesno", "yes-no"

    def parse(self, value):
        return yes_no(value)

    def _words(self, shape):
        return "yes" if yes_no(shape) else "no"

    def check_written(self, ck, node, seats, what):
        ck.boolean(node, what)


class MapKind(Kind):
    """Player -> units; 0 is the same as absent. Each player is a field of its own."""
    name, widget = "map", "units-per-seat"

    def parse(self, value):
        return units_map(plain(value))

    def _words(self, shape):
        items = [f"{k} {amounts.say(amount(v)) if amount(v) is not None else v}" for k, v in shape.items()
                 if v not in (0, None)]
        return ", ".join(items) if items else "nobody"

    def diff(self, given, expected):
        got, want = self.parse(given) or {}, self.parse(expected) or {}
        return [k for k in dict.fromkeys([*want, *got]) if got.get(k, 0) != want.get(k, 0)]

    def check_written(self, ck, node, seats, what):
        if node.kind != "map":
            ck.add(node, f"{what} should be a mapping of player -> units, got {ck.describe(node)}")
            return
        for key, value in node.value.items():
            ck.player(node.keys[key], what, seats)
            ck.amount(value, f"{what} for {node.keys[key].text!r}")


class UnitsKind(Kind):
    name, widget = "units", "units"

    def parse(self, value):
        return amount(value)          # 5, 5.0, "2.5", "2.50": exact; the engine's Amount too

    def _words(self, shape):
        return amounts.say(amount(shape))

    def check_written(self, ck, node, seats, what):
        ck.amount(node, what)


class CategoryKind(Kind):
    name, widget = "category", "category"

    def parse(self, value):
        if isinstance(value, Category):
            return value
        try:
            return Category.from_label(plain(value)) if isinstance(plain(value), str) else None
        except ValueError:
            return None

    def _words(self, shape):
        return self.parse(shape).label

    def check_written(self, ck, node, seats, what):
        label = ck.text(node, what)
        if label is not None:
            try:
                Category.from_label(label)
            except ValueError as exc:
                ck.add(node, f"{what}: {exc}")


class CardsKind(Kind):
    """Cards, in any order (a card listed twice counts twice)."""
    name, widget = "cards", "cards"

    def parse(self, value):
        cards = card_list(value)
        return None if cards is None else Counter(cards)

    def _words(self, shape):
        return _cards_words(shape, "no cards")

    def check_written(self, ck, node, seats, what):
        cards = ck.cards(node, what)
        if cards is not None and len(set(cards)) != len(cards):
            ck.add(node, f"{what}: a card is listed twice")


SIDES = ("up", "down")


class HoldingKind(Kind):
    """What a player holds: {up: cards, down: cards}, card order free (Have a Heart). `up` and
    `down` are its two fields."""
    name, widget = "holding", "holding"

    def parse(self, value):
        if not isinstance(value, Mapping) or set(value) - set(SIDES):
            return None
        sides = {side: card_set(value.get(side)) for side in SIDES}
        return None if None in sides.values() else sides

    def _words(self, shape):
        return "; ".join(f"{side} {_cards_words(shape.get(side), 'nothing')}" for side in SIDES)

    def diff(self, given, expected):
        got, want = self.parse(given) or {}, self.parse(expected) or {}
        return [side for side in SIDES if got.get(side) != want.get(side)]


class TakesKind(Kind):
    """Who takes a card and what they may choose from: {taker, from: {player: {up, down}}}
    (Have a Heart). The taker, and each player's offer, are fields of their own."""
    name, widget = "takes", "takes"

    def parse(self, value):
        if not isinstance(value, Mapping) or not isinstance(value.get("from") or {}, Mapping):
            return None
        taker = value.get("taker")
        if taker is not None and not isinstance(taker, str):
            return None
        offers = {}
        for player, offer in (value.get("from") or {}).items():
            if not isinstance(offer, Mapping):
                return None
            up, down = card_set(offer.get("up")), offer.get("down") or 0
            if up is None or isinstance(down, bool) or not isinstance(down, int):
                return None
            offers[str(player)] = (up, down)
        return {"taker": taker.strip() if taker else None, "from": offers}

    def _words(self, shape):
        if shape.get("taker") is None:
            return "nobody takes a card"
        offers = [f"from {p}: " + " or ".join(
            ([f"face up {_cards_words(o.get('up'), '')}"] if o.get("up") else [])
            + ([f"one of {o.get('down')} hole cards"] if o.get("down") else []))
            for p, o in (shape.get("from") or {}).items()]
        return f"{shape['taker']} takes; " + ("; ".join(offers) if offers else "nothing on offer")

    def diff(self, given, expected):
        got = self.parse(given) or {"taker": object(), "from": {}}
        want = self.parse(expected) or {"taker": None, "from": {}}
        wrong = ["taker"] if got["taker"] != want["taker"] else []
        mine, theirs = got["from"], want["from"]
        return wrong + [p for p in dict.fromkeys([*theirs, *mine]) if mine.get(p) != theirs.get(p)]


class MatchesKind(Kind):
    """Who matches the pot, in order, and for how much: [{player: units}, ...] (Horn-A-Vika).
    Each decision is a field, named `n. player`."""
    name, widget = "matches", "matches"

    def parse(self, value):
        if not isinstance(value, list):
            return None
        try:
            pairs = [(str(k), amount(v)) for item in value for k, v in dict(item).items()]
        except (TypeError, ValueError):
            return None
        return None if any(v is None for _, v in pairs) else pairs

    def _words(self, shape):
        return _list_words([f"{k} pays {amounts.say(v)}" for k, v in self.parse(shape)], "nobody")

    def diff(self, given, expected):
        got, want = self.parse(given) or [], self.parse(expected) or []
        return [f"{n + 1}. {(want[n] if n < len(want) else got[n])[0]}"
                for n in range(max(len(got), len(want)))
                if (want[n] if n < len(want) else None) != (got[n] if n < len(got) else None)]


NO_LOW_WORDS = ("none", "no qualifying low", "no low", "")
HALVES = ("high", "low")


class HalvesKind(Kind):
    """A high-low pot's two halves: {high: {player: units}, low: {player: units} | none} (Stud
    Hi-Lo). `none` for the low half when no low qualifies (the high half is then the whole pot).
    Each player of each half is a field of its own, named `high Ava`, `low Ben`; a missing low is
    the field `low`."""
    name, widget = "halves", "halves"

    def parse(self, value):
        value = plain(value)
        if not isinstance(value, Mapping) or set(value) - set(HALVES) or "high" not in value:
            return None
        high = units_map(value["high"])
        low = value.get("low")
        if low is None or (isinstance(low, str) and low.strip().lower() in NO_LOW_WORDS):
            low = None
        else:
            written = plain(low)
            low = units_map(low)
            # an empty low half is only read from a map that names its players (a pot of 2 tied for
            # both halves: each player's unit is high, the low half gives nobody anything)
            if low is None or not (low or (isinstance(written, Mapping) and written)):
                return None
        return None if high is None else {"high": high, "low": low}

    def to_json(self, value):
        shape = plain(value)
        if isinstance(shape, Mapping) and shape.get("low") is None:
            return {**shape, "low": "none"}
        return shape

    def _words(self, shape):
        got = self.parse(shape)
        half = lambda units: ", ".join(f"{k} {v}" for k, v in units.items()) or "nobody"
        return f"high: {half(got['high'])}; low: " + (half(got["low"]) if got["low"] is not None else "no qualifying low")

    def diff(self, given, expected):
        got = self.parse(given) or {"high": {}, "low": {}}
        want = self.parse(expected) or {"high": {}, "low": None}
        wrong = [f"high {k}" for k in dict.fromkeys([*want["high"], *got["high"]])
                 if got["high"].get(k, 0) != want["high"].get(k, 0)]
        if (got["low"] is None) != (want["low"] is None):
            return wrong + ["low"]
        mine, theirs = got["low"] or {}, want["low"] or {}
        return wrong + [f"low {k}" for k in dict.fromkeys([*theirs, *mine]) if mine.get(k, 0) != theirs.get(k, 0)]

    def check_written(self, ck, node, seats, what):
        if node.kind != "map" or not set(node.value) <= set(HALVES) or "high" not in node.value:
            ck.add(node, f"{what} should be a mapping with `high` (player -> units) and `low` (player -> "
                         "units, or none when no low qualifies)")
            return
        for half, value in node.value.items():
            if half == "low" and value.kind != "map" and str(value.plain_value()).strip().lower() in NO_LOW_WORDS + ("null",):
                continue
            MapKind().check_written(ck, value, seats, f"{what} {half}")
def _pot_name(n: int) -> str:
    return "main pot" if n == 0 else f"side pot {n}"


class PotsKind(Kind):
    """The pots of a hand, main pot first: [{amount: units, players: [who may win it]}, ...].
    Pot order matters (each side pot is built on the one before); player order within a pot does
    not. Each pot is a field, named `main pot`, `side pot 1` ..."""
    name, widget = "pots", "pots"

    def parse(self, value):
        if not isinstance(value, (list, tuple)):
            return None
        pots = []
        for item in value:
            given = getattr(item, "amount", None)
            players = getattr(item, "players", None)
            if given is None and isinstance(item, Mapping):
                given, players = item.get("amount"), item.get("players")
            exact = amount(given)
            who = names(list(players) if isinstance(players, (tuple, frozenset, set)) else players)
            if exact is None or who is None:
                return None
            pots.append((exact, frozenset(who)))
        return pots

    def to_json(self, value):
        parsed = self.parse(value)
        if parsed is None:
            return plain(value)
        order = {}
        for item in value:     # players as given (the engine's are in seat order)
            players = getattr(item, "players", None)
            if players is None and isinstance(item, Mapping):
                players = item.get("players")
            for p in names(list(players) if isinstance(players, (tuple, frozenset, set)) else players) or []:
                order.setdefault(p, len(order))
        return [{"amount": amounts.plain(units), "players": sorted(who, key=lambda p: order.get(p, 0))}
                for units, who in parsed]

    def _words(self, shape):
        return "; ".join(f"{_pot_name(n)} {amounts.say(amount(pot['amount']))} for {', '.join(pot['players'])}"
                         for n, pot in enumerate(shape)) or "no pot"

    def diff(self, given, expected):
        got, want = self.parse(given) or [], self.parse(expected) or []
        return [_pot_name(n) for n in range(max(len(got), len(want)))
                if (got[n] if n < len(got) else None) != (want[n] if n < len(want) else None)]

    def check_written(self, ck, node, seats, what):
        if node.kind != "seq" or not node.value:
            ck.add(node, f"{what} should be a list of pots, main pot first, each {{amount: units, players: "
                   f"[...]}}, got {ck.describe(node)}")
            return
        for n, item in enumerate(node.value):
            fields = ck.mapping(item, f"{what}, {_pot_name(n)}", ("amount", "players"), ("amount", "players"))
            if not fields:
                continue
            ck.amount(fields.get("amount"), f"{what}, {_pot_name(n)} amount")
            players = fields.get("players")
            if players is not None:
                for entry in ck.sequence(players, f"{what}, {_pot_name(n)} players") or []:
                    ck.player(entry, f"{what}, {_pot_name(n)} players", seats)


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    PlayerKind(), OrderKind(), PlayersKind(), YesNoKind(), MapKind(), UnitsKind(), CategoryKind(),
    CardsKind(), HoldingKind(), TakesKind(), MatchesKind(), HalvesKind(), PotsKind(),
)}
