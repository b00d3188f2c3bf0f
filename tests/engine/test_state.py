"""The one hand state: random play of every game through HandState, with verify / can / apply
agreeing on every move (legal and illegal), cards and chips conserved, and the ledger cited.
Whole hands run from the antes through every street's deal and betting to the showdown, which
is a move of its own.

The slow run plays 1,000 seeded whole hands per game (`make test-full` runs it); the default runs
play smaller samples, of whole hands and of single exercise-like streets."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest

from course.engine.betting import Action, BettingRound, Verb
from course.cards import DECK, Card
from course.engine.state import HandState
from course.engine.stud import SHARED
from course.engine.stud import random_deal as stud_random_deal
from course.errors import CourseError, IllegalActionError
from course.games import GAMES, MAX_SEATS
from course.model import Hand
from course.rules import default_profile
from course.engine.showdown import showdown, split_pot
from course.engine.turn import needs_shared_card

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
    while state.round.to_act is not None:
        legal = state.legal_betting()
        assert legal, "a round still open offers a move"
        move = rng.choice(legal)
        others = [p for p in seats if p != state.round.to_act]
        check_move(state, move, f"{rng.choice(others)} checks")
        conserved(state, players * (down + up))
        moves += 1
    return moves


def play_whole(game: str, seed: int) -> int:
    """A whole hand from the antes to the showdown through `HandState.new_hand`."""
    rng = random.Random(seed)
    spec, profile = GAMES[game], default_profile(game)
    players = rng.randint(2, MAX_SEATS if game in STUD else 7)    # eight at stud: the shared card
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


# --- the shared seventh card in whole Stud High hands --------------------------------------------

EIGHT = [f"P{i + 1}" for i in range(8)]
STUD_HIGH = default_profile("stud-high")
SHARED_RULE = STUD_HIGH.option("shared_card")
SEED = 6    # a shuffle whose shared card changes the winner, and where P8 never brings in


def at_seventh(table) -> bool:
    """Sixth street's betting is over and the last stage's cards are next."""
    return table.stage == len(table.stages) - 1 and table.round_done


def play_on(state: HandState, deck: list[Card], folds: dict[str, int] | None = None, until=None) -> None:
    """Play a Stud High hand on: antes, the cards as the table asks for them from the end of
    `deck`, and every player checks, calls or brings in, except that a player of `folds` folds at
    their first turn in that stage (1: third street). Stops when `until(table)` holds, else when
    the hand is over."""
    while not state.table.over and not (until and until(state.table)):
        table = state.table
        nxt = table.next_deal()
        if table.needs_ante():
            move = f"{table.needs_ante()[0]} antes"
        elif nxt == SHARED:
            move = f"shared {deck.pop()}"
        elif nxt is not None:
            move = f"{nxt[0]} is dealt {deck.pop()} {'up' if nxt[1] else 'down'}"
        else:
            rnd = table.round or table.new_round()
            legal = [str(a) for a in rnd.legal_moves()]
            fold = f"{rnd.to_act} folds"
            move = fold if (folds or {}).get(rnd.to_act) == table.stage and fold in legal else next(
                m for m in legal if m.endswith((" checks", " calls")) or " brings in" in m)
        state.apply(move)


def eight_handed(seed: int, folds: dict[str, int] | None = None, until=None) -> tuple[HandState, list[Card]]:
    """Eight players on a deck shuffled by `seed`, played on by `play_on`."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    state = HandState.new_hand("stud-high", EIGHT, STUD_HIGH)
    play_on(state, deck, folds, until)
    return state, deck


def dealt_cards(state: HandState) -> dict[str, list[Card]]:
    """Each player's cards, read from the deal moves of the ledger (not from the table)."""
    own = {p: [] for p in state.table.seats}
    for entry in state.ledger:
        if " is dealt " in entry.move:
            own[entry.player].append(Card.parse(entry.move.split()[3]))
    return own


