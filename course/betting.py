"""Replay of one fixed-limit betting round: legality, amounts, caps, contributions, ledger.

Every action comes as a trio (`verify` raises `IllegalActionError` with the reason and the rule
cited, `can` answers yes or no, `apply` does it), so `legal_action` questions and the app's
feedback run the same code. Each applied action appends an immutable `LedgerEntry` carrying the
sentence a learner reads and the citation keys it rests on.

Rules applied (values come from the profile, never from its name):
- antes are recorded apart from the round (they are not street contributions);
- on third street (when the profile has a bring-in) the bring-in player must bring in or
  complete to the small bet; a completion counts as the round's bet;
- bets and raises move in the street's fixed step (`bet_by_street`: small or big), or, under a
  `PlayerLimit` rule (Horn-A-Vika), by any whole amount up to the player's own largest;
- on fourth street, with `fourth_street_pair` on and a pair showing among the players in, the
  big step may be used (by everyone or the pair holders, `fourth_street_pair_scope`); once used
  it stands for the rest of the round when `fourth_street_big_bet_stands`;
- a bet and at most `raise_cap` raises;
- a call pays only the difference; a check only when nothing is owed; turn order is enforced;
- the round is over when every player still in has acted and matched, or one player is left.

Amounts may be left out: the engine infers them (on fourth street with the pair option open it
assumes the ordinary small step and says so). A wrong amount is rejected with the right one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Callable, Collection, Iterable, Mapping, Sequence

from course import amounts
from course.cards import Card
from course.engine.actions import BETTING_VERBS, Move, parse_move
from course.errors import ActionFormatError, IllegalActionError
from course.explain import Answer, Step
from course.games import GameSpec, find_game
from course.rules import FORCED_BETS, ForcedBet, Profile, Stakes, on_street
from course.showdown import build_pots, side_pots
from course.table import (
    action_order,
    check_seats,
    exposed_pairs,
    first_to_act,
    split_hand,
)

__all__ = [
    "Action",
    "ActionFormatError",
    "BettingRound",
    "IllegalActionError",
    "LedgerEntry",
    "PlayerLimit",
    "Verb",
    "new_round",
]


_PAIR_OPTIONS = ("fourth_street_pair", "fourth_street_pair_scope", "fourth_street_big_bet_stands")
_DEFAULT_WORDS = {
    "ante": "the ante amount",
    "bring_in": "the bring-in amount",
    "small_bet": "the bet amounts",
    "big_bet": "the bet amounts",
    "bet_by_street": "the step used on each street",
    "raise_cap": "the raise cap",
    "fourth_street_pair": "the fourth-street pair rule",
    "fourth_street_pair_scope": "who may use the big bet",
    "fourth_street_big_bet_stands": "the big bet standing for the round",
    "completion": "the completion counting as the bet",
    "min_raise": "the smallest raise",
    "short_ante": "the all-in ante",
    "short_bring_in": "the all-in bring-in",
    "short_completion": "the all-in completion",
    "short_raise": "the all-in bet or raise",
    "short_all_in_reopens": "how a short all-in counts",
    "all_in_ante_lowcard": "who opens for an all-in lowest door card",
}


class Verb(StrEnum):
    ANTE = "antes"
    BRING_IN = "brings in"
    COMPLETE = "completes"
    BET = "bets"
    RAISE = "raises"
    CALL = "calls"
    CHECK = "checks"
    FOLD = "folds"


# The stud actions: the betting verbs of the one move grammar.
STUD_KINDS = tuple(BETTING_VERBS)
_VERB_OF_KIND = {kind: Verb(words) for kind, (words, _) in BETTING_VERBS.items()}
# The word before an amount, from the one grammar: "Ben raises to 16", "Ben bets 4".
_AMOUNT_WORD = {Verb(words): f" {word} " if word else " " for words, word in BETTING_VERBS.values()}


@dataclass(frozen=True, slots=True)
class Action:
    """One action string: `Action.parse("Ben raises to 16")`, `str(action)`."""

    player: str
    verb: Verb
    amount: int | None = None  # bring-in, ante, bet: the amount; completes/raises: the new total

    @classmethod
    def of(cls, move: Move) -> "Action":
        """The stud action of a parsed betting move."""
        return cls(move.player, _VERB_OF_KIND[move.kind], move.amount)

    @classmethod
    def parse(cls, text: "str | Action") -> "Action":
        """Read a stud action with the one move grammar (`course.engine.actions`)."""
        if isinstance(text, Action):
            return text
        move = parse_move(text, STUD_KINDS, noun="action")
        return cls(move.player, _VERB_OF_KIND[move.kind], move.amount)

    def with_amount(self, amount: int | None) -> "Action":
        """The same action with its amount filled in (`dataclasses.replace`, at a fraction of its cost)."""
        return Action(self.player, self.verb, amount)

    def __str__(self) -> str:
        # The one grammar's words for a stud action (`Move.__str__`), without building the move.
        if self.amount is None:
            return f"{self.player} {self.verb.value}"
        return f"{self.player} {self.verb.value}{_AMOUNT_WORD[self.verb]}{self.amount}"


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One move of a hand, as played: the one ledger entry type, of a betting round's record
    and of the hand state's (`course.engine.state.HandState.ledger`)."""

    n: int  # 1-based position in its record (the round's, or the whole hand's)
    player: str | None
    move: str  # the move as applied (a round's: amount filled in) or as written (the hand's)
    added: int  # units this move put in
    pot: int  # the pot after it
    text: str  # the sentence a learner reads
    cite: tuple[str, ...] = ()
    course_default: bool = False
    street: str | None = None  # a betting round's street
    kind: str = "round"  # "ante" (apart from the round) or "round"
    round_total: int = 0  # the player's total for the round after it (0 for an ante)
    to_match: int = 0  # what every player must have put in after it
    pots: tuple[int, ...] = ()  # with stacks: each pot after it, main pot first

    @property
    def action(self) -> str:
        """A betting round's action (the move, amount filled in)."""
        return self.move

    @property
    def step(self) -> Step:
        return Step(self.text, self.cite, self.course_default)


@dataclass(slots=True)
class _Plan:
    action: Action
    added: int
    text: str
    cite: tuple[str, ...]
    course_default: bool = False
    new_level: int | None = None
    big: bool = False
    all_in: bool = False   # the action puts the player's last chip in
    full: bool = True      # a bet, completion or raise that counts as a full one (reopens the betting)


def _names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# Robert's Rules lift the raise cap heads-up in a money game; the course keeps it (COURSE "Raise
# cap"), and a refused raise between two players cites both.
HEADS_UP_CAP_CITE = 'RRP-H 3 "Betting and Raising" 4'


def _cites(*groups: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(key for group in groups for key in group))


def _bracket(*parts: str) -> str:
    """One bracket holding every non-empty part, or "" (never two brackets in a row)."""
    parts = tuple(p for p in parts if p)
    return f" ({'; '.join(parts)})" if parts else ""


