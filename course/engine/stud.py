"""A whole hand of a game whose exercises are stud actions (Stud High), from the antes to the
end of the last betting round, played with the one move grammar as events:

    P1 antes        P2 is dealt 8♦ down        P3 brings in        P1 raises to 8        shared 4♠

The deal follows the game spec's stages (`GameSpec.stages`), each street's betting is the one
stud betting round (`course.betting`), with its first actor found from the cards as the round
does for an exercise. When the deck cannot give every player still in a card of the spec's last
stage (the street a shared card replaces, `GameSpec.shared_replaces`), that stage is one card
turned face up in the middle for everyone, written 'shared <card>': the profile's `shared_card`
rule, asked through `course.table.needs_shared_card` on the cards still in the deck.
`course.engine.state.HandState.new_hand` plays it, with the showdown as the hand's last move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from course.betting import Action, BettingRound, Verb, new_round
from course.cards import DECK, Card
from course.engine.actions import BETTING_KINDS, Move, parse_move
from course.errors import IllegalActionError
from course.explain import Answer, Step
from course.games import DEAL_TIMELINE, MAX_SEATS, GameSpec, find_game
from course.table import needs_shared_card
from course.engine.state import random_hand
from course.variants.common import Played, Seat, TableSeats, names

KINDS = ("deal", "shared", "ante", "bring_in", "complete", "bet", "raise", "call", "check", "fold")
SHARED = "shared"      # what `next_deal` returns when the next card is the one shared card


@dataclass
class StudTable(TableSeats):
    """The table of a whole stud hand: cards, pot, the stage being dealt and its betting round."""

    seats: list[str]
    hands: dict[str, Seat]
    profile: Any
    spec: GameSpec
    stakes: Any = None
    pot: int = 0
    stage: int = 0                 # stages dealt so far (0: before the deal)
    received: dict[str, int] = field(default_factory=dict)   # cards received in the current stage
    anted: set[str] = field(default_factory=set)
    round: BettingRound | None = None
    round_done: bool = False
    rounds: dict[str, BettingRound] = field(default_factory=dict)   # each street's round, once opened
    where: dict[Card, str] = field(default_factory=dict)
    shared: list[Card] = field(default_factory=list)         # the shared card, once the deck ran short
    log: list[Step] = field(default_factory=list)

    @classmethod
    def start(cls, exercise: Any) -> "StudTable":
        """A fresh table before the antes (the exercise gives the seats, profile and stakes)."""
        profile = exercise.profile
        spec = getattr(exercise, "spec", None) or find_game(exercise.game)
        return cls(list(exercise.seats), {p: Seat() for p in exercise.seats}, profile,
                   spec, getattr(exercise, "stakes", None) or profile.stakes)

    def parse(self, text: Any) -> Move:
        return parse_move(text, KINDS, self.spec.title)

    # --- where the hand stands ----------------------------------------------------------------

    @property
    def stages(self):
        return self.spec.stages

    @property
    def street(self) -> str | None:
        """The street being dealt or bet (None before the first card)."""
        return self.stages[self.stage - 1].street if self.stage else None

    @property
    def stage_dealt(self) -> bool:
        need = len(self.stages[self.stage - 1].players) if self.stage else 0
        return bool(self.shared) or all(self.received.get(p, 0) >= need for p in self.live)

    @property
    def over(self) -> bool:
        return len(self.live) <= 1 or (self.stage == len(self.stages) and self.stage_dealt and self.round_done)

    def needs_ante(self) -> list[str]:
        return [p for p in self.seats if p not in self.anted] if self.stage == 0 and self.stakes.ante else []

    def next_deal(self) -> tuple[str, bool] | str | None:
        """(player, face up) for the next card, `SHARED` when the next card is the one shared
        card, or None when no card is due."""
        if self.over or self.needs_ante():
            return None
        if self.stage and not self.stage_dealt:
            need = min(self.received[p] for p in self.live)
            player = next(p for p in self.live if self.received[p] == need)
            return player, self.stages[self.stage - 1].players[need] == "up"
        if self.stage and not self.round_done:
            return None
        verdict = self.shared_verdict()
        if verdict is not None and verdict.value:
            return SHARED
        return self.live[0], self.stages[self.stage].players[0] == "up"

    def shared_verdict(self) -> Answer | None:
        """Whether the stage about to be dealt is one shared card, asked as the spec's last
        stage starts when it is the street a shared card replaces (`GameSpec.shared_replaces`):
        the profile's `shared_card` rule on the cards still in the deck. None at any other time."""
        stages = self.stages
        if self.stage != len(stages) - 1 or stages[-1].street != self.spec.shared_replaces:
            return None
        return needs_shared_card(self.live, self.profile, cards_left=len(DECK) - len(self.where))

    # --- moves --------------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        if move.player not in self.hands and move.kind != "shared":      # the shared card is nobody's
            raise IllegalActionError(f"{move.player!r} is not at the table: expected one of {', '.join(self.seats)}")
        if self.over and self.stage:
            raise IllegalActionError(f"the hand is over: {names(self.live)} "
                                     f"{'is' if len(self.live) == 1 else 'are'} left for the showdown",
                                     cite=(DEAL_TIMELINE,))
        if move.kind == "ante":
            self._on_ante(move)
        elif move.kind == "deal":
            self._on_deal(move)
        elif move.kind == "shared":
            self._on_shared(move)
        elif move.kind in BETTING_KINDS or move.kind == "fold":
            self._on_betting(move)

    def _on_ante(self, move: Move) -> None:
        ante = self.profile.forced_bet("ante")
        if move.player not in self.needs_ante():
            raise IllegalActionError(f"{move.player} antes, but each player antes once, before the deal",
                                     cite=ante.cite)
        amount = int(self.stakes.ante)
        if move.amount is not None and move.amount != amount:
            raise IllegalActionError(f"the ante is {amount}, not {move.amount}", cite=ante.cite)
        self.anted.add(move.player)
        self.pot += amount
        self.hands[move.player].paid += amount
        self.log.append(Step(f"{move.player} antes {amount}: the pot is {self.pot}.", ante.cite))

    def _on_deal(self, move: Move) -> None:
        expected = self.next_deal()
        if expected is None:
            why = (f"{self.needs_ante()[0]} antes before the deal" if self.needs_ante()
                   else f"the {self.round.street if self.round else self.stages[self.stage - 1].street}-street "
                        "betting comes first")
            raise IllegalActionError(why, cite=(DEAL_TIMELINE,))
        if expected == SHARED:
            verdict = self.shared_verdict()
            raise IllegalActionError(f"{verdict.steps[-1].text} Write it as 'shared <card>'.", cite=verdict.citations)
        player, up = expected
        if (move.player, move.up) != (player, up):
            raise IllegalActionError(f"the next card goes to {player} face {'up' if up else 'down'}, not to "
                                     f"{move.player} face {'up' if move.up else 'down'}", cite=(DEAL_TIMELINE,))
        self._unseen(move.card)
        if self.stage_dealt:
            self._open_stage()
        seat = self.hands[player]
        (seat.up if up else seat.down).append(move.card)
        self.where[move.card] = f"{player} {'up' if up else 'down'}"
        self.received[player] += 1
        self.log.append(Step(f"{player} is dealt {move.card} face {'up' if up else 'down'}.", (DEAL_TIMELINE,)))

    def _on_shared(self, move: Move) -> None:
        verdict, due = self.shared_verdict(), self.next_deal()
        if due != SHARED:
            rule = self.profile.option("shared_card")
            if verdict is not None and due is not None:
                raise IllegalActionError("a shared card comes only when the deck runs short: " + verdict.steps[-1].text,
                                         cite=verdict.citations)
            raise IllegalActionError(f"a shared card can only be the whole of {self.stages[-1].street} street, in "
                                     "place of everyone's card when the deck runs short, once the betting before it "
                                     "is over",
                                     cite=(*rule.cite, DEAL_TIMELINE))
        self._unseen(move.card)
        self._open_stage()
        self.shared.append(move.card)
        self.where[move.card] = "the shared card"
        plays = self.profile.option("shared_cards_play")
        self.log.append(verdict.steps[-1])
        self.log.append(Step(f"The shared {move.card} is face up in the middle: it counts in every hand still in.",
                             plays.cite, course_default=plays.course_default))

    def _unseen(self, card: Card) -> None:
        if card in self.where:
            raise IllegalActionError(f"{str(card)!r} is already in play: {self.where[card]}")

    def _open_stage(self) -> None:
        self.stage += 1
        self.received = {p: 0 for p in self.seats}
        self.round, self.round_done = None, False

    def _on_betting(self, move: Move) -> None:
        if self.hands[move.player].folded:
            raise IllegalActionError(f"{move.player} has folded and takes no further part",
                                     cite=self.profile.rule_cite("folded_out"))
        if not self.stage or not self.stage_dealt or self.round_done:
            raise IllegalActionError("there is no betting now: the next card is dealt first", cite=(DEAL_TIMELINE,))
        if self.round is None:
            self.round = self.rounds[self.stages[self.stage - 1].street] = self.new_round()
        entry = self.round.apply(Action.of(move))
        self.pot += entry.added
        self.hands[move.player].paid += entry.added
        if move.kind == "fold":
            self.hands[move.player].folded = True
        self.round_done = self.round.is_closed

    def new_round(self) -> BettingRound:
        street = self.stages[self.stage - 1].street
        folded = [p for p in self.seats if self.hands[p].folded]
        return new_round(street, self.seats, self.hands, self.profile, self.stakes, folded=folded, pot=self.pot,
                         shared=self.shared)


