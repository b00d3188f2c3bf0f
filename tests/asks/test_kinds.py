"""Answer kinds in one place (`course/asks/kinds.py`): each kind reads, compares, writes, words
and diffs its answers, and names its widget; an ask is one registration with a kind."""

from __future__ import annotations

import ast
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from course import content
from course.asks import solvers
from course.app import quiz, widgets
from course.asks import _ASKS, KINDS, Ask, Kind, register
from course.asks.kinds import plain
from course.cards import Card
from course.engine.showdown import Pot
from course.cli import main as cli_main
from course.explain import Answer, Step
from course.study import misconceptions
from tests.support.apptest import environment, fill_widget, open_app

ROOT = Path(__file__).resolve().parents[2]
DEAL = """\
id: last-seat
title: Who sits last
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
"""


def test_every_kind_names_a_widget_that_exists():
    assert set(KINDS) == {"player", "order", "players", "yesno", "map", "units", "category", "cards",
                          "holding", "takes", "matches", "halves", "pots"}
    for kind in KINDS.values():
        assert kind.widget in widgets.WIDGETS, kind.name


@pytest.mark.parametrize("kind, given, expected, same", [
    ("player", " Ben ", "Ben", True), ("player", ["Ben"], "Ben", False),
    ("order", "Ben, Cara", ["Ben", "Cara"], True), ("order", ["Cara", "Ben"], ["Ben", "Cara"], False),
    ("players", ["Cara", "Ben"], ("Ben", "Cara"), True), ("players", ["Ben", "Ben"], ["Ben"], False),
    ("yesno", "yes", True, True), ("yesno", "maybe", False, False),
    ("map", {"Ava": 3, "Ben": 0}, {"Ava": 3}, True), ("map", {"Ava": "x"}, {"Ava": 3}, False),
    ("units", 4.0, 4, True), ("units", True, 1, False),
    ("pots", [{"amount": 9, "players": ["Ben", "Ava"]}, {"amount": 4, "players": ["Ben"]}],
     [Pot(9, ("Ava", "Ben"), 3), Pot(4, ("Ben",), 5)], True),
    ("pots", [{"amount": 4, "players": ["Ben"]}, {"amount": 9, "players": ["Ava", "Ben"]}],
     [Pot(9, ("Ava", "Ben"), 3), Pot(4, ("Ben",), 5)], False),
    ("category", "Two-Pair", "two pair", True), ("category", 5, "two pair", False),
    ("cards", "Q♦ K♣", [Card.parse("K♣"), Card.parse("Q♦")], True), ("cards", "K♣", ["K♣", "Q♦"], False),
    ("holding", {"up": ["2♥"], "down": []}, {"up": [Card.parse("2♥")], "down": []}, True),
    ("holding", {"up": ["2♥"], "side": []}, {"up": [Card.parse("2♥")], "down": []}, False),
    ("takes", {"taker": None, "from": {}}, {"taker": None, "from": {}}, True),
    ("takes", {"taker": "Ava", "from": {"Ben": {"up": ["2♣"], "down": 1}}},
     {"taker": "Ava", "from": {"Ben": {"up": [Card.parse("2♣")], "down": 2}}}, False),
    ("matches", [{"Ava": 2}, {"Ben": 4}], [{"Ava": 2}, {"Ben": 4}], True),
    ("matches", [{"Ben": 4}, {"Ava": 2}], [{"Ava": 2}, {"Ben": 4}], False),
])
def test_each_kind_compares_its_answers_in_any_shape_they_arrive(kind, given, expected, same):
    assert KINDS[kind].same(given, expected) is same


