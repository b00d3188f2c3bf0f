"""Real hand histories: read and write the PHH format, and say what the course can take from one.

PHH (the poker hand history format of the University of Toronto Computer Poker Student Research
Group, which pokerkit reads and writes) is TOML: required fields (`variant`, `antes`,
`bring_in`, `small_bet`, `big_bet`, `starting_stacks`, `actions`, and `blinds_or_straddles` or
`min_bet` for other games) and optional ones (`author`, `event`, `players`, `winnings`, ...).
Each action is one string:

    d dh p1 7c2d4h     the dealer deals player 1 cards (a stud deal: the third is face up)
    d db 9s            the dealer deals a card to the board (in stud: a shared card)
    p1 pb              player 1 posts the bring-in
    p2 cbr 4           player 2 completes, bets or raises to 4 (the player's total this round)
    p3 cc              player 3 checks or calls
    p1 f               player 1 folds
    p2 sm 7c2d         player 2 shows (cards) or mucks (no cards); '-' shows the cards dealt
    p2 sd 7c           player 2 discards (draw games only)
    # a comment        a no-op; any action may end with '# commentary'

`read_phh(path)` / `parse_phh(text, source)` give a `PhhHand`, a plain model that keeps every
field, the action strings' commentary and the line each action sits on. `write_phh(hand)` gives
the text back (required fields first, one action a line, then the optional fields in the file's
order); reading what it writes gives the same hand. Bad input raises `PhhError` naming the file,
the line and what was expected.

`stud_hand(hand)` reads a stud-family hand (`F7S` stud high, `FR` razz, `F7S/8` stud
high-low) as the course writes a deal: named seats, each player's hole and face-up cards street by
street, and the moves in the course's own words ('Ann brings in', 'Bob completes to 4'). It
refuses, with a `PhhRefusal` that names the line and says why, what the course cannot express
yet: unknown cards (`??`; with `unknown=True`, those of a player who never shows them
are taken), a player all in (unless `all_in=True`: an exercise format with stacks), amounts that are not whole units, antes that differ
between players, games outside the stud family. `stud_to_phh(deal)` writes such a hand back out
as PHH (stacks the course does not know are written `inf`), so PHH -> course -> PHH is the same
hand.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from course.cards import Card, CardError, Rank, Suit
from course.errors import CourseError
from course.games import find_game

STUD_VARIANTS = {"F7S": "stud-high", "FR": "razz", "F7S/8": "stud-hi-lo"}
VARIANTS = ("FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")
# The required fields in the specification's order; which of them a variant needs.
REQUIRED = ("variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
            "starting_stacks", "actions")
_NEEDS = {
    **dict.fromkeys(("FT", "FO/8", "F2L3D", "FB"), ("antes", "blinds_or_straddles", "small_bet", "big_bet")),
    **dict.fromkeys(("NT", "NS", "PO", "N2L1D"), ("antes", "blinds_or_straddles", "min_bet")),
    **dict.fromkeys(("F7S", "F7S/8", "FR"), ("antes", "bring_in", "small_bet", "big_bet")),
}
# The seven-card deal the PHH stud variants share, from its game spec: the betting streets, and a
# player's cards in the order dealt, face up or down (two hole cards and a door card, three face
# up, one down).
STUD_STREETS = find_game(STUD_VARIANTS["F7S"]).betting_streets
STUD_FACES = find_game(STUD_VARIANTS["F7S"]).card_faces
MAX_STUD_PLAYERS = 8
_RANKS = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK, "T": Rank.TEN,
          **{str(n): Rank(n) for n in range(2, 10)}}
_SUITS = {s.letter: s for s in Suit}
_ACTOR = re.compile(r"^(d|p[1-9][0-9]*)$")


class PhhError(CourseError):
    """A PHH file that breaks the format: the file, the line and what was expected."""

    def __init__(self, reason: str, source: object = "<text>", line: int | None = None):
        self.source, self.line = str(source), line
        super().__init__(reason)

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}" if self.line else self.source

    @property
    def message(self) -> str:
        return f"{self.where}: {self.reason}"


class PhhRefusal(PhhError):
    """A well-formed hand the course cannot express yet; the reason says why."""


# --- the model -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PhhAction:
    """One action string, read. `cards` holds None for an unknown card (`??`); `shown` is '-'
    for a showdown that shows the cards already dealt."""

    actor: str                          # "d" or "p1", "p2", ...
    verb: str | None                    # dh db pb cbr cc f sm sd, or None for a no-op
    player: int | None = None           # 1-based: the player dealt to, or the player acting
    cards: tuple[Card | None, ...] = ()
    amount: int | float | None = None
    shown: str | None = None            # sm: "-" (the cards dealt), "cards", or None (a muck)
    comment: str | None = None
    line: int | None = field(default=None, compare=False)

    @property
    def known(self) -> bool:
        return None not in self.cards

    def text(self) -> str:
        """The action in PHH notation, as `write_phh` writes it."""
        if self.verb is None:
            return f"# {self.comment}" if self.comment is not None else ""
        words = [self.actor, self.verb]
        if self.verb == "dh":
            words.append(f"p{self.player}")
        if self.verb in ("dh", "db", "sd") or (self.verb == "sm" and self.shown == "cards"):
            if self.cards:
                words.append(cards_text(self.cards))
        if self.verb == "sm" and self.shown == "-":
            words.append("-")
        if self.verb == "cbr":
            words.append(_number(self.amount))
        text = " ".join(words)
        return f"{text} # {self.comment}" if self.comment is not None else text


@dataclass(slots=True)
class PhhHand:
    """One hand history: the required fields, the actions, and every other field kept as read."""

    variant: str
    antes: list[int | float]
    starting_stacks: list[int | float | None]
    actions: list[PhhAction]
    bring_in: int | float | None = None
    small_bet: int | float | None = None
    big_bet: int | float | None = None
    blinds_or_straddles: list[int | float] | None = None
    min_bet: int | float | None = None
    optional: dict[str, Any] = field(default_factory=dict)   # author, event, players, winnings, ...
    source: str = field(default="<text>", compare=False)
    lines: dict[str, int] = field(default_factory=dict, compare=False)  # field -> line in the file

    @property
    def players(self) -> int:
        return len(self.starting_stacks)

    def names(self) -> list[str]:
        """The players' names: the `players` field, or p1, p2, ... when it is absent."""
        names = self.optional.get("players")
        if isinstance(names, list) and len(names) == self.players and all(isinstance(n, str) for n in names):
            return list(names)
        return [f"p{i}" for i in range(1, self.players + 1)]


