"""The one hand state: random play of every game through HandState, with verify / can / apply
agreeing on every move (legal and illegal), cards and chips conserved, and the ledger cited.
Whole hands run from the antes through every street's deal and betting to the showdown, which
is a move of its own.

The slow run plays 1,000 seeded whole hands per game (`make test` runs it); the default runs
play smaller samples, of whole hands and of single exercise-like streets."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest

from course.cards import DECK
from course.engine.state import HandState
from course.engine.stud import random_deal as stud_random_deal
from course.errors import CourseError, IllegalActionError
from course.games import GAMES
from course.model import Hand
from course.rules import default_profile

HOME = [name for name, spec in GAMES.items() if spec.moves == "events"]
STUD = [name for name, spec in GAMES.items() if spec.moves == "actions"]


def exercise(game: str, profile, **fields):
    base = dict(game=game, seats=[], hands={}, shared=[], pot=0, street="third", events=[], actions=[],
                profile=profile, stakes=profile.stakes, extra={}, folded=[])
    base.update(fields)
    return SimpleNamespace(**base)


def check_move(state: HandState, move: str, wrong: str) -> None:
    """`move` is legal: verify, can and apply agree. `wrong` may or may not be: they agree too,
    and a refused move changes nothing."""
    assert state.can(move), move
    state.verify(move)
    before = (len(state.ledger), state.pot, Counter(state.cards()))
    allowed = state.can(wrong)
    try:
        state.verify(wrong)
        verified = True
    except CourseError:
        verified = False
    assert allowed == verified, wrong
    assert (len(state.ledger), state.pot, Counter(state.cards())) == before   # verify changed nothing
    if not allowed:
        with pytest.raises(CourseError):
            state.apply(wrong)
        assert (len(state.ledger), state.pot) == before[:2]
    entry = state.apply(move)
    assert entry.n == len(state.ledger) and entry.move == move and entry.cite, entry
    assert entry.pot == state.pot and entry.added == state.pot - before[1]


def conserved(state: HandState, dealt: int) -> None:
    cards = state.cards()
    assert len(cards) == len(set(cards)) == dealt           # no card twice, none lost or invented
    assert state.pot == sum(e.added for e in state.ledger) + (state.exercise.pot or 0)


def play_home(game: str, seed: int) -> int:
    rng = random.Random(seed)
    profile = default_profile(game)
    module = GAMES[game].module()
    players = rng.randint(2, 7)
    played = module.random_deal(rng, players, profile)
    seats = [f"P{i + 1}" for i in range(players)]
    state = HandState.start(exercise(game, profile, seats=seats))
    dealt = 0
    for n, move in enumerate(played.texts):
        wrong = played.texts[n - 1] if n else f"{seats[-1]} bets 1"
        check_move(state, move, wrong)
        dealt += any(word in move for word in (" is dealt ", "spit ", "shared "))
        conserved(state, dealt)
    assert len(state.cards()) == len(DECK) - len(played.deck)
    return len(played.texts)


def play_stud(game: str, seed: int) -> int:
    rng = random.Random(seed)
    profile = default_profile(game)
    spec = GAMES[game]
    street = rng.choice(spec.betting_streets)
    down, up = spec.cards_on(street)
    players = rng.randint(2, min(8, len(DECK) // (down + up)))
    deck = list(DECK)
    rng.shuffle(deck)
    seats = [f"P{i + 1}" for i in range(players)]
    hands = {p: Hand([deck.pop() for _ in range(down)], [deck.pop() for _ in range(up)]) for p in seats}
    state = HandState.start(exercise(game, profile, seats=seats, hands=hands, street=street, pot=10))
    moves = 0
    while state.table.to_act is not None:
        legal = state.legal_betting()
        assert legal, "a round still open offers a move"
        move = rng.choice(legal)
        others = [p for p in seats if p != state.table.to_act]
        check_move(state, move, f"{rng.choice(others)} checks")
        conserved(state, players * (down + up))
        moves += 1
    return moves


def play_whole(game: str, seed: int) -> int:
    """A whole hand from the antes to the showdown through `HandState.new_hand`."""
    rng = random.Random(seed)
    spec, profile = GAMES[game], default_profile(game)
    players = rng.randint(2, 7)
    played = (stud_random_deal(rng, players, profile, spec) if game in STUD
              else spec.module().random_deal(rng, players, profile))
    seats = [f"P{i + 1}" for i in range(players)]
    state = HandState.new_hand(game, seats, profile)
    dealt = 0
    for n, move in enumerate(played.texts):
        check_move(state, move, "showdown" if n % 2 else (played.texts[n - 1] if n else f"{seats[-1]} bets 1"))
        dealt += any(word in move for word in (" is dealt ", "spit ", "shared "))
        conserved(state, dealt)
    assert state.award is None
    check_move(state, "showdown", played.texts[-1])
    shown = state.ledger[-1]
    assert shown.move == "showdown" and shown.added == 0 and shown.cite and state.award is not None
    assert sum(state.award.value.values()) == state.pot             # every chip goes to a winner
    assert set(state.award.value) <= set(state.table.live)
    assert not state.can("showdown") and not state.can(played.texts[-1])   # the hand is over
    return len(played.texts) + 1


def run(game: str, deals: int, seed: int) -> int:
    play = play_stud if game in STUD else play_home
    return sum(play(game, seed + n) for n in range(deals))


@pytest.mark.parametrize("game", list(GAMES))
def test_random_play_through_the_one_hand_state(game):
    assert run(game, 20, 10) > 20


@pytest.mark.parametrize("game", list(GAMES))
def test_whole_hands_from_the_antes_to_the_showdown(game):
    assert sum(play_whole(game, 50 + n) for n in range(8)) > 8 * 20


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_whole_hands_1000_seeded_deals_per_game(game):
    assert sum(play_whole(game, 5000 + n) for n in range(1000)) > 1000 * 20


def test_the_showdown_waits_for_the_end_of_the_hand():
    profile = default_profile("stud-high")
    state = HandState.new_hand("stud-high", ["Ava", "Ben"], profile)
    with pytest.raises(IllegalActionError) as err:
        state.verify("showdown")
    assert "not over" in err.value.reason and err.value.index == 0 and err.value.cite


def test_a_refused_home_move_names_its_index_and_rule():
    profile = default_profile("have-a-heart")
    state = HandState.start(exercise("have-a-heart", profile, seats=["Ava", "Ben"]))
    state.apply("Ava antes")
    with pytest.raises(IllegalActionError) as err:
        state.verify("Ava antes")
    assert err.value.index == 1 and err.value.action == "Ava antes" and err.value.cite
