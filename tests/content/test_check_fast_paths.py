"""The faster paths `course check` takes give what the slower ones gave."""

from __future__ import annotations

import pytest
import yaml

from course.content import exercises
from course.engine import irregularities


def test_known_mistakes_read_with_libyaml_match_the_pure_python_read():
    path = exercises.Path(exercises.__file__).resolve().parents[1] / "study" / "misconceptions.yaml"
    slow = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = exercises._known_mistakes()
    assert len(found) == len(slow) > 50
    for entry in slow:
        kept = found[str(entry["id"])]
        assert kept.games == tuple(entry.get("games", ())) and kept.asks == tuple(entry.get("asks", ()))


def test_irregularity_rules_read_with_libyaml_match_the_pure_python_read():
    slow = yaml.safe_load(irregularities.RULES_FILE.read_text(encoding="utf-8"))
    assert irregularities.repairs() == slow["repairs"]
    assert irregularities.games() == tuple(slow["games"]) and irregularities.games()


def test_card_texts_read_from_the_checkers_table_are_the_cards_card_parse_reads():
    from course.cards import Card, CardError
    from course.content import checker
    from course.content.nodes import tree

    spellings = ["A♠", "As", "AS", "10♥", "Th", "th", " Kd", "K♦\ufe0f", "Q♣ ", "2c"]
    bad = ["1s", "Ax", "", "10"]
    for _ in range(2):          # the second time from the table
        ck = checker._Checker("f.yaml")
        assert ck.cards(tree(spellings), "cards") == [Card.parse(t) for t in spellings]
        for text in bad:
            assert ck.cards(tree([text]), "cards") is None
            assert text not in checker._CARD_TEXTS
        assert len(ck.problems) == len(bad)
        for text in bad:
            try:
                Card.parse(text)
            except CardError:
                continue
            raise AssertionError(f"{text!r} reads as a card")
    assert all(checker._CARD_TEXTS[t] is Card.parse(t) for t in spellings)


def test_answering_every_question_of_the_course_leaves_no_garbage_for_the_cyclic_collector():
    """`course check` answers with the cyclic collector paused: that holds only while answering
    makes no reference cycles (a kept replay holds its exercise weakly), which this checks."""
    import gc
    from pathlib import Path

    from course import cli, content

    root = Path(__file__).resolve().parents[2]
    course = content.load_course(root)
    gc.collect()
    with cli.gc_paused():
        problems = cli.course_problems(course, root)
        assert gc.collect() == 0
    assert not problems


def _same_as_composed(ours, theirs, constructor, where: str) -> None:
    """Our node and PyYAML's composed node agree: kind, tag, position, text and value."""
    assert (ours.line, ours.column, ours.tag) == (theirs.start_mark.line + 1, theirs.start_mark.column + 1,
                                                  theirs.tag), where
    if isinstance(theirs, yaml.MappingNode):
        assert ours.kind == "map" and len(ours.value) == len(theirs.value), where
        for (key, value), (name, item) in zip(theirs.value, ours.value.items()):
            _same_as_composed(ours.keys[name], key, constructor, where)
            _same_as_composed(item, value, constructor, f"{where}.{name}")
    elif isinstance(theirs, yaml.SequenceNode):
        assert ours.kind == "seq" and len(ours.value) == len(theirs.value), where
        for n, (item, value) in enumerate(zip(ours.value, theirs.value)):
            _same_as_composed(item, value, constructor, f"{where}[{n}]")
    else:
        assert ours.kind == "scalar" and ours.text == theirs.value and ours.plain == (not theirs.style), where
        assert ours.value == constructor.construct_object(theirs, deep=True), where


