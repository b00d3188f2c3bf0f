"""What the two home games share: events, seats, profile options and a betting round.

An exercise of a home game describes the table at one moment (`hands`, `shared`, `pot`) and then
lists what happens next in `events:`, one readable string each, in the style of `actions`:

    Ava is dealt 8♦ up        Ava matches          Ava takes 9♠ from Ben
    spit 8♠                   Ben folds            Ava takes a hole card from Ben (7♣)
    Drew antes 1              Cara bets 2          Ava gives back 4♦
    Cara raises to 4          Ava calls            Ava checks

`parse_event(text)` turns one string into an `Event` (or raises `IllegalActionError` quoting the text and
saying what was expected); each game module replays a list of events on its own table and reports
every problem with the index of the event that caused it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from course.cards import DECK, Card, CardError, cards_text
from course.errors import ActionFormatError, IllegalActionError
from course.explain import Step
from course.hands import HandValue, evaluate, hand_value
from course.rules import Option as Opt  # an option with its value, citations and basis




# ------------------------------------------------------------------------------------------------
# Events

# Every verb the games use, with the shape written in error messages.
EVENT_SHAPES = {
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
}

_NAME = r"(?P<player>[^\s:,]+)"
_CARD = r"(?P<card>\S+?)"
_PATTERNS: list[tuple[str, re.Pattern]] = [
    ("deal", re.compile(rf"^{_NAME} is dealt (?:the )?{_CARD} (?P<way>up|down|face up|face down)$", re.I)),
    ("spit", re.compile(rf"^(?:the )?spit(?: card)?(?: is)? (?:the )?{_CARD}$", re.I)),
    ("shared", re.compile(rf"^(?:the )?shared(?: card)?(?: is)? (?:the )?{_CARD}$", re.I)),
    ("ante", re.compile(rf"^{_NAME} antes(?: (?P<amount>\S+))?$", re.I)),
    ("match", re.compile(rf"^{_NAME} matches(?: the pot)?(?: (?:with )?(?P<amount>\S+))?$", re.I)),
    ("fold", re.compile(rf"^{_NAME} folds$", re.I)),
    ("check", re.compile(rf"^{_NAME} checks$", re.I)),
    ("call", re.compile(rf"^{_NAME} calls$", re.I)),
    ("bet", re.compile(rf"^{_NAME} bets(?: (?P<amount>\S+))?$", re.I)),
    ("raise", re.compile(rf"^{_NAME} raises(?: to (?P<amount>\S+))?$", re.I)),
    ("bring_in", re.compile(rf"^{_NAME} brings in(?: (?P<amount>\S+))?$", re.I)),
    ("complete", re.compile(rf"^{_NAME} completes(?: to (?P<amount>\S+))?$", re.I)),
    ("take", re.compile(
        rf"^{_NAME} takes (?:a |one )?(?:hole|down|face-down) card from (?P<other>[^\s:,]+)"
        rf"(?::\s*|,\s*(?:the |it is |it's )?|\s+\(|\s+)(?P<hole>[^\s()]+)\)?$", re.I)),
    ("take", re.compile(rf"^{_NAME} takes (?:the )?{_CARD} from (?P<other>[^\s:,]+)$", re.I)),
    ("give", re.compile(rf"^{_NAME} gives (?:back (?:the )?{_CARD}|(?:the )?(?P<card2>\S+) back)(?: to (?P<other>\S+))?$", re.I)),
]

BETTING_KINDS = frozenset({"check", "call", "bet", "raise", "bring_in", "complete"})


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happens at the table, parsed from its text."""

    kind: str                 # a key of EVENT_SHAPES
    player: str | None = None
    card: Card | None = None
    up: bool | None = None    # deal: face up?  take: a face-up card (True) or a hole card (False)
    amount: int | None = None
    other: str | None = None  # take: the player the card is taken from; give: the receiver if named
    text: str = ""

    def __deepcopy__(self, memo: dict) -> "Event":
        return self  # immutable: a copied table shares it

    def __str__(self) -> str:
        p, c, a = self.player, self.card, self.amount
        match self.kind:
            case "deal":
                return f"{p} is dealt {c} {'up' if self.up else 'down'}"
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


def _amount(text: str | None, whole: str) -> int | None:
    if text is None:
        return None
    cleaned = text.lstrip("$")
    if not cleaned.isdigit():
        raise ActionFormatError(f"{whole!r}: {text!r} is not an amount: expected a whole number of units such as 20")
    return int(cleaned)


