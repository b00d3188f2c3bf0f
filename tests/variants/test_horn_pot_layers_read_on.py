"""Horn-A-Vika's pots are built from the order money went in (`HornRules.pot_layers`), and the
side-pot drills ask for them after every payment, so the reading of the payments asked about
last is kept on the table and read on from. These tests check that what is read on is what the
whole record read afresh gives: after every move of random hands with short stacks, at an
earlier point of the record (a ledger entry's) asked after a later one, and after the hand is
taken back to an earlier point (`HandState.back_to`)."""

from __future__ import annotations

import random

import pytest

from course.cards import DECK
from course.engine.stud import random_play
from course.study import home


def _afresh(table, **point):
    """The pots, the chips gone back and the steps, read from the whole record with nothing kept."""
    kept = table.__dict__.pop("_pot_layers", None)
    try:
        return table.rules.pot_layers(table, **point)
    finally:
        table.__dict__["_pot_layers"] = kept


class _Compare:
    """After every move: the pots now, and the pots at a random earlier point of the record, read
    on from what is kept and read afresh; the hand marked once, to be taken back to."""

    def __init__(self, rng: random.Random):
        self.rng, self.checked, self.mark, self.marked_at = rng, 0, None, None

    def __call__(self, played) -> None:
        table = played.table
        assert table.rules.pot_layers(table) == _afresh(table)
        if table.flow:
            k = self.rng.randrange(len(table.flow) + 1)
            out = [p for p in table.seats if table.hands[p].folded]
            point = {"flow": table.flow[:k], "folded": out}
            assert table.rules.pot_layers(table, **point) == _afresh(table, **point)
            assert table.rules.pot_layers(table) == _afresh(table)      # read on again from the earlier point
        self.checked += 1
        if self.mark is None and table.flow and self.rng.random() < 0.1:
            self.mark, self.marked_at = played.state.mark(), len(table.flow)


@pytest.mark.parametrize("seed", range(12))
def test_pots_read_on_from_the_kept_reading_are_the_pots_read_afresh(seed):
    rng = random.Random(f"pot layers read on/{seed}")
    n = rng.randint(3, 6)
    stacks = {home.NAMES[i]: rng.randint(3, 40) for i in range(n) if rng.random() < 0.67}
    watch = _Compare(rng)
    events, hand = home.played_hand(rng, home.HORN, n, stacks=stacks, watch=watch)
    assert watch.checked == len(events)


def test_a_hand_taken_back_reads_its_pots_as_afresh():
    """`HandState.back_to` puts the table back with the reading kept then: the pots of the hand
    taken back, and of the hand played on from there, are those read afresh."""
    taken_back = 0
    for seed in range(30):
        rng = random.Random(f"pot layers taken back/{seed}")
        n = rng.randint(3, 6)
        stacks = {home.NAMES[i]: rng.randint(3, 40) for i in range(n)}
        watch = _Compare(rng)
        _, hand = home.played_hand(rng, home.HORN, n, stacks=stacks, watch=watch)
        if watch.mark is None:
            continue
        table = hand.table
        hand.state.back_to(watch.mark)
        assert len(table.flow) == watch.marked_at
        assert table.rules.pot_layers(table) == _afresh(table)
        hand.deck = [c for c in DECK if c not in table.where]
        rng.shuffle(hand.deck)
        random_play(rng, hand, lambda text: hand.state.apply(text, read=False), watch=_Compare(rng),
                    own=lambda t: None if (d := t.rules.decider(t)) is None else f"{d.player} matches")
        taken_back += 1
    assert taken_back > 0


def test_a_record_that_does_not_start_with_the_kept_payments_is_read_afresh():
    """The kept reading is taken only when the record asked about starts with its payments: a
    record with one payment changed (as a hand played on differently would have) is read afresh,
    and the hand's own record after it too."""
    changed = 0
    for seed in range(20):
        rng = random.Random(f"pot layers other record/{seed}")
        n = rng.randint(3, 6)
        stacks = {home.NAMES[i]: rng.randint(3, 40) for i in range(n)}
        _, hand = home.played_hand(rng, home.HORN, n, stacks=stacks)
        table = hand.table
        if len(table.flow) < 2:
            continue
        table.rules.pot_layers(table)             # kept: the reading of the whole record
        k = rng.randrange(len(table.flow))
        kind, street, player, units = table.flow[k]
        other = table.flow[:k] + [(kind, street, player, units + 1)] + table.flow[k + 1:]
        assert table.rules.pot_layers(table, flow=other) == _afresh(table, flow=other)
        assert table.rules.pot_layers(table) == _afresh(table)
        changed += 1
    assert changed > 0


def test_a_short_match_splits_the_pot_the_same_read_on_or_afresh():
    """Among the hands above, some match the pot all in for less (the steps saying so are part of
    what is compared): the comparison is not only of hands whose pots never split."""
    splits = 0
    for seed in range(40):
        rng = random.Random(f"pot layers split/{seed}")
        n = rng.randint(3, 6)
        stacks = {home.NAMES[i]: rng.randint(3, 15) for i in range(n)}
        _, hand = home.played_hand(rng, home.HORN, n, stacks=stacks, watch=_Compare(rng))
        splits += bool(hand.table.rules.pot_layers(hand.table)[2])
    assert splits > 0
