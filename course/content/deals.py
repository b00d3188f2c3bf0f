"""Deals, shared by exercises and lesson diagrams: seats, hands, shared cards, card counts."""

from __future__ import annotations

from typing import Any

from course.cards import Card
from course.content.checker import NAME_PATTERN, _Checker, invisible_characters
from course.content.misdeals import misdealt_seats
from course.content.nodes import Node, _describe
from course.games import MAX_SEATS, GameSpec, find_game
from course.model import Hand


def _check_deal(ck: _Checker, top: dict[str, Node], what: str, game: str | None,
                street: str | None, require_all: bool = True, profile: Any = None) -> tuple[list[str], dict[str, Hand], list[Card]]:
    """The deal checked in named steps, its problems in the file's order: the seats, the hands,
    the shared cards, the card counts of the game's street, and every card dealt once."""
    seats, rejected = _seats(ck, top, what)
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
        _hands(ck, hand_map, seats, rejected, require_all, hands, places, counted)
    shared_node = top.get("shared")
    shared = ck.cards(shared_node, "shared") or []
    for card, item in zip(shared, _card_nodes(shared_node)):
        places.append(("the shared card", card, item))
    spec = find_game(game) if game is not None else None
    counts = spec.cards_on(street, bool(shared)) if spec is not None and street is not None else None
    if counts is not None:
        _check_street_counts(ck, top, spec, street, counts, hands, counted, seats, require_all, profile)
    seen: dict[int, str] = {}     # by the card's code, one number per card (hashing a Card hashes two enums)
    for place, card, item in places:
        first = seen.get(card.code)
        if first is not None:
            ck.add(item, f"{str(card)!r} is dealt twice: {first} and {place}")
        else:
            seen[card.code] = place
    hands = {p: hands[p] for p in seats if p in hands}  # the model keeps hands in seat order
    return seats, hands, shared


def _seats(ck: _Checker, top: dict[str, Node], what: str) -> tuple[list[str], set[str | None]]:
    """The seat names, each one word of visible letters and listed once, 2 to `MAX_SEATS` of
    them; and the names refused (not reported again in `hands`)."""
    seats: list[str] = []
    rejected: set[str | None] = set()  # seat names already reported: not reported again in hands
    seat_nodes = ck.sequence(top.get("seats"), f"{what} 'seats'")
    if seat_nodes is None:
        return seats, rejected
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
        hidden = invisible_characters(name)
        if hidden:
            rejected.add(name)
            ck.add(item, f"seat {name!r} holds invisible characters ({', '.join(hidden)}): two "
                   "names would look the same; write the name with visible letters only")
            continue
        if name in seats:
            ck.add(item, f"seat {name!r} is listed twice")
            continue
        seats.append(name)
    if len(seat_nodes) and not 2 <= len(seats) <= MAX_SEATS and len(seats) == len(seat_nodes):
        ck.add(top["seats"], f"{what}: {len(seats)} seats; a stud table has 2 to {MAX_SEATS} players")
    return seats, rejected


def _hands(ck: _Checker, hand_map: Node, seats: list[str], rejected: set[str | None], require_all: bool,
           hands: dict[str, Hand], places: list[tuple[str, Card, Node]], counted: list[tuple[Node, str]]) -> None:
    """Each seated player's hand (down, up, folded) into `hands`; each card's place into
    `places`; each hand whose cards could all be read into `counted`; a seat without a hand."""
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


def _check_street_counts(ck: _Checker, top: dict[str, Node], spec: GameSpec, street: str, counts: tuple[int, int],
                         hands: dict[str, Hand], counted: list[tuple[Node, str]], seats: list[str],
                         require_all: bool, profile: Any) -> None:
    """The cards each hand holds on the street: none yet where the events deal them all; the
    spec's counts hand by hand; or, in a game whose cards move between players, the deal's total."""
    if (spec.moves == "events" or top.get("events") is not None) and not any(h.cards for h in hands.values()):
        return  # before the deal: the events deal every card (a home game's, or a whole stud hand's)
    if not spec.cards_move:
        written = misdealt_seats(top)   # hands misdealt on purpose: counted against `misdealt:`
        for value, player in counted:
            if player in written:
                continue
            _check_counts(ck, value, player, hands[player], street, counts, spec.cite)
    elif require_all and counted and len(counted) == len(seats):
        _check_conservation(ck, top.get("hands"), spec, {p: hands[p] for _, p in counted}, street, counts, profile)

