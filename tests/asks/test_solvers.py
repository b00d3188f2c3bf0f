"""Questions: each ask answered by the engine, the format page's checking rules, JSON shapes.

Deals come from the rule sources (HPD exercises 1, 3 and 5, OPR-678's worked example), so the
expected answers are the sources' own, not values read back from the engine.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from course import asks, content
from course.asks import solvers
from course.cards import Card, parse_cards
from course.content import Question, parse_exercise
from course.explain import Answer, Step
from tests.support import lookups

FIXTURES = Path(__file__).parent.parent / "fixtures"

HPD_1 = """\
id: hpd-1
title: HPD exercise 1
game: stud-high
rules: pokerstars
street: third
seats: [Ava, Ben, Cara, Drew]
hands:
  Ava:  {down: K♣ Q♦, up: 2♥}
  Ben:  {down: 9♠ 9♦, up: 2♣}
  Cara: {down: 7♥ 8♥, up: A♠}
  Drew: {down: 5♣ 6♣, up: 4♦}
questions:
  - ask: bring_in
    answer: Ben
    explain: Hidden nines do not matter.
    cite: ['HPD exercise 1']
  - ask: action_order
    answer: [Ben, Cara, Drew, Ava]
"""

HPD_3 = """\
id: hpd-3
title: HPD exercise 3
game: stud-high
street: fifth
seats: [Ava, Ben, Cara]
hands:
  Ava:  {up: K♥ K♦ 2♣}
  Ben:  {up: A♣ Q♠ A♥}
  Cara: {up: 8♥ 8♣ 8♦}
actions: [Cara checks, Ava bets 8, Ben calls, Cara raises to 16, Ava calls, Ben calls]
questions:
  - ask: opener
  - ask: opener
    street: fourth
  - ask: contributions
  - ask: street_total
  - ask: legal_action
    action: Cara raises to 12
    after: 3
  - ask: legal_action
    action: Cara raises to 16
    after: 3
"""

SHOWDOWN = """\
id: showdown-sample
title: A showdown with a folded ace
game: stud-high
street: showdown
seats: [Ava, Ben, Cara]
pot: 121
hands:
  Ava:  {down: K♠ K♥ 5♠, up: 9♣ 9♦ 5♥ 2♣}
  Ben:  {down: K♣ K♦ 5♣, up: 9♠ 9♥ 5♦ 2♦}
  Cara: {down: A♠ A♥ 3♣, up: A♣ 7♦ 4♠ 3♥, folded: true}
questions:
  - ask: best_five
    player: Ava
  - ask: category
    player: Ava
  - ask: winners
  - ask: award
  - ask: legal_hand
    player: Ava
    cards: [K♠, K♥, 9♣, 9♦, A♣]
  - ask: legal_hand
    player: Ava
    cards: [K♠, K♥, 9♣, 9♦, 5♠]
  - ask: legal_hand
    player: Ava
    cards: [K♠, K♥, 9♣, 9♦]