@dataclass(frozen=True, slots=True)
class PlayerLimit:
    """A limit rule in which each player has a largest bet or raise of their own (Horn-A-Vika,
    OPR-535 3): any whole amount from `smallest` up to `largest(player)`. Without one, a round
    bets in the street's fixed step."""

    number: int                       # the betting round's number, as the learner reads it
    largest: Callable[[str], int]
    smallest: int
    cite: tuple[str, ...]
    # Amounts in whole units only: (why, in words; its citations; whether that is the course's
    # own default), or None where the rules pay to the cent (a bet of 1.50 allowed).
    whole: tuple[str, tuple[str, ...], bool] | None = None

    def steps(self, player: str) -> list[int]:
        """The amounts a move list offers: each whole one from `smallest` up to the player's limit,
        and the limit itself when it has cents. Where the rules pay to the cent (`whole` None) any
        amount to the cent in that range is legal too and is judged so, but is not listed: the list
        stays short for random play, which only needs legal moves to choose from."""
        largest = self.largest(player)
        whole = list(range(self.smallest, int(largest) + 1))
        return whole + [largest] if largest != int(largest) else whole    # an exact limit such as 2.50 too


@dataclass
class BettingRound:
    """One street's betting, replayed action by action.

    `seats` clockwise from the dealer's left; `first` the bring-in or opener; `active` the
    players still in when the street starts (default: every seat); `pair_holders` the players
    in who show a pair (fourth-street option); `pot` the pot before the street.
    """

    _undo = True     # an action changes it in place: a trial saves and restores it (course.engine.seats.save)

    street: str
    seats: Sequence[str]
    first: str
    profile: Profile
    stakes: Stakes | None = None
    active: Collection[str] | None = None
    pair_holders: Collection[str] = ()
    pot_before: int = 0
    first_answer: Answer | None = None
    limit: PlayerLimit | None = None  # None: the street's fixed step
    explain_first: Callable[[], Answer] | None = None   # the first actor's answer, worded only when read
    stacks: Mapping[str, int] | None = None  # chips at the round's start (before an ante in it); absent: enough for anything
    entry_pots: bool = True   # with stacks, each entry says the pots after it; False: a table's round (its own ledger does)

    order: list[str] = field(init=False)
    put: dict[str, int] = field(init=False)
    antes: dict[str, int] = field(init=False)
    folded: set[str] = field(init=False)
    to_match: int = field(init=False, default=0)
    level: int = field(init=False, default=0)  # the bet (or completion) is 1, each raise adds 1
    last_step: int = field(init=False, default=0)  # the size of the round's latest bet or raise
    bring_in_posted: bool = field(init=False, default=False)
    big_used: bool = field(init=False, default=False)
    full_level: int = field(init=False, default=0)    # the round total of the latest full bet or raise
    largest_step: int = field(init=False, default=0)  # the largest bet or raise so far (full-raise reading)
    short_pending: int = field(init=False, default=0)  # short all-in raises since the last full one (full-raise)
    acted: set[str] = field(init=False)
    _brings_in: bool = field(init=False)     # the street opens with a bring-in (the spec's option says)
    _step_size: str = field(init=False)      # the street's fixed step, small or big (the spec's option)
    _said: set[str] = field(init=False)      # course defaults already said in this round's ledger
    _saying: list[str] = field(init=False)   # those the action being judged says
    turn: int = field(init=False, default=0)
    started: bool = field(init=False, default=False)
    _ledger: list[LedgerEntry] = field(init=False)
    _closed: bool | None = field(init=False, default=None)   # `is_closed`, kept until the next action
    game: GameSpec = field(init=False)  # the profile's game: which street has the forced bets, the pair option

    def __post_init__(self) -> None:
        self.game = find_game(self.profile.game)
        self.game.check_betting_street(self.street)
        self.seats = check_seats(self.seats)
        active = list(self.seats) if self.active is None else [p for p in self.seats if p in set(self.active)]
        for p in self.active or ():
            if p not in self.seats:
                raise ValueError(f"active names {p!r}, who is not seated: expected one of {list(self.seats)!r}")
        if self.stakes is None:
            self.stakes = self.profile.stakes
        self.order = action_order(self.seats, self.first, active)
        self.active = tuple(self.order)
        self.pair_holders = tuple(p for p in self.pair_holders if p in set(self.order))
        self.put = {p: 0 for p in self.order}
        self.stacks = {p: amounts.parse(v) for p, v in (self.stacks or {}).items() if p in self.put}
        self.antes = {}
        self.folded = set()
        self.acted = set()
        self._said, self._saying = set(), []
        self._brings_in = self.game.opens(self.street, self.profile).value == "bring-in" and self.stakes.bring_in > 0
        self._step_size = self.game.bet_size(self.street, self.profile)
        self._ledger = []

    # --- what the profile says --------------------------------------------------------------


    @property
    def bring_in_mode(self) -> bool:
        return self._brings_in

    @property
    def cap(self) -> int:
        return 1 + self.profile.value("raise_cap")

    def _size(self) -> str:
        return self._step_size

    def _step_cites(self, size: str) -> tuple[str, ...]:
        return _cites(self.profile.option("bet_by_street").cite, self.profile.stake_option(size).cite)

    def _step_default(self, size: str) -> bool:
        return self.profile.option("bet_by_street").course_default or self.profile.stake_option(size).course_default

    def pair_option_open(self, player: str) -> bool:
        """May `player` use the big step on this street under the exposed-pair option?"""
        if self.street != self.game.pair_street or self.profile.value("fourth_street_pair") == "off":
            return False
        if not self.pair_holders:
            return False
        if self.profile.value("fourth_street_pair_scope") == "pair-holder":
            return player in self.pair_holders
        return True

    def steps_allowed(self, player: str) -> list[int]:
        """The bet/raise increments open to `player` now, ordinary first."""
        if self.limit is not None:
            least = self._least_raise()
            return [k for k in self.limit.steps(player) if k >= least]
        size = self._size()
        ordinary = self.stakes.amount(size)
        big = self.stakes.big_bet
        if self.street == self.game.pair_street and self.big_used and \
                self.profile.value("fourth_street_big_bet_stands"):
            return [big]
        if self.pair_option_open(player) and big != ordinary:
            return [ordinary, big]
        return [ordinary]

    def _pair_cites(self) -> tuple[str, ...]:
        return _cites(
            self.profile.option("fourth_street_pair").cite,
            self.profile.option("fourth_street_pair_scope").cite,
            self.profile.option("fourth_street_big_bet_stands").cite,
        )

    def _note_words(self, *names: str) -> str:
        """Words saying which of these options are the course's own defaults ("" when none). A
        default is said once in a round: one already said by an applied action is left out."""
        words = []
        for name in names:
            if name not in FORCED_BETS and not self.profile.has(name):
                continue         # an all-in rule this profile does not name: cited on its step instead
            option = self.profile.option(name)
            if self._forced(name).course_default if name in FORCED_BETS else option.course_default:
                word = _DEFAULT_WORDS.get(name, name.replace("_", " "))
                if word not in words and word not in self._said:
                    words.append(word)
        if not words:
            return ""
        self._saying.extend(words)
        listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
        plural = "s" if len(words) > 1 else ""
        return f"{listed}: the course's own default{plural}, not a rule this profile's source states"

    def _note(self, *names: str) -> str:
        return _bracket(self._note_words(*names))

    def _pair_default(self) -> bool:
        return any(
            self.profile.option(n).course_default
            for n in ("fourth_street_pair", "fourth_street_pair_scope", "fourth_street_big_bet_stands")
        )

    # --- state ------------------------------------------------------------------------------

    @property
    def live(self) -> list[str]:
        return [p for p in self.order if p not in self.folded]

    def behind(self, player: str) -> int | None:
        """The chips `player` has left to bet (None: no stack given, enough for anything)."""
        if player not in self.stacks:
            return None
        return self.stacks[player] - self.antes.get(player, 0) - self.put.get(player, 0)

    def is_all_in(self, player: str) -> bool:
        """Every chip of `player` is in the pot (table stakes): they take no further part in the betting."""
        if not self.stacks:
            return False
        left = self.behind(player)
        return left is not None and left <= 0

    @property
    def all_in(self) -> list[str]:
        """The players still in who are all in, in action order."""
        return [p for p in self.live if self.is_all_in(p)]

    def _most(self, player: str) -> int | None:
        """The largest round total `player` can reach (None: no limit)."""
        left = self.behind(player)
        return None if left is None else self.put[player] + left

    @property
    def is_closed(self) -> bool:
        """Is the round over? Kept until the next action (`apply` is the one place a round
        changes; a trial's `restore` puts the kept answer back with the rest): a move list judges
        every candidate against it, and each judgement asks."""
        closed = self._closed
        if closed is None:
            closed = self._closed = self._is_closed()
        return closed

    def _is_closed(self) -> bool:
        live = self.live
        if len(live) <= 1:
            return True
        if not self.stacks:          # nobody can be all in: the round as it always was
            if self.bring_in_mode and not self.bring_in_posted and self.level == 0:
                return False
            return all(p in self.acted and self.put[p] == self.to_match for p in live)
        actors = [p for p in live if not self.is_all_in(p)]
        if not actors:
            return True
        if len(actors) == 1 and self.owed(actors[0]) <= 0:
            return True     # nobody is left to bet against (everyone else in is all in)
        if self.bring_in_mode and not self.bring_in_posted and self.level == 0:
            return False
        return all(p in self.acted and self.put[p] == self.to_match for p in actors)

    def _due(self) -> str | None:
        """The player whose turn it is: from `turn`, the first still in with chips left."""
        if not self.stacks:
            return self.order[self.turn]
        n = len(self.order)
        for k in range(n):
            candidate = self.order[(self.turn + k) % n]
            if candidate not in self.folded and not self.is_all_in(candidate):
                return candidate
        return None

    @property
    def to_act(self) -> str | None:
        """Whose turn it is, or None when the round is over."""
        if self.is_closed:
            return None
        return self._due()

    def owed(self, player: str) -> int:
        return self.to_match - self.put[player]

    @property
    def contributions(self) -> dict[str, int]:
        """Player -> units put in on this street (antes excluded), every player in, seat order."""
        return {p: self.put[p] for p in self.seats if p in self.put}

    @property
    def total(self) -> int:
        """Units added on this street (antes excluded)."""
        return sum(self.put.values())

    @property
    def ante_total(self) -> int:
        return sum(self.antes.values())

    @property
    def pot(self) -> int:
        """The pot after the actions so far: the pot before the street, antes, and the round."""
        return self.pot_before + self.ante_total + self.total

    @property
    def paid(self) -> dict[str, int]:
        """Player -> units put in (antes and this round), every player in, seat order."""
        return {p: self.antes.get(p, 0) + self.put[p] for p in self.seats if p in self.put}

    def pots(self) -> list:
        """The main pot and side pots now (`course.showdown.build_pots`): the pot before the
        street goes to the main pot, shared by every player still in."""
        return build_pots(self.paid, self.seats, self.folded, self.pot_before, self.all_in)[0]

    def pot_amounts(self) -> tuple[int, ...]:
        """Each pot's units now, main pot first, then any chips nobody has matched yet (the
        ledger's column: they add up to the pot)."""
        pots, unmatched = build_pots(self.paid, self.seats, self.folded, self.pot_before, self.all_in)
        return tuple(pot.amount for pot in pots if pot.amount) + tuple(unmatched.values())

    def side_pots_answer(self) -> Answer:
        """The `side_pots` question: each pot's amount and who may win it, after the actions."""
        answer = side_pots(self.paid, self.seats, self.folded, self.pot_before, self.all_in, still_betting=True)
        return Answer(answer.value, [*self._history_steps(), *answer.steps])

    @property
    def ledger(self) -> list[LedgerEntry]:
        return list(self._ledger)

    @property
    def last_entry(self) -> LedgerEntry | None:
        """The latest action's entry (None before the first), without copying the ledger."""
        return self._ledger[-1] if self._ledger else None

    def ledger_frame(self):
        """The ledger as a pandas DataFrame (one row per action) for the app."""
        import pandas as pd

        columns = ["n", "street", "player", "action", "kind", "added", "round_total", "to_match", "pot", "pots", "note",
                   "cite"]
        rows = [
            {
                "n": e.n,
                "street": e.street,
                "player": e.player,
                "action": e.action,
                "kind": e.kind,
                "added": e.added,
                "round_total": e.round_total,
                "to_match": e.to_match,
                "pot": e.pot,
                "pots": " + ".join(str(n) for n in e.pots) if len(e.pots) > 1 else "",
                "note": e.text,
                "cite": "; ".join(e.cite),
            }
            for e in self._ledger
        ]
        return pd.DataFrame(rows, columns=columns)

    # --- the trio ---------------------------------------------------------------------------

    def verify(self, action: Action | str) -> Action:
        """The action with its amount filled in, or `IllegalActionError` saying why not."""
        return self._judge(Action.parse(action)).action

    def can(self, action: Action | str) -> bool:
        try:
            self._judge(Action.parse(action))
        except IllegalActionError:
            return False
        return True

    def legal_moves(self) -> list[Action]:
        """Every action the player to act may take now (amounts filled in), each one `can` accepts,
        in the order fold, check, call, bring in, complete, bets, raises.

        Without stacks they follow from the round's state (`_plain_moves`); with stacks every
        candidate is judged, since a wager may be all in for less, a short all-in may leave the
        betting closed to a player, and an all-in lowest door card moves the bring-in.
        `tests/test_hand_state.py` checks the list against `can` on every candidate. One exception:
        where a per-player limit pays to the cent (Horn-A-Vika under `opr-535-exact`) the amounts in
        cents between the whole ones are legal but not listed (`PlayerLimit.steps`)."""
        p = self.to_act
        if p is None:
            return []
        if not self.stacks:
            return self._plain_moves(p)
        plain = self._plain_moves(p)
        if self._covers(p, plain):
            return plain
        moves = []
        for verb in (Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.BRING_IN, Verb.COMPLETE):
            try:
                moves.append(self._judge(Action(p, verb)).action)
            except IllegalActionError:
                pass
        steps = self.steps_allowed(p)
        # no step open (a player whose own limit is below the smallest raise may only call or fold)
        for verb, base in ((Verb.BET, 0), (Verb.RAISE, self._raise_base())) if steps else ():
            try:     # without a stack the amount is the first step; with one it may be all in for less
                plan = self._judge(Action(p, verb, base + steps[0]) if self.limit is not None else Action(p, verb))
            except IllegalActionError:
                most = self._most(p)
                if self.limit is None or most is None or most >= base + steps[0]:
                    continue
                try:     # under a limit, a player short of the first step: all in for less
                    plan = self._judge(Action(p, verb, most))
                except IllegalActionError:
                    continue
            moves.append(plan.action)
            if plan.action.amount == base + steps[0]:
                most = self._most(p)
                moves += [Action(p, verb, base + k) for k in steps[1:] if most is None or base + k <= most]
        return moves

    def _covers(self, p: str, plain: list[Action]) -> bool:
        """With stacks, the moves that follow from the round's state are the legal ones when
        nobody went all in in this round (so no short all-in reopens or closes the betting),
        and a player all in from an earlier street, who takes no part in this one, leaves the
        bring-in posted and another player with chips to bet against; and when `p` has chips
        left after the dearest of them (so none is all in for less)."""
        left = self.behind(p)
        all_in = [q for q in self.order if self.is_all_in(q)]
        if all_in and (any(self.stacks[q] > 0 for q in all_in)          # all in on this street
                       or (self.bring_in_mode and not self.bring_in_posted)
                       or sum(1 for q in self.live if not self.is_all_in(q)) < 2):
            return False
        put = self.put.get(p, 0)
        dearest = max((self.owed(p) if a.verb is Verb.CALL else (a.amount or 0) - put) for a in plain) if plain else 0
        return left is None or left > dearest

    def _plain_moves(self, p: str) -> list[Action]:
        """`legal_moves` without stacks: nobody can be all in, so the moves follow from the round's
        state alone, without judging (and wording) each candidate: the player to act is in and it
        is their turn, so what remains is what `_judge` asks of each verb (what is owed, the
        bring-in still to come, the level and the cap, the steps open)."""
        stakes = self.stakes
        completes = self.bring_in_mode and self.level == 0 and stakes.small_bet > stakes.bring_in
        if self.bring_in_mode and not self.bring_in_posted and self.level == 0:     # the forced bring-in
            moves = [Action(p, Verb.BRING_IN, stakes.bring_in)] if p == self.first else []
            return moves + ([Action(p, Verb.COMPLETE, stakes.small_bet)] if completes else [])
        owed = self.owed(p)
        moves = [Action(p, Verb.FOLD), Action(p, Verb.CALL) if owed else Action(p, Verb.CHECK)]
        if completes:
            moves.append(Action(p, Verb.COMPLETE, stakes.small_bet))
        if self.level == 0 and not self.bring_in_mode:
            verb, base = Verb.BET, 0
        elif 0 < self.level < self.cap:
            verb, base = Verb.RAISE, self.to_match
        else:
            return moves
        return moves + [Action(p, verb, base + k) for k in self.steps_allowed(p)]

    def apply(self, action: Action | str) -> LedgerEntry:
        parsed = Action.parse(action)
        plan = self._judge(parsed)
        self._closed = None               # the round changes: whether it is over is asked again
        self._said.update(self._saying)
        act = plan.action
        player = act.player
        if act.verb is Verb.ANTE:
            self.antes[player] = plan.added
            entry_kind, round_total = "ante", 0
        else:
            entry_kind = "round"
            self.started = True
            self.put[player] += plan.added
            round_total = self.put[player]
            if act.verb is Verb.FOLD:
                self.folded.add(player)
            elif act.verb is Verb.BRING_IN:
                self.bring_in_posted = True
                self.to_match = max(self.to_match, self.put[player])
                if self.to_match >= self.stakes.small_bet:  # a bring-in of a full bet is the bet
                    self.level = 1
                    self.full_level = self.to_match
                self.acted = {player}
            elif act.verb in (Verb.COMPLETE, Verb.BET, Verb.RAISE):
                step = self.put[player] - self.to_match
                self.last_step = step
                self.to_match = self.put[player]
                self.level = plan.new_level
                if plan.full:
                    self.acted = {player}
                    self.full_level = self.to_match
                    self.short_pending = 0
                else:     # a short all-in: players who acted may not raise again on it alone
                    self.acted.add(player)
                    if self._measure() != "half-bet":
                        self.short_pending += step
                        if self.short_pending >= self.largest_step:
                            self.short_pending = 0
                self.largest_step = max(self.largest_step, step)
                if plan.big:
                    self.big_used = True
            else:
                self.acted.add(player)
            self._advance(player)
        entry = LedgerEntry(
            n=len(self._ledger) + 1,
            street=self.street,
            player=player,
            move=str(act),
            kind=entry_kind,
            added=plan.added,
            round_total=round_total,
            to_match=self.to_match,
            pot=self.pot,
            text=plan.text,
            cite=plan.cite,
            course_default=plan.course_default,
            pots=self.pot_amounts() if self.stacks and self.entry_pots else (),
        )
        self._ledger.append(entry)
        return entry

    def _advance(self, player: str) -> None:
        index = self.order.index(player)
        for k in range(1, len(self.order) + 1):
            candidate = self.order[(index + k) % len(self.order)]
            if candidate not in self.folded:
                self.turn = self.order.index(candidate)
                return

    # --- the rules --------------------------------------------------------------------------

    def _judge(self, action: Action) -> _Plan:
        p = action.player
        self._saying = []

        def illegal(reason: str, cite: Iterable[str], course_default: bool = False) -> IllegalActionError:
            return IllegalActionError(reason, cite, action=action, course_default=course_default)

        if p not in self.seats:
            raise illegal(f"{p!r} is not at this table: expected one of {list(self.seats)!r}", self.profile.rule_cite("turn_order"))
        if p not in self.put:
            raise illegal(f"{p} is no longer in the hand, so cannot act on {self.street} street", self.profile.rule_cite("folded_out"))
        if action.verb is Verb.ANTE:
            return self._judge_ante(action, illegal)
        if p in self.folded:
            raise illegal(f"{p} has folded and takes no further part in the hand", self.profile.rule_cite("folded_out"))
        if self.is_all_in(p):
            raise illegal(f"{p} is all in (every chip {p} had is in the pot), so {p} takes no further part in "
                          "the betting", self.profile.rule_cite("table_stakes"))
        if self.is_closed:
            if self.all_in:
                raise illegal(
                    f"the betting round is over: {_names(self.all_in)} {'is' if len(self.all_in) == 1 else 'are'} "
                    "all in and nobody is left to bet against",
                    _cites(self.profile.rule_cite("round_end"), self.profile.rule_cite("no_raise_against_all_ins")),
                )
            raise illegal(
                "the betting round is over: every player still in has acted and matched the last bet",
                self.profile.rule_cite("round_end"),
            )
        due = self._due()
        if p != due:
            raise illegal(f"it is {due}'s turn to act, not {p}'s", self.profile.rule_cite("turn_order"))

        waiting_bring_in = self.bring_in_mode and not self.bring_in_posted and self.level == 0
        lowcard_all_in = waiting_bring_in and self.is_all_in(self.first)
        if lowcard_all_in and action.verb is Verb.FOLD:
            option = self._all_in_option("all_in_ante_lowcard")
            return _Plan(action, 0, f"{p} folds: {self.first}, the {self._door()} {self.game.door_card}, is all in on the ante, so "
                         f"{p} opens instead and may fold, bring in or complete{self._note('all_in_ante_lowcard')}.",
                         option.cite, option.course_default)
        if waiting_bring_in and action.verb not in (Verb.BRING_IN, Verb.COMPLETE):
            raise illegal(
                f"{p} must first bring in {self.stakes.bring_in} or complete to {self.stakes.small_bet}: "
                "the bring-in is forced",
                _cites(self.profile.option("third_street_first").cite, self.profile.rule_cite("bring_in_forced")),
            )

        owed = self.owed(p)
        verb = action.verb
        if verb is Verb.FOLD:
            text = f"{p} folds" + (" (a check was possible)" if owed == 0 else "") + " and is out of the hand."
            return _Plan(action, 0, text, self.profile.rule_cite("folded_out"))
        if verb is Verb.CHECK:
            if owed > 0:
                raise illegal(
                    f"{p} cannot check with {owed} owed ({self.to_match} to match, {self.put[p]} already in): "
                    "a check is only possible when nothing is owed; call, raise or fold",
                    self.profile.rule_cite("check_when_nothing_owed"),
                )
            return _Plan(action, 0, f"{p} checks: nothing is owed.", self.profile.rule_cite("check_when_nothing_owed"))
        if verb is Verb.CALL:
            if owed == 0:
                raise illegal(
                    f"{p} has nothing to call ({self.to_match} to match, {self.put[p]} already in): "
                    + ("check or bet instead" if self.level == 0 else "check or raise instead"),
                    self.profile.rule_cite("check_when_nothing_owed"),
                )
            text = f"{p} calls {self.to_match}, adding {owed}"
            text += f" to the {self.put[p]} already in." if self.put[p] else "."
            # Paying only the difference rests on its own rule; a plain call matches the street's bet.
            cite = (self.profile.rule_cite("call_difference") if self.put[p]
                    else on_street(self.profile.option("bet_by_street").cite, self.street))
            left = self.behind(p)
            if left is not None and left <= owed:
                short = owed - left
                text = (f"{p} calls all in with {left}, the last of {p}'s chips"
                        + (f", {short} short of the {self.to_match} to match: {p} can win from each other player "
                           f"only as much as {p} has put in" if short else f", matching the {self.to_match}") + ".")
                cite = _cites(cite, self.profile.rule_cite("table_stakes"))
                return _Plan(action, left, text, cite, all_in=True)
            return _Plan(action, owed, text, cite)
        if verb is Verb.BRING_IN:
            return self._judge_bring_in(action, illegal)
        if verb is Verb.COMPLETE:
            return self._judge_complete(action, illegal, waiting_bring_in)
        if verb is Verb.BET:
            return self._judge_bet(action, illegal)
        return self._judge_raise(action, illegal)

    def _forced(self, name: str) -> ForcedBet:
        """The profile's ante or bring-in for these stakes (an exercise's own amount stands)."""
        fb = self.profile.forced_bet(name)
        if fb.amount == getattr(self.stakes, name):
            return fb
        option = self.profile.option(name)
        return ForcedBet(name, getattr(self.stakes, name), None, False, option.cite, option.course_default)

    def _forced_words(self, fb: ForcedBet, name: str) -> str:
        """How the forced bet is sized, with the course-default note, in one bracket."""
        return _bracket(fb.words(self.stakes.small_bet), self._note_words(name))

    def _judge_ante(self, action: Action, illegal) -> _Plan:
        p = action.player
        ante = self._forced("ante")
        cite = _cites(self.profile.rule_cite("ante_apart"), ante.cite)
        if self.street != self.game.first_street:
            raise illegal(f"antes are posted before the deal, not on {self.street} street", cite)
        if self.started:
            raise illegal("antes come before the betting: the round has already started", cite)
        if p in self.antes:
            raise illegal(f"{p} has already anted", cite)
        amount = self.stakes.ante
        if amount == 0:
            raise illegal("this game has no ante from each player", ante.cite)
        left = self.behind(p)
        if left is not None and left < amount:
            return self._short_forced(action, illegal, "ante", amount, left, cite)
        if action.amount is not None and action.amount != amount:
            raise illegal(f"the ante is {amount}{self._forced_words(ante, 'ante')}, not {action.amount}",
                          cite, ante.course_default)
        return _Plan(
            action.with_amount(amount),
            amount,
            f"{p} antes {amount}{self._forced_words(ante, 'ante')}; the ante is recorded apart from "
            "the betting round.",
            cite,
            ante.course_default,
        )

    def _judge_bring_in(self, action: Action, illegal) -> _Plan:
        p = action.player
        first = self.profile.option("third_street_first")
        forced = self._forced("bring_in")
        bring = _cites(first.cite, self.profile.rule_cite("bring_in_forced"), forced.cite)
        if not self.bring_in_mode:
            where = f"on {self.street} street" if self.street != self.game.first_street else "in this game"
            raise illegal(f"there is no bring-in {where}", first.cite)
        if self.bring_in_posted or self.level > 0:
            raise illegal("the bring-in has already been made", bring)
        opener = self._due() if self.is_all_in(self.first) else self.first
        if p != opener:
            raise illegal(f"{opener} brings in, not {p}", bring)
        amount = self.stakes.bring_in
        left = self.behind(p)
        if left is not None and left < amount:
            return self._short_forced(action, illegal, "bring_in", amount, left, bring)
        if action.amount is not None and action.amount != amount:
            raise illegal(
                f"the bring-in is {amount}{self._forced_words(forced, 'bring_in')}, not {action.amount}; "
                f"to put in {self.stakes.small_bet}, complete instead",
                bring,
                forced.course_default,
            )
        if p != self.first:          # the bring-in card is all in on the ante (RRP-H 8.8)
            option = self._all_in_option("all_in_ante_lowcard")
            return _Plan(action.with_amount(amount), amount,
                         f"{p} opens for the amount of the bring-in, {amount}, in place of {self.first}, whose "
                         f"{self._door()} {self.game.door_card} is all in on the ante{self._note('all_in_ante_lowcard')}; it counts toward "
                         f"{p}'s round.", _cites(option.cite, forced.cite), option.course_default or forced.course_default)
        return _Plan(
            action.with_amount(amount),
            amount,
            f"{p} brings in {amount}{self._forced_words(forced, 'bring_in')}, the forced bet of the "
            f"{self._door()} {self.game.door_card}; it counts toward {p}'s round.",
            _cites(bring, self.profile.rule_cite("bring_in_counts")),
            forced.course_default,
        )

    def _short_forced(self, action: Action, illegal, name: str, amount: int, left: int, cite) -> _Plan:
        """An ante or bring-in the player cannot pay in full: all in for what is left (the profile's
        `short_ante` / `short_bring_in`)."""
        p, word = action.player, {"ante": "ante", "bring_in": "bring-in"}[name]
        option_name = f"short_{name}"
        if left <= 0:
            raise illegal(f"{p} has no chips left, so cannot post the {word}: a player plays only with the chips "
                          "in front of them", self.profile.rule_cite("table_stakes"))
        option = self._all_in_option(option_name)
        if option.value != "all-in":
            raise illegal(f"{p} has only {left}, less than the {word} of {amount}, and these rules give no all-in "
                          f"for less", cite)
        cites = _cites(cite, option.cite, self.profile.rule_cite("table_stakes"))
        if action.amount is not None and action.amount != left:
            raise illegal(f"{p} has only {left} left, so {p} posts {left} all in, not {action.amount}",
                          cites, option.course_default)
        if name == "ante":
            text = (f"{p} antes {left}, all {p} has: short of the ante of {amount}, {p} is all in"
                    f"{self._note(option_name)} and plays on for the pot those chips can win.")
        else:
            text = (f"{p} brings in {left}, all {p} has: short of the bring-in of {amount}, {p} is all in"
                    f"{self._note(option_name)}; the next player may call {left} or complete.")
        return _Plan(action.with_amount(left), left, text, cites, option.course_default, all_in=True)

    def _all_in_option(self, name: str):
        """An all-in option of the profile; a profile without it (a game added before its profiles
        name the all-in rules) plays Robert's Rules' reading, cited as such."""
        if self.profile.has(name):
            return self.profile.option(name)
        from course.rules import Option

        value, cite = {"all_in_ante_lowcard": ("left-opens", ("RRP-H 8.8",)),
                       "short_all_in_reopens": ("half-bet", ('RRP-H 3 "Betting and Raising" 5',)),
                       "short_ante": ("all-in", ("RRP-H 15.19", "RRP-H 8.8")),
                       "short_bring_in": ("all-in", ("RRP-H 15.19", 'RRP-H 3 "Betting and Raising" 16')),
                       "short_completion": ("all-in", ('RRP-H 3 "Betting and Raising" 6',)),
                       "short_raise": ("all-in", ('RRP-H 3 "Betting and Raising" 6',))}[name]
        return Option(name=name, value=value, cite=cite, course_default=True,
                      note="not named by this profile: the course plays Robert's Rules' reading")

    def _measure(self) -> str:
        """The profile's reading of an all-in smaller than a full bet or raise."""
        return self._all_in_option("short_all_in_reopens").value

    def _raise_closed(self, player: str) -> bool:
        """Has `player` already acted, with only short all-ins since (which do not reopen the betting)?"""
        if player not in self.acted or self.level == 0 and not self.bring_in_mode and self.to_match == 0:
            return False
        if self._measure() == "half-bet":
            return True
        return self.short_pending > 0

    def _nobody_to_call(self, player: str) -> bool:
        """Is every other player still in all in, or unable to put in more than the current total?"""
        for q in self.live:
            if q == player:
                continue
            most = self._most(q)
            if most is None or most > self.to_match:
                return False
        return True

    def _can_raise(self, action: Action, illegal, verb_words: str) -> None:
        """The all-in limits on any bet, completion or raise (stacks given only)."""
        p = action.player
        if not self.stacks:
            return
        if self._nobody_to_call(p):
            raise illegal(f"every other player still in is all in, so nobody could call a {verb_words}: "
                          f"{p} may {'call or fold' if self.owed(p) else 'check'}",
                          self.profile.rule_cite("no_raise_against_all_ins"), True)
        most = self._most(p)
        if most is not None and most <= self.to_match:
            raise illegal(f"{p} has only {self.behind(p)} left, not even the {self.owed(p)} owed: {p} may call "
                          "all in or fold", self.profile.rule_cite("table_stakes"))
        if self._raise_closed(p):
            option = self._all_in_option("short_all_in_reopens")
            raise illegal(f"{p} has already acted, and since then only all-in wagers smaller than a full "
                          f"{'raise' if self.level else 'bet'} have been made: they do not reopen the betting, so "
                          f"{p} may call or fold{self._note('short_all_in_reopens')}", option.cite,
                          option.course_default)

    def _short_wager(self, action: Action, illegal, verb: Verb, full_total: int, step: int) -> _Plan:
        """A completion, bet or raise all in for less than the full amount `full_total`."""
        p = action.player
        most = self._most(p)
        name = "short_completion" if verb is Verb.COMPLETE else "short_raise"
        words = {Verb.COMPLETE: "completion", Verb.BET: "bet", Verb.RAISE: "raise"}[verb]
        option = self._all_in_option(name)
        if option.value != "all-in":
            raise illegal(f"{p} has only {self.behind(p)} left, short of a full {words} to {full_total}, and these "
                          f"rules allow no {words} all in for less: {p} may call or fold", option.cite,
                          option.course_default)
        reading = self._all_in_option("short_all_in_reopens")
        cite = _cites(option.cite, reading.cite, self.profile.rule_cite("table_stakes"))
        default = option.course_default or reading.course_default
        if action.amount is not None and action.amount != most:
            raise illegal(f"{p} has {self.behind(p)} left, so all in {p} can make the round total {most}, "
                          f"not {action.amount} (a full {words} would be {full_total})", cite, default)
        added = most - self.put[p]
        if self._measure() == "half-bet":
            excess = most - self.full_level
            full = 2 * excess >= step
            measure = (f"{excess} over the last full bet of {self.full_level}" if self.full_level
                       else f"a wager of {excess}")
            judged = (f"{measure} is at least half the step of {step}, so it counts as a full "
                      f"{'bet' if verb is not Verb.RAISE else 'raise'}: it reopens the betting and the next raise goes "
                      f"to {most + step}" if full else
                      f"{measure} is less than half the step of {step}, so it is not a full "
                      f"{'bet' if verb is not Verb.RAISE else 'raise'}: it does not reopen the betting for players who "
                      f"have already acted, and a player yet to act may call {most} or make it {self.full_level + step}")
            new_level = self.level + 1 if full else self.level
        elif self._measure() == "every-all-in":
            full, new_level = True, self.level + 1
            judged = (f"under these rules every all-in above the bet counts as a full "
                      f"{'bet' if verb is not Verb.RAISE else 'raise'}: it reopens the betting and the next raise "
                      f"goes to {most + step}")
        else:
            inc = most - self.to_match
            full = inc >= self.largest_step
            judged = (f"it adds {inc}, at least the round's largest bet or raise so far, so it reopens the betting"
                      if full else f"it adds {inc}, less than the round's largest bet or raise ({self.largest_step}), "
                      "so it reopens the betting only for players yet to act") +                 f"; the next raise goes to {most + max(step, self.largest_step)}"
            new_level = self.level + 1
        verb_text = {Verb.COMPLETE: f"completes all in to {most}", Verb.BET: f"bets all in {most}",
                     Verb.RAISE: f"raises all in to {most}"}[verb]
        text = (f"{p} {verb_text}, the last of {p}'s chips (a full {words} would be to {full_total}): {judged}"
                f"{self._note(name, 'short_all_in_reopens')}.")
        return _Plan(action.with_amount(most), added, text, cite, default, new_level=new_level,
                     all_in=True, full=full)

    def _raise_base(self) -> int:
        """The round total a raise is a step above: the latest full bet (half-bet reading: a smaller
        all-in is completed), or the current total (full-raise reading). Without stacks every wager
        is a full one, so the two agree."""
        if not self.stacks:
            return self.to_match
        return self.full_level if self._measure() == "half-bet" else self.to_match

    def _judge_complete(self, action: Action, illegal, waiting_bring_in: bool) -> _Plan:
        p = action.player
        cite = _cites(self.profile.rule_cite("completion"), self.profile.stake_option("small").cite)
        default = self.profile.stake_option("small").course_default
        if not self.bring_in_mode:
            raise illegal("there is no bring-in to complete here: bet or raise instead", self.profile.rule_cite("completion"))
        if self.level > 0:
            raise illegal(
                f"the bring-in has already been completed to {self.stakes.small_bet}: raise instead", cite
            )
        target = self.stakes.small_bet
        if target <= self.stakes.bring_in:
            raise illegal(f"the bring-in ({self.stakes.bring_in}) is already a full small bet", cite)
        self._can_raise(action, illegal, "completion")
        most = self._most(p)
        if most is not None and most <= self.stakes.bring_in and not self.bring_in_posted:
            raise illegal(f"{p} has only {most}, no more than the bring-in of {self.stakes.bring_in}: bring in "
                          "all in instead", _cites(cite, self.profile.rule_cite("table_stakes")))
        if most is not None and most < target:
            return self._short_wager(action, illegal, Verb.COMPLETE, target, self.stakes.small_bet)
        if action.amount is not None and action.amount != target:
            raise illegal(
                f"a completion brings the round total to the small bet, {target}, not {action.amount}", cite
            )
        added = target - self.put[p]
        text = f"{p} completes to {target}, the full small bet{self._note('small_bet')}; the completion counts as the round's bet"
        if self.profile.has("completion"):                # a reading: Robert's Rules 8.3, the course's own
            reading = self.profile.option("completion")
            text += self._note("completion")
            cite, default = _cites(cite, reading.cite), default or reading.course_default
        text += f" ({p} adds {added})." if added != target else "."
        return _Plan(action.with_amount(target), added, text, cite, default, new_level=1)

    def _no_pair_option_text(self, player: str) -> str:
        """Why the big bet is not open on fourth street."""
        if self.profile.value("fourth_street_pair") == "off":
            return f"; these rules give no big-bet option for a pair showing on {self.street} street"
        if not self.pair_holders:
            return "; no player still in shows a pair, so the big-bet option is closed"
        return f"; only a player showing a pair may use the big bet, and {player} shows none"

    def _increment_text(self, player: str, options: list[int]) -> str:
        size = self._size()
        if len(options) == 2:
            return (
                f"on {self.street} street a bet or raise is {options[0]}, or {options[1]} because a pair is showing"
            )
        if self.street == self.game.pair_street and self.big_used and options == [self.stakes.big_bet] \
                and size == "small":
            return f"a big bet has been made on {self.street} street and stands for the round, making each step {options[0]}"
        return f"on {self.street} street a bet or raise is the {size} bet, {options[0]}"

    def _sized(self, action: Action, options: list[int], base: int, illegal, verb_words: str) -> tuple[int, bool, str]:
        """Choose the increment: (increment, used big via option, note for the learner)."""
        if self.limit is not None:
            return self._player_sized(action, base, illegal, verb_words), False, ""
        size = self._size()
        cite = self._step_cites(size)
        if len(options) == 2 or self.big_used:
            cite = _cites(cite, self._pair_cites())
        totals = [base + k for k in options]
        if action.amount is None:
            inc = options[0]
            note = "amount left out: the ordinary step is assumed" if len(options) == 2 else ""
        else:
            if action.amount not in totals:
                expect = " or ".join(str(t) for t in totals)
                why, default = "", self._step_default(size)
                pair_used = len(options) == 2 or self.big_used
                if self.street == self.game.pair_street and action.amount - base == self.stakes.big_bet \
                        and not pair_used:
                    why = self._no_pair_option_text(action.player)
                    cite = _cites(cite, self.profile.option("fourth_street_pair").cite)
                    default = default or self.profile.option("fourth_street_pair").course_default
                    pair_used = True
                raise illegal(
                    f"{self._increment_text(action.player, options)}, so the new total would be {expect}, "
                    f"not {action.amount}{why}"
                    + self._note("bet_by_street", f"{size}_bet", *(_PAIR_OPTIONS if pair_used else ())),
                    cite,
                    default,
                )
            inc = action.amount - base
            note = ""
        used_big = self.street == self.game.pair_street and size == "small" and \
            inc == self.stakes.big_bet != self.stakes.small_bet
        return inc, used_big, note

    def _least_raise(self) -> int:
        """Under a `PlayerLimit`, the smallest raise the profile's `min_raise` allows now: the round's
        previous bet or raise (`previous-step`, Robert's Rules betting rule 6), else 0."""
        if self.profile.has("min_raise") and self.profile.value("min_raise") == "previous-step":
            return self.last_step
        return 0

    def _player_sized(self, action: Action, base: int, illegal, verb_words: str) -> int:
        """The increment under a `PlayerLimit`: the amount must be said, and fall in the player's range."""
        p, limit = action.player, self.limit
        largest = limit.largest(p)
        if action.amount is None:
            raise illegal(f"{p} {verb_words}s without an amount: say how much (at most {largest} more)", limit.cite)
        inc = action.amount - base
        least = self._least_raise()
        if inc < least:
            rule = self.profile.option("min_raise")
            cant = (f"; {p}'s largest raise is {largest}, so {p} may call or fold but not raise"
                    if largest < least else "")
            raise illegal(f"{p} raises to {action.amount}: that is a raise of {inc}, but a raise must be at least "
                          f"the round's previous bet or raise, {least}{cant}{self._note('min_raise')}",
                          _cites(rule.cite, limit.cite), rule.course_default)
        if not limit.smallest <= inc <= largest:
            raise illegal(f"{p} {verb_words}s {'to ' if base else ''}{action.amount}: that is a {verb_words} of {inc}, "
                          f"but {p} may bet or raise from {max(limit.smallest, least)} to {largest} in round {limit.number}",
                          _cites(self.profile.option("raise_cap").cite, limit.cite))
        if limit.whole is not None and amounts.has_cents(inc):
            why, cite, default = limit.whole
            raise illegal(f"{p} {verb_words}s {'to ' if base else ''}{action.amount}: a {verb_words} of {inc} is not a "
                          f"whole amount, and {why}", _cites(cite, limit.cite), default)
        most = self._most(p)
        if most is not None and action.amount > most:     # table stakes: only the chips left
            raise illegal(f"{p} has only {self.behind(p)} left, so {p} can make the round total at most {most}, "
                          f"not {action.amount}", _cites(self.profile.rule_cite("table_stakes"), limit.cite))
        return inc

    def _judge_bet(self, action: Action, illegal) -> _Plan:
        p = action.player
        if self.level > 0 or (self.to_match > 0 and not self.bring_in_mode):
            raise illegal(
                f"there is already a bet of {self.to_match}: raise, call or fold instead", self.profile.rule_cite("turn_order")
            )
        if self.bring_in_mode:
            raise illegal(
                f"after the bring-in the first full bet is a completion: write '{p} completes to {self.stakes.small_bet}'",
                self.profile.rule_cite("completion"),
            )
        self._can_raise(action, illegal, "bet")
        steps = self.steps_allowed(p)
        options = self._affordable(p, steps, 0)
        if steps and not options:       # all in for less than the bet
            return self._short_wager(action, illegal, Verb.BET, steps[0], steps[0])
        inc, used_big, note = self._sized(action, options, 0, illegal, "bet")
        return self._wager(action, inc, used_big, note, Verb.BET)

    def _affordable(self, player: str, options: list[int], base: int) -> list[int]:
        """The steps `player` has the chips for (all of them without a stack)."""
        most = self._most(player)
        return options if most is None else [k for k in options if base + k <= most]

    def _judge_raise(self, action: Action, illegal) -> _Plan:
        p = action.player
        if self.level == 0 and not (self.to_match > 0 and not self.bring_in_mode):
            if self.bring_in_mode:
                raise illegal(
                    f"the bring-in is not a full bet: to raise it, complete to {self.stakes.small_bet}",
                    self.profile.rule_cite("completion"),
                )
            raise illegal("nothing has been bet yet: bet instead of raising", self.profile.rule_cite("check_when_nothing_owed"))
        cap = self.profile.option("raise_cap")
        if self.level >= self.cap:
            heads_up = len(self.live) == 2 and 'COURSE "Raise cap"' in cap.cite
            raise illegal(
                f"the betting is capped: a bet and {cap.value} raise{'s' if cap.value != 1 else ''} have been made"
                f"{self._note('raise_cap')}"
                + ("; the course keeps the cap with only two players left, where Robert's Rules lift it"
                   " in a money game" if heads_up else "")
                + "; call or fold",
                _cites(cap.cite, (HEADS_UP_CAP_CITE,)) if heads_up else cap.cite,
                cap.course_default,
            )
        self._can_raise(action, illegal, "raise")
        base = self._raise_base()
        steps = self.steps_allowed(p)
        options = self._affordable(p, steps, base)
        if steps and not options:       # all in for less than a full raise
            return self._short_wager(action, illegal, Verb.RAISE, base + steps[0], steps[0])
        inc, used_big, note = self._sized(action, options, base, illegal, "raise")
        return self._wager(action, inc, used_big, note, Verb.RAISE)

    def _wager(self, action: Action, inc: int, used_big: bool, note: str, verb: Verb) -> _Plan:
        p = action.player
        new_total = (self._raise_base() if verb is Verb.RAISE else 0) + inc
        added = new_total - self.put[p]
        if self.limit is not None:
            word = "bet" if verb is Verb.BET else "raise"
            return _Plan(action.with_amount(new_total), added,
                         f"{p} {'bets' if verb is Verb.BET else 'raises to'} {new_total} in round {self.limit.number} "
                         f"(a {word} of {inc}).", _cites(self.profile.option("raise_cap").cite, self.limit.cite),
                         new_level=self.level + 1)
        size = self._size()
        cite = self._step_cites(size)
        default = self._step_default(size)
        if verb is Verb.BET:
            text = f"{p} bets {new_total}"
        else:
            cap = self.profile.option("raise_cap")
            text = (f"{p} raises to {new_total}, one step of {inc} (raise {self.level} of {cap.value}), adding {added}"
                    if self.level else f"{p} raises to {new_total}, making the all-in bet of {self.to_match} a full "
                    f"bet, adding {added}")
            if self.level:
                cite = _cites(cite, cap.cite)
                default = default or cap.course_default
        step = ""
        if used_big:
            stands = self.profile.value("fourth_street_big_bet_stands")
            text += f"; a pair is showing, so the big bet may be used on {self.street} street"
            if stands and not self.big_used:
                text += ", and it now stands for the rest of the round"
            cite = _cites(cite, self._pair_cites())
            default = default or self._pair_default()
        elif self.big_used:
            cite = _cites(cite, self._pair_cites())
        else:
            step = f"{self.street} street uses the {size} bet, {inc}"
        used = ["bet_by_street", f"{size}_bet"]
        if verb is Verb.RAISE and self.level:
            used.append("raise_cap")
        if used_big or self.big_used:
            used += [*_PAIR_OPTIONS, "big_bet"]
        text += _bracket(step, note, self._note_words(*used))
        all_in = self._most(p) == new_total
        if all_in:
            text += f", and is all in"
        text += "."
        return _Plan(
            action.with_amount(new_total),
            added,
            text,
            cite,
            default,
            new_level=self.level + 1,
            big=used_big,
            all_in=all_in,
        )

    # --- answers ----------------------------------------------------------------------------

    def opening(self) -> Answer | None:
        """Who acts first on the street, and why (worded on first use when `explain_first` gives it)."""
        if self.first_answer is None and self.explain_first is not None:
            self.first_answer = self.explain_first()
        return self.first_answer

    def verdict(self, action: Action | str) -> Answer:
        """Is `action` legal now? Value True/False; the steps are the round so far, then the reason
        and the rule."""
        # The antes are kept apart from the round, so they never bear on whether an action is legal.
        steps = [e.step for e in self._ledger if e.kind != "ante"]
        if not steps and self.opening() is not None:
            steps = [self.opening().steps[-1], *self._lowcard_steps()]
        parsed = Action.parse(action)
        try:
            self.verify(parsed)
        except IllegalActionError as error:
            return Answer(False, steps + [Step(f"Not allowed: {error.reason}.", error.cite, error.course_default)])
        plan = self._judge(parsed)
        return Answer(True, steps + [Step(f"Allowed: {plan.text}", plan.cite, plan.course_default)])

    def _history_steps(self) -> list[Step]:
        opening = self.opening()
        steps = [opening.steps[-1]] if opening and opening.steps else []
        return steps + self._lowcard_steps() + [e.step for e in self._ledger]

    def _door(self) -> str:
        """Which door card brings in, in words: the lowest (Stud High, Hi-Lo) or the highest (razz),
        as the profile's `bring_in_card` says."""
        return self.profile.value("bring_in_card") if self.profile.has("bring_in_card") else "lowest"

    def _lowcard_steps(self) -> list[Step]:
        """When the lowest door card is all in on the ante, who opens instead (RRP-H 8.8)."""
        if not (self.bring_in_mode and self.stacks and self.is_all_in(self.first)):
            return []
        option = self._all_in_option("all_in_ante_lowcard")
        nxt = next((p for p in self.order[1:] if not self.is_all_in(p)), None)
        if nxt is None:
            return []
        return [Step(f"{self.first} has the {self._door()} {self.game.door_card} but is all in on the ante, so there is no forced "
                     f"bring-in: {nxt}, next to the left, acts first and may fold, bring in or complete"
                     f"{self._note('all_in_ante_lowcard')}.", option.cite, option.course_default)]

    def contributions_answer(self) -> Answer:
        """The `contributions` question: player -> units put in on this street."""
        steps = self._history_steps()
        shown = ", ".join(f"{p} {n}" for p, n in self.contributions.items())
        steps.append(
            Step(
                f"Put in on {self.street} street: {shown}; antes are not part of the round.",
                _cites(self.profile.rule_cite("ante_apart"), self.profile.rule_cite("call_difference")),
            )
        )
        return Answer(self.contributions, steps)

    def total_answer(self) -> Answer:
        """The `street_total` question: units added on this street."""
        steps = self._history_steps()
        parts = " + ".join(str(n) for n in self.contributions.values() if n)
        steps.append(
            Step(
                f"The street adds {parts or '0'} = {self.total} units (antes not counted).",
                _cites(self.profile.rule_cite("ante_apart"), self.profile.rule_cite("call_difference")),
            )
        )
        return Answer(self.total, steps)


