"""course/content/phh.py: PHH hand histories read, written back and read as the course writes a deal.

The fixture hands (tests/fixtures/phh/) are written in the format of the public PHH specification:
three stud-family hands made for the course and the specification's two example hands. pokerkit,
which reads the same format, is the differential check: it must read what we write as the same
hand, play every fixture to its end (so the actors and amounts are legal), and agree with our
running totals of what each player has put in and with our face-up and face-down cards.
"""

import dataclasses
from pathlib import Path

import pytest
from pokerkit import HandHistory

from course.cards import Card
from course.content.phh import (
    PhhError, PhhHand, PhhRefusal, cards_text, parse_phh, parse_phh_cards, read_phh, stud_hand, stud_to_phh,
    write_phh, write_phh_file,
)

FIXTURES = Path(__file__).parent.parent / "fixtures" / "phh"
ALL = sorted(FIXTURES.glob("*.phh"))
STUD = [p for p in ALL if read_phh(p).variant in ("F7S", "FR", "F7S/8")]


def test_the_fixtures_cover_every_stud_variant_and_both_specification_examples():
    assert {read_phh(p).variant for p in ALL} == {"F7S", "FR", "F7S/8", "NT", "F2L3D"}


# --- round trip ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_reading_what_we_write_gives_the_same_hand_and_the_same_text(path, tmp_path):
    hand = read_phh(path)
    text = write_phh(hand)
    again = parse_phh(text, "written.phh")
    assert again == hand
    assert write_phh(again) == text
    written = write_phh_file(hand, tmp_path / path.name)
    assert read_phh(written) == hand


def _fields(history: HandHistory) -> dict:
    return {f.name: getattr(history, f.name) for f in dataclasses.fields(history)
            if f.name not in ("automations", "parse_value")}


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_pokerkit_reads_what_we_write_as_the_hand_it_reads_from_the_file(path):
    original = HandHistory.loads(path.read_text(encoding="utf-8"))
    ours = HandHistory.loads(write_phh(read_phh(path)))
    assert _fields(ours) == _fields(original)
    played = [action for state, action in ours.state_actions if action is not None]
    assert played == original.actions
    *_, (state, _last) = ours.state_actions
    assert not state.status  # played to its end: pokerkit found every actor and amount legal


def test_commentary_and_no_ops_survive_and_toml_comments_do_not():
    text = (FIXTURES / "stud-high-showdown.phh").read_text(encoding="utf-8")
    hand = parse_phh(text)
    opens = next(a for a in hand.actions if a.comment)
    assert opens.comment == "a pair of sevens showing opens" and opens.amount == 8
    assert "the three of clubs is the lowest door card" not in write_phh(hand)  # a TOML comment
    noop = parse_phh(text.replace('"p1 pb",', '"p1 pb", "# the dealer calls the bring-in", "",'))
    assert [a.text() for a in noop.actions[4:6]] == ["# the dealer calls the bring-in", ""]
    assert parse_phh(write_phh(noop)) == noop


def test_the_line_of_every_action_is_known():
    hand = read_phh(FIXTURES / "razz-pair-counts-against.phh")
    lines = (FIXTURES / "razz-pair-counts-against.phh").read_text(encoding="utf-8").splitlines()
    for action in hand.actions:
        assert f'"{action.text()}' in lines[action.line - 1] or action.text().split(" #")[0] in lines[action.line - 1]


def test_cards_both_ways():
    assert parse_phh_cards("Th9c??") == (Card.parse("10♥"), Card.parse("9♣"), None)
    assert cards_text(parse_phh_cards("AsKd??2c")) == "AsKd??2c"
    with pytest.raises(ValueError, match="'1s' in '1sKd' is not a PHH card"):
        parse_phh_cards("1sKd")


# --- the stud reading, checked against pokerkit --------------------------------------------


def _prefix(hand: PhhHand, count: int) -> PhhHand:
    return dataclasses.replace(hand, actions=hand.actions[:count])