# --- cards and numbers -----------------------------------------------------------------------


def parse_phh_cards(text: str) -> tuple[Card | None, ...]:
    """PHH card notation: two characters a card, no separators ('7c2d', '????'); None is unknown."""
    if len(text) % 2:
        raise ValueError(f"{text!r} is not PHH cards: two characters a card (rank A K Q J T 9-2, suit c d h s, "
                         "or ?? for an unknown card), with nothing between cards")
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        pair = text[i:i + 2]
        if pair == "??":
            out.append(None)
            continue
        rank, suit = _RANKS.get(pair[0].upper()), _SUITS.get(pair[1].lower())
        if rank is None or suit is None:
            raise ValueError(f"{pair!r} in {text!r} is not a PHH card: rank A K Q J T 9-2 then suit c d h s, "
                             "or ?? for an unknown card")
        out.append(Card(rank, suit))
    return tuple(out)


def cards_text(cards: Iterable[Card | None]) -> str:
    """Cards in PHH notation: 'Ts9c', '??' for an unknown card."""
    return "".join("??" if c is None else ("T" if c.rank == 10 else c.rank.symbol) + c.suit.letter for c in cards)


def _number(value: Any) -> str:
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        if value.is_integer():
            return f"{value:.1f}"
        return repr(value)
    return str(value)


# --- reading ---------------------------------------------------------------------------------


def read_phh(path: str | Path) -> PhhHand:
    """Read one `.phh` file; `PhhError` names the file (and the line) when it cannot be used."""
    path = Path(path)
    try:
        size = path.stat().st_size          # the size checked before anything is read
        if size > MAX_BYTES:
            raise PhhError(f"is {size:,} bytes: one hand history is at most {MAX_BYTES:,}", path)
        with open(path, "rb") as handle:
            text = handle.read(MAX_BYTES + 1).decode("utf-8")   # one that grew meanwhile: parse_phh refuses it
    except UnicodeDecodeError as err:
        raise PhhError(f"not UTF-8 text ({err.reason} at byte {err.start}): a PHH file is TOML, which is UTF-8",
                       path) from None
    except OSError as err:
        raise PhhError(f"cannot be read ({err.strerror or err})", path) from None
    return parse_phh(text, path)


MAX_BYTES = 1 << 20  # one hand is a few kilobytes; a file a thousand times that is not one hand
MAX_ACTIONS = 2_000  # eight stud players with every round capped need a few hundred
MAX_DIGITS = 15     # the longest run of digits read as a number: exact in a float (below 2**53)
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")


def _long_number_line(text: str) -> int | None:
    """The line of the first run of more than MAX_DIGITS digits (an amount, a stack or a player
    number no hand has: converting it costs time and memory, or overflows), or None."""
    found = _LONG_NUMBER.search(text)
    return text.count("\n", 0, found.start()) + 1 if found else None


