"""The `irregularity:` key of a Stud High exercise: a dealing mistake and the deal it happened on
(the repairs: `course/engine/irregularities.py`, `course/rules/irregularities.yaml`).

    irregularity: {kind: hole-card-up, player: Ben, cards: [4♣]}          # RRP-H 8.5
    irregularity: {kind: wrong-bring-in, player: Cara, next_acted: no}     # RRP-H 8.9
    irregularity: {kind: dealt-too-soon, early: [Q♦], deck: [...]}        # RRP-H 8.14

`read_irregularity` checks the key against the deal (every problem at its own line and column)
and returns it in the shape the asks read (`Exercise.extra["irregularity"]`), or None.
"""

from __future__ import annotations

from typing import Any, Mapping

from course.cards import Card
from course.content.checker import suggest
from course.games import GAMES
from course.engine.irregularities import (KINDS, IrregularityError, cite_of, dealt_too_soon, games, still_in, street_of,
                                          wrong_bring_in)

KEYS = {
    "hole-card-up": (("kind", "player", "cards"), ("kind", "player", "cards")),
    "wrong-bring-in": (("kind", "player", "next_acted"), ("kind", "player", "next_acted")),
    "dealt-too-soon": (("kind", "early", "deck"), ("kind", "early", "deck")),
}
WHERE = "'irregularity'"


def read_irregularity(ck: Any, node: Any, game: str | None, street: str | None, seats: list[str],
                      hands: Mapping[str, Any], shared: list[Card], actions: list[str], profile: Any,
                      whole: bool) -> dict[str, Any] | None:
    if node is None:
        return None
    if game not in games():
        titles = " or ".join(GAMES[g].title for g in games())
        ck.add(node, f"{WHERE} is written on a {titles} exercise (Robert's Rules, Section 8), not {game}")
        return None
    if whole:
        ck.add(node, f"{WHERE} is written on one street's deal ('hands'), not on a whole hand's 'events'")
        return None
    if node.kind != "map" or node.get("kind") is None:
        ck.add(node, f"{WHERE} should be a mapping with a 'kind' ({', '.join(KINDS)}), e.g. "
               "{kind: hole-card-up, player: Ben, cards: [4♣]}")
        return None
    kind = ck.text(node.get("kind"), "irregularity kind")
    if kind not in KINDS:
        if kind is not None:
            ck.add(node.get("kind"), f"unknown irregularity {kind!r}{suggest(kind, KINDS)}; expected one of "
                   f"{', '.join(KINDS)}")
        return None
    allowed, required = KEYS[kind]
    fields = ck.mapping(node, f"the {kind} irregularity", allowed, required)
    if fields is None or any(k not in fields for k in required):
        return None
    if kind == "dealt-too-soon":
        return _dealt_too_soon(ck, fields, street, seats, hands, shared, actions)
    if street != street_of(kind):
        ck.add(node.get("kind"), f"a {kind} irregularity happens on {street_of(kind)} street, but the exercise's "
               f"street is {street!r} [{', '.join(cite_of(kind))}]")
        return None
    if actions:
        ck.add(node, f"a {kind} irregularity is written before third street's betting: leave 'actions' out and "
               "say what happened in the intro and the irregularity")
        return None
    player = ck.player(fields["player"], "irregularity player", seats)
    if player is None or player not in hands:
        return None
    if kind == "hole-card-up":
        return _hole_card_up(ck, fields, player, hands, shared)
    return _wrong_bring_in(ck, fields, player, seats, hands, profile)


def _dealt_cards(hands: Mapping[str, Any], shared: list[Card]) -> dict[Card, str]:
    places = {c: f"{p} {side}" for p, h in hands.items() for side in ("down", "up") for c in getattr(h, side)}
    places.update({c: "the shared card" for c in shared})
    return places