@pytest.mark.parametrize("path", STUD, ids=lambda p: p.stem)
def test_running_totals_and_card_faces_agree_with_pokerkit(path):
    hand = read_phh(path)
    history = HandHistory.loads(path.read_text(encoding="utf-8"))
    checked = count = 0
    hand_texts = [a.text() for a in hand.actions]
    for state, action in history.state_actions:  # pokerkit yields one state object, changed in place
        if action is None:
            continue  # the state before the first action
        count += 1
        if not state.status:
            break  # the hand is over: pokerkit has pushed the pot to the winners
        ours = stud_hand(_prefix(hand, count))
        spent = [start - stack for start, stack in zip(hand.starting_stacks, state.stacks)]
        assert [ours.contributed[p] for p in ours.seats] == spent, hand.actions[count - 1]
        showing = any(" sm" in a for a in hand_texts[:count])  # pokerkit turns shown cards face up
        for i, player in enumerate(ours.seats):
            if state.hole_cards[i] and not showing:
                theirs = [(repr(c), up) for c, up in zip(state.hole_cards[i], state.hole_card_statuses[i])]
                assert [(cards_text([c.card]), c.up) for c in ours.cards[player]] == theirs
        checked += 1
    assert checked > 20


def test_a_stud_hand_reads_as_the_course_writes_a_deal():
    deal = stud_hand(read_phh(FIXTURES / "stud-high-showdown.phh"))
    assert deal.game == "stud-high" and deal.seats == ["Ann", "Bob", "Cy"]
    assert deal.stakes == {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}
    assert [str(c) for c in deal.down("Ann")] == ["K♥", "9♠", "K♠"]
    assert [str(c) for c in deal.up("Bob")] == ["7♥", "2♠", "7♣", "10♦"]
    texts = [m.text for m in deal.moves if m.kind != "deal"]
    assert texts[:4] == ["Ann brings in", "Bob completes to 4", "Cy calls", "Ann calls"]
    raise_ = next(m for m in deal.moves if m.kind == "raise")
    assert (raise_.street, raise_.text, raise_.line, raise_.amount) == ("sixth", "Ann raises to 16", 35, 16)
    assert deal.folded == ["Cy"] and deal.shown == {"Ann": True, "Bob": True}
    assert stud_hand(read_phh(FIXTURES / "razz-pair-counts-against.phh")).game == "razz"
    assert stud_hand(read_phh(FIXTURES / "hi-lo-split.phh")).game == "stud-hi-lo"


def test_a_shared_seventh_card_is_read_as_the_course_deals_it():
    players = 8
    ranks = "23456789TJQKA"
    deal = [f"{ranks[i % 13]}{'cdhs'[i // 13]}" for i in range(52)]
    actions = [f"d dh p{p + 1} {deal[3 * p]}{deal[3 * p + 1]}{deal[3 * p + 2]}" for p in range(players)]
    used = 3 * players
    for _street in range(3):
        actions += [f"d dh p{p + 1} {deal[used + p]}" for p in range(players)]
        used += players
    actions.append(f"d db {deal[used]}")
    text = (f"variant = \"F7S\"\nantes = {[0] * players}\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
            f"starting_stacks = {[100] * players}\nactions = {actions!r}\n").replace("'", '"')
    hand = stud_hand(parse_phh(text))
    assert hand.shared == Card.parse(deal[used].replace("T", "10")) and hand.moves[-1].text.startswith("shared ")


@pytest.mark.parametrize("path", STUD, ids=lambda p: p.stem)
def test_phh_to_the_course_and_back_to_phh_is_the_same_hand(path):
    """PHH -> the course's deal and moves -> PHH: the same deal, the same moves, and a file that
    pokerkit plays to the same end (the same final stacks) as the original."""
    hand = read_phh(path)
    deal = stud_hand(hand)
    back = stud_to_phh(deal, hand.starting_stacks)
    assert stud_hand(back) == deal
    same = [f"{a.actor} sm -" if a.shown == "cards" else a.text().split(" #")[0] for a in hand.actions if a.verb]
    assert [a.text() for a in back.actions] == same  # a shown hand is written '-': the cards dealt
    ours, theirs = HandHistory.loads(write_phh(back)), HandHistory.loads(path.read_text(encoding="utf-8"))
    *_, (mine, _a) = ours.state_actions
    mine_stacks = list(mine.stacks)
    *_, (original, _b) = theirs.state_actions
    assert mine_stacks == list(original.stacks)


