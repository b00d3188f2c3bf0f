"""import-phh / export-phh: a real stud hand in PHH becomes one whole-hand exercise and back.

The round trip is PHH -> exercise -> PHH on hands written in the format of the public PHH
specification (the course's own hands under exercises/stud-high/phh/ and the test fixtures):
every field and every action comes back equal. pokerkit, which reads the same format, plays what
export-phh writes to its end, and its payoffs agree with the award the engine computes. The
exercises import-phh writes carry questions only; `course check` computes every answer.
"""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory

from course import content
from course.asks import solvers
from course.cli import main
from course.content import verdict
from course.content.phh_import import (
    check_import, export_exercise, exercise_id_for, import_file, import_hand, seat_names,
)
from course.games import find_game
from course.content.phh import STUD_VARIANTS, PhhError, PhhRefusal, parse_phh, read_phh, write_phh

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent.parent / "fixtures" / "phh"
COURSE_HANDS = sorted((ROOT / "exercises" / "stud-high" / "phh").glob("*.phh"))
STUD_FIXTURES = [p for p in sorted(FIXTURES.glob("*.phh")) if read_phh(p).variant in STUD_VARIANTS]
HANDS = COURSE_HANDS + STUD_FIXTURES


def _registered(path: Path) -> bool:
    return find_game(STUD_VARIANTS[read_phh(path).variant]) is not None


def _imported(path: Path):
    imported = import_hand(read_phh(path))
    return imported, check_import(imported)


def test_the_course_has_real_hands_and_the_fixtures_cover_every_stud_variant():
    assert len(COURSE_HANDS) >= 3
    assert {read_phh(p).variant for p in STUD_FIXTURES} == set(STUD_VARIANTS)


# --- round trip ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_phh_to_exercise_to_phh_gives_the_same_fields_and_actions(path, tmp_path):
    original = read_phh(path)
    if not _registered(path):   # razz and stud hi-lo: refused by name until their game is registered
        with pytest.raises(PhhRefusal, match=rf"variant {original.variant} is {STUD_VARIANTS[original.variant]}, "
                                             "which the course does not teach yet"):
            import_hand(original)
        return
    target = import_file(path, tmp_path)
    exercise, problems = content.load_exercise(target)
    assert not problems and exercise.whole_hand
    back = parse_phh(write_phh(export_exercise(exercise)), "back.phh")
    for name in ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "optional"):
        assert getattr(back, name) == getattr(original, name), name
    assert [a.text() for a in back.actions] == [a.text() for a in original.actions]
    assert back == original


@pytest.mark.parametrize("path", [p for p in HANDS if _registered(p)], ids=lambda p: p.stem)
def test_pokerkit_plays_the_exported_hand_to_the_engines_award(path):
    """pokerkit plays what export-phh writes to its end; each player's payoff is the engine's
    award less what that player put in (antes and bets, from the engine's replay)."""
    _imported_hand, exercise = _imported(path)
    text = write_phh(export_exercise(exercise)).replace("inf", "1000")
    *_, (state, _action) = HandHistory.loads(text).state_actions
    assert not state.status
    award = solvers.answer(exercise, next(q for q in exercise.questions if q.ask == "award")).value
    from course.engine.state import HandState

    table = HandState.replay(exercise).table
    ours = [award.get(p, 0) - table.hands[p].paid for p in exercise.seats]
    assert [int(Decimal(p)) for p in state.payoffs] == ours


def test_a_whole_hand_written_for_the_course_goes_out_and_comes_back_the_same():
    """The course's own whole-hand exercise (written as events, never imported) exported, read by
    pokerkit to its end, and imported again: the same events, and the same engine answers."""
    path = ROOT / "exercises" / "stud-high" / "whole-hand-third-to-showdown.yaml"
    exercise, problems = content.load_exercise(path)
    assert not problems
    hand = export_exercise(exercise)
    hand.source = "whole-hand.phh"
    *_, (state, _action) = HandHistory.loads(write_phh(hand).replace("inf", "500")).state_actions
    assert not state.status
    imported = import_hand(parse_phh(write_phh(hand), "whole-hand.phh"))
    again = check_import(imported)
    def said(moves):  # what each move says; the original leaves some amounts to the engine
        return [(m.kind, m.player, m.card, m.up) for m in moves]

    assert said(again.moves) == said(exercise.moves)
    assert all(m.amount in (None, n.amount) for m, n in zip(exercise.moves, again.moves))
    for question in exercise.questions:
        twin = dataclasses.replace(question, answer=None)
        assert solvers.answer(again, twin).value == solvers.answer(exercise, question).value


