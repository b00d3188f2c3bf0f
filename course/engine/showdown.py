"""Showdown: who wins among the players still in, and how a pot is split.

Each player uses only their own cards, plus the shared card where a deal has one. A folded
player's cards are nobody's (HPD exercise 5). Equal hands split the pot; where units do not
divide evenly, the odd unit follows the rule profile's `odd_unit` option.

What a hand is ranked by comes from the game spec's `orders` (`sides`): Stud High's one high
pot, razz's one ace-to-five low pot, Stud Hi-Lo's high half and eight-or-better low half
(`pot_halves`). `split_pot` given the hands eligible for one pot decides it whole, so side pots
call it once per pot.

Each step cites the rule of the game being played: given a rule profile, the citations come from
its `showdown_rule`, `tie_rule` and `shared_cards_play` options (a home game is not explained
with the stud-high lesson's articles); without one, from the stud-high defaults below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection, Mapping, Sequence

from course import amounts
from course.cards import Card, cards_text
from course.explain import Answer, Step
from course.games import find_game
from course.hands import (
    NO_LOW, Category, HandValue, LowHand, card_key, digits_of, evaluate, hand_order, low_digits,
)
from course.cards import Rank
from course.rules import is_citation

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
    short: tuple[str, ...] = (SHORT,)   # a hand of fewer than five cards: the game's own rule, if it has one

    @classmethod
    def of(cls, profile: Any = None) -> "ShowdownRules":
        """The citations of a rule profile's showdown options (stud-high defaults without one)."""
        if profile is None:
            return cls()
        best = tuple(profile.option("showdown_rule").cite)
        # only Have a Heart's document speaks of hands left short; elsewhere a hand of fewer than five
        # cards (one asked about before the seventh card) is read by the game's own best-hand rule
        short = (SHORT,) if "OPR-678" in profile.sources else best
        return cls(best=best, ties=tuple(profile.option("tie_rule").cite),
                   shared=tuple(profile.option("shared_cards_play").cite), folded=best, short=short)


def best_hands(
    hands: Mapping[str, Sequence[Card]],
    shared: Sequence[Card] = (),
    folded: Collection[str] = (),
) -> dict[str, HandValue]:
    """Each live player's best hand from their own cards plus the shared cards."""
    return {p: evaluate([*cards, *shared]) for p, cards in hands.items() if p not in folded}


def sides(profile: Any = None) -> tuple[tuple[str, str], ...]:
    """The game's pot shares as (side, hand order): ("high", "high") for Stud High; ("low",
    "ace-to-five") for razz; both for Hi-Lo, the low one named by the profile's `low_order`.
    Read from the game spec's `orders` (no spec without a profile: Stud High's one high pot)."""
    spec = find_game(profile.game) if profile is not None else None
    orders = spec.orders if spec is not None else ("high",)
    return tuple((side, "high" if side == "high" else profile.value("low_order")) for side in orders)


def side_order(side: str | None, profile: Any = None) -> tuple[str, str]:
    """(side, hand order) for a question's `side` (None: the game's first, or only, side);
    `ValueError` naming the sides the game has."""
    found = sides(profile)
    if side is None:
        return found[0]
    for entry in found:
        if entry[0] == side:
            return entry
    raise ValueError(f"side {side!r}: this game's pot goes to {' and '.join(s for s, _ in found)} "
                     f"(expected {' or '.join(repr(s) for s, _ in found)})")


def showdown(
    hands: Mapping[str, Sequence[Card]],
    shared: Sequence[Card] = (),
    folded: Collection[str] = (),
    profile: Any = None,
    side: str | None = None,
) -> Answer:
    """Winners in seat order (the order of `hands`), with a cited step per player.

    `profile`: the rule profile whose showdown options the steps cite (see `ShowdownRules`), and
    whose game spec gives the hand orders (`sides`); `side`: which of them (None: the game's first,
    the high side of Hi-Lo, razz's low). On an eight-or-better low side nobody may qualify: then
    the value is [] (no qualifying low).
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
    live = {p: cards for p, cards in hands.items() if p not in folded and p not in empty}
    if not live:
        raise ValueError("a showdown needs at least one player who has not folded and holds a card")
    _side, order = side_order(side, profile)
    if order != "high":
        winners, low_steps = _low_side(live, shared, order, rules)
        return Answer(winners, steps + low_steps)
    values = best_hands(live, shared)
    for player, value in values.items():
        steps.append(_hand_step(player, value, rules.best, rules.short))
    best = max(values.values()).value
    winners = [p for p, v in values.items() if v.value == best]
    steps.append(_verdict(values, winners, rules, "the high half" if len(sides(profile)) > 1 else "the pot"))
    return Answer(winners, steps)


def best_lows(hands: Mapping[str, Sequence[Card]], shared: Sequence[Card] = (), order: str = "ace-to-five",
              folded: Collection[str] = ()) -> dict[str, LowHand]:
    """Each live player's best low in `order` from their own cards plus the shared cards."""
    full = hand_order(order).full
    return {p: full([*cards, *shared]) for p, cards in hands.items() if p not in folded and (cards or shared)}