def test_eight_players_at_seventh_street_share_one_face_up_card_and_all_use_it():
    state, deck = eight_handed(SEED)
    shared = [e for e in state.ledger if e.move.startswith("shared ")]
    assert len(shared) == 1 and len(deck) == 52 - 8 * 6 - 1       # 48 cards out, then one more
    card = Card.parse(shared[0].move.split()[1])
    own = dealt_cards(state)
    assert state.table.live == EIGHT and all(len(own[p]) == 6 for p in EIGHT)
    assert state.table.shared == [card] and Counter(state.cards()) == Counter([*sum(own.values(), []), card])
    assert set(SHARED_RULE.cite) <= set(shared[0].cite) and "4 cards are left" in shared[0].text
    assert state.ledger[-1].n > shared[0].n                          # seventh street's betting followed
    state.apply("showdown")
    winners = showdown({p: own[p] + [card] for p in EIGHT}, profile=STUD_HIGH).value
    assert state.award.value == split_pot(state.pot, winners, EIGHT, profile=STUD_HIGH).value
    without = showdown({p: own[p] for p in EIGHT}, profile=STUD_HIGH).value
    assert set(winners) != set(without)                              # the shared card decided this pot


@pytest.mark.parametrize("fold_stage, cards_left, shared", [
    (1, 52 - 7 * 6 - 3, False),    # P8 folds on third street with 3 cards: 7 left, one each for 7
    (2, 52 - 7 * 6 - 4, True),     # P8 folds on fourth street with 4 cards: 6 left for 7
])
def test_with_one_of_eight_folded_the_table_follows_the_cards_left(fold_stage, cards_left, shared):
    state, deck = eight_handed(SEED, {"P8": fold_stage}, until=at_seventh)
    assert state.table.live == EIGHT[:7] and len(dealt_cards(state)["P8"]) == 2 + fold_stage
    assert len(deck) == cards_left and needs_shared_card(7, STUD_HIGH, cards_left=cards_left).value is shared
    seen = len(state.ledger)
    play_on(state, deck)
    seventh = [e.move for e in state.ledger[seen:] if e.player is None or " is dealt " in e.move]
    assert len(seventh) == (1 if shared else 7)
    assert all(m.startswith("shared ") for m in seventh) if shared else all(m.endswith(" down") for m in seventh)
    assert len(state.cards()) == 52 - len(deck) == (47 if shared else 52)   # without it, the deck runs out
    state.apply("showdown")
    assert sum(state.award.value.values()) == state.pot


def test_a_seventh_card_to_one_player_is_refused_when_the_shared_card_is_due():
    state, deck = eight_handed(SEED, until=at_seventh)
    with pytest.raises(IllegalActionError) as err:
        state.verify(f"{state.table.live[0]} is dealt {deck[-1]} down")
    assert "shared <card>" in err.value.reason and set(SHARED_RULE.cite) <= set(err.value.cite)
    state.apply(f"shared {deck.pop()}")
    with pytest.raises(IllegalActionError) as err:
        state.verify(f"shared {deck[-1]}")                           # only one shared card
    assert set(SHARED_RULE.cite) <= set(err.value.cite)


def test_a_shared_card_is_refused_when_it_is_not_due():
    state, deck = eight_handed(SEED, {"P8": 1}, until=at_seventh)     # 7 cards left for 7 players
    with pytest.raises(IllegalActionError) as err:
        state.verify(f"shared {deck[-1]}")
    assert "only when the deck runs short" in err.value.reason and set(SHARED_RULE.cite) <= set(err.value.cite)
    early, deck = eight_handed(SEED, until=lambda table: table.stage == 1 and table.round_done)
    with pytest.raises(IllegalActionError) as err:
        early.verify(f"shared {deck[-1]}")                           # fourth street is everyone's own
    assert "seventh street" in err.value.reason and set(SHARED_RULE.cite) <= set(err.value.cite)


def _accepted(rnd) -> set[str]:
    """Every action the round accepts now, found the slow way: each verb at every amount."""
    p = rnd.to_act
    if p is None:
        return set()
    top = rnd.to_match + 4 * max([rnd.stakes.big_bet, *rnd.steps_allowed(p)])
    candidates = [Action(p, verb) for verb in Verb if verb is not Verb.ANTE]
    candidates += [Action(p, verb, amount) for verb in (Verb.BET, Verb.RAISE) for amount in range(1, top + 1)]
    return {str(rnd.verify(a)) for a in candidates if rnd.can(a)}


