"""Course content: load lessons and exercises from YAML, validate them, report every problem.

Data flows one way: YAML -> this module's validated model -> engine. Authors read the problems
this module reports, so each one names the file, line and column, quotes the bad input and says
what was expected. Nothing here raises for bad content: `load_exercise`, `load_lesson` and
`load_course` return the problems beside whatever model could be built.

YAML 1.1 (PyYAML) silently turns some text into other things; the loader works on the composed
node tree, which keeps the raw text and position of every scalar, so it can catch:

- duplicate keys (PyYAML keeps the last one without a word);
- unknown keys, with a "did you mean" suggestion;
- `yes`/`no`/`on`/`off` read as booleans where a name is meant (a player called `No`);
- sexagesimal numbers: `3:1` is read as 181;
- cards dealt twice (both places named), unknown players, asks the game does not support;
- illegal actions (through `course.betting`, which names and cites the rule broken);
- ids used twice across the course and lessons that link to missing exercises.
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable

import yaml

from course.cards import Card, CardError

GAMES = ("stud-high", "horn-a-vika", "have-a-heart")
STREETS = ("third", "fourth", "fifth", "sixth", "seventh", "showdown")
BETTING_STREETS = STREETS[:5]
TOPICS = (
    "deal", "forced-bets", "bring-in", "opener", "amounts", "contributions", "best-five",
    "showdown", "shared-card", "relatives", "horn-a-vika", "have-a-heart", "review",
)
# Cards each player holds on a stud-high street when it is dealt normally: (down, up).
STREET_CARDS = {
    "third": (2, 1), "fourth": (2, 2), "fifth": (2, 3), "sixth": (2, 4),
    "seventh": (3, 4), "showdown": (3, 4),
}
STAKE_KEYS = ("ante", "bring_in", "small_bet", "big_bet")
MAX_SEATS = 8

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NAME_PATTERN = re.compile(r"^[^\s,:{}\[\]#]+$")
HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>")

_STR = "tag:yaml.org,2002:str"
_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"
# libyaml's composer when PyYAML was built with it (the same node tree with the same positions,
# about five times faster: it matters for engine-made drills, loaded one by one), else PyYAML's own.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OCTAL_OR_HEX = re.compile(r"^[-+]?0(?:[0-7_]+|x[0-9a-fA-F_]+|b[01_]+)$")


# --------------------------------------------------------------------------------------------
# Problems


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a content file, at a 1-based line and column."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "column": self.column, "message": self.message}


class ContentError(ValueError):
    """Raised only by helpers that must return a valid model (`require_exercise`)."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems) or "invalid content")


# --------------------------------------------------------------------------------------------
# The validated model (docs/architecture.md "The validated exercise model")


@dataclass
class Hand:
    """One player's cards as written in the YAML, in deal order."""

    down: list[Card]
    up: list[Card]
    folded: bool = False

    @property
    def cards(self) -> list[Card]:
        return [*self.down, *self.up]


@dataclass
class Question:
    ask: str
    prompt: str | None
    answer: Any
    explain: str | None
    cite: list[str]
    params: dict[str, Any]
    line: int
    column: int
    marks: dict[str, tuple[int, int]] = field(default_factory=dict)  # key -> (line, column)

    @property
    def has_answer(self) -> bool:
        return self.answer is not None


@dataclass
class Exercise:
    id: str
    title: str
    game: str
    rules: str
    profile: Any
    options: dict[str, Any]
    stakes: Any
    street: str
    seats: list[str]
    hands: dict[str, Hand]
    shared: list[Card]
    pot: int | None
    actions: list[str]
    events: list[str]
    questions: list[Question]
    path: str
    extra: dict[str, Any] = field(default_factory=dict)
    cite: list[str] = field(default_factory=list)
    intro: str | None = None
    line: int = 1
    marks: dict[str, tuple[int, int]] = field(default_factory=dict)  # top-level key -> (line, column)
    stakes_given: dict[str, int] = field(default_factory=dict)  # the exercise's own `stakes:` amounts

    @property
    def folded(self) -> list[str]:
        return [p for p in self.seats if p in self.hands and self.hands[p].folded]

    @property
    def active(self) -> list[str]:
        return [p for p in self.seats if not (p in self.hands and self.hands[p].folded)]


@dataclass
class Deal:
    """A card diagram in a lesson: the same shape as an exercise deal."""

    seats: list[str]
    hands: dict[str, Hand]
    shared: list[Card]
    caption: str | None = None
    street: str | None = None     # the moment drawn, when the lesson names it


@dataclass
class Section:
    heading: str
    text: str
    deal: Deal | None = None
    cite: list[str] = field(default_factory=list)


@dataclass
class Lesson:
    id: str
    title: str
    game: str
    order: int
    topic: str
    summary: str
    sources: list[str]
    sections: list[Section]
    exercises: list[str]
    path: str
    line: int = 1
    exercise_marks: list[tuple[int, int]] = field(default_factory=list)
    marks: dict[str, tuple[int, int]] = field(default_factory=dict)


@dataclass
class Course:
    root: str
    lessons: dict[str, Lesson] = field(default_factory=dict)
    exercises: dict[str, Exercise] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    invalid: dict[str, str] = field(default_factory=dict)  # id -> file, for files with problems

    @property
    def ok(self) -> bool:
        return not self.problems

    def problems_for(self, file: str) -> list[Problem]:
        return [p for p in self.problems if p.file == file]

    def lessons_in_order(self, game: str | None = None) -> list[Lesson]:
        chosen = [l for l in self.lessons.values() if game is None or l.game == game]
        return sorted(chosen, key=lambda l: (GAMES.index(l.game) if l.game in GAMES else 99, l.order))

    def exercises_of(self, lesson: Lesson) -> list[Exercise]:
        return [self.exercises[i] for i in lesson.exercises if i in self.exercises]

    def exercises_for(self, game: str) -> list[Exercise]:
        return [e for e in self.exercises.values() if e.game == game]


# --------------------------------------------------------------------------------------------
# Asks: the questions each game supports, their extra keys and the shape of their answers.
# Answer kinds: player, order (players, order matters), players (order free), yesno, map
# (player -> units), units, cards, category, any (a home-game ask that declares no kind).


@dataclass(frozen=True)
class AskSpec:
    params: dict[str, str]  # extra key -> kind: player, street, action, count, cards, text, int
    answer: str
    required: tuple[str, ...] = ()


