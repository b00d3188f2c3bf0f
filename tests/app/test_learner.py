"""Learner defects under AppTest: a prompt never contradicts the rules in force, an
empty answer can be given, the takes widget offers only face-up cards, labels carry no
markdown, answers read one way, no wrap-round, and a bad deal link says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from course import content, rules
from course.asks import solvers
from course.app import labels, quiz
from tests.support.apptest import environment, open_app, pick_question, texts
from course.app.widgets import NOBODY, face_up_so_far
from course.cards import Card
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()


@pytest.fixture
def db(tmp_path):
    with environment(tmp_path / "progress.db"):
        yield tmp_path / "progress.db"


def open_deal(ex):
    at = open_app("practice", query={"deal": ex.id})
    assert not at.exception, at.exception
    assert at.session_state["practice_deal"] == ex.id, texts(at)
    assert ex.title not in [h.value for h in at.subheader]      # the title waits for a check
    return at


def deal(eid):
    return COURSE.exercises[eid]


# -- defect 1: the prompt and the rules in force -------------------------------------------

NAMING = ["bring-in-profiles-disagree", "hpd-1-bring-in-suit-tie", "bring-in-profiles-disagree-1917"]


def test_every_prompt_that_names_rules_names_the_deals_own_rules():
    """A deal's words may name only the profile it is graded under."""
    named = {}
    for ex in COURSE.exercises.values():
        names = rules.profile_names(ex.game)
        if len(names) < 2:
            continue
        for q in ex.questions:
            for profile in labels.profiles_named(quiz.prompt_of(ex, q), names):
                named[ex.id] = profile
                assert profile == ex.rules, (ex.id, quiz.prompt_of(ex, q))
    assert set(NAMING) <= set(named), named


@pytest.mark.parametrize("eid", NAMING)
def test_a_deal_that_names_its_rules_has_no_picker_and_grades_what_it_says(eid, db):
    ex = deal(eid)
    at = open_deal(ex)
    assert not [s for s in at.selectbox if s.key == f"practice|{ex.id}:rules"]
    assert f"Played under **{labels.display_name(ex.rules)}**" in texts(at)
    right = solvers.to_json(solvers.answer(ex, ex.questions[0]).value)
    at.radio(key=f"practice|{ex.id}|0").set_value(right)
    at.button(key=f"practice|{ex.id}|0:check").click().run()
    assert any(s.value.startswith("Right.") for s in at.success), texts(at)


# A door-card tie that the profiles break differently (suit order or seat), worded without naming
# any rule set: such a deal gets the picker. (Every such deal of the course names its profile.)
UNNAMED_TIE = """\
id: unnamed-door-tie
title: Two deuces showing
game: stud-high
rules: pokerstars
street: third
seats: [Ava, Ben, Cara, Drew]
hands:
  Ava:  {down: 5♦ J♣, up: 2♠}
  Ben:  {down: K♠ 3♥, up: 8♦}
  Cara: {down: 9♥ 9♣, up: 2♣}
  Drew: {down: 6♠ 10♦, up: Q♥}
questions:
  - ask: bring_in
"""


def test_the_picker_shows_only_where_the_profiles_disagree(tmp_path):
    stud = [ex for ex in COURSE.exercises.values() if ex.game == "stud-high"]
    names = rules.profile_names("stud-high")
    with environment(tmp_path / "progress.db"):
        agree = next(ex for ex in stud if not quiz.profiles_disagree(ex, names))
        at = open_deal(agree)
        assert not [s for s in at.selectbox if s.key == f"practice|{agree.id}:rules"]
    root = tmp_path / "content"
    (root / "lessons").mkdir(parents=True)
    (root / "exercises").mkdir()
    (root / "exercises" / "tie.yaml").write_text(UNNAMED_TIE, encoding="utf-8")
    differ, problems = content.parse_exercise(UNNAMED_TIE, "tie.yaml")
    assert not problems and quiz.profiles_disagree(differ, names) and not quiz.named_profile(differ)
    with environment(tmp_path / "progress2.db", content=root):
        at = open_deal(differ)
        picker = at.selectbox(key=f"practice|{differ.id}:rules")
        assert picker.value == differ.rules
        assert "The rule sets disagree on this deal" in texts(at)


# -- defect 2: an empty answer is a choice -------------------------------------------------

def test_nobody_takes_a_card_can_be_answered(db):
    ex = deal("hah-face-down-heart")
    assert solvers.to_json(solvers.answer(ex, ex.questions[0]).value)["taker"] is None
    at = open_deal(ex)
    key = f"practice|{ex.id}|0"
    taker = at.radio(key=f"{key}:taker")
    assert NOBODY in taker.options
    taker.set_value(NOBODY)
    at.button(key=f"{key}:check").click().run()
    verdict = [s.value for s in at.success]
    assert verdict and verdict[0].startswith("Right.") and "**nobody takes a card**" in verdict[0]