# --- what an import holds ----------------------------------------------------------------------


def test_an_imported_exercise_asks_on_every_street_and_carries_no_answers():
    imported, exercise = _imported(ROOT / "exercises" / "stud-high" / "phh" / "four-handed-full-house.phh")
    asked = [(q.ask, q.params.get("street")) for q in exercise.questions]
    assert asked[:2] == [("bring_in", "third"), ("contributions", "third")]
    for street in ("fourth", "fifth", "sixth", "seventh"):
        assert ("opener", street) in asked and ("street_total", street) in asked
    assert [a for a, _ in asked[-4:]] == ["best_five", "best_five", "winners", "award"]
    assert all(q.answer is None for q in exercise.questions) and "answer:" not in imported.text
    solved = {(q.ask, q.params.get("street")): solvers.answer(exercise, q).value for q in exercise.questions}
    assert solved[("bring_in", "third")] == "Dee"          # two deuces showing: clubs is the lower suit
    assert solved[("opener", "sixth")] == "Cy"              # the kings pair up and now show the best
    assert solved[("winners", None)] == ["Ann"] and solved[("award", None)] == {"Ann": 80}


def test_a_hand_that_ends_before_the_showdown_asks_only_the_streets_it_reached():
    _imported_hand, exercise = _imported(ROOT / "exercises" / "stud-high" / "phh" / "fold-to-the-big-bet.phh")
    streets = {q.params.get("street") for q in exercise.questions}
    assert streets == {"third", "fourth", "fifth", None}
    assert not any(q.ask == "best_five" for q in exercise.questions)
    assert exercise.profile.stakes.small_bet == 10 and exercise.profile.stakes.bring_in == 3


def test_the_events_follow_the_engines_deal_order_and_keep_the_phh_line_of_each():
    imported, exercise = _imported(FIXTURES / "stud-high-showdown.phh")
    events = list(exercise.events)
    assert events[:3] == ["Ann antes 1", "Bob antes 1", "Cy antes 1"]
    assert events[3:6] == ["Ann is dealt K♥ down", "Bob is dealt Q♦ down", "Cy is dealt A♣ down"]
    assert events[9] == "Ann is dealt 3♣ up" and events[12] == "Ann brings in 2"
    lines = (FIXTURES / "stud-high-showdown.phh").read_text(encoding="utf-8").splitlines()
    assert imported.event_lines[12] is not None and '"p1 pb"' in lines[imported.event_lines[12] - 1]
    assert '"d dh p1 Kh9s3c"' in lines[imported.event_lines[3] - 1]


def test_names_become_one_word_seats_and_the_files_names_are_kept():
    text = (FIXTURES / "stud-high-showdown.phh").read_text(encoding="utf-8")
    hand = parse_phh(text.replace('["Ann", "Bob", "Cy"]', '["Ann Lee", "", "No"]'), "names.phh")
    assert seat_names(hand) == ["Ann_Lee", "p2", "No"]
    imported = import_hand(hand)
    exercise = check_import(imported)
    assert exercise.seats == ["Ann_Lee", "p2", "No"]
    assert export_exercise(exercise).optional["players"] == ["Ann Lee", "", "No"]
    assert exercise_id_for("Some Hand 3.phh") == "phh-some-hand-3"


# --- refusals: file, line and why --------------------------------------------------------------


def _stud(actions: str, antes: str = "[1, 1]", extra: str = "") -> str:
    return (f'variant = "F7S"\nantes = {antes}\nbring_in = 2\nsmall_bet = 4\nbig_bet = 8\n'
            f"starting_stacks = [100, 100]\nactions = [\n{actions}\n]\n{extra}")


HEADS_UP = ('  "d dh p1 AsKs2c",\n  "d dh p2 QdJd9h",\n  "p1 pb",\n  "p2 cbr 4",\n  "p1 cc",\n'
            '  "d dh p1 3c",\n  "d dh p2 4c",\n')


def _refusal(text: str, name: str = "hand.phh") -> PhhError:
    with pytest.raises(PhhError) as err:
        check_import(import_hand(parse_phh(text, name)))
    return err.value


