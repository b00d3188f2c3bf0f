"""Whole hands of Stud High, Razz and Stud Hi-Lo with short stacks, asked every question on every
street, against pokerkit (FixedLimitSevenCardStud, FixedLimitRazz,
FixedLimitSevenCardStudHighLowSplitEightOrBetter).

Each deal is played move by move in both engines with the same cards and random legal moves
(some players start with a few chips, so they go all in on the ante, the bring-in or a later
street). The course's moves are then written as a whole-hand exercise (`events:` and `stacks:`)
and read by `course.content`, and every question the app could ask of it is answered by
`course.asks.solvers.answer`, the code the app grades with. What each answer must be is taken from
pokerkit's play of the same deal, or, where the course's documented rule differs from pokerkit's,
worked out here from the cards:

- `bring_in`, `opener`: the player pokerkit gives the first turn of the street (a lowest door
  card all in on the ante passes the turn to the next player with chips, as RRP-H 8.8 says);
- `action_order`: from that player clockwise over the players in with chips as the round began;
- `contributions`, `street_total`: the chips each player's stack lost to pokerkit's bets on the
  round (returned chips nobody matched included, as the course counts a round's wagers);
- `legal_action`: the move a player made, after the moves before it (about six per deal);
- `side_pots`: pokerkit's pots once the betting is over (at a showdown);
- `best_five`, `category`, `qualifies`: pokerkit's best hand of each player still in, which the
  course must accept as a right answer;
- `winners`, `award`, `halves`: each of pokerkit's pots won by the best of pokerkit's hands among
  its players, plus the chips pokerkit handed back; the pot divided by the course's rules, not by
  pokerkit's (which gives a tied share's leftover by seat, and splits each Hi-Lo half on its own):
  the odd unit to the highest card by suit in a high share, the lowest in a low one (RRP-H 3
  "Ties" 5(b), 10.10), Hi-Lo's odd unit to the high half and players tied for both halves sharing
  the whole pot (RRP-H 10.9), worked out here from the cards (`_halves`, `_odd_holder`);
- `shared_card`: at most seven players never need the shared card (52 - 6 x 7 = 10 cards left).

pokerkit's reading of a short all-in (`short_all_in_reopens: full-raise`) is set on the exercises;
it has no fourth-street pair option, so that is off.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import yaml

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import Automation, FixedLimitRazz, FixedLimitSevenCardStud  # noqa: E402
from pokerkit import FixedLimitSevenCardStudHighLowSplitEightOrBetter as FixedLimitHiLo  # noqa: E402

from course import content  # noqa: E402
from course.asks import solvers
from course.cards import DECK  # noqa: E402
from course.engine.state import HandState  # noqa: E402
from course.model import Question  # noqa: E402
from course.rules import default_profile  # noqa: E402
from tests.support.pokerkit_moves import play_on_pokerkit  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

GAMES = {"stud-high": FixedLimitSevenCardStud, "razz": FixedLimitRazz, "stud-hi-lo": FixedLimitHiLo}
OPTIONS = {"stud-high": {"second_round_pair": "off", "short_all_in_reopens": "full-raise"},
           "razz": {"short_all_in_reopens": "full-raise"},
           "stud-hi-lo": {"short_all_in_reopens": "full-raise"}}
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
)
# pokerkit shows the hands and pushes the chips only when told, so its pots are read first


def _phh(card) -> str:
    return ("T" if card.rank == 10 else card.rank.symbol) + card.suit.letter


def _course_card(card) -> str:
    text = repr(card)
    rank = "10" if text[0] == "T" else text[0]
    suits = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    return rank + suits[text[1]]


def _pk_hand(deal, player: str, hand_type: int):
    """pokerkit's best hand of `player` for a hand type (0 high, or razz's low; 1 Hi-Lo's low), None
    when none qualifies."""
    try:
        return deal.pk.hand_types[hand_type].from_game(_pk_cards(deal, player), ())
    except ValueError:
        return None


def _pk_cards(deal, player: str) -> list:
    """The player's cards as pokerkit's (pokerkit mucks a losing hand at the showdown)."""
    return list(pokerkit.Card.parse("".join(_phh(c) for c in deal.order_dealt[player])))


class Deal:
    """One hand played in both engines: the course's events, and what pokerkit did on each street."""

    def __init__(self, game: str, rng: random.Random, players: int):
        random.seed(rng.random())
        self.game = game
        self.profile = default_profile(game).with_overrides(OPTIONS[game])
        stakes = self.profile.stakes
        self.seats = [f"P{i + 1}" for i in range(players)]
        self.start = {p: (rng.randint(1, 30) if rng.random() < 0.5 else 500) for p in self.seats}
        state = HandState.new_hand(game, self.seats, self.profile, stacks=self.start)
        table = state.table
        pk = GAMES[game].create_state(AUTOMATIONS, True, stakes.ante, stakes.bring_in, stakes.small_bet,
                                      stakes.big_bet, [self.start[p] for p in self.seats], players)
        self.antes = {p: self.start[p] - pk.stacks[i] for i, p in enumerate(self.seats)}
        deck = list(DECK)
        rng.shuffle(deck)
        self.events: list[str] = []
        self.streets: dict[str, dict] = {}    # street -> first actor, order, chips each put in
        self.played: list[tuple[int, str]] = []   # (moves before it, a betting move)
        self.pots = None

        def apply(text: str) -> None:
            state.apply(text)
            self.events.append(text)

        def sync() -> None:          # pokerkit deals, one card at a time, what the course has dealt
            while True:
                while pk.can_burn_card():
                    pk.burn_card("??")
                if pk.can_show_or_muck_hole_cards():     # everyone all in: pokerkit shows them now
                    snapshot()
                    pk.show_or_muck_hole_cards(True)
                    continue
                if not pk.can_deal_hole():
                    return
                i = pk.hole_dealee_index
                mine, have = self.order_dealt[self.seats[i]], len(pk.hole_cards[i])
                if len(mine) <= have:
                    return
                pk.deal_hole(_phh(mine[have]))

        def snapshot() -> None:      # pokerkit's pots once the betting is over, before it judges the hands
            if self.pots is None:
                self.pots = [(pot.amount, [self.seats[i] for i in pot.player_indices]) for pot in pk.pots]

        self.order_dealt = {p: [] for p in self.seats}
        for p in self.seats:
            apply(f"{p} antes")
        street = None
        current = None
        while not table.over:
            nxt = table.next_deal()
            if nxt is not None:
                assert nxt != "shared", "seven players or fewer never need the shared card"
                player, up = nxt
                card = deck.pop()
                self.order_dealt[player].append(card)
                apply(f"{player} is dealt {card} {'up' if up else 'down'}")
                continue
            sync()
            rnd = table.round or table.new_round()
            if rnd.street != street:
                street = rnd.street
                assert pk.actor_index is not None, (game, street, self.events)
                first = self.seats[pk.actor_index]
                chips = {p: pk.stacks[i] for i, p in enumerate(self.seats)}
                live = [p for i, p in enumerate(self.seats) if pk.statuses[i]]
                current = {"first": first, "live": live, "chips": chips, "put": Counter()}
                self.streets[street] = current
            actor = rnd.to_act
            assert self.seats[pk.actor_index] == actor, (game, street, self.events)
            legal = rnd.legal_moves()
            folds = [a for a in legal if a.verb.name == "FOLD"]
            others = [a for a in legal if a.verb.name != "FOLD"]
            quirk = pk.can_post_bring_in() and pk.can_complete_bet_or_raise_to() and \
                pk.min_completion_betting_or_raising_to_amount <= pk.bring_in
            if quirk:         # pokerkit's "completion" to the bring-in itself is our all-in bring-in
                others = [a for a in others if a.verb.name != "COMPLETE"] or others
            if folds and pk.can_fold() and rng.random() < 0.12:
                move = folds[0]
            else:
                move = rng.choice(others)
            before = pk.stacks[pk.actor_index]
            self.played.append((len(self.events), str(move)))
            play_on_pokerkit(pk, move)
            current["put"][actor] += before - pk.stacks[self.seats.index(actor)]
            apply(str(move))
            if table.over or not pk.status:
                break
        sync()
        while pk.status:
            if pk.can_show_or_muck_hole_cards():
                snapshot()
                pk.show_or_muck_hole_cards(True)
            elif pk.can_kill_hand():
                pk.kill_hand()
            elif pk.can_push_chips():
                snapshot()
                pk.push_chips()
            elif pk.can_pull_chips():
                pk.pull_chips()
            else:
                break
        assert not pk.status, (game, self.events)
        # what pokerkit gave each player back from the table other than its pushes: chips nobody matched
        put = {p: self.antes[p] + sum(s["put"][p] for s in self.streets.values()) for p in self.seats}
        pushed = Counter()
        for op in pk.operations:
            if type(op).__name__ == "ChipsPushing":
                for i, n in enumerate(op.amounts):
                    pushed[self.seats[i]] += n
        self.returned = {p: pk.stacks[i] - (self.start[p] - put[p]) - pushed[p] for i, p in enumerate(self.seats)}
        self.pk = pk
        self.state = state

    def exercise(self):
        data = {"id": "pokerkit-deal", "title": "A deal played against pokerkit", "game": self.game,
                "rules": self.profile.name, "street": "third", "seats": self.seats,
                "stacks": {p: n for p, n in self.start.items() if n < 500},
                "options": OPTIONS[self.game], "hands": {p: {} for p in self.seats},
                "events": self.events, "questions": [{"ask": "street_total", "street": "third"}]}
        exercise, problems = content.parse_exercise(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                                                    "pokerkit-deal.yaml")
        assert problems == [], (problems, self.events)
        return exercise