def _default(cite: Sequence[str]) -> bool:
    return any(k.startswith('COURSE "') and is_citation(k) for k in cite)


def _low_side(live: Mapping[str, Sequence[Card]], shared: Sequence[Card], order: str,
              rules: "ShowdownRules") -> tuple[list[str], list[Step]]:
    """The low winners (none when no hand qualifies) and a step per player."""
    values = best_lows(live, shared, order)
    steps = []
    for player, value in values.items():
        if not value.qualifies:
            steps.append(Step(f"{player} has {value.words}.", value.cite, _default(value.cite)))
            continue
        unused = value.size - len(value.cards)
        tail = {0: "", 1: "; the other card stays unused"}.get(
            unused, f"; the other {_NUMBERS.get(unused, unused)} cards stay unused")
        steps.append(Step(f"{player}'s best low: {cards_text(value.cards)}, {value.words}{tail}.",
                          value.cite, _default(value.cite)))
    best = max(values.values()).value
    if best == NO_LOW:
        cite = (hand_order(order).cite[0],)
        steps.append(Step("No hand qualifies for low: a qualifying low needs five different ranks of "
                          "eight or lower.", cite))
        return [], steps
    winners = [p for p, v in values.items() if v.value == best]
    top = values[winners[0]]
    if len(values) == 1:
        steps.append(Step(f"{winners[0]} is the only player left, so {winners[0]} has the best low.", rules.best))
    elif len(winners) > 1:
        steps.append(Step(f"{_names(winners)} tie with the same low ({top.label}). Suits and unused cards "
                          "never break a tie, so they share it.", rules.ties))
    else:
        runner_name, runner = max(((p, v) for p, v in values.items() if p not in winners), key=lambda pv: pv[1])
        steps.append(Step(f"{winners[0]} has the best low: {_why_lower(top, runner)} ({runner_name}).", rules.best))
    return winners, steps


def _why_lower(a: LowHand, b: LowHand) -> str:
    if not b.qualifies:
        return f"{a.label} against no qualifying low"
    if a.category != b.category:
        return f"{a.label} is lower than {b.label}, since a pair counts against a low"
    for da, db in zip(low_digits(a.value), low_digits(b.value)):
        if da != db:
            word = lambda d: "ace" if d == 1 else Rank(d).word
            return f"{a.label} against {b.label}: the first difference is {word(da)} under {word(db)}"
    if len(low_digits(a.value)) != len(low_digits(b.value)):
        return f"{a.label} against {b.label}"
    return "the hands are equal"  # pragma: no cover - equal hands are a tie


def _hand_step(player: str, value: HandValue, cite: Sequence[str], short: Sequence[str] = (SHORT,)) -> Step:
    if value.size < 5:
        return Step(
            f"{player} has only {_NUMBERS[value.size]} card{'s' if value.size != 1 else ''}, so "
            f"{'all of them play' if value.size > 1 else 'it plays alone'}: "
            f"{cards_text(value.cards)}, {value.words}. Such a hand is compared as it stands: any pair "
            "beats no pair, and without pairs the higher cards win.", tuple(dict.fromkeys((*short, *cite))))
    unused = value.size - 5
    tail = {0: "", 1: "; the other card stays unused"}.get(unused, f"; the other {_NUMBERS.get(unused, unused)} cards stay unused")
    return Step(f"{player}'s best five: {cards_text(value.cards)}, {value.words}{tail}.", tuple(cite))


def _verdict(values: dict[str, HandValue], winners: list[str], rules: ShowdownRules, what: str = "the pot") -> Step:
    if len(values) == 1:
        (only,) = values
        return Step(f"{only} is the only player left, so {only} wins.", rules.best)
    top = values[winners[0]]
    losers = sorted((v for p, v in values.items() if p not in winners), reverse=True)
    if len(winners) > 1:
        return Step(
            f"{_names(winners)} tie with the same five-card value ({top.words}). Suits and unused "
            f"cards never break a tie, so they share {what}.", rules.ties)
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

