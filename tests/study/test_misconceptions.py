"""Naming the one mistake behind a wrong answer, through `python -m course diagnose`.

Every catalogue entry has an exercise built to show it (`exercises/<game>/mistake-<id>.yaml`):
answered with the entry's own answer, exactly that entry is named; answered with other wrong
answers (each other player, amounts off by one, a card swapped, the order turned), no entry or a
different one that reproduces the answer; answered right, nothing. The mistakes beginners make
most are named on HPD's own exercises and on the course's hand-written ones.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from course import cli, content
from course.study import engine, misconceptions

ROOT = Path(__file__).resolve().parents[2]
MISTAKE_FILES = sorted(ROOT.glob("exercises/*/mistake-*.yaml"))


def diagnose(path: Path | str, number: int, answer) -> dict:
    """`course diagnose FILE --question N --answer TEXT --json`, run in this process."""
    text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["diagnose", str(path), "--question", str(number), "--answer", text, "--json"])
    assert code == 0, err.getvalue()
    return json.loads(out.getvalue())


def named(path, number, answer) -> str | None:
    mistake = diagnose(path, number, answer)["mistake"]
    return None if mistake is None else mistake["id"]


def built_to_show(path: Path):
    """(entry, exercise, question number, question) of a mistake-<id>.yaml file."""
    entry = misconceptions.by_id(path.stem[len("mistake-"):])
    exercise, problems = content.load_exercise(path)
    assert not problems, problems
    number = next((n for n, q in enumerate(exercise.questions, 1) if entry.id in q.tempts), 1)
    return entry, exercise, number, exercise.questions[number - 1]


def entry_answers(entry, exercise, question) -> list:
    value = misconceptions.wrong_answer(entry, exercise, question)
    assert value is not None, f"{entry.id} gives no wrong answer on its own exercise"
    options = list(value) if isinstance(value, misconceptions.Either) else [value]
    return [engine.answer_json(exercise, question, one) for one in options]


def test_every_catalogue_entry_has_an_exercise_built_to_show_it():
    shown = {p.stem[len("mistake-"):] for p in MISTAKE_FILES}
    assert {m.id for m in misconceptions.catalogue()} <= shown
    assert shown <= {m.id for m in misconceptions.catalogue()}


@pytest.mark.parametrize("path", MISTAKE_FILES, ids=[p.stem for p in MISTAKE_FILES])
def test_the_entry_s_own_answer_names_exactly_that_entry(path):
    entry, exercise, number, question = built_to_show(path)
    for answer in entry_answers(entry, exercise, question):
        result = diagnose(path, number, answer)
        assert result["correct"] is False
        assert result["mistake"] == {"id": entry.id, "message": entry.message}
        assert result["verdict"]


def other_wrong_answers(exercise, question) -> list:
    """Wrong answers a learner could give that no one mistake was built for: each other player,
    amounts off by one, a card swapped, the order turned, yes for no."""
    right = engine.answer_json(exercise, question)
    kind = engine.kind_of(exercise, question).name
    seats = list(exercise.seats)
    found: list = []
    if kind == "player":
        found = [p for p in seats if p != right]
    elif kind == "yesno":
        found = [not right]
    elif kind == "units":
        found = [right + 1, right - 1] if isinstance(right, int) else []
    elif kind == "map":
        for p in seats:
            for step in (1, -1):
                units = int(right.get(p, 0)) + step
                if units >= 0:
                    found.append({**right, p: units})
    elif kind == "order":
        found = [right[1:] + right[:1], list(reversed(right))]
    elif kind == "players":
        found = [[p] for p in seats if [p] != right] + ([right[:-1]] if len(right) > 1 else [])
    elif kind == "category":
        found = [c for c in ("high card", "one pair", "two pair", "three of a kind", "straight", "flush")
                 if c != right][:3]
    elif kind == "cards" and right:
        player = question.params.get("player")
        own = [str(c) for c in exercise.hands[player].cards] if player in exercise.hands else []
        found = [[*right[:-1], c] for c in own if c not in right]
    elif kind == "matches":
        decisions = [next(iter(d.items())) for d in right]
        for n, (player, units) in enumerate(decisions):
            found += [[*right[:n], {player: units + step}, *right[n + 1:]] for step in (1, -1) if units + step > 0]
            found += [[*right[:n], {p: units}, *right[n + 1:]] for p in seats if p != player]
            found.append(right[:n] + right[n + 1:])
        found += [[{p: units} for p, units in (decisions or [(seats[0], 1)])] + [{p: 1}] for p in seats]
        found.append(list(reversed(right)))
    return [a for a in found if not engine.is_correct(exercise, question, a)]


@pytest.mark.parametrize("path", MISTAKE_FILES, ids=[p.stem for p in MISTAKE_FILES])
def test_other_wrong_answers_name_no_entry_or_one_that_reproduces_them(path):
    entry, exercise, number, question = built_to_show(path)
    own = entry_answers(entry, exercise, question)
    right = engine.answer(exercise, question)
    assert named(path, number, engine.answer_json(exercise, question)) is None    # a right answer: nothing
    for answer in other_wrong_answers(exercise, question):
        if any(engine.kind_of(exercise, question).same(answer, o) for o in own):
            continue
        result = diagnose(path, number, answer)
        assert result["correct"] is False
        mistake = result["mistake"]
        assert mistake is None or mistake["id"] != entry.id, (answer, mistake)
        if mistake is not None:      # never a wrong one: the entry named reproduces this answer, or its wrong fields
            other = misconceptions.by_id(mistake["id"])
            assert other in misconceptions.matches(exercise, question, answer, right) \
                or other in misconceptions.partial_matches(exercise, question, answer, right), (answer, mistake)


# The mistakes beginners make most, as a learner answers them on the course's own exercises
# (HPD's six among them): each named as exactly its entry.
BEGINNER_MISTAKES = [
    ("stud-high/hpd-1-bring-in-suit-tie", 3, "Ava", "hidden-cards-bring-in"),       # hole cards for the bring-in
    ("stud-high/hpd-1-bring-in-suit-tie", 3, "Drew", "hidden-cards-bring-in"),      # the weakest whole hand
    ("stud-high/hpd-1-bring-in-suit-tie", 1, "Ava", "other-door-tie-rule"),
    ("stud-high/hpd-1-bring-in-suit-tie", 2, "[Ben, Ava, Drew, Cara]", "order-by-rank"),   # door-card rank as the order
    ("stud-high/hpd-3-fifth-street-opener-and-amounts", 1, "Ben", "high-card-before-type"),  # aces over trips
    ("stud-high/hpd-3-fifth-street-opener-and-amounts", 2, "[Ben, Cara, Ava]", "high-card-before-type"),
    ("stud-high/hpd-3-fifth-street-opener-and-amounts", 4, "{Ava: 8, Ben: 8, Cara: 8}", "small-bet-carried"),
    ("stud-high/hpd-3-fifth-street-opener-and-amounts", 5, "24", "small-bet-carried"),
    ("stud-high/hpd-4-later-street-tie-by-position", 1, "Ava", "suit-ladder-after-third"),
    ("razz/razz-no-big-bet-for-a-pair", 2, "yes", "pair-option-in-low-games"),
    ("stud-high/contributions-complete-then-raise", 4, "{Ava: 1, Ben: 3, Cara: 9, Drew: 9}",
     "antes-in-contributions"),
    ("stud-high/contributions-complete-then-raise", 4, "{Ben: 1, Cara: 7, Drew: 7}", "ante-cuts-the-call"),
    ("stud-high/contributions-complete-then-raise", 5, "15", "ante-cuts-the-call"),
    ("stud-high/showdown-unused-sixth-card", 3, "[Ava]", "kicker-beyond-five"),       # a sixth card as kicker
    ("stud-high/showdown-unused-sixth-card", 4, "{Ava: 90}", "kicker-beyond-five"),
    ("stud-high/bring-in-ace-is-high", 1, "Ava", "ace-low-bring-in"),
    ("stud-high/ranking-wraparound-no-straight", 1, "straight", "wraparound-straight"),
    ("stud-high/ranking-wraparound-no-straight", 4, "[Ava]", "wraparound-straight"),
    ("stud-hi-lo/hilo-pair-spoils-the-low", 1, "yes", "paired-low-qualifies"),
    ("stud-hi-lo/hilo-nine-does-not-qualify", 1, "yes", "nine-qualifies"),
    ("razz/razz-bring-in-ace-is-low", 1, None, "ace-high-in-razz"),
]


@pytest.mark.parametrize("file,number,answer,entry", BEGINNER_MISTAKES,
                         ids=[f"{f.split('/')[1]}-q{n}-{e}" for f, n, _a, e in BEGINNER_MISTAKES])
def test_a_beginner_s_mistake_is_named_as_exactly_its_entry(file, number, answer, entry):
    path = ROOT / "exercises" / f"{file}.yaml"
    if answer is None:            # the entry's own answer on this exercise
        exercise, _ = content.load_exercise(path)
        question = exercise.questions[number - 1]
        answer = entry_answers(misconceptions.by_id(entry), exercise, question)[0]
    assert named(path, number, answer) == entry


def test_a_rule_of_another_profile_is_said_to_be_one():
    result = diagnose(ROOT / "exercises/stud-high/hpd-1-bring-in-suit-tie.yaml", 1, "Ava")
    assert "1917Poker" in result["verdict"] and "PokerStars" in result["verdict"]


def test_the_verdict_marks_the_wrong_and_the_missing_parts():
    path = ROOT / "exercises/stud-high/hpd-3-fifth-street-opener-and-amounts.yaml"
    result = diagnose(path, 4, "{Ava: 16, Ben: 8, Cara: 16}")
    assert result["wrong"] == {"wrong": ["Ben"], "missing": []}
    assert result["verdict"] == "Ben: 8 given, 16 right."
    five = ROOT / "exercises/stud-high/showdown-unused-sixth-card.yaml"
    swapped = diagnose(five, 1, "[K♠, K♥, A♦, Q♣, 8♦]")
    assert swapped["wrong"] == {"wrong": ["8♦"], "missing": ["9♠"]}
    assert "the nine beats the eight" in swapped["verdict"]


# Ranking by part: an answer of several fields with the entry's mistake in some fields only (the
# others right) names the entry, below any entry that reproduces the whole answer; a field wrong in
# another way, left out, or one unit off names nothing.
HPD_3 = ROOT / "exercises/stud-high/hpd-3-fifth-street-opener-and-amounts.yaml"


@pytest.mark.parametrize("answer", ["{Ava: 16, Ben: 8, Cara: 16}", "{Ava: 8, Ben: 16, Cara: 16}",
                                    "{Ava: 8, Ben: 8, Cara: 16}"])
def test_the_mistake_made_for_some_players_only_is_named(answer):
    # fifth street: 16 each; the small bet carried from fourth street makes it 8, here for one or two
    assert named(HPD_3, 4, "{Ava: 8, Ben: 8, Cara: 8}") == "small-bet-carried"     # the whole answer
    assert named(HPD_3, 4, answer) == "small-bet-carried"


def test_each_player_of_the_entry_s_own_exercise_shows_the_mistake_alone():
    path = ROOT / "exercises/stud-high/mistake-small-bet-carried.yaml"
    entry, exercise, number, question = built_to_show(path)
    right = engine.answer_json(exercise, question)
    mistaken = entry_answers(entry, exercise, question)[0]
    players = [p for p in exercise.seats if mistaken.get(p, 0) != right.get(p, 0)]
    assert len(players) >= 2
    for player in players:
        assert named(path, number, {**right, player: mistaken[player]}) == entry.id, player


@pytest.mark.parametrize("answer", ["{Ava: 16, Ben: 11, Cara: 16}",     # a random amount
                                    "{Ava: 16, Ben: 15, Cara: 16}",     # one unit off
                                    "{Ava: 16, Cara: 16}",              # a player left out
                                    "{Ava: 16, Ben: 8, Cara: 11}"])     # the mistake for Ben, but Cara wrong otherwise
def test_a_random_partial_error_names_nothing(answer):
    exercise, _ = content.load_exercise(HPD_3)
    assert misconceptions.partial_matches(exercise, exercise.questions[3], answer) == []
    assert named(HPD_3, 4, answer) is None


def test_a_share_of_a_pot_the_entry_shares_out_whole_is_no_part_of_it():
    # Hi-Lo read as Stud High gives the whole pot to the best high hand; that pot for the winner
    # while the other winner keeps their share shares out more than there is: no part of the mistake
    path = ROOT / "exercises/stud-hi-lo/mistake-high-takes-all-hilo.yaml"
    entry, exercise, number, question = built_to_show(path)
    right = engine.answer_json(exercise, question)
    mistaken = entry_answers(entry, exercise, question)[0]
    winner = next(p for p, units in mistaken.items() if units != right.get(p, 0))
    assert named(path, number, mistaken) == entry.id
    assert named(path, number, {**right, winner: mistaken[winner]}) is None


def test_an_entry_that_reproduces_the_whole_answer_outranks_one_that_reproduces_a_part(monkeypatch):
    exercise, _ = content.load_exercise(HPD_3)
    question = exercise.questions[3]
    answer = {"Ava": 16, "Ben": 8, "Cara": 16}
    assert [m.id for m in misconceptions.diagnose(exercise, question, answer)] == ["small-bet-carried"]
    whole = misconceptions.Misconception("ben-paid-the-small-bet", ("stud-high",), ("contributions",),
                                         "Ben paid the small bet.", (), transform="ben_paid_the_small_bet")
    monkeypatch.setitem(misconceptions.TRANSFORMS, whole.transform, lambda exercise, question: dict(answer))
    entries = (*misconceptions.catalogue(), whole)
    monkeypatch.setattr(misconceptions, "catalogue", lambda path=None: entries)
    assert [m.id for m in misconceptions.partial_matches(exercise, question, answer)] == ["small-bet-carried"]
    assert [m.id for m in misconceptions.diagnose(exercise, question, answer)] == [whole.id]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "course", "diagnose", *args], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8")


def test_bad_input_is_one_line_with_file_and_line_and_exit_2():
    hpd = "exercises/stud-high/hpd-1-bring-in-suit-tie.yaml"
    missing = run("exercises/nowhere.yaml", "--question", "1", "--answer", "Ava")
    assert missing.returncode == 2 and missing.stderr.strip() == "exercises/nowhere.yaml:1: no such exercise file"
    no_question = run(hpd, "--question", "4", "--answer", "Ava")
    assert no_question.returncode == 2
    assert no_question.stderr.startswith(f"{hpd}:1: no question 4: the exercise has 3 questions")
    unreadable = run(hpd, "--question", "2", "--answer", "{Ava: 1}")
    assert unreadable.returncode == 2 and len(unreadable.stderr.strip().splitlines()) == 1
    line = next(n for n, text in enumerate((ROOT / hpd).read_text(encoding="utf-8").splitlines(), 1)
                if "ask: action_order" in text)
    assert unreadable.stderr.startswith(f"{hpd}:{line}: --answer '{{Ava: 1}}' cannot be read")
    judged = run(hpd, "--question", "3", "--answer", "Ava")
    assert judged.returncode == 0 and "mistake: hidden-cards-bring-in" in judged.stdout


def test_an_answer_two_entries_give_alike_names_neither():
    # 22: the antes added, or each call counted in full; the total cannot tell which
    path = ROOT / "exercises/stud-high/contributions-complete-then-raise.yaml"
    exercise, _ = content.load_exercise(path)
    found = {m.id for m in misconceptions.matches(exercise, exercise.questions[4], 22)}
    assert found == {"full-bet-not-difference", "antes-in-contributions"}
    assert named(path, 5, "22") is None


def test_tempts_must_name_a_known_mistake_of_the_game_and_ask():
    text = (ROOT / "exercises/stud-high/hpd-1-bring-in-suit-tie.yaml").read_text(encoding="utf-8")
    bad = text.replace("tempts: [hidden-cards-bring-in]", "tempts: [hiden-cards-bring-in, ace-high-in-razz]")
    exercise, problems = content.parse_exercise(bad, "x.yaml")
    messages = [str(p) for p in problems]
    line = next(n for n, row in enumerate(bad.splitlines(), 1) if "tempts:" in row)
    assert any(m.startswith(f"x.yaml:{line}:14:") and "no known mistake 'hiden-cards-bring-in'" in m
               and "did you mean" in m for m in messages), messages
    assert any("'ace-high-in-razz' is not one of stud-high's for 'bring_in'" in m for m in messages), messages