def _ask(exercise, ask, **params):
    return solvers.answer(exercise, Question(ask, None, None, None, [], params, 1, 1))


def _right(exercise, ask, given, **params) -> bool:
    question = Question(ask, None, None, None, [], params, 1, 1)
    return solvers.is_correct(exercise, question, given)


def check_deal(deal: Deal, tally: Counter) -> None:
    exercise = deal.exercise()
    ends = HandState.street_ends(exercise)

    def count(ask: str) -> None:
        tally[ask] += 1

    for street, seen in deal.streets.items():
        assert street in ends
        first = seen["first"]
        if street == "third" and exercise.profile.value("first_round_opens") == "bring-in":
            found = _ask(exercise, "bring_in")
            assert found.value == first, (street, deal.events)
            count("bring_in")
            tally["bring_in past an all-in door card"] += "all in on the ante" in found.explain()
        found = _ask(exercise, "opener", street=street)
        assert found.value == first, (street, deal.events)
        count("opener")
        tally["opener past an all-in player"] += street != "third" and "is all in" in found.explain()
        start = deal.seats.index(first)
        order = [p for p in deal.seats[start:] + deal.seats[:start]
                 if p in seen["live"] and seen["chips"][p] > 0]
        assert _ask(exercise, "action_order", street=street).value == order, (street, deal.events)
        count("action_order")
        put = {p: n for p, n in seen["put"].items() if n}
        assert _ask(exercise, "contributions", street=street).value == put, (street, deal.events)
        count("contributions")
        assert _ask(exercise, "street_total", street=street).value == sum(put.values()), (street, deal.events)
        count("street_total")
    if "sixth" in ends:
        assert _ask(exercise, "shared_card", street="sixth").value is False
        count("shared_card")
    for before, move in deal.played[:: max(1, len(deal.played) // 6)]:
        assert _ask(exercise, "legal_action", action=move, after=before).value is True, (move, deal.events)
        count("legal_action")
    table = deal.state.table
    live = [p for p in deal.seats if not table.hands[p].folded]
    if len(live) > 1:      # (a fold-out's uncalled bet: the course counts it in the pot, pokerkit returns it)
        got = [(pot["amount"], list(pot["players"])) for pot in _pots(_ask(exercise, "side_pots").value)]
        assert got == deal.pots, (got, deal.pots, deal.events)
        count("side_pots")
    if len(live) > 1:
        for p in live:
            i = deal.seats.index(p)
            best = _pk_hand(deal, p, 0)
            cards = [_course_card(c) for c in best.cards]
            assert _right(exercise, "best_five", cards, player=p), (p, cards, deal.events)
            count("best_five")
            assert _ask(exercise, "category", player=p).value == _category(deal.game, best), (p, deal.events)
            count("category")
            if deal.game == "stud-hi-lo":
                low = _pk_hand(deal, p, 1)
                assert _ask(exercise, "qualifies", player=p).value is (low is not None), (p, deal.events)
                count("qualifies")
    won = _ours(deal)
    award = _ask(exercise, "award").value
    assert {p: n for p, n in award.items() if n} == {p: n for p, n in won.items() if n}, (award, won, deal.events)
    count("award")
    if deal.game == "stud-hi-lo" and len(live) > 1:
        high, low = _halves(deal)
        want = {"high": dict(high), "low": None if low is None else dict(low)}
        assert _right(exercise, "halves", want), (want, deal.events)
        count("halves")
    if len(live) > 1:
        winners = _ask(exercise, "winners").value
        main = _main_pot_winners(deal)
        assert sorted(winners) == sorted(main), (winners, main, deal.events)
        count("winners")
        if deal.game == "stud-hi-lo":
            low = _pot_winners(deal, [p for p in _pk_pots(deal)[0][1] if p in live], 1)
            assert sorted(_ask(exercise, "winners", side="low").value) == sorted(low), (low, deal.events)
            count("winners")


def _pots(value):
    return [p if isinstance(p, dict) else {"amount": p.amount, "players": p.players} for p in value]


SUITS = "cdhs"      # clubs, diamonds, hearts, spades: the suit order of Robert's Rules


def _card_rank(card, ace_low: bool) -> tuple[int, int]:
    """A pokerkit card as (rank, suit), the ace 1 or 14, for the odd-unit rule."""
    text = repr(card)
    ranks = "A23456789TJQK" if ace_low else "23456789TJQKA"
    return ranks.index(text[0]) + (1 if ace_low else 2), SUITS.index(text[1])


def _odd_holder(deal: Deal, players: list[str], high: bool) -> list[str]:
    """Winners of a tied share, by who gets an odd unit first (RRP-H 3 "Ties" 5(b), 10.10): the
    highest card by suit among all their cards in a high share (ace high), the lowest in a low one
    (ace low)."""
    cards = {p: [_card_rank(c, not high) for c in _pk_cards(deal, p)] for p in players}
    best = {p: (max if high else min)(cards[p]) for p in players}
    return sorted(players, key=lambda p: best[p], reverse=high)


def _share(deal: Deal, amount: int, players: list[str], high: bool) -> Counter:
    share, odd = divmod(amount, len(players))
    won = Counter({p: share for p in players})
    for p in _odd_holder(deal, players, high)[:odd]:
        won[p] += 1
    return won


def _pot_winners(deal: Deal, players: list[str], hand_type: int) -> list[str]:
    hands = {p: _pk_hand(deal, p, hand_type) for p in players}
    hands = {p: h for p, h in hands.items() if h is not None}
    if not hands:
        return []
    best = max(hands.values())
    return [p for p in deal.seats if p in hands and not hands[p] < best and not best < hands[p]]


def _pk_pots(deal: Deal) -> list[tuple[int, list[str]]]:
    """The pots pokerkit built (amount, players who may win), read once the betting was over."""
    assert deal.pots is not None
    return deal.pots


def _halves(deal: Deal) -> tuple[Counter, Counter | None]:
    """Every pot divided by the course's rules, from pokerkit's hands, as (high units, low units or
    None when no pot had a qualifying low): the best hand of each side among the pot's players; in
    Hi-Lo the pot halved when a low qualifies, the odd unit high (RRP-H 10.9), players tied for both
    halves sharing the whole pot (10.9), each one's share then halved, its odd unit high; the odd
    unit of a tied share by card and suit (`_odd_holder`)."""
    high_won, low_won = Counter(), None
    table = deal.state.table
    for amount, players in _pk_pots(deal):
        players = [p for p in players if not table.hands[p].folded]
        if len(players) == 1 and (deal.game != "stud-hi-lo" or _pk_hand(deal, players[0], 0) is None):
            high_won[players[0]] += amount      # a pot nobody contests (in Hi-Lo, halved like any other)
            continue
        if deal.game != "stud-hi-lo":
            high_won += _share(deal, amount, _pot_winners(deal, players, 0), deal.game != "razz")
            continue
        high, low = _pot_winners(deal, players, 0), _pot_winners(deal, players, 1)
        if not low:
            high_won += _share(deal, amount, high, True)
            continue
        low_won = low_won if low_won is not None else Counter()
        if len(high) > 1 and set(high) == set(low):
            for p, n in _share(deal, amount, high, True).items():
                high_won[p] += n - n // 2
                low_won[p] += n // 2
        else:
            high_won += _share(deal, amount - amount // 2, high, True)
            low_won += _share(deal, amount // 2, low, False)
    return high_won, low_won


def _ours(deal: Deal) -> Counter:
    """What each player receives: both halves of every pot, and the chips nobody matched."""
    high, low = _halves(deal)
    won = Counter({p: n for p, n in deal.returned.items() if n})
    return won + high + (low or Counter())


def _main_pot_winners(deal: Deal) -> list[str]:
    table = deal.state.table
    amount, players = _pk_pots(deal)[0]
    players = [p for p in players if not table.hands[p].folded]
    return _pot_winners(deal, players, 0)


def _category(game: str, hand) -> str:
    """pokerkit's name for the kind of hand (a razz low named as the poker hand its five make)."""
    return hand.entry.label.value.lower()


ASKS = ("bring_in", "opener", "action_order", "contributions", "street_total", "legal_action", "shared_card",
        "side_pots", "best_five", "category", "qualifies", "winners", "award", "halves")


def run(deals: int, seed: int) -> dict[str, Counter]:
    """`deals` hands of each game, two to seven players; per game, the questions asked of each ask
    (all agreeing, or the run stops at the first that does not)."""
    rng = random.Random(seed)
    tallies = {}
    for game in GAMES:
        tally = Counter()
        for n in range(deals):
            deal = Deal(game, rng, 2 + n % 6)
            check_deal(deal, tally)
            tally["deals"] += 1
            tally["deals with an all-in player"] += bool(deal.state.table.all_in)
        tallies[game] = tally
        print(game, dict(tally))
    return tallies


def _covered(tallies: dict[str, Counter], deals: int) -> None:
    for game, tally in tallies.items():
        assert tally["deals"] == deals and tally["deals with an all-in player"] > deals // 4, (game, tally)
        for ask in ASKS:
            if ask in ("qualifies", "halves") and game != "stud-hi-lo":
                continue
            assert tally[ask] > 0, (game, ask, tally)


def test_whole_hands_with_short_stacks_agree_with_pokerkit_on_every_ask_of_every_street():
    _covered(run(12, 3), 12)


@pytest.mark.slow
def test_whole_hands_with_short_stacks_agree_with_pokerkit_on_1000_deals_per_game():
    tallies = run(1000, 39)
    _covered(tallies, 1000)
    for game, tally in tallies.items():
        assert tally["opener past an all-in player"] > 0, (game, tally)
        assert game == "razz" or tally["bring_in past an all-in door card"] > 0, (game, tally)
