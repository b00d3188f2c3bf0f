"""Hand histories with unknown cards (`??`): a player who folds on third street and whose record
shows none of their cards is imported, the exercise lists those cards under `unknown_cards`, the
engine deals them in their turn without naming them, the bring-in question is asked only when
the known door cards decide it, and the app draws the unknown cards as backs (the face-up one
marked unknown).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from course import questions
from course.app import cards_view
from course.content.exercises import load_exercise, parse_exercise
from course.content.phh_import import check_import, export_exercise, import_hand
from course.phh import PhhRefusal, parse_phh, read_phh, write_phh

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "fixtures" / "phh" / "unknown-cards" / "hi-lo-unknown-folder.phh"


def _course(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "course", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def _variant(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = FOLDER.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _import_and_check(tmp_path: Path, phh: Path) -> dict:
    out = tmp_path / "out"
    done = _course("import-phh", str(phh), "--out", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    target = out / f"{phh.stem}.yaml"
    checked = _course("check", str(target))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return yaml.safe_load(target.read_text(encoding="utf-8"))


def test_a_folded_players_unknown_cards_import_and_the_undecided_bring_in_is_not_asked(tmp_path):
    data = _import_and_check(tmp_path, FOLDER)
    assert data["unknown_cards"] == {"Cy": ["down", "down", "up"]}
    assert not any("Cy is dealt" in e for e in data["events"])      # no card of Cy's is named
    asks = [q["ask"] for q in data["questions"]]
    # Cy's door card could be a deuce or a low three, lower than Bob's 3♠: the bring-in is not asked
    assert "bring_in" not in asks
    assert {"contributions", "opener", "best_five", "winners", "award"} <= set(asks)
    assert not any(q.get("player") == "Cy" for q in data["questions"])


def test_the_bring_in_is_asked_when_the_known_doors_decide_it(tmp_path):
    # Bob's door 2♣ is the lowest card of the deck (Hi-Lo: suits break a tie, clubs lowest)
    phh = _variant(tmp_path, "deuce-door.phh", "KhKs3s", "KhKs2c")
    data = _import_and_check(tmp_path, phh)
    assert "bring_in" in [q["ask"] for q in data["questions"]]
    exercise, problems = load_exercise(tmp_path / "out" / "deuce-door.yaml")
    assert not problems
    asked = next(q for q in exercise.questions if q.ask == "bring_in")
    assert questions.answer(exercise, asked).value == "Bob"


def test_an_authored_bring_in_that_an_unknown_door_could_change_is_refused(tmp_path):
    imported = import_hand(read_phh(FOLDER))
    text = imported.text.replace("questions:\n", "questions:\n  - ask: bring_in\n    street: third\n"
                                 "    prompt: Who brings in?\n", 1)
    exercise, problems = parse_exercise(text, "unknown-door.yaml")
    assert not problems
    question = next(q for q in exercise.questions if q.ask == "bring_in")
    with pytest.raises(ValueError, match=r"Cy's door card is not recorded, and 2♣"):
        questions.answer(exercise, question)


def test_export_writes_the_unknown_cards_back_as_question_marks():
    exercise = check_import(import_hand(read_phh(FOLDER)))
    written = write_phh(export_exercise(exercise))
    assert '"d dh p3 ??????"' in written
    assert [a.text() for a in parse_phh(written).actions if a.verb] == \
        [a.text() for a in read_phh(FOLDER).actions if a.verb]


def _hand(*actions: str) -> str:
    """A three-handed Hi-Lo hand (one action a line, the first on line 8)."""
    rows = "".join(f'  "{a}",\n' for a in actions)
    return ('variant = "F7S/8"\nantes = [1, 1, 1]\nbring_in = 2\nsmall_bet = 4\nbig_bet = 8\n'
            f'starting_stacks = [150, 150, 150]\nactions = [\n{rows}]\nplayers = ["Ann", "Bob", "Cy"]\n')


@pytest.mark.parametrize("actions, reason", [
    # Cy calls on third street and is dealt an unknown fourth-street card: the opener would need it
    (("d dh p1 2d4cAc", "d dh p2 KhKs3s", "d dh p3 ??????", "p2 pb", "p3 cc", "p1 cbr 4", "p2 cc", "p3 cc",
      "d dh p1 5h", "d dh p2 Kd", "d dh p3 ??", "p1 cbr 4", "p2 f", "p3 f"), r"stays in past third street"),
    # Cy's door card is written: the course takes a folded player's cards all known or all unknown
    (("d dh p1 2d4cAc", "d dh p2 KhKs3s", "d dh p3 ????9h", "p2 pb", "p3 f", "p1 cbr 4", "p2 f"),
     r"partly unknown"),
    # Cy brings in: who brings in cannot be checked from a door card nobody recorded
    (("d dh p1 2d4cAc", "d dh p2 KhKs3s", "d dh p3 ??????", "p3 pb", "p1 cbr 4", "p2 f", "p3 f"),
     r"brings in with a door card the record does not show"),
])
def test_unknown_cards_the_course_cannot_read_are_refused_at_their_line(actions, reason):
    with pytest.raises(PhhRefusal, match=reason) as caught:
        check_import(import_hand(parse_phh(_hand(*actions), "refused.phh")))
    assert caught.value.line == 10           # the line dealing Cy's unknown cards


def test_a_seat_listed_as_unknown_is_dealt_no_named_card():
    text = import_hand(read_phh(FOLDER)).text.replace("  - Ann is dealt 2♦ down\n",
                                                      "  - Cy is dealt 2♦ down\n  - Ann is dealt 2♦ down\n", 1)
    exercise, problems = parse_exercise(text, "named.yaml")
    assert any("listed in unknown_cards" in p.message for p in problems)


def test_unknown_cards_must_name_seats_and_faces():
    text = import_hand(read_phh(FOLDER)).text.replace("unknown_cards: {Cy: [down, down, up]}",
                                                      "unknown_cards: {Di: [down, sideways]}", 1)
    exercise, problems = parse_exercise(text, "bad.yaml")
    assert any("'Di', who is not one of the seats" in p.message for p in problems)


def test_the_app_draws_unknown_cards_as_backs_the_face_up_one_marked():
    exercise = check_import(import_hand(read_phh(FOLDER)))
    question = next(q for q in exercise.questions if q.ask == "contributions")
    at = cards_view.table_at(exercise, question)
    assert at.hands["Cy"].unseen == (False, False, True)
    html = cards_view.table_html(exercise, at)
    cy = html.split("3. Cy")[1].split("ssr-pot")[0]
    assert cy.count("ssr-card ssr-back") == 3
    assert cy.count("ssr-unknown") == 1 and "face-up card that the record does not show" in cy
    assert cy.index(cards_view.BACK) < cy.index("ssr-unknown")        # two hole backs, then the door
    ann = html.split("1. Ann")[1].split("2. Bob")[0]
    assert "ssr-back" not in ann and "ssr-unknown" not in ann