def test_every_course_file_read_with_positions_is_the_tree_pyyaml_composes():
    """The reader's own composer (its quick path for texts and keys above all) gives, for every
    lesson and exercise file, the nodes PyYAML's composer gives, with the values its safe
    constructor reads, each at the same line and column."""
    from pathlib import Path

    from course.content import nodes

    root = Path(__file__).resolve().parents[2]
    files = sorted([*(root / "lessons").rglob("*.yaml"), *(root / "exercises").rglob("*.yaml")])
    assert len(files) > 100
    for path in files:
        text = path.read_text(encoding="utf-8")
        for parser in nodes.PARSERS:
            with nodes.using_parser(parser):
                ours, problems = nodes.parse_yaml(text, path.name)
            assert not problems, path
            theirs = yaml.compose(text, Loader=nodes.PARSERS[parser])
            _same_as_composed(ours, theirs, yaml.constructor.SafeConstructor(), f"{path.name}")


def test_a_pot_found_able_to_arise_without_the_set_of_pots_is_one_of_that_set():
    """`pot_problem` asks `_can_arise` before it makes the set of possible pots (`possible_pots`);
    over every exercise of the course with a pot, for every pot up to the limit, the two agree."""
    import dataclasses
    from pathlib import Path

    from course import content
    from course.content import pots

    course = content.load_course(Path(__file__).resolve().parents[2])
    checked = 0
    for exercise in course.exercises.values():
        if exercise.pot is None or exercise.profile.has("round_limits") or \
                not any(hand.cards for hand in exercise.hands.values()):
            continue
        limit = exercise.pot + 4 * max(exercise.stakes.big_bet, 1) * max(len(exercise.seats), 1)
        possible = pots.possible_pots(exercise, limit)
        for pot in range(limit + 3):
            assert pots._can_arise(exercise, pot, limit) == (pot in possible), (exercise.id, pot)
        wrong = dataclasses.replace(exercise, pot=max(possible) + 1)
        assert pots.pot_problem(wrong) is not None
        checked += 1
    assert checked > 50


