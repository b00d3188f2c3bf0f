"""Feedback on the mistake made: replay a question under each known misconception.

The catalogue is data (`misconceptions.yaml`). An entry is a rule override (the same deal under a
changed profile option, answered by the engine itself) or a named transformation below (the deal
read the wrong way: hidden cards counted, a card borrowed ...). `diagnose` names every entry whose
replay reproduces a wrong answer exactly (`matches`) and the one to name, the most specific
(`diagnose`); `wrong_fields` marks each wrong part of an answer with
several fields (contributions, award, pot matches, takes, holding).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Mapping

import yaml

from course.cards import Card, parse_cards
from course.explain import Answer
from course.hands import Category, evaluate
from course.study import engine

CATALOGUE = Path(__file__).with_name("misconceptions.yaml")


@dataclass(frozen=True)
class Misconception:
    id: str
    games: tuple[str, ...]
    asks: tuple[str, ...]
    message: str
    cite: tuple[str, ...]
    override: Mapping[str, Any] | None = None
    transform: str | None = None
    precedence: int = 0      # higher first when several entries give the same wrong answer

    def applies(self, exercise, question) -> bool:
        return exercise.game in self.games and question.ask in self.asks


class Either(tuple):
    """The answers one misconception may give when it does not fix a single one (a second take
    could be of any card on offer): a learner's answer shows the mistake when it is any of them."""


def example(value: Any) -> Any:
    """One answer the misconception gives (the first of an `Either`)."""
    return value[0] if isinstance(value, Either) else value


class CatalogueError(ValueError):
    """The catalogue file cannot be used; the message names the file and the entry."""


def catalogue(path: Path = CATALOGUE) -> tuple[Misconception, ...]:
    """Every entry, checked: known citation keys, a known transformation or a valid override."""
    return _catalogue(Path(path))


# libyaml's safe loader where it is installed, as the rules files are read (`course.rules`): the
# catalogue is read on the first trap item a process makes, and the pure-Python reader takes
# about ten times as long, a fifth of a hundred items of a trap.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=4)
def _catalogue(path: Path) -> tuple[Misconception, ...]:
    known = engine.citations()
    try:
        raw_entries = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except (OSError, yaml.YAMLError) as exc:
        raise CatalogueError(f"{path}: cannot be read: {exc}") from None
    entries = []
    for n, raw in enumerate(raw_entries if isinstance(raw_entries, list) else [None], 1):
        where = f"{path}: entry {n}" + (f" ({raw.get('id')!r})" if isinstance(raw, dict) else "")
        try:
            entry = Misconception(raw["id"], tuple(raw["games"]), tuple(raw["asks"]),
                                  " ".join(raw["message"].split()), tuple(raw["cite"]), raw.get("override"),
                                  raw.get("transform"), int(raw.get("precedence", 0)))
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise CatalogueError(f"{where}: expected a mapping with id, games, asks, message, cite and an "
                                 f"override or a transform ({type(exc).__name__}: {exc})") from None
        if (entry.override is None) == (entry.transform is None):
            raise CatalogueError(f"{where}: give exactly one of 'override' and 'transform'")
        if entry.transform is not None and entry.transform not in TRANSFORMS:
            raise CatalogueError(f"{where}: no transformation {entry.transform!r}; expected one of "
                                 f"{', '.join(TRANSFORMS)}")
        for key in entry.cite:
            if key not in known:
                raise CatalogueError(f"{where}: {key!r} is not in the citation registry")
        entries.append(entry)
    return tuple(entries)


def by_id(name: str) -> Misconception:
    return next(m for m in catalogue() if m.id == name)


def replay(entry: Misconception, exercise, question) -> Any:
    """The answer the misconception gives (engine value shape), or None when it gives none here
    (it does not apply, or the deal cannot be read that way)."""
    if not entry.applies(exercise, question):
        return None
    try:
        if entry.override is not None:
            profile = exercise.profile.with_overrides(entry.override)
            changed = dataclasses.replace(exercise, profile=profile, stakes=profile.stakes)
            return engine.answer(changed, question).value
        return TRANSFORMS[entry.transform](exercise, question)
    except ValueError:  # the deal's own actions break under the changed rule: no answer
        return None


def same(exercise, question, given: Any, value: Any) -> bool:
    """Whether `given` (learner shape) is the answer `value` (engine shape), by the answer's
    kind: exactly this answer (a best five other than `value` but as good is not the same), or
    any one of an `Either`'s."""
    kind = engine.kind_of(exercise, question)
    if isinstance(value, Either):
        return any(kind.same(given, v) for v in value)
    return kind.same(given, value)


def wrong_answer(entry: Misconception, exercise, question, right: Answer | None = None) -> Any:
    """The misconception's answer when it is a wrong one (engine value shape), else None."""
    value = replay(entry, exercise, question)
    if value is None:
        return None
    right = right or engine.answer(exercise, question)

    def wrong(v: Any) -> bool:
        return not engine.is_correct(exercise, question, engine.answer_json(exercise, question, v), right)

    if isinstance(value, Either):
        return Either(v for v in value if wrong(v)) or None
    return value if wrong(value) else None


def matches(exercise, question, given: Any, right: Answer | None = None) -> list[Misconception]:
    """Every misconception whose replay reproduces a wrong `given` exactly (none for a right
    answer), most specific first (`rank`)."""
    right, wrong = _wrong_answers(exercise, question, right)
    if engine.is_correct(exercise, question, given, right):
        return []
    return rank(question, [entry for entry, value in wrong
                           if value is not None and same(exercise, question, given, value)])


def _wrong_answers(exercise, question, right: Answer | None = None) -> tuple[Answer, tuple]:
    """The engine's answer, and each catalogue entry with its wrong answer on this deal (None
    where it gives none): worked out once per question of a loaded exercise, which is read-only
    (another profile is a new Exercise), since they do not depend on the learner's answer and
    a wrong Check on Practice asks for them every time."""
    entries = catalogue()

    def build() -> tuple[Any, Answer, tuple]:
        engine_right = right or engine.answer(exercise, question)
        return question, engine_right, tuple((entry, wrong_answer(entry, exercise, question, engine_right))
                                              for entry in entries)
    if not hasattr(exercise, "replayed"):
        return build()[1:]
    kept, engine_right, wrong = exercise.replayed(("misconception answers", id(question), id(entries)), build)
    return (engine_right, wrong) if kept is question else build()[1:]


def rank(question, found: list[Misconception]) -> list[Misconception]:
    """Matches in the order they are to be named: first a mistake the question is built to tempt
    (its `tempts:`, in the order written), then by the entries' `precedence` (a narrower mistake
    outranks a broader one that gives the same answer on the deal), then in catalogue order."""
    order = {m.id: n for n, m in enumerate(catalogue())}
    return sorted(found, key=lambda m: (*_standing(question, m), order.get(m.id, len(order))))


