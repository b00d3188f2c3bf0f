"""Horn-A-Vika (OPR-535): stud with one shared spit card, pot matching and per-player limits,
played on the one table (`course.engine.table.Table`) with these hooks.

The table deals the six stages of the spec (OPR-535 4), the spit card as stage 4's card to the
table, and bets the rounds after stages 1, 2, 4, 5 and 6 on the one stud betting round. What is
the game's own: the dealer alone antes; a new face-up card that pairs one of its owner's face-up
cards (stages 2, 3, 5), a face-up card of the spit card's rank when the spit arrives (stage 4),
and at stage 5 a new card of the spit's rank, each oblige the player to pay the whole pot or fold
before anything else (2.1-2.3); each round is opened by the best row showing, the spit card left
out; limits are per player: the round's amount, or half of the player's latest match when that
is more (3.2-3.4).

An exercise's hands describe the end of a stage's deal: the decisions that stage calls for are
still to come (the newest face-up card, or the spit at stage 4), and the stage's betting round
may be played in the events or counted as already over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Collection

from course import amounts
from course.asks import Ask, register
from course.engine.betting import PlayerLimit
from course.cards import DECK, Card, cards_text
from course.engine.state import HandState, random_hand
from course.engine.stud import random_play
from course.engine.table import Rules, Table
from course.errors import IllegalActionError
from course.explain import Answer, Step
from course.engine.showdown import Pot, all_in_players, build_pots
from course.games import ROUND_ASKS, find_game
from course.moves import Move as Event, parse_move
from course.engine.seats import Opt, Played, names, opener_steps, rank_showing

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


STAGE_CITES = {s.number: (stage_cite(s.number),) for s in SPEC.stages}   # what each stage's deal cites

# The most players the game seats: as many as the one 52-card deck (OPR-535 1.1) deals every card
# to, seven each and the spit card (1.2), read from the spec's streets (OPR-535 1.3: seven).
SEAT_LIMIT = SPEC.players_dealt_in_full(len(DECK))
SEAT_CITE = (SPEC.seat_limit_cite,)


def seats_problem(players: int) -> str | None:
    """Why a table of `players` cannot be dealt Horn-A-Vika, or None when it can."""
    if 2 <= players <= SEAT_LIMIT:
        return None
    return (f"Horn-A-Vika seats 2 to {SEAT_LIMIT} players ({SPEC.cards_per_player} cards each plus the spit card "
            f"come from one {len(DECK)}-card deck), not {players}")


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
    pot_then: int | None = None   # the pot when the player decided (more than `amount`: a short match)


@dataclass
class HornRules(Rules):
    """Matches, obligations, the dealer's ante, the opener and per-player limits."""

    kinds = ("match",)
    table_card = "spit"
    over_cite = HAND_OVER
    fold_cite = ("OPR-535 2.1",)      # a hand won by a fold: the others folded rather than match
    logs_deals = False
    obligations: list[Obligation] = field(default_factory=list)
    last_match: dict[str, int] = field(default_factory=dict)
    matched_before: dict[str, int] = field(default_factory=dict)   # the exercise's `matched`
    seq: int = 0

    def deal_cites(self, table: Table, stage: int | None = None) -> tuple[str, ...]:
        return STAGE_CITES[max(stage or table.stage, 1)]

    pot_log = True                    # the pot's explanation shows each match and bet

    def pot_cite(self, table: Table) -> tuple[str, ...]:
        return ("OPR-535 2.2",) if any(self.last_match) else ()

    # --- set-up ---------------------------------------------------------------------------------

    def on_start(self, table: Table, exercise: Any) -> None:
        seats = table.seats
        problem = seats_problem(len(seats))
        if problem:
            raise IllegalActionError(problem, cite=SEAT_CITE, key="seats")
        shared = list(getattr(exercise, "shared", []) or [])
        if len(shared) > 1:
            raise IllegalActionError(f"Horn-A-Vika has one spit card, but 'shared' lists {len(shared)}: "
                                     f"{cards_text(shared)}", cite=("OPR-535 1.2",), key="shared")
        spit = shared[0] if shared else None
        stage = 0
        if table.stage:
            stage = STAGE_OF_STREET.get(getattr(exercise, "street", SPEC.first_street), 1)
            if stage + 1 == SPIT_STAGE and spit is not None:
                stage = SPIT_STAGE
            if stage > SPIT_STAGE and spit is None:
                raise IllegalActionError(f"on {exercise.street} street the spit card is out: give it as 'shared'",
                                         cite=(stage_cite(SPIT_STAGE),))
            if stage < SPIT_STAGE and spit is not None:
                raise IllegalActionError(f"the spit card {spit} comes after the third face-up card (stage 4), but "
                                         f"this deal is on {exercise.street} street", cite=(stage_cite(SPIT_STAGE),))
        table.stage = table.start_stage = stage
        table.received = {p: len(STAGES[stage][0]) if stage else 0 for p in seats}
        for player, amount in ((getattr(exercise, "extra", {}) or {}).get("matched") or {}).items():
            if player not in table.hands:
                raise IllegalActionError(f"matched: {player!r} is not at the table: expected one of "
                                         f"{', '.join(seats)}", key="matched")
            try:
                amount = amounts.parse(amount, f"matched: {player}'s last match", allow_zero=False)
            except amounts.AmountError as err:
                raise IllegalActionError(str(err), key="matched") from None
            self.last_match[player] = self.matched_before[player] = amount
        if spit is not None:
            if spit in table.where:
                raise IllegalActionError(f"the spit card {spit} is also {table.where[spit]}")
            table.where[spit] = "the spit card"
            table.shared.append(spit)
        # The newest stage's decisions are still to come.
        if stage in PAIRING_STAGES:
            for p in seats:
                if not table.hands[p].folded and table.hands[p].up:
                    self._check_new_card(table, p, table.hands[p].up[-1])
        elif stage == SPIT_STAGE:
            self._spit_obligations(table)

    # --- the dealer's ante ----------------------------------------------------------------------

    def owes_ante(self, table: Table) -> list[str]:
        due = table.stage == 0 and not table.anted and table.profile.option("dealer_ante").value
        return [table.seats[-1]] if due else []

    def ante_words(self, table: Table, player: str) -> str:
        return f"the dealer ({player})"

    def ante(self, table: Table, e: Event) -> tuple[int, Step]:
        ante, dealer = table.profile.option("dealer_ante"), table.seats[-1]
        if table.stage != 0 or table.anted:
            raise IllegalActionError(f"{e.player} antes, but the ante is paid once, before the deal", cite=ante.cite)
        if e.player != dealer:
            raise IllegalActionError(f"{e.player} antes, but only the dealer antes, and the dealer is {dealer} "
                                     "(the last seat: the first seat sits at the dealer's left)", cite=ante.cite)
        if e.amount is not None and e.amount != ante.value:
            raise IllegalActionError(f"the dealer's ante is {ante.value}, not {e.amount}", cite=ante.cite)
        left = table.behind(e.player)
        if left is not None and left < ante.value:
            raise IllegalActionError(f"{e.player}, the dealer, has {left} chips but must ante {ante.value}: give the "
                                     f"dealer a stack of at least {ante.value}", cite=(*ante.cite, "RRP-H 2.4"),
                                     key="stacks")
        return ante.value, Step(f"{e.player}, the dealer, antes {ante.value}: the pot is {table.pot + ante.value}.",
                                ante.cite)

    # --- obligations ------------------------------------------------------------------------------

    @property
    def pending(self) -> list[Obligation]:
        return [o for o in self.obligations if o.decision is None]

    def waiting(self, table: Table) -> bool:
        for o in self.obligations:       # asked before every move: no list built
            if o.decision is None:
                return True
        return False

    def decider(self, table: Table) -> Obligation | None:
        """The obligation to be decided next, or None (none pending, or not yet decidable: in
        order of the hand showing, nobody decides before the stage's last card is out)."""
        pending = self.pending
        if not pending or (match_order(table, table.stage).value == "highest-showing" and not table.stage_dealt):
            return None
        return self.in_order(table, table.stage, pending)[0]

    def owns(self, table: Table, move: Event) -> bool:
        return move.kind == "match" or (move.kind == "fold" and any(o.player == move.player for o in self.pending))

    def blocks(self, table: Table, move: Event) -> tuple[str, tuple[str, ...]] | None:
        if move.kind == "ante" or not self.waiting(table) or self.owns(table, move):
            return None
        d = self.decider(table) or self.pending[0]
        if move.kind == "deal" and table.stage and not table.stage_dealt:
            return None                          # the stage's cards come before its decisions
        if move.kind in ("deal", "spit"):
            return f"{d.player} must first match the pot or fold", (stage_cite(max(table.stage, 1)),)
        return f"{d.player} must match the pot or fold before the betting", d.cite

    def on_dealt(self, table: Table, player: str, card: Card, up: bool) -> None:
        if up and table.stage in PAIRING_STAGES:
            self._check_new_card(table, player, card)

    def _all_in_skips(self, table: Table, player: str, why: str) -> bool:
        """An all-in player has no chips to match with and takes no further part in paying: the
        card asks nothing of them (table stakes)."""
        left = table.behind(player)
        if left is None or left > 0:
            return False
        table.log.append(Step(f"{why}, but {player} is all in: with no chips left {player} pays nothing more and "
                              "stays in for the pots already matched.", table.profile.rule_cite("table_stakes")))
        return True

    def _check_new_card(self, table: Table, player: str, card: Card) -> None:
        pairs = [c for c in table.hands[player].up if c != card and c.rank == card.rank]
        spit = table.shared[0] if table.shared else None
        spit_rank = table.stage > SPIT_STAGE and spit is not None and card.rank == spit.rank
        if (pairs or spit_rank) and \
                self._all_in_skips(table, player, f"{player}'s new face-up {card} would call for a match"):
            return
        self.seq += 1
        if pairs:
            both = table.profile.option("new_card_matches") if spit_rank else None
            self.obligations.append(Obligation(
                table.stage, player,
                f"{player}'s new face-up {card} pairs the {cards_text(pairs)} already showing"
                + (f" and has the rank of the spit card {spit}: one card, one match"
                   + (" (the course's own reading)" if both.course_default else "") if both else ""),
                ("OPR-535 2.1", stage_cite(table.stage), *(("OPR-535 2.3", *both.cite) if both else ())), self.seq,
                course_default=bool(both and both.course_default)))
        elif spit_rank:
            self.obligations.append(Obligation(
                table.stage, player, f"{player}'s new face-up {card} matches the spit card {spit}",
                ("OPR-535 2.3", stage_cite(table.stage)), self.seq))

    def on_shared(self, table: Table, card: Card) -> None:
        self._spit_obligations(table)

    def _spit_obligations(self, table: Table) -> None:
        spit = table.shared[0]
        for p in table.live:
            same = [c for c in table.hands[p].up if c.rank == spit.rank]
            if same and self._all_in_skips(table, p, f"{p} shows the spit card's rank"):
                continue
            if same:
                self.seq += 1
                self.obligations.append(Obligation(
                    SPIT_STAGE, p, f"{p} shows {cards_text(same)}, the rank of the spit card {spit}",
                    ("OPR-535 2.3", stage_cite(SPIT_STAGE)), self.seq))

    def _decision(self, table: Table, e: Event) -> Obligation:
        d = self.decider(table)
        if d is None:
            if self.pending:
                order = table.profile.option("match_order")
                raise IllegalActionError(f"{e.player} cannot decide yet: players decide in order of the hand showing, "
                                         "so the decisions wait until every card of the stage is dealt",
                                         cite=order.cite)
            raise IllegalActionError(f"{e.player} has nothing to match: no face-up card has paired or matched the "
                                     "spit card", cite=("OPR-535 2.1", "OPR-535 2.3"))
        if d.player != e.player:
            order = match_order(table, table.stage)
            how = "the best hand showing first" if order.value == "highest-showing" else "in deal order"
            raise IllegalActionError(f"{d.player} decides before {e.player}: players match the pot or fold {how}",
                                     cite=order.cite)
        return d

    def apply(self, table: Table, e: Event) -> None:
        if table.hands[e.player].folded:
            raise IllegalActionError(f"{e.player} has folded and takes no further part")
        d = self._decision(table, e)
        if e.kind == "fold":
            d.decision, d.amount = "fold", table.pot
            table.fold(e.player)
            table.log.append(Step(f"{d.reason}; {e.player} will not pay {table.pot} and folds.", d.cite))
            return
        pot, left = table.pot, table.behind(e.player)
        if left is not None and left < pot:
            self._short_match(table, e, d, pot, left)
            return
        if e.amount is not None and e.amount != table.pot:
            raise IllegalActionError(f"{e.player} matches {e.amount}, but matching means paying the whole pot: "
                                     f"{table.pot}", cite=("OPR-535 2.2",))
        amount = table.pot
        d.decision, d.amount = "match", amount
        table.pay(e.player, amount, "match")
        self.last_match[e.player] = amount
        table.log.append(Step(f"{d.reason}, so {e.player} matches the pot: pays {amount}, and the pot doubles "
                              f"to {table.pot}.", (*d.cite, "OPR-535 2.2"), course_default=d.course_default))

    def _short_match(self, table: Table, e: Event, d: Obligation, pot: int, left: int) -> None:
        """A player with fewer chips than the pot, by the profile's `short_match`: match all in
        for what they have and contend only for what they matched, or fold."""
        rule = table.profile.option("short_match")
        mark = " (the course's own reading: OPR-535 is silent on a player short of the pot)" \
            if rule.course_default else ""
        if rule.value == "fold":
            raise IllegalActionError(f"{e.player} has {left} chips and cannot pay the whole pot of {pot}: under "
                                     f"this profile a player who cannot match the whole pot must fold{mark}",
                                     cite=rule.cite)
        if e.amount is not None and e.amount != left:
            raise IllegalActionError(f"{e.player} matches {e.amount}, but {e.player} has {left} chips, fewer than the "
                                     f"pot of {pot}: {e.player} matches all in for {left}", cite=rule.cite)
        d.decision, d.amount, d.pot_then = "match", left, pot
        table.pay(e.player, left, "match")
        self.last_match[e.player] = left
        table.log.append(Step(f"{d.reason}, but {e.player} has only {left} of the {pot} in the pot, so {e.player} "
                              f"matches all in for {left}: {e.player} may win at most {2 * left} of it (the {left} "
                              f"paid and as much again from the pot), and the other {pot - left} goes to a side pot "
                              f"for the others{mark}. The pot is {table.pot}.",
                              (*d.cite, "OPR-535 2.2", *rule.cite), course_default=rule.course_default or d.course_default))

    def after(self, table: Table, move: Event) -> None:
        if move.kind in ("bet", "raise"):
            table.log.append(table.round.last_entry.step)
        if move.kind == "fold" and len(table.live) == 1:
            # The hand ends with one player left: decisions still pending lapse (OPR-535 1.1).
            self.obligations = [o for o in self.obligations if o.decision is not None]
            table.log.append(Step(f"Only {table.live[0]} is left, so the hand is over: {table.live[0]} wins the pot "
                                  "without a showdown.", HAND_OVER))

    # --- pots with stacks ----------------------------------------------------------------------------

    def pot_layers(self, table: Table, flow: list[tuple] | None = None,
                   folded: Collection[str] | None = None) -> tuple[list[Pot], dict[str, int], list[Step]]:
        """The main pot and side pots (main first), the chips nobody could match (they go back),
        and the steps saying how a short match split the pot. A match goes against the pot, not
        against each player's chips: a full match doubles every pot; a short one (the profile's
        `short_match`) doubles the pots in order while the chips last and splits the pot they run
        out in, the part not matched becoming a side pot without the matcher. A betting round's
        chips make pots by what each player put in that round (`build_pots`). `flow` and `folded`:
        the record of payments and the players out at an earlier point (a ledger entry's), else now."""
        seats = table.seats
        folded = {p for p in seats if table.hands[p].folded} if folded is None else set(folded)
        flow = table.flow if flow is None else flow
        # The payments are read in order, and a drill watching for side pots asks after every
        # payment: the reading of the payments asked about last is kept on the table and read on
        # from, when this record starts with those same payments and the same players are out.
        kept = table.__dict__.get("_pot_layers")
        if kept is not None and kept[0] == folded and len(kept[1]) <= len(flow) and \
                tuple(flow[:len(kept[1])]) == kept[1]:
            run = kept[2].copy()
        else:
            run = _PotLayers(table, folded)
        run.read(flow[run.n:])
        table.__dict__["_pot_layers"] = (frozenset(folded), tuple(flow), run.copy())
        run.end_street()
        layers, returned, how = run.layers, run.returned, run.how
        merged: list[list] = []
        for amount, players in layers:
            players = [p for p in seats if p in players and p not in folded]
            if merged and (merged[-1][1] == players or not players):
                merged[-1][0] += amount
            else:
                merged.append([amount, players])
        if merged and not merged[0][1] and len(merged) > 1:
            merged[1][0] += merged[0][0]
            merged.pop(0)
        pots = [Pot(amount, tuple(players), 0) for amount, players in merged if amount] or \
            [Pot(0, tuple(p for p in seats if p not in folded), 0)]
        return pots, returned, how

    # --- the betting --------------------------------------------------------------------------------

    def first(self, table: Table) -> tuple[str, Any]:
        """The best row showing as the round opens (the spit card left out); the words saying why
        are written only when read (`opened`)."""
        number, profile = table.current_round(), table.profile   # the words hold no table: no cycle to collect
        rows = {p: list(table.hands[p].up) for p in table.live}
        return rank_showing(table.live, rows, profile.option("later_round_tie"))[0], \
            lambda: opener_answer(profile, number, rows)

    def limit(self, table: Table) -> PlayerLimit:
        """The per-player limit rule of the round (OPR-535 3)."""
        number, profile = table.current_round(), table.profile
        smallest, units = profile.option("min_bet"), profile.option("bet_amounts")
        whole = None if units.value == "cents" else (
            "under these rules every bet and raise is a whole number of units"
            + (" (the course's own default: the rules give their limits in whole amounts and say nothing of "
               "cents)" if units.course_default else ""), tuple(units.cite), bool(units.course_default))
        by_match: dict[tuple, Any] = {}     # last match -> limit: the profile and the round are fixed

        def largest(player: str) -> Any:
            # asked for every move listed and judged; a player's limit follows from the round and
            # the player's last match alone, and that match is read afresh each time
            last = self.match_before(player, number)
            key = (type(last), last)      # 5 and Decimal("5") are equal keys, but not the same amount to halve
            if key not in by_match:
                by_match[key] = limit_for(profile, number, last)
            return by_match[key]

        return PlayerLimit(number, largest, int(smallest.value), _limit_cites(number, profile.option("round_limits")),
                           whole)

    def match_before(self, player: str, number: int) -> int | None:
        """What `player` last paid to match the pot before betting round `number`: matches made in
        the events count from their stage on; an exercise's `matched` amount stands until then."""
        stage = ROUND_STAGE[number]
        made = [o.amount for o in self.obligations if o.player == player and o.decision == "match" and o.stage <= stage]
        return made[-1] if made else self.matched_before.get(player)

    def stage_obligations(self, table: Table, stage: int) -> list[Obligation]:
        return self.in_order(table, stage, [o for o in self.obligations if o.stage == stage])

    @staticmethod
    def in_order(table: Table, stage: int, chosen: list[Obligation]) -> list[Obligation]:
        """`chosen` (obligations of `stage`) in the order the players decide, by the profile: the
        best hand showing first, ranked as at the stage (rows are unchanged until the next face-up
        card), or deal order."""
        if match_order(table, stage).value == "highest-showing":
            ranked = rank_showing(table.seats, {p: table.hands[p].up[:UPS_AT.get(stage, 1)] for p in table.seats},
                                  table.profile.option("later_round_tie"))
            return sorted(chosen, key=lambda o: ranked.index(o.player))
        return sorted(chosen, key=lambda o: o.seq)


