"""Questions: the engine's answer to every `ask`, how a learner's answer is checked, and the
answer's JSON shape.

`answer(exercise, question)` adapts the validated model (`course.content`) to the engine modules
and returns their `Answer`: the value and the cited steps. Nothing here decides a rule: the bring-in
comes from `course.engine.turn`, amounts from `course.engine.betting`, hands from `course.hands` and
`course.engine.showdown`, home-game asks from `course.variants.<game>`. An authored `explain` is
appended after the engine's steps as a note.

`is_correct(exercise, question, given)` applies the checking rules of the exercise format page:
a best five is right when it is made of the player's own cards (and the shared card) and equals
the best hand in value; in maps 0 is the same as absent; player order matters only for
`action_order`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from course import amounts
from course.asks import KINDS, Ask, Kind, asks_for, card_list, find_ask, register, to_json  # noqa: F401
from course.asks import ledger
from course.cards import Card, cards_text, parse_cards
from course.explain import Answer, Step
from course.games import find_game
from course.hands import HandValue, LowHand, evaluate, hand_order
from course.engine.state import HandState, table_award
from course.model import Exercise, Problem, Question
from course.engine.showdown import ShowdownRules, side_order
from course.asks.unknown_cards import UnknownCardsError, check_known


def _cites(*groups: tuple[str, ...]) -> tuple[str, ...]:
    """Citation keys of several rules, each once, in order."""
    return tuple(dict.fromkeys(key for group in groups for key in group))

SHORT_HANDS = 'OPR-678 "Incomplete hands"'

# Ask -> the skill (topic) it trains, used by Practice and Progress. Home-game asks train the game.
TOPIC_BY_ASK = {
    "bring_in": "bring-in",
    "opener": "opener",
    "action_order": "opener",
    "legal_action": "amounts",
    "contributions": "contributions",
    "street_total": "contributions",
    "best_five": "best-five",
    "category": "best-five",
    "legal_hand": "best-five",
    "winners": "showdown",
    "award": "showdown",
    "shared_card": "shared-card",
    "halves": "showdown",
    "qualifies": "best-five",
    "side_pots": "side-pots",
    "showdown_order": "showdown",
}


def topic_for(game: str, ask: str) -> str:
    """The skill an ask trains: the home games' own asks train that game."""
    return find_ask(game, ask).topic or game


def answer_kind(exercise: Exercise, question: Question) -> str:
    """player, order, players, yesno, map, units, cards, category, or a home game's own kind."""
    return find_ask(exercise.game, question.ask).kind


def kind_of(exercise: Exercise, question: Question) -> Kind:
    """The question's answer kind (`course.asks.kinds`): how its answers are read, compared,
    written and worded."""
    return KINDS[answer_kind(exercise, question)]


def prompt_for(exercise: Exercise, question: Question) -> str:
    """The authored prompt, or the ask's default prompt filled with its keys."""
    if question.prompt:
        return question.prompt
    template = find_ask(exercise.game, question.ask).prompt
    fields = {"street": exercise.street, **{k: display(v) for k, v in question.params.items()}}
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return template


