"""Horn-A-Vika (OPR-535): stud with one shared spit card, pot matching and per-player limits.

The deal runs in six stages (OPR-535 4). Betting rounds follow stages 1, 2, 4, 5 and 6; stage 3
has none. A new face-up card that pairs one of its owner's face-up cards (stages 2, 3, 5), a
face-up card of the spit card's rank when the spit arrives (stage 4), and at stage 5 a new card
of the spit's rank, each oblige the player to pay the whole pot or fold (2.1-2.3). Limits are
per player: the round's amount, or half of the player's latest match when that is more (3.2-3.4).

An exercise gives the table at one moment and then `events:`; the one hand state
(`course.engine.state.HandState`) plays them, checking each against the rules. Hands describe the end of a stage's deal: the decisions
that stage calls for are still to come (the newest face-up card, or the spit at stage 4), and the
stage's betting round may be played in the events or counted as already over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from course.asks import Ask, register
from course.betting import Action, BettingRound, PlayerLimit, Verb
from course.cards import Card, cards_text
from course.engine.actions import BETTING_KINDS
from course.errors import IllegalActionError
from course.games import find_game
from course.explain import Answer, Step
from course.engine.state import random_hand
from course.variants.common import (
    Event, Opt, Played, Seat, TableSeats,
    names, opener_steps, option, parse_event as _parse, rank_showing, seats_from,
)

GAME = "horn-a-vika"
SPEC = find_game(GAME)

# Stage -> (cards each player receives, in order; the betting round that follows or None), read
# from the game spec's streets (OPR-535 4): the stage with no player cards deals the spit card.
STAGES: dict[int, tuple[tuple[str, ...], int | None]] = {s.number: (s.players, s.round) for s in SPEC.stages}
SPIT_STAGE = next(s.number for s in SPEC.stages if s.to_table)
LAST_STAGE = SPEC.stages[-1].number
# Face-up cards each player shows once a stage is dealt, and the stages whose new face-up card can
# pair one already showing.
UPS_AT = {s.number: sum(p.count("up") for p, _ in list(STAGES.values())[:s.number]) for s in SPEC.stages}
PAIRING_STAGES = frozenset(n for n, (cards, _) in STAGES.items() if "up" in cards and UPS_AT[n] > 1)
# A hand ends when one player is left: Horn-A-Vika is seven-card stud (OPR-535 1.1).
HAND_OVER = ("OPR-535 1.1", 'HPD "The deal timeline"')
ROUND_STAGE = {r: s for s, (_, r) in STAGES.items() if r}
STAGE_OF_STREET = {street.name: next((s.number for s in SPEC.stages if s.street == street.name), LAST_STAGE)
                   for street in SPEC.streets}


def stage_cite(stage: int) -> str:
    return f"OPR-535 4 (stage {stage})"


@dataclass
class Obligation:
    """A player who must match the pot or fold."""

    _undo = True

    stage: int
    player: str
    reason: str
    cite: tuple[str, ...]
    seq: int                      # deal order of the card that caused it
    decision: str | None = None   # "match" | "fold"
    amount: int | None = None     # what the player paid (match) or was asked (fold)
    course_default: bool = False  # the obligation rests on a reading of the course's own


@dataclass
class HornTable(TableSeats):
    """The table during a replay: cards, pot, pending decisions and the betting round."""

    seats: list[str]
    hands: dict[str, Seat]
    profile: Any
    pot: int = 0
    spit: Card | None = None
    stage: int = 0
    start_stage: int = 0
    received: dict[str, int] = field(default_factory=dict)   # cards received in the current stage
    obligations: list[Obligation] = field(default_factory=list)
    last_match: dict[str, int] = field(default_factory=dict)
    matched_before: dict[str, int] = field(default_factory=dict)   # the exercise's `matched`
    ledger: list[tuple[str, str, int, int | None]] = field(default_factory=list)  # (player, kind, units, round)
    round: BettingRound | None = None
    round_done: bool = False
    anted: bool = False
    where: dict[Card, str] = field(default_factory=dict)
    log: list[Step] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    stage_dealt_in_events: list[int] = field(default_factory=list)
    start_pot: int = 0
    openers: dict[int, dict[str, list[Card]]] = field(default_factory=dict)   # round -> the rows showing as it opened
    _seq: int = 0

    # --- set-up ---------------------------------------------------------------------------------

    @classmethod
    def start(cls, exercise: Any) -> "HornTable":
        seats = list(exercise.seats)
        if not 2 <= len(seats) <= 7:
            raise IllegalActionError(f"Horn-A-Vika seats 2 to 7 players (seven cards each plus the spit card), not "
                             f"{len(seats)}", cite=("OPR-535 1.3",), key="seats")
        hands = seats_from(exercise)
        shared = list(getattr(exercise, "shared", []) or [])
        if len(shared) > 1:
            raise IllegalActionError(f"Horn-A-Vika has one spit card, but 'shared' lists {len(shared)}: {cards_text(shared)}",
                             cite=("OPR-535 1.2",), key="shared")
        spit = shared[0] if shared else None
        if not any(h.cards for h in hands.values()):
            stage = 0
        else:
            stage = STAGE_OF_STREET.get(getattr(exercise, "street", "third"), 1)
            if stage + 1 == SPIT_STAGE and spit is not None:
                stage = SPIT_STAGE
            if stage > SPIT_STAGE and spit is None:
                raise IllegalActionError(f"on {exercise.street} street the spit card is out: give it as 'shared'",
                                 cite=(stage_cite(SPIT_STAGE),))
            if stage < SPIT_STAGE and spit is not None:
                raise IllegalActionError(f"the spit card {spit} comes after the third face-up card (stage 4), but this "
                                 f"deal is on {exercise.street} street", cite=(stage_cite(SPIT_STAGE),))
        pot = getattr(exercise, "pot", None) or 0
        table = cls(seats, hands, exercise.profile, pot=pot, spit=spit, stage=stage, start_stage=stage,
                    start_pot=pot)
        extra = getattr(exercise, "extra", {}) or {}
        for player, amount in (extra.get("matched") or {}).items():
            if player not in hands:
                raise IllegalActionError(f"matched: {player!r} is not at the table: expected one of {', '.join(seats)}",
                                         key="matched")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
                raise IllegalActionError(f"matched: {player}'s last match {amount!r} should be a whole number of units "
                                         "above 0", key="matched")
            table.last_match[player] = amount
            table.matched_before[player] = amount
        for name, seat in hands.items():
            for card in seat.down:
                table.where[card] = f"{name} down"
            for card in seat.up:
                table.where[card] = f"{name} up"
        if spit is not None:
            if spit in table.where:
                raise IllegalActionError(f"the spit card {spit} is also {table.where[spit]}")
            table.where[spit] = "the spit card"
        table.received = {p: len(STAGES[stage][0]) if stage else 0 for p in seats}
        table.anted = stage > 0
        # The newest stage's decisions are still to come.
        if stage in PAIRING_STAGES:
            for p in seats:
                seat = hands[p]
                if not seat.folded and seat.up:
                    table._check_new_card(p, seat.up[-1])
        elif stage == SPIT_STAGE:
            table._spit_obligations()
        return table

    # --- what the rules allow next ------------------------------------------------------------

    @property
    def dealer(self) -> str:
        return self.seats[-1]

    @property
    def over(self) -> bool:
        return len(self.live) <= 1 or (self.stage == LAST_STAGE and self.stage_dealt and not self.pending
                                       and self.round_done)

    @property
    def pending(self) -> list[Obligation]:
        return [o for o in self.obligations if o.decision is None]

    @property
    def stage_dealt(self) -> bool:
        if self.stage == 0:
            return True
        if self.stage == SPIT_STAGE:
            return self.spit is not None
        need = len(STAGES[self.stage][0])
        return all(self.received.get(p, 0) >= need for p in self.live)

    def decider(self) -> Obligation | None:
        """The obligation to be decided next, or None (none pending, or not yet decidable)."""
        pending = self.pending
        if not pending:
            return None
        order = option(self.profile, "spit_match_order" if self.stage == SPIT_STAGE else "match_order")
        if order.value == "highest-showing":
            if not self.stage_dealt:
                return None
            ranked = rank_showing(self.seats, {p: self.hands[p].up for p in self.seats},
                                  option(self.profile, "later_street_tie"))
            return min(pending, key=lambda o: ranked.index(o.player))
        return min(pending, key=lambda o: o.seq)

    def next_deal(self) -> tuple[str, bool] | str | None:
        """(player, face up) for the next card, 'spit' for the spit card, or None."""
        if self.over:
            return None
        if not self.stage_dealt:
            pattern = STAGES[self.stage][0]
            need = min(self.received[p] for p in self.live)
            player = next(p for p in self.live if self.received[p] == need)
            return player, pattern[need] == "up"
        nxt = self.stage + 1
        if nxt > LAST_STAGE:
            return None
        if nxt == SPIT_STAGE:
            return "spit"
        pattern = STAGES[nxt][0]
        return self.live[0], pattern[0] == "up"

    def can_leave_stage(self) -> str | None:
        """None when the next stage may be dealt, else why not."""
        if self.stage == 0 and not self.anted and option(self.profile, "dealer_ante").value:
            return f"the dealer ({self.dealer}) antes before the deal"
        if not self.stage_dealt:
            return None
        if self.pending:
            d = self.decider() or self.pending[0]
            return f"{d.player} must first match the pot or fold"
        rnd = STAGES.get(self.stage, ((), None))[1]
        if rnd is not None and not self.round_done:
            if self.round is not None:
                return f"betting round {rnd} is not over: {self.round.to_act} is to act"
            if self.stage != self.start_stage:
                return f"betting round {rnd} (after stage {self.stage}) comes first"
        if len(self.live) <= 1:
            return f"the hand is over: only {names(self.live)} is left"
        if self.stage == LAST_STAGE:
            return f"all {LAST_STAGE} stages have been dealt: the hand goes to the showdown"
        return None

    def current_round(self) -> int | None:
        return STAGES.get(self.stage, ((), None))[1] if self.stage else None

    # --- limits -------------------------------------------------------------------------------

    def limit(self, player: str, number: int) -> int:
        return limit_for(self.profile, number, self.match_before(player, number))

    def match_before(self, player: str, number: int) -> int | None:
        """What `player` last paid to match the pot before betting round `number`.

        Matches made during the events count from their stage on; an exercise's `matched`
        amount stands until the player's next match.
        """
        stage = ROUND_STAGE[number]
        made = [o.amount for o in self.obligations
                if o.player == player and o.decision == "match" and o.stage <= stage]
        return made[-1] if made else self.matched_before.get(player)

    # --- applying events ----------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        for name in (event.player, event.other):
            if name is not None and name not in self.hands:
                raise IllegalActionError(f"{name!r} is not at the table: expected one of "
                                 f"{', '.join(self.seats)}")
        if self.stage and len(self.live) <= 1:
            raise IllegalActionError(f"the hand is over: only {names(self.live)} is left, and wins the pot",
                             cite=HAND_OVER)
        handler = getattr(self, f"_on_{event.kind}", None)
        if event.kind in BETTING_KINDS:
            handler = self._on_betting
        if handler is None:
            raise IllegalActionError(f"{event.kind} events do not happen in Horn-A-Vika")
        handler(event)
        self.events.append(event)

    def _on_ante(self, e: Event) -> None:
        ante = option(self.profile, "dealer_ante")
        if self.stage != 0 or self.anted:
            raise IllegalActionError(f"{e.player} antes, but the ante is paid once, before the deal", cite=ante.cite)
        if e.player != self.dealer:
            raise IllegalActionError(f"{e.player} antes, but only the dealer antes, and the dealer is {self.dealer} "
                             "(the last seat: the first seat sits at the dealer's left)", cite=ante.cite)
        if e.amount is not None and e.amount != ante.value:
            raise IllegalActionError(f"the dealer's ante is {ante.value}, not {e.amount}", cite=ante.cite)
        self._pay(e.player, ante.value, "ante")
        self.anted = True
        self.log.append(Step(f"{e.player}, the dealer, antes {ante.value}: the pot is {self.pot}.", ante.cite))

    def _start_next_stage(self) -> None:
        why = self.can_leave_stage()
        if why is not None:
            raise IllegalActionError(why, cite=(stage_cite(max(self.stage, 1)),))
        self.stage += 1
        self.received = {p: 0 for p in self.seats}
        self.round = None
        self.round_done = False
        self.stage_dealt_in_events.append(self.stage)

    def _place(self, card: Card, place: str) -> None:
        if card in self.where:
            raise IllegalActionError(f"{str(card)!r} is already in play: {self.where[card]}")
        self.where[card] = place

    def _on_deal(self, e: Event) -> None:
        if self.stage == 0 or self.stage_dealt:
            why = self.can_leave_stage()
            if why is not None:
                raise IllegalActionError(why, cite=(stage_cite(max(self.stage, 1)),))
            if self.stage + 1 == SPIT_STAGE:
                raise IllegalActionError(f"stage {SPIT_STAGE} deals the spit card to the table: expected 'spit <card>' "
                                 "before more cards go to players", cite=(stage_cite(SPIT_STAGE),))
            self._start_next_stage()
        if len(self.live) <= 1:
            raise IllegalActionError(f"the hand is over: only {names(self.live)} is left")
        expected = self.next_deal()
        player, up = expected if isinstance(expected, tuple) else (None, None)
        way = "up" if up else "down"
        if e.player != player or e.up != up:
            raise IllegalActionError(f"the next card of stage {self.stage} goes to {player} face {way}, not to {e.player} "
                             f"face {'up' if e.up else 'down'}", cite=(stage_cite(self.stage),))
        self._place(e.card, f"{e.player} {way}")
        seat = self.hands[e.player]
        (seat.up if up else seat.down).append(e.card)
        self.received[e.player] += 1
        if up and self.stage in PAIRING_STAGES:
            self._check_new_card(e.player, e.card)

    def _check_new_card(self, player: str, card: Card) -> None:
        seat = self.hands[player]
        others = [c for c in seat.up if c != card]
        pairs = [c for c in others if c.rank == card.rank]
        self._seq += 1
        spit_rank = self.stage > SPIT_STAGE and self.spit is not None and card.rank == self.spit.rank
        if pairs:
            both = option(self.profile, "new_card_matches") if spit_rank else None
            self.obligations.append(Obligation(
                self.stage, player,
                f"{player}'s new face-up {card} pairs the {cards_text(pairs)} already showing"
                + (f" and has the rank of the spit card {self.spit}: one card, one match"
                   + (" (the course's own reading)" if both.course_default else "") if both else ""),
                ("OPR-535 2.1", stage_cite(self.stage), *(("OPR-535 2.3", *both.cite) if both else ())), self._seq,
                course_default=bool(both and both.course_default)))
        elif spit_rank:
            self.obligations.append(Obligation(
                self.stage, player, f"{player}'s new face-up {card} matches the spit card {self.spit}",
                ("OPR-535 2.3", stage_cite(self.stage)), self._seq))

    def _on_spit(self, e: Event) -> None:
        if self.spit is not None:
            raise IllegalActionError(f"the spit card is already out: {self.spit}", cite=("OPR-535 1.2",))
        if not (self.stage + 1 == SPIT_STAGE and self.stage_dealt):
            raise IllegalActionError(f"the spit card comes after every player's third face-up card (stage "
                             f"{SPIT_STAGE}); this is stage {self.stage}", cite=(stage_cite(SPIT_STAGE),))
        self._start_next_stage()
        self._place(e.card, "the spit card")
        self.spit = e.card
        self._spit_obligations()

    def _spit_obligations(self) -> None:
        for p in self.live:
            same = [c for c in self.hands[p].up if c.rank == self.spit.rank]
            if same:
                self._seq += 1
                self.obligations.append(Obligation(
                    SPIT_STAGE, p, f"{p} shows {cards_text(same)}, the rank of the spit card {self.spit}",
                    ("OPR-535 2.3", stage_cite(SPIT_STAGE)), self._seq))

    def _decision(self, e: Event) -> Obligation:
        d = self.decider()
        if d is None:
            if self.pending:
                order = option(self.profile, "match_order")
                raise IllegalActionError(f"{e.player} cannot decide yet: players decide in order of the hand showing, so "
                                 "the decisions wait until every card of the stage is dealt", cite=order.cite)
            raise IllegalActionError(f"{e.player} has nothing to match: no face-up card has paired or matched the spit card",
                             cite=("OPR-535 2.1", "OPR-535 2.3"))
        if d.player != e.player:
            order = option(self.profile, "spit_match_order" if self.stage == SPIT_STAGE else "match_order")
            how = "the best hand showing first" if order.value == "highest-showing" else "in deal order"
            raise IllegalActionError(f"{d.player} decides before {e.player}: players match the pot or fold {how}",
                             cite=order.cite)
        return d

    def _on_match(self, e: Event) -> None:
        d = self._decision(e)
        if e.amount is not None and e.amount != self.pot:
            raise IllegalActionError(f"{e.player} matches {e.amount}, but matching means paying the whole pot: {self.pot}",
                             cite=("OPR-535 2.2",))
        amount = self.pot
        d.decision, d.amount = "match", amount
        self._pay(e.player, amount, "match")
        self.last_match[e.player] = amount
        self.log.append(Step(f"{d.reason}, so {e.player} matches the pot: pays {amount}, and the pot doubles "
                             f"to {self.pot}.", (*d.cite, "OPR-535 2.2"), course_default=d.course_default))

    def _on_fold(self, e: Event) -> None:
        if self.pending and any(o.player == e.player for o in self.pending):
            d = self._decision(e)
            d.decision, d.amount = "fold", self.pot
            self.hands[e.player].folded = True
            self.log.append(Step(f"{d.reason}; {e.player} will not pay {self.pot} and folds.", d.cite))
        else:
            self._on_betting(e)
        if len(self.live) == 1:
            # The hand ends with one player left: decisions still pending lapse (OPR-535 1.1).
            self.obligations = [o for o in self.obligations if o.decision is not None]
            self.log.append(Step(f"Only {self.live[0]} is left, so the hand is over: {self.live[0]} wins the pot "
                                 "without a showdown.", HAND_OVER))

    def _on_betting(self, e: Event) -> None:
        if self.hands[e.player].folded:
            raise IllegalActionError(f"{e.player} has folded and takes no further part")
        if self.pending:
            d = self.decider() or self.pending[0]
            raise IllegalActionError(f"{d.player} must match the pot or fold before the betting",
                             cite=d.cite)
        rnd = self.current_round()
        if rnd is None or not self.stage_dealt:
            stage = self.stage
            if stage == 0:
                raise IllegalActionError("no betting before the first cards are dealt", cite=(stage_cite(1),))
            if not self.stage_dealt:
                raise IllegalActionError(f"stage {stage} is still being dealt; betting comes after", cite=(stage_cite(stage),))
            raise IllegalActionError(f"there is no betting round after stage {stage}", cite=(stage_cite(stage),))
        if self.round_done:
            raise IllegalActionError(f"betting round {rnd} is over; the next stage is dealt next", cite=(stage_cite(self.stage),))
        if self.round is None:
            self.round = self._new_round(rnd)
        before = self.round.to_match
        try:
            entry = self.round.apply(Action.of(e))
        except IllegalActionError as err:
            raise IllegalActionError(err.reason, err.cite, course_default=err.course_default) from None
        if entry.added:
            self._pay(e.player, entry.added, e.kind, rnd)
        if e.kind in ("bet", "raise"):
            self.ledger.append((e.player, f"{e.kind}-size", self.round.to_match - before, rnd))
            self.log.append(entry.step)
        if e.kind == "fold":
            self.hands[e.player].folded = True
        if self.round.is_closed:
            self.round_done = True

    def _new_round(self, number: int) -> BettingRound:
        """The round on the one stud betting round, under the per-player limit rule (OPR-535 3).
        Its opener is found from the rows showing as it opens; the words saying why are written
        only when read (`opened`)."""
        live = self.live
        self.openers[number] = rows = {p: list(self.hands[p].up) for p in live}
        first = rank_showing(live, rows, option(self.profile, "later_street_tie"))[0]
        stage = ROUND_STAGE[number]
        limits = option(self.profile, "round_limits")
        return BettingRound(SPEC.stages[stage - 1].street, self.seats, first, self.profile, active=live,
                            pot_before=self.pot, explain_first=lambda: self.opened(number),
                            limit=PlayerLimit(number, lambda p: self.limit(p, number),
                                              int(option(self.profile, "min_bet").value),
                                              _limit_cites(number, limits)))

    def opened(self, number: int) -> Answer | None:
        """Who opened betting round `number` and why, from the rows showing as it began (None
        before it began)."""
        rows = self.openers.get(number)
        return None if rows is None else self.opener_answer(number, rows)

    def opener_answer(self, number: int, rows: dict[str, list[Card]] | None = None) -> Answer:
        rows = rows if rows is not None else {p: self.hands[p].up for p in self.live}
        tie = option(self.profile, "later_street_tie")
        ranked = rank_showing(list(rows), rows, tie)
        stage = next(s for s, (_, r) in STAGES.items() if r == number)
        first = option(self.profile, "third_street_first") if number == 1 else None
        what = "card" if number == 1 else "hand"
        cite = first.cite if first else (stage_cite(stage),)
        steps = opener_steps(ranked, rows, tie, cite, what)
        if number == 1:
            steps.insert(0, Step(f"Betting round {number} follows stage {stage}; it is opened by the highest card "
                                 "showing, and there is no bring-in.", cite))
        else:
            showing = option(self.profile, "showing_hand")
            steps.insert(0, Step(f"Betting round {number} follows stage {stage}; it is opened by the best hand showing, "
                                 "counting each player's own face-up cards and leaving out the spit card, which "
                                 "belongs to everyone" + (" (the course's own reading)." if showing.course_default else "."),
                                 (*cite, *showing.cite),
                                 course_default=showing.course_default))
        return Answer(ranked[0], steps)

    def _pay(self, player: str, amount: int, kind: str, number: int | None = None) -> None:
        self.pot += amount
        self.hands[player].paid += amount
        self.ledger.append((player, kind, amount, number))

    # --- after the events -----------------------------------------------------------------------

    def stage_obligations(self, stage: int) -> list[Obligation]:
        chosen = [o for o in self.obligations if o.stage == stage]
        order = option(self.profile, "spit_match_order" if stage == SPIT_STAGE else "match_order")
        if order.value == "highest-showing":
            # Rank as at the time of the stage: rows are unchanged until the next face-up card.
            ranked = rank_showing(self.seats, {p: self._rows_at(stage)[p] for p in self.seats},
                                  option(self.profile, "later_street_tie"))
            return sorted(chosen, key=lambda o: ranked.index(o.player))
        return sorted(chosen, key=lambda o: o.seq)

    def _rows_at(self, stage: int) -> dict[str, list[Card]]:
        return {p: self.hands[p].up[:UPS_AT.get(stage, 1)] for p in self.seats}


def _limit_cites(number: int, limits: Opt) -> tuple[str, ...]:
    wanted = {1: "OPR-535 3.2", 5: "OPR-535 3.4"}.get(number, "OPR-535 3.3")
    return tuple(c for c in limits.cite if c == wanted) or limits.cite


def limit_for(profile: Any, number: int, last_match: int | None) -> int:
    """Largest bet or raise in betting round `number` for a player whose latest match was `last_match`."""
    limits = list(option(profile, "round_limits").value)
    if not 1 <= number <= len(limits):
        raise ValueError(f"round {number!r}: Horn-A-Vika has betting rounds 1 to {len(limits)}")
    base = int(limits[number - 1])
    if number == 1 or not last_match or option(profile, "matched_limit").value != "half-last-match":
        return base
    return max(base, halve(profile, last_match))


def halve(profile: Any, amount: int) -> int:
    rounding = option(profile, "matched_limit_rounding").value
    return (amount + 1) // 2 if rounding == "up" else amount // 2


# ------------------------------------------------------------------------------------------------
# Public API: parsing, replay, validation


def parse_event(text: Any) -> Event:
    """One Horn-A-Vika event; `IllegalActionError` (a ValueError) quoting the text otherwise."""
    return _parse(text, SPEC.kinds, SPEC.title)


def _table(exercise: Any, upto: int | None = None) -> HornTable:
    """The table after the exercise's events (the first `upto`), played on the one hand state."""
    from course.engine.state import HandState

    return HandState.replay(exercise, upto).table


