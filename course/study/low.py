"""Razz and Stud Hi-Lo drills: one template per ask of each game, trap templates for the classic
low-game mistakes, and "which game?" drills that ask about a deal whose answer under Stud High
the intro gives.

The deals are drawn as the Stud High drills draw theirs (`course.study.stud.Deal`, actions among
the moves the betting round allows under the game's own profile); the answer is always left to
the engine, which reads the game spec and the profile (RRP-H 9, 10).
"""

from __future__ import annotations

import itertools
import random
from typing import Any, Iterable

from course.cards import Card
from course.hands import Category, EIGHT_OR_BETTER, NO_LOW, evaluate, hand_order, low_value
from course.study import engine
from course.study.registry import CONTROL, Reject, Template, register
from course.study.stud import BETTING, Deal, action_to_judge, arising_pot, card, random_actions, text

RAZZ, HILO, HIGH = "razz", "stud-hi-lo", "stud-high"
RULES = {RAZZ: "rrp-razz", HILO: "rrp-stud-hi-lo", HIGH: "pokerstars"}
PREFIX = {RAZZ: "razz", HILO: "hilo"}
TITLES = {RAZZ: "Razz", HILO: "Stud Hi-Lo", HIGH: "Stud High"}


def _first(game: str) -> str:
    """The game's first street, where the bring-in is decided (its spec)."""
    return engine.find_game(game).first_street