def test_the_opener_words_each_row_as_evaluating_that_row_again_would():
    """`turn.opener` words the rows showing from the values it compared them by, instead of
    evaluating each row a second time: over many random deals the words are the same."""
    import random

    from course import rules
    from course.cards import DECK
    from course.engine import turn
    from course.hands import evaluate

    rng = random.Random(7)
    seats = ["Ava", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hal"]
    profiles = [rules.load_profile(name) for name in rules.profile_names("stud-high")]
    for _ in range(400):
        players = seats[:rng.randint(2, 8)]
        size = rng.randint(1, 4)
        cards = rng.sample(DECK, size * len(players))
        rows = {p: cards[n * size:(n + 1) * size] for n, p in enumerate(players)}
        answer = turn.opener(players, rows, rng.choice(profiles), street="fifth")
        showing = next(step.text for step in answer.steps if step.text.startswith("Showing: "))
        expected = "Showing: " + "; ".join(
            f"{p} {' '.join(str(c) for c in rows[p])}, {evaluate(rows[p]).words.split(' (a short hand')[0]}"
            for p in players) + "."
        assert showing == expected


def test_who_acts_first_on_a_later_street_is_the_openers_answer_on_the_same_rows():
    """`turn.first_to_act` hands the rows it has checked straight to the opener's decision; over
    many random deals (folds, a shared card, every profile) it answers as `turn.opener` does on
    the same rows, in the same words, and refuses what it refuses with the same message."""
    import random

    from course import rules
    from course.cards import DECK
    from course.engine import turn

    rng = random.Random(11)
    seats = ["Ava", "Ben", "Cara", "Dev", "Eli", "Fay", "Gus", "Hal"]
    profiles = [rules.load_profile(name) for name in rules.profile_names("stud-high")]
    compared = 0
    for _ in range(400):
        players = seats[:rng.randint(2, 7)]
        street = rng.choice(["fourth", "fifth", "sixth", "seventh"])
        ups = {"fourth": 2, "fifth": 3, "sixth": 4, "seventh": 4}[street]
        cards = rng.sample(DECK, 3 * len(players) + ups * len(players) + 1)
        hands = {p: (cards[3 * n:3 * n + 2], cards[3 * len(players) + ups * n:3 * len(players) + ups * (n + 1)])
                 for n, p in enumerate(players)}
        folded = [p for p in players if rng.random() < 0.25]
        shared = [cards[-1]] if street == "seventh" and rng.random() < 0.3 else []
        profile = rng.choice(profiles)
        for words in (True, False):
            try:
                expected = turn.opener(players, {p: hands[p][1] for p in players}, profile, folded=set(folded),
                                       street=street, shared=shared, words=words)
            except ValueError as exc:
                with pytest.raises(ValueError) as found:
                    turn.first_to_act(street, players, hands, profile, folded, shared, words=words)
                # the message lists the folded players as a set gives them: in either order
                assert str(found.value).split(", folded")[0] == str(exc).split(", folded")[0]
                continue
            answer = turn.first_to_act(street, players, hands, profile, folded, shared, words=words)
            assert answer.value == expected.value
            assert [(s.text, s.cite) for s in answer.steps] == [(s.text, s.cite) for s in expected.steps]
            compared += 1
    assert compared > 500


def test_a_course_check_runs_no_cyclic_collection_between_its_load_and_its_answers(monkeypatch):
    """`course check` keeps the collector paused from the load to the last answer and freezes the
    course in between: were the collector switched on after the load, its first collection would
    walk every object the load made. The answers are those of a check with the collector on."""
    import gc
    from pathlib import Path

    from course import cli

    root = Path(__file__).resolve().parents[2]
    events = []
    answer = cli.course_problems

    def answering(*args, **kwargs):
        events.append("answering")
        return answer(*args, **kwargs)

    def collected(phase: str, info: dict) -> None:
        if phase == "start":
            events.append(f"collection of generation {info['generation']}")

    monkeypatch.setattr(cli, "course_problems", answering)
    gc.collect()
    gc.callbacks.append(collected)
    try:
        course, problems = cli.check([], root)
    finally:
        gc.callbacks.remove(collected)
        gc.unfreeze()
    assert events[0] == "answering" and gc.isenabled()
    plain = answer(cli.content.load_course(root), root)
    assert not problems and len(course.exercises) > 100
    assert [(p.file, p.line, p.column, p.message) for p in problems] == \
        [(p.file, p.line, p.column, p.message) for p in plain]


# Numbers, yes/no and nulls as a course file may write them, and their neighbours that the
# reader's quick reading must leave to PyYAML's constructor (signs, octal, base 60, tags, ...).
_SCALARS = ["0", "7", "20", "1000000", "00", "007", "08", "0x1F", "0b101", "0o17", "1_000", "-5", "+5",
            "1:30", "190:20:30", "1.5", "1e3", ".inf", "yes", "No", "TRUE", "off", "On", "y", "n", "~",
            "null", "Null", "", "2001-02-03", "2001-02-30", "12345678901234567890", "9" * 100, "9" * 101,
            "'20'", '"yes"', "!!int '20'", "!!int '007'", "!!bool 'yes'", "!!bool 'maybe'", "!!null 'x'",
            "!!int '\u0663'", "!!str 20", "!!float 3"]


def test_numbers_and_yes_no_read_quickly_are_what_pyyaml_constructs():
    """`nodes._plain_reading` reads a plain number, yes/no or null itself instead of asking
    PyYAML's constructor: for every spelling above, as a mapping's value and as a list's item,
    with either parser, the tree (values and their types) and the problems are those of the
    constructor's reading."""
    from course.content import nodes

    def read(text: str) -> tuple:
        root, problems = nodes.parse_yaml(text, "f.yaml")
        items = [] if root is None else [root.value["value"], *root.value["list"].value]
        items += [item for node in items if node.kind == "seq" for item in node.value]
        return [(type(n.value), n.plain_value(), n.line, n.column, n.tag) for n in items], problems

    checked = 0
    for spelling in _SCALARS:
        text = f"value: {spelling}\nlist:\n  - {spelling}\n  - [{spelling}]\n"
        for parser in nodes.PARSERS:
            with nodes.using_parser(parser):
                quick = read(text)
                plain_reading, nodes._plain_reading = nodes._plain_reading, lambda tag, text: nodes._UNREAD
                try:
                    constructed = read(text)
                finally:
                    nodes._plain_reading = plain_reading
            assert quick == constructed, (spelling, parser)
            checked += bool(quick[0])
    assert checked > 2 * 40
