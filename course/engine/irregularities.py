"""Dealing irregularities and their repairs (Robert's Rules, private-games edition, Section 8).

The repairs are data (`course/rules/irregularities.yaml`, each with its citation); this module
applies them to a real deal and says, with cited steps, what follows:

- `hole_card_up` (RRP-H 8.5): one of a player's first two hole cards dealt face up. One card: the
  third card comes face down and the hand plays on; if the exposed card is the lowest showing,
  nobody is forced to bring in and the player on its owner's left acts first. Two cards: the hand
  is dead and its ante goes back.
- `wrong_bring_in` (RRP-H 8.9): the wrong player marked low bets. Before the next player acts the
  bet is taken back and the true low card brings in; after, the bet stands and the true low card
  owes nothing.
- `dealt_too_soon` (RRP-H 8.14): cards dealt before a round's betting ends are set aside, then one
  more card for each player still in, a burn, and the deal goes on: which card each player gets.

Who is the low card comes from `course.engine.turn.bring_in`, as for any third street.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Collection, Mapping, Sequence

import yaml

from course.cards import Card, cards_text
from course.engine import turn
from course.explain import Step

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml where PyYAML has it
RULES_FILE = Path(__file__).resolve().parents[1] / "rules" / "irregularities.yaml"
KINDS = ("hole-card-up", "wrong-bring-in", "dealt-too-soon")


class IrregularityError(ValueError):
    """A deal the repair cannot apply to (the message says what was expected)."""


@lru_cache(maxsize=1)
def repairs() -> dict[str, dict[str, Any]]:
    """The repairs as data, checked for the settings this module applies."""
    raw = yaml.load(RULES_FILE.read_bytes(), Loader=_LOADER) or {}
    found = raw.get("repairs") or {}
    if set(found) != set(KINDS):
        raise ValueError(f"{RULES_FILE.name}: expected repairs {', '.join(KINDS)}, got {', '.join(found)}")
    for name, repair in found.items():
        if not repair.get("cite"):
            raise ValueError(f"{RULES_FILE.name}: repair {name!r} has no citation")
    counted = found["dealt-too-soon"].get("counted")
    if counted != "after-the-round":     # the one reading `dealt_too_soon`'s callers apply (`still_in`)
        raise ValueError(f"{RULES_FILE.name}: dealt-too-soon counted {counted!r}: expected after-the-round")
    return found


@lru_cache(maxsize=1)
def games() -> tuple[str, ...]:
    """The games whose deals these repairs are written for (the rules file's `games`), read once
    per process as `repairs` is: the checker asks for every irregularity exercise."""
    raw = yaml.load(RULES_FILE.read_bytes(), Loader=_LOADER) or {}
    return tuple(raw.get("games") or ())


def street_of(kind: str) -> str:
    """The street a repair is written on (`any`: a betting round of any street)."""
    return repairs()[kind]["street"]


def cite_of(kind: str) -> tuple[str, ...]:
    return tuple(repairs()[kind]["cite"])


@dataclass(frozen=True)
class Repair:
    """What a repair decides on one deal, and the cited steps that decide it."""

    kind: str
    bring_in: str | None = None            # the player who owes the bring-in now (None: nobody is forced)
    first: str | None = None               # the player who acts first on the round
    live: Mapping[str, bool] = field(default_factory=dict)   # hands the repair rules on: live or dead
    third_card_down: tuple[str, ...] = ()  # players whose third card is dealt face down
    ante_returned: tuple[str, ...] = ()    # players whose ante goes back
    bet_stands: bool | None = None         # the wrong bring-in's bet stands (wrong-bring-in)
    next_cards: Mapping[str, Card] = field(default_factory=dict)   # the card each player gets next
    set_aside: tuple[Card, ...] = ()       # cards out of play (dealt-too-soon)
    steps: tuple[Step, ...] = ()


def still_in(seats: Sequence[str], folded: Collection[str], actions: Sequence[str]) -> list[str]:
    """The players still in once a street's written actions are over: not folded before it, and
    not folding in it ("Cara folds")."""
    folds = {a.split()[0] for a in actions if a.split()[1:] == ["folds"]}
    return [p for p in seats if p not in folded and p not in folds]


def _left_of(seats: Sequence[str], player: str, live: Sequence[str]) -> str:
    """The first player still in on `player`'s left (clockwise)."""
    at = seats.index(player)
    for n in range(1, len(seats)):
        seat = seats[(at + n) % len(seats)]
        if seat in live and seat != player:
            return seat
    raise IrregularityError(f"nobody but {player} is still in")


def _low(seats: Sequence[str], doors: Mapping[str, Card], profile: Any):
    if len(doors) < 2:
        raise IrregularityError("a third street needs at least two players with a card showing")
    return turn.bring_in(seats, doors, profile)


def hole_card_up(seats: Sequence[str], doors: Mapping[str, Card], player: str, exposed: Sequence[Card],
                 profile: Any) -> Repair:
    """RRP-H 8.5 on third street. `doors`: the card showing of each player still in, the exposed
    card as `player`'s when one card was turned up (`player` left out when both were)."""
    rule = repairs()["hole-card-up"]
    cite = tuple(rule["cite"])
    if player not in seats:
        raise IrregularityError(f"{player!r} is not one of the seats {list(seats)}")
    if len(exposed) not in (1, 2):
        raise IrregularityError(f"a hole-card-up names one or two of {player}'s hole cards, got {len(exposed)}")
    if len(exposed) == 2:
        two = rule["two_cards"]
        live_doors = {p: c for p, c in doors.items() if p != player}
        steps = [Step(f"Both of {player}'s hole cards, {cards_text(exposed)}, were dealt face up: the hand is "
                      + ("dead" if not two["live"] else "live")
                      + (f" and {player} gets the ante back." if two["ante_returned"] else "."), cite)]
        low = _low(seats, live_doors, profile)
        steps.append(Step(f"{player} is out of the hand, so the bring-in is decided among the others as usual.", cite))
        steps.extend(low.steps)
        return Repair("hole-card-up", bring_in=low.value, first=low.value, live={player: bool(two["live"])},
                      ante_returned=(player,) if two["ante_returned"] else (), steps=tuple(steps))
    one = rule["one_card"]
    card = exposed[0]
    if doors.get(player) != card:
        raise IrregularityError(f"{player}'s card showing should be the exposed {card}")
    steps = [Step(f"{player}'s {card} is a hole card the dealer turned up by mistake, so {player}'s third card is "
                  f"dealt face {one['third_card']}: {player} still has two hole cards and the hand "
                  + ("plays on." if one["live"] else "is dead."), cite)]
    low = _low(seats, doors, profile)
    # the usual bring-in steps, but not their conclusion when the exposed card is the low one
    steps.extend(s for s in low.steps if low.value != player or s.text != f"{player} brings in.")
    down = (player,) if one["third_card"] == "down" else ()
    if low.value == player:
        rule_low = rule["exposed_low"]
        first = _left_of(seats, player, list(doors))
        choices = ", ".join(rule_low["choices"][:-1]) + " or " + rule_low["choices"][-1]
        steps.append(Step(f"The {card} turned up by mistake would have been the lowest card showing, so nobody is "
                          f"forced to bring in: {first}, the first player on {player}'s left, acts first and may "
                          f"{choices}.", cite))
        forced = first if rule_low["forced_bring_in"] else None
        return Repair("hole-card-up", bring_in=forced, first=first, live={player: bool(one["live"])},
                      third_card_down=down, steps=tuple(steps))
    steps.append(Step(f"The {card} turned up by mistake is not the lowest card showing, so the bring-in stays with "
                      f"{low.value}.", cite))
    return Repair("hole-card-up", bring_in=low.value, first=low.value, live={player: bool(one["live"])},
                  third_card_down=down, steps=tuple(steps))


def wrong_bring_in(seats: Sequence[str], doors: Mapping[str, Card], wrong: str, next_acted: bool,
                   profile: Any) -> Repair:
    """RRP-H 8.9 on third street: `wrong`, marked low by mistake, has bet; `next_acted` says whether
    the player on `wrong`'s left acted before the mistake was seen."""
    rule = repairs()["wrong-bring-in"]
    cite = tuple(rule["cite"])
    if wrong not in doors:
        raise IrregularityError(f"{wrong!r} is not a player still in with a card showing")
    low = _low(seats, doors, profile)
    true = low.value
    if true == wrong:
        raise IrregularityError(f"{wrong} is the true low card, so the bring-in was not a mistake")
    after = _left_of(seats, wrong, list(doors))
    steps = [*low.steps, Step(f"{wrong} was marked as the low card by mistake and bet; the true low card is {true}.",
                              cite)]
    branch = rule["next_acted" if next_acted else "next_not_acted"]
    stands = branch["wrong_bet"] == "stands"
    owes = branch["true_low"] == "brings-in"
    if next_acted:
        steps.append(Step(f"{after}, the next player, has already acted, so {wrong}'s bet "
                          + ("stands and the action goes on from there" if stands else "is taken back")
                          + (f"; {true} must still bring in." if owes else f"; {true} owes nothing."), cite))
    else:
        steps.append(Step(f"{after}, the next player, has not acted yet, so the action is corrected: {wrong} "
                          + ("takes the bet back" if not stands else "keeps the bet")
                          + (f" and {true}, the true low card, must bring in." if owes else "."), cite))
    return Repair("wrong-bring-in", bring_in=true if owes else None, first=true if owes and not stands else wrong,
                  bet_stands=stands, steps=tuple(steps))


def dealt_too_soon(seats: Sequence[str], still_in: Sequence[str], early: Sequence[Card], deck: Sequence[Card]
                   ) -> Repair:
    """RRP-H 8.14: `early`, dealt before the round's betting ended, are set aside; once it ends,
    one more card (the file's `set_aside_per_player`) for each player in `still_in`, then the
    burn, and the next card to each player still in from the first seat. `deck`: the cards under
    the early ones, in order from the top."""
    rule = repairs()["dealt-too-soon"]
    cite = tuple(rule["cite"])
    if not early:
        raise IrregularityError("name at least one card dealt too soon")
    players = [p for p in seats if p in still_in]
    if len(players) < 2:
        raise IrregularityError("the repair needs at least two players still in once the round is over")
    more = int(rule["set_aside_per_player"]) * len(players)
    burn = int(rule["burn"])
    need = more + burn + len(players)
    if len(deck) < need:
        raise IrregularityError(f"the deck lists {len(deck)} card(s); with {len(players)} players still in the "
                                f"repair uses {need} ({more} set aside, {burn} burnt, {len(players)} dealt)")
    aside = tuple(deck[:more])
    burnt = deck[more:more + burn]
    dealt = {p: deck[more + burn + n] for n, p in enumerate(players)}
    steps = [
        Step(f"{cards_text(early)} came out before the betting was over: out of play, set aside.", cite),
        Step(f"The round ends with {len(players)} players still in ({', '.join(players)}), so the dealer sets aside "
             f"{more} more {'card' if more == 1 else 'cards'} from the deck: {cards_text(aside)}.", cite),
        Step(f"Then the dealer burns {cards_text(burnt)} and deals on from the first seat: "
             + ", ".join(f"{p} gets {c}" for p, c in dealt.items()) + ".", cite,
             course_default=bool(rule.get("course_choice"))),
    ]
    return Repair("dealt-too-soon", next_cards=dealt, set_aside=(*early, *aside), steps=tuple(steps))