STUD_ASKS: dict[str, AskSpec] = {
    "bring_in": AskSpec({}, "player"),
    "opener": AskSpec({"street": "street"}, "player"),
    "action_order": AskSpec({}, "order"),
    "legal_action": AskSpec({"action": "action", "after": "count"}, "yesno", ("action",)),
    "contributions": AskSpec({}, "map"),
    "street_total": AskSpec({}, "units"),
    "best_five": AskSpec({"player": "player"}, "cards", ("player",)),
    "category": AskSpec({"player": "player"}, "category", ("player",)),
    "winners": AskSpec({}, "players"),
    "award": AskSpec({}, "map"),
    "legal_hand": AskSpec({"player": "player", "cards": "cards"}, "yesno", ("player", "cards")),
    "shared_card": AskSpec({}, "yesno"),
}
# The stud asks a home game answers with its final hands unless its module says otherwise.
HOME_STUD_ASKS = ("best_five", "category", "winners", "award", "legal_hand")
_GENERIC_PARAMS = {
    "player": "player", "street": "street", "round": "any", "after": "count", "action": "action",
    "event": "text", "cards": "cards", "card": "cards", "stage": "any", "from": "player",
    "to": "player",
}


def variant_module(game: str) -> ModuleType | None:
    """`course.variants.<game>` for a home game, None for stud-high or when not installed."""
    if game == "stud-high" or game not in GAMES:
        return None
    try:
        return importlib.import_module(f"course.variants.{game.replace('-', '_')}")
    except ImportError:
        return None


def asks_for(game: str) -> dict[str, AskSpec]:
    """Every ask a game supports, with its extra keys and answer kind."""
    if game == "stud-high":
        return dict(STUD_ASKS)
    module = variant_module(game)
    if module is None:
        return {}
    stud = getattr(module, "STUD_ASKS", HOME_STUD_ASKS)
    specs = {ask: STUD_ASKS[ask] for ask in stud if ask in STUD_ASKS}
    declared_params = getattr(module, "ASK_PARAMS", {})
    declared_kinds = getattr(module, "ASK_ANSWERS", {})
    for ask in getattr(module, "ASKS", {}):
        params = declared_params.get(ask)
        if params is None:
            params = _GENERIC_PARAMS
        elif not isinstance(params, dict):
            params = {key: _GENERIC_PARAMS.get(key, "any") for key in params}
        base = STUD_ASKS.get(ask)
        kind = declared_kinds.get(ask, base.answer if base else "any")
        specs[ask] = AskSpec(dict(params), kind)
    return specs