def test_nobody_matches_is_an_explicit_choice(db):
    ex, index = next((ex, n) for ex in COURSE.exercises.values() for n, q in enumerate(ex.questions)
                     if q.ask == "pot_matches" and solvers.answer(ex, q).value == [])
    at = open_deal(ex)
    pick_question(at, ex.id, index)
    key = f"practice|{ex.id}|{index}"
    at.button(key=f"{key}:check").click().run()
    assert any("Choose an answer first" in w.value for w in at.warning)   # empty is not an answer
    at.checkbox(key=f"{key}:nobody").check()
    at.button(key=f"{key}:check").click().run()
    assert any(s.value.startswith("Right.") for s in at.success), texts(at)


# -- defect 5: the takes widget offers face-up cards only ----------------------------------

def takes_questions():
    return [(ex, n, q) for ex in COURSE.exercises.values() for n, q in enumerate(ex.questions)
            if q.ask == "takes"]


def test_takes_widget_offers_only_cards_shown_face_up(db):
    found = takes_questions()
    assert found
    for ex, index, q in found:
        at = open_deal(ex)
        pick_question(at, ex.id, index)
        # a card face down at the end of the deal (dealt down, or taken unseen) never showed
        hidden = {c for hand in solvers.final_hand_states(ex).values() for c in hand.down}
        hidden |= {c for hand in ex.hands.values() for c in hand.down}
        offered = {}
        for seat in ex.seats:
            widget = at.button_group(key=f"practice|{ex.id}|{index}:up:{seat}")
            offered[seat] = {str(c) for c in face_up_so_far(ex, q)[seat]}
            assert len(widget.options) == len(offered[seat])
            assert not offered[seat] & {str(c) for c in hidden}, (ex.id, seat, offered[seat])
        # the engine's answer is still reachable: every card it offers is on the widget
        value = solvers.to_json(solvers.answer(ex, q).value)
        for seat, offer in (value.get("from") or {}).items():
            assert set(offer["up"]) <= offered[seat], (ex.id, seat)


# -- defect 7: labels a screen reader reads -------------------------------------------------

def test_widget_labels_carry_no_markdown(db):
    seen = 0
    for ex in list(COURSE.exercises.values())[:12] + [deal("hah-face-down-heart")]:
        at = open_deal(ex)
        for kind in ("radio", "button_group", "multiselect", "selectbox", "number_input"):
            for widget in getattr(at, kind):
                if str(widget.key or "").startswith(f"practice|{ex.id}|"):
                    seen += 1
                    assert "**" not in widget.label, (ex.id, widget.label)
    assert seen > 10


# -- defect 10: one format, no wrap-round, a bad link says so ------------------------------

def test_the_learners_answer_and_the_engines_read_the_same_way(db):
    ex, index = next((ex, n) for ex in COURSE.exercises.values() if ex.game == "stud-high"
                     for n, q in enumerate(ex.questions) if q.ask == "best_five")
    right = solvers.to_json(solvers.answer(ex, ex.questions[index]).value)
    at = open_deal(ex)
    pick_question(at, ex.id, index)
    at.button_group(key=f"practice|{ex.id}|{index}").set_value([Card.parse(c) for c in right])
    at.button(key=f"practice|{ex.id}|{index}:check").click().run()
    verdict = [s.value for s in at.success][0]
    chose, answer = verdict.split("You chose **", 1)[1].split("**; the right answer is **")
    assert chose == answer.split("**")[0] == quiz.shown(ex, ex.questions[index], right)


def test_previous_deal_on_the_first_deal_does_not_wrap(db):
    at = open_app("practice")
    assert at.button(key="practice_prev").disabled
    first = at.session_state["practice_deal"]
    at.button(key="practice_next").click().run()
    assert at.session_state["practice_deal"] != first
    assert not at.button(key="practice_prev").disabled
    at.button(key="practice_prev").click().run()
    assert at.session_state["practice_deal"] == first
    while not at.button(key="practice_next").disabled:
        at.button(key="practice_next").click().run()
    last = at.session_state["practice_deal"]
    assert "Deal **" in texts(at) and at.session_state["practice_deal"] == last


def test_a_bad_deal_link_says_the_deal_was_not_found(db):
    at = open_app("practice", query={"deal": "nope"})
    assert not at.exception
    assert any("There is no deal called `nope`" in w.value for w in at.warning), texts(at)


# -- keyboard: number keys choose, Enter checks, N goes on ---------------------------------

