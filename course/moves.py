"""One grammar for every move: stud actions and home-game events, parsed and printed both ways.

A move is one readable string: 'Ben raises to 16', 'Ava brings in', 'Ava is dealt 8♦ up',
'spit 8♠', 'Ava matches', 'Ava takes 9♠ from Ben', 'Ava takes a hole card from Ben (7♣)',
'Ava gives back 4♦', 'showdown'. `parse_move(text, kinds, game)` reads one into a `Move`, and `str(move)`
prints it back in the course's own spelling, which parses to the same move. `kinds` limits the
verbs a game accepts. Text that is not a move raises `ActionFormatError`, quoting the text and
saying what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable

from course import amounts
from course.cards import Card, CardError
from course.errors import ActionFormatError

# Every verb the games use, with the shape written in error messages.
MOVE_SHAPES = {
    "deal": "'<player> is dealt <card> up' or '<player> is dealt <card> down'",
    "spit": "'spit <card>'",
    "shared": "'shared <card>'",
    "ante": "'<player> antes [N]'",
    "match": "'<player> matches [N]'",
    "fold": "'<player> folds'",
    "check": "'<player> checks'",
    "call": "'<player> calls'",
    "bet": "'<player> bets N'",
    "raise": "'<player> raises to N'",
    "bring_in": "'<player> brings in [N]'",
    "complete": "'<player> completes [to N]'",
    "take": "'<player> takes <card> from <player>' or '<player> takes a hole card from <player> (<card>)'",
    "give": "'<player> gives back <card>'",
    "showdown": "'showdown'",
    "muck": "'<player> mucks'",
}

# The betting verbs: the words, and how an amount follows them ("" a bare number, "to" the
# player's new total for the round, None no amount).
BETTING_VERBS = {
    "ante": ("antes", ""), "bring_in": ("brings in", ""), "complete": ("completes", "to"),
    "bet": ("bets", ""), "raise": ("raises", "to"), "call": ("calls", None), "check": ("checks", None),
    "fold": ("folds", None),
}
# Every move a whole stud hand writes: the deal, the shared card, the forced bets, the betting
# verbs, and a muck at the showdown.
STUD_KINDS = ("deal", "shared", "ante", "bring_in", "complete", "bet", "raise", "call", "check", "fold", "muck")
BETTING_KINDS = frozenset({"check", "call", "bet", "raise", "bring_in", "complete"})
_KIND_OF_VERB = {words: kind for kind, (words, _) in BETTING_VERBS.items()}
_VERBS = "|".join(sorted((re.escape(w) for w in _KIND_OF_VERB), key=len, reverse=True))
_BETTING = re.compile(rf"^(?P<player>\S.*?)\s+(?P<verb>{_VERBS})(?:\s+(?P<rest>.*?))?$", re.I)

_NAME = r"(?P<player>[^\s:,]+)"
_CARD = r"(?P<card>\S+?)"
_PATTERNS: list[tuple[str, re.Pattern]] = [
    ("deal", re.compile(rf"^{_NAME} is dealt (?:the )?{_CARD} (?P<way>up|down|face up|face down)$", re.I)),
    ("spit", re.compile(rf"^(?:the )?spit(?: card)?(?: is)? (?:the )?{_CARD}$", re.I)),
    ("shared", re.compile(rf"^(?:the )?shared(?: card)?(?: is)? (?:the )?{_CARD}$", re.I)),
    ("match", re.compile(rf"^{_NAME} matches(?: the pot)?(?: (?:with )?(?P<amount>\S+))?$", re.I)),
    ("take", re.compile(
        rf"^{_NAME} takes (?:a |one )?(?:hole|down|face-down) card from (?P<other>[^\s:,]+)"
        rf"(?::\s*|,\s*(?:the |it is |it's )?|\s+\(|\s+)(?P<hole>[^\s()]+)\)?$", re.I)),
    ("take", re.compile(rf"^{_NAME} takes (?:the )?{_CARD} from (?P<other>[^\s:,]+)$", re.I)),
    ("showdown", re.compile(r"^(?:the )?showdown$", re.I)),
    ("muck", re.compile(rf"^{_NAME} mucks(?: (?:the |their |his |her )?(?:hand|cards))?$", re.I)),
    ("give", re.compile(rf"^{_NAME} gives (?:back (?:the )?{_CARD}|(?:the )?(?P<card2>\S+) back)(?: to (?P<other>\S+))?$", re.I)),
]


@dataclass(frozen=True, slots=True)
class Move:
    """One move at the table (a stud action or a home-game event), parsed from its text."""

    kind: str                 # a key of EVENT_SHAPES
    player: str | None = None
    card: Card | None = None
    up: bool | None = None    # deal: face up?  take: a face-up card (True) or a hole card (False)
    amount: Any = None        # int, or an `amounts.Amount` with cents
    other: str | None = None  # take: the player the card is taken from; give: the receiver if named
    text: str = ""

    def __deepcopy__(self, memo: dict) -> "Move":
        return self  # immutable: a copied table shares it

    def __str__(self) -> str:
        p, c, a = self.player, self.card, self.amount
        match self.kind:
            case "deal":
                return f"{p} is dealt {c} {'up' if self.up else 'down'}"
            case "showdown":
                return "showdown"
            case "muck":
                return f"{p} mucks"
            case "spit" | "shared":
                return f"{self.kind} {c}"
            case "take":
                return f"{p} takes {c} from {self.other}" if self.up else f"{p} takes a hole card from {self.other} ({c})"
            case "give":
                return f"{p} gives back {c}" + (f" to {self.other}" if self.other else "")
            case "raise" | "complete":
                verb = "raises" if self.kind == "raise" else "completes"
                return f"{p} {verb}" + (f" to {a}" if a is not None else "")
            case "bring_in":
                return f"{p} brings in" + (f" {a}" if a is not None else "")
            case _:
                verb = {"ante": "antes", "match": "matches", "fold": "folds", "check": "checks",
                        "call": "calls", "bet": "bets"}[self.kind]
                return f"{p} {verb}" + (f" {a}" if a is not None else "")


def _amount(text: str, whole: str, verb: str, form: str) -> Any:
    """An amount in a move: whole units ('20') or an exact decimal of at most two places ('2.50'),
    read by `course.amounts`; an int when whole, so whole-unit games are unchanged."""
    try:
        return amounts.parse(text, "amount")
    except amounts.AmountError as err:
        raise ActionFormatError(f"{whole!r}: {err}; expected '{verb} {'to ' if form else ''}N' with N such as 20 "
                                "or 2.50") from None


def _card(text: str, whole: str) -> Card:
    try:
        return Card.parse(text)
    except CardError as err:
        raise ActionFormatError(f"{whole!r}: {err}; expected a card such as 8♦ or 10h") from None


def _betting(text: str, cleaned: str, allowed: tuple[str, ...], game: str) -> Move | None:
    m = _BETTING.match(cleaned)
    if not m:
        return None
    verb = " ".join(m["verb"].lower().split())
    kind = _KIND_OF_VERB[verb]
    _allowed(text, kind, allowed, game)
    form = BETTING_VERBS[kind][1]
    rest = (m["rest"] or "").split()
    player = m["player"].strip()
    if form is None and rest:
        raise ActionFormatError(f"{text!r}: '{verb}' takes no amount; expected '{player} {verb}'")
    amount = None
    if rest and form == "to":
        if len(rest) != 2 or rest[0].lower() != "to":
            raise ActionFormatError(f"{text!r}: expected '{verb} to N', N being the player's new total for the round")
        amount = _amount(rest[1], text, verb, form)
    elif rest:
        if len(rest) != 1:
            raise ActionFormatError(f"{text!r}: expected '{verb} N' with N an amount such as 20 or 2.50")
        amount = _amount(rest[0], text, verb, form)
    return Move(kind, player, amount=amount, text=text)


def _allowed(text: str, kind: str, allowed: tuple[str, ...], game: str) -> None:
    if kind not in allowed:
        where = f" in {game}" if game else ""
        raise ActionFormatError(f"{text!r}: {kind.replace('_', ' ')} events do not happen{where}: expected one of "
                                + "; ".join(MOVE_SHAPES[k] for k in allowed))


def parse_move(text: Any, kinds: Iterable[str] | None = None, game: str = "", noun: str = "event") -> Move:
    """Parse one move; `kinds` limits the verbs a game accepts, `noun` names a move in messages."""
    allowed = tuple(kinds) if kinds is not None else tuple(MOVE_SHAPES)
    if not isinstance(text, str):
        raise ActionFormatError(f"{text!r} is not an {noun}: expected a string such as {MOVE_SHAPES[allowed[0]]}")
    return _parse(text, allowed, game, noun)


@lru_cache(maxsize=8192)
def _parse(text: str, allowed: tuple[str, ...], game: str, noun: str) -> Move:
    """Moves are immutable, so a text read once is not read again (replays repeat the same texts)."""
    cleaned = " ".join(text.strip().rstrip(".").split())
    move = _betting(text, cleaned, allowed, game)    # the commonest moves first
    if move is not None:
        return move
    for kind, pattern in _PATTERNS:
        m = pattern.match(cleaned)
        if not m:
            continue
        _allowed(text, kind, allowed, game)
        groups = m.groupdict()
        player = groups.get("player")
        if kind == "deal":
            return Move("deal", player, _card(groups["card"], text), up=groups["way"].lower().endswith("up"), text=text)
        if kind in ("spit", "shared"):
            return Move(kind, card=_card(groups["card"], text), text=text)
        if kind == "take":
            if groups.get("hole") is not None:
                return Move("take", player, _card(groups["hole"], text), up=False, other=groups["other"], text=text)
            return Move("take", player, _card(groups["card"], text), up=True, other=groups["other"], text=text)
        if kind == "give":
            card = groups.get("card") or groups.get("card2")
            return Move("give", player, _card(card, text), other=groups.get("other"), text=text)
        amount = groups.get("amount")
        return Move(kind, player, amount=None if amount is None else _amount(amount, text, "matches", ""), text=text)
    raise ActionFormatError(f"{text!r} is not an {noun}{(' of ' + game) if game else ''}: expected one of "
                            + "; ".join(MOVE_SHAPES[k] for k in allowed))
