"""What one move of a stud betting round is: the verbs, an action string (`Action`), the ledger
entry it leaves (`LedgerEntry`), a per-player limit rule (`PlayerLimit`), and the judged move
(`_Plan`: the action with its amount, the units it adds, the sentence a learner reads and its
citations) that the round's rules (`course.engine.legality`, `forced_bets`, `all_ins`, `wagers`)
return and `course.engine.betting.BettingRound.apply` plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from course.moves import BETTING_VERBS, Move, parse_move
from course.explain import Step


_PAIR_OPTIONS = ("second_round_pair", "second_round_pair_scope", "second_round_big_bet_stands")
_DEFAULT_WORDS = {
    "ante": "the ante amount",
    "bring_in": "the bring-in amount",
    "small_bet": "the bet amounts",
    "big_bet": "the bet amounts",
    "bet_by_street": "the step used on each street",
    "raise_cap": "the raise cap",
    "second_round_pair": "the {pair_street}-street pair rule",   # the game's pair street (its spec)
    "second_round_pair_scope": "who may use the big bet",
    "second_round_big_bet_stands": "the big bet standing for the round",
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
        return make_action(move.player, _VERB_OF_KIND[move.kind], move.amount)

    @classmethod
    def parse(cls, text: "str | Action") -> "Action":
        """Read a stud action with the one move grammar (`course.moves`)."""
        if isinstance(text, Action):
            return text
        move = parse_move(text, STUD_KINDS, noun="action")
        return cls(move.player, _VERB_OF_KIND[move.kind], move.amount)

    def with_amount(self, amount: int | None) -> "Action":
        """The same action with its amount filled in (`dataclasses.replace`, at a fraction of its cost)."""
        return make_action(self.player, self.verb, amount)

    def __str__(self) -> str:
        # The one grammar's words for a stud action (`Move.__str__`), without building the move.
        if self.amount is None:
            return f"{self.player} {self.verb.value}"
        return f"{self.player} {self.verb.value}{_AMOUNT_WORD[self.verb]}{self.amount}"


def make_action(player: str, verb: Verb, amount: int | None = None) -> Action:
    """`Action(player, verb, amount)`. An action is immutable and a move list names the same few
    again and again (every whole raise up to a player's limit, on every move of a random hand),
    so one object serves each whole amount (making a frozen dataclass costs more than finding it);
    an amount with cents, whose spelling may differ between equal values, is made afresh."""
    if type(player) is str and (amount is None or type(amount) is int):
        return _whole_action(player, verb, amount)
    return Action(player, verb, amount)


@lru_cache(maxsize=8192)
def _whole_action(player: str, verb: Verb, amount: int | None) -> Action:
    return Action(player, verb, amount)


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