def suggest(word: Any, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' or ''."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    if not close:
        lowered = {str(c).lower(): str(c) for c in choices}
        if str(word).lower() in lowered:
            close = [lowered[str(word).lower()]]
    return f" (did you mean {close[0]!r}?)" if close else ""


# --------------------------------------------------------------------------------------------
# YAML with positions


@dataclass(eq=False)
class Node:
    """A composed YAML node turned into Python values, keeping where it was written."""

    kind: str  # "map", "seq" or "scalar"
    value: Any  # map: dict[key, Node]; seq: list[Node]; scalar: the value PyYAML would give
    line: int
    column: int
    text: str | None = None  # raw scalar text
    tag: str = ""
    plain: bool = False  # an unquoted scalar
    keys: dict[Any, "Node"] = field(default_factory=dict)  # map: key -> the key's own node

    def plain_value(self) -> Any:
        """The value as plain Python (what `yaml.safe_load` would give, first key wins)."""
        if self.kind == "map":
            return {k: v.plain_value() for k, v in self.value.items()}
        if self.kind == "seq":
            return [item.plain_value() for item in self.value]
        return self.value

    def get(self, key: str) -> "Node | None":
        return self.value.get(key) if self.kind == "map" else None


class _Constructor(yaml.constructor.SafeConstructor):
    pass


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Report:
    """Collects the problems of one file."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def add(self, where: Node | tuple[int, int] | None, message: str) -> None:
        if where is None:
            line, column = 1, 1
        elif isinstance(where, Node):
            line, column = where.line, where.column
        else:
            line, column = where
        self.problems.append(Problem(self.file, line, column, message))


def _build(raw: yaml.Node, report: _Report, constructor: _Constructor) -> Node:
    line, column = _mark(raw)
    if isinstance(raw, yaml.ScalarNode):
        try:
            value = constructor.construct_object(raw, deep=True)
        except yaml.YAMLError as exc:
            report.add((line, column), f"{raw.value!r} cannot be read: {getattr(exc, 'problem', exc)}")
            value = raw.value
        plain = not raw.style  # PyYAML marks a plain scalar None, libyaml ""
        if plain and raw.tag in (_INT, _FLOAT) and ":" in raw.value:
            report.add((line, column), f"{raw.value!r} is read by YAML as the sexagesimal (base 60) "
                       f"number {value!r}; quote it ('{raw.value}') if you mean text, or write one number")
        elif plain and raw.tag == _INT and _OCTAL_OR_HEX.match(raw.value):
            report.add((line, column), f"{raw.value!r} is read by YAML as the number {value!r} (a leading 0 "
                       f"means octal, 0x hex, 0b binary); write {int(raw.value.replace('_', ''), 10) if raw.value.replace('_', '').isdigit() else value!r} "
                       f"without the prefix, or quote it ('{raw.value}') if you mean text")
        return Node("scalar", value, line, column, raw.value, raw.tag, plain)
    if isinstance(raw, yaml.SequenceNode):
        return Node("seq", [_build(item, report, constructor) for item in raw.value], line, column, tag=raw.tag)
    items: dict[Any, Node] = {}
    keys: dict[Any, Node] = {}
    for raw_key, raw_value in raw.value:
        if raw_key.tag == _MERGE:
            report.add(_mark(raw_key), "merge keys ('<<') are not supported: write the keys out")
            continue
        key_node = _build(raw_key, report, constructor)
        if key_node.kind != "scalar":
            report.add(key_node, "a key must be plain text, not a list or a mapping")
            continue
        key = key_node.value
        try:
            hash(key)
        except TypeError:
            key = key_node.text
        if key in keys:
            first = keys[key]
            report.add(key_node, f"duplicate key {key_node.text!r}: already given at line {first.line}, "
                       f"column {first.column} (YAML would silently keep only the last one)")
            continue
        keys[key] = key_node
        items[key] = _build(raw_value, report, constructor)
    return Node("map", items, line, column, tag=raw.tag, keys=keys)


def parse_yaml(text: str, file: str) -> tuple[Node | None, list[Problem]]:
    """Compose one YAML document into a `Node` tree; syntax errors become problems."""
    report = _Report(file)
    try:
        loader = LOADER(text)
        try:
            raw = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = " ".join(part for part in (exc.context, exc.problem) if part)
        report.add(where, f"not valid YAML: {what}")
        return None, report.problems
    except yaml.YAMLError as exc:
        report.add((1, 1), f"not valid YAML: {exc}")
        return None, report.problems
    if raw is None:
        report.add((1, 1), "the file is empty: expected a mapping of keys such as 'id' and 'title'")
        return None, report.problems
    return _build(raw, report, _Constructor()), report.problems


# --------------------------------------------------------------------------------------------
# Checking helpers


def _describe(node: Node) -> str:
    if node.kind == "map":
        return "a mapping"
    if node.kind == "seq":
        return "a list"
    if node.tag == _NULL:
        return "nothing (an empty value)"
    return repr(node.text)


class _Checker(_Report):
    def __init__(self, file: str):
        super().__init__(file)
        self._citations: dict[str, Any] | None = None

    # -- shapes
    def mapping(self, node: Node | None, what: str, allowed: Iterable[str],
                required: Iterable[str] = ()) -> dict[str, Node] | None:
        if node is None:
            return None
        if node.kind != "map":
            self.add(node, f"{what} should be a mapping of keys, got {_describe(node)}")
            return None
        allowed = list(allowed)
        result: dict[str, Node] = {}
        for key, value in node.value.items():
            key_node = node.keys[key]
            if not isinstance(key, str):
                self.add(key_node, f"{what}: key {key_node.text!r} is read by YAML as {key!r}, not as text; "
                         f"expected one of {', '.join(allowed)}")
                continue
            if key not in allowed:
                self.add(key_node, f"unknown key {key!r} in {what}{suggest(key, allowed)}; "
                         f"expected one of {', '.join(allowed)}")
                continue
            result[key] = value
        for key in required:
            if key not in result and key not in node.value:
                self.add(node, f"{what} is missing the required key {key!r}")
        return result

    def sequence(self, node: Node | None, what: str) -> list[Node] | None:
        if node is None:
            return None
        if node.kind != "seq":
            self.add(node, f"{what} should be a list, got {_describe(node)}")
            return None
        return node.value

    def text(self, node: Node | None, what: str, *, name: bool = False) -> str | None:
        """A text scalar; `name=True` for names, where YAML's booleans and numbers are traps."""
        if node is None:
            return None
        if node.kind != "scalar":
            self.add(node, f"{what} should be text, got {_describe(node)}")
            return None
        if isinstance(node.value, str):
            return node.value
        if node.tag == _NULL:
            self.add(node, f"{what} is empty: expected text")
            return None
        if node.tag == _BOOL and node.plain:
            self.add(node, f"{what}: {node.text!r} is read by YAML as the boolean {node.value!r}, "
                     f"not as text; quote it ('{node.text}')")
            return None
        if name:
            self.add(node, f"{what}: {node.text!r} is read by YAML as {type(node.value).__name__} "
                     f"{node.value!r}; a name must be text (quote it: '{node.text}')")
            return None
        return node.text if node.text is not None else str(node.value)

    def identifier(self, node: Node | None) -> str | None:
        """An `id`: text in kebab-case, unique across the course (checked when the course loads)."""
        value = self.text(node, "id")
        if value is not None and not ID_PATTERN.match(value):
            self.add(node, f"id {value!r} should be kebab-case: lower-case letters, digits and single hyphens")
        return value

    def integer(self, node: Node | None, what: str, minimum: int = 0) -> int | None:
        if node is None:
            return None
        if node.kind == "scalar" and node.plain and node.tag in (_INT, _FLOAT) and ":" in (node.text or ""):
            return None  # already reported as a sexagesimal number
        value = node.value if node.kind == "scalar" else None
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(node, f"{what} should be a whole number of units, got {_describe(node)}")
            return None
        if value < minimum:
            self.add(node, f"{what} should be at least {minimum}, got {value!r}")
            return None
        return value

    def boolean(self, node: Node | None, what: str) -> bool | None:
        if node is None:
            return None
        if node.kind == "scalar" and isinstance(node.value, bool):
            return node.value
        if node.kind == "scalar" and isinstance(node.value, str) and node.value.lower() in ("yes", "no", "true", "false"):
            return node.value.lower() in ("yes", "true")
        self.add(node, f"{what} should be yes or no, got {_describe(node)}")
        return None

    def cards(self, node: Node | None, where: str) -> list[Card] | None:
        """A card list: YAML list or one space-separated string; every bad card reported."""
        if node is None or (node.kind == "scalar" and node.tag == _NULL):
            return []
        items: list[tuple[Node, str]] = []
        if node.kind == "seq":
            for item in node.value:
                if item.kind != "scalar" or item.text is None:
                    self.add(item, f"{where}: expected a card such as 'A♠' or '10h', got {_describe(item)}")
                    continue
                items.append((item, item.text))
        elif node.kind == "scalar":
            if not isinstance(node.value, str):
                self.add(node, f"{where}: {node.text!r} is not a card list: write cards such as 'A♠ 10♥'")
                return None
            items = [(node, part) for part in node.value.replace(",", " ").split()]
        else:
            self.add(node, f"{where} should be a card list such as 'A♠ 10♥' or [A♠, 10♥], got a mapping")
            return None
        cards: list[Card] = []
        ok = True
        for item, text in items:
            try:
                cards.append(Card.parse(text))
            except CardError as exc:
                ok = False
                self.add(item, f"{where}: {exc}")
        return cards if ok else None

    def player(self, node: Node | None, what: str, seats: list[str]) -> str | None:
        name = self.text(node, what, name=True)
        if name is None:
            return None
        if seats and name not in seats:
            self.add(node, f"{what}: unknown player {name!r}{suggest(name, seats)}; the seats are "
                     f"{', '.join(seats)}")
            return None
        return name

    # -- citations
    def citation_keys(self) -> dict[str, Any] | None:
        if self._citations is None:
            try:
                from course import rules

                self._citations = dict(rules.citations())
            except Exception:  # registry not available: citations cannot be checked
                self._citations = {}
        return self._citations or None

    def cites(self, node: Node | None, what: str) -> list[str]:
        if node is None:
            return []
        items = [node] if node.kind == "scalar" else self.sequence(node, what) or []
        known = self.citation_keys()
        keys: list[str] = []
        for item in items:
            key = self.text(item, what)
            if key is None:
                continue
            if known is not None and key not in known:
                self.add(item, f"{what}: {key!r} is not in the citation registry "
                         f"(course/rules/citations.yaml){suggest(key, known)}")
                continue
            keys.append(key)
        return keys


# --------------------------------------------------------------------------------------------
# Deals (shared by exercises and lesson diagrams)


def _check_deal(ck: _Checker, top: dict[str, Node], what: str, game: str | None,
                street: str | None, require_all: bool = True) -> tuple[list[str], dict[str, Hand], list[Card]]:
    seats: list[str] = []
    rejected: set[str | None] = set()  # seat names already reported: not reported again in hands
    seat_nodes = ck.sequence(top.get("seats"), f"{what} 'seats'")
    if seat_nodes is not None:
        for item in seat_nodes:
            name = ck.text(item, "seat", name=True)
            if name is None:
                rejected.add(item.text)
                continue
            if not NAME_PATTERN.match(name):
                rejected.add(name)
                ck.add(item, f"seat {name!r}: a player name is one word without spaces or punctuation "
                       "such as ',' ':' '#' (actions are written '<player> <verb>')")
                continue
            if name in seats:
                ck.add(item, f"seat {name!r} is listed twice")
                continue
            seats.append(name)
        if len(seat_nodes) and not 2 <= len(seats) <= MAX_SEATS and len(seats) == len(seat_nodes):
            ck.add(top["seats"], f"{what}: {len(seats)} seats; a stud table has 2 to {MAX_SEATS} players")

    hands: dict[str, Hand] = {}
    places: list[tuple[str, Card, Node]] = []
    counted: list[tuple[Node, str]] = []
    hands_node = top.get("hands")
    hand_map = None
    if hands_node is not None:
        if hands_node.kind != "map":
            ck.add(hands_node, f"{what} 'hands' should be a mapping of player -> {{down, up}}, got {_describe(hands_node)}")
        else:
            hand_map = hands_node
    if hand_map is not None:
        for key, value in hand_map.value.items():
            key_node = hand_map.keys[key]
            if isinstance(key, str) and key in rejected:
                continue
            player = ck.player(key_node, "hands", seats)
            fields = ck.mapping(value, f"the hand of {key_node.text!r}", ("down", "up", "folded"))
            if player is None or fields is None:
                continue
            down = ck.cards(fields.get("down"), f"{player} down")
            up = ck.cards(fields.get("up"), f"{player} up")
            folded = bool(ck.boolean(fields.get("folded"), f"{player} folded"))
            hands[player] = Hand(down or [], up or [], folded)
            if down is None or up is None:
                continue  # bad cards already reported: counting them would only repeat it
            for side in ("down", "up"):
                node = fields.get(side)
                for card, item in zip(getattr(hands[player], side), _card_nodes(node)):
                    places.append((f"{player} {side}", card, item))
            counted.append((value, player))
        for seat in seats if require_all else ():
            if seat not in hands and seat not in {str(k) for k in hand_map.value}:
                ck.add(hand_map, f"seat {seat!r} has no hand: add '{seat}: {{up: ...}}' "
                       f"(or '{seat}: {{folded: true}}' for a player already out)")
    shared_node = top.get("shared")
    shared = ck.cards(shared_node, "shared") or []
    for card, item in zip(shared, _card_nodes(shared_node)):
        places.append(("the shared card", card, item))
    if game == "stud-high" and street in STREET_CARDS:
        for value, player in counted:
            _check_counts(ck, value, player, hands[player], street, bool(shared))
    seen: dict[Card, str] = {}
    for place, card, item in places:
        if card in seen:
            ck.add(item, f"{str(card)!r} is dealt twice: {seen[card]} and {place}")
        else:
            seen[card] = place
    hands = {p: hands[p] for p in seats if p in hands}  # the model keeps hands in seat order
    return seats, hands, shared


def _check_shared_card(ck: _Checker, node: Node, hands: dict[str, Hand], profile: Any) -> None:
    """A shared seventh card only when the deck runs short (the profile's `shared_card` rule)."""
    from course import table

    live = [p for p, h in hands.items() if not h.folded]
    if not live:  # no hands to count (a broken `seats` or `hands` is reported on its own)
        return
    left = table.cards_left_before_seventh({p: (h.down, h.up) for p, h in hands.items()})
    verdict = table.needs_shared_card(live, profile, cards_left=left)
    if not verdict.value:
        cites = " ".join(f"[{key}]" for key in verdict.citations)
        ck.add(node, f"a shared seventh card is dealt only when the deck runs short, but {left} cards are "
               f"left for the {len(live)} players still in: deal each a seventh card instead {cites}")


def _card_nodes(node: Node | None) -> list[Node]:
    """The node to blame for each card of a card list (the list item, or the whole string)."""
    if node is None:
        return []
    if node.kind == "seq":
        return list(node.value)
    if node.kind == "scalar" and isinstance(node.value, str):
        return [node] * len(node.value.replace(",", " ").split())
    return []


def _check_counts(ck: _Checker, node: Node, player: str, hand: Hand, street: str, shared: bool) -> None:
    """Stud high: the number of cards a hand shows on its street (HPD "The deal timeline")."""
    down, up = STREET_CARDS[street]
    if shared and street in ("seventh", "showdown"):
        down = 2  # the shared card replaces everyone's seventh card
    cite = '[HPD "The deal timeline"]'
    if hand.folded:
        if len(hand.up) > up or len(hand.down) > down:
            ck.add(node, f"{player} folded but holds {len(hand.down)} down and {len(hand.up)} up: by "
                   f"{street} street nobody has more than {down} down and {up} up {cite}")
        return
    if len(hand.up) != up:
        ck.add(node, f"{player} shows {len(hand.up)} up card(s); on {street} street a player still in "
               f"shows {up} {cite}")
    if hand.down and len(hand.down) != down:
        ck.add(node, f"{player} has {len(hand.down)} down card(s); on {street} street a player still in "
               f"has {down} (or leave 'down' out when the question does not need them) {cite}")


# --------------------------------------------------------------------------------------------
# Exercises

EXERCISE_KEYS = (
    "id", "title", "game", "rules", "options", "stakes", "street", "seats", "hands", "shared",
    "pot", "actions", "events", "questions", "cite", "intro",
)
QUESTION_KEYS = ("ask", "prompt", "answer", "explain", "cite")


def _rel(path: Path | str, root: Path | None) -> str:
    path = Path(path)
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    return path.as_posix()


def _read(path: Path, file: str) -> tuple[str | None, list[Problem]]:
    try:
        return path.read_text(encoding="utf-8"), []
    except UnicodeDecodeError as exc:
        return None, [Problem(file, 1, 1, f"not UTF-8 text: {exc.reason} at byte {exc.start}")]
    except OSError as exc:
        return None, [Problem(file, 1, 1, f"cannot read the file: {exc.strerror or exc}")]


def _parse_with(build: Callable[["_Checker", Node], Any], text: str, file: str) -> tuple[Any, list[Problem]]:
    """Parse YAML text and build its model with `build`; every problem, sorted by position."""
    node, problems = parse_yaml(text, file)
    if node is None:
        return None, problems
    ck = _Checker(file)
    ck.problems.extend(problems)
    try:
        model = build(ck, node)
    except Exception as exc:  # a bug here must not stop the other files
        ck.add(node, f"internal error while checking this file: {type(exc).__name__}: {exc}")
        model = None
    return model, sorted(ck.problems, key=lambda p: (p.line, p.column))


def _load_with(parse: Callable[[str, str], tuple[Any, list[Problem]]], path: Path | str,
               root: Path | str | None) -> tuple[Any, list[Problem]]:
    path = Path(path)
    file = _rel(path, Path(root) if root else None)
    text, problems = _read(path, file)
    if text is None:
        return None, problems
    return parse(text, file)


def load_exercise(path: Path | str, root: Path | str | None = None) -> tuple[Exercise | None, list[Problem]]:
    """Read and validate one exercise file: the model (None when unusable) and every problem."""
    return _load_with(parse_exercise, path, root)


def parse_exercise(text: str, file: str = "<exercise>") -> tuple[Exercise | None, list[Problem]]:
    """Validate exercise YAML given as text (a pasted or uploaded file)."""
    return _parse_with(_exercise, text, file)


def _exercise(ck: _Checker, node: Node) -> Exercise | None:
    game_node = node.get("game")
    game = ck.text(game_node, "game") if game_node is not None else None
    variant = None
    if game is not None and game not in GAMES:
        ck.add(game_node, f"unknown game {game!r}{suggest(game, GAMES)}; expected one of {', '.join(GAMES)}")
        game = None
    elif game is not None and game != "stud-high":
        variant = variant_module(game)
        if variant is None:
            ck.add(game_node, f"the engine for {game!r} (course.variants.{game.replace('-', '_')}) is not available")
    allowed = list(EXERCISE_KEYS) + list(getattr(variant, "EXERCISE_KEYS", ()))
    top = ck.mapping(node, "the exercise", allowed, ("id", "title", "game", "street", "seats", "hands", "questions"))
    if top is None:
        return None
    exercise_id = ck.identifier(top.get("id"))
    title = ck.text(top.get("title"), "title")
    street = ck.text(top.get("street"), "street")
    if street is not None and street not in STREETS:
        ck.add(top["street"], f"unknown street {street!r}{suggest(street, STREETS)}; expected one of {', '.join(STREETS)}")
        street = None

    deal_start = len(ck.problems)
    profile, rules_name, options, stakes, stakes_given = _rules(ck, top, game)
    seats, hands, shared = _check_deal(ck, top, "the exercise", game, street)
    if game == "stud-high" and len(shared) > 1:
        ck.add(top["shared"], f"stud high has at most one shared card, got {len(shared)} [HPD \"The rare shared seventh card is an exception\"]")
    if game == "stud-high" and shared and street in ("seventh", "showdown") and profile is not None:
        _check_shared_card(ck, top["shared"], hands, profile)
    pot = ck.integer(top.get("pot"), "pot")

    actions: list[str] = []
    action_nodes = ck.sequence(top.get("actions"), "actions") or []
    for item in action_nodes:
        action = ck.text(item, "action")
        if action is not None:
            actions.append(action)
    events: list[str] = []
    event_nodes = ck.sequence(top.get("events"), "events") or []
    for item in event_nodes:
        event = ck.text(item, "event")
        if event is not None:
            events.append(event)
    if top.get("events") is not None and game == "stud-high":
        ck.add(top["events"], "'events' belong to home games (horn-a-vika, have-a-heart); stud high uses 'actions'")
    if top.get("actions") is not None and variant is not None and not hasattr(variant, "check_actions"):
        ck.add(top["actions"], f"{game} writes its betting as 'events' (see 'Home-game events' in exercises/README.md), "
               "not as 'actions'")

    deal_ok = len(ck.problems) == deal_start  # the deal is sound: its actions and events can be replayed
    cite = ck.cites(top.get("cite"), "cite")
    intro = ck.text(top.get("intro"), "intro")
    extra = {k: v.plain_value() for k, v in top.items() if k in getattr(variant, "EXERCISE_KEYS", ())}

    questions = _questions(ck, top.get("questions"), game, seats, street, len(actions))
    if pot is None and game == "stud-high" and any(q.ask == "award" for q in questions):
        ask_node = next(i for i in top["questions"].value if i.kind == "map" and i.get("ask") is not None
                        and i.get("ask").value == "award")
        ck.add(ask_node, "an 'award' question needs the exercise's 'pot' (the units being awarded)")

    if game is None or street is None or profile is None:
        for item in action_nodes:  # no replay possible, but each action can still be read
            _action_text(ck, item, seats)
        return None
    exercise = Exercise(
        id=exercise_id or "", title=title or "", game=game, rules=rules_name, profile=profile, options=options,
        stakes=stakes, street=street, seats=seats, hands=hands, shared=shared, pot=pot,
        actions=actions, events=events, questions=questions, path=ck.file, extra=extra, cite=cite,
        intro=intro, line=node.line, marks={k: (v.line, v.column) for k, v in top.items()},
        stakes_given=stakes_given,
    )
    if len(actions) == len(action_nodes) and deal_ok:
        _check_actions(ck, exercise, action_nodes, top.get("actions"), replay=True)
    else:
        _check_actions(ck, exercise, action_nodes, top.get("actions"), replay=False)
    if variant is not None and len(events) == len(event_nodes) and deal_ok:
        _check_events(ck, exercise, variant, event_nodes, top.get("events") or node, top)
    return exercise if exercise_id is not None and title is not None else None


def _rules(ck: _Checker, top: dict[str, Node], game: str | None):
    """Profile, profile name, options and stakes of an exercise."""
    from course import rules

    rules_node = top.get("rules")
    name = ck.text(rules_node, "rules")
    base = None
    if game is not None:
        known = rules.profile_names(game)
        if name is None and rules_node is None:
            try:
                base = rules.default_profile(game)
                name = base.name
            except ValueError as exc:
                ck.add(top.get("game"), f"no default rule profile: {exc}")
        elif name is not None and name not in known:
            others = [n for n in rules.profile_names() if n not in known]
            hint = f" ({name!r} is a profile of another game)" if name in others else suggest(name, known)
            ck.add(rules_node, f"unknown rule profile {name!r} for {game}{hint}; expected one of {', '.join(known)}")
        elif name is not None:
            base = rules.load_profile(name)
    options: dict[str, Any] = {}
    options_node = top.get("options")
    if options_node is not None and not (options_node.kind == "scalar" and options_node.tag == _NULL):
        allowed = list(base.options) if base is not None else list(rules.option_schema())
        fields = ck.mapping(options_node, "options", allowed)
        for key, value in (fields or {}).items():
            raw = value.plain_value()
            try:
                rules.load_profile(base.name, {key: raw}) if base is not None else None
            except ValueError as exc:
                hint = ""
                if value.kind == "scalar" and value.tag == _BOOL and value.plain:
                    hint = (f" ({value.text!r} is read by YAML as the boolean {value.value!r}; "
                            f"quote it ('{value.text}') if you mean the word)")
                ck.add(value, f"options: {exc}{hint}")
                continue
            options[key] = raw
    stake_fields = ck.mapping(top.get("stakes"), "stakes", STAKE_KEYS)
    changes = {}
    for key, value in (stake_fields or {}).items():
        amount = ck.integer(value, f"stakes {key}")
        if amount is not None:
            changes[key] = amount
    # The exercise's stakes replace the profile's amounts, so engine code reading either agrees.
    profile = base.with_overrides({**options, **changes}) if base is not None else None
    stakes = profile.stakes if profile is not None else None
    return profile, name, options, stakes, changes


def _questions(ck: _Checker, node: Node | None, game: str | None, seats: list[str], street: str | None,
               n_actions: int) -> list[Question]:
    items = ck.sequence(node, "questions")
    if items is None:
        return []
    if not items:
        ck.add(node, "questions is empty: an exercise asks at least one question")
    specs = asks_for(game) if game else {}
    questions: list[Question] = []
    for item in items:
        ask_node = item.get("ask") if item.kind == "map" else None
        ask = ck.text(ask_node, "ask") if ask_node is not None else None
        spec = specs.get(ask) if ask else None
        if ask is not None and spec is None and game is not None:
            supported = list(specs)
            ck.add(ask_node, f"ask {ask!r} is not supported for {game}{suggest(ask, supported)}; "
                   f"expected one of {', '.join(supported) or '(none: the game engine is missing)'}")
        allowed = list(QUESTION_KEYS) + list(spec.params if spec else ())
        fields = ck.mapping(item, f"question {ask!r}" if ask else "a question", allowed,
                            ("ask",) + (spec.required if spec else ()))
        if fields is None or ask is None or (spec is None and game is not None):
            continue
        prompt = ck.text(fields.get("prompt"), "prompt")
        explain = ck.text(fields.get("explain"), "explain")
        cite = ck.cites(fields.get("cite"), "cite")
        params: dict[str, Any] = {}
        for key, kind in (spec.params.items() if spec else ()):
            if key in fields:
                value = _param(ck, fields[key], key, kind, seats, n_actions)
                if kind == "street" and value is not None and street in STREET_CARDS and \
                        STREET_CARDS[value][1] > STREET_CARDS[street][1]:
                    # A later street is fine only while it adds no face-up card (sixth -> seventh).
                    ck.add(fields[key], f"{key}: on {value} street each player shows {STREET_CARDS[value][1]} "
                           f"up cards, but the deal has only reached {street} street")
                    value = None
                if value is not None:
                    params[key] = value
        answer_node = fields.get("answer")
        answer = None
        if answer_node is not None and not (answer_node.kind == "scalar" and answer_node.tag == _NULL):
            answer = answer_node.plain_value()
            if spec is not None:
                _check_answer(ck, answer_node, spec.answer, seats, f"answer to {ask!r}")
        marks = {str(k): (v.line, v.column) for k, v in item.value.items()}
        questions.append(Question(ask, prompt, answer, explain, cite, params, item.line, item.column, marks))
    return questions


def _param(ck: _Checker, node: Node, key: str, kind: str, seats: list[str], n_actions: int) -> Any:
    if kind == "player":
        return ck.player(node, key, seats)
    if kind == "street":
        street = ck.text(node, key)
        if street is not None and street not in STREETS:
            ck.add(node, f"unknown street {street!r}{suggest(street, STREETS)}; expected one of {', '.join(STREETS)}")
            return None
        return street
    if kind == "count":
        count = ck.integer(node, key)
        if count is not None and count > n_actions:
            ck.add(node, f"{key}: {count} actions cannot have happened: the exercise lists {n_actions}")
            return None
        return count
    if kind == "action":
        return _action_text(ck, node, seats)
    if kind == "cards":
        cards = ck.cards(node, key)
        if cards is not None and len(set(cards)) != len(cards):
            ck.add(node, f"{key}: a card is listed twice")
        return [str(c) for c in cards] if cards is not None else None
    if kind == "int":
        return ck.integer(node, key)
    if kind == "text":
        return ck.text(node, key)
    return node.plain_value()


def _action_text(ck: _Checker, node: Node, seats: list[str]) -> str | None:
    text = ck.text(node, "action")
    if text is None:
        return None
    try:
        from course import betting

        action = betting.Action.parse(text)
    except ImportError:
        return text
    except ValueError as exc:
        message = _reason(exc)
        ck.add(node, message if message.startswith(repr(text)) else f"{text!r}: {message}")
        return None
    player = getattr(action, "player", None)
    if seats and player is not None and player not in seats:
        ck.add(node, f"{text!r}: unknown player {player!r}{suggest(player, seats)}; the seats are {', '.join(seats)}")
        return None
    return text


def _reason(exc: Exception) -> str:
    reason = getattr(exc, "reason", None) or str(exc)
    cite = getattr(exc, "cite", None)
    if isinstance(cite, str):
        cite = [cite]
    refs = " ".join(f"[{key}]" for key in (cite or ()) if f"[{key}]" not in reason)
    return f"{reason} {refs}".rstrip()


def _check_answer(ck: _Checker, node: Node, kind: str, seats: list[str], what: str) -> None:
    if kind == "player":
        ck.player(node, what, seats)
    elif kind in ("order", "players"):
        items = ck.sequence(node, what)
        names: list[str] = []
        for item in items or ():
            name = ck.player(item, what, seats)
            if name in names:
                ck.add(item, f"{what}: {name!r} is listed twice")
            elif name is not None:
                names.append(name)
    elif kind == "yesno":
        ck.boolean(node, what)
    elif kind == "map":
        if node.kind != "map":
            ck.add(node, f"{what} should be a mapping of player -> units, got {_describe(node)}")
            return
        for key, value in node.value.items():
            ck.player(node.keys[key], what, seats)
            ck.integer(value, f"{what} for {node.keys[key].text!r}")
    elif kind == "units":
        ck.integer(node, what)
    elif kind == "cards":
        cards = ck.cards(node, what)
        if cards is not None and len(set(cards)) != len(cards):
            ck.add(node, f"{what}: a card is listed twice")
    elif kind == "category":
        label = ck.text(node, what)
        if label is not None:
            from course.hands import Category

            try:
                Category.from_label(label)
            except ValueError as exc:
                ck.add(node, f"{what}: {exc}")


def _check_actions(ck: _Checker, exercise: Exercise, nodes: list[Node], list_node: Node | None,
                   replay: bool = True) -> None:
    """Parse every action, then replay them with the betting engine; illegal ones are reported."""
    if not nodes:
        return
    parsed_ok = True
    for item in nodes:
        if item.kind == "scalar" and isinstance(item.value, str) and _action_text(ck, item, exercise.seats) is None:
            parsed_ok = False
    if not parsed_ok or not replay:
        return
    variant = variant_module(exercise.game)
    if variant is not None and hasattr(variant, "check_actions"):
        for index, message in variant.check_actions(exercise):
            where = nodes[index] if isinstance(index, int) and 0 <= index < len(nodes) else list_node
            ck.add(where, message)
        return
    if exercise.street not in BETTING_STREETS:
        ck.add(list_node, f"actions are the betting of one street; {exercise.street!r} has no betting")
        return
    try:
        from course import betting
    except ImportError:
        return
    replay = getattr(betting, "replay_street", None)
    if replay is None:
        return
    try:
        replay(exercise.street, exercise.seats, exercise.hands, exercise.actions, exercise.profile,
               exercise.stakes, folded=tuple(exercise.folded))
    except ValueError as exc:
        index = getattr(exc, "index", None)
        if index is None:
            index = _failing_index(exc, exercise.actions)
        where = nodes[index] if isinstance(index, int) and 0 <= index < len(nodes) else list_node
        text = exercise.actions[index] if isinstance(index, int) and 0 <= index < len(nodes) else None
        message = _reason(exc)
        ck.add(where, f"{text!r}: {message}" if text and not message.startswith(repr(text)) else message)


def _failing_index(exc: Exception, actions: list[str]) -> int | None:
    action = getattr(exc, "action", None)
    if action is not None:
        for index, text in enumerate(actions):
            if text == str(action) or text == getattr(action, "text", None):
                return index
    message = str(exc)
    for index, text in enumerate(actions):
        if repr(text) in message or text in message:
            return index
    return None


def _check_events(ck: _Checker, exercise: Exercise, variant: ModuleType, nodes: list[Node], where: Node,
                  top: dict[str, Node]) -> None:
    parse = getattr(variant, "parse_event", None)
    if parse is not None:
        bad = False
        for text, item in zip(exercise.events, nodes):
            try:
                parse(text)
            except ValueError as exc:
                bad = True
                ck.add(item, f"{text!r}: {_reason(exc)}" if repr(text) not in str(exc) else _reason(exc))
        if bad:
            return
    check = getattr(variant, "check_events", None) or getattr(variant, "final_hands", None)
    if check is None:
        return
    try:
        result = check(exercise)
    except ValueError as exc:
        index = getattr(exc, "index", None)
        target = nodes[index] if isinstance(index, int) and 0 <= index < len(nodes) else where
        ck.add(target, _reason(exc))
        return
    if check is getattr(variant, "check_events", None) and result:
        for index, message in result:
            target = nodes[index] if isinstance(index, int) and 0 <= index < len(nodes) else None
            if target is None:  # a problem with the table itself: blame the key it names, if any
                key = str(message).split(":", 1)[0]
                target = top.get(key) if key in top else where
            ck.add(target, message)


def with_profile(exercise: Exercise, name: str) -> Exercise:
    """The same deal under another rule profile of its game, keeping its own options and stakes."""
    from course import rules

    known = rules.profile_names(exercise.game)
    if name not in known:
        raise ValueError(f"unknown rule profile {name!r} for {exercise.game}{suggest(name, known)}; "
                         f"expected one of {', '.join(known)}")
    profile = rules.load_profile(name).with_overrides({**exercise.options, **exercise.stakes_given})
    return dataclasses.replace(exercise, rules=name, profile=profile, stakes=profile.stakes)


def require_exercise(path: Path | str) -> Exercise:
    """Load an exercise that must be valid (tests, the app's fixtures); raise ContentError if not."""
    exercise, problems = load_exercise(path)
    if problems or exercise is None:
        raise ContentError(problems)
    return exercise


# --------------------------------------------------------------------------------------------
# Lessons

LESSON_KEYS = ("id", "title", "game", "order", "topic", "summary", "sources", "sections", "exercises")
SECTION_KEYS = ("heading", "text", "deal", "cite")
DEAL_KEYS = ("seats", "hands", "shared", "caption", "street")


def load_lesson(path: Path | str, root: Path | str | None = None) -> tuple[Lesson | None, list[Problem]]:
    """Read and validate one lesson file: the model (None when unusable) and every problem."""
    return _load_with(parse_lesson, path, root)


def parse_lesson(text: str, file: str = "<lesson>") -> tuple[Lesson | None, list[Problem]]:
    """Validate lesson YAML given as text (a pasted or uploaded file)."""
    return _parse_with(_lesson, text, file)


def _lesson(ck: _Checker, node: Node) -> Lesson | None:
    top = ck.mapping(node, "the lesson", LESSON_KEYS, ("id", "title", "game", "order", "topic", "summary", "sections"))
    if top is None:
        return None
    lesson_id = ck.identifier(top.get("id"))
    title = ck.text(top.get("title"), "title")
    game = ck.text(top.get("game"), "game")
    if game is not None and game not in GAMES:
        ck.add(top["game"], f"unknown game {game!r}{suggest(game, GAMES)}; expected one of {', '.join(GAMES)}")
    order = ck.integer(top.get("order"), "order", minimum=1)
    topic = ck.text(top.get("topic"), "topic")
    if topic is not None and topic not in TOPICS:
        ck.add(top["topic"], f"unknown topic {topic!r}{suggest(topic, TOPICS)}; expected one of {', '.join(TOPICS)}")
    summary = ck.text(top.get("summary"), "summary")
    sources = ck.cites(top.get("sources"), "sources")
    sections: list[Section] = []
    section_nodes = ck.sequence(top.get("sections"), "sections")
    if section_nodes is not None and not section_nodes:
        ck.add(top["sections"], "sections is empty: a lesson has at least one section")
    for item in section_nodes or ():
        fields = ck.mapping(item, "a section", SECTION_KEYS, ("heading", "text"))
        if fields is None:
            continue
        heading = ck.text(fields.get("heading"), "heading")
        text = ck.text(fields.get("text"), "text")
        if text is not None:
            for match in HTML_TAG.finditer(text):
                ck.add(fields["text"], f"text: raw HTML {match.group(0)!r} is not allowed; write markdown")
                break
        deal = None
        deal_fields = ck.mapping(fields.get("deal"), "the deal", DEAL_KEYS, ("seats", "hands"))
        if deal_fields is not None:
            street = ck.text(deal_fields.get("street"), "street")
            if street is not None and street not in STREETS:
                ck.add(deal_fields["street"], f"unknown street {street!r}{suggest(street, STREETS)}")
            counted_game = game if street in STREET_CARDS else None  # a diagram of one moment: count its cards
            seats, hands, shared = _check_deal(ck, deal_fields, "the deal", counted_game, street, require_all=False)
            deal = Deal(seats, hands, shared, ck.text(deal_fields.get("caption"), "caption"),
                        street if street in STREET_CARDS else None)
        cite = ck.cites(fields.get("cite"), "cite")
        if heading is not None and text is not None:
            sections.append(Section(heading, text, deal, cite))
    exercises: list[str] = []
    marks: list[tuple[int, int]] = []
    for item in ck.sequence(top.get("exercises"), "exercises") or ():
        ref = ck.text(item, "exercise id")
        if ref is None:
            continue
        if ref in exercises:
            ck.add(item, f"exercise {ref!r} is listed twice")
            continue
        exercises.append(ref)
        marks.append((item.line, item.column))
    if None in (lesson_id, title, game, order, topic, summary) or game not in GAMES or topic not in TOPICS:
        return None
    return Lesson(lesson_id, title, game, order, topic, summary, sources, sections, exercises,
                  ck.file, node.line, marks, {k: (v.line, v.column) for k, v in top.items()})


# --------------------------------------------------------------------------------------------
# The whole course


def content_files(paths: Iterable[Path | str]) -> list[Path]:
    """YAML files under the given files and folders, in a stable order."""
    found: list[Path] = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()))
        else:
            found.append(path)
    return found


