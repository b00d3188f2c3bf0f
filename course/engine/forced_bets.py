"""The forced bets of a stud betting round: the ante each player posts before the deal and the
bring-in of the first betting street, each sized by the profile (an exercise's own amount
stands), with its course-default note.

A mixin of `course.engine.betting.BettingRound`: it reads the round's state (`stakes`, `profile`,
`game`, `antes`, `started`, ...) and returns a judged move (`_Plan`) or raises the error its
caller made (`illegal`); a player short of the amount is judged by `course.engine.all_ins`.
"""

from __future__ import annotations

from course.engine.betting_moves import Action, _bracket, _cites, _Plan
from course.rules import ForcedBet


class ForcedBetRules:
    """The ante and the bring-in."""

    def _forced(self, name: str) -> ForcedBet:
        """The profile's ante or bring-in for these stakes (an exercise's own amount stands)."""
        fb = self.profile.forced_bet(name)
        if fb.amount == getattr(self.stakes, name):
            return fb
        option = self.profile.option(name)
        return ForcedBet(name, getattr(self.stakes, name), None, False, option.cite, option.course_default)

    def _forced_words(self, fb: ForcedBet, name: str) -> str:
        """How the forced bet is sized, with the course-default note, in one bracket."""
        return _bracket(fb.words(self.stakes.small_bet), self._note_words(name))

    def _judge_ante(self, action: Action, illegal) -> _Plan:
        p = action.player
        ante = self._forced("ante")
        cite = _cites(self.profile.rule_cite("ante_apart"), ante.cite)
        if self.street != self.game.first_street:
            raise illegal(f"antes are posted before the deal, not on {self.street} street", cite)
        if self.started:
            raise illegal("antes come before the betting: the round has already started", cite)
        if p in self.antes:
            raise illegal(f"{p} has already anted", cite)
        amount = self.stakes.ante
        if amount == 0:
            raise illegal("this game has no ante from each player", ante.cite)
        left = self.behind(p)
        if left is not None and left < amount:
            return self._short_forced(action, illegal, "ante", amount, left, cite)
        if action.amount is not None and action.amount != amount:
            raise illegal(f"the ante is {amount}{self._forced_words(ante, 'ante')}, not {action.amount}",
                          cite, ante.course_default)
        return _Plan(
            action.with_amount(amount),
            amount,
            f"{p} antes {amount}{self._forced_words(ante, 'ante')}; the ante is recorded apart from "
            "the betting round.",
            cite,
            ante.course_default,
        )

    def _judge_bring_in(self, action: Action, illegal) -> _Plan:
        p = action.player
        first = self.profile.option("first_round_opens")
        forced = self._forced("bring_in")
        bring = _cites(first.cite, self.profile.rule_cite("bring_in_forced"), forced.cite)
        if not self.bring_in_mode:
            where = f"on {self.street} street" if self.street != self.game.first_street else "in this game"
            raise illegal(f"there is no bring-in {where}", first.cite)
        if self.bring_in_posted or self.level > 0:
            raise illegal("the bring-in has already been made", bring)
        opener = self._due() if self.is_all_in(self.first) else self.first
        if p != opener:
            raise illegal(f"{opener} brings in, not {p}", bring)
        amount = self.stakes.bring_in
        left = self.behind(p)
        if left is not None and left < amount:
            return self._short_forced(action, illegal, "bring_in", amount, left, bring)
        if action.amount is not None and action.amount != amount:
            raise illegal(
                f"the bring-in is {amount}{self._forced_words(forced, 'bring_in')}, not {action.amount}; "
                f"to put in {self.stakes.small_bet}, complete instead",
                bring,
                forced.course_default,
            )
        if p != self.first:          # the bring-in card is all in on the ante (RRP-H 8.8)
            option = self._all_in_option("all_in_ante_lowcard")
            return _Plan(action.with_amount(amount), amount,
                         f"{p} opens for the amount of the bring-in, {amount}, in place of {self.first}, whose "
                         f"{self._door()} {self.game.door_card} is all in on the ante{self._note('all_in_ante_lowcard')}; it counts toward "
                         f"{p}'s round.", _cites(option.cite, forced.cite), option.course_default or forced.course_default)
        return _Plan(
            action.with_amount(amount),
            amount,
            f"{p} brings in {amount}{self._forced_words(forced, 'bring_in')}, the forced bet of the "
            f"{self._door()} {self.game.door_card}; it counts toward {p}'s round.",
            _cites(bring, self.profile.rule_cite("bring_in_counts")),
            forced.course_default,
        )

    def _door(self) -> str:
        """Which door card brings in, in words: the lowest (Stud High, Hi-Lo) or the highest (razz),
        as the profile's `bring_in_card` says."""
        return self.profile.value("bring_in_card") if self.profile.has("bring_in_card") else "lowest"