# Splitting a pot with cents: the odd cent, like an odd unit, follows the profile's `odd_unit`.
ODD_CENT = ('RRP-H 3 "Ties" 3', 'COURSE "Odd cent"')


def split_pot(pot: int, winners: Sequence[str] | Mapping[str, Sequence[Card]], seats: Sequence[str],
              odd_unit: Any = None, profile: Any = None, shared: Sequence[Card] = (),
              folded: Collection[str] = (), cards: Mapping[str, Sequence[Card]] | None = None) -> Answer:
    """One pot's units per player, with the steps that decide them.

    `winners` either names the winners who share the pot (a sequence), or gives the hands
    eligible for it (a mapping player -> own cards; a side pot passes the hands of the players
    in it): then the game's hand orders decide who wins it (`sides`), Hi-Lo's pot halving when a
    low qualifies (`pot_halves`, both halves added per player), and the value is {player: units}
    all the same. Leftover units go by the profile's `odd_unit` option (`odd_unit`, an Option with
    `.value`, `.cite`, `.course_default`, overrides it): `seat-order` (the course's default
    without one) gives them one at a time to the winners clockwise from the dealer's left;
    `highest-card-by-suit` to the highest card by suit (a high game), `lowest-card-by-suit` to
    the lowest (a low game), all of each winner's `cards` counting (needed with named winners);
    `high-half-then-card-by-suit` as Hi-Lo splits (see `pot_halves`).
    """
    if isinstance(winners, Mapping):
        halves = pot_halves(pot, winners, seats, shared, folded, profile, odd_unit)
        total: dict[str, int] = {}
        for share in halves.value.values():
            for player, units in (share or {}).items():
                total[player] = total.get(player, 0) + units
        order = [p for p in seats if p in total] + [p for p in total if p not in seats]
        return Answer({p: total[p] for p in order}, halves.steps)
    return _share(pot, winners, seats, odd_unit, profile, cards=cards)


def _share(pot: int, winners: Sequence[str], seats: Sequence[str], odd_unit: Any = None, profile: Any = None,
           cards: Mapping[str, Sequence[Card]] | None = None, what: str = "the pot",
           rule: str | None = None) -> Answer:
    """Split `pot` equally among `winners` (see `split_pot`); `cards` (each winner's cards) for a
    card-by-suit odd-unit rule; `rule` (highest-card-by-suit, lowest-card-by-suit) in place of
    the option's value, inside a Hi-Lo half."""
    rules = ShowdownRules.of(profile)
    if odd_unit is None and profile is not None:
        odd_unit = profile.option("odd_unit")
    if not winners:
        raise ValueError("a pot needs at least one winner")
    order = [p for p in seats if p in winners] + [p for p in winners if p not in seats]
    # A pot with cents is split to the cent, the smallest unit then in play (RRP-H 3 "Ties" 3);
    # a whole pot in whole units, as before.
    in_cents = amounts.has_cents(pot)
    share, odd = divmod(amounts.cents(pot) if in_cents else pot, len(order))
    unit_word, one = ("cent", amounts.CENT) if in_cents else ("unit", 1)
    if in_cents:
        share = amounts.from_cents(share)
    award = {p: share for p in order}
    steps = [_split_step(pot, order, share, odd, in_cents, unit_word, what, rules)]
    if odd:
        rule = rule or getattr(odd_unit, "value", "seat-order")
        cite = tuple(getattr(odd_unit, "cite", None) or (ODD_UNIT_DEFAULT,))
        default = bool(getattr(odd_unit, "course_default", True))
        if rule == "seat-order":
            chosen, step = _odd_by_seat(order, odd, unit_word, cite, default)
        elif rule in ("lowest-card-by-suit", "highest-card-by-suit", "high-half-then-card-by-suit"):
            chosen, step = _odd_by_card(order, odd, unit_word, cite, default, rule, cards)
        else:
            raise ValueError(f"odd-unit rule {rule!r} is not known: expected 'seat-order', "
                             "'lowest-card-by-suit' or 'high-half-then-card-by-suit'")
        steps.append(step)
        for player in chosen:
            award[player] += one
    return Answer(award, steps)


def _split_step(pot, order: list[str], share, odd: int, in_cents: bool, unit_word: str, what: str,
                rules: ShowdownRules) -> Step:
    """Who wins `pot` (one winner), or how it splits and what is left over."""
    if len(order) == 1:
        return Step(f"{order[0]} wins the whole {what[4:] if what.startswith('the ') else what} of {pot}.", rules.best)
    return Step(f"{_names(order)} split {what} of {pot}: {share} each"
                + (f", with {odd} {unit_word}{'s' if odd != 1 else ''} left over" if odd else "")
                + (" (a pot with cents is split to the cent, the smallest unit in play)" if odd and in_cents
                   else "") + ".",
                (*rules.ties, *(ODD_CENT if odd and in_cents else ())),
                course_default=bool(odd and in_cents))


