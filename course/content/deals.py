"""Deals, shared by exercises and lesson diagrams: seats, hands, shared cards, card counts."""

from __future__ import annotations

from typing import Any

from course.cards import Card
from course.content.checker import NAME_PATTERN, _Checker
from course.content.nodes import Node, _describe
from course.games import MAX_SEATS, STREET_CARDS
from course.model import Hand


def _check_deal(ck: _Checker, top: dict[str, Node], what: str, game: str | None,
                street: str | None, require_all: bool = True) -> tuple[list[str], dict[str, Hand], list[Card]]:
    seats: list[str] = []
    rejected: set[str | None] = set()  # seat names already reported: not reported again in hands
    seat_nodes = ck.sequence(top.get("seats"), f"{what} 'seats'")
    if seat_nodes is not None:
        for item in seat_nodes:
            name = ck.text(item, "seat", name=True)
            if name is None:
                rejected.add(item.text)
                continue
            if not NAME_PATTERN.match(name):
                rejected.add(name)
                ck.add(item, f"seat {name!r}: a player name is one word without spaces or punctuation "
                       "such as ',' ':' '#' (actions are written '<player> <verb>')")
                continue
            if name in seats:
                ck.add(item, f"seat {name!r} is listed twice")
                continue
            seats.append(name)
        if len(seat_nodes) and not 2 <= len(seats) <= MAX_SEATS and len(seats) == len(seat_nodes):
            ck.add(top["seats"], f"{what}: {len(seats)} seats; a stud table has 2 to {MAX_SEATS} players")

    hands: dict[str, Hand] = {}
    places: list[tuple[str, Card, Node]] = []
    counted: list[tuple[Node, str]] = []
    hands_node = top.get("hands")
    hand_map = None
    if hands_node is not None:
        if hands_node.kind != "map":
            ck.add(hands_node, f"{what} 'hands' should be a mapping of player -> {{down, up}}, got {_describe(hands_node)}")
        else:
            hand_map = hands_node
    if hand_map is not None:
        for key, value in hand_map.value.items():
            key_node = hand_map.keys[key]
            if isinstance(key, str) and key in rejected:
                continue
            player = ck.player(key_node, "hands", seats)
            fields = ck.mapping(value, f"the hand of {key_node.text!r}", ("down", "up", "folded"))
            if player is None or fields is None:
                continue
            down = ck.cards(fields.get("down"), f"{player} down")
            up = ck.cards(fields.get("up"), f"{player} up")
            folded = bool(ck.boolean(fields.get("folded"), f"{player} folded"))
            hands[player] = Hand(down or [], up or [], folded)
            if down is None or up is None:
                continue  # bad cards already reported: counting them would only repeat it
            for side in ("down", "up"):
                node = fields.get(side)
                for card, item in zip(getattr(hands[player], side), _card_nodes(node)):
                    places.append((f"{player} {side}", card, item))
            counted.append((value, player))
        for seat in seats if require_all else ():
            if seat not in hands and seat not in {str(k) for k in hand_map.value}:
                ck.add(hand_map, f"seat {seat!r} has no hand: add '{seat}: {{up: ...}}' "
                       f"(or '{seat}: {{folded: true}}' for a player already out)")
    shared_node = top.get("shared")
    shared = ck.cards(shared_node, "shared") or []
    for card, item in zip(shared, _card_nodes(shared_node)):
        places.append(("the shared card", card, item))
    if game == "stud-high" and street in STREET_CARDS:
        for value, player in counted:
            _check_counts(ck, value, player, hands[player], street, bool(shared))
    seen: dict[Card, str] = {}
    for place, card, item in places:
        if card in seen:
            ck.add(item, f"{str(card)!r} is dealt twice: {seen[card]} and {place}")
        else:
            seen[card] = place
    hands = {p: hands[p] for p in seats if p in hands}  # the model keeps hands in seat order
    return seats, hands, shared


def _check_shared_card(ck: _Checker, node: Node, hands: dict[str, Hand], profile: Any) -> None:
    """A shared seventh card only when the deck runs short (the profile's `shared_card` rule)."""
    from course import table

    live = [p for p, h in hands.items() if not h.folded]
    if not live:  # no hands to count (a broken `seats` or `hands` is reported on its own)
        return
    left = table.cards_left_before_seventh({p: (h.down, h.up) for p, h in hands.items()})
    verdict = table.needs_shared_card(live, profile, cards_left=left)
    if not verdict.value:
        cites = " ".join(f"[{key}]" for key in verdict.citations)
        ck.add(node, f"a shared seventh card is dealt only when the deck runs short, but {left} cards are "
               f"left for the {len(live)} players still in: deal each a seventh card instead {cites}")


def _card_nodes(node: Node | None) -> list[Node]:
    """The node to blame for each card of a card list (the list item, or the whole string)."""
    if node is None:
        return []
    if node.kind == "seq":
        return list(node.value)
    if node.kind == "scalar" and isinstance(node.value, str):
        return [node] * len(node.value.replace(",", " ").split())
    return []


def _check_counts(ck: _Checker, node: Node, player: str, hand: Hand, street: str, shared: bool) -> None:
    """Stud high: the number of cards a hand shows on its street (HPD "The deal timeline")."""
    down, up = STREET_CARDS[street]
    if shared and street in ("seventh", "showdown"):
        down = 2  # the shared card replaces everyone's seventh card
    cite = '[HPD "The deal timeline"]'
    if hand.folded:
        if len(hand.up) > up or len(hand.down) > down:
            ck.add(node, f"{player} folded but holds {len(hand.down)} down and {len(hand.up)} up: by "
                   f"{street} street nobody has more than {down} down and {up} up {cite}")
        return
    if len(hand.up) != up:
        ck.add(node, f"{player} shows {len(hand.up)} up card(s); on {street} street a player still in "
               f"shows {up} {cite}")
    if hand.down and len(hand.down) != down:
        ck.add(node, f"{player} has {len(hand.down)} down card(s); on {street} street a player still in "
               f"has {down} (or leave 'down' out when the question does not need them) {cite}")
