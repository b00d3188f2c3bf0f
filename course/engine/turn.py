"""Who brings in, who opens, and in what order players act: driven only by profile options.

- `bring_in(seats, doors, profile)`: the lowest door card among the players dealt in, aces high,
  or the highest, aces low, as the profile's `bring_in_card` and `bring_in_ace` say (razz); a
  tie goes by the profile's `door_card_tie` (`suit`: ♣ < ♦ < ♥ < ♠, the lower suit bringing in
  with the lowest card and the higher with the highest, or `seat`: nearest the dealer's left).
  Hidden cards never matter.
- `opener(seats, rows, profile, folded=())`: the strongest exposed row among the players still
  in, compared with `course.hands.evaluate` (so four to a flush or a straight is nothing), or
  with `later_round_opens: lowest-showing` the lowest row as an ace-to-five low (razz); a tie
  goes by `later_round_tie` (`seat`: the tied player dealt first; `suit`: the highest suit among
  the cards that decide the value). Folded rows never count.
- `action_order(seats, first, active)`: clockwise from the first actor over the players in.
- `needs_shared_card(players_in, profile)`: whether seventh street is one shared face-up card.

`seats` is the clockwise order, the first seat at the dealer's left (it receives cards first).
Every answer is an `Answer` whose steps cite the profile option or shared rule they apply.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Collection, Iterable, Mapping, Sequence

from course.cards import Card, Rank, Suit, parse_cards
from course.explain import Answer, Step
from course.games import find_game
from course.hands import ACE_TO_FIVE, Category, card_key, evaluate, hand_order
from course.rules import Option, Profile, citation, on_street

__all__ = [
    "action_order",
    "bring_in",
    "check_seats",
    "exposed_pairs",
    "first_to_act",
    "needs_shared_card",
    "opener",
    "split_hand",
    "starting_order",
]

DECK_SIZE = 52
CARDS_BEFORE_SEVENTH = 6


# --- small helpers -------------------------------------------------------------------------


def check_seats(seats: Sequence[str]) -> list[str]:
    """The seat list as given; `ValueError` for an empty list or a name seated twice."""
    seats = list(seats)
    if not seats:
        raise ValueError("seats [] is empty: expected the players in clockwise order")
    seen = set()
    for name in seats:
        if name in seen:
            raise ValueError(f"seats {seats!r} name {name!r} twice: each player sits once")
        seen.add(name)
    return seats


def _check_players(seats: Sequence[str], names: Iterable[str], what: str) -> None:
    for name in names:
        if name not in seats:
            raise ValueError(f"{what} names {name!r}, who is not seated: expected one of {list(seats)!r}")


def split_hand(hand: Any) -> tuple[list[Card], list[Card]]:
    """(down, up) from a `(down, up)` pair or an object with `.down` and `.up` (content's Hand)."""
    if hasattr(hand, "up"):
        return parse_cards(getattr(hand, "down", None)), parse_cards(hand.up)
    if isinstance(hand, (tuple, list)) and len(hand) == 2:
        return parse_cards(hand[0]), parse_cards(hand[1])
    raise ValueError(f"hand {hand!r} should be (down cards, up cards)")


def _option_step(text: str, option: Option, extra: Sequence[str] = ()) -> Step:
    """A step applying a profile option; says so when the value is the course's own default."""
    if option.course_default:
        text += " (the course's own default: this profile's source does not state it)"
    elif option.overridden:
        text += " (this exercise sets that option)"
    return Step(text, tuple(dict.fromkeys((*option.cite, *extra))), option.course_default)


def _rule_step(text: str, name: str, profile: Profile) -> Step:
    return Step(text, profile.rule_cite(name))


def _names(players: Sequence[str]) -> str:
    players = list(players)
    if len(players) == 1:
        return players[0]
    return ", ".join(players[:-1]) + " and " + players[-1]


def _row_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _low_row(cards: Sequence[Card]) -> Any:
    """An exposed row as a razz low (ace-to-five: a pair counts against it, straights and flushes
    are nothing; fewer than five cards compare as they stand)."""
    return hand_order(ACE_TO_FIVE).full(cards)


def _value_words(value: Any) -> str:
    """A row's value in words (a high row's `evaluate`, a razz row's low), without the note on a
    short hand."""
    return value.words.split(" (a short hand")[0]


def _ordered(seats: Sequence[str], players: Iterable[str]) -> list[str]:
    wanted = set(players)
    return [p for p in seats if p in wanted]


# --- bring-in ------------------------------------------------------------------------------


def _bring_in_rule(profile: Profile) -> tuple[str, bool, list[Option]]:
    """Which door card brings in: ('lowest' or 'highest', whether an ace counts low, the options
    that say so). A profile without `bring_in_card` is Stud High's: the lowest card, aces high."""
    if not profile.has("bring_in_card"):
        return "lowest", False, []
    card, ace = profile.option("bring_in_card"), profile.option("bring_in_ace")
    return card.value, ace.value == "low", [card, ace]


def bring_in_unknown_doors(seats: Sequence[str], doors: Mapping[str, Card | str], unknown: Collection[str],
                           seen: Collection[Card], profile: Profile) -> list[Card]:
    """The cards that, dealt as the door card of a player in `unknown` (whose door card the
    record does not show), would take the bring-in from the player the known `doors` give it
    to: any card not in `seen` (the cards known to be dealt) may be that door card. [] when the
    known doors decide the bring-in."""
    known = bring_in(seats, doors, profile, words=False).value
    rest = [Card(r, s) for r in Rank for s in Suit if Card(r, s) not in set(seen)]
    return [card for card in rest if any(
        bring_in(seats, {**doors, p: card}, profile, words=False).value != known for p in unknown)]


def bring_in(seats: Sequence[str], doors: Mapping[str, Card | str], profile: Profile, *, words: bool = True) -> Answer:
    """The player who brings in on third street: the lowest door card, aces high (Stud High,
    Hi-Lo), or the highest, aces low (razz), as the profile's `bring_in_card` and `bring_in_ace`
    say; a tie of ranks by the profile's `door_card_tie`. `words=False`: the same decision,
    without its steps (a replay that may never read them)."""
    seats = check_seats(seats)
    _check_players(seats, doors, "doors")
    spec = find_game(profile.game)
    point, door = spec.point_words(spec.first_street), spec.door_card   # the game's own words
    first = spec.opens(spec.first_street, profile)
    if first.value != "bring-in":
        raise ValueError(
            f"this rule profile has no bring-in ({first.name} is {first.value!r}): {point} is "
            "opened by the highest card showing; ask for the opener instead"
        )
    cards = {p: Card.parse(doors[p]) for p in _ordered(seats, doors)}
    if not cards:
        raise ValueError("doors {} is empty: expected each dealt-in player's door card")
    which, ace_low, options = _bring_in_rule(profile)
    highest = which == "highest"
    rank = {p: card_key(c, ace_low)[0] for p, c in cards.items()}
    top = (max if highest else min)(rank.values())
    tied = [p for p in cards if rank[p] == top]
    tie = profile.option("door_card_tie") if len(tied) > 1 else None
    chosen = _break_door_tie(tied, tie, cards, highest)
    if not words:
        return Answer(chosen, [])
    word = "highest" if highest else "lowest"
    if options:
        cite = tuple(dict.fromkeys(k for o in (first, *options) for k in o.cite))
        rule = Option(first.name, first.value, cite, any(o.course_default for o in (first, *options)),
                      overridden=any(o.overridden for o in (first, *options)))
        extra: tuple[str, ...] = ()
    else:
        rule, extra = first, profile.rule_cite("lowest_door_brings_in")
    steps = [
        _option_step(
            f"On {point} the {word} {door} brings in; an ace counts "
            f"{'low' if ace_low else 'high'} here, and face-down cards play no part.",
            rule,
            extra,
        ),
        Step(f"{door.capitalize()}s: " + ", ".join(f"{p} {c}" for p, c in cards.items()) + "."),
    ]
    if tie is None:
        steps.append(Step(f"{chosen}'s {cards[chosen]} is the {word} {door}.", rule.cite))
    else:
        steps.append(_door_tie_step(chosen, tied, tie, cards, highest))
    steps.append(Step(f"{chosen} brings in.", rule.cite))
    return Answer(chosen, steps)


def _break_door_tie(tied: list[str], tie: Option | None, cards: Mapping[str, Card], highest: bool) -> str:
    """The player who brings in among those tied on rank: by suit or by seat, as `tie` says."""
    if tie is None:
        return tied[0]
    if tie.value == "suit":
        return (max if highest else min)(tied, key=lambda p: cards[p].suit)
    if tie.value == "seat":
        return tied[0]
    raise ValueError(f"door_card_tie {tie.value!r}: expected 'suit' or 'seat'")  # pragma: no cover - the schema admits only the values above


def _door_tie_step(chosen: str, tied: list[str], tie: Option, cards: Mapping[str, Card], highest: bool) -> Step:
    """How a tie of door-card ranks is broken: by suit, or by seat."""
    word = "highest" if highest else "lowest"
    shown = _names([f"{p} ({cards[p]})" for p in tied])
    if tie.value == "suit":
        if highest:
            text = (f"{shown} share the highest rank; the higher suit brings in, spades above hearts "
                    f"above diamonds above clubs, so {cards[chosen]} is highest.")
        else:
            text = (f"{shown} share the lowest rank; the lower suit brings in, clubs below diamonds "
                    f"below hearts below spades, so {cards[chosen]} is lowest.")
        return _option_step(text, tie)
    return _option_step(
        f"{shown} share the {word} rank; the tied player nearest the dealer's left "
        f"brings in, which is {chosen}.",
        tie,
    )


# --- opener --------------------------------------------------------------------------------


def _suit_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """Highest suit among the cards of each deciding rank, rank by rank (the `suit` tie rule)."""
    value = evaluate(cards)
    return tuple(max(c.suit for c in cards if c.rank == r) for r in value.ranks)


def _draw_notes(player: str, cards: Sequence[Card]) -> list[str]:
    """Exposed four-flushes and four-straights: worth noting that they count for nothing."""
    notes = []
    if len(cards) >= 4:
        for suit in Suit:
            if sum(c.suit is suit for c in cards) >= 4:
                notes.append(f"{player}'s four {suit.word} showing are not a flush: a flush needs five cards")
        ranks = {int(c.rank) for c in cards} | ({1} if any(int(c.rank) == 14 for c in cards) else set())
        if any(all(r + k in ranks for k in range(4)) for r in range(1, 12)):
            value = evaluate(cards)
            if value.category is Category.HIGH_CARD:
                notes.append(
                    f"{player}'s four ranks in a row showing are not a straight: a straight needs five cards"
                )
    return notes


def opener(
    seats: Sequence[str],
    rows: Mapping[str, Iterable[Card | str]],
    profile: Profile,
    folded: Collection[str] = (),
    street: str | None = None,
    shared: Iterable[Card | str] = (),
    *,
    words: bool = True,
) -> Answer:
    """The player who acts first: strongest exposed row among players still in; ties by profile.

    `rows` maps player -> exposed cards in deal order; `street` only adds the seventh-street note.
    `shared`: a shared face-up card dealt in place of the street's own cards; the profile's
    `shared_card_opener` says whether it counts in every row (Robert's Rules 8.15) or not.
    `words=False`: the same decision, without its steps.
    """
    seats = check_seats(seats)
    _check_players(seats, rows, "rows")
    _check_players(seats, folded, "folded")
    parsed = {p: parse_cards(rows[p]) for p in _ordered(seats, rows)}
    return _opener(parsed, rows, profile, folded, street, shared, words)


def _opener(parsed: Mapping[str, list[Card]], rows: Mapping[str, Any], profile: Profile, folded: Collection[str],
            street: str | None, shared: Iterable[Card | str], words: bool) -> Answer:
    """`opener` on rows already checked against the seats and read as cards, in seat order
    (`parsed`, not changed here; `rows` as given, for the error message): `first_to_act` has
    done both for the hands it is given, so it does not do them again."""
    option = profile.option("later_round_opens")
    low = option.value == "lowest-showing"      # razz: the lowest row showing, aces low (RRP-H 9.3)
    middle = parse_cards(shared)
    counted = bool(middle) and profile.option("shared_card_opener").value == "best-with-shared"
    out = set(folded)
    active = {p: cards + (middle if counted else []) for p, cards in parsed.items() if p not in out and cards}
    if not active:
        raise ValueError(f"no player still in shows a card: rows {dict(rows)!r}, folded {list(folded)!r}")
    # The decision: the best row showing (the lowest, as a low, in razz); a tie by the profile.
    values = {p: (_low_row(cards) if low else evaluate(cards)) for p, cards in active.items()}
    chosen, tied, tie = _best_row(active, values, profile)
    if not words:
        return Answer(chosen, [])
    # Each step cites only the article about this street (a source may give one per street).
    cite = on_street(option.cite, street)
    if cite != option.cite:
        option = replace(option, cite=cite)
    steps = [_opener_rule_step(low, option, profile)]
    if middle:
        steps.append(_shared_card_step(middle, counted, profile))
    gone = [p for p in parsed if p in out]
    if gone:
        steps.append(
            _rule_step(f"{_names(gone)} folded, so {'that row does' if len(gone) == 1 else 'those rows do'} not count.", "folded_out", profile)
        )
    shown = {p: _value_words(values[p]) for p in active}     # the values just found, not evaluated again
    steps += _rows_steps(active, values, shown, low, profile)
    tie_step = _opener_tie_step(chosen, tied, tie, shown, low, option, len(active))
    if tie_step is not None:
        steps.append(tie_step)
    if not middle and find_game(profile.game).dealt_face_down(street):
        steps.append(
            _rule_step(
                "The seventh card is dealt face down, so the rows showing, and the first actor, are "
                "the same as on sixth street.",
                "hidden_seventh",
                profile,
            )
        )
    steps.append(Step(f"{chosen} acts first.", option.cite))
    return Answer(chosen, steps)


def _best_row(active: Mapping[str, list[Card]], values: Mapping[str, Any],
              profile: Profile) -> tuple[str, list[str], Option | None]:
    """The player whose row is best (`values`), the players tied for it, and the profile's tie
    rule when more than one is (None otherwise)."""
    best = max(v.value for v in values.values())
    tied = [p for p in active if values[p].value == best]
    tie = profile.option("later_round_tie") if len(tied) > 1 else None
    if tie is None or tie.value == "seat":
        chosen = tied[0]
    elif tie.value == "suit":
        chosen = max(tied, key=lambda p: _suit_key(active[p]))
    else:  # pragma: no cover
        raise ValueError(f"later_round_tie {tie.value!r}: expected 'seat' or 'suit'")
    return chosen, tied, tie


def _opener_rule_step(low: bool, option: Option, profile: Profile) -> Step:
    """The rule: the strongest row showing opens (the lowest, as a low, in razz)."""
    if low:
        return _option_step(
            "The lowest hand showing acts first; only face-up cards count, aces low, compared as lows: "
            "straights and flushes count for nothing, and a pair showing counts against a row.",
            option)
    return _option_step(
        "The strongest hand showing acts first; only face-up cards count, compared by their "
        "poker value (four to a flush or a straight counts for nothing).",
        option,
        profile.rule_cite("exposed_value_only"),
    )


def _shared_card_step(middle: list[Card], counted: bool, profile: Profile) -> Step:
    """A shared card dealt for the street: in every row, or left out, as the profile says."""
    cards = " ".join(str(c) for c in middle)
    return _option_step(
        f"This street is one shared card, {cards}, face up in the middle for everyone: "
        + ("this profile counts it in every row showing, as Robert's Rules 8.15 does, so the best hand "
           "showing with it opens."
           if counted else
           "this profile leaves it out of the rows compared, so the rows, and the first actor, are "
           "those of the street before."),
        profile.option("shared_card_opener"),
    )


def _rows_steps(active: Mapping[str, list[Card]], values: Mapping[str, Any], shown: Mapping[str, str], low: bool,
                profile: Profile) -> list[Step]:
    """The rows showing, then what does not count in them: a pair against a low row, four to a
    flush or a straight in a high one."""
    steps = [
        Step(
            "Showing: "
            + "; ".join(f"{p} {_row_text(active[p])}, {shown[p]}" for p in active)
            + "."
        )
    ]
    for p in active:
        if low:
            if values[p].category is not Category.HIGH_CARD:
                steps.append(Step(f"{p}'s pair showing counts against that row: any row without a pair "
                                  "is lower.", values[p].cite,
                                  any(citation(k).course_default for k in values[p].cite)))
            continue
        for note in _draw_notes(p, active[p]):
            steps.append(_rule_step(note + ".", "exposed_value_only", profile))
    return steps


def _opener_tie_step(chosen: str, tied: list[str], tie: Option | None, shown: Mapping[str, str], low: bool,
                     option: Option, rows: int) -> Step | None:
    """Why `chosen` opens among the rows: the best row, or a tie broken by seat or by suit (None:
    one row alone)."""
    if tie is None:
        if rows > 1:
            return _option_step(
                f"{chosen}'s row ({shown[chosen]}) is the {'lowest' if low else 'strongest'} showing.", option
            )
        return None
    if tie.value == "seat":
        return _option_step(
            f"{_names(tied)} show equal value ({shown[chosen]}); the tied player "
            f"dealt first acts first, which is {chosen}, and suits do not matter.",
            tie,
        )
    return _option_step(
        f"{_names(tied)} show equal value ({shown[chosen]}); this profile breaks "
        f"the tie by the highest suit among the deciding cards, which is {chosen}'s.",
        tie,
    )


# --- order ---------------------------------------------------------------------------------


def action_order(seats: Sequence[str], first: str, active: Collection[str]) -> list[str]:
    """Players in the order they first act: from `first` clockwise over the `active` players."""
    seats = check_seats(seats)
    if first not in seats:
        raise ValueError(f"first actor {first!r} is not seated: expected one of {seats!r}")
    _check_players(seats, active, "active")
    still_in = set(active)
    if first not in still_in:
        raise ValueError(f"first actor {first!r} is not among the players still in {list(active)!r}")
    start = seats.index(first)
    turn = seats[start:] + seats[:start]
    return [p for p in turn if p in still_in]


def _dealt_and_active(seats, hands, folded) -> tuple[list[str], list[str]]:
    _check_players(seats, hands, "hands")
    _check_players(seats, folded, "folded")
    dealt = _ordered(seats, hands)
    out = set(folded) | {p for p in dealt if getattr(hands[p], "folded", False)}
    return dealt, [p for p in dealt if p not in out]


def first_to_act(
    street: str,
    seats: Sequence[str],
    hands: Mapping[str, Any],
    profile: Profile,
    folded: Collection[str] = (),
    shared: Iterable[Card | str] = (),
    *,
    words: bool = True,
) -> Answer:
    """Who acts first on `street`: the bring-in on third street (when the profile has one), else
    the opener. `hands` maps player -> (down, up) or an object with `.down`/`.up`/`.folded`;
    `shared` the shared face-up card once it is dealt (see `opener`). `words=False`: the same
    player, without the steps (`Answer.steps` empty), for a replay that words them only if read."""
    spec = find_game(profile.game)
    spec.check_betting_street(street)
    seats = check_seats(seats)
    dealt, active = _dealt_and_active(seats, hands, folded)
    ups = {p: split_hand(hands[p])[1] for p in dealt}
    if street == spec.first_street:
        missing = [p for p in dealt if not ups[p]]
        if missing:
            raise ValueError(f"{_names(missing)} show no {spec.door_card}: {spec.point_words(street)} needs one up "
                             "card each")
    opens = spec.opens(street, profile).value     # the game spec names the option; the profile decides
    if opens == "bring-in":
        return bring_in(seats, {p: ups[p][0] for p in dealt}, profile, words=words)
    if opens == "highest-showing":
        return _third_street_opener(seats, {p: ups[p][:1] for p in dealt}, profile, folded=set(dealt) - set(active),
                                    words=words)
    return _opener(ups, ups, profile, set(dealt) - set(active), street, shared, words)   # ups: checked, in seat order


def _third_street_opener(seats, rows, profile, folded, words: bool = True) -> Answer:
    answer = opener(seats, rows, profile, folded=folded, words=words)
    if not words:
        return answer
    spec = find_game(profile.game)
    third = spec.opens(spec.first_street, profile)
    answer.steps.insert(
        0,
        _option_step(f"In this game no one brings in: the highest card showing opens {spec.point_words(spec.first_street)}.",
                     third),
    )
    return answer


def starting_order(
    street: str,
    seats: Sequence[str],
    hands: Mapping[str, Any],
    profile: Profile,
    folded: Collection[str] = (),
    shared: Iterable[Card | str] = (),
) -> Answer:
    """The `action_order` question: who acts first and then clockwise over the players still in."""
    first = first_to_act(street, seats, hands, profile, folded, shared)
    dealt, active = _dealt_and_active(list(seats), hands, folded)
    order = action_order(seats, first.value, active)
    steps = list(first.steps)
    out = [p for p in dealt if p not in active]
    text = f"From {first.value} the order goes clockwise: {' → '.join(order)}"
    if out:
        text += f", leaving out {_names(out)}, who folded"
    # The order from a bring-in rests on the bring-in article, from an opener on the later-streets one.
    brings_in = find_game(profile.game).opens(street, profile).value == "bring-in" and profile.stakes.bring_in > 0
    rule_name = "clockwise_from_bring_in" if brings_in else "clockwise_from_first"
    steps.append(_rule_step(text + "; a bet or raise can bring the action round again.", rule_name, profile))
    return Answer(order, steps)


# --- exposed pairs (fourth-street option) ---------------------------------------------------


def exposed_pairs(rows: Mapping[str, Iterable[Card | str]], active: Collection[str]) -> list[str]:
    """Players still in whose face-up cards hold a pair (or better), in the rows' order."""
    found = []
    for player, cards in rows.items():
        if player not in set(active):
            continue
        ranks = [c.rank for c in parse_cards(cards)]
        if len(set(ranks)) < len(ranks):
            found.append(player)
    return found


# --- shared card ---------------------------------------------------------------------------


def cards_left_before_seventh(hands: Mapping[str, tuple[Sequence[Card], Sequence[Card]]]) -> int:
    """Cards still in the deck once sixth street is dealt, counted from the deal as written.

    `hands` maps every player dealt in, folded or not, to (down, up). Everyone got two hole
    cards on third street, whether the exercise writes them or not; each face-up card a player
    shows was dealt too, so a player who folded early counts only the cards they received. Hole
    cards beyond two (a seventh card already dealt) are not counted: the question is asked
    before seventh street. Burn cards are not counted (a course default).
    """
    dealt = sum(2 + len(up) for _down, up in hands.values())
    return DECK_SIZE - dealt


def needs_shared_card(
    players_in: int | Collection[str],
    profile: Profile,
    cards_left: int | None = None,
    dealt_in: int | None = None,
) -> Answer:
    """Whether seventh street is one shared face-up card instead of a card to each player.

    `players_in`: how many players (or which) are still in before seventh street. `cards_left`:
    the cards still in the deck (see `cards_left_before_seventh`); when not given, the course
    assumes every player dealt in (`dealt_in`, default: the players still in) stayed to sixth
    street and so received six cards, with no burn cards.
    """
    count = players_in if isinstance(players_in, int) else len(players_in)
    if isinstance(count, bool) or count < 1:
        raise ValueError(f"players_in {players_in!r}: expected at least one player still in")
    option = profile.option("shared_card")
    if option.value == "never":
        return Answer(False, [_option_step("This game never turns seventh street into a shared card.", option)])
    steps = []
    if cards_left is None:
        dealt = count if dealt_in is None else dealt_in
        if dealt < count:
            raise ValueError(f"dealt_in {dealt_in!r} is below players_in {count}: expected at least {count}")
        cards_left = DECK_SIZE - CARDS_BEFORE_SEVENTH * dealt
        if cards_left < 0:
            raise ValueError(f"{dealt} players cannot each get six cards from one deck of {DECK_SIZE}")
        steps.append(
            Step(
                f"If all {dealt} players dealt in stayed to sixth street, they hold six cards each, so "
                f"{DECK_SIZE} - {6 * dealt} = {cards_left} cards are left (the course counts no burn cards).",
                ('COURSE "Shared card"',),
                True,
            )
        )
    elif isinstance(cards_left, bool) or not isinstance(cards_left, int) or cards_left < 0:
        raise ValueError(f"cards_left {cards_left!r}: expected a whole number of cards, 0 or more")
    shared = cards_left < count
    if shared:
        text = (
            f"{count} players are still in but only {cards_left} cards are left, so one card is "
            "turned face up in the middle as everyone's seventh card."
        )
    else:
        text = f"{cards_left} cards are enough for the {count} players still in: seventh street is dealt as usual."
    steps.append(_option_step(text, option))
    return Answer(shared, steps)