def _odd_by_seat(order: list[str], odd: int, unit_word: str, cite: tuple[str, ...],
                 default: bool) -> tuple[list[str], Step]:
    """The odd units to the first winners clockwise from the dealer's left, one each."""
    chosen = order[:odd]
    return chosen, Step(
        f"The odd {unit_word}{'s go' if odd > 1 else ' goes'} to {_names(chosen)}: the first winner"
        f"{'s' if odd > 1 else ''} clockwise from the dealer's left"
        + (" (the course's own default: HPD leaves odd units to house procedure, and Robert's Rules "
           "gives a stud odd chip to the highest card by suit instead)."
           if default else "."), cite, course_default=default)


def _odd_by_card(order: list[str], odd: int, unit_word: str, cite: tuple[str, ...], default: bool, rule: str,
                 cards: Mapping[str, Sequence[Card]] | None) -> tuple[list[str], Step]:
    """The odd units to the winners with the highest (or lowest) card by suit, one each."""
    if cards is None:
        raise ValueError(f"odd-unit rule {rule!r} needs each winner's cards")
    high = rule != "lowest-card-by-suit"
    # the ace is low in a low game (razz, Hi-Lo's low half), high in a high one
    key = {p: (card_key(c, not high) for c in cards[p]) for p in order}
    best = {p: (max if high else min)(key[p]) for p in order}
    ranked = sorted(order, key=lambda p: best[p], reverse=high)
    chosen = [p for p in order if p in ranked[:odd]]     # one unit each (RRP-H 3 "Ties" 4)
    card = {p: next(c for c in cards[p] if card_key(c, not high) == best[p]) for p in order}
    shown = ", ".join(f"{p} {card[p]}" for p in ranked)
    return chosen, Step(
        f"The odd {unit_word}{'s go' if odd > 1 else ' goes'} to {_names(chosen)}, with the "
        f"{'highest' if high else 'lowest'} card by suit among all their cards ({shown}"
        + ("; the ace counts low" if not high else "") + ")."
        + (" That is the course's own default, Robert's Rules' stud rule: this profile's source says "
           "nothing of odd units." if default else ""), cite, course_default=default)


def pot_halves(pot: int, hands: Mapping[str, Sequence[Card]], seats: Sequence[str], shared: Sequence[Card] = (),
               folded: Collection[str] = (), profile: Any = None, odd_unit: Any = None) -> Answer:
    """One pot shared by the game's hand orders: {side: {player: units}} for each side of the
    spec (`sides`); a low side that nobody qualifies for is None, and the high side takes the
    whole pot (RRP-H 10.2). With two sides the pot halves, an odd unit going to the high half
    (RRP-H 10.9, 3 "Ties" 5(c)); each half is split among its tied winners (quartering), the odd
    unit of a tied half to the highest card by suit for high and the lowest for low (RRP-H
    10.10). One player may win both halves, each with its own five cards (RRP-H 10.3). Players
    who tie for both halves share the whole pot as evenly as it goes, the odd unit to the highest
    card by suit (RRP-H 10.9)."""
    if odd_unit is None and profile is not None:
        odd_unit = profile.option("odd_unit")
    rule = getattr(odd_unit, "value", "seat-order")
    own = {p: [*cards, *shared] for p, cards in hands.items() if p not in folded}
    steps: list[Step] = []
    won: dict[str, list[str]] = {}
    for side, _order in sides(profile):
        shown = showdown(hands, shared, folded, profile, side=side)
        steps += [s for s in shown.steps if s not in steps]
        won[side] = list(shown.value)
    if len(won) == 1:
        (side, winners), = won.items()
        split = _share(pot, winners, seats, odd_unit, profile, cards=own,
                       rule="lowest-card-by-suit" if rule == "lowest-card-by-suit" else None)
        return Answer({side: split.value}, steps + split.steps)
    option = profile.option("pot_halves")
    if not won["low"]:
        steps.append(Step(f"With no qualifying low the best high hand takes the whole pot of {pot}.",
                          option.cite))
        split = _share(pot, won["high"], seats, odd_unit, profile, cards=own, rule=_half_rule(rule, "high"))
        return Answer({"high": split.value, "low": None}, steps + split.steps)
    if len(won["high"]) > 1 and set(won["high"]) == set(won["low"]):
        steps.append(Step(f"{_names(won['high'])} tie for both the high and the low, so they share the whole "
                          f"pot of {pot} as evenly as it goes.", tuple(getattr(odd_unit, "cite", ())) or option.cite))
        split = _share(pot, won["high"], seats, odd_unit, profile, cards=own, rule=_half_rule(rule, "high"))
        halves = {p: _halve(split.value[p]) for p in split.value}
        return Answer({"high": {p: halves[p][0] for p in split.value}, "low": {p: halves[p][1] for p in split.value}},
                      steps + split.steps)
    return _split_halves(pot, won, seats, odd_unit, profile, own, rule, steps)