def parse_phh(text: str, source: object = "<text>") -> PhhHand:
    """Parse PHH text into a `PhhHand`; `PhhError` names `source`, the line and what was expected."""
    raw = _load_toml(text, source)
    lines = _field_lines(text)

    def fail(reason: str, key: str | None = None) -> PhhError:
        return PhhError(reason, source, lines.get(key) if key else None)

    variant = _check_variant(raw, fail)
    stacks = raw["starting_stacks"]
    _check_amounts(raw, fail)
    action_lines = _action_lines(text, lines.get("actions"), len(raw["actions"]))
    actions = [_parse_action(a, n, len(stacks), variant, source) for a, n in zip(raw["actions"], action_lines)]
    optional = {k: v for k, v in raw.items() if k not in REQUIRED}
    return PhhHand(
        variant=variant, antes=list(raw["antes"]), starting_stacks=list(stacks), actions=actions,
        bring_in=raw.get("bring_in"), small_bet=raw.get("small_bet"), big_bet=raw.get("big_bet"),
        blinds_or_straddles=list(raw["blinds_or_straddles"]) if "blinds_or_straddles" in raw else None,
        min_bet=raw.get("min_bet"), optional=optional, source=str(source), lines=lines,
    )


def _load_toml(text: str, source: object) -> dict[str, Any]:
    """The file's TOML, once its size and its numbers' lengths are checked."""
    if len(text) > MAX_BYTES:
        raise PhhError(f"is {len(text):,} characters long: one hand history is at most {MAX_BYTES:,}", source)
    long_line = _long_number_line(text)
    if long_line is not None:
        raise PhhError(f"holds a number of more than {MAX_DIGITS} digits: no amount, stack or player "
                       "number of a hand is that long", source, long_line)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise PhhError("nests arrays too deeply to be a hand history", source) from None
    except tomllib.TOMLDecodeError as err:
        line = _toml_line(str(err)) or (len(text.splitlines()) if "end of document" in str(err) else None)
        reason = re.sub(r" \(at (line \d+, column \d+|end of document)\)", "", str(err))
        raise PhhError(f"not valid TOML ({reason})", source, line) from None


def _check_variant(raw: dict[str, Any], fail) -> str:
    """The variant code, once the file is one hand of top-level fields with those its variant needs."""
    if any(isinstance(v, dict) for v in raw.values()):
        table = next(k for k, v in raw.items() if isinstance(v, dict))
        raise fail(f"holds a table [{table}]: a .phh file is one hand of top-level fields "
                   "(several hands in one file, a .phhs file, are not read here)", table)
    variant = raw.get("variant")
    if not isinstance(variant, str):
        raise fail("has no variant field: expected variant = \"F7S\" (or one of " + ", ".join(VARIANTS) + ")",
                   "variant" if "variant" in raw else None)
    if variant not in _NEEDS:
        raise fail(f"variant {variant!r} is not a PHH variant code: expected one of {', '.join(VARIANTS)}", "variant")
    for key in ("actions", "starting_stacks", *_NEEDS[variant]):
        if key not in raw:
            raise fail(f"has no {key} field, which variant {variant} requires")
    for key in REQUIRED:
        if key in raw and key not in _NEEDS[variant] and key not in ("variant", "actions", "starting_stacks"):
            raise fail(f"{key} is set, but variant {variant} has none (its required fields are "
                       f"{', '.join(_NEEDS[variant])}, starting_stacks and actions)", key)
    return variant


def _check_amounts(raw: dict[str, Any], fail) -> None:
    """The stacks, antes, blinds and bet sizes are numbers, one per player where the field is a
    list; the actions a list of strings, not too many."""
    stacks = raw["starting_stacks"]
    if not isinstance(stacks, list) or not stacks:
        raise fail("starting_stacks should be an array with one stack for each player", "starting_stacks")
    for key in ("antes", "blinds_or_straddles", "starting_stacks"):
        if key in raw:
            _check_numbers(raw[key], key, len(stacks), fail, allow_inf=key == "starting_stacks")
    for key in ("bring_in", "small_bet", "big_bet", "min_bet"):
        if key in raw and (isinstance(raw[key], bool) or not isinstance(raw[key], (int, float)) or raw[key] <= 0
                           or math.isinf(raw[key])):
            raise fail(f"{key} = {raw[key]!r} should be a positive number", key)
    if not isinstance(raw["actions"], list) or not all(isinstance(a, str) for a in raw["actions"]):
        raise fail("actions should be an array of strings, one action each", "actions")
    if len(raw["actions"]) > MAX_ACTIONS:
        raise fail(f"holds {len(raw['actions']):,} actions: one hand history has at most {MAX_ACTIONS:,}", "actions")


def _check_numbers(values: Any, key: str, count: int, fail, allow_inf: bool) -> None:
    if not isinstance(values, list):
        raise fail(f"{key} should be an array of numbers, one for each player", key)
    if len(values) != count:
        raise fail(f"{key} has {len(values)} values but starting_stacks has {count}: expected one for each player",
                   key)
    for value in values:
        bad = isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0
        if not bad and isinstance(value, float) and math.isinf(value) and not allow_inf:
            bad = True
        if bad or (key == "starting_stacks" and value == 0):
            what = "a positive number (inf when unknown)" if allow_inf else "a number of 0 or more"
            raise fail(f"{key} holds {value!r}: expected {what} for each player", key)


