"""Stud high drills: one template per ask, and trap templates that plant one known pitfall.

Each `draw(rng)` deals cards from a shuffled deck (planting the cards a trap needs first) and
writes the exercise as an author would. Betting is drawn action by action among the moves the
betting engine allows (`BettingRound.can`), so the actions are legal by construction; the answer
is always left to the engine.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, Iterable

from course.cards import DECK, Card, Rank, Suit
from course.hands import evaluate
from course.study import engine
from course.study.registry import CONTROL, Reject, Template, register

GAME = "stud-high"
NAMES = ("Ava", "Ben", "Cara", "Drew", "Eve", "Finn", "Gus", "Hana")
PROFILES = ("pokerstars", "wsop-2026", "1917poker")
BETTING = engine.betting_streets(GAME)
# The streets the drills deal to, by what happens there (the game's spec and default profile):
SPEC = engine.find_game(GAME)
FIRST = SPEC.first_street                                  # the bring-in
PAIR_STREET = SPEC.pair_street                             # a pair showing may allow the big bet
BIG_FROM = next(s for s in BETTING if SPEC.bet_size(s, engine.default_profile(GAME)) == "big")
LAST = BETTING[-1]                                         # the last card, dealt face down
BEFORE_SHARED = SPEC.shared_decided_after                  # the street before a shared card may be needed


def text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def card(rank: int, suit: int) -> Card:
    return Card(Rank(rank), Suit(suit))


class Deal:
    """A stud deal being drawn: seats, each hand's down and up cards, who folded earlier."""

    def __init__(self, rng: random.Random, players: int, street: str, game: str = GAME):
        self.rng = rng
        self.street = street
        self.game = game
        self.seats = list(NAMES[:players])
        self.deck = list(DECK)
        rng.shuffle(self.deck)
        self.down: dict[str, list[Card]] = {p: [] for p in self.seats}
        self.up: dict[str, list[Card]] = {p: [] for p in self.seats}
        self.folded: set[str] = set()
        self.shared: list[Card] = []

    def plant(self, player: str, down: Iterable[Card] = (), up: Iterable[Card] = ()) -> None:
        """Give `player` these cards first (the rest of the hand is dealt at random)."""
        for side, cards in ((self.down, down), (self.up, up)):
            for c in cards:
                self.deck.remove(c)
                side[player].append(c)

    def fold_early(self, player: str, street: str) -> None:
        """`player` folded after the cards of `street` (before the deal's own street)."""
        self.folded.add(player)
        self._fill(player, street)

    def _fill(self, player: str, street: str) -> None:
        down, up = engine.street_cards(street, self.game, bool(self.shared))
        if len(self.deck) < down + up - len(self.down[player]) - len(self.up[player]):
            raise Reject  # too many players for one deck this far (seventh street without a shared card)
        while len(self.down[player]) < down:
            self.down[player].append(self.deck.pop())
        while len(self.up[player]) < up:
            self.up[player].append(self.deck.pop())
        self.rng.shuffle(self.down[player])

    def complete(self) -> "Deal":
        for p in self.seats:
            if p not in self.folded:
                self._fill(p, self.street)
        return self

    def hands(self) -> dict[str, dict[str, Any]]:
        out = {}
        for p in self.seats:
            hand: dict[str, Any] = {"down": text(self.down[p]), "up": text(self.up[p])}
            if p in self.folded:
                hand["folded"] = True
            out[p] = hand
        return out

    def engine_hands(self) -> dict[str, tuple[list[Card], list[Card]]]:
        return {p: (self.down[p], self.up[p]) for p in self.seats}

    def live(self) -> list[str]:
        return [p for p in self.seats if p not in self.folded]

    def random_folds(self, most: int) -> None:
        """Up to `most` players (never all but one) folded on an earlier street."""
        betting = engine.betting_streets(self.game)
        earlier = betting[:betting.index(self.street)] if self.street in betting else betting[:-1]
        if not earlier:
            return
        for p in self.rng.sample(self.seats, k=min(most, len(self.seats) - 2)):
            if not self.down[p] and not self.up[p]:
                self.fold_early(p, self.rng.choice(earlier))

    def exercise(self, question: dict[str, Any], rules: str, **extra: Any) -> dict[str, Any]:
        item: dict[str, Any] = {"game": self.game, "rules": rules, "street": self.street, "seats": self.seats,
                                "hands": self.hands()}
        if self.shared:
            item["shared"] = text(self.shared)
        item.update({k: v for k, v in extra.items() if v is not None})
        item["questions"] = [question]
        return item

    def betting(self, rules: str, options: dict[str, Any] | None = None):
        return engine.stud_round(self.street, self.seats, self.engine_hands(), engine.profile(rules, options),
                                 folded=tuple(self.folded))


