"""One hand state for every game: verify / can / apply on every move, and a cited ledger.

`HandState.start(exercise)` sets up the table an exercise describes, whatever its game, and
`apply(move)` plays one move written in the course's move grammar (a stud action such as
'Ben raises to 16', or a home-game event such as 'Ava takes 9♠ from Ben'). As in pokerkit's
`State`, every move has three entry points that always agree:

- `verify(move)` raises `ActionFormatError` (unreadable) or `IllegalActionError` (against the
  rules, with the reason and its citations), and changes nothing;
- `can(move)` says yes or no;
- `apply(move)` plays it and appends one frozen `LedgerEntry`: the move, the chips it added, the
  pot after it, the sentence a learner reads and the citations it rests on.

The game spec (`course.games`) chooses the table: an exercise of a game whose moves are stud
actions plays one street on the stud betting round (`course.betting`); a game with moves of its
own plays its events on its engine module's table. `HandState.new_hand(game, seats, profile)`
plays a whole hand of any game from the antes: the deal stage by stage, every betting round, the
game's own moves, and last the move 'showdown', which awards the pot and is cited like any other.
What every table shares is this interface, the error family of `course.errors` and the ledger.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Callable

from course.betting import Action, new_round
from course.cards import Card
from course.engine.actions import parse_move
from course.errors import CourseError, IllegalActionError
from course.explain import Answer, Step
from course.games import DEAL_TIMELINE, GameSpec, find_game
from course.showdown import showdown, split_pot

SHOWDOWN = "showdown"


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One move of the hand, as played."""

    n: int                  # 1-based position in the hand's record
    move: str               # the move as written
    player: str | None
    added: int              # chips the move put in the pot
    pot: int                # the pot after it
    text: str               # the sentence a learner reads
    cite: tuple[str, ...]
    course_default: bool = False