def test_unknown_cards_are_refused_with_the_line():
    # an unknown shared card would be part of every hand still in: refused at its line
    err = _refusal(_stud('  "d db ??",\n  "d dh p2 QdJd9h",'))
    assert isinstance(err, PhhRefusal) and err.message.startswith("hand.phh:8: ") and "unknown (??)" in err.message


def test_a_bring_in_the_rules_give_to_someone_else_is_refused_at_its_line():
    err = _refusal(_stud('  "d dh p1 AsKs2c",\n  "d dh p2 QdJd9h",\n  "p2 pb",'))
    assert isinstance(err, PhhRefusal) and err.line == 10
    assert "the course's rules do not accept this hand as recorded" in err.message and "p2 brings in" in err.message


def test_a_mucked_hand_that_would_win_is_refused_and_a_losing_one_is_taken():
    later = "".join(f'  "d dh p1 {a}",\n  "d dh p2 {b}",\n  "p2 cc",\n  "p1 cc",\n'
                    for a, b in (("5c", "6c"), ("7c", "8c"), ("9c", "Tc")))
    seventh = HEADS_UP + '  "p2 cc",\n  "p1 cc",\n' + later   # p2's nine high showing acts first
    # p1: A♠ K♠ 2♣ 3♣ 5♣ 7♣ 9♣, a nine-high club flush; p2: Q♦ J♦ 9♥ 4♣ 6♣ 8♣ T♣, a queen-high straight
    err = _refusal(_stud(seventh + '  "p2 sm -",\n  "p1 sm",'))
    assert isinstance(err, PhhRefusal) and err.line == 30 and "p1 mucked a hand that wins" in err.message
    exercise = check_import(import_hand(parse_phh(_stud(seventh + '  "p2 sm",\n  "p1 sm -",'), "muck.phh")))
    assert "p2 mucked" in exercise.intro
    assert '"p2 sm",\n  "p1 sm -",\n]' in write_phh(export_exercise(exercise))


def test_winnings_the_award_does_not_match_are_refused():
    hand = (ROOT / "exercises" / "stud-high" / "phh" / "four-handed-full-house.phh").read_text(encoding="utf-8")
    err = _refusal(hand.replace("winnings = [80, 0, 0, 0]", "winnings = [78, 0, 0, 0]"), "rake.phh")
    assert isinstance(err, PhhRefusal) and "winnings [78, 0, 0, 0] differ from the course's award [80, 0, 0, 0]" \
        in err.message and err.message.startswith("rake.phh:")


def test_variants_map_by_name_and_an_unregistered_game_is_refused_by_name():
    for path in STUD_FIXTURES:
        game = STUD_VARIANTS[read_phh(path).variant]
        if find_game(game) is None:
            with pytest.raises(PhhRefusal, match=rf"no game '{game}' is registered"):
                import_hand(read_phh(path))
        else:
            exercise = check_import(import_hand(read_phh(path)))
            asked = {q.ask for q in exercise.questions}
            assert exercise.game == game and {"bring_in", "opener", "winners", "award"} <= asked
            if "halves" in find_game(game).stud_asks:    # a split pot: each half, and who has a low
                assert {"halves", "qualifies"} <= asked
    with pytest.raises(PhhRefusal, match="variant NT is not a stud game"):
        import_hand(read_phh(FIXTURES / "no-limit-holdem-example.phh"))