def random_deal(rng: random.Random, players: int, profile: Any, spec: GameSpec,
                fold_chance: float = 0.06) -> Played:
    """One hand from the antes to the end of the betting with random legal choices, through the
    event parser, for 2 to 8 players: when the deck runs short at the last stage, the table asks
    for one shared card and gets it."""
    if not 2 <= players <= MAX_SEATS:
        raise ValueError(f"whole stud hands use 2 to {MAX_SEATS} players, not {players!r}")
    played, do = random_hand(rng, players, profile, StudTable.start,
                             lambda text: parse_move(text, KINDS, spec.title), spec=spec, stakes=profile.stakes)
    table, deck = played.table, played.deck
    while not table.over:
        if table.needs_ante():
            do(f"{table.needs_ante()[0]} antes")
            continue
        nxt = table.next_deal()
        if nxt == SHARED:
            do(f"shared {deck.pop()}")
            continue
        if nxt is not None:
            player, up = nxt
            do(f"{player} is dealt {deck.pop()} {'up' if up else 'down'}")
            continue
        rnd = table.round or table.new_round()
        legal = rnd.legal_moves()
        folds = [a for a in legal if a.verb is Verb.FOLD]
        choices = [a for a in legal if a.verb is not Verb.FOLD]
        do(str(folds[0] if folds and rng.random() < fold_chance else rng.choice(choices)))
    return played