def _split_halves(pot: int, won: Mapping[str, list[str]], seats: Sequence[str], odd_unit: Any, profile: Any,
                  own: Mapping[str, Sequence[Card]], rule: str, steps: list[Step]) -> Answer:
    """A pot with a qualifying low: halved, the odd unit high, each half split among its winners."""
    rules = ShowdownRules.of(profile)
    option = profile.option("pot_halves")
    both = [p for p in won["high"] if p in won["low"]]
    high, low = _halve(pot)
    text = f"A low qualifies, so the pot of {pot} splits into a high half of {high} and a low half of {low}"
    odd_word = "cent" if amounts.has_cents(pot) else "unit"
    steps.append(Step(text + (f": the odd {odd_word} goes to the high half." if high != low else "."),
                      tuple(dict.fromkeys((*option.cite, *(getattr(odd_unit, "cite", ()) if high != low else ()),
                                           *(ODD_CENT if high != low and odd_word == "cent" else ())))),
                      course_default=high != low and odd_word == "cent"))
    if both:
        steps.append(Step(f"{_names(both)} {'wins' if len(both) == 1 else 'win'} a share of both halves, each "
                          "with its own best five: the high and the low may use different cards.", rules.best))
    result: dict[str, dict[str, int]] = {}
    for side, units in (("high", high), ("low", low)):
        split = _share(units, won[side], seats, odd_unit, profile, cards=own, what=f"the {side} half",
                       rule=_half_rule(rule, side))
        result[side] = split.value
        steps += split.steps
    return Answer(result, steps)


