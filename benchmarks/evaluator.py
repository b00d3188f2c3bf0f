"""Best-five-of-seven, side by side: our fast and full paths against treys, pokerkit and eval7.

Every library evaluates the same random seven-card hands, each given the cards in its own native
form, converted before the clock starts. Each library first sees every hand once (warm-up: treys
and ours fill lookup tables), then the best of three timed passes counts.

    python benchmarks/evaluator.py [--hands 20000] [--seed 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Callable

from course.cards import DECK
from course.hands import evaluate, fast_value


def _setups(hands):
    """(name, prepared inputs, function of one prepared hand) for each library available."""
    setups: list[tuple[str, list, Callable]] = []
    setups.append(("course", [[c.code for c in h] for h in hands], fast_value))
    setups.append(("course_full", [list(h) for h in hands], evaluate))
    try:
        from treys import Card as TCard, Evaluator

        evaluator = Evaluator()
        prepared = [([TCard.new(_ascii(c)) for c in h[:2]], [TCard.new(_ascii(c)) for c in h[2:]]) for h in hands]
        setups.append(("treys", prepared, lambda pair: evaluator.evaluate(pair[0], pair[1])))
    except ImportError:
        pass
    try:
        from pokerkit import StandardHighHand

        prepared = [("".join(_ascii(c) for c in h[:2]), "".join(_ascii(c) for c in h[2:])) for h in hands]
        setups.append(("pokerkit", prepared, lambda pair: StandardHighHand.from_game(pair[0], pair[1])))
    except ImportError:
        pass
    try:
        import eval7

        prepared = [[eval7.Card(_ascii(c)) for c in h] for h in hands]
        setups.append(("eval7", prepared, eval7.evaluate))
    except ImportError:
        pass
    return setups


def _ascii(card) -> str:
    return ("T" if card.rank == 10 else card.rank.symbol) + card.suit.letter


def _rate(items: list, fn: Callable, repeats: int) -> float:
    for item in items:  # warm-up
        fn(item)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 7) for _ in range(args.hands)]
    rates = {}
    for name, items, fn in _setups(hands):
        # pokerkit is about a thousand times slower than eval7: one pass is enough for it.
        rates[name] = round(_rate(items, fn, 1 if name == "pokerkit" else args.repeats))

    if args.json:
        print(json.dumps({"hands": args.hands, "rates": rates}))
        return 0
    print(f"best five of seven, {args.hands} random hands (seed {args.seed}), hands per second")
    for name, rate in sorted(rates.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<12} {rate:>12,}")
    if "treys" in rates:
        print(f"  course / treys      {rates['course'] / rates['treys']:.1f}x   (target >= 5x)")
        print(f"  course_full / treys {rates['course_full'] / rates['treys']:.1f}x   (target >= 1x)")
    if "eval7" in rates:
        print(f"  course / eval7      {rates['course'] / rates['eval7']:.2f}   (target >= 0.33)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
