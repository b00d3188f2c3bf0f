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

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Callable, Collection, Iterable, Mapping, Sequence

from course.cards import Card
from course.engine.actions import BETTING_VERBS, Move, parse_move
from course.errors import ActionFormatError, IllegalActionError
from course.explain import Answer, Step
from course.games import GameSpec, find_game
from course.rules import FORCED_BETS, STREETS, ForcedBet, Profile, Stakes, on_street
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
_KIND_OF_VERB = {words: kind for kind, (words, _) in BETTING_VERBS.items()}
_VERB_OF_KIND = {kind: Verb(words) for kind, (words, _) in BETTING_VERBS.items()}


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

    def __str__(self) -> str:
        return str(Move(_KIND_OF_VERB[self.verb.value], self.player, amount=self.amount))


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

    def steps(self, player: str) -> list[int]:
        return list(range(self.smallest, self.largest(player) + 1))


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

    order: list[str] = field(init=False)
    put: dict[str, int] = field(init=False)
    antes: dict[str, int] = field(init=False)
    folded: set[str] = field(init=False)
    to_match: int = field(init=False, default=0)
    level: int = field(init=False, default=0)  # the bet (or completion) is 1, each raise adds 1
    last_step: int = field(init=False, default=0)  # the size of the round's latest bet or raise
    bring_in_posted: bool = field(init=False, default=False)
    big_used: bool = field(init=False, default=False)
    acted: set[str] = field(init=False)
    _brings_in: bool = field(init=False)     # the street opens with a bring-in (the spec's option says)
    _step_size: str = field(init=False)      # the street's fixed step, small or big (the spec's option)
    _said: set[str] = field(init=False)      # course defaults already said in this round's ledger
    _saying: list[str] = field(init=False)   # those the action being judged says
    turn: int = field(init=False, default=0)
    started: bool = field(init=False, default=False)
    _ledger: list[LedgerEntry] = field(init=False)
    game: GameSpec = field(init=False)  # the profile's game: which street has the forced bets, the pair option

    def __post_init__(self) -> None:
        if self.street not in STREETS:
            raise ValueError(f"street {self.street!r}: expected one of {', '.join(STREETS)}")
        self.seats = check_seats(self.seats)
        active = list(self.seats) if self.active is None else [p for p in self.seats if p in set(self.active)]
        for p in self.active or ():
            if p not in self.seats:
                raise ValueError(f"active names {p!r}, who is not seated: expected one of {list(self.seats)!r}")
        self.game = find_game(self.profile.game)
        if self.stakes is None:
            self.stakes = self.profile.stakes
        self.order = action_order(self.seats, self.first, active)
        self.active = tuple(self.order)
        self.pair_holders = tuple(p for p in self.pair_holders if p in set(self.order))
        self.put = {p: 0 for p in self.order}
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

    @property
    def is_closed(self) -> bool:
        live = self.live
        if len(live) <= 1:
            return True
        if self.bring_in_mode and not self.bring_in_posted and self.level == 0:
            return False
        return all(p in self.acted and self.put[p] == self.to_match for p in live)

    @property
    def to_act(self) -> str | None:
        """Whose turn it is, or None when the round is over."""
        if self.is_closed:
            return None
        return self.order[self.turn]

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
    def ledger(self) -> list[LedgerEntry]:
        return list(self._ledger)

    @property
    def last_entry(self) -> LedgerEntry | None:
        """The latest action's entry (None before the first), without copying the ledger."""
        return self._ledger[-1] if self._ledger else None

    def ledger_frame(self):
        """The ledger as a pandas DataFrame (one row per action) for the app."""
        import pandas as pd

        columns = ["n", "street", "player", "action", "kind", "added", "round_total", "to_match", "pot", "note", "cite"]
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

        Generated from the round's state, without judging (and wording) each candidate: the
        player to act is in and it is their turn, so what remains is what `_judge` asks of each
        verb (what is owed, the bring-in still to come, the level and the cap, the steps open).
        `tests/test_hand_state.py` checks the list against `can` on every candidate."""
        p = self.to_act
        if p is None:
            return []
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
                self.to_match = self.put[player]
                if self.to_match >= self.stakes.small_bet:  # a bring-in of a full bet is the bet
                    self.level = 1
                self.acted = {player}
            elif act.verb in (Verb.COMPLETE, Verb.BET, Verb.RAISE):
                self.last_step = self.put[player] - self.to_match
                self.to_match = self.put[player]
                self.level = plan.new_level
                self.acted = {player}
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
        if self.is_closed:
            raise illegal(
                "the betting round is over: every player still in has acted and matched the last bet",
                self.profile.rule_cite("round_end"),
            )
        due = self.order[self.turn]
        if p != due:
            raise illegal(f"it is {due}'s turn to act, not {p}'s", self.profile.rule_cite("turn_order"))

        waiting_bring_in = self.bring_in_mode and not self.bring_in_posted and self.level == 0
        bring = self.profile.rule_cite("bring_in_forced")
        if waiting_bring_in and action.verb not in (Verb.BRING_IN, Verb.COMPLETE):
            raise illegal(
                f"{p} must first bring in {self.stakes.bring_in} or complete to {self.stakes.small_bet}: "
                "the bring-in is forced",
                _cites(self.profile.option("third_street_first").cite, bring),
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
        if action.amount is not None and action.amount != amount:
            raise illegal(f"the ante is {amount}{self._forced_words(ante, 'ante')}, not {action.amount}",
                          cite, ante.course_default)
        return _Plan(
            replace(action, amount=amount),
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
        if p != self.first:
            raise illegal(f"{self.first} brings in, not {p}", bring)
        amount = self.stakes.bring_in
        if action.amount is not None and action.amount != amount:
            raise illegal(
                f"the bring-in is {amount}{self._forced_words(forced, 'bring_in')}, not {action.amount}; "
                f"to put in {self.stakes.small_bet}, complete instead",
                bring,
                forced.course_default,
            )
        return _Plan(
            replace(action, amount=amount),
            amount,
            f"{p} brings in {amount}{self._forced_words(forced, 'bring_in')}, the forced bet of the "
            f"lowest door card; it counts toward {p}'s round.",
            _cites(bring, self.profile.rule_cite("bring_in_counts")),
            forced.course_default,
        )

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
        return _Plan(replace(action, amount=target), added, text, cite, default, new_level=1)

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
        return inc

    def _judge_bet(self, action: Action, illegal) -> _Plan:
        p = action.player
        if self.level > 0:
            raise illegal(
                f"there is already a bet of {self.to_match}: raise, call or fold instead", self.profile.rule_cite("turn_order")
            )
        if self.bring_in_mode:
            raise illegal(
                f"after the bring-in the first full bet is a completion: write '{p} completes to {self.stakes.small_bet}'",
                self.profile.rule_cite("completion"),
            )
        options = self.steps_allowed(p)
        inc, used_big, note = self._sized(action, options, 0, illegal, "bet")
        return self._wager(action, inc, used_big, note, Verb.BET)

    def _judge_raise(self, action: Action, illegal) -> _Plan:
        p = action.player
        if self.level == 0:
            if self.bring_in_mode:
                raise illegal(
                    f"the bring-in is not a full bet: to raise it, complete to {self.stakes.small_bet}",
                    self.profile.rule_cite("completion"),
                )
            raise illegal("nothing has been bet yet: bet instead of raising", self.profile.rule_cite("check_when_nothing_owed"))
        cap = self.profile.option("raise_cap")
        if self.level >= self.cap:
            raise illegal(
                f"the betting is capped: a bet and {cap.value} raise{'s' if cap.value != 1 else ''} have been made"
                f"{self._note('raise_cap')}; call or fold",
                cap.cite,
                cap.course_default,
            )
        options = self.steps_allowed(p)
        inc, used_big, note = self._sized(action, options, self.to_match, illegal, "raise")
        return self._wager(action, inc, used_big, note, Verb.RAISE)

    def _wager(self, action: Action, inc: int, used_big: bool, note: str, verb: Verb) -> _Plan:
        p = action.player
        new_total = (self.to_match if verb is Verb.RAISE else 0) + inc
        added = new_total - self.put[p]
        if self.limit is not None:
            word = "bet" if verb is Verb.BET else "raise"
            return _Plan(replace(action, amount=new_total), added,
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
            text = f"{p} raises to {new_total}, one step of {inc} (raise {self.level} of {cap.value}), adding {added}"
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
        if verb is Verb.RAISE:
            used.append("raise_cap")
        if used_big or self.big_used:
            used += [*_PAIR_OPTIONS, "big_bet"]
        text += _bracket(step, note, self._note_words(*used)) + "."
        return _Plan(
            replace(action, amount=new_total),
            added,
            text,
            cite,
            default,
            new_level=self.level + 1,
            big=used_big,
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
            steps = [self.opening().steps[-1]]
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
        return steps + [e.step for e in self._ledger]

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
) -> BettingRound:
    """An empty round for `street`: finds the first actor (bring-in on third, opener later; a
    shared card dealt for the street is passed on to the opener)."""
    seats = check_seats(seats)
    first = first_to_act(street, seats, hands, profile, folded, shared)
    out = set(folded) | {p for p in hands if getattr(hands[p], "folded", False)}
    active = [p for p in seats if p in hands and p not in out]
    if first.value not in active:
        raise ValueError(
            f"{first.value!r} brings in but is marked as folded: a player folds only after the bring-in, "
            "so record that fold among the actions instead"
        )
    rows = {p: split_hand(hands[p])[1] for p in active}
    return BettingRound(
        street=street,
        seats=seats,
        first=first.value,
        profile=profile,
        stakes=stakes,
        active=active,
        pair_holders=exposed_pairs(rows, active),
        pot_before=pot,
        first_answer=first,
    )
