"""The home-game drills (course/study/home.py) read the game from its spec, never its name."""

from __future__ import annotations

import dataclasses
import re

from course.games import GAMES
from course.study import home, templates


def test_where_names_the_point_in_the_terms_the_games_spec_gives(monkeypatch):
    data = {k: v for k, v in templates.data("gen/hah-pot/3").items() if k not in ("id", "title", "intro")}
    words = home.where(home.parsed(data))
    assert re.search(r"The hand stands at (\w+ street|before the deal)", words), words
    # Told by its spec that it names points by stage and numbered round, Have a Heart is described so.
    monkeypatch.setitem(GAMES, "have-a-heart", dataclasses.replace(GAMES["have-a-heart"], points="stage"))
    words = home.where(home.parsed(data))
    assert re.search(r"The hand stands at (stage \d|before the deal)", words) and " street" not in words, words
    horn = {k: v for k, v in templates.data("gen/hav-pot/3").items() if k not in ("id", "title", "intro")}
    assert re.search(r"stage \d|before the deal", home.where(home.parsed(horn)))


def test_a_generated_item_is_checked_on_the_replay_its_draw_built(monkeypatch):
    """`Exercise.relabelled` keeps the replays: course check on a fresh item starts no new hand."""
    from course.engine.state import HandState
    from course.study import engine

    templates.generate.cache_clear()
    item = templates.generate("gen/hah-award/101")
    starts = []
    real = HandState.start.__func__
    monkeypatch.setattr(HandState, "start", classmethod(lambda cls, ex: starts.append(ex) or real(cls, ex)))
    assert engine.check(item) == [] and starts == []
    # Labels only: another deal or profile is refused, and the labels do change.
    renamed = item.relabelled(id="x", title="y")
    assert (renamed.id, renamed.title, renamed.events) == ("x", "y", item.events)
    try:
        item.relabelled(pot=3)
    except TypeError as err:
        assert "pot" in str(err)
    else:
        raise AssertionError("relabelled changed the pot")


def test_the_next_card_dealt_can_be_chosen_among_the_undealt_ones():
    from course.cards import parse_cards

    deck = parse_cards("2♣ 9♦ 5♠ K♥")
    home._deal_next(deck, deck[1].rank)
    assert str(deck.pop()) == "9♦" and len(deck) == 3
    home._deal_next(deck, parse_cards("A♠")[0].rank)          # no ace left: the deck is as it was
    assert [str(c) for c in deck] == ["2♣", "K♥", "5♠"]


def test_the_rigged_spit_card_pairs_a_face_up_card_of_a_player_still_in():
    """`spit_pairs_a_row` picks the spit among the undealt cards as it is due (whoever folded
    before it), and the hand stops once the spit card's decisions are made."""
    import random

    from course.study import engine

    profile, spits, paired = engine.default_profile("horn-a-vika"), 0, 0
    for seed in range(40):
        rng, stop = home.spit_pairs_a_row(random.Random(seed))
        table = engine.random_home_deal("horn-a-vika", rng, 5, profile, stop=stop).table
        if not table.shared:
            continue                       # everyone else folded before the spit card
        assert table.stage == 4 and not table.rules.waiting(table)
        spits += 1
        # A player in at the spit card shows its rank (unless all its cards were dealt already);
        # that player may have folded rather than match since.
        paired += any(c.rank == table.shared[0].rank for p in table.seats for c in table.hands[p].up)
    assert spits >= 20 and paired >= 0.9 * spits, (spits, paired)


def test_the_shared_card_drill_stops_where_it_asks_so_its_log_never_shows_the_answer():
    """Is seventh street one shared card? is asked once the sixth-street betting is over: the
    item's moves stop there, so neither a 'shared' card nor anyone's seventh card gives the
    answer away, and both answers come up."""
    from course.asks import solvers

    answers = set()
    for seed in range(20):
        ex = templates.generate(f"gen/hah-shared-card/{seed}")
        dealt = [e for e in ex.events if " is dealt " in e]
        assert not any(e.startswith("shared ") for e in ex.events), seed
        assert all(sum(1 for e in dealt if e.startswith(p + " is dealt ")) <= 6 for p in ex.seats), seed
        assert "sixth street" in ex.intro, seed
        answers.add(solvers.answer(ex, ex.questions[0]).value)
    assert answers == {True, False}