class HandState:
    """The single replay of one exercise's moves, for any game."""

    def __init__(self, exercise: Any, spec: GameSpec, table: Any, parse: Callable[[str], Any] | None = None):
        self.exercise = exercise
        self.spec = spec
        self.table = table
        self._parse = parse or (spec.module().parse_event if spec.moves == "events" else None)
        self._ledger: list[LedgerEntry] = []
        self._tried: tuple[tuple[str, int], Any] | None = None
        self.award: Answer | None = None     # once the showdown has been played

    @classmethod
    def new_hand(cls, game: str, seats: list[str], profile: Any, stakes: Any = None) -> "HandState":
        """A whole hand of `game` before the antes, for the players `seats` (the dealer's left first)."""
        from course.engine.stud import StudTable

        spec = find_game(game)
        exercise = SimpleNamespace(game=game, seats=list(seats), hands={}, shared=[], pot=0, street=spec.first_street,
                                   events=[], profile=profile, stakes=stakes or profile.stakes, extra={}, spec=spec)
        if spec.moves == "events":
            return cls(exercise, spec, spec.module().start(exercise))
        table = StudTable.start(exercise)
        return cls(exercise, spec, table, table.parse)

    @classmethod
    def start(cls, exercise: Any) -> "HandState":
        spec = find_game(exercise.game)
        if spec.moves == "actions":
            table = new_round(exercise.street, exercise.seats, exercise.hands, exercise.profile, exercise.stakes,
                              folded=tuple(exercise.folded), pot=exercise.pot or 0)
        else:
            table = spec.module().start(exercise)
        return cls(exercise, spec, table)

    # --- the trio ---------------------------------------------------------------------------

    def verify(self, move: str) -> Any:
        """The parsed move, or the error saying why it cannot be played now (nothing changes)."""
        if self._parse is None:
            return self.table.verify(move)
        if self._is_showdown(move):
            return self._showdown(move)[0]
        return self._trial(move)[0]

    def _is_showdown(self, move: str) -> bool:
        return isinstance(move, str) and " ".join(move.lower().split()) == SHOWDOWN

    def _showdown(self, move: str) -> tuple[Any, Answer]:
        """The showdown: once the hand is over, the pot goes to the best hand (or the last player
        in), split by the profile's rules. It ends the hand."""
        index = len(self._ledger)
        if self.award is not None:
            raise IllegalActionError("the showdown has been played: the hand is over", cite=(DEAL_TIMELINE,)).at(index, move)
        if not self.table.over:
            raise IllegalActionError("the hand is not over yet: the showdown comes after the last betting round, "
                                     "or once one player is left", cite=(DEAL_TIMELINE,)).at(index, move)
        table, live = self.table, self.table.live
        if len(live) == 1:
            steps = [Step(f"Everyone else has folded, so {live[0]} wins without a showdown.",
                          table.profile.rule_cite("folded_out"))]
            winners = live
        else:
            shown = showdown({p: table.hands[p].cards for p in table.seats}, self.table_shared(),
                             [p for p in table.seats if table.hands[p].folded], profile=table.profile)
            steps, winners = list(shown.steps), shown.value
        split = split_pot(self.pot, winners, table.seats, profile=table.profile)
        return parse_move(SHOWDOWN, (SHOWDOWN,)), Answer(split.value, steps + split.steps)

    def _trial(self, move: str) -> tuple[Any, Any]:
        """A home-game move played on a copy of the table: (parsed move, the table after it),
        kept until the next move so that `can`, `verify` and `apply` of one move play it once."""
        if self._tried is not None and self._tried[0] == (move, len(self._ledger)):
            outcome = self._tried[1]
        else:
            try:
                parsed = self._parse(move)
                profile = self.table.profile     # shared and read-only: not copied
                trial = copy.deepcopy(self.table, {id(profile): profile})
                trial.apply(parsed)
                outcome = (parsed, trial)
            except CourseError as err:
                outcome = err.at(len(self._ledger), move) if isinstance(err, IllegalActionError) else err
            self._tried = ((move, len(self._ledger)), outcome)
        if isinstance(outcome, CourseError):
            raise outcome
        return outcome

    def can(self, move: str) -> bool:
        try:
            self.verify(move)
        except CourseError:
            return False
        return True

    def apply(self, move: str) -> LedgerEntry:
        before = self.pot
        if self._parse is None:
            entry = self.table.apply(move)
            text, cite, default = entry.text, entry.cite, entry.course_default
            player = entry.player
        elif self._is_showdown(move):
            _, self.award = self._showdown(move)
            steps = self.award.steps
            text = " ".join(s.text for s in steps)
            cite = tuple(dict.fromkeys(c for s in steps for c in s.cite)) or (DEAL_TIMELINE,)
            default = any(s.course_default for s in steps)
            player = None
        else:
            parsed, after = self._trial(move)
            seen = len(self.table.log)
            self.table, self._tried = after, None
            steps = self.table.log[seen:] or self._move_steps(parsed)
            text = " ".join(s.text for s in steps) or f"{move}."
            cite = tuple(dict.fromkeys(c for s in steps for c in s.cite)) or (self.spec.cite,)
            default = any(s.course_default for s in steps)
            player = parsed.player
        recorded = LedgerEntry(len(self._ledger) + 1, move, player, self.pot - before, self.pot, text, cite, default)
        self._ledger.append(recorded)
        return recorded

    def _move_steps(self, parsed: Any) -> list:
        """A move that wrote no log line (a deal, a check): the player's own record, or the
        betting round's latest entry."""
        history = getattr(self.table, "history", {}).get(parsed.player or "", [])
        if history:
            return history[-1:]
        ledger = getattr(getattr(self.table, "round", None), "ledger", None)
        return [ledger[-1].step] if ledger else []

    # --- what the hand holds ----------------------------------------------------------------

    @property
    def ledger(self) -> tuple[LedgerEntry, ...]:
        return tuple(self._ledger)

    @property
    def pot(self) -> int:
        return int(self.table.pot)

    def cards(self) -> list[Card]:
        """Every card on the table now: each player's, then the shared ones."""
        if self._parse is None:
            hands = self.exercise.hands.values()
            return [c for h in hands for c in (*h.down, *h.up)] + list(self.exercise.shared)
        return [c for seat in self.table.hands.values() for c in seat.cards] + list(self.table_shared())

    def table_shared(self) -> list[Card]:
        shared = getattr(self.table, "shared", None)
        if shared is not None:
            return list(shared)
        spit = getattr(self.table, "spit", None)
        return [spit] if spit is not None else []

    def legal_betting(self) -> list[str]:
        """The stud round's legal actions now (a game played on actions)."""
        return [str(a) for a in self.table.legal_moves()]

    def parse(self, move: str) -> Any:
        return Action.parse(move) if self._parse is None else self._parse(move)
