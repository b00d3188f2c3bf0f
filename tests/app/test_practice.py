"""Practice under AppTest: a right and a wrong answer for every kind of ask, the cited
explanation, the attempt stored, Show answer / Try again, and the rule-profile switch."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from course import amounts, content, rules
from course.asks import solvers
from course.app import quiz, state
from course.app.labels import display_name
from course.app.quiz import named_profile
from tests.support.apptest import environment, fill_widget, open_app, pick_question, texts
from course.store import ProgressStore
from course.cards import parse_cards
from course.hands import Category
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
STUD_ASKS = list(content.STUD_ASKS)


def first_question(ask: str, game: str = "stud-high"):
    for ex in COURSE.exercises.values():
        if ex.game != game:
            continue
        for n, q in enumerate(ex.questions):
            if q.ask == ask:
                return ex, n, q
    pytest.fail(f"no {game} exercise in the course asks {ask!r}")


def ok(ex, q, given) -> bool:
    return solvers.is_correct(ex, q, given)


def right_and_wrong(ex, q):
    """(right, wrong) widget values, each confirmed by the engine's own checker."""
    value = solvers.to_json(solvers.answer(ex, q).value)
    kind = solvers.answer_kind(ex, q)
    seats = list(ex.seats)
    if kind == "player":
        right, wrong = value, next(s for s in seats if s != value)
    elif kind == "players":
        right = list(value)
        wrong = [s for s in seats if s not in right][:1] or right[:-1]
    elif kind == "order":
        right = list(value)
        wrong = right[1:] + right[:1]
    elif kind == "yesno":
        right, wrong = bool(value), not bool(value)
    elif kind == "units":
        right, wrong = amounts.read(value), amounts.read(value) + 1
    elif kind == "map":
        right = {s: amounts.read(value.get(s, 0)) for s in seats}
        wrong = dict(right, **{seats[0]: right[seats[0]] + 1})
    elif kind == "category":
        right = value
        wrong = next(c.label for c in Category if c.label != value)
    elif ex.game != "stud-high" and q.ask == "holding":
        right = {"up": list(value["up"]), "down": list(value["down"])}
        side = "up" if right["up"] else "down"
        other = "down" if side == "up" else "up"
        wrong = {side: right[side][1:], other: right[other] + right[side][:1]}
        kind = "holding"
    elif ex.game != "stud-high" and q.ask == "takes":
        right = value
        wrong = {"taker": right["taker"], "from": dict(right["from"])}
        first = next(iter(wrong["from"]))
        offer = dict(wrong["from"][first])
        if offer.get("up"):
            offer["up"] = offer["up"][1:]
        else:
            offer["down"] = offer.get("down", 0) + 1
        wrong["from"][first] = offer
        kind = "takes"
    elif ex.game != "stud-high" and q.ask == "pot_matches":
        right = [dict(item) for item in value]
        wrong = [{k: v + 1 for k, v in item.items()} for item in right] if right \
            else [{seats[0]: 1}]
        kind = "matches"
    elif kind == "halves":
        right = {"high": {s: int(value["high"].get(s, 0)) for s in seats},
                 "low": {s: int(value["low"].get(s, 0)) for s in seats} if isinstance(value["low"], dict) else "none"}
        wrong = {**right, "high": dict(right["high"], **{seats[0]: right["high"][seats[0]] + 1})}
    elif kind == "pots":
        right = [{"amount": int(p["amount"]), "players": list(p["players"])} for p in value]
        wrong = [dict(right[0], amount=right[0]["amount"] + 1), *right[1:]]
    elif kind == "cards":
        right = parse_cards(value)
        pool = solvers.final_hands(ex)[q.params["player"]] + solvers.shared_cards(ex)
        wrong = next((list(c) for c in itertools.combinations(pool, len(right))
                      if not ok(ex, q, [str(x) for x in c])), None)
        if wrong is None:        # five cards in all (five-card stud): every choice of them is the hand
            other = next(c for p, cards in solvers.final_hands(ex).items() if p != q.params["player"]
                         for c in cards)
            wrong = [*right[:-1], other]
    else:
        pytest.fail(f"unexpected answer kind {kind!r}")
    as_json = lambda v: [str(c) for c in v] if kind == "cards" else v  # noqa: E731
    assert ok(ex, q, as_json(right)), (ex.id, right)
    assert not ok(ex, q, as_json(wrong)), (ex.id, wrong)
    return kind, right, wrong


