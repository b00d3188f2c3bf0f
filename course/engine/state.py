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

Every exercise plays on the one table (`course.engine.table.Table`): a whole hand from the
antes, an exercise of one street from that street's cards (`Table.start`, its betting the stud
betting round of `course.engine.betting`), a game with moves of its own with them added by the hooks
of its module under `course/games/`. `HandState.new_hand(game, seats, profile)`
plays a whole hand of any game from the antes: the deal stage by stage, every betting round, the
game's own moves, and last the move 'showdown', which awards the pot and is cited like any other.
What every table shares is this interface, the error family of `course.errors` and the ledger.
"""

from __future__ import annotations

import weakref
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import fields as dataclass_fields
from types import SimpleNamespace
from typing import Any, Callable, Collection, Iterator, Mapping, Sequence

from course import amounts
from course.engine.betting import BettingRound, LedgerEntry
from course.engine.betting_moves import STUD_KINDS
from course.cards import DECK, Card
from course.moves import BETTING_KINDS, Move, parse_move
from course.errors import CourseError, IllegalActionError
from course.explain import Answer
from course.games import DEAL_TIMELINE, GameSpec, find_game
from course.engine import legal_play, replays
from course.engine.legal_play import every_check  # noqa: F401  (random hands played with every check)
from course.engine.hand_pots import HandPots, PotsAt
from course.engine.replays import moves_of
from course.engine.showdown import award, award_pots
from course.engine.seats import FinalHand, Played

SHOWDOWN = "showdown"


class HandState:
    """The single replay of one exercise's moves, for any game."""

    def __init__(self, exercise: Any, spec: GameSpec, table: Any, parse: Callable[[str], Any],
                 restart: Callable[[], Any]):
        self.exercise = exercise
        self.spec = spec
        self._table = table
        self._restart = restart      # a fresh table, to set up again after a refused move
        self._parse = parse          # the game's move grammar
        self._ledger: list[Any] = []   # LedgerEntry, or what one is worded from until it is read (`_entry`)
        self._moves: list[Any] = []  # the parsed moves played, in order (to rebuild after a refused one)
        self._tried: tuple[tuple[Any, int], Any] | None = None
        self.award: Answer | None = None     # once the showdown has been played
        self._pots = HandPots()             # the pots its questions and ledger read, the last ones kept

    @property
    def table(self) -> Any:
        """The one `Table` the moves are played on."""
        return self._table

    @table.setter
    def table(self, value: Any) -> None:
        self._table = value
        self._pots.forget_stands()

    @classmethod
    def new_hand(cls, game: str, seats: list[str], profile: Any, stakes: Any = None,
                 stacks: Mapping[str, int] | None = None) -> "HandState":
        """A whole hand of `game` before the antes, for the players `seats` (the dealer's left first);
        `stacks`: the chips of each player listed (a game bet on stud actions)."""
        spec = find_game(game)
        exercise = SimpleNamespace(game=game, seats=list(seats), hands={}, shared=[], pot=0, street=spec.first_street,
                                   events=[], profile=profile, stakes=stakes or profile.stakes, extra={}, spec=spec,
                                   stacks=dict(stacks or {}))
        return cls.start(exercise)

    @classmethod
    def start(cls, exercise: Any) -> "HandState":
        """The one table the exercise describes, before its moves (`Table.start`): before the
        antes when it deals no cards (a whole hand), else at the end of its street's deal, that
        street's betting still to come. A game with moves of its own starts the table with its
        hooks, which check the deal as it is set up (`IllegalActionError` naming the key to
        blame); a street's betting round is opened when a move or a question first needs it."""
        spec = find_game(getattr(exercise, "game", None) or exercise.profile.game)
        module = spec.module()
        if module is not None:
            def fresh() -> Any:
                return module.start(exercise)
            table = fresh()
            return cls(exercise, spec, table, module.parse_event, restart=fresh)
        table_class = spec.whole_hand_table()

        def fresh() -> Any:
            return table_class.start(exercise)
        table = fresh()
        return cls(exercise, spec, table, table.parse if not table.one_street else _stud_action, restart=fresh)

    @classmethod
    def replay(cls, exercise: Any, upto: int | None = None) -> "HandState":
        """The hand after the exercise's first `upto` moves (all when None), kept on a validated
        exercise (`course.engine.replays.replay`); a refused move raises its error at its index."""
        return replays.replay(cls, exercise, upto)

    @classmethod
    def at(cls, exercise: Any, street: str | None = None, after: int | None = None) -> "HandState":
        """The hand as it stands when a question is asked: after the first `after` moves, or, on a
        whole hand, once `street`'s betting is over (before the next street's first card); at the
        end of the moves otherwise."""
        if after is not None:
            return cls.replay(exercise, after)
        if street is not None and getattr(exercise, "whole_hand", False):
            ends = cls.street_ends(exercise)
            if street not in ends:
                raise ValueError(f"the hand never reaches {street} street: its moves stop on "
                                 f"{list(ends)[-1] if ends else 'the antes'}")
            return cls.replay(exercise, ends[street])
        return cls.replay(exercise)

    @classmethod
    def street_ends(cls, exercise: Any) -> dict[str, int]:
        """Street -> the number of moves played when it is over (`course.engine.replays.street_ends`)."""
        return replays.street_ends(cls, exercise)

    @classmethod
    def face_up_seen(cls, exercise: Any, upto: int | None = None) -> dict[str, list[Card]]:
        """Every card each player has shown face up up to move `upto` (`course.engine.replays.face_up_seen`)."""
        return replays.face_up_seen(cls, exercise, upto)

    @classmethod
    def problems(cls, exercise: Any) -> list[Exception]:
        """Every error in the exercise's moves, each placed at its index (None: the deal itself).
        A refused home-game event is reported and skipped, so one file shows all its problems at
        once; a stud street stops at its first (its later actions depend on it). A stud deal that
        cannot open its round is a `ValueError` naming why. Within `offering(played)`, a hand the
        engine has just played from the same start through the same moves is taken as the replay.
        The hands at the points questions name are copied on the way (`replays.PointCopies`)."""
        replayed = getattr(exercise, "replayed", None)
        try:   # a state kept on the exercise holds it weakly (see `replay`)
            state = cls.start(weakref.proxy(exercise) if replayed is not None else exercise)
        except CourseError as err:
            return [err]
        offered = _OFFERED.get()
        if replayed is not None and offered is not None and state._takes_over(offered, moves_of(exercise)):
            replayed(("hand", None), lambda: state)
            return []
        found: list[Exception] = []
        copies = replays.PointCopies(exercise, keeping=replayed is not None)
        for index, move in enumerate(moves_of(exercise)):
            copies.take(index, state)
            try:
                state.apply(move, read=False)
            except CourseError as err:
                found.append(err.at(index, _written(move)))
                if state.table.one_street:      # a street's later actions depend on the refused one
                    break
            except ValueError as err:      # a stud deal whose round cannot open (the message says why)
                found.append(err)
                break
        if not found and replayed is not None:    # the checked hand is the one every question reads
            replayed(("hand", None), lambda: state)
            copies.keep()
        return found

    @staticmethod
    @contextmanager
    def offering(played: "HandState") -> Iterator[None]:
        """While this lasts, `problems` of an exercise that starts as `played` did and lists the
        moves it played, the same ones in the same order, takes `played` as its replay instead of
        playing them again: the engine is deterministic, so the replay would reach this very
        state. A drill (`course.study.home.drill`) offers the hand it has just played for the
        item it wrote from it; the loader still reads and checks every key and every move's text."""
        token = _OFFERED.set(played)
        try:
            yield
        finally:
            _OFFERED.reset(token)

    def _takes_over(self, played: "HandState", moves: list[Any]) -> bool:
        """This fresh state becomes `played` (its table, ledger and moves) when `played` is a
        home-game hand of the same game, set up alike (a fresh start of each is the same table),
        that has played exactly `moves`, none refused."""
        if played.spec is not self.spec or played._moves != moves or len(played._ledger) != len(moves):
            return False
        if not _same_table(self.table, played._restart()):
            return False
        self.table, self._ledger, self._moves = played.table, list(played._ledger), list(played._moves)
        self.award = played.award
        return True

    # --- the trio ---------------------------------------------------------------------------

    def verify(self, move: str) -> Any:
        """The parsed move, or the error saying why it cannot be played now (nothing changes)."""
        if self._is_showdown(move):
            return self._showdown(_written(move))[0]
        return self._trial(move)[0]

    def _is_showdown(self, move: Any) -> bool:
        if isinstance(move, Move):
            return move.kind == SHOWDOWN
        # asked of every move played: `strip` drops the whitespace `split` does, and a text with
        # whitespace inside is not 'showdown' either way, so no list of words is built
        return isinstance(move, str) and len(move) < 20 and move.strip().lower() == SHOWDOWN

    def _showdown(self, move: str) -> tuple[Any, Answer]:
        """The showdown: once the hand is over, the pot goes to the best hand (or the last player
        in), split by the profile's rules. It ends the hand."""
        index = len(self._ledger)
        if self.award is not None:
            raise IllegalActionError("the showdown has been played: the hand is over", cite=(DEAL_TIMELINE,)).at(index, move)
        if not self.table.over:
            raise IllegalActionError("the hand is not over yet: the showdown comes after the last betting round, "
                                     "or once one player is left", cite=(DEAL_TIMELINE,)).at(index, move)
        return parse_move(SHOWDOWN, (SHOWDOWN,)), table_award(self.table)

    def all_in(self) -> list[str]:
        """The players still in with no chips left (stacks given only), seat order."""
        return list(self.table.all_in)

    @property
    def round(self) -> BettingRound | None:
        """The betting round of the street the hand stands on: the one being played, or, once the
        street's cards are out and nobody has acted yet, that street's round opened now (as its
        first move would open it); None where no round is due."""
        table = self.table
        if table.round is None and table.stage and table.stage_dealt and not table.round_done \
                and table.current_round() is not None:
            return table.betting_round()
        return table.round

    def side_pots(self) -> Answer:
        """Each pot's amount and the players who may win it (`course.engine.showdown.side_pots`)."""
        return self._pots.side_pots(self.table)

    def pots(self) -> tuple[int, ...]:
        """The amount of each pot now, main pot first (one pot without stacks)."""
        return self._pots.now(self.table)

    def _trial(self, move: str) -> tuple[Any, Any]:
        """A home-game move tried on the table itself and taken back: (parsed move, the table's
        state after it), kept until the next move so that `can`, `verify` and `apply` of one
        move play it once. The table is saved before (`snapshot`) and restored after, so a
        trial copies only the few containers a move changes, never the table."""
        if self._tried is not None and self._tried[0] == (move, len(self._ledger)):
            outcome = self._tried[1]
        else:
            try:
                parsed = move if isinstance(move, Move) else self._parse(move)
            except CourseError as err:
                outcome = self._placed(err, move)
            else:
                table = self.table
                before = table.snapshot()
                try:
                    table.apply(parsed)
                    outcome = (parsed, table.snapshot())
                except CourseError as err:
                    outcome = self._placed(err, move)
                finally:
                    table.restore(before)
            self._tried = ((move, len(self._ledger)), outcome)
        if isinstance(outcome, CourseError):
            raise outcome
        return outcome

    def can(self, move: str) -> bool:
        try:
            self.verify(move)
        except CourseError as err:
            err.__traceback__ = None     # the trial keeps the error (`_tried`): it must hold no frame of this state
            return False
        return True

    def apply(self, move: Any, read: bool = True) -> LedgerEntry | None:
        """Play `move` (text or a parsed `Move`) and record it, returning its ledger entry; a
        refused move raises its error, placed at its index, and leaves the hand as it was.
        `read=False` (a replay): nothing is returned, and a home-game move's entry keeps the
        steps it wrote, put into words (`_entry`) only when the ledger is read, since a replay
        for a question about the cards or the pot never reads it."""
        self._record(move)
        return self._entry(len(self._ledger) - 1) if read else None

    def _record(self, move: Any) -> None:
        index = len(self._ledger)
        written = _written(move)
        table = self.table
        before = amounts.normal(table.pot)
        if self._is_showdown(move):
            parsed, self.award = self._showdown(written)
            steps, player, cite = self.award.steps, None, (DEAL_TIMELINE,)
        else:
            seen = len(table.log)
            parsed = self._play(move)
            table = self.table               # a refused move sets the table up again
            if table.one_street:             # a street shown alone: its round's entry, renumbered when read
                self._ledger.append((index + 1, table.round.last_entry, written))
                self._moves.append(parsed)
                return
            steps, player, cite = table.log[seen:] or self._move_steps(table, parsed), parsed.player, (self.spec.cite,)
        pot = amounts.normal(table.pot)
        pots = self._pots.inputs(table) if table.stacks and self.award is None else ()
        self._ledger.append((index + 1, player, written, pot - before, pot, steps, cite, table.street, pots))
        self._moves.append(parsed)

    def _entry(self, i: int) -> LedgerEntry:
        """Ledger entry `i`, put into words the first time it is read: its text is the steps the
        move wrote, its citations theirs (the game's deal article when they cite none)."""
        entry = self._ledger[i]
        if type(entry) is tuple and len(entry) == 3:       # a stud street's move: its round's entry
            n, played, written = entry
            entry = self._ledger[i] = LedgerEntry(
                n, played.player, written, played.added, played.pot, played.text, played.cite, played.course_default,
                played.street, played.kind, played.round_total, played.to_match, pots=played.pots)
        elif type(entry) is tuple:
            n, player, written, added, pot, steps, cite, street, pots = entry
            if type(pots) is PotsAt:
                pots = sum(self._pots.at(self.table, pots), ())      # the ledger's column: the pots, then chips unmatched
            entry = self._ledger[i] = LedgerEntry(
                n, player, written, added, pot, " ".join(s.text for s in steps) or f"{written}.",
                tuple(dict.fromkeys(c for s in steps for c in s.cite)) or cite,
                any(s.course_default for s in steps), street=street, pots=pots)
        return entry

    def _play(self, move: Any) -> Any:
        """A home-game move played on the table itself (or the table `verify` already tried it on);
        when the table refuses it, the table is set up again from the moves before it."""
        index = len(self._ledger)
        if self._tried is not None and self._tried[0] == (move, index):
            outcome, self._tried = self._tried[1], None
            if isinstance(outcome, CourseError):
                raise outcome
            parsed, after = outcome
            self.table.restore(after)          # the state the trial reached
            return parsed
        try:
            parsed = move if isinstance(move, Move) else self._parse(move)
        except CourseError as err:
            if self.table.one_street:
                raise self._placed(err, move) from None
            raise err.at(index) if isinstance(err, IllegalActionError) else err from None
        try:
            self.table.apply(parsed)
        except CourseError as err:
            self._rebuild()
            raise (self._placed(err, move) if self.table.one_street else err.at(index, _written(move))) from None
        return parsed

    def _placed(self, err: CourseError, move: Any) -> CourseError:
        """A refused move's error, placed at the move's index: a street shown alone quotes the
        action as the exercise wrote it (its round names the action as it read it)."""
        if self.table.one_street:
            return _quoting(err.at(len(self._ledger)), move)
        return err.at(len(self._ledger), _written(move)) if isinstance(err, IllegalActionError) else err

    def _rebuild(self) -> None:
        """The table again from the start and the moves played so far (after a refused move
        left it half changed)."""
        table = self._restart()
        for parsed in self._moves:
            if parsed.kind != SHOWDOWN:
                table.apply(parsed)
        self.table = table

    @staticmethod
    def _move_steps(table: Any, parsed: Any) -> list:
        """A move that wrote no log line: a betting move's words are its betting round's latest
        entry (the bet, call or fold as the round judged it; kept as it is, since `_entry` reads
        only the text, citations and course-default mark a step has too); any other move's (a card
        dealt) the player's own record."""
        if parsed.kind in BETTING_KINDS or parsed.kind == "fold":
            last = table.round.last_entry if table.round is not None else None
            if last is not None:
                return [last]
        return table.history.get(parsed.player or "", [])[-1:]

    # --- what the hand holds ----------------------------------------------------------------

    @property
    def ledger(self) -> tuple[LedgerEntry, ...]:
        return tuple(self._entry(i) for i in range(len(self._ledger)))

    def side_pot_stands(self) -> bool:
        """Whether two or more pots stand in a home-game hand now (the side-pot drills' cut:
        `HandPots.stand`)."""
        return self._pots.stand(self.table)

    def mark(self) -> tuple:
        """This point of a hand, to come back to once more moves are played (`back_to`): how many
        moves there were, and the table as they left it (`Table.snapshot`, which saves every
        field and container a move may change)."""
        return len(self._ledger), self.table, self.table.snapshot(), self.award

    def back_to(self, mark: tuple) -> int:
        """The hand as it stood at `mark`: the table put back as it was, the later moves and
        their entries dropped. Returns the number of moves the hand now holds. A mark of a point
        the hand no longer reaches (taken after a point gone back to since) is refused."""
        n, table, shot, award = mark
        if table is not self.table:
            raise ValueError("the table has been set up again since this mark (a refused move): replay instead")
        if n > len(self._ledger):
            raise ValueError(f"this mark is of move {n}, and the hand now holds {len(self._ledger)}: replay instead")
        table.restore(shot)
        del self._ledger[n:], self._moves[n:]
        self._tried = None
        self._pots.forget()
        self.award = award
        return n

    @property
    def pot(self) -> int:
        return amounts.normal(self.table.pot)

    def cards(self) -> list[Card]:
        """Every card on the table now: each player's, then the shared ones."""
        return [c for seat in self.table.hands.values() for c in seat.cards] + list(self.table_shared())

    def final_hands(self) -> dict[str, Any]:
        """Each player's hand now, in seat order (`.down`, `.up`, `.folded`)."""
        return {p: FinalHand(list(s.down), list(s.up), s.folded) for p, s in self.table.hands.items()}

    def shared_cards(self) -> list[Card]:
        """The card(s) in the middle every player still in may use (a shared card, Horn-A-Vika's spit card)."""
        return self.table_shared()

    def table_shared(self) -> list[Card]:
        return list(self.table.shared)

    def legal_betting(self) -> list[str]:
        """The betting round's legal actions now (`round`)."""
        return [str(a) for a in self.round.legal_moves()]

    def parse(self, move: str) -> Any:
        return self._parse(move)