def _card(text: str, whole: str) -> Card:
    try:
        return Card.parse(text)
    except CardError as err:
        raise ActionFormatError(f"{whole!r}: {err}; expected a card such as 8♦ or 10h") from None


def parse_event(text: Any, kinds: Iterable[str] | None = None, game: str = "") -> Event:
    """Parse one event string; `kinds` limits the verbs a game accepts.

    Raises `IllegalActionError` quoting the text and listing the shapes that were expected.
    """
    allowed = list(kinds) if kinds is not None else list(EVENT_SHAPES)
    if not isinstance(text, str):
        raise ActionFormatError(f"{text!r} is not an event: expected a string such as {EVENT_SHAPES[allowed[0]]}")
    cleaned = " ".join(text.strip().rstrip(".").split())
    for kind, pattern in _PATTERNS:
        m = pattern.match(cleaned)
        if not m:
            continue
        groups = m.groupdict()
        if kind not in allowed:
            where = f" in {game}" if game else ""
            raise ActionFormatError(f"{text!r}: {kind.replace('_', ' ')} events do not happen{where}: expected one of "
                             + "; ".join(EVENT_SHAPES[k] for k in allowed))
        player = groups.get("player")
        if kind == "deal":
            return Event("deal", player, _card(groups["card"], text), up=groups["way"].lower().endswith("up"), text=text)
        if kind in ("spit", "shared"):
            return Event(kind, card=_card(groups["card"], text), text=text)
        if kind == "take":
            if groups.get("hole") is not None:
                return Event("take", player, _card(groups["hole"], text), up=False, other=groups["other"], text=text)
            return Event("take", player, _card(groups["card"], text), up=True, other=groups["other"], text=text)
        if kind == "give":
            card = groups.get("card") or groups.get("card2")
            return Event("give", player, _card(card, text), other=groups.get("other"), text=text)
        return Event(kind, player, amount=_amount(groups.get("amount"), text), text=text)
    raise ActionFormatError(f"{text!r} is not an event{(' of ' + game) if game else ''}: expected one of "
                     + "; ".join(EVENT_SHAPES[k] for k in allowed))


# ------------------------------------------------------------------------------------------------
# Profile options


def option(profile: Any, name: str) -> Opt:
    """An option of the rule profile: every rule, course defaults included, is profile data
    (`course/rules/profiles.yaml`); an unknown name is a ValueError naming it."""
    return profile.option(name)


# ------------------------------------------------------------------------------------------------
# Seats


@dataclass
class Seat:
    """One player's cards and money during a replay."""

    down: list[Card] = field(default_factory=list)
    up: list[Card] = field(default_factory=list)
    folded: bool = False
    paid: int = 0           # units put in during the events (antes, matches, bets)

    @property
    def cards(self) -> list[Card]:
        return [*self.down, *self.up]


class TableSeats:
    """What both game tables know about their seats (each table is a dataclass with these)."""

    seats: list[str]
    hands: dict[str, Seat]

    @property
    def live(self) -> list[str]:
        """The players still in, in seat order."""
        return [p for p in self.seats if not self.hands[p].folded]


@dataclass(frozen=True, slots=True)
class FinalHand:
    """A hand after the events, shaped like `content.Hand`."""

    down: list[Card]
    up: list[Card]
    folded: bool = False


# ------------------------------------------------------------------------------------------------
# Replaying a game's events: the same loop for every home game


def replay_events(table: Any, events: Sequence[str], parse: Callable[[str], Event]) -> Any:
    """Apply `events` to a started game table; at the first bad one raise its error, placed at its index."""
    for index, text in enumerate(events):
        try:
            table.apply(parse(text))
        except IllegalActionError as err:
            raise err.at(index, text) from None
        except ActionFormatError as err:
            raise err.at(index) from None
    return table


def check_all_errors(start: Callable[[Any], Any], exercise: Any, parse: Callable[[str], Event]) -> list[Any]:
    """Every error in an exercise's events, each placed at its index (None: the deal itself).

    A bad event is reported and skipped, and the replay goes on with the next one, so one file
    shows all its problems at once.
    """
    try:
        table = start(exercise)
    except IllegalActionError as err:
        return [err]
    problems = []
    for index, text in enumerate(exercise.events):
        try:
            table.apply(parse(text))
        except IllegalActionError as err:
            problems.append(err.at(index, text))
        except ActionFormatError as err:
            problems.append(err.at(index))
    return problems


