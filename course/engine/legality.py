"""Whether a move is legal in a stud betting round, and every legal move: the trio `verify`
(the move with its amount filled in, or `IllegalActionError` saying why not, citing the rule),
`can` (yes or no) and `legal_moves`, all resting on one judgement (`_judge`) that checks the
seat, the turn and the round's end, then judges the move by its verb: fold, check and call here;
the ante and the bring-in in `course.engine.forced_bets`; completions, bets and raises in
`course.engine.wagers`; anything for less than the full amount in `course.engine.all_ins`.

A mixin of `course.engine.betting.BettingRound`, which holds the round's state and plays a judged move
(`apply`).
"""

from __future__ import annotations

from typing import Iterable

from course.engine.all_ins import AllInRules
from course.engine.betting_moves import Action, Verb, _cites, _names, _Plan, make_action
from course.engine.forced_bets import ForcedBetRules
from course.engine.wagers import WagerRules
from course.errors import IllegalActionError
from course.rules import on_street


class Legality(ForcedBetRules, AllInRules, WagerRules):
    """The legality of a betting round's moves, and the list of those legal now."""

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

        Without stacks they follow from the round's state (`_plain_moves`); with stacks every
        candidate is judged, since a wager may be all in for less, a short all-in may leave the
        betting closed to a player, and an all-in lowest door card moves the bring-in.
        `tests/engine/test_state.py` checks the list against `can` on every candidate. One exception:
        where a per-player limit pays to the cent (Horn-A-Vika under `opr-535-exact`) the amounts in
        cents between the whole ones are legal but not listed (`PlayerLimit.steps`)."""
        p = self.to_act
        self._judged = None
        if p is None:
            return []
        if not self.stacks:
            return self._plain_moves(p)
        plain = self._plain_moves(p)
        if self._covers(p, plain):
            return plain
        moves, judged = [], {}

        def judge(action: Action) -> _Plan:
            plan = self._judge(action)
            judged[action] = (plan, tuple(self._saying))
            return plan

        refused = self._refused_by_verb(p)
        for verb in (Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.BRING_IN, Verb.COMPLETE):
            if verb in refused:
                continue
            try:
                moves.append(judge(make_action(p, verb)).action)
            except IllegalActionError:
                pass
        steps = self.steps_allowed(p)
        # no step open (a player whose own limit is below the smallest raise may only call or fold)
        for verb, base in ((Verb.BET, 0), (Verb.RAISE, self._raise_base())) if steps else ():
            if verb in refused:
                continue
            try:     # without a stack the amount is the first step; with one it may be all in for less
                plan = judge(make_action(p, verb, base + steps[0]) if self.limit is not None else make_action(p, verb))
            except IllegalActionError:
                most = self._most(p)
                if self.limit is None or most is None or most >= base + steps[0]:
                    continue
                try:     # under a limit, a player short of the first step: all in for less
                    plan = judge(make_action(p, verb, most))
                except IllegalActionError:
                    continue
            moves.append(plan.action)
            if plan.action.amount == base + steps[0]:
                most = self._most(p)
                moves += [make_action(p, verb, base + k) for k in steps[1:] if most is None or base + k <= most]
        self._judged = judged       # the plan of the move played next, when it is one judged here
        return moves

    def _refused_by_verb(self, p: str) -> tuple[Verb, ...]:
        """The verbs `_judge` refuses `p`, the player to act, whatever the amount, read from the
        round's state alone (what is owed, the bring-in, the level and the cap), so that the move
        list does not judge and word a refusal for each: nothing while the forced bring-in is
        awaited (its own judgement decides), else the bring-in, a check when something is owed,
        a call when nothing is, a completion once there is no bring-in to complete, a bet once
        there is one, a raise before one or at the cap."""
        if self.bring_in_mode and not self.bring_in_posted and self.level == 0:
            return ()
        owed, level = self.owed(p), self.level
        refused = [Verb.BRING_IN]
        if owed > 0:
            refused.append(Verb.CHECK)
        elif owed == 0:
            refused.append(Verb.CALL)
        if not self.bring_in_mode or level > 0:
            refused.append(Verb.COMPLETE)
        if level > 0 or self.bring_in_mode or self.to_match > 0:
            refused.append(Verb.BET)
        if (level == 0 and not (self.to_match > 0 and not self.bring_in_mode)) or level >= self.cap:
            refused.append(Verb.RAISE)
        return tuple(refused)

    def _covers(self, p: str, plain: list[Action]) -> bool:
        """With stacks, the moves that follow from the round's state are the legal ones when
        nobody went all in in this round (so no short all-in reopens or closes the betting),
        and a player all in from an earlier street, who takes no part in this one, leaves the
        bring-in posted and another player with chips to bet against; and when `p` has chips
        left after the dearest of them (so none is all in for less)."""
        left = self.behind(p)
        all_in = [q for q in self.order if self.is_all_in(q)]
        if all_in and (any(self.stacks[q] > 0 for q in all_in)          # all in on this street
                       or (self.bring_in_mode and not self.bring_in_posted)
                       or sum(1 for q in self.live if not self.is_all_in(q)) < 2):
            return False
        put = self.put.get(p, 0)
        dearest = max((self.owed(p) if a.verb is Verb.CALL else (a.amount or 0) - put) for a in plain) if plain else 0
        return left is None or left > dearest

    def _plain_moves(self, p: str) -> list[Action]:
        """`legal_moves` without stacks: nobody can be all in, so the moves follow from the round's
        state alone, without judging (and wording) each candidate: the player to act is in and it
        is their turn, so what remains is what `_judge` asks of each verb (what is owed, the
        bring-in still to come, the level and the cap, the steps open)."""
        stakes = self.stakes
        completes = self.bring_in_mode and self.level == 0 and stakes.small_bet > stakes.bring_in
        if self.bring_in_mode and not self.bring_in_posted and self.level == 0:     # the forced bring-in
            moves = [make_action(p, Verb.BRING_IN, stakes.bring_in)] if p == self.first else []
            return moves + ([make_action(p, Verb.COMPLETE, stakes.small_bet)] if completes else [])
        owed = self.owed(p)
        moves = [make_action(p, Verb.FOLD), make_action(p, Verb.CALL) if owed else make_action(p, Verb.CHECK)]
        if completes:
            moves.append(make_action(p, Verb.COMPLETE, stakes.small_bet))
        if self.level == 0 and not self.bring_in_mode:
            verb, base = Verb.BET, 0
        elif 0 < self.level < self.cap:
            verb, base = Verb.RAISE, self.to_match
        else:
            return moves
        return moves + [make_action(p, verb, base + k) for k in self.steps_allowed(p)]

    def _judge(self, action: Action, known: bool = False) -> _Plan:
        """The move judged in named steps: who may act at all, the forced bring-in, then the verb.
        `known`: a move `legal_moves` has just listed (its player is the one to act), judged by
        its verb alone."""
        self._saying = []

        def illegal(reason: str, cite: Iterable[str], course_default: bool = False) -> IllegalActionError:
            return IllegalActionError(reason, cite, action=action, course_default=course_default)

        if not known:
            self._refuse_absent(action.player, illegal)
        if action.verb is Verb.ANTE:
            return self._judge_ante(action, illegal)
        if not known:
            self._refuse_out_of_turn(action.player, illegal)
        waiting_bring_in = self.bring_in_mode and not self.bring_in_posted and self.level == 0
        if waiting_bring_in:
            plan = self._judge_before_bring_in(action, illegal)
            if plan is not None:
                return plan
        verb = action.verb
        if verb is Verb.FOLD:
            return self._judge_fold(action)
        if verb is Verb.CHECK:
            return self._judge_check(action, illegal)
        if verb is Verb.CALL:
            return self._judge_call(action, illegal)
        if verb is Verb.BRING_IN:
            return self._judge_bring_in(action, illegal)
        if verb is Verb.COMPLETE:
            return self._judge_complete(action, illegal, waiting_bring_in)
        if verb is Verb.BET:
            return self._judge_bet(action, illegal)
        return self._judge_raise(action, illegal)

    def _refuse_absent(self, p: str, illegal) -> None:
        """A name not seated, or a player no longer in the hand, cannot act (not even ante)."""
        if p not in self.seats:
            raise illegal(f"{p!r} is not at this table: expected one of {list(self.seats)!r}", self.profile.rule_cite("turn_order"))
        if p not in self.put:
            raise illegal(f"{p} is no longer in the hand, so cannot act on {self.street} street", self.profile.rule_cite("folded_out"))

    def _refuse_out_of_turn(self, p: str, illegal) -> None:
        """A player who folded or is all in, a round that is over, or another player's turn."""
        if p in self.folded:
            raise illegal(f"{p} has folded and takes no further part in the hand", self.profile.rule_cite("folded_out"))
        if self.is_all_in(p):
            raise illegal(f"{p} is all in (every chip {p} had is in the pot), so {p} takes no further part in "
                          "the betting", self.profile.rule_cite("table_stakes"))
        if self.is_closed:
            if self.all_in:
                raise illegal(
                    f"the betting round is over: {_names(self.all_in)} {'is' if len(self.all_in) == 1 else 'are'} "
                    "all in and nobody is left to bet against",
                    _cites(self.profile.rule_cite("round_end"), self.profile.rule_cite("no_raise_against_all_ins")),
                )
            raise illegal(
                "the betting round is over: every player still in has acted and matched the last bet",
                self.profile.rule_cite("round_end"),
            )
        due = self._due()
        if p != due:
            raise illegal(f"it is {due}'s turn to act, not {p}'s", self.profile.rule_cite("turn_order"))

    def _judge_before_bring_in(self, action: Action, illegal) -> _Plan | None:
        """Before the bring-in only a bring-in or a completion, or a fold by the player who opens
        for a lowest door card all in on the ante; None: the verb's own judgement follows."""
        p = action.player
        if self.is_all_in(self.first) and action.verb is Verb.FOLD:
            option = self._all_in_option("all_in_ante_lowcard")
            return _Plan(action, 0, f"{p} folds: {self.first}, the {self._door()} {self.game.door_card}, is all in on the ante, so "
                         f"{p} opens instead and may fold, bring in or complete{self._note('all_in_ante_lowcard')}.",
                         option.cite, option.course_default)
        if action.verb not in (Verb.BRING_IN, Verb.COMPLETE):
            raise illegal(
                f"{p} must first bring in {self.stakes.bring_in} or complete to {self.stakes.small_bet}: "
                "the bring-in is forced",
                _cites(self.profile.option("first_round_opens").cite, self.profile.rule_cite("bring_in_forced")),
            )
        return None

    def _judge_fold(self, action: Action) -> _Plan:
        p = action.player
        text = f"{p} folds" + (" (a check was possible)" if self.owed(p) == 0 else "") + " and is out of the hand."
        return _Plan(action, 0, text, self.profile.rule_cite("folded_out"))

    def _judge_check(self, action: Action, illegal) -> _Plan:
        p = action.player
        owed = self.owed(p)
        if owed > 0:
            raise illegal(
                f"{p} cannot check with {owed} owed ({self.to_match} to match, {self.put[p]} already in): "
                "a check is only possible when nothing is owed; call, raise or fold",
                self.profile.rule_cite("check_when_nothing_owed"),
            )
        return _Plan(action, 0, f"{p} checks: nothing is owed.", self.profile.rule_cite("check_when_nothing_owed"))

    def _judge_call(self, action: Action, illegal) -> _Plan:
        p = action.player
        owed = self.owed(p)
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
        left = self.behind(p)
        if left is not None and left <= owed:
            short = owed - left
            text = (f"{p} calls all in with {left}, the last of {p}'s chips"
                    + (f", {short} short of the {self.to_match} to match: {p} can win from each other player "
                       f"only as much as {p} has put in" if short else f", matching the {self.to_match}") + ".")
            cite = _cites(cite, self.profile.rule_cite("table_stakes"))
            return _Plan(action, left, text, cite, all_in=True)
        return _Plan(action, owed, text, cite)