def test_the_learner_and_the_author_read_each_kind_in_its_own_words():
    words = {name: kind.words for name, kind in KINDS.items()}
    assert words["yesno"](True) == "yes" and words["player"](None) == "(no answer)"
    assert words["map"]({"Ava": 3, "Ben": 0}) == "Ava 3" and words["map"]({}) == "nobody"
    assert words["cards"]([Card.parse("10h"), Card.parse("As")]) == "10♥, A♠"
    assert words["cards"]([]) == "no cards"
    assert words["holding"]({"up": ["2♥"], "down": []}) == "up 2♥; down nothing"
    assert words["takes"]({"taker": None, "from": {}}) == "nobody takes a card"
    assert words["takes"]({"taker": "Ava", "from": {"Ben": {"up": ["2♣"], "down": 1}}}) == \
        "Ava takes; from Ben: face up 2♣ or one of 1 hole cards"
    assert words["matches"]([{"Ava": 2}, {"Ben": 0}]) == "Ava pays 2, Ben pays 0"
    # an author's flow text reads like a widget's list
    assert words["order"]("Ben, Cara") == "Ben, Cara" and words["cards"]("K♣ Q♦") == "K♣, Q♦"
    assert words["holding"]({"up": "2h", "down": "Kc Qd"}) == "up 2♥; down K♣, Q♦"
    # an answer the kind cannot read is still shown, as written, never a crash
    assert words["map"]("lots") == "lots"
    assert KINDS["map"].written({"Ava": 3}) == "{Ava: 3}" and KINDS["yesno"].written(False) == "no"
    assert KINDS["cards"].to_json([Card.parse("10h")]) == ["10♥"] == plain((Card.parse("10h"),))


@pytest.mark.parametrize("kind, given, expected, fields", [
    ("map", {"Ava": 3, "Cara": 1}, {"Ava": 3, "Ben": 2}, ["Ben", "Cara"]),
    ("matches", [{"Ava": 2}, {"Ben": 5}], [{"Ava": 2}, {"Ben": 4}, {"Cara": 4}], ["2. Ben", "3. Cara"]),
    ("takes", {"taker": "Ben", "from": {"Ava": {"up": [], "down": 1}}},
     {"taker": "Ava", "from": {"Ben": {"up": ["2♣"], "down": 1}}}, ["taker", "Ben", "Ava"]),
    ("holding", {"up": ["2♥"], "down": ["K♣"]}, {"up": ["2♥"], "down": ["Q♦"]}, ["down"]),
    ("player", "Ava", "Ben", []),
])
def test_each_kind_names_its_wrong_fields(kind, given, expected, fields):
    assert KINDS[kind].diff(given, expected) == fields


def _last_seat(exercise, question):
    last = exercise.seats[-1]
    return Answer(last, [Step(f"The seats are listed from the dealer's left: {last} sits last.", ())])


@pytest.fixture
def last_seat():
    """A new ask of an existing kind (player), registered once and removed after the test."""
    register("stud-high", Ask("last_seat", "player", "Who sits last, on the dealer's right?", _last_seat,
                              topic="bring-in"))
    yield
    del _ASKS["stud-high"]["last_seat"]