def item(deal: Deal, game: str, question: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """The drawn deal as an exercise of `game` under its default profile."""
    data = deal.exercise(question, RULES[game], **extra)
    data["game"] = game
    return data


def betting(deal: Deal, game: str):
    return deal.betting(RULES[game])


# --------------------------------------------------------------------------------------------
# One template per ask, for each game


def _bring_in(game):
    def draw(rng):
        return item(Deal(rng, rng.randint(2, 8), _first(game)).complete(), game, {"ask": "bring_in"})
    return draw


def _opener(game):
    def draw(rng):
        deal = Deal(rng, rng.randint(2, 8), rng.choice(BETTING[1:]))
        deal.random_folds(rng.randint(0, 2))
        return item(deal.complete(), game, {"ask": "opener"})
    return draw


def _action_order(game):
    def draw(rng):
        deal = Deal(rng, rng.randint(3, 8), rng.choice(BETTING))
        deal.random_folds(rng.randint(0, 2))
        return item(deal.complete(), game, {"ask": "action_order"})
    return draw


def _betting_deal(rng, game, street=None):
    deal = Deal(rng, rng.randint(2, 6), street or rng.choice(BETTING))
    deal.random_folds(rng.randint(0, 1))
    deal.complete()
    return deal, betting(deal, game)


def _legal_action(game):
    def draw(rng):
        deal, rnd = _betting_deal(rng, game)
        actions = random_actions(rng, rnd, rng.randint(0, 5))
        action = action_to_judge(rng, rnd)
        return item(deal, game, {"ask": "legal_action", "action": action, "after": len(actions)},
                    actions=actions or None)
    return draw


def _contributions(game, ask):
    def draw(rng):
        deal, rnd = _betting_deal(rng, game)
        actions = random_actions(rng, rnd, rng.randint(2, 9))
        return item(deal, game, {"ask": ask}, actions=actions)
    return draw


def _showdown_deal(rng, players=None):
    deal = Deal(rng, players or rng.randint(2, 7), "showdown")
    deal.random_folds(rng.randint(0, 2))
    return deal.complete()


def _paired_low(rng, deal: Deal, player: str, distinct: int) -> None:
    """Plant seven cards of only `distinct` ranks for `player` (a low that must keep a pair)."""
    ranks = rng.sample(range(2, 15), distinct)
    counts = [1] * distinct
    for _ in range(7 - distinct):
        counts[rng.randrange(distinct)] += 1
    if max(counts) > 4:
        raise Reject
    cards = [c for r, n in zip(ranks, counts) for c in rng.sample([c for c in deal.deck if c.rank == r], n)]
    rng.shuffle(cards)
    deal.plant(player, down=cards[:3], up=cards[3:])


def _best_five(game):
    def draw(rng):
        deal = _showdown_deal(rng)
        player = rng.choice(deal.live())
        question = {"ask": "best_five", "player": player}
        if game == HILO and rng.random() < 0.5:
            # a low only where there is one: "no cards" cannot be picked on the screen
            if low_value(deal.down[player] + deal.up[player], EIGHT_OR_BETTER) == NO_LOW:
                raise Reject
            question["side"] = "low"
        return item(deal, game, question)
    return draw


def _category(game):
    def draw(rng):
        deal = Deal(rng, rng.randint(2, 6), "showdown")
        player = rng.choice(deal.seats)
        question = {"ask": "category", "player": player}
        if game == RAZZ and rng.random() < 0.6:    # most razz hands find five ranks: plant the pairs
            _paired_low(rng, deal, player, rng.choice((3, 4, 4)))
        deal.complete()
        if game == HILO and rng.random() < 0.3:
            cards = deal.down[player] + deal.up[player]
            if low_value(cards, EIGHT_OR_BETTER) == NO_LOW:
                raise Reject
            question["side"] = "low"
        return item(deal, game, question)
    return draw


def _winners(game):
    def draw(rng):
        question = {"ask": "winners"}
        deal = _showdown_deal(rng)
        if game == HILO and rng.random() < 0.5:
            # the low half only where a low qualifies: "nobody" cannot be picked on the screen
            if all(low_value(deal.down[p] + deal.up[p], EIGHT_OR_BETTER) == NO_LOW for p in deal.live()):
                raise Reject
            question["side"] = "low"
        return item(deal, game, question)
    return draw


def _with_pot(game, ask):
    def draw(rng):
        deal = _showdown_deal(rng)
        if ask == "halves" and len(deal.live()) < 2:
            raise Reject
        return item(deal, game, {"ask": ask}, pot=arising_pot(rng, deal, RULES[game]))
    return draw


def _legal_hand(game):
    def draw(rng):
        deal = _showdown_deal(rng)
        player = rng.choice(deal.live())
        own = deal.down[player] + deal.up[player]
        order = hand_order("high" if game == HILO and rng.random() < 0.5 else "ace-to-five")
        best = list(order.full(own).cards) or rng.sample(own, 5)
        shown = best if rng.random() < 0.4 else rng.sample(own, 5)
        if rng.random() < 0.55:
            others = [c for p in deal.seats if p != player for c in deal.up[p]]
            shown[rng.randrange(5)] = rng.choice(others)
        return item(deal, game, {"ask": "legal_hand", "player": player, "cards": text(shown)})
    return draw


def _shared_card(game):
    def draw(rng):
        short = rng.random() < 0.5
        deal = Deal(rng, 8 if short else rng.randint(6, 8), engine.find_game(game).shared_decided_after)
        for p in rng.sample(deal.seats, k=rng.randint(0, 2)):
            deal.fold_early(p, rng.choice(BETTING[2:4] if short else BETTING[:3]))
        deal.complete()
        left = 52 - sum(2 + len(deal.up[p]) for p in deal.seats)
        if (left < len(deal.live())) != short:
            raise Reject
        return item(deal, game, {"ask": "shared_card"})
    return draw


def _qualifies(rng):
    """Half the players asked about hold a qualifying low (yes/no balanced): those get five low
    ranks planted, the others must lack one."""
    want = rng.random() < 0.5
    for _ in range(30):                  # the coin stays: a redraw keeps the answer asked for
        deal = Deal(rng, rng.randint(2, 6), "showdown")
        player = rng.choice(deal.seats)
        try:
            if want:
                _plant_low(rng, deal, player, rng.sample([14, 2, 3, 4, 5, 6, 7, 8], 5), filler=range(2, 14))
        except Reject:
            continue
        deal.complete()
        has = low_value(deal.down[player] + deal.up[player], EIGHT_OR_BETTER) != NO_LOW
        if has == want:
            return item(deal, HILO, {"ask": "qualifies", "player": player})
    raise Reject


ASKS = {
    "bring_in": _bring_in, "opener": _opener, "action_order": _action_order, "legal_action": _legal_action,
    "contributions": lambda g: _contributions(g, "contributions"),
    "street_total": lambda g: _contributions(g, "street_total"),
    "best_five": _best_five, "category": _category, "winners": _winners, "award": lambda g: _with_pot(g, "award"),
    "legal_hand": _legal_hand, "shared_card": _shared_card,
}
for _game in (RAZZ, HILO):
    for _ask, _make in ASKS.items():
        register(Template(f"{PREFIX[_game]}-{_ask.replace('_', '-')}", _game, _ask,
                          f"Drill: {TITLES[_game]} {_ask.replace('_', ' ')}", _make(_game)))
register(Template("hilo-halves", HILO, "halves", "Drill: Stud Hi-Lo halves", _with_pot(HILO, "halves")))
register(Template("hilo-qualifies", HILO, "qualifies", "Drill: Stud Hi-Lo qualifying low", _qualifies))


# --------------------------------------------------------------------------------------------
# Traps


def _doors_above(rng, deal: Deal, below: int, players: Iterable[str], ace_low: bool) -> None:
    """Each of `players` gets a door card ranked under `below` (the ace counted low when `ace_low`)."""
    for p in players:
        rank = lambda c: 1 if ace_low and c.rank == 14 else int(c.rank)
        deal.plant(p, up=[rng.choice([c for c in deal.deck if rank(c) < below and c.rank != 14])])


def razz_highest_door(rng):
    """Razz's bring-in is the highest door card: the Stud High habit picks the lowest."""
    deal = Deal(rng, rng.randint(3, 8), _first(RAZZ))
    high = rng.choice(deal.seats)
    door = card(rng.randint(9, 13), rng.randrange(4))
    deal.plant(high, up=[door])
    _doors_above(rng, deal, door.rank, [p for p in deal.seats if p != high], ace_low=True)
    return item(deal.complete(), RAZZ, {"ask": "bring_in"})


def razz_ace_door(rng):
    """An ace showing in razz is the lowest card, never the bring-in."""
    deal = Deal(rng, rng.randint(3, 8), _first(RAZZ))
    ace, high = rng.sample(deal.seats, 2)
    deal.plant(ace, up=[card(14, rng.randrange(4))])
    door = card(rng.randint(6, 13), rng.randrange(4))
    deal.plant(high, up=[door])
    _doors_above(rng, deal, door.rank, [p for p in deal.seats if p not in (ace, high)], ace_low=True)
    return item(deal.complete(), RAZZ, {"ask": "bring_in"})


def razz_pair_showing(rng):
    """A small pair showing is the worst razz row, below any two unpaired cards."""
    street = rng.choice(engine.betting_streets(RAZZ)[1:-1])     # the later streets that deal a card up
    shown = engine.street_cards(street)[1]
    deal = Deal(rng, rng.randint(3, 6), street)
    pair_holder = rng.choice(deal.seats)
    rank = rng.randint(2, 5)
    deal.plant(pair_holder, up=rng.sample([c for c in deal.deck if c.rank == rank], 2))
    deal.complete()
    for p in deal.seats:
        ranks = [c.rank for c in deal.up[p]]
        if p != pair_holder and len(set(ranks)) < len(ranks):
            raise Reject
    return item(deal, RAZZ, {"ask": "opener"})


def straight_counts_winners(hands: dict[str, list[Card]]) -> list[str]:
    """The razz winners if straights and flushes counted against a low (the mistake): each hand's
    best five without a straight, flush or pair, else the least bad."""
    def key(cards):
        best = None
        for five in itertools.combinations(cards, min(5, len(cards))):
            category = evaluate(five).category
            k = (-int(category), low_value(five))
            best = k if best is None or k > best else best
        return best
    keys = {p: key(c) for p, c in hands.items()}
    top = max(keys.values())
    return [p for p, k in keys.items() if k == top]


def razz_straight_low(rng):
    """A razz low that is also a straight or a flush is still a plain low."""
    deal = Deal(rng, rng.randint(2, 4), "showdown")
    holder, other = rng.sample(deal.seats, 2)
    top = rng.randint(5, 7)
    ranks = list(range(top - 4, top + 1))
    ranks = [14 if r == 1 else r for r in ranks]
    low = [rng.choice([c for c in deal.deck if c.rank == r]) for r in ranks]
    filler = [rng.choice([c for c in deal.deck if c.rank == r]) for r in rng.sample(range(10, 14), 2)]
    cards = low + filler
    rng.shuffle(cards)
    deal.plant(holder, down=cards[:3], up=cards[3:])
    mid = rng.sample([r for r in range(2, 9) if r not in (top, top + 1)], 4) + [top + 1]
    second = [rng.choice([c for c in deal.deck if c.rank == r]) for r in mid]
    second += [rng.choice([c for c in deal.deck if c.rank == r]) for r in rng.sample(range(11, 15), 2)]
    rng.shuffle(second)
    deal.plant(other, down=second[:3], up=second[3:])
    for p in deal.seats:
        if p not in (holder, other):
            deal.fold_early(p, rng.choice(BETTING[:3]))
    deal.complete()
    hands = {p: deal.down[p] + deal.up[p] for p in deal.live()}
    right = max(hands, key=lambda p: low_value(hands[p]))
    if straight_counts_winners(hands) == [right]:
        raise Reject
    return item(deal, RAZZ, {"ask": "winners"})


def razz_pair_counts(rng):
    """A low that must keep a pair loses to any five different ranks, however high."""
    deal = Deal(rng, rng.randint(2, 4), "showdown")
    paired, rough = rng.sample(deal.seats, 2)
    _paired_low(rng, deal, paired, 4)
    ranks = rng.sample(range(9, 15), 5) + rng.sample(range(9, 15), 2)
    cards = []
    for r in ranks:
        options = [c for c in deal.deck if c.rank == r and c not in cards]
        if not options:
            raise Reject
        cards.append(rng.choice(options))
    deal.plant(rough, down=cards[:3], up=cards[3:])
    if evaluate(cards).category >= Category.STRAIGHT:
        raise Reject
    for p in deal.seats:
        if p not in (paired, rough):
            deal.fold_early(p, rng.choice(BETTING[:3]))
    return item(deal.complete(), RAZZ, {"ask": "winners"})


def hilo_ace_door(rng):
    """In Hi-Lo the ace counts high for the bring-in, though it is the best low card."""
    deal = Deal(rng, rng.randint(3, 8), _first(HILO))
    ace, low = rng.sample(deal.seats, 2)
    deal.plant(ace, up=[card(14, rng.randrange(4))])
    door = card(rng.randint(2, 8), rng.randrange(4))
    deal.plant(low, up=[door])
    for p in deal.seats:
        if p not in (ace, low):
            deal.plant(p, up=[rng.choice([c for c in deal.deck if door.rank < c.rank < 14])])
    return item(deal.complete(), HILO, {"ask": "bring_in"})


def _plant_low(rng, deal: Deal, player: str, ranks: list[int], filler: Iterable[int] = (11, 12, 13)) -> None:
    """Seven cards for `player`: one of each rank in `ranks`, the rest of ranks from `filler`."""
    cards = [rng.choice([c for c in deal.deck if c.rank == r]) for r in ranks]
    extra = []
    for r in rng.sample(list(filler), 7 - len(cards)):
        options = [c for c in deal.deck if c.rank == r and c not in cards]
        if not options:
            raise Reject
        extra.append(rng.choice(options))
    cards += extra
    rng.shuffle(cards)
    deal.plant(player, down=cards[:3], up=cards[3:])


def hilo_nine_low(rng):
    """A nine-low never qualifies: half the items hold one (no), half a real eight (control)."""
    deal = Deal(rng, rng.randint(2, 5), "showdown")
    player = rng.choice(deal.seats)
    nine = rng.random() < 0.5
    small = rng.sample([14, 2, 3, 4, 5, 6, 7], 4)
    _plant_low(rng, deal, player, small + [9 if nine else 8])
    deal.complete()
    data = item(deal, HILO, {"ask": "qualifies", "player": player})
    return data if nine else {**data, CONTROL: True}


def hilo_wheel(rng):
    """A wheel is the best low and a straight: it often takes both halves."""
    deal = Deal(rng, rng.randint(2, 5), "showdown")
    player = rng.choice(deal.seats)
    _plant_low(rng, deal, player, [14, 2, 3, 4, 5], filler=(9, 10, 11, 12, 13))
    deal.random_folds(rng.randint(0, 1))
    deal.complete()
    return item(deal, HILO, {"ask": "halves"}, pot=arising_pot(rng, deal, RULES[HILO]))


def hilo_no_low(rng):
    """Nobody qualifies for low: the high hand takes the whole pot."""
    deal = Deal(rng, rng.randint(2, 5), "showdown").complete()
    if any(low_value(deal.down[p] + deal.up[p], EIGHT_OR_BETTER) != NO_LOW for p in deal.live()):
        raise Reject
    return item(deal, HILO, {"ask": "halves"}, pot=arising_pot(rng, deal, RULES[HILO]))


def hilo_quartered(rng):
    """Two players hold the same low and split the low half (a quarter of the pot each)."""
    deal = Deal(rng, rng.randint(3, 5), "showdown")
    a, b = rng.sample(deal.seats, 2)
    ranks = rng.sample([14, 2, 3, 4, 5, 6, 7, 8], 5)
    for p in (a, b):
        _plant_low(rng, deal, p, ranks, filler=(9, 10, 11, 12, 13))
    deal.complete()
    return item(deal, HILO, {"ask": rng.choice(("halves", "award"))}, pot=arising_pot(rng, deal, RULES[HILO]))


# --------------------------------------------------------------------------------------------
# Which game? The intro says the answer under Stud High; the question asks under this game.


def _stud_answer(data: dict[str, Any]) -> Any:
    stud = {**data, "game": HIGH, "rules": RULES[HIGH], "id": "which-game-probe", "title": "probe"}
    stud.pop("intro", None)
    exercise, problems = engine.build({k: v for k, v in stud.items() if not k.startswith("_")}, "which-game-probe.yaml")
    if exercise is None or problems:     # the same deal is valid under Stud High: the engine failed
        raise ValueError("the deal under Stud High: " + "; ".join(map(str, problems)))
    return engine.answer_json(exercise, exercise.questions[0])


def _which(game, base, what):
    def draw(rng):
        data = base(rng)
        data["game"] = game
        data["rules"] = RULES[game]
        stud = _stud_answer(data)
        words = stud if isinstance(stud, str) else (", ".join(f"{k} {v}" for k, v in stud.items())
                                                    if isinstance(stud, dict) else ", ".join(stud))
        data["intro"] = (f"One deal, three games. Played as Stud High, the answer to this question "
                         f"would be: {words}. This time the deal is played as {TITLES[game]}: {what}")
        return data
    return draw


def _which_showdown(rng):
    deal = _showdown_deal(rng, rng.randint(2, 4))
    return item(deal, HILO, {"ask": "award"}, pot=arising_pot(rng, deal, RULES[HILO]))


TRAPS = [
    ("razz-highest-door", RAZZ, "bring_in", razz_highest_door, "Razz: the highest door card brings in",
     "stud-bring-in-in-razz"),
    ("razz-ace-door", RAZZ, "bring_in", razz_ace_door, "Razz: an ace showing is low", "ace-high-in-razz"),
    ("razz-pair-showing", RAZZ, "opener", razz_pair_showing, "Razz: a small pair showing is the worst row"),
    ("razz-straight-low", RAZZ, "winners", razz_straight_low, "Razz: a straight or flush is still a low",
     "straight-counts-in-razz"),
    ("razz-pair-counts", RAZZ, "winners", razz_pair_counts, "Razz: a pair counts against a hand"),
    ("hilo-ace-door", HILO, "bring_in", hilo_ace_door, "Hi-Lo: the ace is high for the bring-in"),
    ("hilo-nine-low", HILO, "qualifies", hilo_nine_low, "Hi-Lo: a nine does not qualify", "nine-qualifies"),
    ("hilo-wheel", HILO, "halves", hilo_wheel, "Hi-Lo: the wheel and both halves"),
    ("hilo-no-low", HILO, "halves", hilo_no_low, "Hi-Lo: no qualifying low, the high hand scoops"),
    ("hilo-quartered", HILO, "halves", hilo_quartered, "Hi-Lo: a tied low is quartered"),
    ("which-game-bring-in", RAZZ, "bring_in", _which(RAZZ, _bring_in(RAZZ), "who brings in?"),
     "Which game? The bring-in", "stud-bring-in-in-razz"),
    ("which-game-opener", RAZZ, "opener", _which(RAZZ, _opener(RAZZ), "who acts first?"),
     "Which game? The opener"),
    ("which-game-razz-award", RAZZ, "award", _which(RAZZ, _with_pot(RAZZ, "award"), "how is the pot paid?"),
     "Which game? The razz pot"),
    ("which-game-hilo-award", HILO, "award", _which(HILO, _which_showdown, "how is the pot paid?"),
     "Which game? The Hi-Lo pot"),
]
for _name, _game, _ask, _draw, _title, *_shows in TRAPS:
    register(Template(_name, _game, _ask, f"Trap: {_title}", _draw, trap=True, shows=tuple(_shows)))