def random_actions(rng: random.Random, rnd, count: int, fold_chance: float = 0.15,
                   paid_fold_chance: float | None = None, raise_chance: float | None = None) -> list[str]:
    """Up to `count` legal actions drawn one by one among the moves the engine allows now (folds
    less often than the other moves). A trap may lean the draw: `paid_fold_chance`, how often a
    player who has already put chips in this round folds when they may; `raise_chance`, how often
    a bet or raise is chosen when one is allowed."""
    actions: list[str] = []
    while len(actions) < count and rnd.to_act is not None:
        legal = rnd.legal()
        folds = [c for c in legal if c.endswith(" folds")]
        others = [c for c in legal if c not in folds] or folds
        chance = fold_chance
        if paid_fold_chance is not None and rnd.put.get(rnd.to_act):
            chance = paid_fold_chance
        if folds and rng.random() < chance:
            pick = rng.choice(folds)
        else:
            wagers = [c for c in others if " bets " in c or " raises " in c]
            if raise_chance is not None and wagers and rng.random() < raise_chance:
                others = wagers
            pick = rng.choice(others)
        actions.append(rnd.apply(pick).action)
    return actions


def _rules(rng: random.Random) -> str:
    return rng.choice(PROFILES)


def _later(rng: random.Random) -> str:
    return rng.choice(BETTING[1:])


# --------------------------------------------------------------------------------------------
# One template per ask


def bring_in(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, rng.randint(2, 8), FIRST).complete()
    return deal.exercise({"ask": "bring_in"}, _rules(rng))


def opener(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, rng.randint(2, 8), _later(rng))
    deal.random_folds(rng.randint(0, 2))
    deal.complete()
    return deal.exercise({"ask": "opener"}, _rules(rng))


def action_order(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, rng.randint(3, 8), rng.choice(BETTING))
    deal.random_folds(rng.randint(0, 2))
    deal.complete()
    return deal.exercise({"ask": "action_order"}, _rules(rng))


def _betting_deal(rng: random.Random, street: str | None = None) -> tuple[Deal, str, Any]:
    deal = Deal(rng, rng.randint(2, 6), street or rng.choice(BETTING))
    deal.random_folds(rng.randint(0, 1))
    deal.complete()
    rules = _rules(rng)
    return deal, rules, deal.betting(rules)


def action_to_judge(rng: random.Random, rnd) -> str:
    """A move for the player to act on a street's round, to be judged legal or not: every verb
    bare and with each step's amount, legal a little less often than not (the round's own
    `can` decides which is which); `Reject` when nobody is left to act."""
    player = rnd.to_act
    if player is None:
        raise Reject
    small, big = rnd.stakes.small_bet, rnd.stakes.big_bet
    candidates = [f"{player} {verb}" for verb in ("checks", "calls", "folds", "completes", "bets", "raises")]
    candidates += [f"{player} bets {n}" for n in (small, big)]
    candidates += [f"{player} raises to {rnd.to_match + n}" for n in (small, big)]
    candidates += [f"{player} completes to {small}", f"{player} brings in {rnd.stakes.bring_in}"]
    listed = rnd.legal()          # listed once: a trial of each of the twelve on the table cost more
    legal = [c for c in candidates if _offered(c, listed)]
    illegal = [c for c in candidates if c not in legal]
    return rng.choice(legal if legal and (not illegal or rng.random() < 0.45) else illegal)


def legal_action(rng: random.Random) -> dict[str, Any]:
    deal, rules, rnd = _betting_deal(rng)
    actions = random_actions(rng, rnd, rng.randint(0, 5))
    action = action_to_judge(rng, rnd)
    return deal.exercise({"ask": "legal_action", "action": action, "after": len(actions)}, rules,
                         actions=actions or None)


def _contributions(ask: str):
    def draw(rng: random.Random) -> dict[str, Any]:
        deal, rules, rnd = _betting_deal(rng)
        actions = random_actions(rng, rnd, rng.randint(2, 9))
        return deal.exercise({"ask": ask}, rules, actions=actions)
    return draw


def _showdown_deal(rng: random.Random, players: int | None = None) -> Deal:
    deal = Deal(rng, players or rng.randint(2, 7), "showdown")
    deal.random_folds(rng.randint(0, 2))
    return deal.complete()


def _about_player(ask: str):
    def draw(rng: random.Random) -> dict[str, Any]:
        deal = _showdown_deal(rng)
        return deal.exercise({"ask": ask, "player": rng.choice(deal.live())}, _rules(rng))
    return draw