# ------------------------------------------------------------------------------------------------
# Questions


def _stage_default(table: HornTable) -> int:
    if table.stage_dealt_in_events:
        return table.stage_dealt_in_events[-1]
    return table.start_stage


def ask_pot_matches(exercise: Any, question: Any) -> Answer:
    """Who must match the pot in a stage, in the order they decide, and how much each pays."""
    table = _table(exercise)
    params = getattr(question, "params", {}) or {}
    stage = params.get("stage", _stage_default(table))
    if not isinstance(stage, int) or isinstance(stage, bool) or not 1 <= stage <= LAST_STAGE:
        raise ValueError(f"stage {stage!r}: expected a stage number from 1 to {LAST_STAGE}")
    chosen = table.stage_obligations(stage)
    steps: list[Step] = []
    order_opt = option(table.profile, "spit_match_order" if stage == SPIT_STAGE else "match_order")
    if stage not in PAIRING_STAGES and stage != SPIT_STAGE:
        steps.append(Step(f"Stage {stage} deals no card that can pair a face-up card or match the spit card, "
                          "so nobody matches the pot.", (stage_cite(stage), "OPR-535 2.1")))
        return Answer([], steps)
    if not chosen:
        what = ("nobody shows a card of the spit card's rank" if stage == SPIT_STAGE
                else "no new face-up card pairs its owner's face-up cards" +
                (" or matches the spit card" if stage > SPIT_STAGE else ""))
        steps.append(Step(f"At stage {stage} {what}, so nobody has to match the pot.",
                          (stage_cite(stage), "OPR-535 2.3" if stage >= SPIT_STAGE else "OPR-535 2.1")))
        return Answer([], steps)
    pot = None
    value: list[dict[str, int]] = []
    for o in chosen:
        if o.decision is not None:
            amount = o.amount
            pot = amount * 2 if o.decision == "match" else amount
        else:
            amount = pot if pot is not None else table.pot
            pot = amount * 2
        steps.append(Step(f"{o.reason}: {o.player} must pay the whole pot, {amount}, or fold.",
                          (*o.cite, "OPR-535 2.2"), course_default=o.course_default))
        if o.decision == "fold":
            steps.append(Step(f"{o.player} folds instead of paying, so the pot stays at {amount}.", ("OPR-535 2.1",)))
        else:
            steps.append(Step(f"{'Once ' + o.player + ' pays' if o.decision else 'If ' + o.player + ' pays'}, "
                              f"the pot doubles to {amount * 2}.", ("OPR-535 2.2",)))
        value.append({o.player: amount})
    if len(chosen) > 1:
        showing = option(table.profile, "showing_hand")
        if order_opt.value == "highest-showing":
            text = ("They decide in order of the hand showing, best first; each hand is the player's own face-up "
                    "cards, the spit card left out" + (" (the course's own reading)" if showing.course_default else ""))
        else:
            text = "They decide in deal order, starting nearest the dealer's left"
        if order_opt.course_default:
            text += " (the course's own default: OPR-535 sets no order outside the spit-card round)"
        ranked = order_opt.value == "highest-showing"
        steps.insert(0, Step(text + f": {names([o.player for o in chosen])}.",
                             (*order_opt.cite, *(showing.cite if ranked else ())),
                             course_default=order_opt.course_default or (ranked and showing.course_default)))
    return Answer(value, steps)


