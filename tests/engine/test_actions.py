"""The one move grammar: stud actions and home-game events parse and print both ways."""

from __future__ import annotations

import pytest

from course.engine.betting import Action
from course.moves import MOVE_SHAPES, parse_move
from course.errors import ActionFormatError

MOVES = {
    "deal": "Ava is dealt 8♦ up", "spit": "spit 8♠", "shared": "shared 10♠", "ante": "Ava antes 1",
    "match": "Ava matches 20", "fold": "Ava folds", "check": "Ava checks", "call": "Ava calls",
    "bet": "Ava bets 8", "raise": "Ava raises to 16", "bring_in": "Ava brings in 2",
    "complete": "Ava completes to 4", "take": "Ava takes a hole card from Ben (7♣)", "give": "Ava gives back 4♦",
    "showdown": "showdown", "muck": "Ava mucks",
}


def test_every_kind_of_move_has_an_example():
    assert set(MOVES) == set(MOVE_SHAPES)


@pytest.mark.parametrize("kind", sorted(MOVES))
def test_a_move_prints_in_the_spelling_it_parses_from(kind):
    move = parse_move(MOVES[kind])
    assert move.kind == kind and str(move) == MOVES[kind]
    again = parse_move(str(move))
    assert (again.kind, again.player, again.card, again.up, again.amount, again.other) == \
        (move.kind, move.player, move.card, move.up, move.amount, move.other)


@pytest.mark.parametrize("kind", ["ante", "fold", "check", "call", "bet", "raise", "bring_in", "complete"])
def test_a_stud_action_is_the_same_move(kind):
    action = Action.parse(MOVES[kind])
    assert str(action) == MOVES[kind] == str(parse_move(str(action)))


def test_the_stud_grammar_refuses_home_game_moves_by_name():
    with pytest.raises(ActionFormatError) as err:
        Action.parse("Ava takes 9♠ from Ben")
    assert "take events do not happen" in str(err.value)
    with pytest.raises(ActionFormatError, match="is not an action"):
        Action.parse("Ava jumps")


def test_every_course_exercise_has_its_moves_parsed_and_printable():
    """The typed model: Exercise.moves are parsed moves of the exercise's game, and each prints
    to a text that parses to the same move."""
    from course.content import load_course
    from course.games import GAMES

    course = load_course()
    counted = 0
    for exercise in course.exercises.values():
        spec = GAMES[exercise.game]
        moves = exercise.moves
        assert len(moves) == len(exercise.actions if spec.moves == "actions" and not exercise.whole_hand
                                 else exercise.events)
        for move in moves:
            again = parse_move(str(move), exercise.move_kinds, spec.title)
            assert (again.kind, again.player, again.card, again.up, again.amount, again.other) == \
                (move.kind, move.player, move.card, move.up, move.amount, move.other)
            counted += 1
    assert counted > 100


def test_a_stud_action_is_written_in_the_one_grammars_words_and_reads_back():
    """`Action.__str__` writes a stud action without building a `Move`: for every betting verb,
    with and without an amount, it gives the text `Move` gives, and that text parses back to the
    same action where the grammar gives the verb an amount."""
    from course.engine.betting import Action, Verb
    from course.moves import BETTING_VERBS, Move

    kind_of = {words: kind for kind, (words, _) in BETTING_VERBS.items()}
    for verb in Verb:
        takes_amount = BETTING_VERBS[kind_of[verb.value]][1] is not None
        for amount in (None, 4, 16):
            action = Action("Ben", verb, amount)
            assert str(action) == str(Move(kind_of[verb.value], "Ben", amount=amount))
            if amount is None or takes_amount:
                assert Action.parse(str(action)) == action