def cards_speak(rng: random.Random) -> dict[str, Any]:
    """A player announces a hand at the showdown: what the cards make is the answer, whatever was
    said (RRP-H 3 "The Showdown" 2). About one call in three is right, so the call is no clue
    either way."""
    from course.hands import Category

    deal = _showdown_deal(rng)
    player = rng.choice(deal.live())
    real = evaluate(deal.down[player] + deal.up[player]).category
    near = [c for c in Category if c != real and abs(int(c) - int(real)) <= 2]
    called = real if rng.random() < 1 / 3 else rng.choice(near)
    intro = (f"At the showdown {player} turns the cards face up and announces "
             f"\"{called.label}\".")
    return deal.exercise({"ask": "category", "player": player,
                          "prompt": f"What does {player}'s hand make?"}, _rules(rng), intro=intro)


def agreed_split(rng: random.Random) -> dict[str, Any]:
    """Two players still in agree to share the pot before the showdown: who wins it is still what
    the cards say (RRP-H 10.8, 2.13). The pair who agree may hold equal hands (then the pot is
    shared after all, by the cards) or not."""
    deal = _showdown_deal(rng)
    live = deal.live()
    if len(live) < 2:
        raise Reject
    first, second = rng.sample(live, 2)
    intro = (f"Before the hands are shown, {first} and {second} agree to share the pot between them.")
    return deal.exercise({"ask": "winners", "prompt": "Who wins the pot?"}, _rules(rng), intro=intro)


def winners(rng: random.Random) -> dict[str, Any]:
    return _showdown_deal(rng).exercise({"ask": "winners"}, _rules(rng))


def arising_pot(rng: random.Random, deal: "Deal", rules: str, limit: int = 150) -> int:
    """A pot the antes and bets can make for this deal (what `course check` accepts)."""
    profile = engine.profile(rules)
    shape = SimpleNamespace(profile=profile, stakes=profile.stakes, game=deal.game, street=deal.street,
                            seats=deal.seats, active=deal.live(), folded=sorted(deal.folded))
    pots = sorted(engine.possible_pots(shape, limit))
    if not pots:
        raise Reject
    return rng.choice(pots)


def award(rng: random.Random) -> dict[str, Any]:
    deal, rules = _showdown_deal(rng), _rules(rng)
    return deal.exercise({"ask": "award"}, rules, pot=arising_pot(rng, deal, rules))


def legal_hand(rng: random.Random) -> dict[str, Any]:
    deal = _showdown_deal(rng)
    player = rng.choice(deal.live())
    own = deal.down[player] + deal.up[player]
    # The player's best five, or the same with one card from another player's row: the question
    # is only whose cards may be shown (a random five of the player's own would leave "as their
    # hand" open to meaning "as their best hand").
    shown = list(evaluate(own).cards)
    if rng.random() < 0.5:
        others = [c for p in deal.seats if p != player for c in deal.up[p]]
        shown[rng.randrange(5)] = rng.choice(others)
    return deal.exercise({"ask": "legal_hand", "player": player, "cards": text(shown)}, _rules(rng))


def shared_card(rng: random.Random) -> dict[str, Any]:
    short = rng.random() < 0.5           # half the deals run the deck short (yes/no balanced)
    # Half of the others leave exactly one card per player still in: eight dealt in, one gone on
    # third street (a card for the middle on top of those would be one too many).
    exact = not short and rng.random() < 0.5
    deal = Deal(rng, 8 if short or exact else rng.randint(6, 8), BEFORE_SHARED)
    if exact:
        deal.fold_early(rng.choice(deal.seats), FIRST)
    else:
        for p in rng.sample(deal.seats, k=rng.randint(0, 2)):
            deal.fold_early(p, rng.choice(BETTING[2:4] if short else BETTING[:3]))
    deal.complete()
    left = 52 - sum(2 + len(deal.up[p]) for p in deal.seats)   # as the engine counts (no burns)
    if (left < len(deal.live())) != short:
        raise Reject
    return deal.exercise({"ask": "shared_card"}, _rules(rng))


# --------------------------------------------------------------------------------------------
# Traps


def _low_doors(rng: random.Random, deal: Deal, door: Card, others: Iterable[str]) -> None:
    """Every player in `others` gets a door card ranked above `door` (no tie for the bring-in)."""
    for p in others:
        higher = [c for c in deal.deck if c.rank > door.rank]
        deal.plant(p, up=[rng.choice(higher)])


def hidden_pair(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, rng.randint(3, 7), FIRST)
    low = rng.choice(deal.seats)
    # Half the time the pair is the bring-in player's own: HPD's point is that it does not excuse
    # the lowest door card (and there the tempting answer is right too).
    own = rng.random() < 0.5
    holder = low if own else rng.choice([p for p in deal.seats if p != low])
    door = card(rng.randint(4, 9), rng.randrange(4))
    pair = rng.randint(2, door.rank - 1)
    deal.plant(low, up=[door])
    deal.plant(holder, down=[card(pair, s) for s in rng.sample(range(4), 2)])
    _low_doors(rng, deal, door, [p for p in deal.seats if p != low])
    deal.complete()
    data = deal.exercise({"ask": "bring_in"}, _rules(rng),
                         intro=f"{holder} looks at a pair in the hole before the bring-in is posted.")
    return {**data, CONTROL: True} if own else data