_OFFERED: ContextVar["HandState | None"] = ContextVar("a hand just played, offered as a replay", default=None)


def table_award(table: Any, pot: int | None = None, before: Sequence[Any] = (),
                hands: Mapping[str, Sequence[Card]] | None = None) -> Answer:
    """The one award of a played table's pots, for every game and every exercise (the showdown
    move; the `award` ask): the hands still in and not mucked share the pot by the profile's
    rules, or, with stacks, each pot the chips paid build (the game's own `pot_layers`, else side
    pots by the all-in amounts; the pot from before the exercise's street in the main pot) goes
    to the players who may win it. A pot won by a fold cites the game's `fold_cite`. `pot`: the
    pot to share without stacks (default the table's); `before`: steps said first; `hands`: the
    cards each player shows down (default each player's own, mucked hands left out)."""
    if hands is None:         # hands given up unseen: nobody reads them
        hands = {p: table.hands[p].cards for p in table.seats if p not in table.mucked}
    folded = [p for p in table.seats if table.hands[p].folded]
    if table.stacks:
        layers = table.rules.pot_layers   # pots a game builds its own way
        pots, returned, how = layers(table) if layers is not None else (None, None, ())
        return award_pots(hands, {p: table.hands[p].paid for p in table.seats}, table.seats, table.shared, folded,
                          profile=table.profile, base=table.start_pot, all_in=table.all_in, before=before,
                          pots=(pots, returned) if pots is not None else None, how=how)
    return award(hands, table.pot if pot is None else pot, table.seats, table.shared, folded, profile=table.profile,
                 fold_cite=table.rules.fold_cite, before=before)


