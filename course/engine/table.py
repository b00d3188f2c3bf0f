"""The one table: every game's hand, from the antes (or the position an exercise shows) to the
end of the last betting round, played with the one move grammar:

    P1 antes        P2 is dealt 8♦ down        P3 brings in        P1 raises to 8        shared 4♠

What every game shares lives here, read from the game spec and the profile, never from a game's
name: the deal follows `GameSpec.stages`; the ante is the profile's forced bet; each street's
betting is the one stud betting round (`course.engine.betting`), its first actor found from the cards;
when the deck cannot give every player still in a card of the spec's last stage (the street a
shared card replaces), that stage is one card turned face up in the middle, written
'shared <card>' (the profile's `shared_card` rule, `course.engine.turn.needs_shared_card`).

A game with moves of its own plugs them in through its `Rules` (the hooks below), kept in its
module under `course/games/`: what a dealt card calls for, the moves only it has, what must
happen before anything else, who opens a round. Stud High uses the plain `Rules`.
`course.engine.state.HandState` plays every move on it, and the showdown ends the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from course.engine.betting import Action, BettingRound, new_round
from course.engine.dealing import SHARED, TABLE, deal_card, deal_shared_card, deal_table_card, deal_unknown, deal_up_to
from course.engine.showdown import build_pots
from course.cards import DECK, Card
from course.moves import BETTING_KINDS, STUD_KINDS, Move, parse_move
from course.errors import IllegalActionError
from course.explain import Answer, Step
from course.games import DEAL_TIMELINE, GameSpec, find_game
from course.engine.turn import exposed_pairs, needs_shared_card
from course.engine.seats import Seat, TableSeats, names, seats_from

KINDS = STUD_KINDS


class Rules:
    """A game's own rules on the one table. These defaults are plain stud (no moves of its own);
    a game overrides what it adds. A hook's state lives on the rules object (`_undo`: a trial
    saves and restores it with the table's)."""

    _undo = True
    kinds: tuple[str, ...] = ()       # the game's own move kinds, played by `apply`
    deal_cite: tuple[str, ...] = (DEAL_TIMELINE,)   # the article the deal and its order come from
    logs_deals: bool = True           # a dealt card is a line of the table's log (always of the player's record)

    table_card: str = "shared"        # the move that deals a stage's card to the table
    over_cite: tuple[str, ...] = (DEAL_TIMELINE,)   # why a hand with one player left is over
    fold_cite: tuple[str, ...] | None = None   # what a pot won by a fold cites (None: the profile's
                                               # rule that a folded player takes no further part)
    pot_log: bool = False             # the pot's explanation shows each payment (the table's log)
    # A game that builds its pots from the order money went in gives a method
    # `pot_layers(table, flow=None, folded=None) -> (pots, chips returned, steps)`; None: side pots
    # by what each player put in (`course.engine.showdown.build_pots`).
    pot_layers: Any = None

    def award_steps(self, table: "Table") -> list[Step]:
        """What the award of the pot says first, before the hands share it (nothing, in plain stud)."""
        return []

    def pot_cite(self, table: "Table") -> tuple[str, ...]:
        """What the pot's explanation cites."""
        return ()

    def deal_cites(self, table: "Table", stage: int | None = None) -> tuple[str, ...]:
        """What a deal step (of `stage`, default the table's) cites."""
        return self.deal_cite

    def on_start(self, table: "Table", exercise: Any) -> None:
        """Checks and set-up of a starting position (raise `IllegalActionError` naming the key):
        a street shown with its shared card has that card in the middle."""
        if table.stage:
            for card in getattr(exercise, "shared", None) or ():
                table.shared.append(card)
                table.where[card] = "the shared card"

    def owes_ante(self, table: "Table") -> list[str]:
        """Who still owes an ante: every player, before the deal, when the stakes have one."""
        return [p for p in table.seats if p not in table.anted] if table.stage == 0 and table.stakes.ante else []

    def ante_words(self, table: "Table", player: str) -> str:
        return player

    def ante(self, table: "Table", move: Move) -> tuple[int, Step]:
        """The ante `move` pays, and the sentence saying so (or why it is refused)."""
        ante = table.profile.forced_bet("ante")
        if move.player not in self.owes_ante(table):
            raise IllegalActionError(f"{move.player} antes, but each player antes once, before the deal",
                                     cite=ante.cite)
        amount = int(table.stakes.ante)
        if move.amount is not None and move.amount != amount:
            raise IllegalActionError(f"the ante is {amount}, not {move.amount}", cite=ante.cite)
        return amount, Step(f"{move.player} antes {amount}: the pot is {table.pot + amount}.", ante.cite)

    def owns(self, table: "Table", move: Move) -> bool:
        """`move` is one of the game's own (played by `apply`)."""
        return move.kind in self.kinds

    def after(self, table: "Table", move: Move) -> None:
        """Anything the game does once a move is played (a betting move's entry is `table.round.last_entry`)."""

    def limit(self, table: "Table") -> Any:
        """The street's limit rule for the betting round (`betting.PlayerLimit`), None: its fixed step."""
        return None

    def blocks(self, table: "Table", move: Move) -> tuple[str, tuple[str, ...]] | None:
        """(why, citations) when `move` must wait for something of the game's own (a pending
        decision), else None."""
        return None

    def waiting(self, table: "Table") -> bool:
        """A decision of the game's own is still to be made (no card, no bet before it)."""
        return False

    def apply(self, table: "Table", move: Move) -> None:
        raise IllegalActionError(f"{move.kind} moves do not happen in {table.spec.title}")

    def on_dealt(self, table: "Table", player: str, card: Card, up: bool) -> None:
        """What a card dealt to `player` calls for."""

    def on_shared(self, table: "Table", card: Card) -> None:
        """What the shared card calls for."""

    def first(self, table: "Table") -> Any:
        """Who opens the street's betting: an `Answer` saying why, or (player, a function giving
        that answer when read), or None: stud's bring-in or opener."""
        return None


