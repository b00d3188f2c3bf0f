"""benchmarks/evaluator.py measures what the README says it measures (no timings asserted)."""

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from course.cards import DECK
from course.hands import evaluate, fast_value

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "evaluator.py"
_spec = importlib.util.spec_from_file_location("evaluator_benchmark", SCRIPT)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def test_timed_hands_share_no_rank_multiset_with_the_warm_up():
    warm, timed = bench.deal(2000, 3)
    assert len(warm) == len(timed) == 2000
    assert all(len(set(h)) == 7 for h in warm + timed)
    assert not {bench._rank_key(h) for h in warm} & {bench._rank_key(h) for h in timed}
    # Still ordinary random hands: the usual categories in about the usual shares.
    share = Counter(evaluate(h).category.label for h in timed)
    assert 0.38 < share["one pair"] / 2000 < 0.50 and share["flush"] > 0 and share["straight"] > 0


def test_the_full_path_is_timed_with_its_words_and_the_fast_path_on_codes():
    hand = bench.deal(1, 5)[1][0]
    convert, fn = bench._setup("course_full")
    assert fn(convert(hand)) == evaluate(hand).words
    convert, fn = bench._setup("course")
    assert fn(convert(hand)) == fast_value([c.code for c in hand])


def test_every_evaluator_is_measured_in_a_process_of_its_own():
    done = subprocess.run([sys.executable, str(SCRIPT), "--hands", "100", "--repeats", "1", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)["results"]
    assert set(results) == set(bench.EVALUATORS)  # all of them are installed with the test extras
    for name, figures in results.items():
        assert figures["cold"] > 0 and figures["warm"] > 0 and figures["setup_s"] > 0, name
        assert figures["hands"] == (10 if name in bench.SLOW else 100)
    assert results["course"]["table_build_s"] > 0 and results["course_low"]["table_build_s"] > 0


def test_the_low_paths_are_timed_on_the_same_hands_and_give_the_course_values():
    from pokerkit import EightOrBetterLowHand, RegularLowHand

    from course.hands import eight_fast_value, evaluate_low, low_fast_value

    hand = bench.deal(1, 9)[1][0]
    convert, fn = bench._setup("course_low")
    assert fn(convert(hand)) == low_fast_value([c.code for c in hand])
    convert, fn = bench._setup("course_eight")
    assert fn(convert(hand)) == eight_fast_value([c.code for c in hand])
    convert, fn = bench._setup("course_low_full")
    assert fn(convert(hand)) == evaluate_low(hand).words
    convert, fn = bench._setup("pokerkit_low")
    assert fn(convert(hand)) == RegularLowHand.from_game("".join(map(bench._ascii, hand)))
    convert, fn = bench._setup("pokerkit_eight")
    no_low = [bench._ascii(c) for c in (DECK[8], DECK[9], DECK[10], DECK[11], DECK[12])]  # ten to ace of clubs
    assert fn("".join(no_low)) is None
    assert fn(convert(hand)) == (None if eight_fast_value([c.code for c in hand]) == 0
                                 else EightOrBetterLowHand.from_game("".join(map(bench._ascii, hand))))
    assert {"course_low", "course_eight", "pokerkit_low", "pokerkit_eight"} <= {t[0] for t in bench.TARGETS} | {t[1] for t in bench.TARGETS}


def test_an_unknown_evaluator_is_named():
    with pytest.raises(ValueError, match="unknown evaluator 'nope'"):
        bench._setup("nope")
