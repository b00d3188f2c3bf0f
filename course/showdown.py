"""Showdown: who wins among the players still in, and how a pot is split.

Each player uses only their own cards, plus the shared card where a deal has one. A folded
player's cards are nobody's (HPD exercise 5). Equal hands split the pot; where units do not
divide evenly, the odd unit follows the rule profile's `odd_unit` option.

Each step cites the rule of the game being played: given a rule profile, the citations come from
its `showdown_rule`, `tie_rule` and `shared_cards_play` options (a home game is not explained
with the stud-high lesson's articles); without one, from the stud-high defaults below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection, Mapping, Sequence

from course.cards import Card, cards_text
from course.explain import Answer, Step
from course.hands import Category, HandValue, digits_of, evaluate
from course.cards import Rank

BEST_FIVE = 'HPD "Best five of your seven, with no borrowed cards"'
TIES = 'HPD "Ties stop at the fifth card"'
SHARED = 'HPD "The rare shared seventh card is an exception"'
FOLDED = "HPD exercise 5"
SHORT = 'OPR-678 "Incomplete hands"'
ODD_UNIT_DEFAULT = 'COURSE "Odd unit"'
_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


@dataclass(frozen=True)
class ShowdownRules:
    """The citations a showdown's steps rest on."""

    best: tuple[str, ...] = (BEST_FIVE,)
    ties: tuple[str, ...] = (TIES,)
    shared: tuple[str, ...] = (SHARED,)
    folded: tuple[str, ...] = (FOLDED, BEST_FIVE)

    @classmethod
    def of(cls, profile: Any = None) -> "ShowdownRules":
        """The citations of a rule profile's showdown options (stud-high defaults without one)."""
        if profile is None:
            return cls()
        best = tuple(profile.option("showdown_rule").cite)
        return cls(best=best, ties=tuple(profile.option("tie_rule").cite),
                   shared=tuple(profile.option("shared_cards_play").cite), folded=best)


def best_hands(
    hands: Mapping[str, Sequence[Card]],
    shared: Sequence[Card] = (),
    folded: Collection[str] = (),
) -> dict[str, HandValue]:
    """Each live player's best hand from their own cards plus the shared cards."""
    return {p: evaluate([*cards, *shared]) for p, cards in hands.items() if p not in folded}


def showdown(
    hands: Mapping[str, Sequence[Card]],
    shared: Sequence[Card] = (),
    folded: Collection[str] = (),
    profile: Any = None,
) -> Answer:
    """Winners in seat order (the order of `hands`), with a cited step per player.

    `profile`: the rule profile whose showdown options the steps cite (see `ShowdownRules`).
    """
    rules = ShowdownRules.of(profile)
    steps: list[Step] = []
    out = [p for p in hands if p in folded]
    if out:
        steps.append(Step(
            f"{_names(out)} folded, so {'their cards are' if len(out) > 1 else 'those cards are'} "
            "out of the hand: nobody may use them, however useful they look.", rules.folded))
    if shared:
        steps.append(Step(
            f"The shared card{'s' if len(shared) > 1 else ''} {cards_text(shared)} belong"
            f"{'' if len(shared) > 1 else 's'} to every player still in: each adds it to their own cards.",
            rules.shared))
    # A player who lost every card (Have a Heart) has no hand to show and cannot win.
    empty = [p for p, cards in hands.items() if p not in folded and not cards and not shared]
    if empty:
        steps.append(Step(f"{_names(empty)} {'has' if len(empty) == 1 else 'have'} no cards left, so "
                          f"{'has' if len(empty) == 1 else 'have'} no hand to show and cannot win.", (SHORT,)))
    values = best_hands(hands, shared, [*folded, *empty])
    if not values:
        raise ValueError("a showdown needs at least one player who has not folded and holds a card")
    for player, value in values.items():
        steps.append(_hand_step(player, value, rules.best))
    best = max(values.values()).value
    winners = [p for p, v in values.items() if v.value == best]
    steps.append(_verdict(values, winners, rules))
    return Answer(winners, steps)


def _hand_step(player: str, value: HandValue, cite: Sequence[str]) -> Step:
    if value.size < 5:
        return Step(
            f"{player} has only {_NUMBERS[value.size]} card{'s' if value.size != 1 else ''}, so "
            f"{'all of them play' if value.size > 1 else 'it plays alone'}: "
            f"{cards_text(value.cards)}, {value.words}. A short hand cannot make a straight, flush or "
            "full house, but its pairs count as usual.", (SHORT, *cite))
    unused = value.size - 5
    tail = {0: "", 1: "; the other card stays unused"}.get(unused, f"; the other {_NUMBERS.get(unused, unused)} cards stay unused")
    return Step(f"{player}'s best five: {cards_text(value.cards)}, {value.words}{tail}.", tuple(cite))