def _parse_action(text: str, line: int | None, players: int, variant: str, source: object) -> PhhAction:
    body, hashed, comment = text.partition("#")
    comment_text = comment.strip() if hashed else None
    words = body.split()

    def fail(reason: str) -> PhhError:
        return PhhError(f"action {text!r}: {reason}", source, line)

    if not words:
        return PhhAction("", None, comment=comment_text, line=line)
    actor, *rest = words
    if not _ACTOR.match(actor):
        raise fail("an action starts with its actor, d (the dealer) or pN (player N)")
    if not rest:
        raise fail("the actor is not followed by an action (dh, db, pb, cbr, cc, f, sm or sd)")
    player = None if actor == "d" else int(actor[1:])
    if player is not None and not 1 <= player <= players:
        raise fail(f"there are {players} players (p1 to p{players})")
    read = _ActionWords(actor, rest[0], rest[1:], player, players, variant, comment_text, line, fail)
    return _dealer_action(read) if actor == "d" else _player_action(read)


@dataclass(frozen=True, slots=True)
class _ActionWords:
    """One action string split into words, with what reading its arguments needs."""

    actor: str
    verb: str
    args: list[str]
    player: int | None
    players: int
    variant: str
    comment: str | None
    line: int | None
    fail: Any                 # reason -> PhhError naming the action, the file and the line

    def cards(self, arg: str) -> tuple[Card | None, ...]:
        try:
            return parse_phh_cards(arg)
        except ValueError as err:
            raise self.fail(str(err)) from None

    def expect(self, n: int, shape: str) -> None:
        if len(self.args) != n:
            raise self.fail(f"expected '{shape}'")

    def action(self, verb: str, player: int | None, cards: tuple[Card | None, ...] = (), **more: Any) -> PhhAction:
        return PhhAction(self.actor, verb, player, cards, comment=self.comment, line=self.line, **more)


def _dealer_action(read: _ActionWords) -> PhhAction:
    """`d dh pN cards` or `d db cards`."""
    args, players = read.args, read.players
    if read.verb == "dh":
        read.expect(2, "d dh pN cards")
        if not re.fullmatch(r"p[1-9][0-9]*", args[0]) or not 1 <= int(args[0][1:]) <= players:
            raise read.fail(f"cards are dealt to a player, p1 to p{players}")
        dealt = read.cards(args[1])
        if not dealt:
            raise read.fail("expected at least one card")
        return read.action("dh", int(args[0][1:]), dealt)
    if read.verb == "db":
        read.expect(1, "d db cards")
        return read.action("db", None, read.cards(args[0]))
    raise read.fail("the dealer's actions are dh (deal hole cards) and db (deal board cards)")


def _player_action(read: _ActionWords) -> PhhAction:
    """`pN pb`, `pN cc`, `pN f`, `pN cbr amount`, `pN sm [cards|-]` or `pN sd [cards]`."""
    verb, args, player = read.verb, read.args, read.player
    if verb in ("pb", "cc", "f"):
        read.expect(0, f"pN {verb}")
        if verb == "pb" and read.variant not in STUD_VARIANTS:
            raise read.fail(f"a bring-in belongs to stud games, not {read.variant}")
        return read.action(verb, player)
    if verb == "cbr":
        read.expect(1, "pN cbr amount")
        return read.action("cbr", player, amount=_action_amount(read, args[0]))
    if verb == "sm":
        if len(args) > 1:
            raise read.fail("expected 'pN sm' (muck), 'pN sm cards' (show) or 'pN sm -' (show the cards dealt)")
        if not args:
            return read.action("sm", player, shown=None)
        if args[0] == "-":
            return read.action("sm", player, shown="-")
        return read.action("sm", player, read.cards(args[0]), shown="cards")
    if verb == "sd":
        if read.variant in STUD_VARIANTS:
            raise read.fail(f"{read.variant} is a stud game: nobody discards (sd is for draw games)")
        if len(args) > 1:
            raise read.fail("expected 'pN sd' (stand pat) or 'pN sd cards' (discard)")
        return read.action("sd", player, read.cards(args[0]) if args else ())
    raise read.fail("a player's actions are pb, cbr, cc, f, sm and sd")


def _action_amount(read: _ActionWords, word: str) -> int | float:
    try:
        # ASCII digits only: str.isdigit() also takes "²", which int() refuses
        amount = int(word) if re.fullmatch(r"[0-9]+", word) else tomllib.loads(f"x = {word}")["x"]
    except (tomllib.TOMLDecodeError, ValueError):
        amount = None
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0 or math.isinf(amount):
        raise read.fail(f"{word!r} is not an amount: expected a positive number")
    return amount


_KEY_LINE = re.compile(r"^\s*(?:([A-Za-z0-9_-]+)\s*=|\[+\s*([^\]]+?)\s*\]+)")


def _field_lines(text: str) -> dict[str, int]:
    """The line of each top-level `key =` (1-based)."""
    lines: dict[str, int] = {}
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        match = _KEY_LINE.match(line) if depth == 0 else None
        if match:
            lines.setdefault(match.group(1) or match.group(2).strip("\"'"), number)
        depth = max(0, depth + _bracket_change(line))
    return lines