class _PotLayers:
    """Horn-A-Vika's pots as the record of payments builds them (`HornRules.pot_layers`), read
    one payment at a time: the layers so far (each [amount, the players who may win it]), the
    chips that went back, the steps saying how a short match split the pot, each player's chips
    in, and the betting street being read with what each player put in on it. `n`: the payments
    read. A copy (`copy`) may be read on from where this one stands. It holds what it reads of
    the table, not the table, which keeps it (no cycle for the collector)."""

    __slots__ = ("seats", "stacks", "profile", "folded", "layers", "returned", "how", "chips_in", "street", "put", "n")

    def __init__(self, table: Table, folded: set[str]):
        self.seats, self.stacks, self.profile, self.folded, self.n = table.seats, table.stacks, table.profile, folded, 0
        self.layers: list[list] = [[table.start_pot, list(table.seats)]] if table.start_pot else []
        self.returned: dict[str, int] = {}
        self.how: list[Step] = [Step(f"The pot held {table.start_pot} when these events begin; every player still "
                                     f"in shares it.", ("OPR-535 2.2",))] if table.start_pot else []
        self.chips_in = dict.fromkeys(table.seats, 0)    # each player's chips in so far
        self.street: str | None = None
        self.put: dict[str, int] = {}

    def copy(self) -> "_PotLayers":
        other = object.__new__(_PotLayers)
        other.seats, other.stacks, other.profile = self.seats, self.stacks, self.profile
        other.folded, other.n, other.street = self.folded, self.n, self.street
        other.layers = [[amount, players] for amount, players in self.layers]   # a players list is never changed
        other.returned, other.how, other.chips_in, other.put = \
            dict(self.returned), list(self.how), dict(self.chips_in), dict(self.put)
        return other

    def end_street(self) -> None:
        """The chips of the betting street being read become pots by what each player put in on
        it: a side pot only where a player is all in (one who may still call shares every pot)."""
        if self.street is None:
            return
        seats, folded, put = self.seats, self.folded, self.put
        all_in = all_in_players(self.chips_in, [p for p in seats if p not in folded], self.stacks)
        pots, back = build_pots({p: put.get(p, 0) for p in seats}, seats, folded, all_in=all_in)
        for player, units in back.items():
            self.returned[player] = self.returned.get(player, 0) + units
        for pot in pots:
            if pot.amount:
                self.layers.append([pot.amount, list(pot.players)])
        self.street, self.put = None, {}

    def read(self, payments: list[tuple]) -> None:
        """Read on: each payment (kind, street, player, units) of the record after those read."""
        chips_in, seats = self.chips_in, self.seats
        for kind, paid_on, player, units in payments:
            self.n += 1
            if kind == "bet":
                if self.street not in (None, paid_on):
                    self.end_street()
                self.street = paid_on
                self.put[player] = self.put.get(player, 0) + units
                chips_in[player] += units
                continue
            self.end_street()
            chips_in[player] += units
            layers = self.layers
            if kind == "ante" or not layers:
                if layers:
                    layers[0][0] += units
                else:
                    layers.append([units, list(seats)])
                continue
            rest, out, total = units, [], sum(a for a, _ in layers)
            for amount, players in layers:
                if player not in players:
                    out.append([amount, players])
                elif rest >= amount:
                    out.append([2 * amount, players])
                    rest -= amount
                else:
                    if rest:
                        out.append([2 * rest, players])
                    out.append([amount - rest, [q for q in players if q != player]])
                    rest = 0
            if rest:
                out[-1][0] += rest
            if units < total:
                rule = self.profile.option("short_match")
                self.how.append(Step(f"{player} matched the pot all in for {units} of its {total}: {player} may win "
                                     f"only the part matched, {2 * units}; the other {total - units} is a side pot "
                                     "for the others.", rule.cite, rule.course_default))
            self.layers = out