def is_lesson_file(path: Path) -> bool:
    """Lessons live under a `lessons` folder; anything else is read as an exercise."""
    return "lessons" in Path(path).parts[:-1]


def load_files(paths: Iterable[Path | str], root: Path | str | None = None,
               known_exercises: Iterable[str] = ()) -> Course:
    """Load the given files and folders, then run the course-wide checks over them.

    `known_exercises` are ids that exist elsewhere (e.g. the course at the repository root), so a
    lesson checked on its own may still link to them.
    """
    root_path = Path(root) if root else None
    course = Course(str(root_path or "."))
    ids: dict[str, tuple[str, int, int]] = {}
    for path in content_files(paths):
        lesson = is_lesson_file(path)
        if not path.exists():
            course.problems.append(Problem(_rel(path, root_path), 1, 1, "no such file or folder"))
            continue
        model, problems = (load_lesson if lesson else load_exercise)(path, root_path)
        file = _rel(path, root_path)
        course.files.append(file)
        course.problems.extend(problems)
        if model is None:
            continue
        if model.id in ids:
            first_file, line, column = ids[model.id]
            course.problems.append(Problem(file, *_id_mark(model), f"id {model.id!r} is already used by "
                                           f"{first_file}:{line}:{column}; ids are unique across the course"))
            continue
        ids[model.id] = (file, *_id_mark(model))
        if problems:
            course.invalid[model.id] = file  # known, so links to it are not reported as missing
        elif isinstance(model, Lesson):
            course.lessons[model.id] = model
        else:
            course.exercises[model.id] = model
    known = set(course.exercises) | set(course.invalid) | set(known_exercises)
    orders: dict[tuple[str, int], Lesson] = {}
    for lesson in course.lessons.values():
        for ref, (line, column) in zip(lesson.exercises, lesson.exercise_marks):
            if ref not in known:
                course.problems.append(Problem(lesson.path, line, column, f"exercise {ref!r} does not exist"
                                               f"{suggest(ref, known)}"))
            elif ref in course.lessons:
                course.problems.append(Problem(lesson.path, line, column, f"{ref!r} is a lesson, not an exercise"))
        key = (lesson.game, lesson.order)
        if key in orders:
            course.problems.append(Problem(lesson.path, *_order_mark(lesson), f"order {lesson.order} is already "
                                           f"used by lesson {orders[key].id!r} ({orders[key].path}) in {lesson.game}"))
        else:
            orders[key] = lesson
    return course


def _id_mark(model: Exercise | Lesson) -> tuple[int, int]:
    return model.marks.get("id", (model.line, 1))


def _order_mark(lesson: Lesson) -> tuple[int, int]:
    return lesson.marks.get("order", (lesson.line, 1))


def find_root(start: Path | str | None = None) -> Path:
    """The repository root: the nearest folder up from `start` (or this package) with lessons/ or exercises/."""
    candidates = [Path(start).resolve()] if start else []
    candidates.append(Path(__file__).resolve().parent.parent)
    for base in candidates:
        for folder in (base, *base.parents):
            if (folder / "exercises").is_dir() or (folder / "lessons").is_dir():
                return folder
    return candidates[-1]


def load_course(root: Path | str | None = None) -> Course:
    """Every lesson (lessons/) and exercise (exercises/) under `root`; never raises for bad content."""
    root_path = Path(root) if root else find_root()
    folders = [root_path / "lessons", root_path / "exercises"]
    return load_files([f for f in folders if f.is_dir()], root_path)
