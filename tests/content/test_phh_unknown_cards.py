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

from course.asks import solvers
from course.app import cards_view
from course.content.exercises import load_exercise, parse_exercise
from course.content.phh_import import check_import, export_exercise, import_hand
from course.content.phh import PhhRefusal, parse_phh, read_phh, write_phh

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "tests" / "fixtures" / "phh" / "unknown-cards" / "hi-lo-unknown-folder.phh"


def _course(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "course", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def _variant(tmp_path: Path, name: str, old: str, new: str, source: Path = FOLDER) -> Path:
    text = source.read_text(encoding="utf-8")
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
    assert solvers.answer(exercise, asked).value == "Bob"


def test_an_authored_bring_in_that_an_unknown_door_could_change_is_refused(tmp_path):
    imported = import_hand(read_phh(FOLDER))
    text = imported.text.replace("questions:\n", "questions:\n  - ask: bring_in\n    street: third\n"
                                 "    prompt: Who brings in?\n", 1)
    exercise, problems = parse_exercise(text, "unknown-door.yaml")
    assert not problems
    question = next(q for q in exercise.questions if q.ask == "bring_in")
    with pytest.raises(ValueError, match=r"Cy's door card is not recorded, and 2♣"):
        solvers.answer(exercise, question)


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


@pytest.mark.parametrize("actions, reason, line", [
    # Cy brings in: who brings in cannot be checked from a door card nobody recorded
    (("d dh p1 2d4cAc", "d dh p2 KhKs3s", "d dh p3 ??????", "p3 pb", "p1 cbr 4", "p2 f", "p3 f"),
     r"brings in with a door card the record does not show", 10),
    # Cy shows at the showdown cards the deal writes as ??: shown cards were dealt, so write them
    (("d dh p1 2d4cAc", "d dh p2 KhKs3s", "d dh p3 ????9h", "p2 pb", "p3 cc", "p1 cc", "p2 cc",
      *(f"d dh p{n} {c}" for street in (("5h", "Kd", "9d"), ("3c", "8d", "9s"), ("Qs", "6c", "Th"),
                                        ("7s", "Kc", "Jc")) for n, c in zip((1, 2, 3), street)),
      "p1 sm -", "p2 sm -", "p3 sm -"), r"Cy shows at the showdown, but the deal writes \?\?\?\?9h", 29),
])
def test_unknown_cards_the_course_cannot_read_are_refused_at_their_line(actions, reason, line):
    with pytest.raises(PhhRefusal, match=reason) as caught:
        check_import(import_hand(parse_phh(_hand(*actions), "refused.phh")))
    assert caught.value.line == line


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
    text = import_hand(read_phh(FOLDER)).text.replace("unknown_cards: {Cy: [down, down, up]}",
                                                      "unknown_cards: {Cy: [known, known, known]}", 1)
    exercise, problems = parse_exercise(text, "all-known.yaml")
    assert any("down or up for one the record does not show" in p.message for p in problems)


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


KNOWN_DOOR_FOLDS = FOLDER.parent / "hi-lo-known-door-folds-on-fifth.phh"
KNOWN_DOOR_MUCKS = FOLDER.parent / "hi-lo-known-door-mucks.phh"


def _asks(data: dict) -> list[tuple]:
    return [(q["ask"], q.get("street"), q.get("player")) for q in data["questions"]]


def test_hole_cards_unknown_behind_a_known_door_import_for_a_player_who_folds_on_fifth(tmp_path):
    data = _import_and_check(tmp_path, KNOWN_DOOR_FOLDS)
    assert data["unknown_cards"] == {"Bob": ["down", "down"]}      # the hole cards; the door is known
    bob = [e for e in data["events"] if e.startswith("Bob is dealt")]
    assert bob == ["Bob is dealt K♣ up", "Bob is dealt K♦ up", "Bob is dealt 2♥ up"]
    # every question the hand asks with Bob's hole cards written is asked without them: the
    # doors decide the bring-in, Bob's pair of kings showing opens fourth and fifth street
    written = _variant(tmp_path, "written.phh", '"d dh p2 ????Kc"', '"d dh p2 JhThKc"', KNOWN_DOOR_FOLDS)
    assert _asks(data) == _asks(_import_and_check(tmp_path, written))
    assert ("opener", "fourth", None) in _asks(data) and ("bring_in", "third", None) in _asks(data)
    exercise = check_import(import_hand(read_phh(KNOWN_DOOR_FOLDS)))
    opener = next(q for q in exercise.questions if q.ask == "opener" and q.params["street"] == "fifth")
    assert solvers.answer(exercise, opener).value == "Bob"
    # the two hole cards are drawn as backs before the door, which is drawn as dealt
    at = cards_view.table_at(exercise, opener)
    assert at.hands["Bob"].unseen == (False, False) and [str(c) for c in at.hands["Bob"].up] == ["K♣", "K♦", "2♥"]
    html = cards_view.table_html(exercise, at)
    row = html.split("2. Bob")[1].split("3. Cy")[0]
    assert row.count("ssr-card ssr-back") == 2 and "ssr-unknown" not in row and row.index(cards_view.BACK) < row.index("K♣")
    # export writes the hole cards back as ?? beside the door card, the file's actions as they were
    written_back = write_phh(export_exercise(exercise))
    assert '"d dh p2 ????Kc"' in written_back
    assert [a.text() for a in parse_phh(written_back).actions if a.verb] == \
        [a.text() for a in read_phh(KNOWN_DOOR_FOLDS).actions if a.verb]


def test_course_check_refuses_a_written_question_that_needs_an_unknown_card_at_its_line(tmp_path):
    text = import_hand(read_phh(KNOWN_DOOR_FOLDS)).text + (
        "  - ask: best_five\n    player: Bob\n    street: fourth\n    prompt: Which five cards make Bob's best hand?\n"
        "  - ask: street_total\n    street: fifth\n    prompt: How many units go in on fifth street?\n")
    target = tmp_path / "bob.yaml"
    target.write_text(text, encoding="utf-8")
    line = len(text.splitlines()) - 7 + 1          # the written best_five: the last seven lines are added
    done = _course("check", str(target))
    assert done.returncode != 0
    out = done.stdout + done.stderr
    assert f"{target}:{line}:" in out and "the record does not show" in out and "Bob's cards" in out
    assert out.count("the engine cannot answer") == 1          # the street total needs no hidden card


def test_a_player_who_mucks_unseen_at_the_showdown_gives_up_the_hand(tmp_path):
    data = _import_and_check(tmp_path, KNOWN_DOOR_MUCKS)
    assert data["unknown_cards"] == {"Bob": ["down", "down", "known", "known", "known", "known", "down"]}
    assert data["events"][-1] == "Bob mucks"
    asks = _asks(data)
    # Bob's face-up cards are known: who opens each street is asked, and the bring-in
    assert [a for a in asks if a[0] == "opener"] == [("opener", s, None) for s in ("fourth", "fifth", "sixth", "seventh")]
    assert ("bring_in", "third", None) in asks
    # the showdown reads Ann's and Cy's hands, never Bob's
    assert {a[2] for a in asks if a[0] in ("best_five", "qualifies")} == {"Ann", "Cy"}
    assert {"halves", "winners", "award"} <= {a[0] for a in asks}
    exercise = check_import(import_hand(read_phh(KNOWN_DOOR_MUCKS)))
    award = next(q for q in exercise.questions if q.ask == "award")
    assert solvers.answer(exercise, award).value == {"Ann": 99}     # the file's winnings, checked on import
    at = cards_view.table_at(exercise, award)
    assert at.hands["Bob"].unseen == (False, False, False)              # two hole cards and the last one
    assert [str(c) for c in at.hands["Bob"].up] == ["K♣", "K♦", "2♥", "5♠"]
    written = write_phh(export_exercise(exercise))
    assert '"d dh p2 ????Kc"' in written and '"d dh p2 ??"' in written and '"p2 sm"' in written
    assert [a.text() for a in parse_phh(written).actions if a.verb] == \
        [a.text() for a in read_phh(KNOWN_DOOR_MUCKS).actions if a.verb]


def test_a_player_who_never_shows_at_the_showdown_mucks_as_one_who_says_so(tmp_path):
    phh = _variant(tmp_path, "never-shows.phh", '  "p2 sm",\n', "", KNOWN_DOOR_MUCKS)
    data = _import_and_check(tmp_path, phh)
    assert data["events"][-1] == "Bob mucks"
    assert _asks(data) == _asks(_import_and_check(tmp_path, KNOWN_DOOR_MUCKS))




@pytest.mark.parametrize("ann, asked", [
    # Ann shows A♠ A♦ on fourth street with the other aces in her hole: no two cards Cy could
    # hold showing beat that pair, so who opens is asked
    ("AcAhAs", True),
    # Ann shows A♣ 5♥: Cy's two face-up cards nobody recorded could be a pair, so it is not
    ("2d4cAc", False),
])
def test_the_opener_is_asked_only_when_no_unknown_face_up_card_could_change_it(ann, asked):
    fourth = "Ad" if ann == "AcAhAs" else "5h"
    hand = parse_phh(_hand(f"d dh p1 {ann}", "d dh p2 KhKs3s", "d dh p3 ??????", "p2 pb", "p3 cc", "p1 cbr 4",
                           "p2 cc", "p3 cc", f"d dh p1 {fourth}", "d dh p2 Kd", "d dh p3 ??", "p1 cbr 4", "p2 f",
                           "p3 f"), "opener.phh")
    exercise = check_import(import_hand(hand))
    asks = [(q.ask, q.params.get("street")) for q in exercise.questions]
    assert ("street_total", "fourth") in asks                       # needs no card of Cy's
    assert (("opener", "fourth") in asks) is asked
    if not asked:       # written by hand, the engine refuses it, naming what Cy could hold
        text = import_hand(hand).text + "  - ask: opener\n    street: fourth\n    prompt: Who opens?\n"
        written, problems = parse_exercise(text, "opener.yaml")
        question = written.questions[-1]
        with pytest.raises(ValueError, match="who acts first on fourth street cannot be told: the record does not "
                                             "show Cy's face-up cards"):
            solvers.answer(written, question)