def _door_tie(rules: str):
    def draw(rng: random.Random) -> dict[str, Any]:
        deal = Deal(rng, rng.randint(3, 8), FIRST)
        first, second = sorted(rng.sample(range(len(deal.seats)), 2))
        rank = rng.randint(2, 8)
        low_suit, high_suit = sorted(rng.sample(range(4), 2))
        # The seat dealt first gets the higher suit, so suit and seat name different players.
        deal.plant(deal.seats[first], up=[card(rank, high_suit)])
        deal.plant(deal.seats[second], up=[card(rank, low_suit)])
        _low_doors(rng, deal, card(rank, 3), [p for i, p in enumerate(deal.seats) if i not in (first, second)])
        deal.complete()
        return deal.exercise({"ask": "bring_in"}, rules)
    return draw


def ace_door(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, rng.randint(3, 8), FIRST)
    ace = rng.choice(deal.seats)
    deal.plant(ace, up=[card(14, rng.randrange(4))])
    lowest = card(rng.randint(3, 9), rng.randrange(4))
    rest = [p for p in deal.seats if p != ace]
    low = rng.choice(rest)                           # any seat, not the first after the ace
    deal.plant(low, up=[lowest])
    _low_doors(rng, deal, card(lowest.rank, 3), [p for p in rest if p != low])
    deal.complete()
    return deal.exercise({"ask": "bring_in"}, _rules(rng))


def _no_pair_row(rng: random.Random, deal: Deal, count: int, below: int = 15,
                 avoid: Iterable[int] = ()) -> list[Card]:
    """`count` cards of different ranks under `below` (none of the ranks in `avoid`), not all of
    one suit when there are several."""
    ranks = [r for r in range(2, below) if r not in set(avoid)]
    if count > len(ranks):
        raise Reject
    for _ in range(50):
        row = []
        for r in rng.sample(ranks, count):
            choices = [c for c in deal.deck if c.rank == r]
            if not choices:
                break
            row.append(rng.choice(choices))
        if len(row) == count and (count < 2 or len({c.suit for c in row}) > 1):
            return row
    raise Reject


def four_flush(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, rng.randint(2, 6), BETTING[-2])
    flush, pair = rng.sample(deal.seats, 2)
    suit = rng.randrange(4)
    ranks = rng.sample(range(6, 15), 4)
    deal.plant(flush, up=[card(r, suit) for r in ranks])
    pair_rank = rng.randint(2, 9)
    pair_cards = [c for c in deal.deck if c.rank == pair_rank][:2]
    deal.plant(pair, up=pair_cards)
    deal.plant(pair, up=_no_pair_row(rng, deal, 2, avoid=[pair_rank]))
    for p in deal.seats:
        if p not in (flush, pair):
            deal.plant(p, up=[c for c in _no_pair_row(rng, deal, 4, below=11)])
    deal.complete()
    return deal.exercise({"ask": "opener"}, _rules(rng))


def folded_best_row(rng: random.Random) -> dict[str, Any]:
    street = rng.choice(BETTING[2:])
    deal = Deal(rng, rng.randint(3, 7), street)
    quitter = rng.choice(deal.seats)
    earlier = BETTING[BETTING.index(street) - 1]
    shown = engine.street_cards(earlier)[1]
    rank = rng.randint(11, 14)
    pair = [c for c in deal.deck if c.rank == rank][:2]
    deal.plant(quitter, up=pair + _no_pair_row(rng, deal, shown - 2, avoid=[rank]))
    deal.fold_early(quitter, earlier)
    for p in deal.seats:
        if p != quitter:
            deal.plant(p, up=_no_pair_row(rng, deal, engine.street_cards(street)[1], below=rank))
    deal.complete()
    return deal.exercise({"ask": "opener"}, _rules(rng))


def later_tie(rng: random.Random) -> dict[str, Any]:
    street = rng.choice(BETTING[1:-1])
    shown = engine.street_cards(street)[1]
    deal = Deal(rng, rng.randint(3, 7), street)
    first, second = sorted(rng.sample(range(len(deal.seats)), 2))
    ranks = sorted(rng.sample(range(8, 15), shown), reverse=True)
    suits = [rng.sample(range(4), 2) for _ in ranks]
    # The first seat's top card has the lower suit: the seat rule and the suit rule disagree.
    suits[0].sort()
    rng.shuffle(order := list(range(shown)))
    ranks, suits = [ranks[i] for i in order], [suits[i] for i in order]
    deal.plant(deal.seats[first], up=[card(r, s[0]) for r, s in zip(ranks, suits)])
    deal.plant(deal.seats[second], up=[card(r, s[1]) for r, s in zip(ranks, suits)])
    top = max(ranks)
    for i, p in enumerate(deal.seats):
        if i not in (first, second):
            deal.plant(p, up=_no_pair_row(rng, deal, shown, below=top))
    deal.complete()
    return deal.exercise({"ask": "opener"}, rng.choice(("pokerstars", "wsop-2026")))