def ask_pot(exercise: Any, question: Any) -> Answer:
    """The pot after the exercise's events."""
    table = _table(exercise)
    steps = [Step(f"The pot starts at {table.start_pot}.", ())] if table.start_pot or not table.log else []
    steps += table.log
    paid = {p: s.paid for p, s in table.hands.items() if s.paid}
    if paid:
        added = (f"the pot is {table.start_pot} + {sum(paid.values())} = {table.pot}" if table.start_pot
                 else f"{sum(paid.values())} in all, so the pot is {table.pot}")
        steps.append(Step("In these events " + ", ".join(f"{p} put in {n}" for p, n in paid.items())
                          + f": {added}.",
                          ("OPR-535 2.2",) if any(table.last_match) else ()))
    else:
        steps.append(Step(f"Nobody pays anything in these events, so the pot is still {table.pot}.", ()))
    return Answer(table.pot, steps)


def ask_bet_limit(exercise: Any, question: Any) -> Answer:
    """A player's largest bet or raise in a betting round (default: the current or next round)."""
    table = _table(exercise)
    params = getattr(question, "params", {}) or {}
    player = params.get("player")
    if player not in table.hands:
        raise ValueError(f"bet_limit needs a player at the table: got {player!r}, expected one of {', '.join(table.seats)}")
    number = params.get("round")
    if number is None:
        number = table.current_round() if (table.current_round() and not table.round_done) else None
        if number is None:
            nxt = [r for s, (_, r) in STAGES.items() if s > table.stage and r]
            number = nxt[0] if nxt else len(ROUND_STAGE)
    if not isinstance(number, int) or isinstance(number, bool) or number not in ROUND_STAGE:
        raise ValueError(f"round {number!r}: expected a betting round from 1 to {len(ROUND_STAGE)}")
    limits = option(table.profile, "round_limits")
    base = int(limits.value[number - 1])
    last = table.match_before(player, number)
    value = limit_for(table.profile, number, last)
    cite = _limit_cites(number, limits)
    steps = [Step(f"In betting round {number} the largest bet or raise is {base} for everyone.", cite)]
    if number == 1:
        steps.append(Step(f"Round 1 has no exception: {player} may bet or raise at most {base}.", ("OPR-535 3.2",)))
    elif last:
        half = halve(table.profile, last)
        rounding = option(table.profile, "matched_limit_rounding")
        steps.append(Step(f"{player} last matched the pot for {last}; half of that is {half}"
                          + (" (an odd amount is rounded down to whole units, the course's own default)"
                             if last % 2 and rounding.course_default else "") + ".",
                          (*cite, *(rounding.cite if last % 2 else ())), course_default=bool(last % 2 and rounding.course_default)))
        steps.append(Step(f"{player} may use the larger of {base} and {half}: {value}.", cite))
    else:
        steps.append(Step(f"{player} has not matched the pot, so the limit stays {base}.", cite))
    return Answer(value, steps)