def _play_comparing(monkeypatch, game: str, seeds: int, players: tuple[int, int], stacked: bool) -> list[tuple]:
    """Random whole hands of `game` with every move list checked against `_accepted`; each
    turn's (moves listed, anyone all in). `stacked`: about seven players in ten get a stack,
    from all in on the ante to deep."""
    real = BettingRound.legal_moves
    turns = []

    def compared(rnd):
        legal = real(rnd)
        assert {str(a) for a in legal} == _accepted(rnd) and len(legal) == len({str(a) for a in legal})
        turns.append((len(legal), bool(rnd.all_in)))
        return legal

    monkeypatch.setattr(BettingRound, "legal_moves", compared)
    spec, profile = GAMES[game], default_profile(game)
    for seed in range(seeds):
        rng = random.Random(seed)
        n = rng.randint(*players)
        stacks = {f"P{i + 1}": rng.choice((1, 3, 8, 20, 60, 400)) for i in range(n) if rng.random() < 0.7} \
            if stacked else {}
        if game in STUD:
            stud_random_deal(rng, n, profile, spec, stacks=stacks)
        else:
            spec.module().random_deal(rng, n, profile, stacks=stacks)
    return turns


@pytest.mark.parametrize("game", list(GAMES))
def test_legal_moves_are_every_move_the_round_accepts_and_no_other(game, monkeypatch):
    """Legal moves are generated verb by verb, not judged candidate by candidate: at every turn
    of random whole hands they are exactly the actions `can` accepts, every verb at every amount."""
    assert len(_play_comparing(monkeypatch, game, 6, (2, 7), stacked=False)) > 50


@pytest.mark.parametrize("game", list(GAMES))
def test_with_stacks_legal_moves_are_every_move_the_round_accepts_and_no_other(game, monkeypatch):
    """The same with stacks, from deep to all in on the ante: where nobody is all in and the
    player to act covers the dearest move the list follows from the round's state, elsewhere
    every candidate is judged; either way it is exactly what `can` accepts."""
    turns = _play_comparing(monkeypatch, game, 8, (2, 6), stacked=True)
    short = [all_in for _, all_in in turns]
    assert len(turns) > 50 and any(short) and not all(short)