def seventh_card_hidden(rng: random.Random) -> dict[str, Any]:
    """Seventh street with no pair showing. Half the time one player's seventh card, dealt face
    down, pairs a card of their row: counted in, it would make that row the best. The other half
    nothing is planted (a control)."""
    deal = Deal(rng, rng.randint(3, 7), LAST)
    deal.random_folds(rng.randint(0, 1))
    live = deal.live()
    for p in live:
        deal.plant(p, up=_no_pair_row(rng, deal, 4))
    deal.complete()
    planted = rng.random() < 0.5
    if planted:
        player = rng.choice(live)
        rank = rng.choice([c.rank for c in deal.up[player]])
        seventh = next((c for c in deal.deck if c.rank == rank), None)
        if seventh is None:
            raise Reject
        deal.deck.remove(seventh)
        deal.deck.append(deal.down[player][-1])
        deal.down[player][-1] = seventh          # `down` in deal order: the seventh card is last
    data = deal.exercise({"ask": "opener"}, _rules(rng),
                         intro="Seventh street has just been dealt, face down: each player's newest card is "
                               "the last of their hole cards.")
    return data if planted else {**data, CONTROL: True}


def _pair_on_fourth(rng: random.Random, pair: bool = True) -> tuple[Deal, str, Any]:
    """Fourth street under a profile with the pair option; a pair showing, or (`pair=False`) no
    pair showing anywhere."""
    deal = Deal(rng, rng.randint(2, 6), PAIR_STREET)
    if pair:
        holder = rng.choice(deal.seats)
        rank = rng.randint(2, 14)
        deal.plant(holder, up=[c for c in deal.deck if c.rank == rank][:2])
    deal.complete()
    if not pair and any(deal.up[p][0].rank == deal.up[p][1].rank for p in deal.seats):
        raise Reject
    rules = rng.choice(("pokerstars", "1917poker"))
    return deal, rules, deal.betting(rules)


def pair_option(rng: random.Random) -> dict[str, Any]:
    """The big bet on fourth street: allowed with a pair showing, not without (yes/no balanced).
    Half the deals with a pair ask about a player without one, after the players showing a pair
    have checked: the option is every player's, not only the pair holder's."""
    pair = rng.random() < 0.5
    deal, rules, rnd = _pair_on_fourth(rng, pair)
    actions: list[str] = []
    if pair and rng.random() < 0.5:
        while rnd.to_act is not None and len({c.rank for c in deal.up[rnd.to_act]}) < 2:
            if not rnd.can(f"{rnd.to_act} checks"):
                raise Reject
            actions.append(rnd.apply(f"{rnd.to_act} checks").action)
        if rnd.to_act is None:
            raise Reject
    question: dict[str, Any] = {"ask": "legal_action", "action": f"{rnd.to_act} bets {rnd.stakes.big_bet}"}
    if actions:
        question["after"] = len(actions)
    data = deal.exercise(question, rules, actions=actions or None)
    return data if pair else {**data, CONTROL: True}


def pair_option_optional(rng: random.Random) -> dict[str, Any]:
    """With a pair showing either step is allowed on fourth street; without one only the small
    step. Bets and raises, small and big steps, are crossed with a pair or none (a raise comes
    after a big opening bet when a pair shows, so the big bet stands), so neither the verb nor
    the amount gives the answer."""
    pair = rng.random() < 0.5
    deal, rules, rnd = _pair_on_fourth(rng, pair)
    small, big = rnd.stakes.small_bet, rnd.stakes.big_bet
    # (opening bet or None for a bet question, step asked): mostly the cases the pair decides
    # (a big bet; a big raise after a small bet; a small raise after a big bet); with a pair, the
    # small step too (the big bet is an option, not a duty), so yes and no stay balanced.
    cases = ([((None, big), 3), ((None, small), 2), ((big, small), 1), ((big, big), 0.5), ((small, big), 1),
              ((small, small), 1)] if pair else
             [((None, big), 3), ((None, small), 0.5), ((small, big), 2), ((small, small), 0.25)])
    (opening, step), = rng.choices([c for c, _ in cases], weights=[w for _, w in cases])
    actions: list[str] = []
    if opening is None:
        action = f"{rnd.to_act} bets {step}"
    else:
        if not rnd.can(f"{rnd.to_act} bets {opening}"):
            raise Reject
        actions.append(rnd.apply(f"{rnd.to_act} bets {opening}").action)
        if rnd.to_act is None:
            raise Reject
        action = f"{rnd.to_act} raises to {opening + step}"
    question: dict[str, Any] = {"ask": "legal_action", "action": action}
    if actions:
        question["after"] = len(actions)
    return deal.exercise(question, rules, actions=actions or None)