def practice_pool(game):
    """The deals Practice offers for a game, in course order (as the screen orders them)."""
    from course.app.screens.practice import ordered_exercises
    return [e for e in ordered_exercises(COURSE) if e.game == game]


def open_deal(ex):
    at = open_app("practice")
    at.session_state["practice_deal"] = ex.id
    if ex.game != "stud-high":
        at.selectbox(key="practice_game").set_value(ex.game)
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["practice_deal"] == ex.id
    return at


def answer_with(at, ex, q, index, kind, value):
    key = f"practice|{ex.id}|{index}"
    pick_question(at, ex.id, index)
    fill_widget(at, key, ex, kind, value)
    at.button(key=f"{key}:check").click().run()
    assert not at.exception, at.exception
    return key


@pytest.mark.parametrize("ask", STUD_ASKS)
@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
def test_every_ask_right_and_wrong(ask, right, tmp_path):
    ex, index, q = first_question(ask)
    kind, good, bad = right_and_wrong(ex, q)
    engine = solvers.answer(ex, q)
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        answer_with(at, ex, q, index, kind, good if right else bad)
        page = texts(at)
        if right:
            assert any(s.value.startswith("Right.") for s in at.success), page
        else:
            assert any(e.value.startswith("Not right.") for e in at.error), page
        # the engine's explanation: every step (its course-default caveat said once below),
        # the ones past the deciding steps sent only once their expander is opened
        every = [e for e in at.expander if e.label.startswith("Every step")]
        if every:
            assert not every[0].children and "Why, step by step" not in page
            at.session_state[f"practice|{ex.id}|{index}:steps"] = True
            at.run()
            page = texts(at)
        assert "Why, step by step" in page
        from course.study import brief
        for step in brief.plain_steps(engine.steps):
            assert quiz.card_words(step.text)[:40] in page
        # every citation of the explanation links to its Rulebook article, and the articles
        # open in full (paraphrase and source) below the steps
        for cite in engine.citations:
            assert quiz.article_url(cite) in page, cite
        assert not [e for e in at.expander if e.label.startswith("The rules cited")][0].children
        at.session_state[f"practice|{ex.id}|{index}:cited"] = True
        at.run()
        shown_in_full = texts(at)
        for cite in engine.citations:
            cit = rules.citation(cite)
            assert quiz.md_escape(cit.text) in shown_in_full, cite
            assert quiz.md_escape(cit.source_title) in shown_in_full, cite
        rows = ProgressStore(tmp_path / "p.db").attempts(state.LOCAL.key)
        assert list(rows["exercise"]) == [ex.id]
        assert list(rows["question"]) == [index]
        assert list(rows["correct"]) == [right]
        assert list(rows["skill"]) == [solvers.topic_for(ex.game, ask)]


HOME_ASKS = sorted({(ex.game, q.ask) for ex in COURSE.exercises.values()
                    if ex.game != "stud-high" for q in ex.questions})


@pytest.mark.parametrize("game,ask", HOME_ASKS, ids=[f"{g}-{a}" for g, a in HOME_ASKS])
@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
def test_every_home_game_ask_right_and_wrong(game, ask, right, tmp_path):
    ex, index, q = first_question(ask, game)
    kind, good, bad = right_and_wrong(ex, q)
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        answer_with(at, ex, q, index, kind, good if right else bad)
        if right:
            assert any(s.value.startswith("Right.") for s in at.success), texts(at)
        else:
            assert any(e.value.startswith("Not right.") for e in at.error), texts(at)
        rows = ProgressStore(tmp_path / "p.db").attempts(state.LOCAL.key)
        assert list(rows["correct"]) == [right]
        assert list(rows["skill"]) == [solvers.topic_for(game, ask)]