def match_order(table: Table, stage: int) -> Opt:
    """The profile's order of the pot-matching decisions of `stage` (the spit card's stage has its own)."""
    return table.profile.option("spit_match_order" if stage == SPIT_STAGE else "match_order")


def opener_answer(profile: Any, number: int, rows: dict[str, list[Card]]) -> Answer:
    """Who opens betting round `number`, from the rows showing (`rows`, the players in)."""
    tie = profile.option("later_round_tie")
    ranked = rank_showing(list(rows), rows, tie)
    stage = ROUND_STAGE[number]
    first = profile.option("first_round_opens") if number == 1 else None
    what = "card" if number == 1 else "hand"
    cite = first.cite if first else (stage_cite(stage),)
    steps = opener_steps(ranked, rows, tie, cite, what)
    if number == 1:
        steps.insert(0, Step(f"Betting round {number} follows stage {stage}; it is opened by the highest card "
                             "showing, and there is no bring-in.", cite))
    else:
        showing = profile.option("showing_hand")
        steps.insert(0, Step(f"Betting round {number} follows stage {stage}; it is opened by the best hand showing, "
                             "counting each player's own face-up cards and leaving out the spit card, which "
                             "belongs to everyone" + (" (the course's own reading)." if showing.course_default else "."),
                             (*cite, *showing.cite), course_default=showing.course_default))
    return Answer(ranked[0], steps)