def _same_table(a: Any, b: Any) -> bool:
    """Two tables set up alike: every field equal, and rules of one class in the same state."""
    return type(a) is type(b) and type(a.rules) is type(b.rules) and vars(a.rules) == vars(b.rules) and all(
        getattr(a, f.name) == getattr(b, f.name) for f in dataclass_fields(a) if f.name != "rules")


def _written(move: Any) -> str:
    """A move as the exercise wrote it."""
    return (move.text or str(move)) if isinstance(move, Move) else move


def _stud_action(text: Any) -> Move:
    """One stud action of a street shown alone, read as its betting round reads one (an
    `ActionFormatError` naming an action otherwise)."""
    return parse_move(text, STUD_KINDS, noun="action")


def _quoting(err: CourseError, move: Any) -> CourseError:
    """A stud action's error quotes the action as the exercise wrote it."""
    if isinstance(err, IllegalActionError):
        err.action = _written(move)
    return err


def random_hand(rng: Any, players: int, profile: Any, start: Callable[[Any], Any],
                parse: Callable[[str], Any], seats: Sequence[str] | None = None,
                **fields: Any) -> tuple[Played, Callable[[str], None]]:
    """A fresh table for `players` seats (`seats`, else P1, P2, ...) before the antes, a shuffled
    deck, and `do(text)`, which plays one event text on the one hand state and records it: a move
    random play chose among the legal ones, so without the checks of an exercise's move
    (`course.engine.legal_play.record`), or through `HandState.apply` within `every_check`."""
    names = list(seats[:players]) if seats else [f"P{i + 1}" for i in range(players)]
    exercise = SimpleNamespace(seats=names, hands={}, shared=[],
                               pot=0, street=find_game(profile.game).first_street, events=[], profile=profile,
                               extra={}, **fields)
    deck = list(DECK)
    rng.shuffle(deck)
    state = HandState(exercise, find_game(profile.game), start(exercise), parse, restart=lambda: start(exercise))
    played = Played(state.table, [], deck, state)

    if legal_play.EVERY_CHECK.get():
        def do(text: str) -> None:
            state.apply(text, read=False)              # the entry is put into words only if the ledger is read
            played.texts.append(text)
    else:
        def do(text: str) -> None:
            legal_play.record(state, text)             # a move random play chose among the legal ones
            played.texts.append(text)

    return played, do

