"""The ask registry (`course.asks`): one family of asks, each registered once, worded for each
game from the game's spec (`for_game`), never a second copy a game keeps of its own."""

import dataclasses

import pytest

import course.content  # noqa: F401  (registers the stud asks)
from course import asks
from course.asks import Ask, asks_for, find_ask, for_game, register
from course.games import GAMES, find_game


def test_no_ask_is_registered_twice_across_the_games():
    # every registered Ask object, by name: a game that declared its own copy of a stud ask (say
    # `contributions` again for a game on events) would show the name under two games
    for game in GAMES:
        asks_for(game)            # loads each game's module, which registers its asks
    owners: dict[str, list[str]] = {}
    for game, table in asks._ASKS.items():
        for name, ask in table.items():
            if isinstance(ask, Ask):
                owners.setdefault(name, []).append(game)
    twice = {name: games for name, games in owners.items() if len(games) > 1}
    assert not twice, f"asks registered by more than one game: {twice}"
    for game in GAMES:            # what a game takes up by name is the stud family's registration
        for name, ask in asks._ASKS.get(game, {}).items():
            if isinstance(ask, str):
                assert name in asks._ASKS["stud"]


def test_every_game_answers_an_ask_with_its_one_solver():
    solvers: dict[str, set] = {}
    for game in GAMES:
        for name, ask in asks_for(game).items():
            solvers.setdefault(name, set()).add(ask.solve)
    assert {name for name, found in solvers.items() if len(found) > 1} == set()
    # the asks the home games share with stud are among them
    for name in ("opener", "award", "shared_card", "legal_action", "contributions", "street_total",
                 "action_order", "side_pots"):
        assert asks_for("have-a-heart")[name].solve is asks_for("stud-high")[name].solve


def test_a_game_on_events_words_and_draws_the_shared_asks_from_its_spec():
    stud, heart, horn = asks_for("stud-high"), asks_for("have-a-heart"), asks_for("horn-a-vika")
    assert stud["contributions"].prompt == "How much has each player put in on this street?"
    assert heart["contributions"].prompt == "How much has each player put in on this betting round?"
    assert dict(stud["contributions"].params) == {}
    assert dict(heart["contributions"].params) == {"after": "count", "street": "street"}
    assert dict(horn["side_pots"].params) == {"after": "count"}
    assert (stud["side_pots"].hides, heart["side_pots"].hides) == (None, "pot")
    assert (stud["action_order"].topic, heart["action_order"].topic) == ("opener", None)
    assert heart["side_pots"].topic == "side-pots"
    assert dict(stud["opener"].params) == {"street": "street"} == dict(heart["opener"].params)
    assert dict(horn["opener"].params) == {"round": "any"}        # Horn-A-Vika numbers its rounds
    assert heart["award"].prompt == "How is the pot shared out?"
    assert stud["award"].prompt == "How many units does each winner receive?"


def test_the_wording_follows_the_spec_fields_not_the_game():
    ask = asks._ASKS["stud"]["street_total"]
    spec = dataclasses.replace(find_game("stud-high"), name="invented", round_word="deal",
                               point_keys=("after",), trains_game=("street_total",),
                               prompts=(("street_total", "How much went in on this {round}?"),))
    worded = for_game(spec, ask)
    assert worded.prompt == "How much went in on this deal?"
    assert dict(worded.params) == {"after": "count"}
    assert worded.topic is None and worded.solve is ask.solve
    assert for_game(spec, ask) is worded                 # one worded ask per game, kept


def test_a_game_taking_up_an_ask_nobody_registered_is_told_so(monkeypatch):
    monkeypatch.setitem(asks._ASKS, "have-a-heart", {**asks._ASKS["have-a-heart"], "no_such_ask": "no_such_ask"})
    with pytest.raises(LookupError, match="'no_such_ask', which is not registered"):
        asks_for("have-a-heart")


def test_a_home_game_declaring_its_own_copy_would_be_caught(monkeypatch):
    # the check above is not vacuous: a copy of `contributions` in a home game's registrations is seen
    monkeypatch.setattr(asks, "_ASKS", {game: dict(table) for game, table in asks._ASKS.items()})
    copy = dataclasses.replace(find_ask("stud-high", "contributions"))
    register("horn-a-vika", copy)
    with pytest.raises(AssertionError, match="contributions"):
        test_no_ask_is_registered_twice_across_the_games()


def test_a_kept_ask_lookup_follows_an_edit_of_the_registry_or_of_the_games(monkeypatch):
    registered = find_ask("stud-high", "bring_in")
    assert find_ask("stud-high", "bring_in") is registered          # kept between lookups
    edited = dataclasses.replace(asks._ASKS["stud"]["bring_in"], drawn_at="point")
    with monkeypatch.context() as patch:
        patch.setitem(asks._ASKS["stud"], "bring_in", edited)
        assert find_ask("stud-high", "bring_in").drawn_at == "point"
        assert find_ask("stud-high", "bring_in") == for_game(find_game("stud-high"), edited)
    assert find_ask("stud-high", "bring_in") is registered           # the registration put back
    spec = find_game("stud-high")
    with monkeypatch.context() as patch:                             # a game's spec replaced
        patch.setitem(GAMES, "stud-high", dataclasses.replace(spec, prompts=(("bring_in", "Who pays?"),)))
        assert find_ask("stud-high", "bring_in").prompt == "Who pays?"
    assert find_ask("stud-high", "bring_in") is registered