def _standing(question, entry: Misconception) -> tuple[int, int]:
    """How strongly an entry claims an answer it reproduces: tempted by the question first, then
    by precedence (smaller is stronger)."""
    tempts = list(getattr(question, "tempts", ()) or ())
    return (tempts.index(entry.id) if entry.id in tempts else len(tempts), -entry.precedence)


def partial_matches(exercise, question, given: Any, right: Answer | None = None) -> list[Misconception]:
    """Every misconception that reproduces a wrong `given` of several fields in part: each field
    the learner got wrong holds the entry's wrong value there, and every other field is right
    (the mistake made for one player, one half, one decision, not all). Entries that reproduce
    the whole answer are left to `matches`; a field the entry gets right but the learner wrong
    rules it out, and so does a wrong field that cannot tell the mistake from a slip (`_telling`:
    a field left out, an amount one unit off), or a part that shares out more or less than the
    pot the entry shares out (`_total`). Most specific first (`rank`); none for a one-field
    answer or a right one."""
    kind = engine.kind_of(exercise, question)
    right, wrong = _wrong_answers(exercise, question, right)
    mine, theirs = _fields(kind, given), _fields(kind, right.value)
    if mine is None or theirs is None:
        return []
    off = {k for k in (*mine, *theirs) if mine.get(k) != theirs.get(k)}
    if not off:
        return []
    found = []
    for entry, value in wrong:
        options = [] if value is None else (list(value) if isinstance(value, Either) else [value])
        for one in options:
            its = _fields(kind, one)
            if its is not None and not kind.same(given, one) \
                    and all(mine.get(k) == its.get(k) and _telling(its.get(k), theirs.get(k)) for k in off) \
                    and (_total(its) != _total(theirs) or _total(mine) == _total(theirs)):
                found.append(entry)
                break
    return rank(question, found)


def _total(fields: dict) -> Any:
    """The amounts of an answer's fields added up (a pot shared out: an award, the halves). An
    entry whose answer shares out the same pot as the right one reproduces only a part that
    shares out that pot too: the whole pot to one player while the others keep their shares is
    no reading of any rule."""
    return sum(v for v in fields.values() if isinstance(v, (int, Decimal)) and not isinstance(v, bool))


def _telling(value: Any, right: Any) -> bool:
    """Whether a field's wrong `value` can tell a mistake from a slip: not a field left out (a
    player or a decision missing says nothing of why), not an amount one unit off the right one
    (a slip of counting as likely as any rule misread)."""
    if value is None:
        return False
    if isinstance(value, tuple) and isinstance(right, tuple) and len(value) == len(right) == 2 \
            and value[0] == right[0]:                   # a decision in the same place: its amount
        value, right = value[1], right[1]
    if isinstance(value, bool) or isinstance(right, bool) or right is None:
        return True
    try:
        return abs(value - right) > 1
    except TypeError:
        return True


def _fields(kind, value: Any) -> dict | None:
    """An answer of several fields as {field: value}, each field named by what it is about (a
    player, a half and its player, a pot's place in the list), so two answers are
    compared field by field; a field absent is None. None for a one-field kind or an answer its
    kind cannot read."""
    parsed = kind.parse(value) if kind.name in FIELD_KINDS else None
    if parsed is None:
        return None
    if kind.name in ("map", "holding"):
        return dict(parsed)
    if kind.name == "takes":
        return {"taker": parsed["taker"], **{("from", p): offer for p, offer in parsed["from"].items()}}
    if kind.name == "halves":
        low = parsed["low"]
        return {**{("high", p): u for p, u in parsed["high"].items()}, "no low": low is None,
                **{("low", p): u for p, u in (low or {}).items()}}
    if kind.name == "matches":                  # a player decides once a stage: their place and amount
        return {player: (n, units) for n, (player, units) in enumerate(parsed)}
    return dict(enumerate(parsed))              # pots: a list whose order matters


# The answer kinds with several fields, each of which a learner may get right or wrong on its own.
FIELD_KINDS = ("map", "holding", "takes", "matches", "halves", "pots")


def diagnose(exercise, question, given: Any, right: Answer | None = None) -> list[Misconception]:
    """The one misconception to name for a wrong `given` (as a list: empty when none reproduces
    it, and for a right answer): the first of `matches`, else, for an answer of several fields,
    the first of `partial_matches` (an entry that reproduces the whole answer beats one that
    reproduces a part). A learner is told one mistake, the most specific, never several, and
    never a guess: when two entries reproduce the answer alike and neither outranks the other
    (the question tempts neither, equal precedence), none is named."""
    found = matches(exercise, question, given, right) or partial_matches(exercise, question, given, right)
    if len(found) > 1 and _standing(question, found[0]) == _standing(question, found[1]):
        return []
    return found[:1]


def other_profile(exercise, question, given: Any, right: Answer | None = None) -> str | None:
    """When the learner's wrong answer is the right one under another rule profile of the game,
    that profile's name (the course's profiles.yaml): the "mistake" is another rule set's rule."""
    right = right or engine.answer(exercise, question)
    if engine.is_correct(exercise, question, given, right):
        return None
    for name in engine.profile_names(exercise.game):
        if name == exercise.rules:
            continue
        try:
            other = engine.with_profile(exercise, name)
            if engine.is_correct(other, question, given):
                return name
        except ValueError:          # the deal's own moves break under that profile
            continue
    return None


def profile_words(exercise, name: str) -> str:
    """ "That is the 1917Poker rule; this deal uses PokerStars'." for another profile `name`."""
    def title(profile_name: str) -> str:
        try:
            return engine.profile(profile_name).title
        except ValueError:
            return profile_name
    return f"Your answer is the rule of {title(name)}; this deal is played under {title(exercise.rules)}."


def wrong_fields(exercise, question, given: Any, right: Answer | None = None) -> list[str]:
    """The parts of a several-field answer that are wrong, by name, as the answer's kind names
    its fields (`Kind.diff`): players (contributions, award), `n. player` (pot matches, in
    order), `taker`/players (takes), `up`/`down` (holding). Empty for a one-field answer."""
    value = (right or engine.answer(exercise, question)).value
    return engine.kind_of(exercise, question).diff(given, value)


# --------------------------------------------------------------------------------------------
# Transformations: the deal read the wrong way


def _doors(exercise) -> dict[str, Card]:
    return {p: h.up[0] for p in exercise.seats if (h := exercise.hands.get(p)) is not None and h.up}