def fifth_street_bet(rng: random.Random) -> dict[str, Any]:
    """The bet size on fourth or fifth street: either street, either step, so neither the amount
    nor the street alone gives the answer. On fourth street (no pair showing) the small step is
    right, so the small-bet-on-fifth mistake answers it correctly: a control."""
    fifth = rng.random() < 0.5
    if fifth:
        deal, rules, rnd = _betting_deal(rng, BIG_FROM)
    else:
        deal, rules, rnd = _pair_on_fourth(rng, pair=False)
    size = rng.choice((rnd.stakes.small_bet, rnd.stakes.big_bet))
    data = deal.exercise({"ask": "legal_action", "action": f"{rnd.to_act} bets {size}"}, rules)
    return data if fifth else {**data, CONTROL: True}


def raise_cap(rng: random.Random) -> dict[str, Any]:
    """Bets and raises up to the cap (the next raise is not allowed), or to one raise short of
    it (it is): yes/no balanced."""
    # A third of the deals are on third street, where the bring-in comes first and the
    # completion is the round's bet (not a raise): the cap still allows every raise after it.
    third = rng.random() < 1 / 3
    deal, rules, rnd = _betting_deal(rng, FIRST if third else _later(rng))
    short = rng.random() < 0.5
    bets = int(engine.profile(rules).value("raise_cap")) + 1     # a bet and the raises after it
    actions: list[str] = []
    if third:
        if not rnd.can(f"{rnd.to_act} brings in"):
            raise Reject
        actions.append(rnd.apply(f"{rnd.to_act} brings in").action)
    made = 0
    while rnd.to_act is not None:
        player = rnd.to_act
        # the round's legal moves, listed once, answer what each verb would (a trial of each
        # verb on the table cost three or four times as much)
        offered = rnd.legal()
        move = next((m for m in (f"{player} completes", f"{player} bets", f"{player} raises")
                     if _offered(m, offered)), None)
        if move is None or (short and made == bets - 1):
            break
        if actions and rng.random() < 0.3 and _offered(f"{player} calls", offered):
            move = f"{player} calls"
        made += not move.endswith(" calls")
        actions.append(rnd.apply(move).action)
    player = rnd.to_act
    if player is None:
        raise Reject
    return deal.exercise({"ask": "legal_action", "action": f"{player} raises", "after": len(actions)},
                         rules, actions=actions)


def _offered(move: str, legal: list[str]) -> bool:
    """Whether `move` may be played now, as `can` would answer it, read from the round's `legal`
    moves, which are written with their amounts ("Ava raises to 24"): a move listed as it is, or
    a bare verb ("Ava raises") listed with an amount. `tests/study/test_drills_read_listed_moves.py`
    holds the two answers equal over every game's drills."""
    return any(m == move or m.startswith(move + " ") for m in legal)


def completion(rng: random.Random) -> dict[str, Any]:
    deal, rules, rnd = _betting_deal(rng, FIRST)
    actions = [rnd.apply(f"{rnd.to_act} brings in").action]
    while rnd.to_act is not None and not rnd.can(f"{rnd.to_act} completes"):
        actions.append(rnd.apply(f"{rnd.to_act} calls").action)
    if rnd.to_act is None:
        raise Reject
    actions.append(rnd.apply(f"{rnd.to_act} completes").action)
    actions += random_actions(rng, rnd, rng.randint(1, 6), fold_chance=0.2)
    # The trap needs a player who adds to chips already in this round (the bring-in calling the
    # completion, say): without one the whole bet and the difference agree. Checked here, before
    # the item is written out and loaded; the loaded item is checked again (`shows`).
    if all(e.added == e.round_total for e in rnd.ledger if e.kind == "round" and e.added):
        raise Reject
    return deal.exercise({"ask": "contributions"}, rules, actions=actions)


def folds_after_paying(rng: random.Random) -> dict[str, Any]:
    deal, rules, rnd = _betting_deal(rng, _later(rng))
    # Bets and raises come often, and a player who has already paid in this round folds to a
    # raise more often than not; the round goes on (up to 14 actions) until one has.
    lean = {"fold_chance": 0.3, "paid_fold_chance": 0.6, "raise_chance": 0.7}
    actions = random_actions(rng, rnd, rng.randint(3, 10), **lean)

    def planted() -> bool:
        paid = {e.player for e in rnd.ledger if e.added}
        return any(p in paid for p in rnd.folded)

    while not planted() and rnd.to_act is not None and len(actions) < 14:
        actions += random_actions(rng, rnd, 1, **lean)
    if not planted():
        raise Reject
    return deal.exercise({"ask": "contributions"}, rules, actions=actions)


