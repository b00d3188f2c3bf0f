"""Horn-A-Vika's seven-player limit (OPR-535 1.3), worked out from the game's data: seven cards
each and the spit card out of one 52-card deck. The engine's refusal of an eighth seat and the
`seats_left` ask both read it from the spec."""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace

import pytest

from course.asks import asks_for, find_ask, solvers  # noqa: F401  (registers the stud asks)
from course.cards import DECK, parse_cards
from course.engine.seats import FinalHand
from course.engine.state import HandState
from course.errors import IllegalActionError
from course.games import HORN_STREETS, find_game
from course.rules import load_profile
from course.variants import horn_a_vika as hv
from tests.support.hand_replay import check_events

HORN = find_game("horn-a-vika")
NAMES = ["Ava", "Ben", "Cara", "Drew", "Eve", "Finn", "Gus", "Hana"]


def table_of(players: int, events=(), hands=None):
    """An exercise at stage 1 with `players` seats and no cards given (the events deal them)."""
    seats = NAMES[:players]
    hands = hands or {p: ("", "") for p in seats}
    return SimpleNamespace(
        seats=list(seats), hands={p: FinalHand(parse_cards(d), parse_cards(u)) for p, (d, u) in hands.items()},
        shared=[], pot=None, street="third", events=list(events), profile=load_profile("opr-535"),
        extra={}, game="horn-a-vika", actions=[], whole_hand=False, stacks=None)


def seats_left(exercise):
    return find_ask("horn-a-vika", "seats_left").solve(exercise, SimpleNamespace(ask="seats_left", params={}))


# --- the limit is data ----------------------------------------------------------------------

def test_the_spec_gives_seven_cards_each_one_spit_card_and_room_for_seven():
    assert HORN.cards_per_player == 7 and HORN.table_cards == 1
    assert HORN.players_dealt_in_full(len(DECK)) == 7 == hv.SEAT_LIMIT
    assert HORN.seat_limit_cite == "OPR-535 1.3"


def test_more_cards_to_the_table_or_to_each_player_leave_room_for_fewer():
    four_spits = dataclasses.replace(HORN, streets=tuple(
        dataclasses.replace(s, table=4) if s.table else s for s in HORN_STREETS))
    assert four_spits.table_cards == 4 and four_spits.players_dealt_in_full(52) == 6   # 48 // 7
    eighth_card = dataclasses.replace(HORN, streets=(*HORN_STREETS[:-2], dataclasses.replace(HORN_STREETS[-2], down=4),
                                                     dataclasses.replace(HORN_STREETS[-1], down=4)))
    assert eighth_card.cards_per_player == 8 and eighth_card.players_dealt_in_full(52) == 6   # 51 // 8
    assert HORN.players_dealt_in_full(57) == 8 and HORN.players_dealt_in_full(56) == 7


def test_a_stud_deck_with_no_table_card_would_seat_seven_in_full():
    # stud high seats eight only through its shared seventh card, not by dealing everyone in full
    assert find_game("stud-high").players_dealt_in_full(52) == 7


# --- the engine refuses an eighth player ----------------------------------------------------

def test_an_eighth_seat_is_refused_with_the_article_and_the_count():
    [(index, message)] = check_events(table_of(8, ["Hana antes"]))
    assert index == -1 and "2 to 7 players" in message and "OPR-535 1.3" in message
    assert "7 cards each plus the spit card" in message and "52-card deck" in message and "not 8" in message


def test_seven_seats_deal_every_card_and_the_spit_card():
    played = hv.random_deal(random.Random(7), 7, load_profile("opr-535"), match_chance=1.0, fold_chance=0.0)
    table = played.table
    dealt = sum(len(table.hands[p].cards) for p in table.seats) + len(table.shared)
    assert len(table.seats) == 7 and dealt == 7 * 7 + 1 <= len(DECK)


@pytest.mark.parametrize("players", [1, 8])
def test_random_play_refuses_a_table_the_deck_cannot_deal(players):
    with pytest.raises(ValueError, match=r"2 to 7 players.*OPR-535 1\.3"):
        hv.random_deal(random.Random(1), players, load_profile("opr-535"))


def test_the_refusal_follows_the_limit_the_spec_gives(monkeypatch):
    monkeypatch.setattr(hv, "SEAT_LIMIT", 6)
    assert "2 to 6 players" in hv.seats_problem(7) and hv.seats_problem(6) is None
    with pytest.raises(IllegalActionError, match="2 to 6 players"):
        HandState.replay(table_of(7, ["Gus antes"]))


# --- the seats_left ask ---------------------------------------------------------------------

def test_seats_left_is_a_horn_a_vika_ask_answered_in_units():
    ask = asks_for("horn-a-vika")["seats_left"]
    assert ask.kind == "units" and "seats_left" not in asks_for("have-a-heart")


@pytest.mark.parametrize("players", range(2, 8))
def test_seats_left_is_seven_less_the_seats_taken(players):
    answer = seats_left(table_of(players, [f"{NAMES[players - 1]} antes"]))
    assert answer.value == 7 - players
    assert any("OPR-535 1.3" in step.cite for step in answer.steps)
    assert "OPR-535 1.3" in answer.steps[-1].cite          # the deciding step rests on the article
    texts = " ".join(step.text for step in answer.steps)
    assert "7 cards" in texts and "spit card" in texts and "52" in texts and "57" in texts


def test_a_folded_player_still_takes_a_seat():
    events = ["Drew antes",
              "Ava is dealt 2♣ down", "Ben is dealt 3♣ down", "Cara is dealt 4♣ down", "Drew is dealt 5♣ down",
              "Ava is dealt 2♦ down", "Ben is dealt 3♦ down", "Cara is dealt 4♦ down", "Drew is dealt 5♦ down",
              "Ava is dealt 9♠ up", "Ben is dealt K♥ up", "Cara is dealt 7♠ up", "Drew is dealt 8♥ up",
              "Ben bets 2", "Cara folds", "Drew folds", "Ava calls"]
    answer = seats_left(table_of(4, events))
    assert answer.value == 3
    assert "Cara and Drew folded, but were dealt in all the same" in answer.steps[-1].text


def test_a_full_table_has_no_seat_left():
    answer = seats_left(table_of(7, ["Gus antes"]))
    assert answer.value == 0 and "the table is full" in answer.steps[-1].text