def _check_shared_card(ck: _Checker, node: Node, hands: dict[str, Hand], profile: Any) -> None:
    """A shared seventh card only when the deck runs short (the profile's `shared_card` rule).

    The deck was short when the card was dealt, not at the showdown: a player marked folded who
    holds every face-up card of the street before (`GameSpec.shared_decided_after`) may have been
    in when it was turned up and folded on its round, so the count takes them as still in then."""
    from course.engine import turn

    live = [p for p, h in hands.items() if not h.folded]
    if not live:  # no hands to count (a broken `seats` or `hands` is reported on its own)
        return
    spec = find_game(profile.game)
    before = spec.cards_on(spec.shared_decided_after or "") if spec is not None else None
    late = [p for p, h in hands.items() if h.folded and before is not None and len(h.up) == before[1]]
    left = turn.cards_left_before_seventh({p: (h.down, h.up) for p, h in hands.items()})
    verdict = turn.needs_shared_card(len(live) + len(late), profile, cards_left=left)
    if not verdict.value:
        cites = " ".join(f"[{key}]" for key in verdict.citations)
        who = f"the {len(live)} players still in" + (f" and the {len(late)} who may have folded after it" if late else "")
        ck.add(node, f"a shared seventh card is dealt only when the deck runs short, but {left} cards are "
               f"left for {who}: deal each a seventh card instead {cites}")


def _check_shared_card_missing(ck: _Checker, node: Node, hands: dict[str, Hand], profile: Any, street: str) -> None:
    """A deal past the street a shared card replaces, without one, while the deck is too short to
    give every player still in a card of it (the profile's `shared_card` rule): refused."""
    from course.engine import turn

    live = [p for p, h in hands.items() if not h.folded]
    if not live:
        return
    left = turn.cards_left_before_seventh({p: (h.down, h.up) for p, h in hands.items()})
    verdict = turn.needs_shared_card(live, profile, cards_left=left)
    if verdict.value:
        cites = " ".join(f"[{key}]" for key in verdict.citations)
        ck.add(node, f"on {street} street {len(live)} players are still in but only {left} cards are left: the "
               f"deck cannot give each a card, so the last card is one shared card; add it as 'shared' {cites}")


def _card_nodes(node: Node | None) -> list[Node]:
    """The node to blame for each card of a card list (the list item, or the whole string)."""
    if node is None:
        return []
    if node.kind == "seq":
        return list(node.value)
    if node.kind == "scalar" and isinstance(node.value, str):
        return [node] * len(node.value.replace(",", " ").split())
    return []


def _check_counts(ck: _Checker, node: Node, player: str, hand: Hand, street: str, counts: tuple[int, int],
                  cite: str) -> None:
    """A game where cards never change hands: the number of cards a hand shows on its street."""
    down, up = counts
    cite = f"[{cite}]"
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


def _check_conservation(ck: _Checker, node: Node, spec: GameSpec, hands: dict[str, Hand], street: str,
                        counts: tuple[int, int], profile: Any) -> None:
    """A game where cards change hands: every card dealt is still somewhere, face up cards stay
    face up and hole cards stay hole cards, so the totals of each kind are those dealt (a player
    who folded was dealt at least the third-street cards); then the game's own rule for moving
    cards (`deal_problems`) checks what the moves must have left behind."""
    down, up = counts
    live = [h for h in hands.values() if not h.folded]
    folded = len(hands) - len(live)
    first = spec.streets[0]
    cite = f"[{spec.cite}]"
    for side, per_player, least in (("up", up, first.up), ("down", down, first.down)):
        if side == "down" and any(not h.down for h in live):
            continue  # hole cards left out: nothing to count
        # A player who folded before the exercise starts may leave their hole cards out: they were
        # mucked face down, so they are counted neither as held nor as missing.
        folded = sum(1 for h in hands.values() if h.folded and (side == "up" or h.down))
        held = sum(len(getattr(h, side)) for h in hands.values())
        low, high = per_player * len(live) + least * folded, per_player * (len(live) + folded)
        if not low <= held <= high:
            want = str(low) if low == high else f"{low} to {high}"
            kind = "face-up" if side == "up" else "hole"
            ck.add(node, f"the hands hold {held} {kind} cards, but by {street} street {want} were dealt "
                   f"{kind.replace('hole', 'face down').replace('face-up', 'face up')} ({per_player} to each of "
                   f"the {len(live)} players still in" + (f", at least {least} to each who folded" if folded else "")
                   + f"); cards change hands but never change face, and none leave the table {cite}")
    hook = getattr(spec.module(), "deal_problems", None)
    if hook is not None and profile is not None:
        for message in hook(hands, counts, profile):
            ck.add(node, message)
