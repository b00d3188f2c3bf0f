"""Stud High drills on hands of the wrong size at the showdown (RRP-H 8.18; the profile's
`missing_last_card`, COURSE "Missing seventh card"): one player still in shows down a card too
many, lacks the seventh card, or lacks a card of an earlier street, written with the exercise key
`misdealt:` so the loader accepts the count on purpose.

`dead-hand` asks whether a hand is live: about the misdealt hand, or now and then about a hand of
the right size beside it, and on some deals with a lost seventh card under a game that rules such
a hand dead, so neither yes nor no is a safe guess. `dead-hand-winner` asks who wins, and keeps
mostly deals where the misdealt hand, had it played with every card it holds, would change the
answer: the best-looking hand is dead (or, missing only its seventh card, still wins)."""

from __future__ import annotations

import random
from typing import Any

from course.cards import Card
from course.study.registry import Reject, Template, draft, register
from course.study.stud import PROFILES, SPEC, Deal

SHOWDOWN = SPEC.streets[-1].name
# The streets that deal cards, with the (down, up) each player holds once they are dealt.
DEALING = [s for s in SPEC.streets if s.name != SHOWDOWN]
LAST = DEALING[-1].name                     # the street of the last card (dealt face down)
KINDS = ("extra", "missing-last", "missing-earlier")


def _street_of(side: str, index: int) -> str:
    """The street that deals a hand's card number `index` (from 0) on `side`."""
    return next(s.name for s in DEALING if getattr(s, side) > index)


def _misdeal(rng: random.Random, deal: Deal, player: str, kind: str) -> tuple[dict[str, Any], str]:
    """Change `player`'s full hand as `kind` says: the `misdealt:` entry and the sentence that
    tells the learner what happened."""
    if kind == "extra":
        card: Card = deal.deck.pop()
        if rng.random() < 0.5:
            deal.down[player].append(card)
            street = LAST
            how = f"two face-down cards stuck together and reached {player} as one"
        else:
            at = rng.randint(1, len(deal.up[player]))
            deal.up[player].insert(at, card)
            street = _street_of("up", at - 1)      # it came with the card before it in the row
            how = f"the dealer gave {player} two face-up cards"
        return {"extra": [str(card)]}, (f"On {street} street {how}; nobody noticed until the showdown, where "
                                        f"{player} turns up every card.")
    if kind == "missing-last":
        deal.down[player].pop()
        return {"missing": LAST}, (f"{player}'s {LAST}-street card went into the discards before {player} picked "
                                   f"it up, so {player} shows down one card fewer than the others.")
    if rng.random() < 0.75:
        at = rng.randrange(len(deal.up[player]))
        deal.up[player].pop(at)
        street = _street_of("up", at)
    else:
        deal.down[player].pop(0)
        street = _street_of("down", 0)
    return {"missing": street}, (f"On {street} street the dealer passed over {player}, and nobody noticed until "
                                 f"the showdown, where {player} shows down one card fewer than the others.")


def _deal(rng: random.Random, kind: str, players: tuple[int, int] = (2, 5)) -> tuple[Deal, str, dict, str]:
    deal = Deal(rng, rng.randint(*players), SHOWDOWN)
    deal.random_folds(rng.randint(0, 1))
    deal.complete()
    player = rng.choice(deal.live())
    entry, intro = _misdeal(rng, deal, player, kind)
    return deal, player, entry, intro


def _options(rng: random.Random, kind: str, chance: float) -> dict[str, str] | None:
    """Now and then a game that rules a hand missing its last card dead (the other reading)."""
    return {"missing_last_card": "dead"} if kind == "missing-last" and rng.random() < chance else None


def _intro(intro: str, options: dict[str, str] | None) -> str:
    if options:
        return intro + f" This game rules a hand missing its {LAST} card dead."
    return intro


def hand_live(rng: random.Random) -> dict[str, Any]:
    kind = rng.choices(KINDS, weights=(3, 4, 3))[0]
    deal, player, entry, intro = _deal(rng, kind)
    options = _options(rng, kind, 0.2)
    asked = player
    others = [p for p in deal.live() if p != player]
    if others and rng.random() < 0.25:          # a hand of the right size beside the misdealt one
        asked = rng.choice(others)
    return deal.exercise({"ask": "hand_live", "player": asked, "prompt": f"Is {asked}'s hand live?"},
                         rng.choice(PROFILES), options=options, misdealt={player: entry}, intro=_intro(intro, options))


def winner(rng: random.Random) -> dict[str, Any]:
    kind = rng.choices(KINDS, weights=(4, 3, 3))[0]
    deal, player, entry, intro = _deal(rng, kind, (2, 4))
    if len(deal.live()) < 2:
        raise Reject
    options = _options(rng, kind, 0.3)
    data = deal.exercise({"ask": "winners", "prompt": "Who wins the pot?"}, rng.choice(PROFILES),
                         options=options, misdealt={player: entry}, intro=_intro(intro, options))
    if rng.random() < 0.8 and not _hand_changes_winner(data, player):
        raise Reject
    return data


def _hand_changes_winner(data: dict[str, Any], player: str) -> bool:
    """Whether the misdealt hand, played with all it holds, would win alone (it is the best-looking
    hand): the draws worth keeping, where the rule decides the answer."""
    exercise = draft(data, "dead-hand")
    from course.hands import evaluate

    hands = {p: [*h.down, *h.up] for p, h in exercise.hands.items() if not h.folded}
    best = max(evaluate(c).value for c in hands.values())
    return [p for p, c in hands.items() if evaluate(c).value == best] == [player]


register(Template("dead-hand", "stud-high", "hand_live", "Drill: is the hand live?", hand_live))
register(Template("dead-hand-winner", "stud-high", "winners", "Drill: who wins when a hand is dead", winner))