def _limit_cites(number: int, limits: Opt) -> tuple[str, ...]:
    wanted = {1: "OPR-535 3.2", 5: "OPR-535 3.4"}.get(number, "OPR-535 3.3")
    return tuple(c for c in limits.cite if c == wanted) or limits.cite


def limit_for(profile: Any, number: int, last_match: Any) -> Any:
    """Largest bet or raise in betting round `number` for a player whose latest match was `last_match`."""
    limits = list(profile.option("round_limits").value)
    if not 1 <= number <= len(limits):
        raise ValueError(f"round {number!r}: Horn-A-Vika has betting rounds 1 to {len(limits)}")
    base = amounts.parse(limits[number - 1])
    if number == 1 or not last_match or profile.option("matched_limit").value != "half-last-match":
        return base
    return max(base, halve(profile, last_match))


def halve(profile: Any, amount: Any) -> Any:
    """Half of a match under the profile's `matched_limit_rounding`: `exact` (OPR-535 3.3, 3.4 read
    literally: half of 5 is 2.50, to the cent), or rounded to whole units `down` or `up`."""
    rounding = profile.option("matched_limit_rounding").value
    if rounding == "exact":
        return amounts.half(amount)
    whole = amounts.half(amount)
    if not amounts.has_cents(whole):
        return whole
    return int(whole) + 1 if rounding == "up" else int(whole)


