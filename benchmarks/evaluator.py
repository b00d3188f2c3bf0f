"""Best-five-of-seven, side by side: our fast and full paths against treys, pokerkit and eval7,
and our low paths (ace-to-five for razz, eight-or-better for Hi-Lo) against pokerkit's low
evaluators (`RegularLowHand`, `EightOrBetterLowHand`).

Each evaluator is measured in a fresh Python process of its own, so that no table, memo or cache
left by another measurement can help it. In that process:

1. set-up: the evaluator is imported and built (treys builds its tables in `Evaluator()`, the
   course loads its table, built before run time, on import); its wall time and the growth of the
   process's resident memory (RSS) are reported, never hidden inside a timed pass, and so is the
   time the course's table takes to build from scratch;
2. warm-up: a first set of random hands, so that the interpreter has specialised its code;
3. cold: one timed pass over a second set of hands that the warm-up never saw (no hand, and not
   even a rank multiset of one, is shared with the warm-up, so a memo keyed by ranks cannot hit);
4. warm: the best of `--repeats` further passes over that same second set.

Everything is timed in CPU time of the measuring process, so that other work on a shared machine
slows no evaluator more than another.

The full path is timed as docs/architecture.md describes the evaluator: value, chosen cards and the words.

    python benchmarks/evaluator.py [--hands 20000] [--seed 7] [--repeats 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from course.cards import DECK  # noqa: E402  (the deck only: no evaluator is imported here)

# pokerkit is about a thousand times slower than eval7: a tenth of the hands, one warm pass.
EVALUATORS = ("course", "course_full", "treys", "eval7", "pokerkit",
              "course_low", "course_eight", "course_low_full", "pokerkit_low", "pokerkit_eight")
SLOW = {"pokerkit": 10, "pokerkit_low": 10, "pokerkit_eight": 10}
# (ours, peer, target): the figures the issues ask for, printed as ratios beside their targets.
TARGETS = (("course", "treys", 5), ("course", "eval7", 1 / 3), ("course_full", "treys", 1),
           ("course_low", "course", 1 / 2), ("course_eight", "course", 1 / 2),
           ("course_low", "pokerkit_low", 50), ("course_eight", "pokerkit_eight", 50),
           ("course_low_full", "pokerkit_low", 1))


def _ascii(card) -> str:
    return ("T" if card.rank == 10 else card.rank.symbol) + card.suit.letter


def _rank_key(hand) -> tuple[int, ...]:
    return tuple(sorted(card.rank for card in hand))


def deal(count: int, seed: int) -> tuple[list, list]:
    """(warm-up hands, timed hands): seven random cards each, no rank multiset in both sets."""
    rng = random.Random(seed)
    warm, timed, side = [], [], {}
    while len(warm) < count or len(timed) < count:
        hand = rng.sample(DECK, 7)
        # Each rank multiset belongs to one set for good: the first set that still wants hands.
        key = _rank_key(hand)
        if key not in side:
            side[key] = len(warm) >= count or (len(timed) < count and rng.random() < 0.5)
        target = timed if side[key] else warm
        if len(target) < count:
            target.append(hand)
    return warm, timed


def _rss_kib() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 // 1024


def _setup(name: str) -> tuple[Callable, Callable]:
    """Import and build one evaluator: (convert a hand to its native form, evaluate one)."""
    if name == "course":
        from course.hands import fast_value

        return (lambda hand: [c.code for c in hand]), fast_value
    if name == "course_full":
        from course.hands import evaluate

        return list, lambda hand: evaluate(hand).words
    if name in ("course_low", "course_eight"):
        from course.hands import eight_fast_value, low_fast_value

        return (lambda hand: [c.code for c in hand]), (low_fast_value if name == "course_low" else eight_fast_value)
    if name == "course_low_full":
        from course.hands import evaluate_low

        return list, lambda hand: evaluate_low(hand).words
    if name in ("pokerkit_low", "pokerkit_eight"):
        from pokerkit import EightOrBetterLowHand, RegularLowHand

        if name == "pokerkit_low":
            return (lambda h: "".join(map(_ascii, h))), RegularLowHand.from_game

        def eight(text):
            try:
                return EightOrBetterLowHand.from_game(text)
            except ValueError:  # pokerkit's way of saying "no qualifying low"
                return None

        return (lambda h: "".join(map(_ascii, h))), eight
    if name == "treys":
        from treys import Card, Evaluator

        evaluator = Evaluator()
        return (lambda h: ([Card.new(_ascii(c)) for c in h[:2]], [Card.new(_ascii(c)) for c in h[2:]]),
                lambda pair: evaluator.evaluate(pair[0], pair[1]))
    if name == "eval7":
        import eval7

        return (lambda h: [eval7.Card(_ascii(c)) for c in h]), eval7.evaluate
    if name == "pokerkit":
        from pokerkit import StandardHighHand

        return (lambda h: ("".join(map(_ascii, h[:2])), "".join(map(_ascii, h[2:])))), \
            (lambda pair: StandardHighHand.from_game(pair[0], pair[1]))
    raise ValueError(f"unknown evaluator {name!r}: expected one of {', '.join(EVALUATORS)}")


def _pass(items: list, fn: Callable) -> float:
    """CPU seconds of one pass: the five other jobs that share this machine's two cores stay out."""
    start = time.process_time()
    for item in items:
        fn(item)
    return time.process_time() - start