def test_show_answer_then_try_again(tmp_path):
    ex, index, q = first_question("bring_in")
    engine = solvers.to_json(solvers.answer(ex, q).value)
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        key = f"practice|{ex.id}|{index}"
        pick_question(at, ex.id, index)
        at.button(key=f"{key}:show").click().run()
        assert any(f"The answer is **{engine}**" in i.value for i in at.info)
        kind, good, bad = right_and_wrong(ex, q)
        answer_with(at, ex, q, index, kind, bad)
        assert any(e.value.startswith("Not right.") for e in at.error)
        at.button(key=f"{key}:retry").click().run()
        assert at.radio(key=key).value is None
        assert not [e for e in at.error if e.value.startswith("Not right.")]
        assert not [i for i in at.info if "The answer is" in i.value]
        rows = ProgressStore(tmp_path / "p.db").attempts(state.LOCAL.key)
        # the answer shown (a miss marked shown), then checked after seeing it
        assert list(rows["revealed"]) == [True, True]
        assert list(rows["try_kind"]) == ["shown", "shown"]


def buttons(at, key):
    """The visible buttons of a question (the number keys' hidden buttons left out)."""
    return {b.key.rsplit(":", 1)[-1] for b in at.button if b.key and b.key.startswith(key + ":")
            and not re.fullmatch(r"answer_key\d+", b.key.rsplit(":", 1)[-1])}


def test_only_the_buttons_that_do_something_are_shown(tmp_path):
    ex = next(e for e in COURSE.exercises.values()
              if len(e.questions) > 1 and solvers.answer_kind(e, e.questions[0]) == "player")
    q = ex.questions[0]
    kind, good, bad = right_and_wrong(ex, q)
    key = f"practice|{ex.id}|0"
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        assert at.button_group(key=f"practice|{ex.id}:question").value == 0
        assert buttons(at, key) == {"check", "show"}
        at.button(key=f"{key}:show").click().run()
        assert buttons(at, key) == {"check", "retry"}          # still checkable, marked revealed
        at.button(key=f"{key}:retry").click().run()
        assert buttons(at, key) == {"check", "show"}
        answer_with(at, ex, q, 0, kind, bad)
        # checked: the answer stays as it was checked until Try again
        assert buttons(at, key) == {"retry", "next"}
        assert at.radio(key=key).disabled
        assert at.button_group(key=f"practice|{ex.id}:question").options[0] == "Q1 ✗"
        at.button(key=f"{key}:retry").click().run()
        assert not at.radio(key=key).disabled and at.radio(key=key).value is None
        answer_with(at, ex, q, 0, kind, good)
        assert at.button_group(key=f"practice|{ex.id}:question").options[0] == "Q1 ✓"
        at.button(key=f"{key}:next").click().run()
        assert at.button_group(key=f"practice|{ex.id}:question").value == 1
        assert buttons(at, f"practice|{ex.id}|1") == {"check", "show"}
        assert not buttons(at, key)                             # one question at a time


def test_after_the_last_question_the_next_deal_is_one_click(tmp_path):
    ex = next(e for e in COURSE.exercises.values()
              if e.game == "stud-high" and len(e.questions) > 1
              and solvers.answer_kind(e, e.questions[-1]) == "player")
    last = len(ex.questions) - 1
    kind, good, _ = right_and_wrong(ex, ex.questions[last])
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        answer_with(at, ex, ex.questions[last], last, kind, good)
        key = f"practice|{ex.id}|{last}"
        assert at.button(key=f"{key}:next").label == "Next deal →"
        at.button(key=f"{key}:next").click().run()
        assert not at.exception
        order = [e.id for e in practice_pool(ex.game)]
        assert at.session_state["practice_deal"] == order[(order.index(ex.id) + 1) % len(order)]
        assert at.subheader[0].value != ex.title


def test_checking_with_no_answer_asks_for_one(tmp_path):
    ex, index, q = first_question("opener")
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        pick_question(at, ex.id, index)
        at.button(key=f"practice|{ex.id}|{index}:check").click().run()
        assert any("Choose an answer first" in w.value for w in at.warning)
        assert ProgressStore(tmp_path / "p.db").attempts(state.LOCAL.key).empty


def disagreeing_question():
    """A stud-high question whose engine answer differs between two rule profiles, on a deal
    whose words name no profile (a deal that names one offers no picker)."""
    names = list(rules.profile_names("stud-high"))
    for ex in COURSE.exercises.values():
        if ex.game != "stud-high" or named_profile(ex):
            continue
        for n, q in enumerate(ex.questions):
            seen = {name: quiz.shown(ex, q, solvers.answer(content.with_profile(ex, name), q).value)
                    for name in names}
            if len(set(seen.values())) > 1:
                return ex, n, q, seen
    pytest.fail("no stud-high exercise where the profiles disagree")


