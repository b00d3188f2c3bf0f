"""Exact amounts: course/amounts.py, decimals in the YAML grammar, Horn-A-Vika's exact
halves (OPR-535 3.3, 3.4 read literally), decimals through pot, contributions and award, and the
answer kinds reading a learner's "2.5"."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from course.cards import parse_cards
from course import amounts
from course.asks import solvers
from course.amounts import Amount, AmountError
from course.asks.kinds import KINDS
from course.content import load_exercise, parse_exercise, with_profile
from course.moves import parse_move
from course.errors import ActionFormatError
from course.variants import horn_a_vika as hv
from course.rules import load_profile
from course.engine.showdown import split_pot

ROOT = Path(__file__).resolve().parents[2]
HAV = ROOT / "exercises" / "horn-a-vika"
EXACT = HAV / "hav-exact-half-of-an-odd-match.yaml"
BET = HAV / "hav-bet-the-exact-half.yaml"


def load(path: Path, text: str | None = None):
    exercise, problems = (load_exercise(path) if text is None else parse_exercise(text, str(path)))
    assert problems == [], [str(p) for p in problems]
    return exercise


def question(exercise, ask, **params):
    return next(q for q in exercise.questions if q.ask == ask and all(q.params.get(k) == v for k, v in params.items()))


# --- parse and say ---------------------------------------------------------------------------


@pytest.mark.parametrize("given, said", [
    ("5", "5"), (5, "5"), ("2.50", "2.50"), ("2.5", "2.50"), (2.5, "2.50"), ("7.50", "7.50"),
    ("$3", "3"), ("5.00", "5"), ("0.01", "0.01"), (Decimal("12.3"), "12.30"), (0, "0"),
])
def test_parse_and_say_round_trip(given, said):
    amount = amounts.parse(given)
    assert amounts.say(amount) == said
    assert amounts.parse(amounts.say(amount)) == amount
    assert str(amount) == said
    # whole amounts stay plain ints, so whole-unit games compute and print as before
    assert (type(amount) is int) == ("." not in said)


@pytest.mark.parametrize("bad, why", [
    ("2.555", "more than two decimal places"), ("-1", "negative"), ("abc", "not an amount"),
    (True, "not an amount"), ("", "not an amount"), ("1e3", "not an amount"), (2.555, "more than two"),
])
def test_bad_amounts_are_refused_with_a_clear_message(bad, why):
    with pytest.raises(AmountError, match=why):
        amounts.parse(bad)


def test_arithmetic_stays_exact_and_whole_results_are_ints():
    half = amounts.parse("2.50")
    assert half + half == 5 and type(half + half) is int
    assert 10 - half == Amount("7.50") and str(10 - half) == "7.50"
    assert sum([half, 1, half, Amount("0.01")]) == Decimal("6.01")
    assert f"pot {5 + half}" == "pot 7.50"
    assert amounts.half(5) == Decimal("2.5") and amounts.half(4) == 2 and type(amounts.half(4)) is int


# --- the grammar -------------------------------------------------------------------------------


@pytest.mark.parametrize("text, amount", [
    ("Ava bets 2.50", "2.50"), ("Ben raises to 5.50", "5.50"), ("Cal matches 7.50", "7.50"), ("Ava bets 2", "2"),
])
def test_moves_take_decimal_amounts_and_print_them_back(text, amount):
    move = parse_move(text)
    assert move.amount == amounts.parse(amount)
    assert str(move) == text
    assert parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["Ava bets 2.555", "Ava bets -1", "Ava bets abc", "Ben raises to 5.505"])
def test_bad_amounts_in_moves_are_refused(text):
    with pytest.raises(ActionFormatError, match="expected 'bets N'|expected 'raises to N'"):
        parse_move(text)


def test_bad_amounts_in_an_exercise_are_reported_at_their_line():
    text = BET.read_text(encoding="utf-8")
    lines = text.splitlines()
    bad = (text.replace("pot: 5\n", "pot: 5.125\n").replace("  - Ava bets 2.50\n", "  - Ava bets 2.555\n")
           .replace("answer: {Ava: 2.50, Ben: 2.50}", "answer: {Ava: 2.505, Ben: 2.50}"))
    _, problems = parse_exercise(bad, "bad.yaml")
    where = {(p.line, p.message.split(":")[0]) for p in problems}
    pot_line = lines.index("pot: 5") + 1
    bet_line = lines.index("  - Ava bets 2.50") + 1
    answer_line = next(n for n, line in enumerate(lines, 1) if "{Ava: 2.50, Ben: 2.50}" in line)
    assert (pot_line, "pot 5.125 has more than two decimal places") in where, problems
    assert any(p.line == bet_line and "2.555" in p.message for p in problems), problems
    assert any(p.line == answer_line and "2.505" in p.message for p in problems), problems
    assert all(str(p).startswith("bad.yaml:") for p in problems)


def test_a_bad_matched_amount_is_refused_naming_matched():
    text = EXACT.read_text(encoding="utf-8").replace("pot: 5\n", "pot: 5\nmatched: {Ava: 2.555}\n")
    _, problems = parse_exercise(text, "m.yaml")
    assert any("matched" in p.message and "2.555" in p.message for p in problems), problems


# --- Horn-A-Vika's halves ---------------------------------------------------------------------


def test_halve_by_profile_option():
    exact, down = load_profile("opr-535-exact"), load_profile("opr-535")
    up = down.with_overrides({"matched_limit_rounding": "up"})
    assert hv.halve(exact, 5) == Decimal("2.50") and hv.halve(down, 5) == 2 and hv.halve(up, 5) == 3
    assert hv.halve(exact, 20) == hv.halve(down, 20) == 10
    assert hv.limit_for(exact, 2, 5) == Decimal("2.50") and hv.limit_for(down, 2, 5) == 2
    assert hv.limit_for(exact, 5, 15) == Decimal("7.50")


def test_the_engine_gives_the_exact_limit_2_50_and_the_default_profile_2():
    exercise = load(EXACT)
    q = question(exercise, "bet_limit", player="Ava")
    got = solvers.answer(exercise, q)
    assert got.value == Decimal("2.50") and amounts.say(got.value) == "2.50"
    assert "2.50" in got.explain()
    default = with_profile(exercise, "opr-535")
    rounded = solvers.answer(default, question(default, "bet_limit", player="Ava"))
    assert rounded.value == 2 and type(rounded.value) is int
    assert any(step.course_default for step in rounded.steps)


def test_an_override_selects_exact_halves_as_the_format_allows():
    text = EXACT.read_text(encoding="utf-8").replace("rules: opr-535-exact", "rules: opr-535\noptions: {matched_limit_rounding: exact}")
    exercise = load(EXACT, text)
    assert solvers.answer(exercise, question(exercise, "bet_limit", player="Ava")).value == Decimal("2.50")


def test_a_decimal_bet_flows_into_the_pot_and_the_contributions():
    exercise = load(BET)
    assert solvers.answer(exercise, question(exercise, "pot")).value == 15
    assert solvers.answer(exercise, question(exercise, "contributions")).value == {
        "Ava": Decimal("2.50"), "Ben": Decimal("2.50")}
    assert solvers.answer(exercise, question(exercise, "legal_action", action="Ava bets 2.50")).value is True
    assert solvers.answer(exercise, question(exercise, "legal_action", action="Ava bets 3")).value is False


def test_whole_unit_rules_refuse_a_bet_with_cents_and_exact_halves_allow_it():
    # Under the default profile half an odd match is rounded to whole units and a bet is any
    # whole amount from 1 (COURSE "Smallest bet", "Half a match"): Ava's limit is 2, and a bet
    # of 1.50, inside it, was accepted all the same. Exact halves (opr-535-exact) pay to the cent.
    text = BET.read_text(encoding="utf-8").replace("  - Ava bets 2.50\n", "  - Ava bets 1.50\n")
    text = text.replace("    action: Ava bets 3\n", "    action: Ava bets 1.50\n")
    exact = parse_exercise(text, "exact.yaml")[0]
    legal = solvers.answer(exact, question(exact, "legal_action", action="Ava bets 1.50"))
    assert legal.value is True
    whole_text = text.replace("rules: opr-535-exact\n", "rules: opr-535\n")
    exercise, problems = parse_exercise(whole_text, "whole.yaml")
    bet_line = whole_text.splitlines().index("  - Ava bets 1.50") + 1
    refused = [p for p in problems if p.line == bet_line]
    assert refused and "not a whole amount" in refused[0].message, [str(p) for p in problems]
    assert str(refused[0]).startswith(f"whole.yaml:{bet_line}:")
    # asked before the bet, the engine says no, citing the course's own reading as its own
    asked = with_profile(exact, "opr-535")
    answer = solvers.answer(asked, question(asked, "legal_action", action="Ava bets 1.50"))
    assert answer.value is False
    assert "whole amount" in answer.explain() and 'COURSE "Smallest bet"' in answer.explain()
    assert any(step.course_default for step in answer.steps)


def test_a_pot_with_cents_is_awarded_exactly():
    text = BET.read_text(encoding="utf-8").replace("  - Cara folds\n", "  - Cara calls\n").replace(
        "questions:\n", "questions:\n  - ask: award\n    answer: {Ava: 17.50}\n", 1)
    # the hand goes on to round 3, where Ava bets and the others fold: Ava wins a pot with cents
    text = text.replace("  - Cara calls\n", "  - Cara calls\n  - Ava is dealt 5♠ up\n  - Ben is dealt 9♣ up\n"
                        "  - Cara is dealt 3♠ up\n  - spit A♦\n  - Ava bets 2\n  - Ben folds\n  - Cara folds\n")
    text = text.replace("answer: {Ava: 17.50}", "answer: {Ava: 19.50}")
    text = "\n".join(line for line in text.splitlines() if not line.strip().startswith(("answer: {Ava: 2.50", "answer: 15"))) + "\n"
    exercise, problems = parse_exercise(text, "award.yaml")
    assert exercise is not None, [str(p) for p in problems]
    award = solvers.answer(exercise, question(exercise, "award"))
    assert award.value == {"Ava": Decimal("19.50")}
    assert "19.50" in award.explain()


def test_an_odd_cent_goes_by_the_odd_unit_rule_and_nothing_is_lost():
    # OPR-535 is silent on odd units: RRP-H 3 "Ties" 5(b), the highest card by suit (A♠ over A♥)
    cards = {"Ava": parse_cards("A♠ K♠ Q♦ J♣ 9♥"), "Ben": parse_cards("A♥ K♥ Q♣ J♦ 9♠")}
    split = split_pot(amounts.parse("7.51"), ["Ava", "Ben"], ["Ava", "Ben", "Cara"], profile=load_profile("opr-535"),
                      cards=cards)
    assert split.value == {"Ava": Decimal("3.76"), "Ben": Decimal("3.75")}
    assert sum(split.value.values()) == Decimal("7.51")
    assert any('COURSE "Odd cent"' in step.cite for step in split.steps)
    whole = split_pot(7, ["Ava", "Ben"], ["Ava", "Ben", "Cara"], profile=load_profile("opr-535"), cards=cards)
    assert whole.value == {"Ava": 4, "Ben": 3} and all(type(v) is int for v in whole.value.values())


# --- the answer kinds -------------------------------------------------------------------------


def test_the_learners_2_5_is_accepted_and_compared_exactly():
    exercise = load(EXACT)
    q = question(exercise, "bet_limit", player="Ava")
    for given in ("2.5", "2.50", 2.5, Decimal("2.50")):
        assert solvers.is_correct(exercise, q, given), given
    for given in ("2", 2, "2.51", 3, "abc"):
        assert not solvers.is_correct(exercise, q, given), given
    bet = load(BET)
    c = question(bet, "contributions")
    assert solvers.is_correct(bet, c, {"Ava": "2.5", "Ben": 2.5, "Cara": 0})
    assert not solvers.is_correct(bet, c, {"Ava": 2, "Ben": 2.5})


@pytest.mark.parametrize("kind, value", [
    ("units", Amount("2.50")), ("map", {"Ava": Amount("7.50"), "Ben": 5}),
    ("matches", [{"Ava": Amount("2.50")}]), ("units", 5),
])
def test_to_json_reads_back_exactly(kind, value):
    k = KINDS[kind]
    shape = json.loads(json.dumps(k.to_json(value)))
    assert k.same(shape, value)
    assert k.parse(shape) == k.parse(value)
    assert "2.5" not in k.words(value).replace("2.50", "")


def test_whole_unit_answers_keep_their_shape():
    # every exercise outside the exact-halves profile answers in plain ints, as before
    for path in sorted((ROOT / "exercises").rglob("*.yaml")):
        exercise, problems = load_exercise(path)
        if exercise is None or exercise.profile.name == "opr-535-exact":
            continue
        for q in exercise.questions:
            shape = solvers.kind_of(exercise, q).to_json(solvers.answer(exercise, q).value)
            assert "Amount" not in repr(shape) and "Decimal" not in repr(shape), (path.name, q.ask)
            json.dumps(shape)