def _halve(amount: Any) -> tuple[Any, Any]:
    """(high half, low half) of a Hi-Lo pot: whole units halve in units, a pot with cents to the
    cent (the smallest unit then in play, RRP-H 3 "Ties" 3); the odd unit or cent goes high
    (RRP-H 10.9)."""
    if amounts.has_cents(amount):
        low = amounts.from_cents(amounts.cents(amount) // 2)
    else:
        low = amount // 2
    return amounts.normal(amount - low), low


def _half_rule(rule: str, side: str) -> str | None:
    """The odd-unit rule inside one half of a Hi-Lo pot (RRP-H 10.10)."""
    if rule != "high-half-then-card-by-suit":
        return None
    return "highest-card-by-suit" if side == "high" else "lowest-card-by-suit"


def award(hands: Mapping[str, Sequence[Card]], pot: int, seats: Sequence[str], shared: Sequence[Card] = (),
          folded: Collection[str] = (), profile: Any = None, fold_cite: Sequence[str] | None = None,
          before: Sequence[Step] = ()) -> Answer:
    """The one award of a pot, for every game: {player: units}. When everyone else has folded the
    last player in wins it without a showdown (`fold_cite`, by default the profile's rule that a
    folded player takes no further part); otherwise the hands at the showdown share it by the
    game's hand orders (`split_pot` on the hands: the best hand, or Hi-Lo's halves, split by the
    profile's rules). `before` are steps said first (why a card is shared, say)."""
    live = [p for p in seats if p in hands and p not in folded]
    if len(live) == 1:
        cite = tuple(fold_cite) if fold_cite is not None else \
            (profile.rule_cite("folded_out") if profile is not None else ShowdownRules.of(profile).folded)
        # a player still in whose hand cannot win (mucked, or dead by its card count: said in `before`)
        beaten = [p for p in seats if p not in hands and p not in folded]
        steps = [Step(f"Everyone else has folded, so {live[0]} wins without a showdown.", cite)] if not beaten else \
            [Step(f"{live[0]} holds the only hand left that can win, so {live[0]} takes the pot.", cite)]
        split = _share(pot, live, seats, profile=profile)
        return Answer(dict(split.value), [*before, *steps, *split.steps])
    split = split_pot(pot, hands, seats, profile=profile, shared=shared, folded=folded)
    return Answer(dict(split.value), [*before, *split.steps])


def _names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- side pots: built from what each player put in, awarded one by one ----------------------

SIDE_POTS = 'COURSE "Side pots"'
EACH_POT = 'RRP-H 3 "Ties" 5(d)'
TABLE_STAKES = "RRP-H 2.4"


@dataclass(frozen=True)
class Pot:
    """One pot: its units, the players still in who may win it (seat order), and the level it is
    built to (every player's chips up to `level` are in it and the pots below)."""

    amount: int
    players: tuple[str, ...]
    level: int

    def __str__(self) -> str:
        return f"{self.amount} for {_names(self.players)}"

    def to_plain(self) -> dict[str, Any]:
        """The solve shape: {amount, players}."""
        return {"amount": self.amount, "players": list(self.players)}


def _pot_names(count: int) -> list[str]:
    if count == 1:
        return ["the pot"]
    return ["the main pot"] + [f"side pot {n}" for n in range(1, count)]


def all_in_players(paid: Mapping[str, int], live: Collection[str], stacks: Mapping[str, int]) -> list[str]:
    """The players still in (`live`) who have put every chip of their stack in (`paid`: player ->
    units put in this hand), in `paid`'s order: the players `build_pots` closes pots at."""
    return [p for p, put in paid.items() if p in live and p in stacks and put >= stacks[p]]


def build_pots(paid: Mapping[str, int], seats: Sequence[str], folded: Collection[str] = (),
               base: int = 0, all_in: Collection[str] | None = None) -> tuple[list[Pot], dict[str, int]]:
    """The pots that `paid` (player -> every unit they put in this hand, antes included) makes,
    main pot first, and the units that go straight back to a player nobody could match.

    Each distinct total among the players still in closes a pot: everyone's chips up to that
    total, less the pots below. Only players still in who put in at least that much may win it.
    `base` is a pot every player still in shares already (a street exercise's pot before its
    street). The chips of the player who put in the most above everyone else's total were never
    matched and go back to that player; chips a folded player put in above the highest total of
    a player still in join the top pot. A pot only one player still in may win is still a pot
    (it holds chips of players who folded). Pots with the same players are one pot.

    `all_in` (the players all in, given while a betting round may still be going on): a side pot
    is formed only when a player is all in (RRP-H, "side pot"), so only the totals of players
    all in close a pot below the top one; a player still in with chips left may still match
    every bet, so may win every pot, however much they have put in so far. Once every player
    not all in has matched the bets (a round's end, the showdown) both readings agree."""
    order = [p for p in seats if p in paid] + [p for p in paid if p not in seats]
    live = [p for p in order if p not in folded]
    if not live:
        raise ValueError("pots need at least one player still in")
    paid, returned = _unmatched(paid, order, live)
    pots = _layered_pots(paid, order, live, _pot_levels(paid, live, all_in), all_in)
    if base:
        first = pots[0]
        pots[0] = Pot(first.amount + base, first.players, first.level)
    return pots, returned


def _unmatched(paid: Mapping[str, int], order: list[str], live: list[str]) -> tuple[Mapping[str, int], dict[str, int]]:
    """`paid` without the chips above everyone else's total, which were never matched and go
    back to the player still in who put them in; and those chips, {player: units}."""
    returned: dict[str, int] = {}
    ranked = sorted(order, key=lambda p: paid[p], reverse=True)
    if len(ranked) > 1 and paid[ranked[0]] > paid[ranked[1]] and ranked[0] in live:
        # the chips above everyone else's total were never matched: they go back, in no pot
        returned[ranked[0]] = paid[ranked[0]] - paid[ranked[1]]
        paid = {**paid, ranked[0]: paid[ranked[1]]}
    return paid, returned


def _pot_levels(paid: Mapping[str, int], live: list[str], all_in: Collection[str] | None) -> list[int]:
    """The totals that close a pot: each total of a player still in, or (with `all_in`) only
    those of players all in, below the highest."""
    if all_in is None:
        return sorted({paid[p] for p in live})
    highest = max(paid[p] for p in live)
    return sorted({paid[p] for p in live if p in all_in and paid[p] < highest} | {highest})


def _layered_pots(paid: Mapping[str, int], order: list[str], live: list[str], levels: list[int],
                  all_in: Collection[str] | None) -> list[Pot]:
    """One pot per level, main pot first: everyone's chips up to it less the pots below, the
    dead chips above every live total in the top one; pots with the same players are one pot."""
    pots: list[Pot] = []
    previous = 0
    for n, level in enumerate(levels):
        top = n == len(levels) - 1
        amount = sum(min(paid[p], level) - min(paid[p], previous) for p in order)
        if top:   # dead chips above every live total
            amount += sum(paid[p] - level for p in order if paid[p] > level)
        players = tuple(p for p in live if paid[p] >= level or (all_in is not None and p not in all_in))
        if pots and pots[-1].players == players:
            pots[-1] = Pot(pots[-1].amount + amount, players, level)
        elif amount:
            pots.append(Pot(amount, players, level))
        previous = level
    if not pots:
        pots.append(Pot(0, tuple(live), 0))
    return pots


def side_pots(paid: Mapping[str, int], seats: Sequence[str], folded: Collection[str] = (), base: int = 0,
              all_in: Collection[str] = (), built: tuple[list[Pot], dict[str, int]] | None = None,
              how: Sequence[Step] = (), still_betting: bool = False) -> Answer:
    """The `side_pots` answer: each pot's amount and the players who may win it (a list of `Pot`,
    main pot first), one cited step per pot. `built` gives pots a game builds its own way (a
    Horn-A-Vika match goes against the pot, not against each player's chips), with `how`, the
    steps saying how they were built, in place of the table-stakes sentence. `still_betting`:
    asked as the hand stands, perhaps in the middle of a betting round, with `all_in` every
    player all in: only they close a pot below the top one (`build_pots`)."""
    pots, returned = built if built is not None else \
        build_pots(paid, seats, folded, base, all_in if still_betting else None)
    steps = _put_in_steps(paid, seats, folded, base, built is not None, how)
    steps += _each_pot_steps(pots, paid, all_in, built is not None)
    steps += _returned_steps(returned, paid, seats, folded, all_in, still_betting)
    return Answer(pots, steps)


def _put_in_steps(paid: Mapping[str, int], seats: Sequence[str], folded: Collection[str], base: int,
                  built: bool, how: Sequence[Step]) -> list[Step]:
    """What each player put in (and how a game built its own pots), and who folded out of them."""
    steps: list[Step] = []
    shown = ", ".join(f"{p} {paid[p]}" for p in seats if p in paid)
    if built:
        steps.append(Step(f"Put in so far: {shown}.", (TABLE_STAKES,)))
        steps.extend(how)
    else:
        steps.append(Step(f"Put in so far: {shown}" + (f", on top of a pot of {base} from the streets before, which "
                          "every player still in shares" if base else "") + ". Nobody can win more from a player than "
                          "that player put in.", (TABLE_STAKES,)))
    out = [p for p in seats if p in paid and p in folded and paid[p]]
    if out:
        steps.append(Step(f"{_names(out)} folded: what {'they' if len(out) > 1 else out[0]} put in stays in the "
                          f"pots, but {'they' if len(out) > 1 else out[0]} can win none of them.",
                          (SIDE_POTS,), True))      # the course's article says so; HPD's later-streets one does not
    return steps


def _each_pot_steps(pots: list[Pot], paid: Mapping[str, int], all_in: Collection[str], built: bool) -> list[Step]:
    """One step per pot: its amount, who may win it, and the all-in that closed it."""
    steps: list[Step] = []
    names = _pot_names(len(pots))
    previous = 0
    for name, pot in zip(names, pots):
        short = [p for p in pot.players if p in all_in and paid[p] == pot.level] if not built else []
        why = (f"; {_names(short)} {'is' if len(short) == 1 else 'are'} all in for {pot.level}, so this pot "
               f"takes {pot.level - previous if previous else pot.level} from each player who put in that much"
               if short and len(pots) > 1 else "")
        only = "only " if pot is not pots[0] else ""
        steps.append(Step(f"{name[0].upper()}{name[1:]}: {pot.amount}, which {only}{_names(pot.players)} may win"
                          f"{why}.", (SIDE_POTS, EACH_POT) if len(pots) > 1 else (SIDE_POTS,), True))
        previous = pot.level
    return steps


def _returned_steps(returned: Mapping[str, int], paid: Mapping[str, int], seats: Sequence[str],
                    folded: Collection[str], all_in: Collection[str], still_betting: bool) -> list[Step]:
    """The chips nobody matched: not matched yet while the betting goes on, else gone back."""
    steps: list[Step] = []
    for player, units in returned.items():
        if still_betting and _may_still_match(paid, seats, folded, all_in, player):
            steps.append(Step(f"{player}'s last {units} is not matched yet: it is in no pot until another player "
                              f"puts in as much, and goes back to {player} if nobody does.",
                              (SIDE_POTS, TABLE_STAKES), True))
        else:
            steps.append(Step(f"{player}'s last {units} went unmatched: nobody else put in that much, so it goes "
                              f"back to {player} and is in no pot.", (SIDE_POTS, TABLE_STAKES), True))
    return steps


def _may_still_match(paid: Mapping[str, int], seats: Sequence[str], folded: Collection[str],
                     all_in: Collection[str], bettor: str) -> bool:
    """Whether a player still in with chips left has put in less than `bettor` so far: the
    betting is still going on, and they may yet call."""
    return any(p != bettor and p not in folded and p not in all_in and paid[p] < paid[bettor]
               for p in seats if p in paid)


def award_pots(hands: Mapping[str, Sequence[Card]], paid: Mapping[str, int], seats: Sequence[str],
               shared: Sequence[Card] = (), folded: Collection[str] = (), profile: Any = None,
               base: int = 0, all_in: Collection[str] = (), before: Sequence[Step] = (),
               pots: tuple[list[Pot], dict[str, int]] | None = None, how: Sequence[Step] = ()) -> Answer:
    """The award of every pot a hand made, pot by pot: each pot is won by the best hand among the
    players who may win it (`award`, split and odd units by the profile), unmatched chips go back.
    With a single pot this is exactly `award`. `pots` (with `how`): pots the game built its own way."""
    given = pots
    pots, returned = given if given is not None else build_pots(paid, seats, folded, base)
    if len(pots) == 1 and not returned:
        return award(hands, pots[0].amount, seats, shared, folded, profile, before=before)
    built = side_pots(paid, seats, folded, base, all_in, built=given, how=how)
    total: dict[str, int] = {}
    steps = [*before, *built.steps]
    for name, pot in zip(_pot_names(len(pots)), pots):
        if len(pot.players) == 1:
            (only,) = pot.players
            part = Answer({only: pot.amount}, [Step(f"Only {only} may win {name}, so {only} takes its {pot.amount}.",
                                                    (SIDE_POTS, EACH_POT), True)])
        else:
            part = award({p: hands[p] for p in pot.players}, pot.amount, seats, shared, (), profile)
            part = Answer(part.value, [Step(f"{name[0].upper()}{name[1:]} ({pot.amount}, for {_names(pot.players)}) "
                                            "is awarded on its own:", (EACH_POT,)), *part.steps])
        for player, units in part.value.items():
            total[player] = total.get(player, 0) + units
        steps.extend(part.steps)
    for player, units in returned.items():
        total[player] = total.get(player, 0) + units
    order = {p: total[p] for p in seats if p in total}
    steps.append(Step("In all: " + ", ".join(f"{p} {u}" for p, u in order.items()) + ".", (EACH_POT,)))
    return Answer(order, steps)


def halves_of_pots(hands: Mapping[str, Sequence[Card]], paid: Mapping[str, int], seats: Sequence[str],
                   shared: Sequence[Card] = (), folded: Collection[str] = (), profile: Any = None,
                   base: int = 0, all_in: Collection[str] = (), before: Sequence[Step] = ()) -> Answer:
    """The `halves` answer of a hand with side pots: each pot halved on its own among the players
    who may win it (`pot_halves`, RRP-H 3 "Ties" 5(d)), and each side's units added up over the
    pots: {high: {player: units}, low: {player: units} | None}. The low side is None only when no
    pot has a qualifying low. Chips nobody matched go back and are in neither half."""
    pots, returned = build_pots(paid, seats, folded, base)
    if len(pots) == 1:
        return pot_halves(pots[0].amount, hands, seats, shared, folded, profile)
    built = side_pots(paid, seats, folded, base, all_in)
    steps = [*before, *built.steps]
    total: dict[str, dict[str, int] | None] = {"high": {}, "low": None}
    for name, pot in zip(_pot_names(len(pots)), pots):
        part = pot_halves(pot.amount, {p: hands[p] for p in pot.players if p in hands}, seats, shared, (), profile)
        steps += [Step(f"{name[0].upper()}{name[1:]} ({pot.amount}, for {_names(pot.players)}) is halved on its "
                       "own:", (EACH_POT,)), *part.steps]
        for side, units in part.value.items():
            if units is None:
                continue
            into = total[side] = total.get(side) or {}
            for player, n in units.items():
                into[player] = into.get(player, 0) + n
    order = lambda units: {p: units[p] for p in seats if p in units}
    value = {"high": order(total["high"]), "low": order(total["low"]) if total["low"] is not None else None}
    for player, units in returned.items():
        steps.append(Step(f"{player}'s unmatched {units} went back and is in neither half.", (SIDE_POTS,), True))
    return Answer(value, steps)