def test_switching_the_profile_shows_the_answer_change(tmp_path):
    ex, index, q, seen = disagreeing_question()
    mine = seen[ex.rules]
    other_profile = next(p for p, v in seen.items() if v != mine)
    kind, right, _ = right_and_wrong(ex, q)
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        answer_with(at, ex, q, index, kind, right)
        assert any(s.value.startswith("Right.") for s in at.success)
        at.selectbox(key=f"practice|{ex.id}:rules").set_value(other_profile).run()
        assert not at.exception
        verdicts = [e.value for e in at.error if e.value.startswith("Not right.")]
        assert verdicts, texts(at)
        assert f"the right answer is **{seen[other_profile]}**" in verdicts[0]
        assert f"You checked this under {display_name(ex.rules)}" in verdicts[0]
        assert not at.dataframe                  # the comparison is computed only when opened
        at.session_state[f"practice|{ex.id}:compare"] = True
        at.run()
        table = at.dataframe[-1].value
        assert table.loc[display_name(ex.rules), f"Q{index + 1}"] == mine
        assert table.loc[display_name(other_profile), f"Q{index + 1}"] == seen[other_profile]
        assert f"Q{index + 1}" in texts(at).split("The profiles disagree on", 1)[1]


def test_not_yet_mastered_leaves_out_a_deal_answered_right(tmp_path):
    ex, _, _ = first_question("bring_in")
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        total = len(COURSE.exercises)
        assert len(ex.questions) > 1
        for index, q in enumerate(ex.questions):
            if index == len(ex.questions) - 1:  # all but the last right: still not mastered
                at.selectbox(key="practice_scope").set_value("Not yet mastered").run()
                assert any(f"{total} of {total} deals" in c.value for c in at.caption)
                at.selectbox(key="practice_scope").set_value("Game").run()
                at.session_state["practice_deal"] = ex.id
                at.run()
            kind, good, _ = right_and_wrong(ex, q)
            answer_with(at, ex, q, index, kind, good)
        at.selectbox(key="practice_scope").set_value("Not yet mastered").run()
        assert not at.exception
        assert any(f"{total - 1} of {total} deals" in c.value for c in at.caption)
        shown = at.subheader[0].value
        assert shown != ex.title
        # one wrong answer on the latest try puts the deal back
        at.selectbox(key="practice_scope").set_value("Game").run()
        at.session_state["practice_deal"] = ex.id
        at.run()
        kind, _, bad = right_and_wrong(ex, ex.questions[0])
        pick_question(at, ex.id, 0)
        at.button(key=f"practice|{ex.id}|0:retry").click().run()
        answer_with(at, ex, ex.questions[0], 0, kind, bad)
        at.selectbox(key="practice_scope").set_value("Not yet mastered").run()
        assert any(f"{total} of {total} deals" in c.value for c in at.caption)


def test_contributions_feedback_shows_the_hand_record_from_the_betting_engine(tmp_path):
    ex = COURSE.exercises["hpd-3-fifth-street-opener-and-amounts"]
    index, q = next((n, q) for n, q in enumerate(ex.questions) if q.ask == "contributions")
    record = solvers.hand_record(ex)
    # HPD exercise 3: check, bet 8, call, raise to 16, call, call -> 48 units in the street
    assert list(record["action"]) == ["Cara checks", "Ava bets 8", "Ben calls", "Cara raises to 16",
                                      "Ava calls", "Ben calls"]
    assert list(record["units added"]) == [0, 8, 8, 16, 8, 8]
    assert record["pot after"].iloc[-1] == 48
    with environment(tmp_path / "p.db"):
        at = open_deal(ex)
        key = f"practice|{ex.id}|{index}"
        pick_question(at, ex.id, index)
        assert not at.dataframe and "The hand record" not in texts(at)  # not before answering
        at.button(key=f"{key}:show").click().run()
        assert "The hand record" in texts(at)
        (shown,) = at.dataframe
        assert list(shown.value["action"]) == list(record["action"])