def _two_hands(rng: random.Random, build) -> dict[str, Any]:
    """Two players reach the showdown with hands `build(deck)` returns; the others folded."""
    deal = Deal(rng, rng.randint(2, 5), "showdown")
    a, b = rng.sample(deal.seats, 2)
    first, second = build(deal)
    for player, cards in ((a, first), (b, second)):  # cards already taken from the deck
        deal.down[player], deal.up[player] = cards[:3], cards[3:]
    for p in deal.seats:
        if p not in (a, b):
            deal.fold_early(p, rng.choice(BETTING[:3]))
    deal.complete()
    return deal.exercise({"ask": "winners"}, _rules(rng))


def _take(deal: Deal, rank: int, avoid: set[int] = frozenset()) -> Card:
    c = next(c for c in deal.deck if c.rank == rank and c.suit not in avoid)
    deal.deck.remove(c)
    return c


def deciding_kicker(rng: random.Random) -> dict[str, Any]:
    """Two equal pairs whose kickers decide. Half the time the loser's kickers are stronger as a
    group (Q-J-10 against K-9-4): kickers go one at a time from the top. Otherwise the hands
    differ only in the last kicker, where the group and the first difference agree (a control)."""
    grouped = rng.random() < 0.5

    def kickers() -> tuple[list[int], list[int]]:
        ranks = sorted(rng.sample(range(2, 15), 8), reverse=True)
        pair = ranks.pop(rng.randrange(len(ranks)))
        if not grouped:
            k1, k2, high, low, *_ = ranks
            return pair, [k1, k2, high], [k1, k2, low]
        for _ in range(50):
            win, lose = (sorted(rng.sample([r for r in range(5, 15) if r != pair], 3), reverse=True)
                         for _ in range(2))
            if win > lose and sum(lose) > sum(win):
                return pair, win, lose
        raise Reject

    def build(deal: Deal):
        pair, *sides = kickers()
        hands = []
        for side in sides:
            # two spare cards below the hand's lowest kicker, so that they never play
            spare = [r for r in range(2, min(side)) if r != pair]
            if len(spare) < 2:
                raise Reject
            ranks = [pair, pair, *side, *rng.sample(spare, 2)]
            hands.append([_take(deal, r) for r in ranks])
        if any(evaluate(h).category.label != "one pair" for h in hands):
            raise Reject
        for h in hands:
            rng.shuffle(h)
        return hands

    data = _two_hands(rng, build)
    return data if grouped else {**data, CONTROL: True}