def check_all_events(start: Callable[[Any], Any], exercise: Any, parse: Callable[[str], Event]) -> list[tuple[int, str]]:
    """`check_all_errors` as (index, message) pairs; -1 is the deal itself."""
    return [(-1 if e.index is None else e.index, e.message) for e in check_all_errors(start, exercise, parse)]


@dataclass
class Played:
    """A hand played with random legal choices through the event parser: the table at the end,
    the events as written, and the cards left in the deck."""

    table: Any
    texts: list[str]
    deck: list[Card]


def random_hand(rng: Any, players: int, profile: Any, start: Callable[[Any], Any],
                parse: Callable[[str], Event], **fields: Any) -> tuple[Played, Callable[[str], None]]:
    """A fresh table for `players` seats (P1, P2, ...) before the antes, a shuffled deck, and
    `do(text)`, which applies one event text and records it."""
    from types import SimpleNamespace

    exercise = SimpleNamespace(seats=[f"P{i + 1}" for i in range(players)], hands={}, shared=[],
                               pot=0, street="third", events=[], profile=profile, extra={}, **fields)
    deck = list(DECK)
    rng.shuffle(deck)
    played = Played(start(exercise), [], deck)

    def do(text: str) -> None:
        played.table.apply(parse(text))
        played.texts.append(text)

    return played, do


def final_hands_of(table: Any) -> dict[str, FinalHand]:
    """Each player's cards after a replay (down, up, folded), in seat order."""
    return {p: FinalHand(list(s.down), list(s.up), s.folded) for p, s in table.hands.items()}


def seats_from(exercise: Any) -> dict[str, Seat]:
    hands = getattr(exercise, "hands", {}) or {}
    out: dict[str, Seat] = {}
    for name in exercise.seats:
        hand = hands.get(name)
        out[name] = Seat(list(getattr(hand, "down", []) or []), list(getattr(hand, "up", []) or []),
                         bool(getattr(hand, "folded", False))) if hand is not None else Seat()
    return out


def names(players: Sequence[str]) -> str:
    players = list(players)
    if not players:
        return "nobody"
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def showing_value(up: Sequence[Card]) -> HandValue | None:
    return evaluate(up) if up else None


def rank_showing(seats: Sequence[str], rows: Mapping[str, Sequence[Card]], tie: Opt) -> list[str]:
    """Players ordered best row showing first; equal rows by the profile's tie option.

    A player showing no card at all ranks last. Tie `seat`: the one dealt first; `suit`: the
    higher suit of the highest card.
    """
    order = list(seats)

    def key(player: str) -> tuple:
        row = rows[player]
        if not row:
            return (0, -1, 0, -order.index(player))
        value = hand_value(row)
        suit = int(max(row, key=lambda c: (c.rank, c.suit)).suit) if tie.value == "suit" else 0
        return (1, value, suit, -order.index(player))

    return sorted(order, key=key, reverse=True)


def opener_steps(order: list[str], rows: Mapping[str, Sequence[Card]], tie: Opt, cite: Sequence[str],
                 what: str) -> list[Step]:
    """Explain why `order[0]` shows the best `what` (card or hand)."""
    best = order[0]
    steps = []
    shown = "; ".join(f"{p} {cards_text(rows[p])} ({evaluate(rows[p]).words})" if rows[p] else f"{p} nothing"
                      for p in order)
    steps.append(Step(f"Showing: {shown}.", tuple(cite)))
    ties = [p for p in order[1:] if rows[p] and rows[best] and evaluate(rows[p]).value == evaluate(rows[best]).value]
    if ties:
        how = "the higher suit of the top card" if tie.value == "suit" else "the player dealt first"
        steps.append(Step(f"{names([best, *ties])} show equal {what}s; the tie goes to {how}: {best}"
                          + (" (the course's own default, the source gives no tie rule)." if tie.course_default else "."),
                          tie.cite, course_default=tie.course_default))
    steps.append(Step(f"{best} shows the best {what} and acts first.", tuple(cite)))
    return steps


# ------------------------------------------------------------------------------------------------
# A betting round with a per-player largest bet (Horn-A-Vika)