def _lowest(exercise, cards: dict[str, Card], key: Callable[[Card], int]) -> str:
    """The player with the lowest card by `key`; a tie goes by the engine's own tie rule."""
    low = min(key(c) for c in cards.values())
    tied = [p for p in exercise.seats if p in cards and key(cards[p]) == low]
    if len(tied) == 1:
        return tied[0]
    return engine.bring_in(tied, {p: cards[p] for p in tied}, exercise.profile).value


def ace_low_bring_in(exercise, question) -> str:
    return _lowest(exercise, _doors(exercise), lambda c: 1 if c.rank == 14 else int(c.rank))


def hidden_cards_bring_in(exercise, question) -> Any:
    """The bring-in read with the hole cards counted, each way a learner counts them: the lowest
    card of the whole hand, the weakest whole hand, or a pair in the hole lifting its player out
    of the lowest door cards."""
    hands = {p: h for p in exercise.seats if (h := exercise.hands.get(p)) is not None and h.up and h.down}
    doors = _doors(exercise)
    if len(hands) < len(doors):
        return None
    lowest = {p: min(h.cards, key=lambda c: (c.rank, c.suit)) for p, h in hands.items()}
    readings = [_lowest(exercise, lowest, lambda c: int(c.rank))]
    weakest = min(evaluate(h.cards).value for h in hands.values())
    weak = [p for p in exercise.seats if p in hands and evaluate(hands[p].cards).value == weakest]
    if len(weak) == 1:
        readings.append(weak[0])
    paired = {p for p, h in hands.items() if len({c.rank for c in h.cards}) < len(h.cards)}
    if paired and len(paired) < len(doors):
        readings.append(_lowest(exercise, {p: c for p, c in doors.items() if p not in paired},
                                lambda c: int(c.rank)))
    return Either(dict.fromkeys(readings))


def hidden_cards_opener(exercise, question) -> str | None:
    live = [p for p in exercise.active if exercise.hands[p].down]
    if len(live) < len(exercise.active):
        return None
    return _best_row(exercise.seats, {p: exercise.hands[p].cards for p in live})


def _best_row(seats, rows: Mapping[str, list[Card]]) -> str:
    """The strongest row; equal rows go to the seat nearest the dealer's left."""
    best = max(evaluate(cards).value for cards in rows.values())
    return next(p for p in seats if p in rows and evaluate(rows[p]).value == best)


def four_flush_as_flush(exercise, question) -> str | None:
    rows = {p: exercise.hands[p].up for p in exercise.active}
    flushes = [p for p, row in rows.items() if len(row) >= 4 and max(Counter(c.suit for c in row).values()) >= 4]
    if not flushes or any(evaluate(r).category.label in ("four of a kind", "straight flush") for r in rows.values()):
        return None
    return _best_row(exercise.seats, {p: rows[p] for p in flushes})


def full_bet_not_difference(exercise, question) -> Any:
    betting = engine.replay_street(exercise)
    paid: dict[str, int] = {}
    for entry in betting.ledger:
        if entry.kind == "round" and entry.added:
            paid[entry.player] = paid.get(entry.player, 0) + entry.round_total
    return paid if question.ask == "contributions" else sum(paid.values())


def _final(exercise) -> tuple[dict[str, list[Card]], list[Card], list[str]]:
    return engine.final_hands(exercise), engine.shared_cards(exercise), engine.folded_players(exercise)


def borrowed_card(exercise, question) -> Any:
    player = question.params["player"]
    hands, shared, _folded = _final(exercise)
    finals = _final_up(exercise)
    pool = [*hands[player], *shared, *(c for p, up in finals.items() if p != player for c in up)]
    if question.ask == "legal_hand":
        shown = parse_cards(question.params["cards"])
        return len(set(shown)) == len(shown) == min(5, len(pool)) and set(shown) <= set(pool)
    best = evaluate(pool)
    return list(best.cards) if question.ask == "best_five" else best.category.label


def _final_up(exercise) -> dict[str, list[Card]]:
    return {p: list(h.up) for p, h in engine.final_hand_states(exercise).items()}


def kicker_beyond_five(exercise, question) -> Any:
    right = engine.answer(exercise, question).value
    winners = [p for p, units in right.items() if units] if question.ask == "award" else list(right)
    if len(winners) < 2:
        return None
    hands, shared, _folded = _final(exercise)

    def every_card(p: str) -> tuple:
        best = evaluate([*hands[p], *shared])
        rest = sorted((c.rank for c in [*hands[p], *shared] if c not in best.cards), reverse=True)
        return (best.value, *rest)

    top = max(every_card(p) for p in winners)
    chosen = [p for p in winners if every_card(p) == top]
    if len(chosen) == len(winners):
        return None
    if question.ask == "winners":
        return chosen
    pot = exercise.pot if engine.find_game(exercise.game).award_needs_pot and exercise.pot is not None \
        else sum(right.values())
    return dict(engine.split_pot(pot, chosen, exercise.seats, profile=exercise.profile,
                          cards={p: [*hands[p], *shared] for p in chosen}).value)


def spit_card_showing(exercise, question) -> str | None:
    table = engine.home_replay(exercise)
    if not table.shared:
        return None
    rows = {p: [*table.hands[p].up, *table.shared] for p in table.live}
    return _best_row(table.seats, rows)


def take_from_folded(exercise, question) -> Any:
    right = dict(engine.answer(exercise, question).value)
    if right.get("taker") is None:
        return None
    table = engine.home_replay(exercise)
    choices = dict(right["from"])
    added = False
    for p in table.seats:
        seat = table.hands[p]
        if seat.folded and p != right["taker"] and p not in choices and seat.cards:
            choices[p] = {"up": list(seat.up), "down": len(seat.down)}
            added = True
    if not added:
        return None
    return {"taker": right["taker"], "from": {p: choices[p] for p in table.seats if p in choices}}


def highest_door_bring_in(exercise, question) -> str | None:
    doors = _doors(exercise)
    top = max(c.rank for c in doors.values())
    high = [p for p in exercise.seats if p in doors and doors[p].rank == top]
    return high[0] if len(high) == 1 else None


def antes_in_contributions(exercise, question) -> Any:
    right = engine.answer(exercise, question).value
    ante = exercise.stakes.ante if exercise.stakes is not None else 0
    if not ante:
        return None
    if question.ask == "contributions":
        return {p: int(right.get(p, 0)) + ante for p in exercise.seats}
    return int(right) + ante * len(exercise.seats)


def folded_row_counted(exercise, question) -> str | None:
    rows = {p: exercise.hands[p].up for p in exercise.seats if exercise.hands.get(p) and exercise.hands[p].up}
    if not any(exercise.hands[p].folded for p in rows):
        return None
    return _best_row(exercise.seats, rows)