def parse_event(text):
    """One Horn-A-Vika event; `IllegalActionError` quoting the text otherwise."""
    return _event(text) if type(text) is str else parse_move(text, SPEC.kinds, SPEC.title)


@lru_cache(maxsize=4096)
def _event(text: str) -> Event:
    """A text read once is not read again: every move of a random hand is parsed as it is played
    and again when its item is loaded, and the grammar's own cache hashes the tuple of kinds on
    each call. A move is immutable, and an unreadable text raises (nothing is cached)."""
    return parse_move(text, SPEC.kinds, SPEC.title)


# ------------------------------------------------------------------------------------------------
# Questions


def ask_pot_matches(exercise: Any, question: Any) -> Answer:
    """Who must match the pot in a stage, in the order they decide, and how much each pays."""
    table = HandState.replay(exercise).table
    params = getattr(question, "params", {}) or {}
    stage = params.get("stage", table.opened[-1] if table.opened else table.start_stage)
    if not isinstance(stage, int) or isinstance(stage, bool) or not 1 <= stage <= LAST_STAGE:
        raise ValueError(f"stage {stage!r}: expected a stage number from 1 to {LAST_STAGE}")
    chosen = table.rules.stage_obligations(table, stage)
    steps: list[Step] = []
    order_opt = match_order(table, stage)
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
        whole = None
        if o.decision is not None:
            amount = o.amount
            whole = o.pot_then if o.pot_then is not None else amount
            pot = whole + amount if o.decision == "match" else amount
        else:
            amount = pot if pot is not None else table.pot
            pot = amount * 2
        steps.append(Step(f"{o.reason}: {o.player} must pay the whole pot, {whole or amount}, or fold.",
                          (*o.cite, "OPR-535 2.2"), course_default=o.course_default))
        if whole is not None and whole != amount and o.decision == "match":
            rule = table.profile.option("short_match")
            steps.append(Step(f"{o.player} has only {amount}, so {o.player} matches all in for {amount} and may win "
                              f"only {2 * amount} of the pot; the pot grows to {pot}"
                              + (" (the course's own reading)." if rule.course_default else "."),
                              rule.cite, course_default=rule.course_default))
        elif o.decision == "fold":
            steps.append(Step(f"{o.player} folds instead of paying, so the pot stays at {amount}.", ("OPR-535 2.1",)))
        else:
            steps.append(Step(f"{'Once ' + o.player + ' pays' if o.decision else 'If ' + o.player + ' pays'}, "
                              f"the pot doubles to {amount * 2}.", ("OPR-535 2.2",)))
        value.append({o.player: amount})
    if len(chosen) > 1:
        showing = table.profile.option("showing_hand")
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