def measure(name: str, hands: int, seed: int, repeats: int) -> dict:
    """One evaluator's figures; meant to run in a process of its own (see `main`)."""
    count = max(1, hands // SLOW.get(name, 1))
    rss = _rss_kib()  # before dealing, whose freed memory a table could reuse unseen
    start = time.process_time()
    convert, fn = _setup(name)
    setup = time.process_time() - start
    setup_rss = _rss_kib() - rss
    warm_hands, timed_hands = deal(count, seed)
    warm_items, timed_items = [convert(h) for h in warm_hands], [convert(h) for h in timed_hands]
    _pass(warm_items, fn)
    cold = _pass(timed_items, fn)
    warm = min(_pass(timed_items, fn) for _ in range(1 if name in SLOW else repeats))
    figures = {"hands": count, "setup_s": setup, "setup_rss_kib": setup_rss, "cold": count / cold, "warm": count / warm}
    if name in ("course", "course_low"):  # a table built before run time: say what building it costs
        from course.hands import low_table_body, table_body

        start = time.process_time()
        (table_body if name == "course" else low_table_body)()
        figures["table_build_s"] = time.process_time() - start
    return figures


def _run_fresh(name: str, args) -> dict | None:
    """`measure` in a new interpreter; None when the library is not installed."""
    command = [sys.executable, __file__, "--worker", name, "--hands", str(args.hands),
               "--seed", str(args.seed), "--repeats", str(args.repeats)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if done.returncode == 3:
        return None
    if done.returncode:
        raise RuntimeError(f"measuring {name} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", choices=EVALUATORS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.worker:
        try:
            figures = measure(args.worker, args.hands, args.seed, args.repeats)
        except ImportError:
            if args.worker.startswith("course"):
                raise  # only a peer may be missing; a broken course must not drop out of the table
            return 3
        print(json.dumps(figures))
        return 0

    results = {name: fig for name in EVALUATORS if (fig := _run_fresh(name, args)) is not None}
    if args.json:
        print(json.dumps({"hands": args.hands, "seed": args.seed, "results": results}))
        return 0
    print(f"best five of seven (high, or low for the *_low and *_eight rows), hands per second; {args.hands} timed hands (seed {args.seed}) that the "
          "warm-up never saw, each evaluator in a fresh process")
    print(f"  {'evaluator':<15} {'cold':>11} {'warm':>11} {'set-up':>9} {'set-up RSS':>11}")
    for name, fig in sorted(results.items(), key=lambda kv: -kv[1]["cold"]):
        note = f"  ({fig['hands']} hands)" if fig["hands"] != args.hands else ""
        print(f"  {name:<15} {fig['cold']:>11,.0f} {fig['warm']:>11,.0f} {fig['setup_s'] * 1000:>7.0f} ms"
              f" {fig['setup_rss_kib'] / 1024:>8.1f} MB{note}")
    for name, file, make in (("course", "hand_values.bin", "hand-table"), ("course_low", "low_values.bin", "low-table")):
        if "table_build_s" in results.get(name, {}):
            print(f"  {name}'s set-up loads course/{file}; building that table from the rules"
                  f" (`make {make}`) takes {results[name]['table_build_s']:.2f} s")
    for ours, peer, target in TARGETS:
        if ours in results and peer in results:
            cold, warm = (results[ours][k] / results[peer][k] for k in ("cold", "warm"))
            print(f"  {ours} / {peer}: cold {cold:.2f}, warm {warm:.2f}   (target >= {target:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