def _hole_card_up(ck: Any, fields: Mapping[str, Any], player: str, hands: Mapping[str, Any],
                  shared: list[Card]) -> dict[str, Any] | None:
    cards = ck.cards(fields["cards"], "irregularity cards")
    if cards is None:
        return None
    hand = hands[player]
    if len(cards) == 1:
        if hand.folded or list(hand.up) != cards:
            ck.add(fields["cards"], f"one hole card turned up: write {player}'s hand as it lies, the exposed {cards[0]} "
                   f"as the one card showing (up: {cards[0]}) and the face-down third card among 'down'; "
                   f"{player} shows {' '.join(map(str, hand.up)) or 'nothing'} [RRP-H 8.5]")
            return None
    elif len(cards) == 2:
        if not hand.folded or hand.up or hand.down:
            ck.add(fields["cards"], f"both hole cards turned up make {player}'s hand dead: write it as "
                   f"'{player}: {{folded: true}}' and name the two cards here only [RRP-H 8.5]")
            return None
        dealt = _dealt_cards(hands, shared)
        for card in cards:
            if card in dealt:
                ck.add(fields["cards"], f"{card} is dealt twice: {player}'s exposed hole card and {dealt[card]}")
                return None
        if cards[0] == cards[1]:
            ck.add(fields["cards"], f"{cards[0]} is listed twice")
            return None
    else:
        ck.add(fields["cards"], f"a hole-card-up names one or two of {player}'s first two hole cards, got "
               f"{len(cards)} [RRP-H 8.5]")
        return None
    return {"kind": "hole-card-up", "player": player, "cards": [str(c) for c in cards]}


def _wrong_bring_in(ck: Any, fields: Mapping[str, Any], player: str, seats: list[str], hands: Mapping[str, Any],
                    profile: Any) -> dict[str, Any] | None:
    acted = ck.boolean(fields["next_acted"], "irregularity next_acted")
    if acted is None:
        return None
    if hands[player].folded:
        ck.add(fields["player"], f"{player} has folded: the player marked low by mistake is one still in")
        return None
    doors = {p: h.up[0] for p, h in hands.items() if not h.folded and h.up}
    if profile is not None:
        try:
            wrong_bring_in(seats, doors, player, acted, profile)
        except (IrregularityError, ValueError) as exc:
            ck.add(fields["player"], f"{exc} [RRP-H 8.9]")
            return None
    return {"kind": "wrong-bring-in", "player": player, "next_acted": acted}


def _dealt_too_soon(ck: Any, fields: Mapping[str, Any], street: str | None, seats: list[str],
                    hands: Mapping[str, Any], shared: list[Card], actions: list[str]) -> dict[str, Any] | None:
    early = ck.cards(fields["early"], "irregularity early")
    deck = ck.cards(fields["deck"], "irregularity deck")
    if early is None or deck is None:
        return None
    if street in ("seventh", "showdown"):
        ck.add(fields["early"], f"no card is dealt after the {street} betting: cards dealt too soon need a later "
               "street to come [RRP-H 8.14]")
        return None
    dealt = _dealt_cards(hands, shared)
    seen: dict[Card, str] = {}
    for what, cards, key in (("dealt too soon", early, "early"), ("in the deck", deck, "deck")):
        if not cards:
            ck.add(fields[key], f"'{key}' lists no cards: expected the cards {what}, in order")
            return None
        for card in cards:
            where = dealt.get(card) or seen.get(card)
            if where:
                ck.add(fields[key], f"{card} is dealt twice: {what} and {where}")
                return None
            seen[card] = what
    try:
        dealt_too_soon(seats, still_in([p for p in seats if p in hands], [p for p, h in hands.items() if h.folded],
                                      actions), early, deck)
    except IrregularityError as exc:
        ck.add(fields["deck"], f"{exc} [RRP-H 8.14]")
        return None
    return {"kind": "dealt-too-soon", "early": [str(c) for c in early], "deck": [str(c) for c in deck]}