def sixth_card(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.5:
        return {**_two_hands(rng, _fifth_card_decides(rng)), CONTROL: True}

    def build(deal: Deal):
        ranks = rng.sample(range(5, 15), 5)
        low = min(ranks)
        hands = []
        for spare in rng.sample(range(2, low), 2):
            cards = [_take(deal, r) for r in ranks] + [_take(deal, spare)]
            filler = [r for r in range(2, low) if r != spare and any(c.rank == r for c in deal.deck)]
            cards.append(_take(deal, min(filler)))
            rng.shuffle(cards)
            hands.append(cards)
        if any(evaluate(h).category.label != "high card" for h in hands):
            raise Reject
        return hands

    return _two_hands(rng, build)


def _fifth_card_decides(rng: random.Random):
    """Two high-card hands equal on four cards: the fifth decides (one winner; the cards below
    the best five are lower still)."""
    def build(deal: Deal):
        top = rng.sample(range(7, 15), 4)
        high, low = sorted(rng.sample(range(4, min(top)), 2), reverse=True)
        hands = []
        for fifth in (high, low):
            spares = rng.sample(range(2, low), 2)
            cards = [_take(deal, r) for r in (*top, fifth, *spares)]
            rng.shuffle(cards)
            hands.append(cards)
        if any(evaluate(h).category.label != "high card" for h in hands):
            raise Reject
        return hands
    return build


def wraparound(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, rng.randint(2, 6), "showdown")
    player = rng.choice(deal.seats)
    suits = [rng.randrange(4) for _ in range(5)]
    if len(set(suits)) == 1:
        suits[0] = (suits[0] + 1) % 4
    # Half the hands hold a real straight with the ace at one end (the answer is not always
    # "high card"); the others a run that would only wrap round the ace.
    straight = rng.random() < 0.5
    ranks = rng.choice(((14, 2, 3, 4, 5), (10, 11, 12, 13, 14)) if straight else
                       ((11, 12, 13, 14, 2), (12, 13, 14, 2, 3), (13, 14, 2, 3, 4)))
    wrap = [card(r, s) for r, s in zip(ranks, suits)]
    rest = [c for c in deal.deck if c.rank in (7, 8) and c not in wrap]
    extra = [rng.choice([c for c in rest if c.rank == 7]), rng.choice([c for c in rest if c.rank == 8])]
    cards = wrap + extra
    rng.shuffle(cards)
    deal.plant(player, down=cards[:3], up=cards[3:])
    deal.complete()
    if evaluate(cards).category.label != ("straight" if straight else "high card"):
        raise Reject
    data = deal.exercise({"ask": "category", "player": player}, _rules(rng))
    return {**data, CONTROL: True} if straight else data


def borrowed_card(rng: random.Random) -> dict[str, Any]:
    deal = _showdown_deal(rng, rng.randint(3, 7))
    live = deal.live()
    player = rng.choice(live)
    own = deal.down[player] + deal.up[player]
    best = evaluate(own)
    if rng.random() < 0.5:           # half the hands shown are the player's own best five
        return {**deal.exercise({"ask": "legal_hand", "player": player, "cards": text(best.cards)},
                                _rules(rng)), CONTROL: True}
    for other in rng.sample(deal.seats, len(deal.seats)):
        if other == player:
            continue
        for c in deal.up[other]:
            better = evaluate([*own, c])
            if better.value > best.value and c in better.cards:
                return deal.exercise({"ask": "legal_hand", "player": player, "cards": text(better.cards)},
                                     _rules(rng))
    raise Reject


def shared_seventh(rng: random.Random) -> dict[str, Any]:
    deal = Deal(rng, 8, "showdown")
    deal.shared = [deal.deck.pop()]
    deal.complete()
    ask = rng.choice(("best_five", "winners"))
    question = {"ask": ask, "player": rng.choice(deal.seats)} if ask == "best_five" else {"ask": ask}
    return deal.exercise(question, _rules(rng))


# --------------------------------------------------------------------------------------------
# The registry

ASK_TEMPLATES = {
    "bring_in": bring_in, "opener": opener, "action_order": action_order, "legal_action": legal_action,
    "contributions": _contributions("contributions"), "street_total": _contributions("street_total"),
    "best_five": _about_player("best_five"), "category": _about_player("category"), "winners": winners,
    "award": award, "legal_hand": legal_hand, "shared_card": shared_card,
}
for _ask, _draw in ASK_TEMPLATES.items():
    register(Template(_ask.replace("_", "-"), GAME, _ask, f"Drill: {_ask.replace('_', ' ')}", _draw))
register(Template("cards-speak", GAME, "category", "Drill: the cards speak, not the call", cards_speak))
register(Template("agreed-split", GAME, "winners", "Drill: no splitting by agreement", agreed_split))

TRAPS = [
    ("hidden-pair", "bring_in", hidden_pair, "A pair in the hole does not change the bring-in",
     "hidden-cards-bring-in"),
    ("door-tie-suit", "bring_in", _door_tie("pokerstars"), "Equal door cards: the suit decides"),
    ("door-tie-seat", "bring_in", _door_tie("1917poker"), "Equal door cards: the seat decides"),
    ("ace-door", "bring_in", ace_door, "An ace showing on third street", "ace-low-bring-in"),
    ("four-flush-showing", "opener", four_flush, "Four suited cards showing are not a flush",
     "four-flush-as-flush"),
    ("folded-best-row", "opener", folded_best_row, "The best row has folded"),
    ("later-street-tie", "opener", later_tie, "Equal rows on a later street", "suit-ladder-after-third"),
    ("pair-option", "legal_action", pair_option, "A pair showing on fourth street", "pair-option-ignored"),
    ("pair-option-optional", "legal_action", pair_option_optional, "The pair option is an option"),
    ("fifth-street-bet", "legal_action", fifth_street_bet, "The bet size on fourth or fifth street", "small-bet-on-fifth"),
    ("raise-cap", "legal_action", raise_cap, "One bet and three raises"),
    ("completion", "contributions", completion, "Bring-in, completion and the difference to call",
     "full-bet-not-difference"),
    ("folds-after-paying", "contributions", folds_after_paying, "Contributions with folds"),
    ("deciding-kicker", "winners", deciding_kicker, "A kicker decides", "kickers-as-group"),
    ("sixth-card", "winners", sixth_card, "Only five cards play", "kicker-beyond-five"),
    ("wraparound-straight", "category", wraparound, "Q-K-A-2-3 does not wrap around"),
    ("borrowed-card", "legal_hand", borrowed_card, "A card from another player's row", "borrowed-card"),
    ("shared-seventh", "best_five", shared_seventh, "The shared seventh card"),
    ("seventh-card-hidden", "opener", seventh_card_hidden, "The seventh card is dealt face down",
     "seventh-card-opener"),
]
for _name, _ask, _draw, _title, *_shows in TRAPS:
    register(Template(_name, GAME, _ask, f"Trap: {_title}", _draw, trap=True, shows=tuple(_shows)))
