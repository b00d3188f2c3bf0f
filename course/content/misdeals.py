"""The exercise key `misdealt:`: a hand shown down with the wrong number of cards, written on
purpose (RRP-H 8.18), so that an ordinary deal with a wrong card count is still refused as a typo.

    street: showdown
    hands:
      Ben: {down: 6♠ 5♠ 3♦ A♠, up: 8♥ 7♣ 4♠ J♦}
      Cara: {down: K♠ 2♦, up: 9♣ 9♥ 4♥ Q♣}
    misdealt:
      Ben: {extra: [A♠]}        # one card more than the deal gives, named
      Cara: {missing: seventh}  # the card of seventh street never reached her

Each listed hand must hold the street's count plus its `extra` cards (each one of the hand's own,
counted on its side), or the street's count less exactly one card of the `missing` street (on a
side that street deals). The key is read on the showdown street of a game whose cards never
change hands, with the hands written in full (hole cards too), and no shared card; the answer
(live or dead) is left to the engine (`course.engine.dead_hands`).
"""

from __future__ import annotations

from typing import Any

from course.content.nodes import _NULL, Node, _describe

KEY = "misdealt"
CITE = "[RRP-H 8.18]"


def misdealt_seats(top: dict[str, Node]) -> set[str]:
    """The seats the `misdealt` key lists (their counts are checked here, not with the deal's)."""
    node = top.get(KEY)
    if node is None or node.kind != "map":
        return set()
    return {str(k) for k in node.value}


def misdealt(ck: Any, top: dict[str, Node], spec: Any, street: str | None, hands: dict, seats: list[str],
             shared: list, profile: Any = None) -> dict[str, dict[str, Any]]:
    """The `misdealt` key checked: seat -> {"extra": [card text, ...]} or {"missing": street}; {}
    when absent or wrong (each problem reported at its line)."""
    node = top.get(KEY)
    if node is None or (node.kind == "scalar" and node.tag == _NULL):
        return {}
    where = f"'{KEY}'"
    if spec is None or street is None:
        return {}
    if spec.moves != "actions" or spec.cards_move:
        ck.add(node, f"{where} is for a stud game whose cards stay with the player they are dealt to; "
               f"{spec.title} is not one")
        return {}
    if profile is not None and not profile.has("missing_last_card"):
        ck.add(node, f"{where} needs rules that settle a hand missing its last card (the option "
               f"'missing_last_card', which the Stud High profiles give); {profile.name!r} has none")
        return {}
    if top.get("events") is not None:
        ck.add(node, f"{where} describes hands written out at the showdown: write the street's 'hands', not "
               "'events'")
        return {}
    last = spec.streets[-1].name
    if street != last:
        ck.add(top.get("street") or node, f"{where} describes a hand as it is shown down: write it on "
               f"'street: {last}', not {street} {CITE}")
        return {}
    if shared:
        ck.add(node, f"{where} cannot be used with a shared card: a shared card belongs to every hand, so no "
               f"hand can lack it or hold one more of it {CITE}")
        return {}
    if node.kind != "map" or not node.value:
        ck.add(node, f"{where} should map a seat to how its hand went wrong, e.g. {{Ben: {{extra: [A♠]}}}} or "
               f"{{Cara: {{missing: seventh}}}}, got {_describe(node)}")
        return {}
    counts = spec.cards_on(street)
    out: dict[str, dict[str, Any]] = {}
    for key, value in node.value.items():
        player = ck.player(node.keys[key], where, seats)
        if player is None:
            continue
        fields = ck.mapping(value, f"{where} of {player}", ("extra", "missing"))
        if fields is None:
            continue
        hand = hands.get(player)
        if hand is None:
            continue               # a seat without a hand is reported with the hands
        if hand.folded:
            ck.add(value, f"{where}: {player} folded, so the hand is not shown down; list only players still in")
            continue
        if len(fields) != 1:
            ck.add(value, f"{where} of {player} should give one of 'extra' (the cards held beyond the deal) or "
                   "'missing' (the street whose card never came), got " + (", ".join(fields) or "neither"))
            continue
        if "extra" in fields:
            entry = _extra(ck, fields["extra"], player, hand, counts, street)
        else:
            entry = _missing(ck, fields["missing"], player, hand, counts, street, spec)
        if entry is not None:
            out[player] = entry
    return out


def _extra(ck: Any, node: Node, player: str, hand: Any, counts: tuple[int, int], street: str
           ) -> dict[str, Any] | None:
    cards = ck.cards(node, f"'{KEY}' extra of {player}")
    if cards is None:
        return None
    if not cards:
        ck.add(node, f"'{KEY}' extra of {player}: name at least one card the hand holds beyond the deal")
        return None
    problems = False
    for card in cards:
        if card not in hand.down and card not in hand.up:
            ck.add(node, f"'{KEY}' extra of {player}: {card} is not in {player}'s hand; name the extra card(s) "
                   "among the hand's own")
            problems = True
    if problems:
        return None
    want_down = counts[0] + sum(1 for c in cards if c in hand.down)
    want_up = counts[1] + sum(1 for c in cards if c in hand.up)
    if (len(hand.down), len(hand.up)) != (want_down, want_up):
        ck.add(node, f"'{KEY}' extra of {player}: on {street} street the hand should hold {counts[0]} down and "
               f"{counts[1]} up plus the {len(cards)} extra card(s), {want_down} down and {want_up} up, but it "
               f"holds {len(hand.down)} down and {len(hand.up)} up {CITE}")
        return None
    return {"extra": [str(c) for c in cards]}


def _missing(ck: Any, node: Node, player: str, hand: Any, counts: tuple[int, int], street: str, spec: Any
             ) -> dict[str, Any] | None:
    name = ck.text(node, f"'{KEY}' missing of {player}")
    if name is None:
        return None
    dealing = [s for s in spec.streets if s.down or s.up]
    names = [s.name for s in dealing]
    if name not in names or name == street:
        given = [n for n in names if n != street]
        ck.add(node, f"'{KEY}' missing of {player}: {name!r} is not a street that deals cards; expected one of "
               f"{', '.join(given)}")
        return None
    i = names.index(name)
    before = (dealing[i - 1].down, dealing[i - 1].up) if i else (0, 0)
    new_down, new_up = dealing[i].down - before[0], dealing[i].up - before[1]
    if new_down <= 0 and new_up <= 0:
        ck.add(node, f"'{KEY}' missing of {player}: {name} street deals no card of its own")
        return None
    fits = [(counts[0] - 1, counts[1])] * (new_down > 0) + [(counts[0], counts[1] - 1)] * (new_up > 0)
    if (len(hand.down), len(hand.up)) not in fits:
        sides = " or ".join(f"{d} down and {u} up" for d, u in fits)
        ck.add(node, f"'{KEY}' missing of {player}: with one card of {name} street missing, the hand on {street} "
               f"street holds {sides}, but it holds {len(hand.down)} down and {len(hand.up)} up {CITE}")
        return None
    return {"missing": name}