def ask_bet_limit(exercise: Any, question: Any) -> Answer:
    """A player's largest bet or raise in a betting round (default: the current or next round)."""
    table = HandState.replay(exercise).table
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
    limits = table.profile.option("round_limits")
    base = amounts.parse(limits.value[number - 1])
    last = table.rules.match_before(player, number)
    value = limit_for(table.profile, number, last)
    cite = _limit_cites(number, limits)
    say = amounts.say
    steps = [Step(f"In betting round {number} the largest bet or raise is {say(base)} for everyone.", cite)]
    if number == 1:
        steps.append(Step(f"Round 1 has no exception: {player} may bet or raise at most {say(base)}.", ("OPR-535 3.2",)))
    elif last:
        half = halve(table.profile, last)
        rounding = table.profile.option("matched_limit_rounding")
        odd = amounts.has_cents(amounts.half(last))      # halving leaves cents: the rounding decides
        said = ""
        if odd and rounding.value == "exact":
            said = " exactly, cents and all (the rules say half, and the table pays it in cents)"
        elif odd and rounding.course_default:
            said = f" (an odd amount is rounded {rounding.value} to whole units, the course's own default)"
        steps.append(Step(f"{player} last matched the pot for {say(last)}; half of that is {say(half)}" + said + ".",
                          tuple(dict.fromkeys((*cite, *(rounding.cite if odd else ())))),
                          course_default=bool(odd and rounding.course_default)))
        steps.append(Step(f"{player} may use the larger of {say(base)} and {say(half)}: {say(value)}.", cite))
    else:
        steps.append(Step(f"{player} has not matched the pot, so the limit stays {amounts.say(base)}.", cite))
    return Answer(value, steps)