def test_a_course_hand_without_stacks_is_written_with_unknown_stacks():
    deal = stud_hand(read_phh(FIXTURES / "razz-pair-counts-against.phh"))
    text = write_phh(stud_to_phh(deal, event="A razz hand"))
    assert "starting_stacks = [inf, inf, inf]" in text and 'event = "A razz hand"' in text
    assert stud_hand(parse_phh(text)) == deal
    *_, (state, _action) = HandHistory.loads(text).state_actions
    assert list(state.payoffs) == [-3, 44, -41]  # pokerkit plays it: Bob's six-four low takes Cy's 41 and Ann's 3


# --- refusals: what the course cannot express yet, with the line and the reason ---------------


def _stud(actions: str, stacks: str = "[100, 100]", antes: str = "[1, 1]", extra: str = "") -> str:
    return (f'variant = "F7S"\nantes = {antes}\nbring_in = 2\nsmall_bet = 4\nbig_bet = 8\n'
            f"starting_stacks = {stacks}\nactions = [\n{actions}\n]\n{extra}")


HEADS_UP = '  "d dh p1 AsKs2c",\n  "d dh p2 QdJd9h",\n  "p1 pb",\n'


def test_unknown_cards_are_refused_with_the_line_and_why():
    with pytest.raises(PhhRefusal) as err:
        stud_hand(parse_phh(_stud('  "d dh p1 ????2c",\n  "d dh p2 QdJd9h",'), "hand.phh"))
    assert str(err.value).startswith("hand.phh:8: 'd dh p1 ????2c': p1's card is unknown (??)")
    assert "the course needs every card" in str(err.value)


def test_an_all_in_is_refused_with_the_line_and_why():
    with pytest.raises(PhhRefusal) as err:
        stud_hand(parse_phh(_stud(HEADS_UP + '  "p2 cbr 4",\n  "p1 cbr 8",\n  "p2 cbr 12",', "[100, 13]"),
                            "allin.phh"))
    assert str(err.value).startswith("allin.phh:13: 'p2 cbr 12': p2 is all in (13 of a 13 stack)")
    assert "cannot express an all-in yet" in str(err.value)
    with pytest.raises(PhhRefusal, match=r"'p1 cc': p1 is all in \(10 of a 10 stack\)"):  # 1 of the 4 owed
        stud_hand(parse_phh(_stud(HEADS_UP + '  "p2 cbr 4",\n  "p1 cbr 8",\n  "p2 cbr 12",\n  "p1 cc",', "[10, 100]")))
    with pytest.raises(PhhError, match="would put in 14, more than the starting stack of 13"):
        stud_hand(parse_phh(_stud(HEADS_UP + '  "p2 cbr 4",\n  "p1 cbr 8",\n  "p2 cbr 13",', "[100, 13]")))
    with pytest.raises(PhhRefusal, match="all in for the ante"):
        stud_hand(parse_phh(_stud(HEADS_UP, "[100, 1]")))
    assert stud_hand(parse_phh(_stud(HEADS_UP + '  "p2 cbr 4",', "[100, inf]"))).contributed["p2"] == 5


@pytest.mark.parametrize("text, line, words", [
    (_stud(HEADS_UP, antes="[1, 2]"), 2, "antes [1, 2] differ between players"),
    (_stud(HEADS_UP, antes="[0.5, 0.5]"), 2, "antes holds 0.5: the course counts whole units only"),
    (_stud(HEADS_UP + '  "p2 cbr 4.5",'), 11, "4.5 is not a whole number of units"),
    (_stud(HEADS_UP + '  "p2 cbr 4",\n  "p1 cc",\n  "p1 sm AsKs",'), 13, "lists every card p1 was dealt"),
])
def test_what_the_course_cannot_take_is_named(text, line, words):
    with pytest.raises(PhhError) as err:
        stud_hand(parse_phh(text, "x.phh"))
    assert err.value.line == line and words in str(err.value) and str(err.value).startswith(f"x.phh:{line}: ")


def test_other_games_and_big_tables_are_refused():
    with pytest.raises(PhhRefusal, match=r"no-limit-holdem-example.phh:3: variant NT is not a stud game"):
        stud_hand(read_phh(FIXTURES / "no-limit-holdem-example.phh"))
    nine = _stud("", stacks=str([50] * 9), antes=str([1] * 9))
    with pytest.raises(PhhRefusal, match="9 players: a stud table seats at most 8"):
        stud_hand(parse_phh(nine))


# --- bad input: the file, the line, and what was expected ------------------------------------


