"""The table as it stands when a question is asked, under AppTest.

Each question's picture is the one hand state at that question's point (`HandState.at`): the
cards dealt and moved so far, folded rows marked, the pot; the moves listed stop there. The
deals are the course's own, so a change to the engine, the exercise or the drawing that puts
the wrong table on screen fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

from course.app import cards_view, quiz
from tests.support.apptest import environment, open_app, pick_question
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
WHOLE = "whole-hand-third-to-showdown"
TAKE = "opr-678-taking-a-card"          # Ava takes Ben's face-up 9♠ on fifth street
DOOR = "hah-door-card-heart"            # Ava's door-card heart takes Cara's K♣; Cara folds later


def tables(at) -> list[str]:
    """Every card picture on the page (the markdown holding an `ssr-table`)."""
    return [m.value for m in at.markdown if 'class="ssr-table' in m.value]


def the_table(at) -> str:
    (html,) = tables(at)
    return html


def seat_row(html: str, seat: str) -> tuple[str, str]:
    """(the seat's aria label, the HTML of its row)."""
    found = re.search(r'aria-label="(Seat \d+: ' + re.escape(seat) + r'[^"]*)">(.*?)</div></div>', html)
    assert found, (seat, html)
    return found.group(1), found.group(2)


def seat_cards(html: str, seat: str) -> list[str]:
    """The card labels drawn in one seat's row ("nine of spades", "king of clubs, face down")."""
    return re.findall(r'class="ssr-card[^"]*" role="img" aria-label="([^"]+)"', seat_row(html, seat)[1])


def page_words(at) -> str:
    """Every markdown text on the page but the pictures (the move lines, the expander's log,
    opened: its moves are sent only while it is open)."""
    closed = [e.proto.id.split("-", 2)[-1] for e in at.expander
              if e.label.startswith("Every move so far") and not e.children]
    for key in closed:
        at.session_state[key] = True
    if closed:
        at.run()
    # the table's markdown carries the line on where it stands and the moves since the last card
    return "\n".join(part for m in at.markdown for part in m.value.split("\n\n")
                     if 'class="ssr-table' not in part)


def practice(exercise_id: str, index: int):
    at = open_app("practice", query={"deal": exercise_id})
    assert not at.exception, at.exception
    pick_question(at, exercise_id, index)
    assert not at.exception, at.exception
    return at


def index_of(exercise_id: str, ask: str, **params) -> int:
    questions = COURSE.exercises[exercise_id].questions
    return next(n for n, q in enumerate(questions)
                if q.ask == ask and all(q.params.get(k) == v for k, v in params.items()))


# --- Have a Heart: a take moves a card from one row to the other -----------------------------

def test_a_question_after_a_take_shows_the_taken_card_in_the_takers_row_only(tmp_path):
    after = index_of(TAKE, "category", player="Ava")     # asked after every event, the take included
    before = index_of(TAKE, "takes")                     # asked as the 4♥ lands (after: 2)
    with environment(tmp_path / "p.db"):
        html = the_table(practice(TAKE, after))
        assert "nine of spades" in seat_cards(html, "Ava")
        assert "nine of spades" not in seat_cards(html, "Ben")
        assert "four of hearts" in seat_cards(html, "Ava")
        at = practice(TAKE, before)
        html = the_table(at)
        assert "nine of spades" in seat_cards(html, "Ben")
        assert "nine of spades" not in seat_cards(html, "Ava")
        # the move log stops at the question's point: the take itself is not listed
        assert "takes 9♠" not in page_words(at) and "Ava is dealt :red[4♥] up" in page_words(at)


def test_a_hole_card_taken_unseen_moves_and_a_folded_player_is_marked(tmp_path):
    takes = index_of(DOOR, "takes")           # after: 10, as Ava's 9♥ lands
    opener = index_of(DOOR, "opener")         # as the third-street betting begins
    pot = index_of(DOOR, "pot")               # after the betting, in which Cara folds
    with environment(tmp_path / "p.db"):
        html = the_table(practice(DOOR, takes))
        assert "king of clubs, face down" in seat_cards(html, "Cara")
        assert "king of clubs, face down" not in seat_cards(html, "Ava")
        assert seat_row(html, "Cara")[0] == "Seat 3: Cara"
        assert "five of spades" not in html                # Ben's card comes after this point
        html = the_table(practice(DOOR, opener))
        assert "king of clubs, face down" in seat_cards(html, "Ava")
        assert "king of clubs, face down" not in seat_cards(html, "Cara")
        assert "five of spades" in seat_cards(html, "Ben") and "ssr-folded" not in html
        at = practice(DOOR, pot)
        html = the_table(at)
        label, _ = seat_row(html, "Cara")
        assert label == "Seat 3: Cara, folded"
        cara = html[:html.index('aria-label="Seat 3: Cara')].rsplit("<div", 1)[-1]
        assert "ssr-folded" in cara and html.count("ssr-folded") == 1
        # the question asks for the pot, so the picture does not state it
        assert "Pot: ?" in html and "Pot: 11" not in html and "the question asks what it comes to" in html
        assert "Cara folds" in page_words(at)
        # the facts line says where the table stands at the question, as the table names it:
        # still third street here (the betting is over, fourth street's cards not yet dealt)
        assert "At: **third street**" in html and "Starts on" not in html


def test_the_facts_line_names_the_stage_the_question_finds_the_table_at(tmp_path):
    # hav-bet-the-exact-half is written from stage 1's cards (street: third) and its events
    # deal stage 2; its first question comes after those cards and Ava's match, before any bet
    # of round 2. The line said "Starts at: stage 1 (betting round 1)" above an intro about
    # stage 2; it now says where the table is.
    exact = "hav-bet-the-exact-half"
    with environment(tmp_path / "p.db"):
        html = the_table(practice(exact, index_of(exact, "legal_action")))
        assert "At: **stage 2, in betting round 2**" in html
        assert "stage 1" not in html


def test_a_holding_question_does_not_draw_the_holding_it_asks_for(tmp_path):
    index = index_of(TAKE, "holding", player="Ava")
    with environment(tmp_path / "p.db"):
        html = the_table(practice(TAKE, index))
        assert seat_cards(html, "Ava") == [] and "the question asks what they are" in html
        assert "nine of spades" not in seat_cards(html, "Ben")     # the other rows as they stand


def test_who_must_match_is_drawn_as_the_spit_card_lands(tmp_path):
    spit = "hav-spit-card-order"          # the spit 7♥; then Ben matches and Ava folds
    matches, pot = index_of(spit, "pot_matches"), index_of(spit, "pot")
    with environment(tmp_path / "p.db"):
        at = practice(spit, matches)
        html = the_table(at)
        shared = html[html.index("ssr-shared"):]
        assert 'aria-label="Spit card"' in shared and "seven of hearts" in shared
        assert "ssr-folded" not in html and "Pot: 30" in html       # the pot each match pays
        assert "Ben matches" not in page_words(at)
        html = the_table(practice(spit, pot))
        assert seat_row(html, "Ava")[0] == "Seat 1: Ava, folded" and "Pot: ?" in html


# --- a whole Stud High hand: each street's question on its own table --------------------------

def test_a_whole_hand_question_on_fifth_street_shows_five_cards_per_player(tmp_path):
    fifth = index_of(WHOLE, "street_total", street="fifth")
    third = index_of(WHOLE, "bring_in", street="third")
    seventh = index_of(WHOLE, "opener", street="seventh")
    ex = COURSE.exercises[WHOLE]
    with environment(tmp_path / "p.db"):
        at = practice(WHOLE, fifth)
        html = the_table(at)
        for seat in ex.seats:
            assert len(seat_cards(html, seat)) == 5, seat
        assert "ssr-folded" not in html
        words = page_words(at)
        assert "Street: **fifth**" in html                            # the facts line says where
        assert "Cara bets 8" in words and "5♣" not in words          # sixth street is not dealt yet
        html = the_table(practice(WHOLE, third))
        for seat in ex.seats:
            assert len(seat_cards(html, seat)) == 3, seat
        html = the_table(practice(WHOLE, seventh))
        assert len(seat_cards(html, "Ben")) == len(seat_cards(html, "Cara")) == 7
        assert seat_row(html, "Ava")[0] == "Seat 1: Ava, folded" and len(seat_cards(html, "Ava")) == 6


def test_who_brings_in_is_drawn_before_the_bring_in(tmp_path):
    third = index_of(WHOLE, "bring_in", street="third")
    with environment(tmp_path / "p.db"):
        at = practice(WHOLE, third)
        assert "brings in" not in page_words(at)
        assert "Pot: 3" in the_table(at)                  # the three antes, nothing more


def test_a_lesson_try_it_now_draws_the_chosen_questions_table(tmp_path):
    lesson = next(l for l in COURSE.lessons.values() if TAKE in l.exercises)
    after = index_of(TAKE, "category", player="Ava")
    with environment(tmp_path / "p.db"):
        at = open_app("lesson", query={"id": lesson.id})
        at.session_state[f"lesson|{lesson.id}|try|{TAKE}"] = True      # the "Try it now" box opened
        at.run()
        assert not at.exception, at.exception
        # the exercise is one section's try-it, drawn among the lesson's others: its table is the
        # one where Ben holds the 9♠ at Q1, as the 4♥ lands
        drawn = tables(at)
        mine = [n for n, html in enumerate(drawn) if "nine of spades" in seat_cards(html, "Ben")]
        assert len(mine) == 1, mine
        pick_question(at, TAKE, after, prefix="lesson")
        assert not at.exception, at.exception
        assert len(tables(at)) == len(drawn)
        html = tables(at)[mine[0]]           # the same try-it, now at the question picked
        assert "nine of spades" in seat_cards(html, "Ava") and "nine of spades" not in seat_cards(html, "Ben")


def test_the_author_preview_draws_each_question_at_its_own_point(tmp_path):
    ex = COURSE.exercises[WHOLE]
    with environment(tmp_path / "p.db"):
        at = open_app("author", query={"file": f"exercises/stud-high/{WHOLE}.yaml"})
        assert not at.exception, at.exception
        drawn = tables(at)
        assert len(drawn) == len(ex.questions)
        counts = [sum(len(seat_cards(html, seat)) for seat in ex.seats) for html in drawn]
        fifth = index_of(WHOLE, "street_total", street="fifth")
        assert counts[index_of(WHOLE, "bring_in", street="third")] == 9
        assert counts[fifth] == 15
        assert counts[index_of(WHOLE, "winners")] == 6 + 7 + 7


def test_review_draws_its_question_at_the_questions_point(tmp_path):
    ex = COURSE.exercises[TAKE]
    after = index_of(TAKE, "category", player="Ava")
    with environment(tmp_path / "p.db"):
        at = open_app("review")
        assert not at.exception, at.exception
        # a session of this deal alone: item n asks question n (as Review picks them)
        at.session_state["review:items"] = [(f"exercise/{TAKE}", TAKE)] * len(ex.questions)
        at.session_state["review:at"] = after
        at.run()
        assert not at.exception, at.exception
        html = the_table(at)
        assert "nine of spades" in seat_cards(html, "Ava")
        assert "nine of spades" not in seat_cards(html, "Ben")


# --- the same, without the app: the picture is the hand state's -----------------------------

def test_every_question_of_the_course_has_a_table_at_its_point():
    for ex in COURSE.exercises.values():
        for q in ex.questions:
            at = quiz.question_table(ex, q)
            assert at.stopped is None, (ex.id, at.stopped)
            assert len(at.moves) <= len(ex.moves), ex.id
            html = cards_view.table_html(ex, at)
            assert html.count('class="ssr-seat') == len(ex.seats), ex.id


def test_a_stud_street_fold_in_its_actions_greys_the_row_from_that_point():
    ex = COURSE.exercises["deal-five-actions"]       # Cara folds with the last action
    early = next(q for q in ex.questions if q.params.get("after") == 2)
    late = next(q for q in ex.questions if q.ask == "contributions")
    assert not quiz.question_table(ex, early).hands["Cara"].folded
    assert quiz.question_table(ex, early).moves == tuple(ex.actions[:2])
    assert quiz.question_table(ex, late).hands["Cara"].folded
    assert "ssr-folded" in cards_view.table_html(ex, quiz.question_table(ex, late))


def test_moves_these_rules_refuse_stop_the_picture_just_before_and_say_why():
    import dataclasses

    ex = COURSE.exercises["deal-five-actions"]
    refused = dataclasses.replace(ex, actions=["Ava checks", "Ben bets 4", "Cara raises to 99"])
    at = quiz.question_table(refused, refused.questions[-1])      # asked after every action
    assert at.moves == ("Ava checks", "Ben bets 4") and at.pot == 4
    assert at.stopped.startswith("The moves stop at move 3: 'Cara raises to 99'")


def test_a_deal_without_moves_has_no_empty_where_line(tmp_path):
    """A showdown deal with no moves says nothing about where the table stands (it once said
    "Q1: ."); a deal with moves says after how many."""
    with environment(tmp_path / "p.db"):
        at = practice("hilo-odd-unit-to-high", 0)
        # the line is set as a caption inside the table's own markdown
        captions = [c.value for c in at.caption] + [m.value for m in at.markdown]
        assert not any(re.search(r"Q\d+: ?\.?<", c) for c in captions), captions
        assert not any("the table as the question finds it" in c for c in captions), captions
        at = practice(WHOLE, 1)
        assert any(re.search(r">Q2: the table as the question finds it, after \d+ of the \d+ moves\.<", m)
                   for m in (m.value for m in at.markdown)), [m.value for m in at.markdown]


def test_how_the_table_is_drawn_is_read_from_the_asks_registration(monkeypatch):
    """A new ask declares where its table is drawn and what it hides (`Ask.drawn_at`, `hides`,
    `whole_hand`): the app reads the registration, so changing it changes the picture."""
    import dataclasses

    from course import asks

    ex = COURSE.exercises[WHOLE]
    question = ex.questions[index_of(WHOLE, "bring_in", street="third")]
    registered = asks.find_ask(ex.game, "bring_in")
    assert registered.drawn_at == "first_to_act"
    early = quiz.question_table(ex, question)
    monkeypatch.setitem(asks._ASKS["stud"], "bring_in", dataclasses.replace(registered, drawn_at="point"))
    late = quiz.question_table(ex, question)
    assert len(early.moves) < len(late.moves)                  # drawn at the point: the bring-in shown
    assert any("brings in" in str(m) for m in late.moves[len(early.moves):])
    spit = COURSE.exercises["hav-spit-card-order"]
    pot = asks.find_ask(spit.game, "pot")
    assert pot.hides == "pot"
    monkeypatch.setitem(asks._ASKS[spit.game], "pot", dataclasses.replace(pot, hides=None))
    assert quiz.ask_of(spit, spit.questions[index_of("hav-spit-card-order", "pot")]).hides is None


def test_a_player_with_a_stack_shows_the_chips_left_at_the_questions_point():
    """Stacks are drawn as the table stands: 'all in' once a player's chips are all in the pot,
    the chips left before; a player with no stack given shows none."""
    ex = COURSE.exercises["allin-three-side-pots"]
    import dataclasses

    start = cards_view.table_at(ex, dataclasses.replace(ex.questions[0], params={"after": 0}))
    assert {p: v.chips for p, v in start.hands.items()} == {**{p: None for p in ex.seats}, **ex.stacks}
    at = cards_view.table_at(ex, ex.questions[0])
    assert {p for p, v in at.hands.items() if v.chips == 0} == set(ex.stacks)
    html = cards_view.table_html(ex, at)
    label, row = seat_row(html, "Ava")
    assert label.endswith(", all in"), label
    assert "Drew, all in" not in html and "Drew, " not in seat_row(html, "Drew")[0]
    assert "3 left" in cards_view.table_html(ex, start) and "Seat 1: Ava, 3 chips left" in cards_view.table_html(ex, start)


SHORT_MATCH = "hav-short-match-side-pot"   # Ben matches the pot all in: a main pot and a side pot


def test_side_pots_are_listed_under_the_table_from_the_engine():
    from course.engine.state import HandState

    exercise = COURSE.exercises[SHORT_MATCH]
    at = practice(SHORT_MATCH, index_of(SHORT_MATCH, "award"))
    html = the_table(at)
    pots = HandState.replay(exercise).side_pots().value
    assert len(pots) > 1
    listed = re.findall(r'<li class="ssr-side-pot">([^<]+) <span class="ssr-pot-players">for ([^<]+)</span>', html)
    assert listed == [(f"{name}: {pot.amount}", ", ".join(pot.players))
                      for name, pot in zip(cards_view.pot_names(len(pots)), pots)]
    assert listed[0][0].startswith("Main pot")


def test_side_pots_are_not_listed_when_the_question_asks_for_them():
    at = practice(SHORT_MATCH, index_of(SHORT_MATCH, "side_pots"))
    assert "ssr-side-pot" not in the_table(at)