def ask_seats_left(exercise: Any, question: Any) -> Answer:
    """How many more players the table could have dealt in: the game's seat limit, worked out
    from the cards each player and the table take out of the deck, less the seats taken (a player
    who has folded was dealt in all the same)."""
    seats = list(exercise.seats)
    table = HandState.replay(exercise).table
    folded = [p for p in seats if table.hands[p].folded]
    each, spit, deck = SPEC.cards_per_player, SPEC.table_cards, len(DECK)
    left_for_players = deck - spit
    over = left_for_players - SEAT_LIMIT * each
    steps = [
        Step(f"Each player is dealt {each} cards, and the spit card is {spit} more, turned up on the table "
             f"for everyone.", ("OPR-535 1.2",)),
        Step(f"One {deck}-card deck: with the spit card out, {left_for_players} are left for the players, "
             f"enough for {SEAT_LIMIT} hands of {each} ({SEAT_LIMIT} × {each} = {SEAT_LIMIT * each}, {over} over); "
             f"{SEAT_LIMIT + 1} players would need {(SEAT_LIMIT + 1) * each + spit}. So at most {SEAT_LIMIT} "
             f"players.", ("OPR-535 1.1", *SEAT_CITE)),
    ]
    value = max(SEAT_LIMIT - len(seats), 0)
    taken = f"{len(seats)} players are dealt in ({names(seats)})"
    if folded:
        taken += f"; {names(folded)} folded, but {'was' if len(folded) == 1 else 'were'} dealt in all the same"
    if value:
        steps.append(Step(f"{taken}, so {SEAT_LIMIT} − {len(seats)} = {value} more could join.", SEAT_CITE))
    else:
        steps.append(Step(f"{taken}: the table is full, and nobody more can join.", SEAT_CITE))
    return Answer(value, steps)