def _other_rule(option: str, values: tuple[str, str]):
    """The same deal under the other value of a two-valued profile option."""
    def transform(exercise, question) -> Any:
        value = exercise.profile.value(option)
        other = values[1] if value == values[0] else values[0]
        profile = exercise.profile.with_overrides({option: other})
        return engine.answer(dataclasses.replace(exercise, profile=profile, stakes=profile.stakes), question).value
    return transform


def one_more_raise(exercise, question) -> Any:
    """The raise cap read as one raise more than the profile allows."""
    profile = exercise.profile.with_overrides({"raise_cap": int(exercise.profile.value("raise_cap")) + 1})
    return engine.answer(dataclasses.replace(exercise, profile=profile, stakes=profile.stakes), question).value


def wraparound_straight(exercise, question) -> Any:
    if question.ask in ("winners", "award"):
        return wraparound_winners(exercise, question)

    player = question.params.get("player")
    cards = [*engine.final_hands(exercise)[player], *engine.shared_cards(exercise)]
    ranks = {int(c.rank) for c in cards}
    for start in range(11, 15):            # J-Q-K-A-2 .. A-2-3-4-5 read round the corner
        run = {(start + k - 2) % 13 + 2 for k in range(5)}
        if run <= ranks and start != 14:
            return "straight"
    return None


def first_match_limit(exercise, question) -> int | None:
    """Horn-A-Vika's limit priced on the player's first match instead of the latest."""
    table = engine.home_replay(exercise)
    player = question.params.get("player")
    number = question.params.get("round") or engine.round_ahead(table)
    made = [o.amount for o in getattr(table.rules, "obligations", []) if o.player == player and o.decision == "match"]
    if number is None or len(made) < 2:
        return None
    return engine.variant_module(exercise.game).limit_for(table.profile, number, made[0])


def base_limit_for_everyone(exercise, question) -> int | None:
    """Horn-A-Vika's round limit read as the same for everyone, whatever they matched."""
    table = engine.home_replay(exercise)
    number = question.params.get("round") or engine.round_ahead(table)
    if number is None:
        return None
    return engine.variant_module(exercise.game).limit_for(table.profile, number, None)


def folded_seats_freed(exercise, question) -> int | None:
    """Horn-A-Vika's room at the table counted from the players still in, as if a player who
    folded had given back the cards dealt to them (None when nobody has folded)."""
    table = engine.home_replay(exercise)
    live = [p for p in exercise.seats if not table.hands[p].folded]
    if len(live) == len(exercise.seats):
        return None
    return max(engine.variant_module(exercise.game).SEAT_LIMIT - len(live), 0)


def face_down_heart_takes(exercise, question) -> Any:
    """A heart dealt face down read as giving its owner a take."""
    last = exercise.events[-1] if exercise.events else ""
    if not (last.endswith(" down") and "♥" in last and " is dealt " in last):
        return None
    taker = last.split(" is dealt ")[0]
    table = engine.home_replay(exercise)
    choices = {p: {"up": list(table.hands[p].up), "down": len(table.hands[p].down)}
               for p in table.seats if p != taker and not table.hands[p].folded and table.hands[p].cards}
    return {"taker": taker, "from": choices} if choices else None


def order_by_rank(exercise, question) -> Any:
    """The acting order read as best door card first, down by rank, instead of clockwise from
    the first to act."""
    right = list(engine.answer(exercise, question).value)
    shown = {p: exercise.hands[p].up for p in right if exercise.hands.get(p) and exercise.hands[p].up}
    if len(shown) != len(right):
        return None
    best_first = sorted(right, key=lambda p: (-evaluate(shown[p]).value, exercise.seats.index(p)))
    # on third street, from the bring-in up through the door cards by rank
    low_first = sorted(right, key=lambda p: (evaluate(shown[p]).value, exercise.seats.index(p)))
    if exercise.street == engine.find_game(exercise.game).first_street and right[0] in low_first:
        low_first = [right[0], *[p for p in low_first if p != right[0]]]
    return Either(dict.fromkeys(map(tuple, (best_first, low_first))))


def suits_split_tie(exercise, question) -> Any:
    """A tie between equal best fives broken by the suit of the top card."""
    right = engine.answer(exercise, question).value
    if question.ask != "winners" or len(right) < 2:
        return None
    hands, shared, _folded = _final(exercise)
    top = {p: max(evaluate([*hands[p], *shared]).cards, key=lambda c: (c.rank, c.suit)) for p in right}
    return [max(right, key=lambda p: (top[p].rank, top[p].suit))]


def short_hand_dead(exercise, question) -> Any:
    """A hand of fewer than five cards read as dead at the showdown."""
    hands, shared, folded = _final(exercise)
    live = [p for p in exercise.seats if p in hands and p not in folded]
    full = [p for p in live if len(hands[p]) + len(shared) >= 5]
    if len(full) == len(live) or not full:
        return None
    return _best_of(exercise, question, full, hands, shared)


def wrong_count_hand_plays(exercise, question) -> Any:
    """A hand shown down with the wrong number of cards (`misdealt:`) played like any other: live,
    and ranked on every card it holds (RRP-H 8.18 left out)."""
    if not (exercise.extra or {}).get("misdealt"):
        return None
    if question.ask == "hand_live":
        return True
    hands, shared, folded = _final(exercise)
    live = [p for p in exercise.seats if p in hands and p not in folded]
    if not live:
        return None
    return _best_of(exercise, question, live, hands, shared)


def _best_of(exercise, question, players, hands, shared) -> Any:
    """The winners, or the award, as if only `players` (each with a hand) contested the pot."""
    best = max(evaluate([*hands[p], *shared]).value for p in players)
    winners = [p for p in players if evaluate([*hands[p], *shared]).value == best]
    if question.ask == "winners":
        return winners
    right = engine.answer(exercise, question).value
    pot = exercise.pot if exercise.pot is not None else sum(right.values())
    return dict(engine.split_pot(pot, winners, exercise.seats, profile=exercise.profile,
                          cards={p: [*hands[p], *shared] for p in winners}).value)


def match_before_earlier(exercise, question) -> Any:
    """Every pot match of one card priced at the pot before the earlier matches were paid."""
    right = engine.answer_json(exercise, question)
    paid = [units for decision in right for units in decision.values() if units]
    if len(paid) < 2 or len(set(paid)) == 1:
        return None
    return [{p: (paid[0] if units else units) for p, units in decision.items()} for decision in right]


