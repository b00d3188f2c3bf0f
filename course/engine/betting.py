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
- on fourth street, with `second_round_pair` on and a pair showing among the players in, the
  big step may be used (by everyone or the pair holders, `second_round_pair_scope`); once used
  it stands for the rest of the round when `second_round_big_bet_stands`;
- a bet and at most `raise_cap` raises;
- a call pays only the difference; a check only when nothing is owed; turn order is enforced;
- the round is over when every player still in has acted and matched, or one player is left.

Amounts may be left out: the engine infers them (on fourth street with the pair option open it
assumes the ordinary small step and says so). A wrong amount is rejected with the right one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Mapping, Sequence

from course import amounts
from course.cards import Card
from course.engine.betting_moves import _DEFAULT_WORDS, Action, LedgerEntry, PlayerLimit, Verb, _bracket
from course.engine.legality import Legality
from course.errors import ActionFormatError, IllegalActionError
from course.explain import Answer
from course.games import GameSpec, find_game
from course.rules import FORCED_BETS, Profile, Stakes
from course.engine.showdown import build_pots
from course.engine.turn import (
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


@dataclass
class BettingRound(Legality):
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
    # the moves `legal_moves` judged, each with its plan and the defaults it says, until the next
    # action: random play (`course.engine.legal_play`) plays one of them without judging it again
    _judged: dict | None = field(init=False, default=None, compare=False, repr=False)
    game: GameSpec = field(init=False)  # the profile's game: which street has the forced bets, the pair option

    def __post_init__(self) -> None:
        self.game = find_game(self.profile.game)
        self.game.check_betting_street(self.street)
        self.seats = check_seats(self.seats)
        chosen = None if self.active is None else set(self.active)
        active = list(self.seats) if chosen is None else [p for p in self.seats if p in chosen]
        for p in self.active or ():
            if p not in self.seats:
                raise ValueError(f"active names {p!r}, who is not seated: expected one of {list(self.seats)!r}")
        if self.stakes is None:
            self.stakes = self.profile.stakes
        self.order = action_order(self.seats, self.first, active)
        self.active = tuple(self.order)
        self.pair_holders = tuple(p for p in self.pair_holders if p in self.order)
        self.put = {p: 0 for p in self.order}
        # a table's stacks are whole numbers already (a round opens on every street): only other
        # amounts are read (`amounts.parse` returns such a number unchanged)
        self.stacks = {p: v if type(v) is int and v >= 0 else amounts.parse(v)
                       for p, v in (self.stacks or {}).items() if p in self.put}
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

    def _note_words(self, *names: str) -> str:
        """Words saying which of these options are the course's own defaults ("" when none). A
        default is said once in a round: one already said by an applied action is left out."""
        words = []
        for name in names:
            if name not in FORCED_BETS and not self.profile.has(name):
                continue         # an all-in rule this profile does not name: cited on its step instead
            option = self.profile.option(name)
            if self._forced(name).course_default if name in FORCED_BETS else option.course_default:
                word = _DEFAULT_WORDS.get(name, name.replace("_", " ")).format(pair_street=self.game.pair_street)
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
        stacks = self.stacks
        if not stacks:
            return False
        stack = stacks.get(player)     # `behind`, asked tens of times a move (the turn, the round's end, the move list)
        return stack is not None and stack - self.antes.get(player, 0) - self.put.get(player, 0) <= 0

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
        """The main pot and side pots now (`course.engine.showdown.build_pots`): the pot before the
        street goes to the main pot, shared by every player still in."""
        return build_pots(self.paid, self.seats, self.folded, self.pot_before, self.all_in)[0]

    def pot_amounts(self) -> tuple[int, ...]:
        """Each pot's units now, main pot first, then any chips nobody has matched yet (the
        ledger's column: they add up to the pot)."""
        pots, unmatched = build_pots(self.paid, self.seats, self.folded, self.pot_before, self.all_in)
        return tuple(pot.amount for pot in pots if pot.amount) + tuple(unmatched.values())

    @property
    def ledger(self) -> list[LedgerEntry]:
        return list(self._ledger)

    @property
    def last_entry(self) -> LedgerEntry | None:
        """The latest action's entry (None before the first), without copying the ledger."""
        return self._ledger[-1] if self._ledger else None

    # --- playing a judged move (the trio and the move list: `course.engine.legality`) --------

    def apply(self, action: Action | str, known: bool = False) -> LedgerEntry:
        """Play `action`, judged first (`IllegalActionError` when it is not legal). `known`: the
        action is one `legal_moves` has just listed (random play, `course.engine.legal_play`):
        the plan it judged for it is played, or it is judged without asking again whether the
        player may act now."""
        parsed = Action.parse(action)
        judged = self._judged.get(parsed) if known and self._judged else None
        if judged is not None:
            plan, saying = judged
            self._saying = list(saying)
        else:
            plan = self._judge(parsed, known)
        self._judged = None
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
        order = self.order
        index, n = order.index(player), len(order)
        for k in range(1, n + 1):
            if order[(index + k) % n] not in self.folded:
                self.turn = (index + k) % n      # the candidate's place (each player is in the order once)
                return

    # --- answers ----------------------------------------------------------------------------

    def opening(self) -> Answer | None:
        """Who acts first on the street, and why (worded on first use when `explain_first` gives it)."""
        if self.first_answer is None and self.explain_first is not None:
            self.first_answer = self.explain_first()
        return self.first_answer




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