def ask_opener(exercise: Any, question: Any) -> Answer:
    """Who opens the betting round of the stage reached after the events."""
    table = _table(exercise)
    current = table.current_round()
    if current is None:
        raise ValueError(f"there is no betting round after stage {table.stage}: expected the exercise to stop "
                         "after stage 1, 2, 4, 5 or 6")
    number = (getattr(question, "params", {}) or {}).get("round", current)
    if number != current:
        raise ValueError(f"round {number!r}: the events stop at stage {table.stage}, whose betting round is "
                         f"round {current}; ask about that round or change the events")
    # The players still in when the round began: a later fold does not change who opened.
    return table.opened(current) or table.opener_answer(current)


def ask_award(exercise: Any, question: Any) -> Answer:
    """Who receives how much of the pot after the events (the pot includes every match and bet).
    The spit card is every live player's eighth card: the showdown's shared-card step cites the
    profile's `shared_cards_play` rule (OPR-535 1.2, 5.1)."""
    from course.showdown import award

    table = _table(exercise)
    return award({p: table.hands[p].cards for p in table.seats}, table.pot, table.seats,
                 [table.spit] if table.spit else [], [p for p in table.seats if table.hands[p].folded],
                 table.profile, fold_cite=("OPR-535 2.1",))


# Default learner prompts for questions written without `prompt:` (fields come from the ask's keys).
# The game's own asks, declared once; the stud asks it answers are listed in its GameSpec.
register(GAME,
         Ask("pot_matches", "matches", "Who must match the pot or fold, in what order, and how much does each pay?",
             ask_pot_matches, params={"stage": "any"}),
         Ask("pot", "units", "How big is the pot after these events?", ask_pot),
         Ask("bet_limit", "units", "What is the largest bet or raise {player} may make?", ask_bet_limit,
             params={"player": "player", "round": "any"}),
         Ask("opener", "player", "Who opens the betting?", ask_opener, params={"round": "any"}),
         Ask("award", "map", "How is the pot shared out?", ask_award))