def hole_pair_option(exercise, question) -> bool | None:
    """The fourth-street big bet read as unlocked by a pair that uses a hole card."""
    action = str(question.params.get("action", ""))
    big = exercise.stakes.big_bet if exercise.stakes is not None else None
    if exercise.street != engine.find_game(exercise.game).pair_street or big is None \
            or not action.endswith(f"bets {big}"):
        return None
    if exercise.profile.value("second_round_pair") == "off":
        return None
    live = [exercise.hands[p] for p in exercise.active]
    if any(len({c.rank for c in h.up}) < len(h.up) for h in live):
        return None                          # a pair really shows: the option is open anyway
    return True if any(len({c.rank for c in h.cards}) < len(h.cards) for h in live) else None


def straight_counts_in_razz(exercise, question) -> Any:
    """Razz winners if a straight or flush counted against a low (course/study/low.py)."""
    # a drill module registers its templates when imported: imported here, when first needed, so
    # the catalogue's import does not put razz's drills before Stud High's
    from course.study.low import straight_counts_winners

    hands, shared, folded = _final(exercise)
    return straight_counts_winners({p: [*c, *shared] for p, c in hands.items() if p not in folded})


def _razz_ranks_ignoring_pairs(cards) -> tuple[int, ...]:
    """A razz hand read the wrong way: its lowest five cards (ace = 1), a pair included, compared
    from the top down as if they were all different."""
    ranks = sorted(1 if c.rank == 14 else int(c.rank) for c in cards)[:5]
    return tuple(sorted(ranks, reverse=True))


def pair_ignored_in_razz(exercise, question) -> Any:
    """The razz opener or winners with a pair read as two small cards (course/study/low.py)."""
    if question.ask == "opener":
        rows = {p: exercise.hands[p].up for p in exercise.active}
    else:
        hands, shared, folded = _final(exercise)
        rows = {p: [*c, *shared] for p, c in hands.items() if p not in folded}
    keys = {p: _razz_ranks_ignoring_pairs(row) for p, row in rows.items()}
    low = min(keys.values())
    chosen = [p for p in exercise.seats if keys.get(p) == low]
    if question.ask == "opener":
        return chosen[0] if len(chosen) == 1 else None
    return chosen


def _paid_to(exercise, question, winners: list[str], side: str) -> Any:
    """The `winners` list, or the whole pot split among them as one `side` would split it (the
    odd unit by the game's card-by-suit rule for that side)."""
    if question.ask == "winners":
        return winners
    hands, shared, folded = _final(exercise)
    own = {p: [*c, *shared] for p, c in hands.items() if p not in folded}
    right = engine.answer(exercise, question).value
    pot = exercise.pot if exercise.pot is not None else sum(right.values())
    rule = "highest-card-by-suit" if side == "high" else "lowest-card-by-suit"
    return dict(engine.share_pot(pot, winners, exercise.seats, profile=exercise.profile, cards=own, rule=rule).value)


def _high_winners(exercise, players=None) -> list[str]:
    hands, shared, folded = _final(exercise)
    values = {p: evaluate([*c, *shared]).value for p, c in hands.items()
              if p not in folded and (players is None or p in players)}
    top = max(values.values())
    return [p for p in exercise.seats if values.get(p) == top]


def high_hand_wins_razz(exercise, question) -> Any:
    """Razz read as Stud High: the best high hand takes the pot."""
    return _paid_to(exercise, question, _high_winners(exercise), "low")


def high_takes_all_hilo(exercise, question) -> Any:
    """Hi-Lo read as Stud High: the best high hand takes the whole pot, low or no low."""
    return _paid_to(exercise, question, _high_winners(exercise), "high")


def one_half_per_hand(exercise, question) -> Any:
    """A hand that scoops read as winning the low half only: the high half goes to the best high
    hand among the others."""
    value = engine.halves(exercise, question).value    # the halves behind an award too
    high, low = value["high"], value["low"]
    if not low or len(high) != 1 or set(high) != set(low):
        return None
    (scooper, units), = high.items()
    others = [p for p in _live_players(exercise) if p != scooper]
    if not others:
        return None
    hands, shared, folded = _final(exercise)
    own = {p: [*c, *shared] for p, c in hands.items() if p not in folded}
    new_high = dict(engine.share_pot(units, _high_winners(exercise, others), exercise.seats, profile=exercise.profile,
                           cards=own, rule="highest-card-by-suit").value)
    if question.ask == "halves":
        return {"high": new_high, "low": dict(low)}
    total = dict(low)
    for p, u in new_high.items():
        total[p] = total.get(p, 0) + u
    return {p: total[p] for p in exercise.seats if p in total}


def _live_players(exercise) -> list[str]:
    hands, _shared, folded = _final(exercise)
    return [p for p in exercise.seats if p in hands and p not in folded]


def even_split_among_winners(exercise, question) -> Any:
    """Every player paid from either half shares the whole pot equally (halving forgotten)."""
    right = engine.answer(exercise, question).value
    winners = [p for p in exercise.seats if right.get(p)]
    if len(winners) < 2:
        return None
    hands, shared, folded = _final(exercise)
    own = {p: [*c, *shared] for p, c in hands.items() if p not in folded}
    return dict(engine.share_pot(sum(right.values()), winners, exercise.seats, profile=exercise.profile, cards=own,
                       rule="highest-card-by-suit").value)


# --- the named mistakes still missing, and the traps that had none


def _live_showdown(exercise) -> tuple[dict[str, list[Card]], list[Card], list[str]]:
    hands, shared, folded = _final(exercise)
    return hands, shared, [p for p in exercise.seats if p in hands and p not in folded]


def _split_to(exercise, question, winners: list[str]) -> Any:
    """The `winners` answer, or the pot split among them for an `award` question."""
    if question.ask == "winners":
        return winners
    right = engine.answer(exercise, question).value
    pot = exercise.pot if engine.find_game(exercise.game).award_needs_pot and exercise.pot is not None \
        else sum(right.values())
    hands, shared, _folded = _final(exercise)
    return dict(engine.split_pot(pot, winners, exercise.seats, profile=exercise.profile,
                          cards={p: [*hands[p], *shared] for p in winners if p in hands}).value)


# How many of a made hand's ranks are its made part; the ranks after them are its kickers.
_MADE_PART = {"one pair": 1, "two pair": 2, "three of a kind": 1, "four of a kind": 1}


def kickers_as_group(exercise, question) -> Any:
    """Equal made parts (a pair of aces each) settled by the kickers' total instead of one
    kicker at a time from the top."""
    hands, shared, live = _live_showdown(exercise)
    best = {p: evaluate([*hands[p], *shared]) for p in live}
    if len(best) < 2 or any(len(v.cards) < 5 for v in best.values()):
        return None
    top = max(best.values())
    made = _MADE_PART.get(top.category.label)
    if made is None:
        return None

    def weighed(p: str) -> tuple:
        v = best[p]
        return (v.value >> 20, tuple(v.ranks[:made]), sum(int(r) for r in v.ranks[made:]))

    high = max(weighed(p) for p in live)
    return _split_to(exercise, question, [p for p in live if weighed(p) == high])


