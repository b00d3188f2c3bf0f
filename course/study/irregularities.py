"""Stud High drills on dealing irregularities (an exercise's `irregularity:` key; the repairs of
RRP-H 8.5, 8.9 and 8.14 applied by `course.engine.irregularities`). Each draws a random deal,
plants one mistake of the dealer's on it and lets the engine answer:

- `hole-card-up` (who acts first): a hole card turned up; about half the time it is the lowest
  card showing (nobody brings in, the player on its left acts first), otherwise it is not, or both
  hole cards are up and the hand is dead (the bring-in among the others).
- `wrong-bring-in` (does the true low card owe the bring-in): the wrong player brings in, and the
  next player has acted in about half of the draws.
- `dealt-too-soon` (is this the card a player gets next): cards dealt before the betting is over.
"""

from __future__ import annotations

import random
from typing import Any

from course.study import engine
from course.study.registry import Reject, Template, register
from course.study.stud import BETTING, FIRST, GAME, PROFILES, Deal, random_actions, text


def _low(deal: Deal, rules: str, doors: dict[str, Any]) -> str:
    return engine.bring_in(deal.seats, doors, engine.profile(rules), words=False).value


def _left(seats: list[str], player: str, live: list[str]) -> str:
    at = seats.index(player)
    return next(seats[(at + n) % len(seats)] for n in range(1, len(seats)) if seats[(at + n) % len(seats)] in live)


def hole_card_up(rng: random.Random) -> dict[str, Any]:
    rules = rng.choice(PROFILES)
    deal = Deal(rng, rng.randint(3, 7), FIRST).complete()
    doors = {p: deal.up[p][0] for p in deal.seats}
    low = _low(deal, rules, doors)
    mode = rng.random()
    if mode < 0.5:                  # the card turned up is the lowest showing
        player = low
    elif mode < 0.8:                # it is not
        player = rng.choice([p for p in deal.seats if p != low])
    else:                           # both hole cards up: a dead hand
        player = rng.choice(deal.seats)
        cards = [*deal.down[player][:1], *deal.up[player]]
        deal.down[player], deal.up[player] = [], []
        deal.folded.add(player)
        data = deal.exercise({"ask": "repair_first_to_act"}, rules, irregularity={
            "kind": "hole-card-up", "player": player, "cards": text(cards)},
            intro=f"On third street the dealer turns both of {player}'s first two cards face up: {text(cards)}.")
        data["hands"][player] = {"folded": True}
        return data
    card = deal.up[player][0]
    intro = (f"On third street the dealer turns {player}'s {rng.choice(('first', 'second'))} card, the {card}, "
             f"face up by mistake; {player}'s third card is then dealt face down.")
    return deal.exercise({"ask": "repair_first_to_act"}, rules, intro=intro,
                         irregularity={"kind": "hole-card-up", "player": player, "cards": str(card)})


def wrong_bring_in(rng: random.Random) -> dict[str, Any]:
    rules = rng.choice(PROFILES)
    deal = Deal(rng, rng.randint(3, 7), FIRST).complete()
    doors = {p: deal.up[p][0] for p in deal.seats}
    low = _low(deal, rules, doors)
    wrong = rng.choice([p for p in deal.seats if p != low])
    after = _left(deal.seats, wrong, deal.seats)
    acted = rng.random() < 0.5
    said = (f"{after} acts before anyone notices that {low}'s {doors[low]} is lower." if acted else
            f"Before {after} acts, someone points out that {low}'s {doors[low]} is lower.")
    intro = f"The dealer takes {wrong}'s {doors[wrong]} for the low card and {wrong} brings in. {said}"
    return deal.exercise({"ask": "repair_bring_in", "player": low}, rules, intro=intro,
                         irregularity={"kind": "wrong-bring-in", "player": wrong, "next_acted": acted})


def dealt_too_soon(rng: random.Random) -> dict[str, Any]:
    rules = rng.choice(PROFILES)
    street = rng.choice(BETTING[:-2])           # a street with a card still to come after the next
    deal = Deal(rng, rng.randint(3, 6), street)
    deal.random_folds(1)
    deal.complete()
    rnd = deal.betting(rules)
    actions = random_actions(rng, rnd, 40, fold_chance=0.1)
    if rnd.to_act is not None:
        raise Reject                            # the round is not over
    folds = {a.split()[0] for a in actions if a.endswith(" folds")}
    live = [p for p in deal.live() if p not in folds]
    if len(live) < 2:
        raise Reject
    early = [deal.deck.pop() for _ in range(rng.randint(1, len(live) - 1))]
    rest = [deal.deck.pop() for _ in range(2 * len(live) + 1 + rng.randint(0, 2))]
    player = rng.choice(live)
    at = live.index(player)
    pick = rng.random()
    # the card the player gets (about half the time), the one they would get were nothing more set
    # aside, or one of the cards dealt too soon
    card = (rest[len(live) + 1 + at] if pick < 0.5 else rest[1 + at] if pick < 0.8
            else rng.choice(early))
    intro = (f"During the {street} street betting the dealer burns a card and deals {text(early)} too soon. The "
             f"round's betting then ends. The next cards of the deck, from the top, are {text(rest)}.")
    return deal.exercise({"ask": "repair_gets_card", "player": player, "cards": str(card)}, rules, intro=intro,
                         actions=actions,
                         irregularity={"kind": "dealt-too-soon", "early": text(early), "deck": text(rest)})


register(Template("hole-card-up", GAME, "repair_first_to_act", "Drill: a hole card dealt face up", hole_card_up))
register(Template("wrong-bring-in", GAME, "repair_bring_in", "Drill: the wrong player brings in", wrong_bring_in))
register(Template("dealt-too-soon", GAME, "repair_gets_card", "Drill: cards dealt too soon", dealt_too_soon))
