"""The amounts of a stud betting round: completing the bring-in, betting and raising in the
street's fixed step (`bet_by_street`: small or big), the exposed-pair option of the game's
`pair_street`, the raise cap, and a `PlayerLimit` rule's own range (Horn-A-Vika). An amount left
out is inferred; a wrong one is refused with the right one.

A mixin of `course.engine.betting.BettingRound`: it reads the round's state (`stakes`, `level`,
`to_match`, `big_used`, `limit`, ...) and returns a judged move (`_Plan`) or raises the error its
caller made (`illegal`); a player short of the full amount is judged by `course.engine.all_ins`.
"""

from __future__ import annotations

from course import amounts
from course.engine.betting_moves import HEADS_UP_CAP_CITE, _PAIR_OPTIONS, Action, Verb, _bracket, _cites, _Plan


class WagerRules:
    """Completions, bets and raises: the step, the cap, the pair option, a player's own limit."""

    @property
    def cap(self) -> int:
        return 1 + self.profile.value("raise_cap")

    def _size(self) -> str:
        return self._step_size

    def _step_cites(self, size: str) -> tuple[str, ...]:
        return _cites(self.profile.option("bet_by_street").cite, self.profile.stake_option(size).cite)

    def _step_default(self, size: str) -> bool:
        return self.profile.option("bet_by_street").course_default or self.profile.stake_option(size).course_default

    def pair_option_open(self, player: str) -> bool:
        """May `player` use the big step on this street under the exposed-pair option?"""
        if self.street != self.game.pair_street or self.profile.value("second_round_pair") == "off":
            return False
        if not self.pair_holders:
            return False
        if self.profile.value("second_round_pair_scope") == "pair-holder":
            return player in self.pair_holders
        return True

    def steps_allowed(self, player: str) -> list[int]:
        """The bet/raise increments open to `player` now, ordinary first."""
        if self.limit is not None:
            least = self._least_raise()
            return [k for k in self.limit.steps(player) if k >= least]
        size = self._size()
        ordinary = self.stakes.amount(size)
        big = self.stakes.big_bet
        if self.street == self.game.pair_street and self.big_used and \
                self.profile.value("second_round_big_bet_stands"):
            return [big]
        if self.pair_option_open(player) and big != ordinary:
            return [ordinary, big]
        return [ordinary]

    def _pair_cites(self) -> tuple[str, ...]:
        return _cites(
            self.profile.option("second_round_pair").cite,
            self.profile.option("second_round_pair_scope").cite,
            self.profile.option("second_round_big_bet_stands").cite,
        )

    def _pair_default(self) -> bool:
        return any(
            self.profile.option(n).course_default
            for n in ("second_round_pair", "second_round_pair_scope", "second_round_big_bet_stands")
        )

    def _judge_complete(self, action: Action, illegal, waiting_bring_in: bool) -> _Plan:
        p = action.player
        cite = _cites(self.profile.rule_cite("completion"), self.profile.stake_option("small").cite)
        default = self.profile.stake_option("small").course_default
        if not self.bring_in_mode:
            raise illegal("there is no bring-in to complete here: bet or raise instead", self.profile.rule_cite("completion"))
        if self.level > 0:
            raise illegal(
                f"the bring-in has already been completed to {self.stakes.small_bet}: raise instead", cite
            )
        target = self.stakes.small_bet
        if target <= self.stakes.bring_in:
            raise illegal(f"the bring-in ({self.stakes.bring_in}) is already a full small bet", cite)
        self._can_raise(action, illegal, "completion")
        most = self._most(p)
        if most is not None and most <= self.stakes.bring_in and not self.bring_in_posted:
            raise illegal(f"{p} has only {most}, no more than the bring-in of {self.stakes.bring_in}: bring in "
                          "all in instead", _cites(cite, self.profile.rule_cite("table_stakes")))
        if most is not None and most < target:
            return self._short_wager(action, illegal, Verb.COMPLETE, target, self.stakes.small_bet)
        if action.amount is not None and action.amount != target:
            raise illegal(
                f"a completion brings the round total to the small bet, {target}, not {action.amount}", cite
            )
        added = target - self.put[p]
        text = f"{p} completes to {target}, the full small bet{self._note('small_bet')}; the completion counts as the round's bet"
        if self.profile.has("completion"):                # a reading: Robert's Rules 8.3, the course's own
            reading = self.profile.option("completion")
            text += self._note("completion")
            cite, default = _cites(cite, reading.cite), default or reading.course_default
        text += f" ({p} adds {added})." if added != target else "."
        return _Plan(action.with_amount(target), added, text, cite, default, new_level=1)

    def _judge_bet(self, action: Action, illegal) -> _Plan:
        p = action.player
        if self.level > 0 or (self.to_match > 0 and not self.bring_in_mode):
            raise illegal(
                f"there is already a bet of {self.to_match}: raise, call or fold instead", self.profile.rule_cite("turn_order")
            )
        if self.bring_in_mode:
            raise illegal(
                f"after the bring-in the first full bet is a completion: write '{p} completes to {self.stakes.small_bet}'",
                self.profile.rule_cite("completion"),
            )
        self._can_raise(action, illegal, "bet")
        steps = self.steps_allowed(p)
        options = self._affordable(p, steps, 0)
        if steps and not options:       # all in for less than the bet
            return self._short_wager(action, illegal, Verb.BET, steps[0], steps[0])
        inc, used_big, note = self._sized(action, options, 0, illegal, "bet")
        return self._wager(action, inc, used_big, note, Verb.BET)

    def _judge_raise(self, action: Action, illegal) -> _Plan:
        p = action.player
        if self.level == 0 and not (self.to_match > 0 and not self.bring_in_mode):
            if self.bring_in_mode:
                raise illegal(
                    f"the bring-in is not a full bet: to raise it, complete to {self.stakes.small_bet}",
                    self.profile.rule_cite("completion"),
                )
            raise illegal("nothing has been bet yet: bet instead of raising", self.profile.rule_cite("check_when_nothing_owed"))
        cap = self.profile.option("raise_cap")
        if self.level >= self.cap:
            heads_up = len(self.live) == 2 and 'COURSE "Raise cap"' in cap.cite
            raise illegal(
                f"the betting is capped: a bet and {cap.value} raise{'s' if cap.value != 1 else ''} have been made"
                f"{self._note('raise_cap')}"
                + ("; the course keeps the cap with only two players left, where Robert's Rules lift it"
                   " in a money game" if heads_up else "")
                + "; call or fold",
                _cites(cap.cite, (HEADS_UP_CAP_CITE,)) if heads_up else cap.cite,
                cap.course_default,
            )
        self._can_raise(action, illegal, "raise")
        base = self._raise_base()
        steps = self.steps_allowed(p)
        options = self._affordable(p, steps, base)
        if steps and not options:       # all in for less than a full raise
            return self._short_wager(action, illegal, Verb.RAISE, base + steps[0], steps[0])
        inc, used_big, note = self._sized(action, options, base, illegal, "raise")
        return self._wager(action, inc, used_big, note, Verb.RAISE)

    def _affordable(self, player: str, options: list[int], base: int) -> list[int]:
        """The steps `player` has the chips for (all of them without a stack)."""
        most = self._most(player)
        return options if most is None else [k for k in options if base + k <= most]

    def _raise_base(self) -> int:
        """The round total a raise is a step above: the latest full bet (half-bet reading: a smaller
        all-in is completed), or the current total (full-raise reading). Without stacks every wager
        is a full one, so the two agree."""
        if not self.stacks:
            return self.to_match
        return self.full_level if self._measure() == "half-bet" else self.to_match

    def _sized(self, action: Action, options: list[int], base: int, illegal, verb_words: str) -> tuple[int, bool, str]:
        """Choose the increment: (increment, used big via option, note for the learner)."""
        if self.limit is not None:
            return self._player_sized(action, base, illegal, verb_words), False, ""
        size = self._size()
        cite = self._step_cites(size)
        if len(options) == 2 or self.big_used:
            cite = _cites(cite, self._pair_cites())
        totals = [base + k for k in options]
        if action.amount is None:
            inc = options[0]
            note = "amount left out: the ordinary step is assumed" if len(options) == 2 else ""
        else:
            if action.amount not in totals:
                expect = " or ".join(str(t) for t in totals)
                why, default = "", self._step_default(size)
                pair_used = len(options) == 2 or self.big_used
                if self.street == self.game.pair_street and action.amount - base == self.stakes.big_bet \
                        and not pair_used:
                    why = self._no_pair_option_text(action.player)
                    cite = _cites(cite, self.profile.option("second_round_pair").cite)
                    default = default or self.profile.option("second_round_pair").course_default
                    pair_used = True
                raise illegal(
                    f"{self._increment_text(action.player, options)}, so the new total would be {expect}, "
                    f"not {action.amount}{why}"
                    + self._note("bet_by_street", f"{size}_bet", *(_PAIR_OPTIONS if pair_used else ())),
                    cite,
                    default,
                )
            inc = action.amount - base
            note = ""
        used_big = self.street == self.game.pair_street and size == "small" and \
            inc == self.stakes.big_bet != self.stakes.small_bet
        return inc, used_big, note

    def _increment_text(self, player: str, options: list[int]) -> str:
        size = self._size()
        if len(options) == 2:
            return (
                f"on {self.street} street a bet or raise is {options[0]}, or {options[1]} because a pair is showing"
            )
        if self.street == self.game.pair_street and self.big_used and options == [self.stakes.big_bet] \
                and size == "small":
            return f"a big bet has been made on {self.street} street and stands for the round, making each step {options[0]}"
        return f"on {self.street} street a bet or raise is the {size} bet, {options[0]}"

    def _no_pair_option_text(self, player: str) -> str:
        """Why the big bet is not open on fourth street."""
        if self.profile.value("second_round_pair") == "off":
            return f"; these rules give no big-bet option for a pair showing on {self.street} street"
        if not self.pair_holders:
            return "; no player still in shows a pair, so the big-bet option is closed"
        return f"; only a player showing a pair may use the big bet, and {player} shows none"

    def _least_raise(self) -> int:
        """Under a `PlayerLimit`, the smallest raise the profile's `min_raise` allows now: the round's
        previous bet or raise (`previous-step`, Robert's Rules betting rule 6), else 0."""
        if self.profile.has("min_raise") and self.profile.value("min_raise") == "previous-step":
            return self.last_step
        return 0

    def _player_sized(self, action: Action, base: int, illegal, verb_words: str) -> int:
        """The increment under a `PlayerLimit`: the amount must be said, and fall in the player's range."""
        p, limit = action.player, self.limit
        largest = limit.largest(p)
        if action.amount is None:
            raise illegal(f"{p} {verb_words}s without an amount: say how much (at most {largest} more)", limit.cite)
        inc = action.amount - base
        least = self._least_raise()
        if inc < least:
            rule = self.profile.option("min_raise")
            cant = (f"; {p}'s largest raise is {largest}, so {p} may call or fold but not raise"
                    if largest < least else "")
            raise illegal(f"{p} raises to {action.amount}: that is a raise of {inc}, but a raise must be at least "
                          f"the round's previous bet or raise, {least}{cant}{self._note('min_raise')}",
                          _cites(rule.cite, limit.cite), rule.course_default)
        if not limit.smallest <= inc <= largest:
            raise illegal(f"{p} {verb_words}s {'to ' if base else ''}{action.amount}: that is a {verb_words} of {inc}, "
                          f"but {p} may bet or raise from {max(limit.smallest, least)} to {largest} in round {limit.number}",
                          _cites(self.profile.option("raise_cap").cite, limit.cite))
        if limit.whole is not None and amounts.has_cents(inc):
            why, cite, default = limit.whole
            raise illegal(f"{p} {verb_words}s {'to ' if base else ''}{action.amount}: a {verb_words} of {inc} is not a "
                          f"whole amount, and {why}", _cites(cite, limit.cite), default)
        most = self._most(p)
        if most is not None and action.amount > most:     # table stakes: only the chips left
            raise illegal(f"{p} has only {self.behind(p)} left, so {p} can make the round total at most {most}, "
                          f"not {action.amount}", _cites(self.profile.rule_cite("table_stakes"), limit.cite))
        return inc

    def _wager(self, action: Action, inc: int, used_big: bool, note: str, verb: Verb) -> _Plan:
        p = action.player
        new_total = (self._raise_base() if verb is Verb.RAISE else 0) + inc
        added = new_total - self.put[p]
        if self.limit is not None:
            word = "bet" if verb is Verb.BET else "raise"
            return _Plan(action.with_amount(new_total), added,
                         f"{p} {'bets' if verb is Verb.BET else 'raises to'} {new_total} in round {self.limit.number} "
                         f"(a {word} of {inc}).", _cites(self.profile.option("raise_cap").cite, self.limit.cite),
                         new_level=self.level + 1)
        size = self._size()
        cite = self._step_cites(size)
        default = self._step_default(size)
        if verb is Verb.BET:
            text = f"{p} bets {new_total}"
        else:
            cap = self.profile.option("raise_cap")
            text = (f"{p} raises to {new_total}, one step of {inc} (raise {self.level} of {cap.value}), adding {added}"
                    if self.level else f"{p} raises to {new_total}, making the all-in bet of {self.to_match} a full "
                    f"bet, adding {added}")
            if self.level:
                cite = _cites(cite, cap.cite)
                default = default or cap.course_default
        step = ""
        if used_big:
            stands = self.profile.value("second_round_big_bet_stands")
            text += f"; a pair is showing, so the big bet may be used on {self.street} street"
            if stands and not self.big_used:
                text += ", and it now stands for the rest of the round"
            cite = _cites(cite, self._pair_cites())
            default = default or self._pair_default()
        elif self.big_used:
            cite = _cites(cite, self._pair_cites())
        else:
            step = f"{self.street} street uses the {size} bet, {inc}"
        used = ["bet_by_street", f"{size}_bet"]
        if verb is Verb.RAISE and self.level:
            used.append("raise_cap")
        if used_big or self.big_used:
            used += [*_PAIR_OPTIONS, "big_bet"]
        text += _bracket(step, note, self._note_words(*used))
        all_in = self._most(p) == new_total
        if all_in:
            text += f", and is all in"
        text += "."
        return _Plan(
            action.with_amount(new_total),
            added,
            text,
            cite,
            default,
            new_level=self.level + 1,
            big=used_big,
            all_in=all_in,
        )
