"""All-ins in a stud betting round under table stakes: an ante, bring-in, completion, bet or raise
for less than the full amount, whether a short all-in reopens the betting (the profile's
`short_all_in_reopens`), and the limits all-ins put on raising.

A mixin of `course.engine.betting.BettingRound`: it reads the round's state (`stacks`, `put`, `acted`,
`full_level`, `largest_step`, ...) and returns a judged move (`_Plan`) or raises the error its
caller made (`illegal`). A profile that does not name an all-in rule plays Robert's Rules'
reading, cited as the course's own (`_all_in_option`).
"""

from __future__ import annotations

from course.engine.betting_moves import Action, Verb, _cites, _Plan


class AllInRules:
    """Short forced bets and short wagers, and when an all-in closes the betting."""

    def _all_in_option(self, name: str):
        """An all-in option of the profile; a profile without it (a game added before its profiles
        name the all-in rules) plays Robert's Rules' reading, cited as such."""
        if self.profile.has(name):
            return self.profile.option(name)
        from course.rules import Option

        value, cite = {"all_in_ante_lowcard": ("left-opens", ("RRP-H 8.8",)),
                       "short_all_in_reopens": ("half-bet", ('RRP-H 3 "Betting and Raising" 5',)),
                       "short_ante": ("all-in", ("RRP-H 15.19", "RRP-H 8.8")),
                       "short_bring_in": ("all-in", ("RRP-H 15.19", 'RRP-H 3 "Betting and Raising" 16')),
                       "short_completion": ("all-in", ('RRP-H 3 "Betting and Raising" 6',)),
                       "short_raise": ("all-in", ('RRP-H 3 "Betting and Raising" 6',))}[name]
        return Option(name=name, value=value, cite=cite, course_default=True,
                      note="not named by this profile: the course plays Robert's Rules' reading")

    def _measure(self) -> str:
        """The profile's reading of an all-in smaller than a full bet or raise."""
        return self._all_in_option("short_all_in_reopens").value

    def _short_forced(self, action: Action, illegal, name: str, amount: int, left: int, cite) -> _Plan:
        """An ante or bring-in the player cannot pay in full: all in for what is left (the profile's
        `short_ante` / `short_bring_in`)."""
        p, word = action.player, {"ante": "ante", "bring_in": "bring-in"}[name]
        option_name = f"short_{name}"
        if left <= 0:
            raise illegal(f"{p} has no chips left, so cannot post the {word}: a player plays only with the chips "
                          "in front of them", self.profile.rule_cite("table_stakes"))
        option = self._all_in_option(option_name)
        if option.value != "all-in":
            raise illegal(f"{p} has only {left}, less than the {word} of {amount}, and these rules give no all-in "
                          f"for less", cite)
        cites = _cites(cite, option.cite, self.profile.rule_cite("table_stakes"))
        if action.amount is not None and action.amount != left:
            raise illegal(f"{p} has only {left} left, so {p} posts {left} all in, not {action.amount}",
                          cites, option.course_default)
        if name == "ante":
            text = (f"{p} antes {left}, all {p} has: short of the ante of {amount}, {p} is all in"
                    f"{self._note(option_name)} and plays on for the pot those chips can win.")
        else:
            text = (f"{p} brings in {left}, all {p} has: short of the bring-in of {amount}, {p} is all in"
                    f"{self._note(option_name)}; the next player may call {left} or complete.")
        return _Plan(action.with_amount(left), left, text, cites, option.course_default, all_in=True)

    def _can_raise(self, action: Action, illegal, verb_words: str) -> None:
        """The all-in limits on any bet, completion or raise (stacks given only)."""
        p = action.player
        if not self.stacks:
            return
        if self._nobody_to_call(p):
            raise illegal(f"every other player still in is all in, so nobody could call a {verb_words}: "
                          f"{p} may {'call or fold' if self.owed(p) else 'check'}",
                          self.profile.rule_cite("no_raise_against_all_ins"), True)
        most = self._most(p)
        if most is not None and most <= self.to_match:
            raise illegal(f"{p} has only {self.behind(p)} left, not even the {self.owed(p)} owed: {p} may call "
                          "all in or fold", self.profile.rule_cite("table_stakes"))
        if self._raise_closed(p):
            option = self._all_in_option("short_all_in_reopens")
            raise illegal(f"{p} has already acted, and since then only all-in wagers smaller than a full "
                          f"{'raise' if self.level else 'bet'} have been made: they do not reopen the betting, so "
                          f"{p} may call or fold{self._note('short_all_in_reopens')}", option.cite,
                          option.course_default)

    def _raise_closed(self, player: str) -> bool:
        """Has `player` already acted, with only short all-ins since (which do not reopen the betting)?"""
        if player not in self.acted or self.level == 0 and not self.bring_in_mode and self.to_match == 0:
            return False
        if self._measure() == "half-bet":
            return True
        return self.short_pending > 0

    def _nobody_to_call(self, player: str) -> bool:
        """Is every other player still in all in, or unable to put in more than the current total?"""
        for q in self.live:
            if q == player:
                continue
            most = self._most(q)
            if most is None or most > self.to_match:
                return False
        return True

    def _short_wager(self, action: Action, illegal, verb: Verb, full_total: int, step: int) -> _Plan:
        """A completion, bet or raise all in for less than the full amount `full_total`."""
        p = action.player
        most = self._most(p)
        name = "short_completion" if verb is Verb.COMPLETE else "short_raise"
        words = {Verb.COMPLETE: "completion", Verb.BET: "bet", Verb.RAISE: "raise"}[verb]
        option = self._all_in_option(name)
        if option.value != "all-in":
            raise illegal(f"{p} has only {self.behind(p)} left, short of a full {words} to {full_total}, and these "
                          f"rules allow no {words} all in for less: {p} may call or fold", option.cite,
                          option.course_default)
        reading = self._all_in_option("short_all_in_reopens")
        cite = _cites(option.cite, reading.cite, self.profile.rule_cite("table_stakes"))
        default = option.course_default or reading.course_default
        if action.amount is not None and action.amount != most:
            raise illegal(f"{p} has {self.behind(p)} left, so all in {p} can make the round total {most}, "
                          f"not {action.amount} (a full {words} would be {full_total})", cite, default)
        added = most - self.put[p]
        if self._measure() == "half-bet":
            excess = most - self.full_level
            full = 2 * excess >= step
            measure = (f"{excess} over the last full bet of {self.full_level}" if self.full_level
                       else f"a wager of {excess}")
            judged = (f"{measure} is at least half the step of {step}, so it counts as a full "
                      f"{'bet' if verb is not Verb.RAISE else 'raise'}: it reopens the betting and the next raise goes "
                      f"to {most + step}" if full else
                      f"{measure} is less than half the step of {step}, so it is not a full "
                      f"{'bet' if verb is not Verb.RAISE else 'raise'}: it does not reopen the betting for players who "
                      f"have already acted, and a player yet to act may call {most} or make it {self.full_level + step}")
            new_level = self.level + 1 if full else self.level
        elif self._measure() == "every-all-in":
            full, new_level = True, self.level + 1
            judged = (f"under these rules every all-in above the bet counts as a full "
                      f"{'bet' if verb is not Verb.RAISE else 'raise'}: it reopens the betting and the next raise "
                      f"goes to {most + step}")
        else:
            inc = most - self.to_match
            full = inc >= self.largest_step
            judged = (f"it adds {inc}, at least the round's largest bet or raise so far, so it reopens the betting"
                      if full else f"it adds {inc}, less than the round's largest bet or raise ({self.largest_step}), "
                      "so it reopens the betting only for players yet to act") +                 f"; the next raise goes to {most + max(step, self.largest_step)}"
            new_level = self.level + 1
        verb_text = {Verb.COMPLETE: f"completes all in to {most}", Verb.BET: f"bets all in {most}",
                     Verb.RAISE: f"raises all in to {most}"}[verb]
        text = (f"{p} {verb_text}, the last of {p}'s chips (a full {words} would be to {full_total}): {judged}"
                f"{self._note(name, 'short_all_in_reopens')}.")
        return _Plan(action.with_amount(most), added, text, cite, default, new_level=new_level,
                     all_in=True, full=full)