def test_the_side_pot_cut_offers_exactly_the_points_where_the_engine_answers_two_pots_or_more():
    """`HandState.side_pot_stands`, read after every move as the side-pot drills' watcher reads it,
    against the engine's own answer to the side_pots question at every point of random hands
    with stacks: a point is offered if and only if the answer there has two pots or more. Chips
    nobody has matched yet are no pot, so a point standing at one pot and a bet not called is not
    offered (and not drawn only for the item's check to throw it away); and two pots stand only
    where a player is all in, never because a bet in the middle of a round has not been called
    yet. The point the watcher keeps is one of them, and the hand taken back to it reads as the
    moves up to it played afresh."""
    import random

    from course.engine.state import HandState
    from course.study import engine

    offered_some = set()
    for game in (home.HORN, home.HEART):
        for seed in range(3):
            rng = random.Random(f"side-pot-points/{game}/{seed}")
            n = 4
            stacks = {home.NAMES[i]: rng.randint(3, 25) for i in range(n - 1)}
            points = []

            class Recording(home._SidePotPick):
                def __call__(self, played):
                    if played.state.side_pot_stands():
                        points.append(len(played.state.ledger) - 1)
                    super().__call__(played)

            events, hand = home.played_hand(rng, game, n, stacks=stacks, watch=Recording(random.Random(seed)))
            for i in range(len(events)):
                data = home.item(game, n, events[:i + 1], {"ask": "side_pots"}, stacks=stacks)
                exercise = home.parsed(data)
                pots = engine.answer_json(exercise, exercise.questions[0])
                assert (len(pots) > 1) == (i in points), (game, seed, i, events[i], pots)
                if len(pots) > 1:     # a side pot is formed only when a player is all in (RRP-H)
                    assert HandState.replay(exercise).all_in(), (game, seed, i, events[i], pots)
            offered_some.add(bool(points))
            if points:
                cut = home.after_side_pot(rng, events, hand)
                assert len(cut) - 1 in points and cut == events[:len(cut)]
                fresh = home.parsed(home.item(game, n, cut, {"ask": "side_pots"}, stacks=stacks))
                assert [e.text for e in hand.state.ledger] == [e.text for e in HandState.replay(fresh).ledger]
                assert hand.state.pot == HandState.replay(fresh).pot
    assert True in offered_some          # some hand built a side pot: the test saw points offered



def test_an_item_cut_where_the_hand_was_marked_is_loaded_on_the_hand_taken_back_not_replayed(monkeypatch):
    """A taken-heart, take, second-match, action-order and bet-limit item is cut at a point
    marked as its hand was played: making it plays every move once, in the random hands drawn
    for it (rejected ones too), and loading it plays none again; what it answers is what the
    same data loaded on its own (a full replay) answers."""
    from course.engine.state import HandState
    from course.study import engine

    from course.engine import legal_play

    real_record, real_deal, real_legal = HandState._record, engine.random_home_deal, legal_play.record
    for item in ("gen/hah-taken-heart/4", "gen/hav-second-match/4", "gen/hah-take/2", "gen/hah-action-order/2",
                 "gen/hav-bet-limit/5"):
        recorded, dealt = [], []      # every move played, checked (`_record`) or known legal (`legal_play`)
        monkeypatch.setattr(HandState, "_record", lambda self, move: recorded.append(move) or real_record(self, move))
        monkeypatch.setattr(legal_play, "record", lambda state, move: recorded.append(move) or real_legal(state, move))
        monkeypatch.setattr(engine, "random_home_deal",
                            lambda *args, **kwargs: dealt.append(real_deal(*args, **kwargs)) or dealt[-1])
        templates.generate.cache_clear()
        exercise = templates.generate(item)
        monkeypatch.setattr(HandState, "_record", real_record)
        monkeypatch.setattr(legal_play, "record", real_legal)
        monkeypatch.setattr(engine, "random_home_deal", real_deal)
        assert dealt and len(recorded) == sum(len(hand.texts) for hand in dealt), item
        data = {k: v for k, v in templates.data(item).items() if k not in ("id", "title")}
        alone, problems = engine.build({"id": "alone", "title": "alone", **data}, "<alone>")
        assert not problems
        assert engine.answer_json(exercise, exercise.questions[0]) == engine.answer_json(alone, alone.questions[0])
        assert [e.text for e in HandState.replay(exercise).ledger] == [e.text for e in HandState.replay(alone).ledger]