def completion_as_raise(exercise, question) -> Any:
    """The completion of the bring-in counted as the round's first raise: one raise fewer."""
    after = question.params.get("after")
    moves = list(exercise.moves)[:after] if isinstance(after, int) else list(exercise.moves)
    cap = int(exercise.profile.value("raise_cap"))
    if cap < 1 or not any(m.kind == "complete" for m in moves):
        return None
    profile = exercise.profile.with_overrides({"raise_cap": cap - 1})
    return engine.answer(dataclasses.replace(exercise, profile=profile, stakes=profile.stakes), question).value


def big_bet_compulsory(exercise, question) -> bool | None:
    """With a pair showing on the pair street, the small bet read as no longer allowed."""
    spec = engine.find_game(exercise.game)
    small = exercise.stakes.small_bet if exercise.stakes is not None else None
    if exercise.street != spec.pair_street or small is None or exercise.profile.value("second_round_pair") == "off":
        return None
    return False if _bet_with_a_pair_showing(exercise, question, small) else None


def _bet_with_a_pair_showing(exercise, question, amount: int) -> bool:
    """Whether the question asks about a bet of `amount` while some player still in shows a pair."""
    if engine.bet_of(str(question.params.get("action", ""))) != amount:
        return False
    return any(len({c.rank for c in exercise.hands[p].up}) < len(exercise.hands[p].up) for p in exercise.active)


def seventh_card_opener(exercise, question) -> str | None:
    """The face-down card of a street dealt face down (seventh street) counted in its player's
    row, as if it could move the first action."""
    if not engine.find_game(exercise.game).dealt_face_down(exercise.street) or exercise.shared:
        return None
    rows = {}
    for p in exercise.active:
        hand = exercise.hands[p]
        if not hand.down or not hand.up:
            return None
        rows[p] = [*hand.up, hand.down[-1]]      # `down` is in deal order: the last one is new
    folded = [p for p in exercise.seats if p not in rows]
    return engine.opener(exercise.seats, rows, exercise.profile, folded=folded).value


def shared_card_on_top(exercise, question) -> bool | None:
    """The shared card counted as one card more than the seventh cards: the deck read as short
    unless it holds a card for each player still in and one for the middle."""
    right = engine.answer(exercise, question).value
    if right or exercise.profile.value("shared_card") == "never":
        return None
    hands = {p: (h.down, h.up) for p, h in exercise.hands.items()}
    still_in = [p for p in exercise.seats if p in exercise.hands and not exercise.hands[p].folded]
    if exercise.actions:
        live = set(engine.replay_street(exercise).live)
        still_in = [p for p in still_in if p in live]
    left = engine.cards_left_before_seventh(hands)
    return engine.needs_shared_card(len(still_in) + 1, exercise.profile, cards_left=left).value


def shared_card_left_out(exercise, question) -> Any:
    """The shared seventh card left out of every hand: each player's own cards only."""
    hands, shared, live = _live_showdown(exercise)
    if not shared:
        return None
    own = {p: evaluate(hands[p]) for p in live}
    if question.ask in ("best_five", "category"):
        mine = own.get(question.params.get("player"))
        if mine is None:
            return None
        return list(mine.cards) if question.ask == "best_five" else mine.category.label
    top = max(v.value for v in own.values())
    return _split_to(exercise, question, [p for p in live if own[p].value == top])


def folded_chips_returned(exercise, question) -> Any:
    """What a player put in before folding on this street left out, as if a fold took it back."""
    betting = engine.replay_street(exercise)
    paid = betting.contributions
    quit = [p for p in betting.folded if paid.get(p)]
    if not quit:
        return None
    if question.ask == "contributions":
        return {p: (0 if p in quit else units) for p, units in paid.items()}
    return sum(units for p, units in paid.items() if p not in quit)


def taken_heart_takes(exercise, question) -> Any:
    """A heart just taken face up read as giving its new owner a take of their own: the
    holding with one more card, any card another player still in could give."""
    moves = list(exercise.moves)
    last = moves[-1] if moves else None
    player = question.params.get("player")
    if last is None or last.kind != "take" or not last.up or last.card is None or not last.card.is_heart \
            or last.player != player:
        return None
    table = engine.home_replay(exercise)
    if table.profile.value("exchange_variation"):
        return None
    mine = table.hands[player]
    options = []
    for p in table.seats:
        seat = table.hands[p]
        if p == player or seat.folded:
            continue
        options += [{"up": [*mine.up, c], "down": list(mine.down)} for c in seat.up]
        options += [{"up": list(mine.up), "down": [*mine.down, c]} for c in seat.down]
    return Either(options) if options else None


def hole_cards_out_of_reach(exercise, question) -> Any:
    """A face-up heart's take read as reaching only the face-up cards, not the hole cards."""
    right = engine.answer(exercise, question).value
    if right.get("taker") is None or not any(offer.get("down") for offer in right["from"].values()):
        return None
    offers = {p: {"up": list(offer["up"]), "down": 0} for p, offer in right["from"].items() if offer.get("up")}
    return {"taker": right["taker"], "from": offers} if offers else None


def third_match_skipped(exercise, question) -> Any:
    """Horn-A-Vika's matches read as two at most: a player who has matched twice already left
    out of the decisions."""
    right = engine.answer_json(exercise, question)
    made = Counter(move.player for move in exercise.moves if move.kind == "match")   # the matches played
    asked = Counter(p for decision in right for p, units in decision.items() if units)
    skipped = {p for p in asked if made[p] - asked[p] >= 2}
    if not skipped:
        return None
    return [decision for decision in right if not set(decision) & skipped]