def _bracket_change(line: str) -> int:
    """Net [ minus ] on a line, outside strings and comments (enough to follow a multi-line array)."""
    change, quote, i = 0, None, 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        elif ch == "[":
            change += 1
        elif ch == "]":
            change -= 1
        i += 1
    return change


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|#[^\n]*')


def _action_lines(text: str, start: int | None, count: int) -> list[int | None]:
    """The line each action string sits on, found by walking the strings after `actions =`."""
    if start is None:
        return [None] * count
    rest = "\n".join(text.splitlines()[start - 1:])
    rest = rest[rest.index("=") + 1:]
    found: list[int | None] = []
    line, counted = start, 0          # newlines counted up to `counted`: one pass, not one a string
    for match in _STRING.finditer(rest):
        if match.group().startswith("#"):
            continue
        line += rest.count("\n", counted, match.start())
        counted = match.start()
        found.append(line)
        if len(found) == count:
            break
    return found + [None] * (count - len(found))


def _toml_line(message: str) -> int | None:
    match = re.search(r"at line (\d+)", message)
    return int(match.group(1)) if match else None


# --- writing ---------------------------------------------------------------------------------


def write_phh(hand: PhhHand) -> str:
    """The hand as PHH text: required fields in the specification's order, one action a line,
    then the optional fields as read. `parse_phh(write_phh(h)) == h`."""
    out = [f"variant = {_toml(hand.variant)}"]
    for key in REQUIRED[1:-1]:
        value = getattr(hand, key)
        if value is not None:
            out.append(f"{key} = {_toml(value)}")
    out.append("actions = [")
    out += [f"  {_toml(a.text())}," for a in hand.actions]
    out.append("]")
    out += [f"{key} = {_toml(value)}" for key, value in hand.optional.items()]
    return "\n".join(out) + "\n"