def _verdict(values: dict[str, HandValue], winners: list[str], rules: ShowdownRules) -> Step:
    if len(values) == 1:
        (only,) = values
        return Step(f"{only} is the only player left, so {only} wins.", rules.best)
    top = values[winners[0]]
    losers = sorted((v for p, v in values.items() if p not in winners), reverse=True)
    if len(winners) > 1:
        return Step(
            f"{_names(winners)} tie with the same five-card value ({top.words}). Suits and unused "
            "cards never break a tie, so they share the pot.", rules.ties)
    runner = losers[0]
    runner_name = next(p for p, v in values.items() if v is runner)
    return Step(f"{winners[0]} wins: {_why_better(top, runner)} ({runner_name}).",
                rules.ties if top.category == runner.category else rules.best)


def _why_better(a: HandValue, b: HandValue) -> str:
    if a.category != b.category:
        return f"{_article(a.category)} beats {_article(b.category)}"
    for da, db in zip(digits_of(a.value), digits_of(b.value)):
        if da != db:
            low = Rank(db).word if db else "no card at all"
            return f"both hold {_article(a.category)}, and the first difference is {Rank(da).word} over {low}"
    return "the hands are equal"  # pragma: no cover - equal hands are a tie


def _article(category: Category) -> str:
    label = category.label
    if category in (Category.ONE_PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        return label
    if category is Category.HIGH_CARD:
        return "no pair"
    return f"a {label}"


def split_pot(pot: int, winners: Sequence[str], seats: Sequence[str], odd_unit: Any = None,
              profile: Any = None) -> Answer:
    """Split `pot` equally among `winners`; leftover units go by the profile's odd-unit option.

    `odd_unit` is a profile Option (with `.value`, `.cite`, `.course_default`) or None for the
    course's default: leftover units go one at a time to the winners in seat order, starting with
    the first winner clockwise from the dealer's left. `profile` (optional) supplies the
    citations of the split itself and, when `odd_unit` is not given, the odd-unit option.
    """
    rules = ShowdownRules.of(profile)
    if odd_unit is None and profile is not None:
        odd_unit = profile.option("odd_unit")
    if not winners:
        raise ValueError("a pot needs at least one winner")
    order = [p for p in seats if p in winners] + [p for p in winners if p not in seats]
    share, odd = divmod(pot, len(order))
    award = {p: share for p in order}
    steps = []
    if len(order) == 1:
        steps.append(Step(f"{order[0]} wins the whole pot of {pot}.", rules.best))
    else:
        steps.append(Step(f"{_names(order)} split the pot of {pot}: {share} each"
                          + (f", with {odd} unit{'s' if odd != 1 else ''} left over." if odd else "."),
                          rules.ties))
    if odd:
        for player in order[:odd]:
            award[player] += 1
        rule = getattr(odd_unit, "value", "seat-order")
        if rule != "seat-order":
            raise ValueError(f"odd-unit rule {rule!r} is not known: expected 'seat-order'")
        cite = tuple(getattr(odd_unit, "cite", None) or (ODD_UNIT_DEFAULT,))
        default = bool(getattr(odd_unit, "course_default", True))
        steps.append(Step(
            f"The odd unit{'s go' if odd > 1 else ' goes'} to {_names(order[:odd])}: the first winner"
            f"{'s' if odd > 1 else ''} clockwise from the dealer's left"
            + (" (the course's own default: HPD leaves odd units to house procedure, and Robert's Rules "
               "gives a stud odd chip to the highest card by suit instead)."
               if default else "."), cite, course_default=default))
    return Answer(award, steps)


def award(hands: Mapping[str, Sequence[Card]], pot: int, seats: Sequence[str], shared: Sequence[Card] = (),
          folded: Collection[str] = (), profile: Any = None, fold_cite: Sequence[str] | None = None,
          before: Sequence[Step] = ()) -> Answer:
    """The one award of a pot, for every game: {player: units}. When everyone else has folded the
    last player in wins it without a showdown (`fold_cite`, by default the profile's rule that a
    folded player takes no further part); otherwise the best hands at the showdown share it
    (`showdown`), split by the profile's rules (`split_pot`). `before` are steps said first (why
    a card is shared, say)."""
    live = [p for p in seats if p in hands and p not in folded]
    if len(live) == 1:
        cite = tuple(fold_cite) if fold_cite is not None else \
            (profile.rule_cite("folded_out") if profile is not None else ShowdownRules.of(profile).folded)
        steps, winners = [Step(f"Everyone else has folded, so {live[0]} wins without a showdown.", cite)], live
    else:
        shown = showdown(hands, shared, folded, profile=profile)
        steps, winners = list(shown.steps), shown.value
    split = split_pot(pot, winners, seats, profile=profile)
    return Answer(dict(split.value), [*before, *steps, *split.steps])


def _names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