def spit_card_hole_cards(exercise, question) -> Any:
    """The spit card read as calling for a match from a player whose hole card has its rank, not
    only from one who shows it (OPR-535 2.3 asks only face-up cards; a spit card that pairs a hole
    card costs nothing): each such player asked to match too, in the order the stage's decisions
    go, every match paying the pot as it stands then. Without stacks (a short match is priced
    otherwise)."""
    stage = engine.table_card_stage(exercise.game)
    table = engine.home_replay(exercise)
    asked_about = question.params.get("stage", table.opened[-1] if table.opened else table.start_stage)
    if stage is None or asked_about != stage or getattr(exercise, "stacks", None):
        return None
    spit_at = next((n for n, move in enumerate(exercise.moves) if move.kind == "spit"), None)
    before = engine.home_replay(exercise, upto=0 if spit_at is None else spit_at + 1)
    if not before.shared or before.stage != stage:
        return None                           # the spit card is not dealt in these events
    spit = before.shared[0]
    asked = [o for o in before.rules.obligations if o.stage == stage]
    shows = {o.player for o in asked}
    hole = [p for p in before.live if p not in shows and any(c.rank == spit.rank for c in before.hands[p].down)]
    if not hole:
        return None
    # in the order the stage's decisions go: the engine's order, the hole-card matchers taking
    # their place in it as the spit card's own would (ranked by the hand showing, or in deal order)
    seq = {p: n for n, p in enumerate(before.live)}
    ordered = before.rules.in_order(before, stage, [SimpleNamespace(player=p, seq=seq[p]) for p in [*shows, *hole]])
    decided = {o.player: o for o in table.rules.obligations
               if o.stage == stage and o.decision is not None}
    pot, value = before.pot, []
    for o in ordered:
        value.append({o.player: pot})
        if getattr(decided.get(o.player), "decision", None) != "fold":
            pot *= 2
    return value


def one_pot_award(exercise, question) -> Any:
    """Every chip in one pot for the best hand, side pots ignored: an all-in player winning more
    than they matched (stacks only)."""
    if not getattr(exercise, "stacks", None):
        return None
    right = engine.answer(exercise, question).value
    if question.ask == "side_pots":
        return [engine.Pot(sum(p.amount for p in right), right[0].players, 0)] if len(right) > 1 else None
    hands, shared, folded = _final(exercise)
    return engine.award(hands, sum(right.values()), exercise.seats, shared, folded, exercise.profile).value


def all_in_lowcard_brings_in(exercise, question) -> Any:
    """The lowest door card read as bringing in although it is all in on the ante: the same
    question with every stack ignored (stacks only, when the lowest door card is all in)."""
    stacks = getattr(exercise, "stacks", None)
    if not stacks or exercise.street != engine.find_game(exercise.game).first_street:
        return None
    return engine.answer(dataclasses.replace(exercise, stacks={}), question).value


# --- the beginners' mistakes: hand type, suits on a later street, amounts, lows


def high_card_before_type(exercise, question) -> Any:
    """Rows (the opener) or hands (the winners) compared card by card from the highest, the
    kind of hand ignored: an ace-high row beating a pair, a pair of aces beating three threes."""
    if question.ask in ("opener", "action_order"):
        rows = {p: list(exercise.hands[p].up) for p in exercise.active if exercise.hands[p].up}
    else:
        hands, shared, live = _live_showdown(exercise)
        rows = {p: list(evaluate([*hands[p], *shared]).cards) for p in live}
    if len(rows) < 2:
        return None
    key = {p: tuple(sorted((int(c.rank) for c in row), reverse=True)) for p, row in rows.items()}
    top = max(key.values())
    chosen = [p for p in exercise.seats if key.get(p) == top]
    if question.ask == "opener":
        return chosen[0] if len(chosen) == 1 else None
    if question.ask == "action_order":
        if len(chosen) != 1:
            return None
        return engine.action_order(exercise.seats, chosen[0], [p for p in exercise.seats if p in rows])
    return _split_to(exercise, question, chosen)


def _suit_rows(row) -> list:
    """A row's cards from the top as a suit ladder reads them: by rank, then by suit."""
    return sorted(row, key=lambda c: (Counter(x.rank for x in row)[c.rank], c.rank, c.suit), reverse=True)


def suit_ladder_later(exercise, question) -> Any:
    """Equal rows on a later street settled by suits, read any way: the suit of the top card, or
    of the first card the tied rows hold in the same rank."""
    if exercise.profile.value("later_round_tie") == "suit":
        return None                  # suits are this profile's own rule: no mistake to name
    rows = {p: list(exercise.hands[p].up) for p in exercise.active if exercise.hands[p].up}
    if len(rows) < 2:
        return None
    best = max(evaluate(r).value for r in rows.values())
    tied = [p for p in exercise.seats if p in rows and evaluate(rows[p]).value == best]
    if len(tied) < 2:
        return None
    ordered = {p: _suit_rows(rows[p]) for p in tied}
    picks = []
    for n in range(min(len(r) for r in ordered.values())):
        picks.append(max(tied, key=lambda p: ordered[p][n].suit))
    picks = list(dict.fromkeys(picks))
    if question.ask == "opener":
        return Either(picks)
    active = [p for p in exercise.seats if p in rows]
    return Either(tuple(engine.action_order(exercise.seats, p, active)) for p in picks)


def small_bet_carried(exercise, question) -> Any:
    """A street of big bets paid as if the small bet still stood: every amount of the street
    scaled from the big bet down to the small one."""
    stakes = exercise.stakes
    if stakes is None or not stakes.small_bet or not stakes.big_bet or stakes.small_bet == stakes.big_bet:
        return None
    if exercise.profile.value("bet_by_street").get(exercise.street) != "big":
        return None
    right = engine.answer(exercise, question).value
    scale = lambda v: v * stakes.small_bet // stakes.big_bet if v * stakes.small_bet % stakes.big_bet == 0 else None
    if question.ask == "contributions":
        paid = {p: scale(int(v)) for p, v in right.items()}
        return None if None in paid.values() else paid
    return scale(int(right))


def ante_cuts_the_call(exercise, question) -> Any:
    """The ante counted towards what a player puts in on the street: each amount paid less the
    ante already in."""
    ante = exercise.stakes.ante if exercise.stakes is not None else 0
    if not ante:
        return None
    paid = engine.replay_street(exercise).contributions
    cut = {p: max(0, int(v) - ante) for p, v in paid.items() if v}
    if not cut:
        return None
    return cut if question.ask == "contributions" else sum(cut.values())


def _low_ranks(cards) -> list[int]:
    return sorted(1 if c.rank == 14 else int(c.rank) for c in cards)


def nine_high_low_qualifies(exercise, question) -> bool | None:
    """A low with a nine as its highest card read as qualifying (eight or better)."""
    hands, shared, _folded = _final(exercise)
    ranks = sorted(set(_low_ranks([*hands[question.params["player"]], *shared])))
    if len([r for r in ranks if r <= 8]) >= 5 or len([r for r in ranks if r <= 9]) < 5:
        return None
    return True


def paired_low_qualifies(exercise, question) -> bool | None:
    """A low that needs a pair to make five cards of eight or lower read as qualifying."""
    hands, shared, _folded = _final(exercise)
    ranks = _low_ranks([*hands[question.params["player"]], *shared])
    if len({r for r in ranks if r <= 8}) >= 5 or len([r for r in ranks if r <= 8]) < 5:
        return None
    return True