@pytest.mark.parametrize("text, line, words", [
    ('variant = "F7S"\nantes = [1, 1\n', 2, "not valid TOML (Unclosed array)"),
    ('variant = "F7S"\nantes = [1, 1]]\n', 2, "not valid TOML"),
    (_stud('  "d dh p1 AsKs2c",\n  "d dh p2 QdJd1h",'), 9, "'1h' in 'QdJd1h' is not a PHH card"),
    (_stud('  "d dh p1 AsKs2c",\n  "p3 f",'), 9, "there are 2 players (p1 to p2)"),
    (_stud('  "d dh p1 AsKs2c",\n  "p1 xx",'), 9, "a player's actions are pb, cbr, cc, f, sm and sd"),
    (_stud('  "d dh p1 AsKs2c",\n  "p1 cbr lots",'), 9, "'lots' is not an amount"),
    (_stud('  "d dh p1 AsKs2c",\n  "p1 sd",'), 9, "F7S is a stud game: nobody discards"),
    (_stud("", antes="[1, 1, 1]"), 2, "antes has 3 values but starting_stacks has 2"),
    (_stud("", stacks="[100, 0]"), 6, "starting_stacks holds 0"),
    (_stud("").replace('variant = "F7S"', 'variant = "F7X"'), 1, "variant 'F7X' is not a PHH variant code"),
    (_stud("").replace("bring_in = 2\n", ""), None, "has no bring_in field, which variant F7S requires"),
    (_stud("", extra="min_bet = 2\n"), 10, "min_bet is set, but variant F7S has none"),
    (_stud("", extra="[1]\nvariant = 1\n"), 10, "holds a table [1]"),
])
def test_bad_input_names_the_file_the_line_and_what_was_expected(text, line, words):
    with pytest.raises(PhhError) as err:
        parse_phh(text, "bad.phh")
    assert err.value.line == line and words in str(err.value), str(err.value)
    assert str(err.value).startswith(f"bad.phh:{line}: " if line else "bad.phh: ")


@pytest.mark.parametrize("actions, words", [
    ('  "d dh p1 AsKs2c",\n  "d dh p2 AsJd9h",', "A♠ is dealt twice (first on line 8)"),
    ('  "d dh p1 AsKs",', "three cards on third street"),
    (HEADS_UP + '  "p2 f",\n  "d dh p2 5c",', "p2 has folded and is dealt nothing more"),
    (HEADS_UP + '  "p2 cbr 2",', "goes to more than the 2 already bet"),
    ('  "d dh p1 AsKs2c",\n  "p1 pb",', "p2 has no cards yet"),
])
def test_a_deal_that_breaks_its_own_logic_is_named(actions, words):
    with pytest.raises(PhhError, match="deal.phh:") as err:
        stud_hand(parse_phh(_stud(actions), "deal.phh"))
    assert words in str(err.value) and not isinstance(err.value, PhhRefusal)


def test_an_unreadable_file_is_named(tmp_path):
    missing = tmp_path / "nope.phh"
    with pytest.raises(PhhError, match="nope.phh: cannot be read"):
        read_phh(missing)
    binary = tmp_path / "bin.phh"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(PhhError, match="bin.phh: not UTF-8 text"):
        read_phh(binary)


def test_a_huge_or_deeply_nested_file_is_refused_not_crashed_on():
    with pytest.raises(PhhError, match="characters long: one hand history is at most"):
        parse_phh("x = 1\n" * 300_000, "big.phh")
    with pytest.raises(PhhError, match="deep.phh"):
        parse_phh("x = " + "[" * 5000 + "]" * 5000, "deep.phh")


def test_damaged_files_raise_only_phh_errors():
    """Every one-character damage of every fixture is read, or refused with a PhhError: nothing
    else escapes (a broken upload must never take down the caller)."""
    import random

    rng = random.Random(3)
    tried = 0
    for path in ALL:
        text = path.read_text(encoding="utf-8")
        for _ in range(150):
            i = rng.randrange(len(text))
            damaged = text[:i] + rng.choice(['"', "[", "]", "#", "?", "p9", "", "\n", "=", "x", "0"]) + text[i + 1:]
            try:
                hand = parse_phh(damaged, "damaged.phh")
                write_phh(hand)
                if hand.variant in ("F7S", "FR", "F7S/8"):
                    stud_hand(hand)
            except PhhError as err:
                assert str(err).startswith("damaged.phh")
            tried += 1
    assert tried == 150 * len(ALL)