@dataclass
class Table(TableSeats):
    """The table of one hand: cards, pot, the stage being dealt and its betting round."""

    seats: list[str]
    hands: dict[str, Seat]
    profile: Any
    spec: GameSpec
    stakes: Any = None
    rules: Rules = field(default_factory=Rules)
    pot: int = 0
    start_pot: int = 0
    stage: int = 0                 # stages dealt so far (0: before the deal)
    start_stage: int = 0           # the stage the exercise starts at (its betting may be left out)
    received: dict[str, int] = field(default_factory=dict)   # cards received in the current stage
    shared_stage: int = 0          # the stage dealt as one shared card
    opened: list[int] = field(default_factory=list)          # the stages dealt in the moves
    dealt: dict[str, int] = field(default_factory=dict)      # cards each player has had from the dealer
    anted: set[str] = field(default_factory=set)
    round: BettingRound | None = None
    round_done: bool = False
    rounds: dict[str, BettingRound] = field(default_factory=dict)   # each street's round, once opened
    where: dict[Card, str] = field(default_factory=dict)
    shared: list[Card] = field(default_factory=list)         # the shared card, once the deck ran short
    seventh: Answer | None = None  # whether the last stage is one shared card, decided as it starts
    seventh_dealt: int = 0         # cards the dealer had given out then
    log: list[Step] = field(default_factory=list)
    history: dict[str, list[Step]] = field(default_factory=dict)   # each player's own record
    stages: tuple = field(default=(), repr=False)                  # the spec's deal, stage by stage
    stacks: dict[str, int] = field(default_factory=dict)     # chips at the start of the hand (absent: no limit)
    mucked: list[str] = field(default_factory=list)          # players who gave up their hand at the showdown
    # with stacks: every payment into the pot, in order, (kind, street, player, units), kind "ante",
    # "bet" (any betting move) or a game's own (Horn-A-Vika's "match"), for a game that builds its
    # pots from the order money went in (`Rules.pot_layers`)
    flow: list[tuple] = field(default_factory=list)
    # a whole hand's cards the record does not show (the exercise's `unknown_cards`): player -> how
    # many are still to be dealt; each is dealt in its turn with no card (`dealing.deal_unknown`)
    unknown: dict[str, int] = field(default_factory=dict)
    # player -> which of the player's cards (0 the first dealt) the record does not show
    unknown_at: dict[str, frozenset[int]] = field(default_factory=dict)

    @classmethod
    def start(cls, exercise: Any, rules: Rules | None = None) -> "Table":
        """The table the exercise shows: before the antes when no cards are given, else at the
        end of `street`'s deal (its betting still to come, or counted as over)."""
        profile = exercise.profile
        spec = getattr(exercise, "spec", None) or find_game(getattr(exercise, "game", None) or profile.game)
        hands = seats_from(exercise)
        pot = getattr(exercise, "pot", None) or 0
        table = cls(list(exercise.seats), hands, profile, spec, getattr(exercise, "stakes", None) or profile.stakes,
                    rules or Rules(), pot=pot, start_pot=pot, stacks=dict(getattr(exercise, "stacks", None) or {}))
        table.history = {p: [] for p in table.seats}
        table.dealt = {p: 0 for p in table.seats}
        if any(h.cards for h in hands.values()):
            deal_up_to(table, getattr(exercise, "street", None) or spec.first_street)
        extra = getattr(exercise, "extra", None) or {}
        listed = {p: faces for p, faces in (extra.get("unknown_cards") or {}).items() if p in hands}
        table.unknown_at = {p: frozenset(i for i, f in enumerate(faces) if f != "known") for p, faces in listed.items()}
        table.unknown = {p: len(at) for p, at in table.unknown_at.items()}
        table.rules.on_start(table, exercise)
        return table

    def parse(self, text: Any) -> Move:
        return parse_move(text, KINDS + self.rules.kinds, self.spec.title)

    # --- where the hand stands ----------------------------------------------------------------

    def __post_init__(self) -> None:
        self.stages = self.spec.stages     # read once: the spec builds them on each call

    @property
    def one_street(self) -> bool:
        """The table shows one street of a game bet on stud actions (an exercise of that street's
        betting, from the cards it shows): its moves are that street's round alone, antes
        included, judged and worded by the round (`BettingRound`), whose entries are the ledger."""
        return self.start_stage > 0 and self.spec.moves == "actions"

    @property
    def street(self) -> str | None:
        """The street being dealt or bet (None before the first card)."""
        return self.stages[self.stage - 1].street if self.stage else None

    @property
    def stage_dealt(self) -> bool:
        """Every player still in has the stage's cards. Asked several times a move, so kept until
        a card is dealt or a player folds (`course.engine.dealing`, `fold`); a new stage has its own count of
        cards received, and a trial's `restore` puts the kept answer back with the rest."""
        stage, received = self.stage, self.received
        kept = self.__dict__.get("_dealt")
        if kept is not None and kept[0] == stage and kept[1] is received:
            return kept[2]
        dealt = True
        if stage and stage != self.shared_stage:
            need = len(self.stages[stage - 1].players)
            dealt = all(received.get(p, 0) >= need for p in self.live)
        self.__dict__["_dealt"] = (stage, received, dealt)
        return dealt

    @property
    def betting_due(self) -> bool:
        """The street's betting is still to be played (at the exercise's own street it may be
        counted as over, when no bet of it is given)."""
        return bool(self.stage) and self.stages[self.stage - 1].round is not None and not self.round_done \
            and not (self.stage == self.start_stage and self.round is None)

    @property
    def betting_over(self) -> bool:
        """Every card is dealt and the last betting round is over, with two or more players in."""
        return len(self.live) > 1 and self.stage == len(self.stages) and self.stage_dealt and self.round_done

    def behind(self, player: str) -> int | None:
        """The chips `player` has left (None: no stack given, enough for anything)."""
        stack = self.stacks.get(player)
        return None if stack is None else stack - self.hands[player].paid

    @property
    def all_in(self) -> list[str]:
        """The players still in with no chips left (stacks given only), seat order."""
        return [p for p in self.live if (left := self.behind(p)) is not None and left <= 0]

    @property
    def over(self) -> bool:
        if len(self.live) <= 1:
            return True
        return self.stage == len(self.stages) and self.round_done and self.stage_dealt and not self.rules.waiting(self)

    def needs_ante(self) -> list[str]:
        return self.rules.owes_ante(self)

    def round_ahead(self) -> int | None:
        """The betting round in play, or the next one to come (None after the last)."""
        if self.current_round() and not self.round_done:
            return self.current_round()
        later = [s.round for s in self.stages[self.stage:] if s.round]
        return later[0] if later else None

    def point_words(self) -> str:
        """Where the hand stands, in the game's own words: the stage and betting round in a game
        whose rules number them (`points: stage`, Horn-A-Vika: "stage 2, in betting round 2",
        "stage 2, before betting round 2"), else the street ("fifth street"); "before the deal"
        before the first card, "the end of the hand" once it is over."""
        if self.over:
            return "the end of the hand"
        if self.spec.points != "stage":
            return f"{self.street} street" if self.street else "before the deal"
        if not self.stage:
            return "before the deal"
        at, number = f"stage {self.stage}", self.round_ahead()
        if number and self.current_round() == number and not self.round_done and self.stage_dealt:
            return at + f", in betting round {number}"    # while the stage is dealt, its round is still to come
        return at + (f", before betting round {number}" if number else "")

    def current_round(self) -> int | None:
        """The number of the betting round that follows the stage dealt (None: none follows)."""
        return self.stages[self.stage - 1].round if self.stage else None

    def why_not_next(self) -> str | None:
        """Why the next stage cannot be dealt yet, or None when it may."""
        if self.needs_ante():
            return f"{self.rules.ante_words(self, self.needs_ante()[0])} antes before the deal"
        if not self.stage_dealt:
            return None
        if self.betting_due:
            number = self.current_round()
            if self.round is not None:
                return f"betting round {number} is not over: {self.round.to_act} is to act"
            return f"betting round {number}" + ("" if self.spec.points == "stage" else f" ({self.street} street)") \
                + " comes first"
        if len(self.live) <= 1:
            return f"the hand is over: only {names(self.live)} is left"
        if self.stage == len(self.stages):
            return f"every card has been dealt: after {self.street} street's betting comes the showdown"
        return None

    def next_deal(self) -> tuple[str, bool] | str | None:
        """(player, face up) for the next card, `SHARED` when the next card is the one shared
        card, or None when no card is due."""
        if self.over or self.needs_ante():
            return None
        return self.card_due()

    def card_due(self) -> tuple[str, bool] | str | None:
        """`next_deal` of a hand known to be still going with every ante paid (random play has
        just asked both, once a move)."""
        if self.stage and not self.stage_dealt:
            need = min(self.received[p] for p in self.live)
            player = next(p for p in self.live if self.received[p] == need)
            return player, self.stages[self.stage - 1].players[need] == "up"
        if self.betting_due or self.rules.waiting(self) or self.stage == len(self.stages):
            return None
        if self.stages[self.stage].to_table:
            return TABLE
        verdict = self.shared_verdict()
        if verdict is not None and verdict.value:
            return SHARED
        return self.live[0], self.stages[self.stage].players[0] == "up"

    def shared_verdict(self) -> Answer | None:
        """Whether the stage about to be dealt is one shared card, asked as the spec's last
        stage starts when it is the street a shared card replaces (`GameSpec.shared_replaces`):
        the profile's `shared_card` rule on the cards the dealer has not given out. None at any
        other time."""
        stages = self.stages
        if self.stage != len(stages) - 1 or stages[-1].street != self.spec.shared_replaces:
            return None
        return needs_shared_card(self.live, self.profile, cards_left=len(DECK) - sum(self.dealt.values()))

    # --- moves --------------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        if self.one_street:       # a street shown alone: its round judges every move, antes too
            self._bet(move)
            return
        if self.unknown:
            deal_unknown(self)      # cards the record does not show, due before this move
        for name in (move.player, move.other):
            if name is not None and name not in self.hands:
                raise IllegalActionError(f"{name!r} is not at the table: expected one of {', '.join(self.seats)}")
        if move.kind == "muck":
            self._on_muck(move)
            self.rules.after(self, move)
            return
        if self.stage and len(self.live) <= 1:
            raise IllegalActionError(f"the hand is over: only {names(self.live)} is left, and wins the pot",
                                     cite=self.rules.over_cite)
        if self.stage == len(self.stages) and self.over:
            raise IllegalActionError(f"the hand is over: {names(self.live)} are left for the showdown",
                                     cite=(DEAL_TIMELINE,))
        why = self.rules.blocks(self, move)
        if why is not None:
            raise IllegalActionError(why[0], cite=why[1])
        if self.rules.owns(self, move):
            self.rules.apply(self, move)
            self._settle()        # the game's last decision of a stage may leave nobody to bet
        elif move.kind == self.rules.table_card and self.spec.shared_replaces is None:
            deal_table_card(self, move)
            self._settle()
        elif move.kind == "ante":
            self._on_ante(move)
        elif move.kind == "deal":
            deal_card(self, move)
            self._settle()
        elif move.kind == "shared":
            deal_shared_card(self, move)
            self._settle()
        elif move.kind in BETTING_KINDS or move.kind == "fold":
            self._on_betting(move)
        else:
            raise IllegalActionError(f"{move.kind} moves do not happen in {self.spec.title}")
        self.rules.after(self, move)

    def pay(self, player: str, amount: int, kind: str = "bet") -> None:
        self.pot += amount
        self.hands[player].paid += amount
        if self.stacks and amount:
            self.flow.append((kind, self.street, player, amount))

    def _on_ante(self, move: Move) -> None:
        stack = self.stacks.get(move.player)
        if stack is not None and move.player in self.needs_ante() and stack < int(self.stakes.ante):
            self._short_ante(move, stack)     # all in on the ante: the first street's round judges it
            return
        amount, step = self.rules.ante(self, move)
        self.anted.add(move.player)
        self.pay(move.player, amount, "ante")
        self.log.append(step)

    def _short_ante(self, move: Move, stack: int) -> None:
        """An ante the player cannot pay in full, judged by the first street's betting round (the
        profile's `short_ante`): all in for what the player has."""
        trial = BettingRound(self.stages[0].street, self.seats, self.seats[0], self.profile, self.stakes,
                             stacks={move.player: stack})
        entry = trial.apply(Action.of(move))
        self.anted.add(move.player)
        self.pay(move.player, entry.added, "ante")
        self.log.append(Step(f"{entry.text} The pot is {self.pot}.", entry.cite, entry.course_default))

    def _on_muck(self, move: Move) -> None:
        """A player gives up the hand at the showdown instead of showing it (1917 "Showdown")."""
        rule = self.profile.rule_cite("muck")
        p = move.player
        if self.hands[p].folded:
            raise IllegalActionError(f"{p} is out of the hand already", cite=rule)
        if self.live == [p]:
            raise IllegalActionError(f"{p} is the only player left who may win the pot, so {p} takes it and has "
                                     "no hand to give up", cite=rule)
        if not self.betting_over or self.rules.waiting(self):
            raise IllegalActionError(f"{p} cannot muck yet: a hand is mucked at the showdown, once the last "
                                     "betting round is over; during the betting a player folds instead",
                                     cite=(*rule, DEAL_TIMELINE))
        paid = {q: self.hands[q].paid for q in self.seats}
        folded = [q for q in self.seats if self.hands[q].folded]
        for pot in build_pots(paid, self.seats, folded)[0]:
            if pot.players == (p,):
                raise IllegalActionError(f"{p} is the only player left who may win a pot of {pot.amount}, so {p} "
                                         "takes it and has no hand to give up", cite=rule)
        self.fold(p)
        self.mucked.append(p)
        self.log.append(Step(f"{p} mucks: {p} gives up the hand without showing it and can win no part of any pot.",
                             rule))

    def _settle(self) -> None:
        """Once a stage is dealt, a betting round with nobody left to bet (every player still in but
        one is all in, and that one owes nothing) is over before it starts."""
        if self.stacks and self.stage and self.stage_dealt and self.current_round() is not None \
                and self.round is None and not self.round_done and not self.rules.waiting(self):
            if sum((left := self.behind(p)) is None or left > 0 for p in self.live) >= 2:
                return       # two players with chips must each act first: the round is open (no round built to see)
            opened = self.new_round()
            if opened.is_closed:
                self.round = self.rounds[opened.street] = opened
                self.round_done = True
                if opened.all_in:
                    self.log.append(Step(f"No betting {'in betting round ' + str(self.current_round()) if self.spec.points == 'stage' else 'on ' + opened.street + ' street'}: {names(opened.all_in)} "
                                         f"{'is' if len(opened.all_in) == 1 else 'are'} all in and nobody is "
                                         "left to bet against.", opened.profile.rule_cite("table_stakes")))

    def _on_betting(self, move: Move) -> None:
        """A betting move of the hand, once the hand's own checks pass (the player is in, the
        street's cards are out, its round is not over), judged by the street's round."""
        if self.hands[move.player].folded:
            raise IllegalActionError(f"{move.player} has folded and takes no further part",
                                     cite=self.profile.rule_cite("folded_out"))
        if not self.stage:
            raise IllegalActionError("no betting before the first cards are dealt", cite=self.rules.deal_cites(self))
        if not self.stage_dealt:
            raise IllegalActionError(f"{self.street} street is still being dealt; betting comes after",
                                     cite=self.rules.deal_cites(self))
        if self.current_round() is None:
            raise IllegalActionError(f"there is no betting round after stage {self.stage}", cite=self.rules.deal_cites(self))
        if self.round_done:
            raise IllegalActionError(f"the {self.street}-street betting is over; the next card is dealt next",
                                     cite=self.rules.deal_cites(self))
        self._bet(move)

    def _bet(self, move: Move) -> None:
        """`move` played on the street's betting round (which judges it), its chips paid in."""
        entry = self.betting_round().apply(Action.of(move))
        self.pay(move.player, entry.added)
        if move.kind == "fold":
            self.fold(move.player)
        self.round_done = self.round.is_closed

    def betting_round(self) -> BettingRound:
        """The street's betting round, opened on its first action."""
        if self.round is None:
            self.round = self.rounds[self.street] = self.new_round()
        return self.round

    def new_round(self) -> BettingRound:
        """The street's betting round, not yet played. Its entries leave out the pots: the hand's
        own ledger builds them from the table's record of payments (`HandPots.at`); a
        street shown alone keeps the round's entries, pots included, as its ledger."""
        opened = self._open_round()
        opened.entry_pots = self.one_street
        return opened

    def _open_round(self) -> BettingRound:
        street = self.street
        opened = self.rules.first(self)
        if opened is None:
            folded = [p for p in self.seats if self.hands[p].folded]
            stacks = {p: left for p in self.seats if (left := self.behind(p)) is not None}
            return new_round(street, self.seats, self.hands, self.profile, self.stakes, folded=folded, pot=self.pot,
                             shared=self.shared, stacks=stacks or None)
        first, explain = (opened.value, None) if isinstance(opened, Answer) else opened
        live = self.live
        stacks = {p: left for p in live if (left := self.behind(p)) is not None}
        # who shows a pair matters only where the exposed-pair option applies (`GameSpec.pair_street`)
        pairs = exposed_pairs({p: self.hands[p].up for p in live}, live) if street == self.spec.pair_street else ()
        return BettingRound(street, self.seats, first, self.profile, self.stakes, active=live, stacks=stacks or None,
                            pair_holders=pairs,
                            pot_before=self.pot, first_answer=opened if explain is None else None,
                            explain_first=explain, limit=self.rules.limit(self))
