"""The hand orders and single-card orders of course/hands.py, at real Razz and Stud Hi-Lo deals,
against pokerkit's own games (FixedLimitRazz, FixedLimitSevenCardStudHighLowSplitEightOrBetter).

Every deal is played by pokerkit with everyone calling to the showdown, so the engine of the
course is not involved: what is checked is what the engine will take from hands.py once it is
wired (docs/drafts/razz-hilo-engine-hooks.md). On each deal:
- the bring-in: razz's highest door card, aces low, suit breaking a tie (RRP-H 9.3); Hi-Lo's
  lowest, aces high (RRP-H 10.4);
- the opener of every later street: razz's lowest row showing (a pair counting against it),
  Hi-Lo's best high row, a tie going to the tied player nearest the dealer's left (RRP-H 9.3, 10);
- the winners: razz's best ace-to-five low; Hi-Lo's best high and best eight-or-better low, the
  high hand taking the whole pot when no low qualifies (RRP-H 10.2).
Ties are planted: in about a third of the deals a second player's face-up cards have the first
player's ranks in other suits. 2,000 deals per game behind `slow`, 150 in the default run.
"""

import random

import pytest
from pokerkit import Automation, FixedLimitRazz
from pokerkit import FixedLimitSevenCardStudHighLowSplitEightOrBetter as FixedLimitHiLo

from course.cards import DECK
from course.hands import (
    NO_LOW, eight_fast_value, fast_value, highest_card, low_fast_value, lowest_card,
)

AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
               Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
UP = (2, 3, 4, 5)  # the face-up cards among a player's seven, by index


def phh(card):
    return ("T" if card.rank == 10 else card.rank.symbol) + card.suit.letter


def random_deal(rng, players):
    """Seven cards a player; sometimes the second player's four face-up cards have the first
    player's ranks in other suits (a planted tie for the opener)."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[7 * p:7 * p + 7] for p in range(players)]
    if rng.random() < 0.35:
        rest = deck[7 * players:]
        used = {c for h in hands for c in h}
        for i in UP:
            twin = [c for c in rest if c.rank == hands[0][i].rank and c not in used]
            if twin:
                used.discard(hands[1][i])
                hands[1][i] = twin[0]
                used.add(twin[0])
                rest.remove(twin[0])
        assert len(used) == 7 * players
    return hands


def play(game, hands):
    """pokerkit plays the deal with everyone calling: (bring-in seat, opener seat of each later
    street, pushes as {hand type index: set of seats paid}). pokerkit first kills every hand that
    can win nothing; when one hand is left it pushes the whole pot once, hand type None."""
    n = len(hands)
    state = game.create_state(AUTOMATIONS, True, 1, 2, 4, 8, 1000, n)
    openers = []
    for street in range(5):
        while state.can_burn_card():
            state.burn_card("??")
        while state.can_deal_hole():
            seat = state.hole_dealee_index
            cards = hands[seat][:3] if street == 0 else [hands[seat][street + 2]]
            state.deal_hole("".join(map(phh, cards)))
        openers.append(state.actor_index)
        if street == 0:
            state.post_bring_in()
        while state.actor_index is not None:
            state.check_or_call()
    pushes = {}
    for op in state.operations:
        if type(op).__name__ == "ChipsPushing":
            pushes.setdefault(op.hand_type_index, set()).update(i for i, a in enumerate(op.amounts) if a)
    return openers[0], openers[1:], pushes


TIED = []  # (game, street) of every opener decided by the tie rule


def first_best(values, game="", street=0):
    """The seat of the best value, a tie going to the seat nearest the dealer's left."""
    best = max(values)
    if values.count(best) > 1:
        TIED.append((game, street))
    return values.index(best)


def winners(values):
    best = max(values)
    return {i for i, v in enumerate(values) if v == best} if best != NO_LOW else set()


def check_razz(hands):
    bring, openers, pushes = play(FixedLimitRazz, hands)
    doors = [h[2] for h in hands]
    assert bring == doors.index(highest_card(doors, ace_low=True))
    for street, seat in enumerate(openers, start=1):
        rows = [[c.code for c in h[2:3 + min(street, 3)]] for h in hands]  # the seventh card is down
        assert seat == first_best([low_fast_value(r) for r in rows], "razz", street), (street, [list(map(phh, h)) for h in hands])
    paid = set().union(*pushes.values())
    assert paid == winners([low_fast_value([c.code for c in h]) for h in hands])


def check_hilo(hands):
    bring, openers, pushes = play(FixedLimitHiLo, hands)
    doors = [h[2] for h in hands]
    assert bring == doors.index(lowest_card(doors))
    for street, seat in enumerate(openers, start=1):
        rows = [[c.code for c in h[2:3 + min(street, 3)]] for h in hands]  # the seventh card is down
        assert seat == first_best([fast_value(r) for r in rows], "hi-lo", street), (street, [list(map(phh, h)) for h in hands])
    high = winners([fast_value([c.code for c in h]) for h in hands])
    low = winners([eight_fast_value([c.code for c in h]) for h in hands])
    shown = [list(map(phh, h)) for h in hands]
    if None in pushes:  # one hand left: it takes both halves, or the whole pot when no low qualifies
        assert set(pushes) == {None} and pushes[None] == high and low <= high, shown
    else:
        assert pushes.get(0) == high and pushes.get(1, set()) == low, shown
    return bool(low)


def run(count, seed):
    rng = random.Random(seed)
    lows = 0
    TIED.clear()
    for _ in range(count):
        hands = random_deal(rng, rng.randint(2, 7))
        check_razz(hands)
        lows += check_hilo(hands)
    assert 0 < lows < count  # Hi-Lo pots both split and scooped for want of a low were met
    games = {game for game, _street in TIED}
    assert games == {"razz", "hi-lo"} and len(TIED) > count // 5  # the tie rule decided many openers


def test_bring_in_opener_and_winners_agree_with_pokerkit():
    run(150, 31)


@pytest.mark.slow
def test_bring_in_opener_and_winners_agree_with_pokerkit_on_2000_deals_per_game():
    run(2_000, 32)


def test_a_planted_door_tie_goes_by_suit_in_both_games():
    cards = {str(c): c for c in DECK}
    hands = [[cards[x] for x in h.split()] for h in ("2♣ 3♣ K♥ 4♣ 5♣ 6♣ 7♦", "2♦ 3♦ K♠ 4♦ 5♦ 6♦ 7♥",
                                                         "8♣ 9♣ A♦ 10♣ J♣ Q♣ 8♦")]
    assert play(FixedLimitRazz, hands)[0] == 1  # K♠ over K♥; the ace is low
    hands[2][2] = cards["2♥"]
    hands[0][2], hands[1][2] = cards["2♠"], cards["A♥"]
    assert play(FixedLimitHiLo, hands)[0] == 2 == [h[2] for h in hands].index(lowest_card([h[2] for h in hands]))