def write_phh_file(hand: PhhHand, path: str | Path) -> Path:
    path = Path(path)
    path.write_text(write_phh(hand), encoding="utf-8")
    return path


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return _number(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        escaped = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\u{ord(m.group()):04x}", escaped)
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    raise TypeError(f"cannot write {value!r} as a PHH value (expected a string, number, true/false, date, "
                    "time or array)")


# --- what the course takes from a stud hand ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class StudCard:
    card: Card | None        # None: written ?? in the file (unknown; only with `unknown=True`)
    up: bool
    street: str


@dataclass(frozen=True, slots=True)
class StudMove:
    """One move of a stud hand: `kind` is deal, shared, bring_in, complete, bet, raise, call,
    check or fold; `amount` is the player's new total for the round (complete, bet, raise)."""

    street: str
    kind: str
    player: str | None = None
    card: Card | None = None
    up: bool | None = None
    amount: int | None = None
    line: int | None = field(default=None, compare=False)
    all_in: bool = False                # the move puts in the player's last chip (`stud_hand(all_in=True)`)

    @property
    def text(self) -> str:
        """The move in the course's own words ('Ann is dealt 7♦ up', 'Bob completes to 4')."""
        if self.kind == "deal":
            return f"{self.player} is dealt {self.card} {'up' if self.up else 'down'}"
        if self.kind == "shared":
            return f"shared {self.card}"
        words = {"bring_in": "brings in", "call": "calls", "check": "checks", "fold": "folds",
                 "complete": f"completes to {self.amount}", "bet": f"bets {self.amount}",
                 "raise": f"raises to {self.amount}"}[self.kind]
        return f"{self.player} {words}"


@dataclass(slots=True)
class StudHand:
    """A stud-family hand as the course writes a deal: named seats from the dealer's left, each
    player's cards in the order dealt (face up or down, with the street), the board's shared card
    if any, the stakes, and the moves in the course's own words, each with its line in the file."""

    game: str                          # the course's game name: stud-high, razz or stud-hi-lo
    seats: list[str]
    stakes: dict[str, int]             # ante, bring_in, small_bet, big_bet
    cards: dict[str, list[StudCard]]
    moves: list[StudMove]
    shared: Card | None = None
    shown: dict[str, bool] = field(default_factory=dict)   # True shown at the showdown, False mucked
    folded: list[str] = field(default_factory=list)
    contributed: dict[str, int] = field(default_factory=dict)   # antes and bets, per player
    # player -> the line that put them all in (the moves' `all_in` flags say the same, compared)
    all_in: dict[str, int | None] = field(default_factory=dict, compare=False)
    stacks: dict[str, int] = field(default_factory=dict, compare=False)   # finite starting stacks

    def down(self, player: str) -> list[Card]:
        return [c.card for c in self.cards[player] if not c.up]

    def up(self, player: str) -> list[Card]:
        return [c.card for c in self.cards[player] if c.up]


def stud_hand(hand: PhhHand, all_in: bool = False, unknown: bool = False) -> StudHand:
    """The course's reading of a stud-family hand; `PhhRefusal` (file:line and why) for what the
    course cannot express yet, `PhhError` for actions that break the deal's own logic. With
    `all_in` (an exercise format that has stacks) a player may go all in, for the ante or any
    bet: they put in what they have and take no further part in the betting. With `unknown` any
    card dealt to a player may be written `??` (a StudCard whose card is None) when that player
    never shows: one who folds, mucks at the showdown or wins with everyone else folded (the
    record of a hand rarely shows those cards)."""
    reader = _StudReader(hand, all_in, unknown)
    reader.post_antes()
    for action in hand.actions:
        reader.read(action)
    return reader.result()


def _stud_table(hand: PhhHand) -> tuple[str, list[str], dict[str, int]]:
    """The game, the seats and the stakes of a stud hand; `PhhRefusal` for a table the course
    cannot seat (another game, too many or too few players, amounts in fractions, unequal
    antes, a name given twice)."""
    def refuse(reason: str, key: str) -> PhhRefusal:
        return PhhRefusal(reason, hand.source, hand.lines.get(key))

    game = STUD_VARIANTS.get(hand.variant)
    if game is None:
        raise refuse(f"variant {hand.variant} is not a stud game: the course teaches F7S (stud high), FR (razz) "
                     "and F7S/8 (stud high-low)", "variant")
    if hand.players > MAX_STUD_PLAYERS:
        raise refuse(f"{hand.players} players: a stud table seats at most {MAX_STUD_PLAYERS}", "starting_stacks")
    if hand.players < 2:
        raise refuse("one player: a hand needs two players or more", "starting_stacks")
    amounts = {"bring_in": hand.bring_in, "small_bet": hand.small_bet, "big_bet": hand.big_bet}
    for key, value in [*amounts.items(), *(("antes", a) for a in hand.antes)]:
        if not float(value).is_integer():
            raise refuse(f"{key} holds {_number(value)}: the course counts whole units only", key)
    if len(set(hand.antes)) > 1:
        raise refuse(f"antes [{', '.join(_number(a) for a in hand.antes)}] differ between players: the course's ante "
                     "is one amount that every player posts", "antes")
    seats = hand.names()
    if len(set(seats)) != len(seats):
        raise refuse(f"players {seats} name someone twice: each seat needs its own name", "players")
    return game, seats, {"ante": int(hand.antes[0]), **{k: int(v) for k, v in amounts.items()}}


class _StudReader:
    """`stud_hand`'s reading, one action at a time: the cards dealt, the moves, and each street's
    betting (who has put in what, the most bet this round, who is all in)."""

    def __init__(self, hand: PhhHand, all_in: bool, unknown: bool):
        self.hand, self.source, self.all_in, self.unknown = hand, hand.source, all_in, unknown
        self.game, self.seats, self.stakes = _stud_table(hand)
        self.stacks = hand.starting_stacks
        self.cards: dict[str, list[StudCard]] = {p: [] for p in self.seats}
        self.moves: list[StudMove] = []
        self.seen: dict[Card, int | None] = {}
        self.spent = {p: self.stakes["ante"] for p in self.seats}
        self.folded: list[str] = []
        self.shown: dict[str, bool] = {}
        self.shared: Card | None = None
        self.street_index = -1
        self.round_bets = {p: 0 for p in self.seats}
        self.high = 0
        self.gone: dict[str, int | None] = {}          # all in: player -> the line that put them all in

    def refuse(self, reason: str, line: int | None = None) -> PhhRefusal:
        return PhhRefusal(reason, self.source, line)

    def fail(self, reason: str, line: int | None) -> PhhError:
        return PhhError(reason, self.source, line)

    def post_antes(self) -> None:
        """Each player's ante; a stack that cannot cover it is all in (or refused without `all_in`)."""
        for player, ante_stack in zip(self.seats, self.stacks):
            if ante_stack is not None and self.spent[player] >= ante_stack:
                if not self.all_in:
                    raise self.refuse(f"{player} is all in for the ante: the course cannot express an all-in yet "
                                      "(it has no stacks or side pots)", self.hand.lines.get("starting_stacks"))
                self.spent[player] = int(ante_stack)
                self.gone[player] = self.hand.lines.get("starting_stacks")

    def read(self, action: PhhAction) -> None:
        """One action: a deal, the board's card, a show or muck, or a betting move."""
        if action.verb is None:
            return
        line = action.line
        if None in action.cards and not (self.unknown and action.verb == "dh"):
            who = self.seats[action.player - 1] if action.player else "the board"
            raise self.refuse(f"{action.text()!r}: {who}'s card is unknown (??): the course needs every card it "
                              "deals to be written", line)
        if action.verb in ("dh", "db"):
            self.note_dealt(action)
        if action.verb == "db":
            self.board(action)
            return
        player = self.seats[action.player - 1]
        if action.verb == "dh":
            self.deal(action, player)
            return
        waiting = [p for p in self.seats if not self.cards[p]]
        if waiting:
            raise self.fail(f"{action.text()!r}: {', '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} no "
                            "cards yet: third street deals every player three cards before anyone acts", line)
        if action.verb == "sm":
            self.showdown(action, player)
            return
        self.bet(action, player)

    def note_dealt(self, action: PhhAction) -> None:
        """Each card dealt once: a card written twice breaks the deal."""
        for card in action.cards:
            if card is None:
                continue
            if card in self.seen:
                raise self.fail(f"{action.text()!r}: {card} is dealt twice (first on line {self.seen[card]})",
                                action.line)
            self.seen[card] = action.line

    def new_round(self) -> None:
        self.round_bets, self.high = dict.fromkeys(self.seats, 0), 0

    def board(self, action: PhhAction) -> None:
        """The one shared card a stud board gets, in place of seventh street's cards."""
        if self.shared is not None or len(action.cards) != 1 or self.street_index != 3:
            raise self.fail(f"{action.text()!r}: a stud board gets one shared card, in place of seventh street's "
                            "hole cards", action.line)
        self.shared = action.cards[0]
        self.street_index = 4
        self.new_round()
        self.moves.append(StudMove(STUD_STREETS[self.street_index], "shared", card=self.shared, up=True, line=action.line))

    def deal(self, action: PhhAction, player: str) -> None:
        """A player's cards: three on third street, then one a street up to seven."""
        held = self.cards[player]
        if player in self.folded:
            raise self.fail(f"{action.text()!r}: {player} has folded and is dealt nothing more", action.line)
        if len(held) + len(action.cards) > len(STUD_FACES) or (not held and len(action.cards) != 3) \
                or (held and len(action.cards) != 1):
            raise self.fail(f"{action.text()!r}: a stud player is dealt three cards on third street, then one card "
                            "a street up to seven", action.line)
        new_street = len(held) + len(action.cards) - 3
        if new_street > self.street_index:
            self.street_index = new_street
            self.new_round()
        street = STUD_STREETS[new_street]
        for card in action.cards:
            up = STUD_FACES[len(held)]
            held.append(StudCard(card, up, street))
            self.moves.append(StudMove(street, "deal", player, card, up, line=action.line))

    def showdown(self, action: PhhAction, player: str) -> None:
        """A show (the cards written, or '-' for the cards dealt) or a muck. A player whose deal
        the file writes partly `??` does not show: the cards shown would be cards never dealt."""
        if action.shown is not None and any(c.card is None for c in self.cards[player]):
            raise self.refuse(f"{action.text()!r}: {player} shows at the showdown, but the deal writes "
                              f"{cards_text(c.card for c in self.cards[player])} for {player} (?? for a card the "
                              "record does not show): write the cards shown in the deal actions too", action.line)
        if action.shown == "cards" and set(action.cards) != {c.card for c in self.cards[player]}:
            raise self.fail(f"{action.text()!r}: a stud showdown in PHH lists every card {player} was dealt "
                            f"({cards_text(c.card for c in self.cards[player])}), or '-' for the same", action.line)
        self.shown[player] = action.shown is not None

    def bet(self, action: PhhAction, player: str) -> None:
        """A fold, bring-in, check, call, completion, bet or raise, paid from the player's stack."""
        line = action.line
        street = STUD_STREETS[max(self.street_index, 0)]
        if player in self.folded:
            raise self.fail(f"{action.text()!r}: {player} has folded", line)
        if player in self.gone:
            raise self.fail(f"{action.text()!r}: {player} is all in and takes no further part in the betting", line)
        if action.verb == "f":
            self.folded.append(player)
            self.moves.append(StudMove(street, "fold", player, line=line))
            return
        kind, paid, total = self.bet_kind(action, player)
        broke = self.pay(action, player, paid)
        self.moves.append(StudMove(street, kind, player, amount=total, line=line, all_in=broke))

    def bet_kind(self, action: PhhAction, player: str) -> tuple[str, int, int | None]:
        """What the move is in the course's words, what it costs the player, and (complete, bet
        or raise) the player's new total for the round."""
        to_call = self.high - self.round_bets[player]
        if action.verb == "pb":
            return "bring_in", self.stakes["bring_in"], None
        if action.verb == "cc":
            return ("call" if to_call else "check"), to_call, None
        # cbr: to an amount, the player's total for this round
        if not float(action.amount).is_integer():
            raise self.refuse(f"{action.text()!r}: {_number(action.amount)} is not a whole number of units",
                              action.line)
        total = int(action.amount)
        if total <= self.high:
            raise self.fail(f"{action.text()!r}: a bet or raise goes to more than the {self.high} already bet "
                            "this round", action.line)
        paid = total - self.round_bets[player]
        if self.street_index == 0 and self.high < self.stakes["small_bet"]:
            kind = "complete"
        elif self.high == 0:
            kind = "bet"
        else:
            kind = "raise"
        return kind, paid, total

    def pay(self, action: PhhAction, player: str, paid: int) -> bool:
        """Put `paid` in from the player's stack (a call or bring-in for less is all in); whether
        it is the player's last chip."""
        stack = self.stacks[self.seats.index(player)]
        finite = stack is not None and not math.isinf(stack)
        if action.verb in ("cc", "pb") and finite:
            paid = min(paid, int(stack) - self.spent[player])  # a call or bring-in for less is all in
        if finite and self.spent[player] + paid > stack:
            raise self.fail(f"{action.text()!r}: {player} would put in {self.spent[player] + paid}, more than the "
                            f"starting stack of {_number(stack)}", action.line)
        self.round_bets[player] += paid
        self.high = max(self.high, self.round_bets[player])
        self.spent[player] += paid
        broke = finite and self.spent[player] >= stack
        if broke and not self.all_in:
            raise self.refuse(f"{action.text()!r}: {player} is all in ({self.spent[player]} of a {_number(stack)} "
                              "stack): the course cannot express an all-in yet (it has no stacks or side pots)",
                              action.line)
        if broke:
            self.gone[player] = action.line
        return broke

    def result(self) -> StudHand:
        finite_stacks = {p: int(s) for p, s in zip(self.seats, self.stacks)
                         if s is not None and not math.isinf(s) and float(s).is_integer()}
        return StudHand(self.game, self.seats, self.stakes, self.cards, self.moves, self.shared, self.shown,
                        self.folded, self.spent, self.gone, finite_stacks)


# --- and back: a stud hand as the course holds it, written as PHH ------------------------------

_VARIANT_OF = {game: variant for variant, game in STUD_VARIANTS.items()}
_PHH_VERB = {"bring_in": "pb", "complete": "cbr", "bet": "cbr", "raise": "cbr", "call": "cc", "check": "cc",
             "fold": "f"}


def stud_to_phh(deal: StudHand, stacks: Iterable[int | float] | None = None, **optional: Any) -> PhhHand:
    """The PHH hand of a stud hand as the course holds it (an exercise's deal and moves): third
    street's three cards a player in one deal action, one card a street after that, the shared
    card to the board, the showdown as each player shown or mucked. Stacks the course does not
    know are written `inf` (the specification's word for an unknown stack)."""
    seats = deal.seats
    index = {p: f"p{i}" for i, p in enumerate(seats, 1)}
    actions: list[PhhAction] = []
    pending: dict[str, list[Card]] = {}

    def flush(player: str) -> None:
        if pending.get(player):
            actions.append(PhhAction("d", "dh", seats.index(player) + 1, tuple(pending.pop(player))))

    for move in deal.moves:
        if move.kind == "deal":
            pending.setdefault(move.player, []).append(move.card)
            if move.street != STUD_STREETS[0] or len(pending[move.player]) == 3:
                flush(move.player)
            continue
        for player in list(pending):
            flush(player)
        if move.kind == "shared":
            actions.append(PhhAction("d", "db", None, (move.card,)))
            continue
        verb = _PHH_VERB[move.kind]
        actions.append(PhhAction(index[move.player], verb, seats.index(move.player) + 1,
                                 amount=move.amount if verb == "cbr" else None))
    for player in list(pending):
        flush(player)
    for player, shown in deal.shown.items():
        actions.append(PhhAction(index[player], "sm", seats.index(player) + 1, shown="-" if shown else None))
    stacks = [math.inf] * len(seats) if stacks is None else list(stacks)
    extra = dict(optional)
    if seats != [f"p{i}" for i in range(1, len(seats) + 1)]:
        extra.setdefault("players", list(seats))
    return PhhHand(
        variant=_VARIANT_OF[deal.game], antes=[deal.stakes["ante"]] * len(seats), starting_stacks=stacks,
        actions=actions, bring_in=deal.stakes["bring_in"], small_bet=deal.stakes["small_bet"],
        big_bet=deal.stakes["big_bet"], optional=extra,
    )


# --- the PHH fields an exercise keeps (its `phh:` key) -----------------------------------------

# Fields a whole-hand exercise says itself (game, stakes, seats, events): never kept under `phh:`.
PLAYED_FIELDS = tuple(k for k in REQUIRED if k != "starting_stacks")


def kept_fields_problems(text: str, players: int | None = None) -> list[str]:
    """What is wrong with an exercise's `phh:` text (the TOML of the PHH fields the exercise does
    not say itself: starting stacks, players' names, event, ...), each a sentence; [] when fine."""
    try:
        fields = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return [f"'phh' holds hand-history fields as TOML (name = value, one a line), but this is not TOML: {err}"]
    found = []
    for key, value in fields.items():
        if key in PLAYED_FIELDS:
            found.append(f"'phh' keeps {key}, which the exercise says itself (its game, stakes, seats and events)")
        elif isinstance(value, dict):
            found.append(f"'phh' keeps {key} as a table: a hand history's fields are values and arrays")
    for key in ("starting_stacks", "players"):
        value = fields.get(key)
        if value is not None and players is not None and (not isinstance(value, list) or len(value) != players):
            found.append(f"'phh' keeps {key} = {value!r}: expected an array with one entry for each of the "
                         f"{players} seats")
    stacks = fields.get("starting_stacks")
    if isinstance(stacks, list) and not all(isinstance(s, (int, float)) and not isinstance(s, bool) and s > 0
                                            for s in stacks):
        found.append("'phh' keeps starting_stacks that are not all positive numbers (inf when unknown)")
    return found