def display(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return value


# --------------------------------------------------------------------------------------------
# Answers


def answer(exercise: Exercise, question: Question) -> Answer:
    """The engine's answer to one question, its cited steps, then the authored note."""
    check_known(exercise, question, _point, _round_as_opened)   # a question that needs a card the record does not show
    result = find_ask(exercise.game, question.ask).solve(exercise, question)
    if question.explain:
        note = Step(f"Note: {' '.join(question.explain.split())}", tuple(question.cite))
        result = Answer(result.value, [*result.steps, note])
    return result


def _street_of(exercise: Exercise, question: Question) -> str:
    return question.params.get("street") or exercise.street


def _point(exercise: Exercise, question: Question | None = None) -> HandState:
    """The one hand state as it stands when the question is asked: a whole hand at the question's
    `street` or `after` its first moves; a home game after all its moves; a stud street as dealt
    (its cards are those written, whatever its betting: another profile may refuse an action
    without changing who holds what)."""
    if exercise.actions and not exercise.whole_hand:    # a stud street: its actions deal no card
        return HandState.replay(exercise, 0)
    params = question.params if question is not None else {}
    return HandState.at(exercise, params.get("street"), params.get("after"))


def _bring_in(exercise: Exercise, question: Question) -> Answer:
    from course.engine import turn as table

    hands = final_hand_states(exercise, question)
    doors = {p: h.up[0] for p in exercise.seats if (h := hands.get(p)) is not None and h.up}
    found = table.bring_in(exercise.seats, doors, exercise.profile)
    unknown = [p for p, faces in ((exercise.extra or {}).get("unknown_cards") or {}).items() if "up" in faces[:3]]
    if unknown:            # a door card the record does not show: the known ones must decide
        seen = [c for h in hands.values() for c in (*h.down, *h.up)]
        lower = table.bring_in_unknown_doors(exercise.seats, doors, unknown, seen, exercise.profile)
        if lower:
            raise UnknownCardsError(f"the bring-in cannot be told: {', '.join(unknown)}'s door card is not recorded, "
                                    f"and {lower[0]} (or another of {len(lower)} cards not seen) would bring in "
                                    f"instead of {found.value}")
    first = find_game(exercise.game).first_street
    if exercise.whole_hand:          # the lowest door card all in on the ante: the next player opens (RRP-H 8.8)
        return _past_all_ins(found, _round_as_opened(exercise, question, first))
    return found                     # a stud street: whose door card brings in (its actions say who opened)


def _round_as_opened(exercise: Exercise, question: Question, street: str):
    """A whole hand's betting round of `street`, read as it began: its order is the players in when
    it opened, and its chips those each had then (a fold later in the round changes neither)."""
    table_now = HandState.at(exercise, street, question.params.get("after")).table
    opened = table_now.rounds.get(street)
    if opened is None and table_now.street == street and table_now.round is None:
        opened = table_now.new_round()       # the street's cards are out and nobody has acted yet
    if opened is None:
        raise ValueError(f"{street} street's betting never starts in these moves")
    return opened


def _hands_on(exercise: Exercise, street: str, question: Question | None = None) -> dict[str, tuple[list[Card], list[Card]]]:
    """(down, up) per player with the up cards dealt by `street` (the exposed row then)."""
    counts = find_game(exercise.game).cards_on(street)
    count = counts[1] if counts else 4
    hands = final_hand_states(exercise, question)
    return {p: (h.down, h.up[:count]) for p in exercise.seats if (h := hands.get(p)) is not None}


def _shared_on(exercise: Exercise, street: str) -> list[Card]:
    """The exercise's shared card when `street` is the one it replaces (or a later one), else none."""
    return list(exercise.shared) if find_game(exercise.game).shared_in_play(street) else []


def _opener(exercise: Exercise, question: Question) -> Answer:
    from course.engine import turn as table

    if find_game(exercise.game).moves == "events":    # a game on events: the one Table's round
        return table_opener(exercise, question)
    street = _street_of(exercise, question)
    if not find_game(exercise.game).is_betting(street):
        raise ValueError(f"nobody opens the {street}: ask about a betting street")
    if exercise.whole_hand:                  # the players still in as the street's round began
        opened = _round_as_opened(exercise, question, street)
        return _past_all_ins(opened.opening(), opened)
    found = table.first_to_act(street, exercise.seats, _hands_on(exercise, street), exercise.profile,
                               folded=tuple(exercise.folded), shared=_shared_on(exercise, street))
    earlier, now = find_game(exercise.game).cards_on(street), find_game(exercise.game).cards_on(exercise.street)
    if earlier and now and earlier[1] < now[1]:
        # an earlier street's rows: the first cards of each row, which is kept in deal order
        found = Answer(found.value, [Step(
            f"On {street} street each player showed only the first {'card' if earlier[1] == 1 else f'{earlier[1]} cards'} "
            "of their row: face-up cards are kept in the order they were dealt, so the later ones were not "
            "out yet.", exercise.profile.rule_cite("deal_timeline")), *found.steps])
    return _past_all_ins(found, _opened(exercise)) if exercise.stacks and street == exercise.street else found


def _opened(exercise: Exercise):
    """A stud street's round once its antes (the actions it starts with) are in: who is all in then."""
    antes = 0
    for move in exercise.moves:
        if move.kind != "ante":
            break
        antes += 1
    return HandState.replay(exercise, antes).round


def _all_in_at_start(rnd) -> list[str]:
    """The players in a round who were all in before it began (no chip to bet once the antes are in)."""
    return [p for p in rnd.order if p in rnd.stacks and rnd.stacks[p] - rnd.antes.get(p, 0) <= 0]


def _past_all_ins(found: Answer, rnd) -> Answer:
    """The first actor found from the cards, or, when that player is all in, the next one with chips
    (Robert's Rules 8.8 for the lowest door card; an all-in player takes no part in the betting)."""
    out = _all_in_at_start(rnd)
    first = found.value
    if first not in out:
        return found
    nxt = next((p for p in rnd.order if p not in out), None)     # `order`: the players in as the round began
    if nxt is None:
        return Answer(first, [*found.steps, Step(f"{first} is all in, and so is everyone else: nobody acts on "
                                                 f"{rnd.street} street.", rnd.profile.rule_cite("table_stakes"))])
    if rnd.bring_in_mode:
        text = (f"But {first} is all in on the ante, so there is no forced bring-in: {nxt}, next clockwise, acts "
                "first and may fold, bring in or complete.")
        rule = ("RRP-H 8.8", *rnd.profile.rule_cite("table_stakes"))
    else:
        text = f"But {first} is all in and takes no part in the betting, so {nxt}, next clockwise, acts first."
        rule = rnd.profile.rule_cite("table_stakes")
    return Answer(nxt, [*found.steps, Step(text, rule, True)])


def _action_order(exercise: Exercise, question: Question) -> Answer:
    from course.engine import turn as table

    if find_game(exercise.game).moves == "events":    # a game on events: the one Table's round at the point
        return _table_action_order(exercise, question)
    if exercise.whole_hand:
        return _whole_hand_order(exercise, question)
    if not find_game(exercise.game).is_betting(exercise.street):
        raise ValueError(f"nobody acts at the {exercise.street}: action_order needs a betting street")
    found = table.starting_order(exercise.street, exercise.seats, _hands_on(exercise, exercise.street),
                                 exercise.profile, folded=tuple(exercise.folded),
                                 shared=_shared_on(exercise, exercise.street))
    if not exercise.stacks:
        return found
    out = _all_in_at_start(_opened(exercise))
    if not any(p in out for p in found.value):
        return found
    return Answer([p for p in found.value if p not in out],
                  [*found.steps, Step(f"{', '.join(p for p in found.value if p in out)} "
                                      f"{'is' if len(out) == 1 else 'are'} all in already, so "
                                      f"{'that player never acts' if len(out) == 1 else 'they never act'}.",
                                      exercise.profile.rule_cite("table_stakes"), True)])


def _whole_hand_order(exercise: Exercise, question: Question) -> Answer:
    """A whole hand's order of action on the question's street, as its round began: from the first
    actor (past a player all in already) clockwise over the players in with chips to bet."""
    from course.engine import turn as table

    street = _street_of(exercise, question)
    if not find_game(exercise.game).is_betting(street):
        raise ValueError(f"nobody acts at the {street}: action_order needs a betting street")
    rnd = _round_as_opened(exercise, question, street)
    found = _past_all_ins(rnd.opening(), rnd)
    out = _all_in_at_start(rnd)
    start = rnd.order.index(found.value)
    order = [p for p in rnd.order[start:] + rnd.order[:start] if p not in out]
    steps = list(found.steps)
    gone = [p for p in exercise.seats if p not in rnd.order]
    text = f"From {found.value} the order goes clockwise: {' → '.join(order)}"
    if gone:
        text += f", leaving out {', '.join(gone)}, who folded on an earlier street"
    rule = "clockwise_from_bring_in" if rnd.bring_in_mode else "clockwise_from_first"
    steps.append(table._rule_step(text + "; a bet or raise can bring the action round again.", rule, exercise.profile))
    if out:
        steps.append(Step(f"{', '.join(out)} {'is' if len(out) == 1 else 'are'} all in already, so "
                          f"{'that player never acts' if len(out) == 1 else 'they never act'}.",
                          exercise.profile.rule_cite("table_stakes"), True))
    return Answer(order, steps)


def _replay(exercise: Exercise, upto: int | None = None, question: Question | None = None):
    """The street's betting round after its actions (the first `upto`), through the one hand
    state, replayed once for every question and grade of the exercise. On a whole hand: the
    round of the question's street (or the latest round) as it stands at the question's point."""
    if not exercise.events:
        return HandState.replay(exercise, upto).round
    table = _point(exercise, question).table
    street = (question.params.get("street") if question is not None else None) or table.street
    if street not in table.rounds:
        raise ValueError(f"{street} street's betting has not started at this point of the hand")
    return table.rounds[street]


# Asks whose explanation is a betting round: the app shows the round's hand record beside them.
RECORD_ASKS = frozenset({"contributions", "street_total"})


def hand_record(exercise: Exercise):
    """The street's actions as a chronological hand record (pandas DataFrame, one row per
    action: who, what, units added, the round total to match, the pot), or None when the
    exercise has no stud-high actions to replay."""
    if not exercise.actions or find_game(exercise.game).moves != "actions" or exercise.whole_hand:
        return None
    frame = ledger.ledger_frame(_replay(exercise))
    columns = ["n", "player", "action", "added", "round_total", "pot", *(["pots"] if exercise.stacks else []), "note"]
    return frame[columns].rename(columns={
        "n": "#", "added": "units added", "round_total": "their round total", "pot": "pot after",
        "pots": "pots after (main first)"})


def _legal_action(exercise: Exercise, question: Question) -> Answer:
    after = int(question.params.get("after", 0) or 0)
    moves = exercise.moves
    if not 0 <= after <= len(moves):
        raise ValueError(f"after {after!r}: expected a count from 0 to {len(moves)} (the moves so far)")
    table = HandState.replay(exercise, after).table
    if table.round is None and table.stage and table.stage_dealt and table.current_round() is None:
        # a stage with no betting of its own (Horn-A-Vika's third up card): nobody may act
        return Answer(False, [Step(f"Not allowed: stage {table.stage} has no betting round; the next "
                                   "card is dealt first.", table.rules.deal_cites(table))])
    if table.round is None and not (table.stage and table.stage_dealt and not table.round_done):
        raise ValueError(f"after {after} moves no betting round is open: the next card is dealt first")
    return ledger.verdict(table.round or table.new_round(), question.params["action"])


def _contributions(exercise: Exercise, question: Question) -> Answer:
    result = ledger.contributions_answer(_replay(exercise, question=question))
    return Answer({p: amounts.normal(v) for p, v in dict(result.value).items() if v}, result.steps)


def _street_total(exercise: Exercise, question: Question) -> Answer:
    return ledger.total_answer(_replay(exercise, question=question))


def _shared_card(exercise: Exercise, question: Question) -> Answer:
    """Once sixth street is over: can the deck give every player still in a seventh card?"""
    from course.engine import turn as table

    spec = find_game(exercise.game)
    if spec.moves == "events":    # a game on events counts its own deal (its module's hook)
        return spec.module().shared_card_answer(exercise, question)
    settled = spec.shared_decided_after
    asked = _street_of(exercise, question) if exercise.whole_hand else exercise.street
    if asked != settled:
        raise ValueError(f"shared_card is asked when {settled} street is over, before the next is dealt: "
                         f"expected street: {settled}, not {asked!r}")
    steps = []
    if exercise.whole_hand:          # the hand's own deal, as it stands once that street's betting is over
        held = HandState.at(exercise, settled).final_hands()
        hands = {p: (h.down, h.up) for p, h in held.items()}
        still_in = [p for p in exercise.seats if p in held and not held[p].folded]
        steps.append(Step(f"When {settled} street's betting is over {', '.join(still_in)} "
                          f"{'is' if len(still_in) == 1 else 'are'} still in.", ()))
    else:
        hands = {p: (h.down, h.up) for p, h in exercise.hands.items()}
        still_in = [p for p in exercise.seats if p in exercise.hands and not exercise.hands[p].folded]
    if exercise.actions and not exercise.whole_hand:
        live = set(_replay(exercise).live)
        still_in = [p for p in still_in if p in live]
        steps.append(Step(f"After this street's actions {', '.join(still_in)} are still in.", ()))
    left = table.cards_left_before_seventh(hands)
    dealt = {p: 2 + len(up) for p, (_down, up) in hands.items()}
    counts = " + ".join(str(n) for n in dealt.values())
    steps.append(Step(
        f"Count the cards dealt: two hole cards for everyone plus the face-up cards each shows, "
        f"{counts} = {sum(dealt.values())}; a player who folded early got fewer. So "
        f"52 - {sum(dealt.values())} = {left} cards are left (burn cards not counted).",
        (*exercise.profile.rule_cite("deal_timeline"), 'COURSE "Shared card"'), True))
    verdict = table.needs_shared_card(still_in, exercise.profile, cards_left=left)
    return Answer(verdict.value, steps + verdict.steps)


# -- showdown asks: stud high uses the written hands; home games their final hands


def final_hand_states(exercise: Exercise, question: Question | None = None) -> dict[str, Any]:
    """Each player's hand when the question is asked (at the end of the moves unless a whole hand's
    question names a point), kept as dealt (`.down` and `.up`, and whether the player folded), as
    the one hand state holds it."""
    return _point(exercise, question).final_hands()


def final_hands(exercise: Exercise, question: Question | None = None) -> dict[str, list[Card]]:
    """Each player's own cards at the end of the deal (home games: after every event)."""
    return {p: [*hand.down, *hand.up] for p, hand in final_hand_states(exercise, question).items()}


def shared_cards(exercise: Exercise, question: Question | None = None) -> list[Card]:
    """The shared card(s) every player still in may use (Horn-A-Vika: the spit card)."""
    return _point(exercise, question).shared_cards()


def folded_players(exercise: Exercise, question: Question | None = None) -> list[str]:
    """Players out of the hand at the question's point, in seat order: on a stud street, those its
    actions fold too."""
    return [p for p, hand in _played(exercise, question).final_hands().items() if hand.folded]


def _showdown_hands(exercise: Exercise, question: Question | None, players: list[str] | None = None
                    ) -> dict[str, list[Card]]:
    """Each player's own cards for a showdown question; a player it needs who is still in and whose
    hole cards the deal leaves out (a street written with face-up cards only) is refused: the
    answer would otherwise come from the face-up cards alone."""
    states = final_hand_states(exercise, question)
    spec = find_game(exercise.game)
    counts = None if spec.cards_move or exercise.whole_hand else spec.cards_on(exercise.street, bool(exercise.shared))
    out = set(folded_players(exercise, question)) if counts is not None else set()
    for player in players if players is not None else list(states):
        hand = states.get(player)
        if counts is not None and hand is not None and player not in out and len(hand.down) < counts[0] \
                and player not in (exercise.extra.get("misdealt") or {}):      # short on purpose: RRP-H 8.18
            raise ValueError(f"{question.ask if question else 'the showdown'} needs {player}'s hole cards, but the "
                             f"hand lists {len(hand.down)} of the {counts[0]} dealt face down by {exercise.street} "
                             f"street: write {player}'s 'down' cards")
    return {p: [*hand.down, *hand.up] for p, hand in states.items()}


def _own(exercise: Exercise, player: str, question: Question | None = None) -> tuple[list[Card], list[Card]]:
    hands = _showdown_hands(exercise, question, [player]) if player in final_hand_states(exercise, question) \
        else {}
    if player not in hands:
        raise ValueError(f"{player!r} has no hand in this deal")
    return hands[player], shared_cards(exercise, question)


def _side(exercise: Exercise, question: Question | None) -> tuple[str, str]:
    """(side, hand order) a showdown question asks about: its `side` (high or low), by default
    the game's first (Stud High's and Hi-Lo's high, razz's low), as the game spec's orders say."""
    side = question.params.get("side") if question is not None else None
    return side_order(side, exercise.profile)


def _best(exercise: Exercise, player: str, question: Question | None = None) -> tuple[HandValue | LowHand, list[Step]]:
    own, shared = _own(exercise, player, question)
    side, order = _side(exercise, question)
    value = hand_order(order).full([*own, *shared])
    low = order != "high"
    rules = ShowdownRules.of(exercise.profile)
    steps = []
    if player in folded_players(exercise, question):
        steps.append(Step(f"{player} has folded; the question is about the cards alone.", rules.folded))
    pool = f"{cards_text(own)}" + (f" plus the shared {cards_text(shared)}" if shared else "")
    steps.append(Step(f"{player} may use only their own cards: {pool}. Nobody else's cards count, "
                      "face up or not.", _cites(rules.best, rules.shared if shared else ())))
    if low:
        cite = value.cite
        default = any(k.startswith('COURSE "') for k in cite)
        if not value.qualifies:
            steps.append(Step(f"For {side}: {value.words}.", cite, default))
        elif value.size < 5:
            steps.append(Step(f"With {value.size} card{'s' if value.size != 1 else ''}, all of them play "
                              f"for {side}: {cards_text(value.cards)}, {value.words}.", _cites(rules.short, cite),
                              default))
        else:
            steps.append(Step(f"The lowest five of them, aces low, straights and flushes not counting: "
                              f"{cards_text(value.cards)}, {value.words}.", cite, default))
    elif value.size < 5:
        steps.append(Step(f"With {value.size} card{'s' if value.size != 1 else ''}, all of them play: "
                          f"{cards_text(value.cards)}, {value.words}.", rules.short))
    else:
        steps.append(Step(f"The strongest five of them: {cards_text(value.cards)}, {value.words}.", rules.best))
    return value, steps


def _best_five(exercise: Exercise, question: Question) -> Answer:
    value, steps = _best(exercise, question.params["player"], question)
    return Answer(list(value.cards), steps)


def _category(exercise: Exercise, question: Question) -> Answer:
    value, steps = _best(exercise, question.params["player"], question)
    if isinstance(value, LowHand):
        if not value.qualifies:
            raise ValueError(f"{question.params['player']} has no qualifying low, so the low hand has no "
                             "category: ask 'qualifies' instead")
        steps.append(Step(f"As a poker hand those five are {_a(value.category.label)}"
                          + (": a low counts it against the hand." if value.category.value else
                             ", the only kind a good low can be."), value.cite))
        return Answer(value.category.label, steps)
    steps.append(Step(f"That hand is {_a(value.category.label)}.", ShowdownRules.of(exercise.profile).best))
    return Answer(value.category.label, steps)


def _a(label: str) -> str:
    if label in ("one pair", "two pair", "three of a kind", "four of a kind", "high card"):
        return label
    return f"a {label}"


def _mucked(exercise: Exercise, question: Question) -> tuple[list[str], list[Step]]:
    """The players who mucked at the showdown (a whole hand), and the step that says so."""
    mucked = list(_point(exercise, question).table.mucked)
    if not mucked:
        return [], []
    who = ", ".join(mucked)
    return mucked, [Step(f"{who} mucked: a hand given up unseen wins no part of the pot, whatever it held.",
                         exercise.profile.rule_cite("muck"))]


def _live_hands(exercise: Exercise, question: Question) -> tuple[dict[str, list[Card]], list[Step]]:
    mucked, steps = _mucked(exercise, question)
    dead, dead_steps = _dead_hands(exercise, question, mucked)
    hands = _showdown_hands(exercise, question)
    return {p: cards for p, cards in hands.items() if p not in mucked and p not in dead}, [*steps, *dead_steps]


def _misdeals(exercise: Exercise) -> dict[str, Any]:
    """The hands the exercise shows down with the wrong number of cards (`misdealt:`), by player."""
    from course.engine.dead_hands import Misdeal

    return {p: Misdeal(tuple(parse_cards(" ".join(entry.get("extra", [])))), entry.get("missing"))
            for p, entry in (exercise.extra.get("misdealt") or {}).items()}


def _dead_hands(exercise: Exercise, question: Question, mucked: list[str] = ()) -> tuple[list[str], list[Step]]:
    """The misdealt hands still in that the engine finds dead (RRP-H 8.18), and the steps that rule
    on each misdealt hand, live or dead; a hand of the right size is never looked at (nothing else
    can make it dead here)."""
    misdeals = _misdeals(exercise)
    if not misdeals:
        return [], []
    out = set(folded_players(exercise, question)) | set(mucked)
    dead: list[str] = []
    steps: list[Step] = []
    for player in (p for p in exercise.seats if p in misdeals and p not in out):
        verdict = _hand_verdict(exercise, question, player)
        steps.extend(verdict.steps)      # a misdealt hand ruled live says so too
        if not verdict.value:
            dead.append(player)
    return dead, steps


def _hand_verdict(exercise: Exercise, question: Question, player: str) -> Answer:
    from course.engine.dead_hands import hand_live

    spec = find_game(exercise.game)
    whole = exercise.whole_hand and not question.params.get("street") and not question.params.get("after")
    if exercise.street != spec.streets[-1].name and not whole:
        raise ValueError(f"whether a hand is live by its cards is asked at the showdown: write 'street: "
                         f"{spec.streets[-1].name}' (or a whole hand played to its end)")
    hand = final_hand_states(exercise, question).get(player)
    if hand is None:
        raise ValueError(f"{player!r} has no hand in this deal")
    if hand.folded or player in folded_players(exercise, question):
        raise ValueError(f"{player} has folded: a folded hand is out, live or not; ask about a player still in")
    counts = spec.cards_on(spec.streets[-1].name, bool(exercise.shared))
    if player not in _misdeals(exercise) and len(hand.down) < counts[0]:
        _showdown_hands(exercise, question, [player])     # the hole cards left out: refused, as there
    return hand_live(player, hand.down, hand.up, _misdeals(exercise).get(player), spec, exercise.profile)


def _hand_live(exercise: Exercise, question: Question) -> Answer:
    return _hand_verdict(exercise, question, question.params["player"])


def _winners(exercise: Exercise, question: Question) -> Answer:
    from course.engine import showdown

    hands, before = _live_hands(exercise, question)
    shown = showdown.showdown(hands, shared_cards(exercise, question),
                              tuple(folded_players(exercise, question)), profile=exercise.profile,
                              side=question.params.get("side"))
    return Answer(shown.value, [*before, *shown.steps]) if before else shown


def _pot_of(exercise: Exercise, question: Question) -> int:
    """The pot to share: the hand's at the question's point, or a street's as the exercise gives
    it (the spec's `award_needs_pot`)."""
    needs = find_game(exercise.game).award_needs_pot and not exercise.whole_hand
    pot = exercise.pot if needs else _point(exercise, question).pot
    if pot is None:
        raise ValueError(f"an {question.ask!r} question needs the exercise's 'pot'")
    return pot


def _side_pots(exercise: Exercise, question: Question) -> Answer:
    """Each pot's amount and the players who may win it, as the hand stands at the question (a
    street: after its actions, the pot before it in the main pot)."""
    if exercise.whole_hand or exercise.events:     # a whole hand, or a home game at the question's point
        return _point(exercise, question).side_pots()
    if find_game(exercise.game).is_betting(exercise.street):
        return ledger.side_pots_answer(HandState.replay(exercise).round)
    from course.engine import showdown

    return showdown.side_pots({p: 0 for p in exercise.seats}, exercise.seats, exercise.folded, exercise.pot or 0)


def _final_round(exercise: Exercise, question: Question):
    """The last betting round, over, and the players still in (a whole hand at its end, or a
    seventh-street exercise whose actions end the round); ValueError otherwise."""
    spec = find_game(exercise.game)
    last = spec.betting_streets[-1]
    if exercise.whole_hand:
        table = _point(exercise, question).table
        if not table.betting_over:
            raise ValueError("the showdown order is asked once the last betting round is over with two or more "
                             "players in: these moves stop before that")
        return table.rounds[table.stages[-1].street], [p for p in table.seats if not table.hands[p].folded], \
            {p: table.hands[p].paid for p in table.seats}
    if exercise.street != last or not exercise.actions:
        raise ValueError(f"the showdown order needs the last round's betting: a whole hand, or {last} street "
                         "with its actions")
    rnd = HandState.replay(exercise).round
    if not rnd.is_closed:
        raise ValueError(f"{exercise.street} street's betting is not over after these actions")
    live = [p for p in exercise.seats if p not in exercise.folded and p not in rnd.folded]
    return rnd, live, rnd.paid


def _showdown_order(exercise: Exercise, question: Question) -> Answer:
    """Who shows first at the showdown, then the order the others show or muck in (the profile's
    `showdown_order`): the last bettor or raiser of the final round, clockwise from there."""
    from course.engine import showdown

    rnd, live, paid = _final_round(exercise, question)
    if len(live) < 2:
        raise ValueError("only one player is left: there is no showdown, the pot goes to that player unseen")
    rule = exercise.profile.option("showdown_order")
    steps = []
    aggressor = next((e.player for e in reversed(rnd.ledger)
                      if e.kind == "round" and e.action.split()[len(e.player.split()):][:1] in (["bets"], ["raises"],
                                                                                             ["completes"])), None)
    if aggressor is not None and aggressor in live:
        first = aggressor
        steps.append(Step(f"{first} made the last bet or raise on {rnd.street} street, so {first} shows first"
                          + (" (the course's own default, as Robert's Rules has it)" if rule.course_default else "")
                          + ".", rule.cite, rule.course_default))
    else:
        first = next(p for p in rnd.order if p in live)
        why = "nobody bet on the last round" if aggressor is None else f"{aggressor}, the last to bet, is out"
        cite, default = ('COURSE "Showdown order"', 'RRP-H 3 "The Showdown" 7'), True
        if rule.value == "last-bettor":
            reading = ("the course's own reading: 1917Poker names only the last bettor, and Robert's Rules lets the "
                       "first to act show first")
        elif rule.course_default:
            reading = "Robert's Rules' rule, the course's own default for these rules"
        else:       # the profile's own source is Robert's Rules
            cite, default, reading = tuple(rule.cite), False, "Robert's Rules' rule"
        steps.append(Step(f"{why[0].upper()}{why[1:]}, so the player who acted first on {rnd.street} street, {first}, "
                          f"shows first ({reading}).", cite, default))
    start = exercise.seats.index(first)
    order = [p for p in exercise.seats[start:] + exercise.seats[:start] if p in live]
    steps.append(Step(f"Then the others in turn, clockwise from {first}: {', '.join(order[1:])}; each shows or "
                      "mucks (gives the hand up unseen).",
                      rule.cite, rule.course_default))
    if rule.value == "last-aggressor-side-pots-first":
        pots = showdown.build_pots(paid, exercise.seats, [p for p in exercise.seats if p not in live])[0]
        top = {p: max(n for n, pot in enumerate(pots) if p in pot.players) for p in order}
        if len(set(top.values())) > 1:
            moved = sorted(order, key=lambda p: -top[p])
            main_only = [p for p in order if top[p] == 0]
            steps.append(Step(f"There is a side pot, so its players show before {', '.join(main_only)}, all in for "
                              f"the main pot only: {', '.join(moved)}.", rule.cite, rule.course_default))
            order = moved
    return Answer(order, steps)


def _played(exercise: Exercise, question: Question) -> HandState:
    """The hand at the question's point with every move before it played: a street shown alone
    after all its actions (the cards are those written; the actions fold players and pay in)."""
    if exercise.events:
        return _point(exercise, question)
    return HandState.replay(exercise)


def _pots_settled(exercise: Exercise, question: Question) -> None:
    """With stacks, the pots are awarded once the betting is over: ValueError before that."""
    if exercise.stacks:
        _stacked_pots(exercise, question)


def _stacked_pots(exercise: Exercise, question: Question) -> dict[str, Any] | None:
    """With stacks, what the pots are built from once the betting is over: the hands that may win
    (mucked ones left out), each player's chips in (`paid`), the pot from before a street
    (`base`), the folded and the all-in players, and steps to say first. None without stacks (one
    pot). ValueError while the betting is still going on."""
    if not exercise.stacks or not (exercise.whole_hand or exercise.actions):
        return None
    if exercise.whole_hand:
        state = _point(exercise, question)
        table = state.table
        if not table.over:
            raise ValueError("the hand is not over at this point: the pots are awarded once the betting ends")
        hands, before = _live_hands(exercise, question)
        return dict(hands=hands, paid={p: table.hands[p].paid for p in table.seats}, base=0,
                    folded=tuple(folded_players(exercise, question)), all_in=state.all_in(), before=before)
    rnd = HandState.replay(exercise).round
    if not rnd.is_closed:
        raise ValueError(f"{exercise.street} street's betting is not over after these actions: the pots are "
                         "awarded once it ends")
    folded = tuple(dict.fromkeys([*folded_players(exercise, question), *rnd.folded]))
    return dict(hands=_showdown_hands(exercise, question), paid=rnd.paid, base=rnd.pot_before, folded=folded,
                all_in=rnd.all_in, before=[])


def pot_award(exercise: Exercise, question: Question) -> Answer:
    """Who receives how much of the pot, for every game: the one award (`table_award`) of the
    table as the moves leave it at the question's point (a street's after all its actions), the
    hands each player shows down, what the game says first (`Rules.award_steps`) and the mucked
    hands left out; with stacks, once the betting is over."""
    _pots_settled(exercise, question)
    table = _played(exercise, question).table
    hands, before = _live_hands(exercise, question)
    pot = None if table.stacks else _pot_of(exercise, question)
    return table_award(table, pot, [*table.rules.award_steps(table), *before], hands)


def _halves(exercise: Exercise, question: Question) -> Answer:
    """Each half's units per player: {high: {...}, low: {...}}, low None with no qualifying low."""
    from course.engine import showdown

    stacked = _stacked_pots(exercise, question)
    folded = tuple(folded_players(exercise, question)) if stacked is None else stacked["folded"]
    hands = _showdown_hands(exercise, question) if stacked is None else stacked["hands"]
    if len([p for p in exercise.seats if p in hands and p not in folded]) < 2:
        raise ValueError("'halves' needs a showdown: only one player is still in, so the pot is won "
                         "without one (ask 'award')")
    shared = shared_cards(exercise, question)
    if stacked is None:
        return showdown.pot_halves(_pot_of(exercise, question), hands, exercise.seats, shared, folded,
                                   exercise.profile)
    return showdown.halves_of_pots(hands, stacked["paid"], exercise.seats, shared, folded, exercise.profile,
                                   base=stacked["base"], all_in=stacked["all_in"], before=stacked["before"])


def _qualifies(exercise: Exercise, question: Question) -> Answer:
    """Whether the player's own cards (and a shared card) make a qualifying low."""
    low = [order for side, order in _low_sides(exercise)]
    if not low:
        raise ValueError("this game has no low half: nothing needs to qualify")
    value, steps = _best(exercise, question.params["player"], _with_side(question, "low"))
    steps.append(Step(f"So {question.params['player']} {'has' if value.qualifies else 'has no'} qualifying low"
                      + (f" ({value.label})." if value.qualifies else "."), value.cite))
    return Answer(value.qualifies, steps)


def _low_sides(exercise: Exercise) -> list[tuple[str, str]]:
    from course.engine.showdown import sides

    return [entry for entry in sides(exercise.profile) if entry[0] == "low"]


def _with_side(question: Question, side: str) -> Question:
    from dataclasses import replace

    return replace(question, params={**question.params, "side": side})


def _legal_hand(exercise: Exercise, question: Question) -> Answer:
    player = question.params["player"]
    shown = parse_cards(question.params["cards"])
    own, shared = _own(exercise, player, question)
    available = [*own, *shared]
    need = min(5, len(available))
    rules = ShowdownRules.of(exercise.profile)
    steps: list[Step] = []
    owners = {c: p for p, cards in final_hands(exercise, question).items() for c in cards}
    borrowed = [c for c in shown if c not in available]
    for card in borrowed:
        holder = owners.get(card)
        if holder is not None and holder in folded_players(exercise, question):
            steps.append(Step(f"{card} belongs to {holder}, who folded: a folded player's cards are out of "
                              "the hand and nobody may use them.", rules.folded))
        elif holder is not None:
            steps.append(Step(f"{card} is {holder}'s card: a card showing in another player's row is "
                              "information, not part of your hand.", rules.best))
        else:
            steps.append(Step(f"{card} is not among {player}'s cards" + (" or the shared card" if shared else "") + ".",
                              rules.best))
    repeated = [c for c, n in Counter(shown).items() if n > 1]
    for card in repeated:
        steps.append(Step(f"{card} is listed more than once; each card plays once.", rules.best))
    if len(set(shown)) != need:
        steps.append(Step(f"A hand is {need} cards here ({player} has {len(available)} available), "
                          f"but {len(set(shown))} different cards were shown.", rules.best))
    legal = not borrowed and not repeated and len(shown) == need
    if legal:
        source = "the shared card and their own cards" if any(c in shared for c in shown) else "their own cards"
        steps.append(Step(f"{cards_text(shown)} are all {player}'s to use ({source}), {need} in all: "
                          "a legal hand.", _cites(rules.best, rules.shared if shared else ())))
    return Answer(legal, steps)


def is_correct(exercise: Exercise, question: Question, given: Any, engine: Answer | None = None) -> bool:
    """Whether `given` (an authored or learner answer, YAML/JSON shape) matches the engine."""
    ask = find_ask(exercise.game, question.ask)
    expected = (engine or answer(exercise, question)).value
    if ask.check is not None:
        return ask.check(exercise, question, given, expected)
    return KINDS[ask.kind].same(given, expected)


def _best_five_check(exercise: Exercise, question: Question, given: Any, expected: Any) -> bool:
    return _best_five_ok(exercise, question.params["player"], given, expected, question)


def _best_five_ok(exercise: Exercise, player: str, given: Any, expected: Any, question: Question | None = None) -> bool:
    chosen = card_list(given)
    if chosen is None or len(set(chosen)) != len(chosen):
        return False
    own, shared = _own(exercise, player, question)
    if not set(chosen) <= set(own) | set(shared):
        return False
    order = hand_order(_side(exercise, question)[1])
    best = order.full([*own, *shared])
    if not best.cards:           # no qualifying low: the right answer is no cards at all
        return not chosen
    return len(chosen) == len(best.cards) and order.full(chosen).value == best.value


def table_pot(exercise: Exercise, question: Question) -> Answer:
    """The pot after a game's events: where it started, what each player put in (the steps of
    what was paid too, for a game whose rules set `pot_log`), cited as its rules say (`pot_cite`)."""
    table = HandState.replay(exercise).table
    log = table.log if table.rules.pot_log else []
    steps = [Step(f"The pot starts at {table.start_pot}.", ())] if table.start_pot or not log else []
    steps += log
    paid = {p: s.paid for p, s in table.hands.items() if s.paid}
    if not paid:
        return Answer(table.pot, [*steps, Step(f"Nobody pays anything in these events, so the pot is still "
                                               f"{table.pot}.", ())])
    added = (f"the pot is {table.start_pot} + {sum(paid.values())} = {table.pot}" if table.start_pot
             else f"{sum(paid.values())} in all, so the pot is {table.pot}")
    steps.append(Step("In these events " + ", ".join(f"{p} put in {n}" for p, n in paid.items()) + f": {added}.",
                      table.rules.pot_cite(table)))
    return Answer(table.pot, steps)


# --------------------------------------------------------------------------------------------
# Checking a whole exercise against the engine


def check_exercise(exercise: Exercise) -> list[Problem]:
    """Answer every question; report engine failures and authored answers that disagree."""
    problems: list[Problem] = []
    for question in exercise.questions:
        line, column = question.marks.get("answer", (question.line, question.column)) \
            if getattr(question, "marks", None) else (question.line, question.column)
        try:
            result = answer(exercise, question)
        except Exception as exc:  # the engine refusing a deal is a content problem to report
            reason = getattr(exc, "reason", None) or str(exc)
            cite = getattr(exc, "cite", None) or ()
            refs = " ".join(f"[{c}]" for c in ([cite] if isinstance(cite, str) else cite) if f"[{c}]" not in reason)
            problems.append(Problem(exercise.path, question.line, question.column,
                                    f"the engine cannot answer {question.ask!r}: {reason} {refs}".rstrip()))
            continue
        if question.answer is None:
            continue
        try:
            right = is_correct(exercise, question, question.answer, result)
        except Exception as exc:
            problems.append(Problem(exercise.path, line, column,
                                    f"cannot compare the answer to {question.ask!r}: {type(exc).__name__}: {exc}"))
            continue
        if not right:
            explanation = "\n".join(f"    {line_}" for line_ in result.explain().splitlines())
            problems.append(Problem(
                exercise.path, line, column,
                f"answer to {question.ask!r} disagrees with the engine: authored "
                f"{kind_of(exercise, question).written(question.answer)}, engine "
                f"{kind_of(exercise, question).written(result.value)}. The engine's explanation:\n{explanation}"))
    return problems


def _table_action_order(exercise: Exercise, question: Question) -> Answer:
    """The order the players act in on a betting round of the one Table (a game played on
    events): the round's first actor, then clockwise over the players still in as it began."""
    from course.engine import turn as table

    table_now = _point(exercise, question).table
    if question.params.get("street") is None and table_now.round is None and table_now.stage \
            and table_now.stage_dealt and not table_now.round_done:
        rnd = table_now.new_round()          # the cards are out and nobody has acted yet
    else:
        rnd = _replay(exercise, question=question)
    first = rnd.opening()
    steps = list(first.steps) if first is not None else []
    steps.append(table._rule_step(f"From {rnd.first} the order goes clockwise: {' → '.join(rnd.order)}; a bet "
                                  "or raise can bring the action round again.", "clockwise_from_first",
                                  exercise.profile))
    return Answer(list(rnd.order), steps)


def table_opener(exercise: Exercise, question: Question) -> Answer:
    """Who opens a betting round of the one Table (a game played on events): one the moves have
    begun, read as it began (a later fold does not change who opened), named by `street`, or by
    `round` in a game whose rules number them; default the round of the point reached, from the
    rows showing now when its betting has not begun."""
    table = HandState.replay(exercise).table
    if not table.stage:
        raise ValueError("no betting round yet: the exercise stops before the deal")
    numbered = table.spec.points == "stage"

    def name(street: str) -> str:         # a round as the game's rules name it
        return str(next(s.round for s in table.stages if s.street == street and s.round)) if numbered \
            else f"{street} street"

    here = table.street if table.current_round() else None
    if numbered and "round" in question.params:
        number = question.params["round"]
        street = next((s.street for s in table.stages if s.round == number and not isinstance(number, bool)), None)
        asked = f"round {number!r}"
    else:
        street = question.params.get("street") or table.street
        asked = f"{street} street"
    opened = table.rounds.get(street)
    if opened is None and street != here:
        if street == table.street and numbered:
            stages = ", ".join(str(s.number) for s in table.stages if s.round)
            raise ValueError(f"there is no betting round after stage {table.stage}: expected the exercise to stop "
                             f"after a stage with a betting round ({stages})")
        if street == table.street:
            raise ValueError(f"there is no betting round on {street} street")
        played = ", ".join(name(s) for s in table.rounds) or "none"
        raise ValueError(f"{asked} is not a betting round these events play (they open: {played}); ask about one of "
                         f"those, or the {'round of the stage' if numbered else 'street'} reached")
    return (opened or table.new_round()).opening()


# --------------------------------------------------------------------------------------------
# The stud asks, declared once (name, answer kind, prompt, solver, topic, extra keys)

# How the app draws the table for each ask (`Ask.whole_hand`, `hides`, `drawn_at`): the table at
# the question's point must not answer it outright.
DRAWN = {
    "bring_in": {"drawn_at": "first_to_act"},
    # `names_round`: the ask takes the key naming a betting round (`GameSpec.round_key`).
    "opener": {"drawn_at": "first_to_act", "names_round": True},
    # `at`: the keys naming a point these asks take in a game whose questions name points.
    "contributions": {"at": ("after", "street")},
    "street_total": {"hides": "pot", "at": ("after", "street")},
    "pot": {"hides": "pot"},
    "action_order": {"drawn_at": "first_to_act", "at": ("after", "street")},
    "side_pots": {"at": ("after",)},
    **{name: {"whole_hand": True} for name in ("best_five", "category", "winners", "award", "legal_hand")},
}

register("stud", *(Ask(name, kind, prompt, solve, TOPIC_BY_ASK.get(name), params, required, check, **DRAWN.get(name, {})) for
                   name, kind, prompt, solve, params, required, check in (
    ("bring_in", "player", "Who brings in?", _bring_in, {}, (), None),
    ("opener", "player", "Who acts first on {street} street?", _opener, {}, (), None),
    ("action_order", "order", "In what order do the players first act on this {round}?", _action_order,
     {}, (), None),
    ("legal_action", "yesno", "Is '{action}' allowed at this point?", _legal_action,
     {"action": "action", "after": "count"}, ("action",), None),
    ("contributions", "map", "How much has each player put in on this {round}?", _contributions, {}, (), None),
    ("street_total", "units", "How many units go into the pot on this {round}?", _street_total, {}, (), None),
    ("best_five", "cards", "Which cards make {player}'s best hand?", _best_five,
     {"player": "player", "side": "text"}, ("player",), _best_five_check),
    ("category", "category", "What kind of hand is {player}'s best hand?", _category,
     {"player": "player", "side": "text"}, ("player",), None),
    ("winners", "players", "Who wins the pot?", _winners, {"side": "text"}, (), None),
    ("award", "map", "How many units does each winner receive?", pot_award, {}, (), None),
    ("legal_hand", "yesno", "May {player} show {cards} as their hand?", _legal_hand,
     {"player": "player", "cards": "cards"}, ("player", "cards"), None),
    ("shared_card", "yesno", "Sixth street is over. Is seventh street one shared card in the middle?",
     _shared_card, {}, (), None),
    ("halves", "halves", "How many units does each player receive from the high half and from the low half?",
     _halves, {}, (), None),
    ("qualifies", "yesno", "Has {player} a qualifying low?", _qualifies, {"player": "player"}, ("player",), None),
    ("side_pots", "pots", "What pots are there, and who may win each?", _side_pots, {}, (), None),
    ("showdown_order", "order", "In what order do the players show their hands?", _showdown_order, {}, (), None),
    # The pot after a game's events (the games on events take it up): no topic, it trains the game.
    ("pot", "units", "How big is the pot after these events?", table_pot, {}, (), None),
)))

# Stud High's own asks about a dealing irregularity (the `irregularity:` key), registered by their module.
from course.asks import irregularity as _irregularity_asks  # noqa: E402,F401
# Whether a hand is live by its number of cards (RRP-H 8.18; course/engine/dead_hands.py): Stud High's
# own ask, asked at the showdown about a player still in; the hole cards are drawn face up.
register("stud-high", Ask("hand_live", "yesno", "Is {player}'s hand live?", _hand_live, "showdown",
                          {"player": "player"}, ("player",), None, whole_hand=True))
