"""A whole hand of a game whose exercises are stud actions (Stud High), from the antes to the
end of the last betting round, played with the one move grammar as events:

    P1 antes        P2 is dealt 8♦ down        P3 brings in        P1 raises to 8

The deal follows the game spec's stages (`GameSpec.stages`), each street's betting is the one
stud betting round (`course.betting`), with its first actor found from the cards as the round
does for an exercise. `course.engine.state.HandState.new_hand` plays it, with the showdown as
the hand's last move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from course.betting import Action, BettingRound, Verb, new_round
from course.cards import Card
from course.engine.actions import BETTING_KINDS, Move, parse_move
from course.errors import IllegalActionError
from course.explain import Step
from course.games import DEAL_TIMELINE, GameSpec
from course.variants.common import Played, Seat, TableSeats, names, random_hand

KINDS = ("deal", "ante", "bring_in", "complete", "bet", "raise", "call", "check", "fold")


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
    where: dict[Card, str] = field(default_factory=dict)
    log: list[Step] = field(default_factory=list)

    @classmethod
    def start(cls, exercise: Any) -> "StudTable":
        """A fresh table before the antes (the exercise gives the seats, profile and stakes)."""
        profile = exercise.profile
        return cls(list(exercise.seats), {p: Seat() for p in exercise.seats}, profile,
                   exercise.spec, getattr(exercise, "stakes", None) or profile.stakes)

    def parse(self, text: Any) -> Move:
        return parse_move(text, KINDS, self.spec.title)

    # --- where the hand stands ----------------------------------------------------------------

    @property
    def stages(self):
        return self.spec.stages

    @property
    def stage_dealt(self) -> bool:
        need = len(self.stages[self.stage - 1].players) if self.stage else 0
        return all(self.received.get(p, 0) >= need for p in self.live)

    @property
    def over(self) -> bool:
        return len(self.live) <= 1 or (self.stage == len(self.stages) and self.stage_dealt and self.round_done)

    def needs_ante(self) -> list[str]:
        return [p for p in self.seats if p not in self.anted] if self.stage == 0 and self.stakes.ante else []

    def next_deal(self) -> tuple[str, bool] | None:
        """(player, face up) for the next card, or None when no card is due."""
        if self.over or self.needs_ante():
            return None
        if self.stage and not self.stage_dealt:
            need = min(self.received[p] for p in self.live)
            player = next(p for p in self.live if self.received[p] == need)
            return player, self.stages[self.stage - 1].players[need] == "up"
        if self.stage and not self.round_done:
            return None
        return self.live[0], self.stages[self.stage].players[0] == "up"

    # --- moves --------------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        if move.player not in self.hands:
            raise IllegalActionError(f"{move.player!r} is not at the table: expected one of {', '.join(self.seats)}")
        if self.over and self.stage:
            raise IllegalActionError(f"the hand is over: {names(self.live)} "
                                     f"{'is' if len(self.live) == 1 else 'are'} left for the showdown",
                                     cite=(DEAL_TIMELINE,))
        if move.kind == "ante":
            self._on_ante(move)
        elif move.kind == "deal":
            self._on_deal(move)
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
        player, up = expected
        if (move.player, move.up) != (player, up):
            raise IllegalActionError(f"the next card goes to {player} face {'up' if up else 'down'}, not to "
                                     f"{move.player} face {'up' if move.up else 'down'}", cite=(DEAL_TIMELINE,))
        if move.card in self.where:
            raise IllegalActionError(f"{str(move.card)!r} is already in play: {self.where[move.card]}")
        if self.stage_dealt:
            self.stage += 1
            self.received = {p: 0 for p in self.seats}
            self.round, self.round_done = None, False
        seat = self.hands[player]
        (seat.up if up else seat.down).append(move.card)
        self.where[move.card] = f"{player} {'up' if up else 'down'}"
        self.received[player] += 1
        self.log.append(Step(f"{player} is dealt {move.card} face {'up' if up else 'down'}.", (DEAL_TIMELINE,)))

    def _on_betting(self, move: Move) -> None:
        if self.hands[move.player].folded:
            raise IllegalActionError(f"{move.player} has folded and takes no further part",
                                     cite=self.profile.rule_cite("folded_out"))
        if not self.stage or not self.stage_dealt or self.round_done:
            raise IllegalActionError("there is no betting now: the next card is dealt first", cite=(DEAL_TIMELINE,))
        if self.round is None:
            self.round = self.new_round()
        entry = self.round.apply(Action.of(move))
        self.pot += entry.added
        self.hands[move.player].paid += entry.added
        if move.kind == "fold":
            self.hands[move.player].folded = True
        self.round_done = self.round.is_closed

    def new_round(self) -> BettingRound:
        street = self.stages[self.stage - 1].street
        folded = [p for p in self.seats if self.hands[p].folded]
        return new_round(street, self.seats, self.hands, self.profile, self.stakes, folded=folded, pot=self.pot)


def random_deal(rng: random.Random, players: int, profile: Any, spec: GameSpec,
                fold_chance: float = 0.06) -> Played:
    """One hand from the antes to the end of the betting with random legal choices, through the
    event parser. Seven players at most: eight would need the shared card before seventh street."""
    if not 2 <= players <= 7:
        raise ValueError(f"whole stud hands use 2 to 7 players, not {players!r}")
    played, do = random_hand(rng, players, profile, StudTable.start,
                             lambda text: parse_move(text, KINDS, spec.title), spec=spec, stakes=profile.stakes)
    table, deck = played.table, played.deck
    while not table.over:
        if table.needs_ante():
            do(f"{table.needs_ante()[0]} antes")
            continue
        nxt = table.next_deal()
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