@pytest.mark.parametrize("game", [g for g in GAMES if GAMES[g].moves == "events"])
def test_a_refused_move_leaves_the_hand_as_it_was(game):
    """`apply` plays on the table itself; when the rules refuse a move the table is set up again
    from the moves before it, so the state after a refused move equals the state before it."""
    rng = random.Random(7)
    profile = default_profile(game)
    played = GAMES[game].module().random_deal(rng, 4, profile)
    seats = [f"P{i + 1}" for i in range(4)]
    # the first card of a street: a table opens the new street before it judges who gets the card
    cut = next(n for n in range(len(played.texts) // 2, len(played.texts))
               if " is dealt " in played.texts[n] and " is dealt " not in played.texts[n - 1])
    state = HandState.start(exercise(game, profile, seats=seats))
    for move in played.texts[:cut]:
        state.apply(move)
    def now():
        table = state.table
        return (state.final_hands(), state.pot, state.shared_cards(), len(state.ledger),
                getattr(table, "stage", None), getattr(table, "street", None),
                list(getattr(table, "stage_dealt_in_events", [])), table.round is None)

    before = now()
    due = played.texts[cut].split()[0]
    other = next(p for p in seats if p != due and p in state.table.live)
    refused = 0
    for wrong in (played.texts[cut].replace(due, other, 1), played.texts[cut - 1], f"{seats[0]} raises to 999"):
        try:
            state.apply(wrong)
        except CourseError as err:
            refused += 1
            assert err.index == cut
        assert now() == before
    assert refused == 3
    for move in played.texts[cut:]:        # and the hand plays on to its end as dealt
        state.apply(move)
    assert state.final_hands() == {p: h for p, h in
                                   HandState.replay(exercise(game, profile, seats=seats, events=played.texts)).final_hands().items()}


@pytest.mark.parametrize("profile_name, counted", [("wsop-2026", True), ("pokerstars", True),
                                                    ("pokerstars-sixth-street-opener", False)])
def test_the_player_now_high_using_the_common_card_opens_the_last_round_by_the_profile(profile_name, counted):
    """RRP-H 8.15 ('the player who is now high using the common card initiates the action for the
    last round'), the profile's `shared_card_opener`: the whole-hand table opens seventh street
    with the best row counting the shared card (WSOP and PokerStars follow RRP, their sources being
    silent), or, when an exercise sets it, keeps the sixth-street opener. On this shuffle the
    shared card changes the opener."""
    from course.hands import evaluate
    from course.rules import load_profile

    name, _, keeping = profile_name.partition("-sixth")
    profile = load_profile(name, {"shared_card_opener": "sixth-street-opener"} if keeping else None)
    deck = list(DECK)
    random.Random(SEED).shuffle(deck)
    state = HandState.new_hand("stud-high", EIGHT, profile)
    play_on(state, deck)
    table, rounds = state.table, state.table.rounds
    assert table.shared and rounds["sixth"].first == "P7"
    rows = {p: table.hands[p].up + (table.shared if counted else []) for p in EIGHT}
    best = max(evaluate(rows[p]).value for p in EIGHT)
    assert rounds["seventh"].first == next(p for p in EIGHT if evaluate(rows[p]).value == best)
    assert (rounds["seventh"].first != "P7") is counted
    answer = rounds["seventh"].opening()
    assert profile.option("shared_card_opener").cite[0] in answer.citations
    assert not any("dealt face down" in s.text for s in answer.steps)


@pytest.mark.parametrize("seed", range(6))
def test_each_streets_first_actor_is_worded_from_the_cards_as_that_street_began(seed):
    """A round decides its first actor as it opens and words why only when read (`opening()`):
    read after the hand is over, each street's words still show the rows of that street's start
    (one up card on third street, two on fourth ...), name the player who did act first, and agree
    with the full `first_to_act` worded from those rows, with a player who folded on third street
    left out of every later street."""
    from course.engine.turn import first_to_act

    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    folds = {EIGHT[3]: 1}
    state = HandState.new_hand("stud-high", EIGHT[:5], STUD_HIGH)
    play_on(state, deck, folds)
    table = state.table
    ups = {p: [Card.parse(e.move.split()[3]) for e in state.ledger if e.move.startswith(f"{p} is dealt ")
               and e.move.endswith(" up")] for p in EIGHT[:5]}
    for count, street in enumerate(("third", "fourth", "fifth", "sixth"), start=1):
        rnd = table.rounds[street]
        folded = () if street == "third" else (EIGHT[3],)
        rows = {p: ([], ups[p][:count]) for p in EIGHT[:5]}
        expected = first_to_act(street, EIGHT[:5], rows, STUD_HIGH, folded)
        answer = rnd.opening()
        assert answer.value == rnd.first == expected.value
        assert [s.text for s in answer.steps] == [s.text for s in expected.steps]
        showing = next(s.text for s in answer.steps if s.text.startswith(("Showing:", "Door cards:")))
        for p in EIGHT[:5]:
            if p in folded:
                assert f"{p} " not in showing
            else:
                assert " ".join(str(c) for c in ups[p][:count]) in showing


@pytest.mark.parametrize("game", HOME)
def test_a_hand_taken_back_to_a_mark_is_the_hand_its_moves_make_afresh(game):
    """`HandState.mark` / `back_to` (a side-pot drill keeps a point of the hand as it is played
    and cuts there): marks taken at random points of random whole hands with stacks (the last
    one after the showdown), gone back to from the latest to the earliest, each after a move was
    played on again, leave the hand as a fresh replay of the moves up to the mark leaves it
    (ledger words, hands, pot, shared cards, award, the moves that are legal next); a mark of a
    point the hand no longer reaches, or taken before a refused move set the table up again, is
    refused; and the hand then plays on to the same end as the moves played straight through."""
    from course.study import home

    for seed in range(4):
        rng = random.Random(f"mark/{game}/{seed}")
        n = rng.randint(3, 6)
        stacks = {home.NAMES[i]: rng.randint(3, 30) for i in range(n) if rng.random() < 0.7}
        texts, hand = home.played_hand(rng, game, n, stacks=stacks)
        whole = home.parsed(home.item(game, n, texts, {"ask": "pot"}, stacks=stacks))
        moves = [*texts, "showdown"]          # the hand's last move: it awards the pot

        def afresh(upto):
            state = HandState.start(whole)
            for move in moves[:upto]:
                state.apply(move)
            return state

        def reads(state):
            return ([e.text for e in state.ledger], state.final_hands(), state.pot, state.shared_cards(), state.award,
                    sorted(map(str, state.table.round.legal_moves())) if state.table.round else None)

        state = HandState.start(whole)
        points = sorted(rng.sample(range(1, len(texts)), 3)) + [len(moves)]
        marks = {}
        for i, move in enumerate(moves, 1):
            state.apply(move)
            if i in points:
                marks[i] = state.mark()
        assert state.award is not None and state.ledger == afresh(len(moves)).ledger
        for later, i in zip([None, *points[::-1]], points[::-1]):
            assert state.back_to(marks[i]) == i
            assert reads(state) == reads(afresh(i)), (game, seed, i)
            if later is not None:
                with pytest.raises(ValueError, match="replay instead"):
                    state.back_to(marks[later])
            for move in moves[i:i + 1]:
                state.apply(move)
        with pytest.raises(CourseError):       # a refused move sets the table up again from the moves kept
            state.apply(f"{home.NAMES[0]} raises to 999")
        assert reads(state) == reads(afresh(points[0] + 1))
        with pytest.raises(ValueError, match="set up again"):
            state.back_to(marks[points[0]])
        for move in moves[len(state.ledger):]:
            state.apply(move)
        end = afresh(len(moves))
        assert reads(state) == reads(end) and state.ledger == end.ledger


def test_a_street_shown_alone_plays_on_the_one_table_and_goes_back_to_a_mark():
    """A one-street exercise starts the one `Table` at its street: its actions are that street's
    round, its ledger the round's entries, and a mark taken before them is come back to."""
    from course.content import require_exercise
    from course.engine.table import Table

    exercise = require_exercise("exercises/stud-high/1917-raise-cap.yaml")
    state = HandState.start(exercise)
    assert type(state.table) is Table and state.table.one_street and state.table.street == "fourth"
    mark = state.mark()
    for move in exercise.moves:
        state.apply(move)
    played = (state.pot, [(e.player, e.added, e.round_total) for e in state.ledger])
    assert played[0] == 16 * 3 and played[1][-1] == ("Ava", 4, 16) and state.round.is_closed
    assert state.back_to(mark) == 0 and state.pot == 0 and state.ledger == ()
    with pytest.raises(IllegalActionError):
        state.apply("Ben raises to 8")          # no bet to raise yet: the round is as it began
    for move in exercise.moves:
        state.apply(move)
    assert (state.pot, [(e.player, e.added, e.round_total) for e in state.ledger]) == played


def test_every_game_awards_its_pot_through_one_solver_and_one_engine_award():
    """The `award` ask of every game is the one solver, which reads the one engine award."""
    from course.asks import solvers as questions
    from course.asks import asks_for

    solvers = {asks_for(game)["award"].solve for game in GAMES if "award" in asks_for(game)}
    assert solvers == {questions.pot_award}
    assert {"stud-high", "horn-a-vika", "have-a-heart"} <= {g for g in GAMES if "award" in asks_for(g)}


def test_a_question_asked_after_every_move_reads_the_one_replay_of_the_whole_hand():
    """`after` equal to the number of moves (a legal_action asked at the end of a home-game
    log) is the hand after all its moves: the replay the checker kept, not a second one."""
    from course.study import templates

    exercise = templates.generate("gen/hah-legal-action/3")
    question = exercise.questions[0]
    assert question.params["after"] == len(exercise.moves)
    assert HandState.replay(exercise, len(exercise.moves)) is HandState.replay(exercise)
    assert HandState.replay(exercise, len(exercise.moves) - 1) is not HandState.replay(exercise)