# ------------------------------------------------------------------------------------------------
# Random play: every event goes through the same parser and table as an exercise


def random_deal(rng: random.Random, players: int, profile: Any, match_chance: float = 0.8,
                fold_chance: float = 0.08) -> Played:
    """Play one hand from the ante to the end with random legal decisions."""
    if not 2 <= players <= 7:
        raise ValueError(f"Horn-A-Vika seats 2 to 7 players, not {players!r} (OPR-535 1.3)")
    played, do = random_hand(rng, players, profile, HornTable.start, parse_event)
    table, deck = played.table, played.deck

    while True:
        if table.stage == 0 and not table.anted and option(profile, "dealer_ante").value:
            do(f"{table.dealer} antes")
            continue
        if len(table.live) <= 1:
            break
        if table.pending:
            d = table.decider()
            if d is not None:
                do(f"{d.player} {'matches' if rng.random() < match_chance else 'folds'}")
                continue
        if table.stage_dealt and table.current_round() and not table.round_done:
            rnd = table.round or table._new_round(table.current_round())
            legal = rnd.legal_moves()
            choices = [a for a in legal if a.verb is not Verb.FOLD]
            do(str(Action(rnd.to_act, Verb.FOLD) if rng.random() < fold_chance else rng.choice(choices)))
            continue
        if table.over:
            break
        nxt = table.next_deal()
        if nxt is None:
            break
        card = deck.pop()
        if nxt == "spit":
            do(f"spit {card}")
        else:
            player, up = nxt
            do(f"{player} is dealt {card} {'up' if up else 'down'}")
    return played


# The table an exercise starts from, for course.engine.state.HandState.
start = HornTable.start