def _wraps(cards) -> bool:
    ranks = {int(c.rank) for c in cards}
    return any({(start + k - 2) % 13 + 2 for k in range(5)} <= ranks for start in range(11, 14))


def wraparound_winners(exercise, question) -> Any:
    """The winners when a run round the corner counted as a straight (the lowest straight)."""
    hands, shared, live = _live_showdown(exercise)
    values = {}
    for p in live:
        cards = [*hands[p], *shared]
        value = evaluate(cards)
        if _wraps(cards) and value.category < Category.STRAIGHT:
            values[p] = evaluate(parse_cards("5♣ 4♦ 3♥ 2♠ A♣")).value     # the lowest straight
        else:
            values[p] = value.value
    if not any(_wraps([*hands[p], *shared]) for p in live):
        return None
    top = max(values.values())
    return _split_to(exercise, question, [p for p in live if values[p] == top])


def pair_option_in_low_game(exercise, question) -> bool | None:
    """Stud High's fourth-street pair option carried into razz or Hi-Lo: a bet of the big amount
    read as allowed because a pair shows."""
    big = exercise.stakes.big_bet if exercise.stakes is not None else None
    streets = engine.find_game(exercise.game).betting_streets
    # Stud High's option belongs to the second betting round, where a pair can first show
    if len(streets) < 2 or exercise.street != streets[1] or not big:
        return None
    return True if _bet_with_a_pair_showing(exercise, question, big) else None



# --- dealing irregularities (an exercise's `irregularity:` key; RRP-H 8.5, 8.9, 8.14)


def _irregularity(exercise, kind: str) -> dict | None:
    found = (getattr(exercise, "extra", None) or {}).get("irregularity")
    return found if found and found.get("kind") == kind else None


def wrong_bring_in_always_stands(exercise, question) -> Any:
    """The wrong player's bring-in taken to stand although the next player has not acted yet."""
    found = _irregularity(exercise, "wrong-bring-in")
    if found is None or found["next_acted"]:
        return None
    changed = dataclasses.replace(exercise, extra={**exercise.extra, "irregularity": {**found, "next_acted": True}})
    return engine.answer(changed, question).value


def exposed_card_brings_in(exercise, question) -> Any:
    """A hole card turned up by mistake read as an ordinary door card: when it is the lowest card
    showing, its owner brings in and acts first."""
    found = _irregularity(exercise, "hole-card-up")
    if found is None or len(found["cards"]) != 1:
        return None
    doors = {p: h.up[0] for p, h in exercise.hands.items() if not h.folded and h.up}
    low = engine.bring_in(exercise.seats, doors, exercise.profile, words=False).value
    if low != found["player"]:
        return None
    return low if question.ask == "repair_first_to_act" else question.params.get("player") == low


def nothing_more_set_aside(exercise, question) -> Any:
    """Only the cards dealt too soon set aside: the dealer burns and deals on straight away, with
    no card set aside for each player still in."""
    found = _irregularity(exercise, "dealt-too-soon")
    if found is None:
        return None
    live = engine.still_in(exercise.seats, [p for p, h in exercise.hands.items() if h.folded], exercise.actions)
    player, named = question.params.get("player"), parse_cards(question.params.get("cards") or [])
    deck = parse_cards(found["deck"])
    if player not in live or len(named) != 1 or len(deck) <= 1 + live.index(player):
        return None
    return deck[1 + live.index(player)] == named[0]


TRANSFORMS: dict[str, Callable[[Any, Any], Any]] = {
    "all_in_lowcard_brings_in": all_in_lowcard_brings_in,
    "straight_counts_in_razz": straight_counts_in_razz,
    "kickers_as_group": kickers_as_group,
    "completion_as_raise": completion_as_raise,
    "big_bet_compulsory": big_bet_compulsory,
    "seventh_card_opener": seventh_card_opener,
    "shared_card_on_top": shared_card_on_top,
    "shared_card_left_out": shared_card_left_out,
    "folded_chips_returned": folded_chips_returned,
    "taken_heart_takes": taken_heart_takes,
    "hole_cards_out_of_reach": hole_cards_out_of_reach,
    "third_match_skipped": third_match_skipped,
    "spit_card_hole_cards": spit_card_hole_cards,
    "one_pot_award": one_pot_award,
    "hole_pair_option": hole_pair_option,
    "match_before_earlier": match_before_earlier,
    "order_by_rank": order_by_rank,
    "suits_split_tie": suits_split_tie,
    "short_hand_dead": short_hand_dead,
    "wrong_count_hand_plays": wrong_count_hand_plays,
    "highest_door_bring_in": highest_door_bring_in,
    "antes_in_contributions": antes_in_contributions,
    "folded_row_counted": folded_row_counted,
    "other_door_tie_rule": _other_rule("door_card_tie", ("suit", "seat")),
    "one_more_raise": one_more_raise,
    "wraparound_straight": wraparound_straight,
    "wraparound_winners": wraparound_winners,
    "pair_option_in_low_game": pair_option_in_low_game,
    "high_card_before_type": high_card_before_type,
    "suit_ladder_later": suit_ladder_later,
    "small_bet_carried": small_bet_carried,
    "ante_cuts_the_call": ante_cuts_the_call,
    "nine_high_low_qualifies": nine_high_low_qualifies,
    "paired_low_qualifies": paired_low_qualifies,
    "big_bet_stands_other_rule": _other_rule("second_round_big_bet_stands", (True, False)),
    "first_match_limit": first_match_limit,
    "base_limit_for_everyone": base_limit_for_everyone,
    "face_down_heart_takes": face_down_heart_takes,
    "folded_seats_freed": folded_seats_freed,
    "ace_low_bring_in": ace_low_bring_in,
    "hidden_cards_bring_in": hidden_cards_bring_in,
    "hidden_cards_opener": hidden_cards_opener,
    "four_flush_as_flush": four_flush_as_flush,
    "full_bet_not_difference": full_bet_not_difference,
    "borrowed_card": borrowed_card,
    "kicker_beyond_five": kicker_beyond_five,
    "spit_card_showing": spit_card_showing,
    "take_from_folded": take_from_folded,
    "pair_ignored_in_razz": pair_ignored_in_razz,
    "high_hand_wins_razz": high_hand_wins_razz,
    "high_takes_all_hilo": high_takes_all_hilo,
    "one_half_per_hand": one_half_per_hand,
    "even_split_among_winners": even_split_among_winners,
    "wrong_bring_in_always_stands": wrong_bring_in_always_stands,
    "exposed_card_brings_in": exposed_card_brings_in,
    "nothing_more_set_aside": nothing_more_set_aside,
}