def test_export_refuses_an_exercise_of_one_street():
    exercise, _ = content.load_exercise(ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml")
    with pytest.raises(PhhRefusal, match="only a whole-hand exercise"):
        export_exercise(exercise)


def test_damaged_hands_are_imported_or_refused_with_a_phh_error_never_a_crash():
    rng = random.Random(7)
    for path in COURSE_HANDS:
        text = path.read_text(encoding="utf-8")
        for _ in range(40):
            i = rng.randrange(len(text))
            damaged = text[:i] + rng.choice(['"', "]", "#", "?", "p9", "", "\n", "x", "0", "2"]) + text[i + 1:]
            try:
                check_import(import_hand(parse_phh(damaged, "damaged.phh")))
            except PhhError as err:
                assert err.message.startswith("damaged.phh")


# --- the exercise's `phh:` key -------------------------------------------------------------------


@pytest.mark.parametrize("block, words", [
    ("starting_stacks = [1, 2", "this is not TOML"),
    ("variant = \"FR\"", "keeps variant, which the exercise says itself"),
    ("starting_stacks = [100, 100]", "expected an array with one entry for each of the 4 seats"),
    ("starting_stacks = [100, 100, 0, 100]", "not all positive numbers"),
    ("x = {a = 1}", "keeps x as a table"),
])
def test_a_bad_phh_key_is_named_at_its_line(block, words):
    path = ROOT / "exercises" / "stud-high" / "phh" / "four-handed-full-house.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("phh: |\n")
    end = text.index("events:\n")
    line = text[:start].count("\n") + 1
    exercise, problems = content.parse_exercise(text[:start] + f"phh: |\n  {block}\n" + text[end:], "bad.yaml")
    assert [p.line for p in problems] == [line] and words in problems[0].message, problems


def test_a_phh_key_needs_a_whole_hand():
    path = ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"
    text = path.read_text(encoding="utf-8") + "phh: |\n  event = \"x\"\n"
    _exercise, problems = content.parse_exercise(text, "one-street.yaml")
    assert any("it needs the hand's 'events'" in p.message for p in problems)


# --- the command line ------------------------------------------------------------------------------


def test_import_phh_writes_exercises_that_course_check_passes(tmp_path, capsys):
    paths = [str(p) for p in COURSE_HANDS]
    assert main(["import-phh", *paths, "--out", str(tmp_path)]) == 0
    written = sorted(tmp_path.glob("*.yaml"))
    assert [p.stem for p in written] == [p.stem for p in COURSE_HANDS]
    assert main(["check", *map(str, written)]) == 0
    assert "all valid" in capsys.readouterr().out
    course, problems = content.load_files(written), []
    problems = verdict.engine_problems(course.exercises.values())
    assert not course.problems and not problems


def test_the_course_files_are_what_import_phh_writes_today(tmp_path):
    """The exercises beside the .phh files are the importer's output: edit the .phh, import again.
    The one thing an author adds after importing is a question's `points:` (the rule points it
    tests, which a lesson's try-it names); everything else is the importer's."""
    def without_points(text: str) -> str:
        return "".join(line for line in text.splitlines(keepends=True) if not line.lstrip().startswith("points:"))

    for path in COURSE_HANDS:
        fresh = import_file(path, tmp_path)
        assert without_points(path.with_suffix(".yaml").read_text(encoding="utf-8")) == fresh.read_text(encoding="utf-8"), path.name


def test_import_phh_refuses_with_file_line_and_exit_status_1(tmp_path, capsys):
    bad = tmp_path / "unknown.phh"
    bad.write_text(_stud('  "d db ??",\n  "d dh p2 QdJd9h",'), encoding="utf-8")
    good = COURSE_HANDS[0]
    assert main(["import-phh", str(bad), str(good), "--out", str(tmp_path / "out")]) == 1
    out = capsys.readouterr()
    assert f"{bad}:8: " in out.err and "1 of 2 hand histories imported" in out.out
    assert (tmp_path / "out" / f"{good.stem}.yaml").is_file() and not (tmp_path / "out" / "unknown.yaml").exists()


def test_export_phh_writes_the_hand_and_refuses_what_it_cannot(tmp_path, capsys):
    target = tmp_path / "out.phh"
    source = COURSE_HANDS[0].with_suffix(".yaml")
    assert main(["export-phh", str(source), "--out", str(target)]) == 0
    assert read_phh(target) == dataclasses.replace(read_phh(COURSE_HANDS[0]), source=str(target))
    one_street = ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"
    assert main(["export-phh", str(one_street), "--out", str(tmp_path / "no.phh")]) == 1
    assert "only a whole-hand exercise" in capsys.readouterr().err and not (tmp_path / "no.phh").exists()


def test_a_hand_too_long_for_an_exercise_is_refused_before_the_engine_sees_it():
    raises = ",\n".join(f'"p{2 - i % 2} cbr {i + 3}"' for i in range(300))
    long = _stud('  "d dh p1 AsKs2c",\n  "d dh p2 QdJd9h",\n  "p1 pb",\n' + raises).replace(
        "[100, 100]", "[inf, inf]")
    with pytest.raises(PhhRefusal, match=r"long.phh:7: the hand needs 309 events, more than the 200"):
        import_hand(parse_phh(long, "long.phh"))
    huge = _stud(",\n".join(['"p1 cc"'] * 2001))
    with pytest.raises(PhhError, match=r"huge.phh:7: holds 2,001 actions: one hand history has at most 2,000"):
        parse_phh(huge, "huge.phh")


def test_rules_choose_the_profile_and_one_that_reads_the_hand_otherwise_refuses_it(tmp_path, capsys):
    """The deuce of clubs brings in by suit (the default profile, and WSOP); 1917Poker breaks a
    door-card tie by seat, so Bob's deuce brings in there, and the file's 'p4 pb' is refused."""
    hand = COURSE_HANDS[[p.stem for p in COURSE_HANDS].index("four-handed-full-house")]
    assert main(["import-phh", str(hand), "--out", str(tmp_path), "--rules", "wsop-2026"]) == 0
    assert "rules: wsop-2026\n" in (tmp_path / f"{hand.stem}.yaml").read_text(encoding="utf-8")
    assert main(["import-phh", str(hand), "--out", str(tmp_path / "x"), "--rules", "1917poker"]) == 1
    line = next(n for n, text in enumerate(hand.read_text(encoding="utf-8").splitlines(), 1) if '"p4 pb' in text)
    err = capsys.readouterr().err
    assert err.startswith(f"{hand}:{line}: the course's rules do not accept this hand as recorded: 'Dee brings in 2'")
    assert "Bob's turn" in err


# --- all-ins: imported once the exercise format has stacks, refused before ------------------------

ALL_IN = """\
variant = "F7S"
antes = [1, 1, 1]
bring_in = 2
small_bet = 4
big_bet = 8
starting_stacks = [200, 200, 7]
actions = [
  "d dh p1 Ks7d9c",
  "d dh p2 QcQd3h",
  "d dh p3 6hTdJc",
  "p2 pb",
  "p3 cbr 4",
  "p1 cc",
  "p2 cc",
  "d dh p1 Kh",
  "d dh p2 8s",
  "d dh p3 Tc",
  "p1 cbr 4",
  "p2 cc",
  "p3 cc",
  "d dh p1 2c",
  "d dh p2 Jd",
  "d dh p3 Ts",
  "p1 cc",
  "p2 cc",
  "d dh p1 9d",
  "d dh p2 5c",
  "d dh p3 3s",
  "p1 cc",
  "p2 cc",
  "d dh p1 Ad",
  "d dh p2 4s",
  "d dh p3 2d",
  "p1 cbr 8",
  "p2 f",
  "p1 sm -",
  "p3 sm -",
]
players = ["Ava", "Ben", "Cara"]
winnings = [4, 0, 21]
"""


def test_an_all_in_is_imported_with_stacks_once_the_format_has_them_and_refused_before():
    """Cara calls fourth street's bet with her last 2 chips (line 20). With stacks in the format
    she takes no further part, the main pot of 21 is hers with three tens, and the side pot of
    4 and Ava's unmatched 8 go to Ava; `winnings` (the pots collected) agree."""
    from course.content.phh_import import STACKS

    hand = parse_phh(ALL_IN, "allin.phh")
    if not STACKS:
        with pytest.raises(PhhRefusal, match=r"allin.phh:20: 'p3 cc': Cara is all in \(7 of a 7 stack\)"):
            import_hand(hand)
        return
    imported = import_hand(hand)
    exercise = check_import(imported)
    assert "stacks: {Ava: 200, Ben: 200, Cara: 7}" in imported.text
    assert "Cara calls" in exercise.events and "side_pots" in {q.ask for q in exercise.questions}
    award = next(q for q in exercise.questions if q.ask == "award")
    assert solvers.answer(exercise, award).value == {"Ava": 12, "Cara": 21}
    back = export_exercise(exercise)
    assert [a.text() for a in back.actions] == [a.text() for a in hand.actions]
    assert back.starting_stacks == hand.starting_stacks and back.optional == hand.optional
    *_, (state, _action) = HandHistory.loads(write_phh(back)).state_actions
    assert [int(Decimal(p)) for p in state.payoffs] == [-5, -9, 14]


def test_a_hand_that_stops_with_two_players_in_before_the_showdown_is_refused_at_its_last_line():
    """The record stops on fourth street with Ann and Bob still in: neither a showdown nor one
    player left, so no question may read a showdown (or an award) the hand never had."""
    path = FIXTURES / "refused" / "stud-high-stops-on-fourth.phh"
    with pytest.raises(PhhRefusal) as err:
        check_import(import_hand(read_phh(path)))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert err.value.message.startswith(f"{path}:{len(lines) - 2}: ")
    assert "stops on fourth street with Ann and Bob still in" in err.value.message