def test_a_new_ask_with_an_existing_kind_is_checked_answered_graded_prompted_formatted_and_drawn(
        last_seat, tmp_path):
    text = DEAL + "  - ask: last_seat\n    answer: Drew\n"
    (tmp_path / "lessons").mkdir()
    (tmp_path / "exercises").mkdir()
    path = tmp_path / "exercises" / "last-seat.yaml"
    path.write_text(text, encoding="utf-8")

    # checked: `course check` accepts it, and refuses a wrong authored answer in the kind's words
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli_main(["check", str(path)]) == 0, out.getvalue()
    path.write_text(text.replace("answer: Drew", "answer: Ava"), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli_main(["check", str(path)]) == 1
    assert "answer to 'last_seat' disagrees with the engine: authored Ava, engine Drew" in out.getvalue()
    _, problems = content.parse_exercise(text.replace("answer: Drew", "answer: Zed"), "x.yaml")
    assert any("unknown player 'Zed'" in p.message for p in problems), problems   # the kind's own check
    path.write_text(text, encoding="utf-8")

    # answered, graded, prompted, formatted
    exercise, problems = content.load_exercise(path)
    assert exercise is not None and not problems
    question = exercise.questions[0]
    assert solvers.answer(exercise, question).value == "Drew"
    assert solvers.is_correct(exercise, question, "Drew") and not solvers.is_correct(exercise, question, "Ava")
    assert solvers.prompt_for(exercise, question) == "Who sits last, on the dealer's right?"
    assert solvers.topic_for("stud-high", "last_seat") == "bring-in"
    assert quiz.shown(exercise, question, "Drew") == "Drew"
    out = io.StringIO()
    with redirect_stdout(out):
        cli_main(["solve", "--json", str(path)])
    assert json.loads(out.getvalue())[0]["answers"] == ["Drew"]

    # drawn: Practice shows the player widget with the seats, and grades through it
    assert isinstance(widgets.widget_for(exercise, question), widgets.PlayerWidget)
    with environment(tmp_path / "progress.sqlite3", content=tmp_path):
        at = open_app("practice", query={"deal": exercise.id})
        assert not at.exception, at.exception
        key = f"practice|{exercise.id}|0"
        assert list(at.radio(key=key).options) == ["Ava", "Ben", "Cara", "Drew"]
        fill_widget(at, key, exercise, "player", "Drew")
        at.button(key=f"{key}:check").click().run()
        assert not at.exception, at.exception
        verdict = [s.value for s in at.success]
        assert verdict and verdict[0].startswith("Right. You chose **Drew**"), verdict


class SplitKind(Kind):
    """A kind with two fields, as Stud Hi-Lo will need: who wins the high half and the low."""
    name, widget = "test-split", "seat"

    def parse(self, value):
        if not isinstance(value, dict) or set(value) != {"high", "low"}:
            return None
        return {half: str(value[half]).strip() for half in ("high", "low")}

    def diff(self, given, expected):
        got, want = self.parse(given) or {}, self.parse(expected) or {}
        return [half for half in ("high", "low") if got.get(half) != want.get(half)]


def test_wrong_fields_work_for_a_new_several_field_kind_without_naming_its_ask():
    KINDS[SplitKind.name] = SplitKind()

    def split(exercise, question):
        return Answer({"high": exercise.seats[0], "low": exercise.seats[1]}, [Step("Test split.", ())])

    register("stud-high", Ask("test_split", SplitKind.name, "Who wins each half?", split))
    try:
        exercise, problems = content.parse_exercise(DEAL + "  - ask: test_split\n", "split.yaml")
        assert exercise is not None and not problems
        question = exercise.questions[0]
        assert misconceptions.wrong_fields(exercise, question, {"high": "Ava", "low": "Cara"}) == ["low"]
        assert misconceptions.wrong_fields(exercise, question, {"high": "Ben", "low": "Ava"}) == ["high", "low"]
        assert misconceptions.wrong_fields(exercise, question, {"high": "Ava", "low": "Ben"}) == []
        assert solvers.is_correct(exercise, question, {"low": "Ben", "high": "Ava"})
        assert misconceptions.diagnose(exercise, question, {"high": "Ava", "low": "Cara"}) == []
    finally:
        del _ASKS["stud-high"]["test_split"]
        del KINDS[SplitKind.name]


def _branches_on_a_kind(node: ast.AST) -> bool:
    """A comparison of an answer kind (`kind`, `ask.kind`, `answer_kind(...)`) with a kind's name."""
    if not isinstance(node, ast.Compare):
        return False
    operands = [node.left, *node.comparators]
    names = {c.value for o in operands for c in ast.walk(o) if isinstance(c, ast.Constant)}

    def is_kind(o: ast.AST) -> bool:
        return (isinstance(o, ast.Name) and "kind" in o.id) \
            or (isinstance(o, ast.Attribute) and o.attr == "kind" and isinstance(o.value, ast.Name)
                and o.value.id in ("ask", "spec", "found")) \
            or (isinstance(o, ast.Call) and getattr(o.func, "attr", getattr(o.func, "id", "")) == "answer_kind")

    return bool(names & set(KINDS)) and any(is_kind(o) for o in operands)


def test_only_the_kinds_and_the_widgets_modules_know_the_kinds():
    """Everywhere else asks the question's kind; nothing compares a kind with a kind's name."""
    offenders = []
    for path in sorted((ROOT / "course").rglob("*.py")):
        if path.relative_to(ROOT).as_posix() in ("course/asks/kinds.py", "course/app/widgets.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # A question's parameters have value kinds of their own (player, street, cards ...),
        # read by content/exercises.py's `_param`: not answer kinds.
        skip = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "_param"
                for n in ast.walk(f)}
        offenders += [f"{path.relative_to(ROOT)}:{n.lineno}" for n in ast.walk(tree)
                      if _branches_on_a_kind(n) and id(n) not in skip]
    assert not offenders
    # the check sees such a branch (the one misconceptions.same had)
    assert _branches_on_a_kind(ast.parse('kind in ("takes", "holding", "matches")').body[0].value)