class BettingRound:
    """One betting round: who is to act, what they owe, and whether an action is allowed.

    `order` lists the players still in, first actor first. `step(player)` gives the largest bet or
    raise: any whole amount from `min_bet` up to it. `bets_allowed` counts the bet and the raises
    (a bet and three raises: 4).
    """

    def __init__(self, number: int, order: Sequence[str], step: Callable[[str], int], *,
                 bets_allowed: int, min_bet: int = 1, cite: Sequence[str] = ()):
        self.number = number
        self.order = list(order)
        self.step = step
        self.bets_allowed = bets_allowed
        self.min_bet = min_bet
        self.cite = tuple(cite)
        self.put = {p: 0 for p in self.order}
        self.current = 0
        self.bets = 0
        self.queue = list(self.order)
        self.out: set[str] = set()

    @property
    def live(self) -> list[str]:
        return [p for p in self.order if p not in self.out]

    @property
    def closed(self) -> bool:
        return not self.queue or len(self.live) <= 1

    @property
    def to_act(self) -> str | None:
        return None if self.closed else self.queue[0]

    def owed(self, player: str) -> int:
        return self.current - self.put[player]

    def _after(self, player: str) -> list[str]:
        i = self.order.index(player)
        ring = self.order[i + 1:] + self.order[:i]
        return [p for p in ring if p not in self.out]

    def legal(self, player: str) -> list[tuple[str, int | None]]:
        """Every allowed (kind, amount) for `player` now; amounts are round totals for raises."""
        if player != self.to_act:
            return []
        out: list[tuple[str, int | None]] = [("fold", None)]
        out.append(("call", None) if self.owed(player) else ("check", None))
        if self.bets < self.bets_allowed:
            sizes = range(self.min_bet, self.step(player) + 1)
            out += [("bet", s) for s in sizes] if self.current == 0 else [("raise", self.current + s) for s in sizes]
        return out

    def apply(self, kind: str, player: str, amount: int | None) -> int:
        """Apply one action; return the units the player puts in. Raises `IllegalActionError`."""
        rule = self.cite
        who = self.to_act
        if player not in self.put:
            raise IllegalActionError(f"{player} is not in betting round {self.number}", rule)
        if player in self.out:
            raise IllegalActionError(f"{player} has already folded in betting round {self.number}", rule)
        if who is None:
            raise IllegalActionError(f"betting round {self.number} is already over", rule)
        if player != who:
            raise IllegalActionError(f"it is {who}'s turn to act in betting round {self.number}, not {player}'s", rule)
        owed = self.owed(player)
        if kind == "fold":
            self.out.add(player)
            self.queue.remove(player)
            return 0
        if kind == "check":
            if owed:
                raise IllegalActionError(f"{player} cannot check: {owed} to call", rule)
            self.queue.pop(0)
            return 0
        if kind == "call":
            if not owed:
                raise IllegalActionError(f"{player} cannot call: nothing to call, a check is possible", rule)
            self.queue.pop(0)
            return self._pay(player, self.current, None)
        if kind in ("bet", "raise"):
            size = self.step(player)
            if kind == "bet" and self.current:
                raise IllegalActionError(f"{player} cannot bet: there is already a bet of {self.current}; call, "
                                         "raise or fold", rule)
            if kind == "raise" and not self.current:
                raise IllegalActionError(f"{player} cannot raise: nobody has bet yet; check or bet", rule)
            if self.bets >= self.bets_allowed:
                raise IllegalActionError(f"{player} cannot {kind}: a round allows a bet and {self.bets_allowed - 1} "
                                         "raises, and they have all been made", rule)
            if amount is None:
                raise IllegalActionError(f"{player} {kind}s without an amount: say how much (at most {size} more)",
                                         rule)
            step = amount - (0 if kind == "bet" else self.current)
            if not self.min_bet <= step <= size:
                raise IllegalActionError(f"{player} {kind}s {'to ' if kind == 'raise' else ''}{amount}: that is a "
                                         f"{kind} of {step}, but {player} may bet or raise from {self.min_bet} to "
                                         f"{size} in round {self.number}", rule)
            self.bets += 1
            self.current = amount
            return self._pay(player, amount, self._after(player))
        raise IllegalActionError(f"{kind!r} is not a betting action", rule)

    def _pay(self, player: str, total: int, queue: list[str] | None) -> int:
        add = total - self.put[player]
        self.put[player] = total
        if queue is not None:
            self.queue = queue
        return add
