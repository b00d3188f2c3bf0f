"""Differential tests against pokerkit's FixedLimitSevenCardStud (an independent implementation).

pokerkit breaks a door-card tie by suit (clubs lowest) and a later-street tie by seat from the
dealer's left, so our `pokerstars` profile must agree with it on who brings in and who acts
first on every street (PokerStars Stud High (via HPD), WSOP 2026 rule 219 (via HPD)). pokerkit
has no fourth-street pair option, so the betting comparison turns it off
(HPD "The exposed-pair option needs a named rule").

pokerkit deals from its own shuffled deck (seeded here through `random`), with burn cards; we
read every card it dealt and hand our engine the same deal. Each pokerkit decision is mapped to
our verbs, and at every step both engines must agree on whose turn it is and which kinds of
action are open; after every action the pots must match.

With eight players on seventh street pokerkit deals from the mucked cards (it warns) instead of a
shared card, so the shared-card rule is tested in tests/engine/test_turn.py, not here.
"""

from __future__ import annotations

import random

import pytest

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import Automation, FixedLimitSevenCardStud  # noqa: E402

from course.asks import ledger  # noqa: E402
from course.engine.betting import BettingRound, new_round  # noqa: E402
from course.cards import Card  # noqa: E402
from course.rules import load_profile  # noqa: E402

STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HAND_KILLING,
)
STACK = 10_000
pytestmark = pytest.mark.filterwarnings("ignore:Returning reserved:UserWarning")


def _card(pk_card) -> Card:
    return Card.parse(f"{pk_card.rank.value}{pk_card.suit.value}")


def _hands(state, seats):
    hands = {}
    for i, name in enumerate(seats):
        up = [_card(c) for c in state.get_up_cards(i)]
        down = [_card(c) for c in state.get_down_cards(i)]
        hands[name] = (down, up)
    return hands


def _verb(betting: BettingRound) -> str:
    if betting.bring_in_mode and betting.level == 0:
        return "completes"
    return "bets" if betting.level == 0 else "raises"


def play_hand(rng: random.Random, players: int, profile, *, fold_weight: float = 0.15, check_pot: bool,
              check_options: bool = True):
    """Play one random hand in both engines; return the streets compared and the ties met."""
    random.seed(rng.random())  # pokerkit shuffles with the global `random`
    state = FixedLimitSevenCardStud.create_state(AUTOMATIONS, True, 1, 2, 4, 8, STACK, players)
    seats = [f"P{i}" for i in range(players)]
    betting = None
    street_index = None
    pot_before = 0
    streets_seen = 0
    ties = {"door": 0, "later": 0}
    while state.status and state.actor_index is not None:
        if state.street_index != street_index:
            if betting is not None:
                assert betting.is_closed, f"pokerkit moved on but our {betting.street} round is open"
                pot_before = betting.pot
            street_index = state.street_index
            street = STREETS[street_index]
            folded = [seats[i] for i in range(players) if not state.statuses[i]]
            hands = {p: h for p, h in _hands(state, seats).items() if p not in folded}
            betting = new_round(street, seats, hands, profile, folded=folded, pot=pot_before)
            if street == "third":
                for p in seats:
                    betting.apply(f"{p} antes")
            # The first actor: the bring-in on third street, the opener later.
            assert betting.first == seats[state.actor_index], (street, hands, folded)
            streets_seen += 1
            texts = " ".join(step.text for step in betting.opening().steps)
            ties["door"] += "share the lowest rank" in texts
            ties["later"] += "show equal value" in texts
        actor = seats[state.actor_index]
        assert betting.to_act == actor
        if check_options:  # both engines open the same kinds of action
            assert betting.can(f"{actor} brings in") == state.can_post_bring_in()
            ours_cbr = any(betting.can(f"{actor} {verb}") for verb in ("completes", "bets", "raises"))
            assert ours_cbr == state.can_complete_bet_or_raise_to()
            assert (betting.can(f"{actor} checks") or betting.can(f"{actor} calls")) == state.can_check_or_call()
        if state.can_post_bring_in():
            choice = rng.choice(["bring", "cbr"])
        else:
            choices = []
            if state.can_complete_bet_or_raise_to():
                choices.append("cbr")
            if state.can_check_or_call():
                choices.append("cc")
            weights = [1.0] * len(choices)
            if state.can_fold():
                choices.append("fold")
                weights.append(fold_weight * len(weights) / max(1e-9, 1 - fold_weight))
            choice = rng.choices(choices, weights)[0]
        if choice == "bring":
            action = f"{actor} brings in" + (f" {state.bring_in}" if rng.random() < 0.5 else "")
            state.post_bring_in()
        elif choice == "cbr":
            to = state.min_completion_betting_or_raising_to_amount
            verb = _verb(betting)
            amount = "" if rng.random() < 0.5 else (f" to {to}" if verb != "bets" else f" {to}")
            action = f"{actor} {verb}{amount}"
            state.complete_bet_or_raise_to()
            assert betting.verify(action).amount == to
        elif choice == "cc":
            action = f"{actor} {'calls' if betting.owed(actor) else 'checks'}"
            state.check_or_call()
        else:
            action = f"{actor} folds"
            state.fold()
        betting.apply(action)
        if check_pot:
            assert betting.pot == state.total_pot_amount, (action, ledger.ledger_frame(betting).to_string())
    assert betting is not None and betting.is_closed
    if check_pot:
        assert betting.pot == state.total_pot_amount
    return streets_seen, ties


def bring_in_and_first_actor_agree(deals: int) -> tuple[int, int, int]:
    """PokerStars Stud High (via HPD) door ties by suit; later-street ties by seat (rule 219):
    `deals` random hands played against pokerkit; (streets seen, door ties, later-street ties)."""
    rng = random.Random(20261130)
    profile = load_profile("pokerstars", {"second_round_pair": "off"})
    streets = door_ties = later_ties = 0
    for deal in range(deals):
        seen, ties = play_hand(rng, 2 + deal % 7, profile, fold_weight=0.12, check_pot=False, check_options=False)
        streets, door_ties, later_ties = streets + seen, door_ties + ties["door"], later_ties + ties["later"]
    return streets, door_ties, later_ties


@pytest.mark.slow
def test_bring_in_and_first_actor_agree_with_pokerkit_suit_then_seat_ties_2000_deals():
    streets, door_ties, later_ties = bring_in_and_first_actor_agree(2000)
    # The comparison reached the later streets and met both kinds of tie many times.
    assert streets > 5000 and door_ties > 100 and later_ties > 10, (streets, door_ties, later_ties)


def test_bring_in_and_first_actor_agree_with_pokerkit_suit_then_seat_ties_500_deals():
    """The same comparison at a quarter of the size (make test), with the counts scaled."""
    streets, door_ties, later_ties = bring_in_and_first_actor_agree(500)
    assert streets > 1250 and door_ties > 25 and later_ties > 2, (streets, door_ties, later_ties)


def test_pot_after_every_action_agrees_with_pokerkit_pair_option_off_500_sequences():
    """HPD "Read the two fixed-limit amounts correctly", 1917 "Betting Rounds": same pots."""
    rng = random.Random(535678)
    profile = load_profile("pokerstars", {"second_round_pair": "off"})
    for deal in range(500):
        play_hand(rng, 2 + deal % 6, profile, fold_weight=0.08, check_pot=True)