"""


def load(text: str):
    exercise, problems = parse_exercise(textwrap.dedent(text), "t.yaml")
    assert problems == [], [str(p) for p in problems]
    return exercise


def q(exercise, n: int) -> Question:
    return exercise.questions[n]


def value(exercise, n: int):
    return solvers.answer(exercise, q(exercise, n)).value


def test_bring_in_lowest_door_card_suit_tie_pokerstars():
    exercise = load(HPD_1)
    result = solvers.answer(exercise, q(exercise, 0))
    assert result.value == "Ben"
    assert 'HPD "The bring-in is decided before the hidden cards matter"' in result.citations


def test_bring_in_seat_tie_when_the_profile_says_so():
    exercise = load(HPD_1.replace("rules: pokerstars", "rules: 1917poker"))
    assert value(exercise, 0) == "Ava"
    assert not solvers.is_correct(exercise, q(exercise, 0), "Ben")


def test_authored_explain_is_appended_as_a_cited_note():
    exercise = load(HPD_1)
    result = solvers.answer(exercise, q(exercise, 0))
    last = result.steps[-1]
    assert last.text == "Note: Hidden nines do not matter." and last.cite == ("HPD exercise 1",)
    assert len(result.steps) > 1  # the engine's own steps come first


def test_action_order_is_clockwise_from_the_bring_in_and_order_matters():
    exercise = load(HPD_1)
    assert value(exercise, 1) == ["Ben", "Cara", "Drew", "Ava"]
    assert solvers.is_correct(exercise, q(exercise, 1), ["Ben", "Cara", "Drew", "Ava"])
    assert not solvers.is_correct(exercise, q(exercise, 1), ["Ben", "Ava", "Cara", "Drew"])


def test_opener_fifth_street_trips_beat_aces_and_street_param_reads_the_older_row():
    exercise = load(HPD_3)
    assert value(exercise, 0) == "Cara"  # 8♥ 8♣ 8♦ showing
    assert value(exercise, 1) == "Ava"  # on fourth street: K♥ K♦ beats A♣ Q♠ and 8♥ 8♣


def test_contributions_and_street_total_hpd_3():
    exercise = load(HPD_3)
    assert value(exercise, 2) == {"Ava": 16, "Ben": 16, "Cara": 16}
    assert value(exercise, 3) == 48
    assert solvers.is_correct(exercise, q(exercise, 2), {"Ava": 16, "Ben": 16, "Cara": 16})
    assert not solvers.is_correct(exercise, q(exercise, 2), {"Ava": 16, "Ben": 16, "Cara": 8})
    assert solvers.is_correct(exercise, q(exercise, 3), 48)
    assert solvers.is_correct(exercise, q(exercise, 3), 48.0)  # a number widget may give a float
    assert not solvers.is_correct(exercise, q(exercise, 3), 48.5)
    assert not solvers.is_correct(exercise, q(exercise, 3), True)
    assert solvers.is_correct(exercise, q(exercise, 3), "48")   # typed text is an amount too
    assert not solvers.is_correct(exercise, q(exercise, 3), "forty-eight")


def test_legal_action_uses_the_big_bet_on_fifth():
    exercise = load(HPD_3)
    wrong = solvers.answer(exercise, q(exercise, 4))
    assert wrong.value is False
    assert 'HPD "Read the two fixed-limit amounts correctly"' in wrong.citations
    assert value(exercise, 5) is True
    assert solvers.is_correct(exercise, q(exercise, 4), "no")
    assert solvers.is_correct(exercise, q(exercise, 5), True)
    assert not solvers.is_correct(exercise, q(exercise, 5), "maybe")


def test_maps_treat_zero_as_absent():
    exercise = load(SHOWDOWN)
    award = q(exercise, 3)
    assert value(exercise, 3) == {"Ava": 61, "Ben": 60}  # odd unit to the first winner from the dealer's left
    assert solvers.is_correct(exercise, award, {"Ava": 61, "Ben": 60, "Cara": 0})
    assert solvers.is_correct(exercise, award, {"Ben": 60, "Ava": 61})
    assert not solvers.is_correct(exercise, award, {"Ava": 60, "Ben": 61})


def test_best_five_accepts_any_equal_choice_of_own_cards():
    exercise = load(SHOWDOWN)
    best = q(exercise, 0)
    engine = value(exercise, 0)
    assert len(engine) == 5
    # Kings and nines with a five kicker: either of Ava's fives will do.
    assert solvers.is_correct(exercise, best, ["K♠", "K♥", "9♣", "9♦", "5♠"])
    assert solvers.is_correct(exercise, best, "5h 9d 9c Kh Ks")
    # The folded player's ace is not Ava's, even though it makes a stronger-looking kicker.
    assert not solvers.is_correct(exercise, best, ["K♠", "K♥", "9♣", "9♦", "A♣"])
    # Ben's cards have the same value, but they are Ben's.
    assert not solvers.is_correct(exercise, best, ["K♣", "K♦", "9♠", "9♥", "5♦"])
    assert not solvers.is_correct(exercise, best, ["K♠", "K♥", "9♣", "9♦"])
    assert not solvers.is_correct(exercise, best, ["K♠", "K♥", "9♣", "9♦", "2♣"])
    assert not solvers.is_correct(exercise, best, ["K♠", "K♠", "9♣", "9♦", "5♠"])
    assert not solvers.is_correct(exercise, best, "not cards")


def test_category_words():
    exercise = load(SHOWDOWN)
    assert value(exercise, 1) == "two pair"
    assert solvers.is_correct(exercise, q(exercise, 1), "Two Pair")
    assert not solvers.is_correct(exercise, q(exercise, 1), "one pair")


def test_winners_ignore_order_and_the_folded_aces():
    exercise = load(SHOWDOWN)
    result = solvers.answer(exercise, q(exercise, 2))
    assert sorted(result.value) == ["Ava", "Ben"]
    assert solvers.is_correct(exercise, q(exercise, 2), ["Ben", "Ava"])
    assert not solvers.is_correct(exercise, q(exercise, 2), ["Ava"])
    assert not solvers.is_correct(exercise, q(exercise, 2), ["Ava", "Ben", "Cara"])


def test_legal_hand_borrowed_folded_card_and_short_hand():
    exercise = load(SHOWDOWN)
    borrowed = solvers.answer(exercise, q(exercise, 4))
    assert borrowed.value is False
    # a folded player's cards are nobody's: the profile's showdown rule says so (HPD "Best five ...")
    assert 'HPD "Best five of your seven, with no borrowed cards"' in borrowed.citations
    assert "who folded" in borrowed.explain()
    assert value(exercise, 5) is True
    assert value(exercise, 6) is False  # four cards, when seven are available


def test_shared_card_counts_in_best_five():
    # eight players still in: too few cards for a seventh card each, so one shared card
    exercise = load("""\
    id: shared
    title: Shared seventh card
    game: stud-high
    street: showdown
    seats: [Ava, Ben, Cara, Drew, Eli, Fay, Gus, Hana]
    hands:
      Ava: {down: J♥ K♣, up: 10♦ K♦ 8♣ 9♦}
      Ben: {down: 2♣ 3♣, up: 4♥ 5♥ 7♠ 2♠}
      Cara: {down: 2♦ 3♦, up: 4♦ 5♦ 6♦ 7♦}
      Drew: {down: 2♥ 3♥, up: 6♥ 7♥ 8♥ 9♥}
      Eli: {down: 3♠ 4♠, up: 5♠ 6♠ 8♠ 9♠}
      Fay: {down: 4♣ 5♣, up: 6♣ 7♣ 9♣ 10♣}
      Gus: {down: J♣ Q♣, up: A♣ 10♠ J♠ Q♠}
      Hana: {down: K♠ A♠, up: 10♥ J♦ Q♥ K♥}
    shared: Q♦
    questions:
      - ask: category
        player: Ava
      - ask: legal_hand
        player: Ava
        cards: [K♣, Q♦, J♥, 10♦, 9♦]
    """)
    assert value(exercise, 0) == "straight"
    result = solvers.answer(exercise, q(exercise, 1))
    assert result.value is True
    assert 'HPD "The rare shared seventh card is an exception"' in result.citations


def test_to_json_shapes():
    assert solvers.to_json(Card.parse("10h")) == "10♥"
    assert solvers.to_json({"Ava": [Card.parse("As")], "n": 3}) == {"Ava": ["A♠"], "n": 3}
    assert solvers.to_json(True) is True
    assert solvers.to_json(("Ava", "Ben")) == ["Ava", "Ben"]


def test_asks_by_game_and_topics():
    by_game = lookups.all_asks()
    # Stud High's own asks about a dealing irregularity come on top of the stud family's
    assert set(by_game["stud-high"]) == set(content.STUD_ASKS) | {"repair_first_to_act", "repair_bring_in",
                                                                  "repair_gets_card", "hand_live"}  # hand_live: RRP-H 8.18
    assert "repair_bring_in" not in by_game["razz"]
    heart = by_game["have-a-heart"]
    assert "holding" in heart and "best_five" in heart and "bring_in" not in heart
    assert "spit" not in by_game["horn-a-vika"]
    assert solvers.topic_for("stud-high", "bring_in") == "bring-in"
    assert solvers.topic_for("stud-high", "legal_action") == "amounts"
    assert solvers.topic_for("stud-high", "best_five") == "best-five"
    assert solvers.topic_for("stud-high", "award") == "showdown"
    assert solvers.topic_for("have-a-heart", "holding") == "have-a-heart"
    assert solvers.topic_for("horn-a-vika", "pot") == "horn-a-vika"
    assert solvers.topic_for("horn-a-vika", "award") == "horn-a-vika"  # the game's own award
    assert solvers.topic_for("have-a-heart", "best_five") == "best-five"
    topics = {ask.topic or game for game in content.GAMES for ask in asks.asks_for(game).values()}
    assert topics <= set(content.TOPICS)


def test_default_prompts_fill_in_the_keys():
    exercise = load(SHOWDOWN)
    assert solvers.prompt_for(exercise, q(exercise, 0)) == "Which cards make Ava's best hand?"
    assert solvers.prompt_for(exercise, q(exercise, 4)) == "May Ava show K♠ K♥ 9♣ 9♦ A♣ as their hand?"


def test_check_exercise_shows_both_answers_and_the_explanation():
    exercise = load(HPD_1.replace("answer: Ben", "answer: Ava"))
    (problem,) = solvers.check_exercise(exercise)
    assert (problem.file, problem.line, problem.column) == ("t.yaml", 14, 13)
    assert "answer to 'bring_in' disagrees with the engine: authored Ava, engine Ben" in problem.message
    assert "The engine's explanation:" in problem.message and "[HPD" in problem.message


def test_check_exercise_reports_an_engine_refusal_at_the_question():
    exercise = load(SHOWDOWN + "  - ask: opener\n")
    (problem,) = solvers.check_exercise(exercise)
    assert problem.line == len(SHOWDOWN.splitlines()) + 1
    assert "the engine cannot answer 'opener': nobody opens the showdown" in problem.message


def test_home_game_uses_the_variant_and_its_final_hands():
    exercise, problems = content.load_exercise(FIXTURES / "home" / "heart-take.yaml")
    assert problems == []
    holding = solvers.answer(exercise, exercise.questions[0])
    assert 'OPR-678 3.2(a)' in holding.citations
    assert solvers.is_correct(exercise, exercise.questions[0], {"up": ["9♣", "9♦", "4♥", "9♠"], "down": ["2♣", "3♦"]})
    assert solvers.to_json(holding.value) == {
        "up": ["9♣", "9♦", "4♥", "9♠"], "down": ["2♣", "3♦"]}
    # After the take, the 9♠ is Al's: three nines; Bea plays a short hand of four cards.
    hands = solvers.final_hands(exercise)
    assert Card.parse("9♠") in hands["Al"] and Card.parse("9♠") not in hands["Bea"]
    assert solvers.answer(exercise, exercise.questions[1]).value == "three of a kind"
    best = solvers.answer(exercise, exercise.questions[2])
    assert set(best.value) == set(parse_cards("K♦ J♣ 6♦ 5♠"))
    assert 'OPR-678 "Incomplete hands"' in best.citations
    assert solvers.check_exercise(exercise) == []


def test_unsupported_ask_raises_for_the_api():
    exercise = load(HPD_1)
    with pytest.raises(ValueError, match="not supported for stud-high"):
        solvers.answer(exercise, Question("holding", None, None, None, [], {}, 1, 1))


def test_home_game_showdown_cites_the_game_not_the_stud_lesson():
    exercise, problems = content.load_exercise(FIXTURES / "home" / "heart-take.yaml")
    assert problems == []
    for question in exercise.questions:
        cited = solvers.answer(exercise, question).citations
        assert not [c for c in cited if c.startswith("HPD")], (question.ask, cited)
    winners = solvers.answer(exercise, exercise.questions[3])
    assert 'OPR-678 "Showdown"' in winners.citations


def test_every_course_question_has_a_readable_default_prompt_for_its_game():
    from dataclasses import replace

    course = content.load_course(Path(__file__).resolve().parents[2])
    seen = set()
    for exercise in course.exercises.values():
        for question in exercise.questions:
            prompt = solvers.prompt_for(exercise, replace(question, prompt=None))
            assert "{" not in prompt and prompt.endswith("?"), (exercise.id, question.ask, prompt)
            seen.add((exercise.game, question.ask))
    assert ("horn-a-vika", "bet_limit") in seen and ("have-a-heart", "holding") in seen
    heart = next(e for e in course.exercises.values() if e.game == "have-a-heart"
                 and any(q.ask == "holding" for q in e.questions))
    holding = next(q for q in heart.questions if q.ask == "holding")
    assert solvers.prompt_for(heart, replace(holding, prompt=None)).startswith(
        f"Which cards does {holding.params['player']} hold now")



# --- shared_card: is seventh street one shared card? -------------------------------------------

def _shared_deal(folded_hana: bool = False, actions=(), options=None, street="sixth"):
    ups = {"Ava": "9♠ 4♥ Q♣ 4♠", "Ben": "5♥ A♥ 6♣ 4♣", "Cara": "10♦ K♦ 8♣ 9♦", "Drew": "7♦ Q♠ 9♥ 9♣",
           "Eli": "3♠ A♣ 6♥ 10♠", "Fay": "Q♥ 5♠ K♥ 8♥", "Gus": "2♥ 5♦ 10♣ K♠", "Hana": "3♥ 10♥ 3♣ 2♠"}
    if folded_hana:
        ups["Hana"] = "3♥"
    doc = {"id": "shared-test", "title": "t", "game": "stud-high", "rules": "pokerstars", "street": street,
           "seats": list(ups), "hands": {p: {"up": u, **({"folded": True} if p == "Hana" and folded_hana else {})}
                                          for p, u in ups.items()},
           "actions": list(actions), "questions": [{"ask": "shared_card"}]}
    if options:
        doc["options"] = options
    return doc


def _shared_answer(tmp_path, **kw):
    import yaml as _yaml
    from course.content import load_exercise
    path = tmp_path / "shared-test.yaml"
    path.write_text(_yaml.safe_dump(_shared_deal(**kw), allow_unicode=True), encoding="utf-8")
    ex, problems = load_exercise(path)
    assert ex is not None, problems
    return solvers.answer(ex, ex.questions[0])


def test_shared_card_when_eight_stay_to_the_end_of_sixth_street(tmp_path):
    answer = _shared_answer(tmp_path)
    assert answer.value is True
    assert "52 - 48 = 4 cards are left" in answer.steps[0].text
    assert 'COURSE "Shared card"' in answer.citations


def test_an_early_fold_leaves_exactly_enough_cards(tmp_path):
    answer = _shared_answer(tmp_path, folded_hana=True)
    assert answer.value is False
    assert "52 - 45 = 7 cards are left" in answer.steps[0].text


def test_folds_in_the_sixth_street_betting_leave_fewer_players_to_serve(tmp_path):
    # Drew's nines open; five players fold, so three need a card and 4 are left
    actions = ["Drew bets 8", "Eli folds", "Fay folds", "Gus folds", "Hana folds", "Ava calls",
               "Ben folds", "Cara calls"]
    answer = _shared_answer(tmp_path, actions=actions)
    assert answer.value is False
    assert "Ava, Cara, Drew are still in" in answer.steps[0].text


def test_a_profile_that_never_shares_a_card(tmp_path):
    answer = _shared_answer(tmp_path, options={"shared_card": "never"})
    assert answer.value is False


def test_shared_card_is_asked_on_sixth_street_only(tmp_path):
    with pytest.raises(ValueError, match="expected street: sixth"):
        _shared_answer(tmp_path, street="fifth")


def test_a_new_ask_is_one_registration():
    """Declaring an ask once makes it valid content, answerable, checkable, promptable, and
    drawn by the widget of its answer kind."""
    from course.app import widgets
    from course.asks import _ASKS, Ask, register

    def seats_dealt(exercise, question):
        return Answer(len(exercise.seats), [Step(f"{len(exercise.seats)} players are dealt in.", ())])

    register("stud-high", Ask("seat_count", "units", "How many players are dealt in?", seats_dealt, topic="deal"))
    try:
        text = HPD_1.split("questions:")[0] + "questions:\n  - ask: seat_count\n    answer: 4\n"
        exercise = load(text)
        question = q(exercise, 0)
        assert solvers.answer(exercise, question).value == 4
        assert solvers.is_correct(exercise, question, 4) and not solvers.is_correct(exercise, question, 3)
        assert solvers.prompt_for(exercise, question) == "How many players are dealt in?"
        assert solvers.topic_for("stud-high", "seat_count") == "deal"
        assert isinstance(lookups.widget_for(exercise, question), widgets.UnitsWidget)
        _, problems = content.parse_exercise(text.replace("answer: 4", "answer: four"), "x.yaml")
        assert any("answer to 'seat_count' should be a whole number" in p.message for p in problems)
    finally:
        del _ASKS["stud-high"]["seat_count"]
    _, problems = content.parse_exercise(text, "x.yaml")
    assert any("ask 'seat_count' is not supported" in p.message for p in problems)


def test_an_exercise_replays_once_for_every_question_and_grade(monkeypatch):
    """The street is replayed once and shared: answering and grading contributions and the street
    total used to replay it four times."""
    from course.engine.state import HandState

    calls = []
    real = HandState.start.__func__
    monkeypatch.setattr(HandState, "start", classmethod(lambda cls, *a: calls.append(a) or real(cls, *a)))
    exercise = load(HPD_3)
    for question in (q(exercise, 2), q(exercise, 3)):
        result = solvers.answer(exercise, question)
        assert solvers.is_correct(exercise, question, result.value)
    assert len(calls) == 1
    other = content.with_profile(exercise, "1917poker")   # another profile replays on its own
    solvers.answer(other, q(other, 2))
    assert len(calls) == 2