# --- replay --------------------------------------------------------------------------------


def new_round(
    street: str,
    seats: Sequence[str],
    hands: Mapping[str, Any],
    profile: Profile,
    stakes: Stakes | None = None,
    folded: Collection[str] = (),
    pot: int = 0,
    shared: Sequence[Card] = (),
    stacks: Mapping[str, int] | None = None,
) -> BettingRound:
    """An empty round for `street`: finds the first actor (bring-in on third, opener later; a
    shared card dealt for the street is passed on to the opener). Who that is, is decided now;
    why, in words, only when the round's `opening()` is read, from the cards as they are now."""
    seats = check_seats(seats)
    out = set(folded) | {p for p in hands if getattr(hands[p], "folded", False)}
    # The cards as the street starts: a table deals on into the same hands after this.
    cards = {p: split_hand(hands[p]) for p in hands}
    shared = tuple(shared)
    # a seat holding no card it can show (a whole hand's player whose cards the record does not
    # show, `Table.unknown`) cannot be the first to act: the cards on view decide
    shown = {p: c for p, c in cards.items() if c[0] or c[1]}
    first = first_to_act(street, seats, shown, profile, out, shared, words=False).value
    active = [p for p in seats if p in hands and p not in out]
    if first not in active:
        raise ValueError(
            f"{first!r} brings in but is marked as folded: a player folds only after the bring-in, "
            "so record that fold among the actions instead"
        )

    def explain() -> Answer:
        answer = first_to_act(street, seats, shown, profile, out, shared)
        if answer.value != first:     # one decision, worded twice: a mismatch is the engine's own bug
            raise AssertionError(f"{street} street: {first} was found to act first, but the words name {answer.value}")
        return answer

    return BettingRound(
        street=street,
        seats=seats,
        first=first,
        profile=profile,
        stakes=stakes,
        active=active,
        # who shows a pair matters only where the exposed-pair option applies (`GameSpec.pair_street`)
        pair_holders=exposed_pairs({p: cards[p][1] for p in active}, active)
        if street == find_game(profile.game).pair_street else (),
        pot_before=pot,
        explain_first=explain,
        stacks=stacks,
    )
