"""What a learner reads of a stud betting round: its ledger as a table, and the answers to the
questions asked of it (is an action legal now, what each player put in, the street's total, the
pots), each step citing its rule.

The round (`course.engine.betting.BettingRound`) decides legality and amounts and keeps the ledger;
these functions word its state for the asks and the app (each takes the round, `rnd`). The steps before the answer are the
round so far: who acted first and why, and each action's ledger sentence.
"""

from __future__ import annotations

from course.engine.betting_moves import Action, _cites
from course.errors import IllegalActionError
from course.explain import Answer, Step
from course.engine.showdown import side_pots

LEDGER_COLUMNS = ["n", "street", "player", "action", "kind", "added", "round_total", "to_match", "pot", "pots", "note",
                  "cite"]


def ledger_frame(rnd):
    """The round's ledger as a pandas DataFrame (one row per action) for the app."""
    import pandas as pd

    rows = [
        {
            "n": e.n,
            "street": e.street,
            "player": e.player,
            "action": e.action,
            "kind": e.kind,
            "added": e.added,
            "round_total": e.round_total,
            "to_match": e.to_match,
            "pot": e.pot,
            "pots": " + ".join(str(n) for n in e.pots) if len(e.pots) > 1 else "",
            "note": e.text,
            "cite": "; ".join(e.cite),
        }
        for e in rnd.ledger
    ]
    return pd.DataFrame(rows, columns=LEDGER_COLUMNS)


def verdict(rnd, action: Action | str) -> Answer:
    """Is `action` legal now? Value True/False; the steps are the round so far, then the reason
    and the rule."""
    # The antes are kept apart from the round, so they never bear on whether an action is legal.
    steps = [e.step for e in rnd.ledger if e.kind != "ante"]
    if not steps and rnd.opening() is not None:
        steps = [rnd.opening().steps[-1], *lowcard_steps(rnd)]
    parsed = Action.parse(action)
    try:
        rnd.verify(parsed)
    except IllegalActionError as error:
        return Answer(False, steps + [Step(f"Not allowed: {error.reason}.", error.cite, error.course_default)])
    plan = rnd._judge(parsed)
    return Answer(True, steps + [Step(f"Allowed: {plan.text}", plan.cite, plan.course_default)])


def history_steps(rnd) -> list[Step]:
    """The round so far: who acts first and why, who opens for an all-in lowest door card, and
    each action's ledger sentence."""
    opening = rnd.opening()
    steps = [opening.steps[-1]] if opening and opening.steps else []
    return steps + lowcard_steps(rnd) + [e.step for e in rnd.ledger]


def lowcard_steps(rnd) -> list[Step]:
    """When the lowest door card is all in on the ante, who opens instead (RRP-H 8.8)."""
    if not (rnd.bring_in_mode and rnd.stacks and rnd.is_all_in(rnd.first)):
        return []
    option = rnd._all_in_option("all_in_ante_lowcard")
    nxt = next((p for p in rnd.order[1:] if not rnd.is_all_in(p)), None)
    if nxt is None:
        return []
    return [Step(f"{rnd.first} has the {rnd._door()} {rnd.game.door_card} but is all in on the ante, so there is no forced "
                 f"bring-in: {nxt}, next to the left, acts first and may fold, bring in or complete"
                 f"{rnd._note('all_in_ante_lowcard')}.", option.cite, option.course_default)]


def side_pots_answer(rnd) -> Answer:
    """The `side_pots` question: each pot's amount and who may win it, after the actions."""
    answer = side_pots(rnd.paid, rnd.seats, rnd.folded, rnd.pot_before, rnd.all_in, still_betting=True)
    return Answer(answer.value, [*history_steps(rnd), *answer.steps])


def contributions_answer(rnd) -> Answer:
    """The `contributions` question: player -> units put in on this street."""
    steps = history_steps(rnd)
    shown = ", ".join(f"{p} {n}" for p, n in rnd.contributions.items())
    steps.append(
        Step(
            f"Put in on {rnd.street} street: {shown}; antes are not part of the round.",
            _cites(rnd.profile.rule_cite("ante_apart"), rnd.profile.rule_cite("call_difference")),
        )
    )
    return Answer(rnd.contributions, steps)


def total_answer(rnd) -> Answer:
    """The `street_total` question: units added on this street."""
    steps = history_steps(rnd)
    parts = " + ".join(str(n) for n in rnd.contributions.values() if n)
    steps.append(
        Step(
            f"The street adds {parts or '0'} = {rnd.total} units (antes not counted).",
            _cites(rnd.profile.rule_cite("ante_apart"), rnd.profile.rule_cite("call_difference")),
        )
    )
    return Answer(rnd.total, steps)