def test_number_keys_choose_and_the_buttons_carry_the_shortcuts(db):
    ex = deal("bring-in-profiles-disagree")
    at = open_deal(ex)
    key = f"practice|{ex.id}|0"
    keys = [b for b in at.button if str(b.key).startswith(f"{key}:answer_key")]
    assert [b.label for b in keys] == [str(n) for n in range(1, len(ex.seats) + 1)]
    assert [b.proto.shortcut for b in keys] == [str(n) for n in range(1, len(ex.seats) + 1)]
    assert at.button(key=f"{key}:check").proto.shortcut == "enter"
    at.button(key=f"{key}:answer_key3").click().run()
    assert at.radio(key=key).value == ex.seats[2]
    at.button(key=f"{key}:check").click().run()
    assert at.button(key=f"{key}:next").proto.shortcut == "n"
    # once checked, a number key changes nothing: the answer stays as it was checked
    at.button(key=f"{key}:answer_key1").click().run()
    assert at.radio(key=key).value == ex.seats[2] and at.radio(key=key).disabled
    assert at.button(key=f"{key}:retry")
    at.button(key=f"{key}:retry").click().run()
    at.button(key=f"{key}:answer_key1").click().run()          # and picks again after Try again
    assert at.radio(key=key).value == ex.seats[0]


def test_number_keys_toggle_cards_in_the_pictures_order(db):
    ex, index = next((ex, n) for ex in COURSE.exercises.values() if ex.game == "stud-high"
                     for n, q in enumerate(ex.questions) if q.ask == "best_five")
    at = open_deal(ex)
    pick_question(at, ex.id, index)
    key = f"practice|{ex.id}|{index}"
    hand = ex.hands[ex.questions[index].params["player"]]
    picture = [*hand.down[:2], *hand.up, *hand.down[2:]]
    assert at.button_group(key=key).options and len(at.button_group(key=key).options) == len(picture)
    at.button(key=f"{key}:answer_key1").click().run()
    at.button(key=f"{key}:answer_key3").click().run()
    at.button(key=f"{key}:answer_key1").click().run()
    assert at.button_group(key=key).value == [picture[2]]


# -- Progress: mastery per skill, and practise what I missed -------------------------------

def test_progress_shows_mastery_by_skill_name_and_practises_what_was_missed(db):
    from tests.support.apptest import PAGES
    from course.app import state
    from course.store import Attempt, ProgressStore

    store = ProgressStore(db)
    missed = [deal("hpd-1-bring-in-suit-tie"), deal("hah-face-down-heart")]
    right = deal("bring-in-profiles-disagree")
    for ex, correct in ((missed[0], False), (missed[1], False), (missed[0], False), (right, True)):
        q = ex.questions[0]
        store.record(Attempt(learner=state.LOCAL.key, exercise=ex.id, question=0, ask=q.ask,
                             skill=quiz.skill_of(ex, q), given="x", correct=correct,
                             game=ex.game, rules=ex.rules, revealed=False))
    at = open_app("progress")
    assert not at.exception, at.exception
    assert "Mastery per skill" in [s.value for s in at.subheader]
    import json

    import pyarrow as pa
    chart = at.get("vega_lite_chart")[0].proto     # one chart: a bar per skill, side by side
    spec = json.loads(chart.spec)
    assert spec["mark"]["type"] == "bar" and spec["encoding"]["y"]["field"] == "skill"
    table = pa.ipc.open_stream(chart.datasets[0].data.data).read_pandas()
    skills = {quiz.skill_of(ex, q) for ex in COURSE.exercises.values() for q in ex.questions}
    assert sorted(table["skill"]) == sorted({labels.display_name(s) for s in skills})
    mastery = dict(zip(table["skill"], table["mastered"]))
    shown_skill = labels.display_name(quiz.skill_of(right, right.questions[0]))
    out_of = sum(labels.display_name(quiz.skill_of(ex, q)) == shown_skill
                 for ex in COURSE.exercises.values() for q in ex.questions)
    assert mastery[shown_skill] == round(100 / out_of)      # the one right answer, of them all
    assert all(v == 0 for k, v in mastery.items() if k != shown_skill)
    table = next(d.value for d in at.table if "title" in d.value.columns)   # most missed
    assert list(table["title"]) == [missed[0].title, missed[1].title]
    assert list(table["question"]) == [1, 1]
    at.button(key="progress_practise_missed").click().run()
    assert not at.exception, at.exception
    at.switch_page(PAGES["practice"]).run()   # AppTest stays on the page it was told to run
    assert at.session_state["practice_scope"] == "Missed most"
    assert at.session_state["practice_deal"] == missed[0].id      # the most missed deal first
    at.button(key="practice_next").click().run()
    assert at.session_state["practice_deal"] == missed[1].id
    assert at.button(key="practice_next").disabled       # only the missed deals