# Default learner prompts for questions written without `prompt:` (fields come from the ask's keys).
# The game's own asks, declared once, and the stud asks it takes up by name (the one registration,
# worded by its GameSpec); the stud showdown asks it answers are listed in its spec (`stud_asks`).
register(GAME,
         Ask("pot_matches", "matches", "Who must match the pot or fold, in what order, and how much does each pay?",
             ask_pot_matches, params={"stage": "any"}, drawn_at="last_card", point_key="stage"),
         "pot",
         Ask("bet_limit", "units", "What is the largest bet or raise {player} may make?", ask_bet_limit,
             params={"player": "player", "round": "any"}),
         "opener", "award", *ROUND_ASKS,
         Ask("seats_left", "units", "How many more players could have been dealt into this hand?", ask_seats_left))


# ------------------------------------------------------------------------------------------------
# Random play: every event goes through the same parser and table as an exercise


def random_deal(rng: random.Random, players: int, profile: Any, match_chance: float = 0.8,
                fold_chance: float = 0.08, stop: Any = None, stacks: dict[str, int] | None = None,
                seats: Any = None, watch: Any = None) -> Played:
    """Play one hand from the ante to the end (or until `stop(table)`) with random legal decisions
    (`watch(played)` called after every move);
    `seats`: their names (default P1, P2, ...); `stacks`: the chips of the players listed, so
    that short matches happen."""
    problem = seats_problem(players) if isinstance(players, int) else f"players: expected a number, not {players!r}"
    if problem:
        raise ValueError(f"{problem} ({SEAT_CITE[0]})")
    played, do = random_hand(rng, players, profile, start, parse_event, seats, stacks=dict(stacks or {}))

    def decide(table: Table) -> str | None:
        d = table.rules.decider(table)
        return None if d is None else f"{d.player} {'matches' if rng.random() < match_chance else 'folds'}"

    return random_play(rng, played, do, decide, fold_chance, stop, watch)


def start(exercise: Any) -> Table:
    """The table an exercise starts from, for `course.engine.state.HandState`."""
    return Table.start(exercise, HornRules())
