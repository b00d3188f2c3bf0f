"""The deal of the one table (`course.engine.table.Table`), stage by stage, as the game spec gives it:

    P2 is dealt 8♦ down        shared 4♠        spit 9♣

Each function plays one kind of card onto the table, or sets the table up as an exercise's cards
show it, after checking that the card is the one due (`Table.next_deal`): a card to a player, the
one shared card when the deck runs short (the profile's `shared_card` rule), a stage's card to the
table (Horn-A-Vika's spit card), and the cards a record does not show, each dealt in its turn. What
a card calls for in a game of its own is the game's `Rules.on_dealt` / `Rules.on_shared`; whether
the betting the card makes due can open at all is the table's (`Table.apply` settles it after each
card). The table's cached answer of whether its stage is dealt (`Table.stage_dealt`) is dropped on
every card counted.
"""

from __future__ import annotations

from typing import Any

from course.cards import Card
from course.errors import IllegalActionError
from course.explain import Step
from course.games import DEAL_TIMELINE
from course.moves import Move

SHARED = "shared"      # what `Table.next_deal` returns when the next card is the one shared card
TABLE = "table"        # ... and when it is a stage's card to the table (Horn-A-Vika's spit card)


def deal_up_to(table: Any, street: str) -> None:
    """The table as the cards it holds show it, at the end of `street`'s deal (the last stage
    when the street deals none, as the showdown): every player has anted and been dealt the
    street's cards, a player who folded earlier only the hole cards and the face-up cards
    they show, and each card is where the exercise puts it."""
    streets = [s.street for s in table.stages]
    table.stage = table.start_stage = (len(streets) - streets[::-1].index(street)) if street in streets \
        else len(streets)
    stage = table.stages[table.stage - 1]
    table.received = {p: len(stage.players) for p in table.seats}
    count, first_down = table.spec.cards_by(stage.street), table.spec.streets[0].down
    table.dealt = {p: min(count, first_down + len(table.hands[p].up)) if table.hands[p].folded else count
                   for p in table.seats}
    table.anted = set(table.seats)
    for name, seat in table.hands.items():
        for card in seat.down:
            table.where[card] = f"{name} down"
        for card in seat.up:
            table.where[card] = f"{name} up"


def deal_unknown(table: Any) -> None:
    """Deal, in their turn, the cards the record does not show (`Table.unknown`): each counts as a
    card given out, face up or down as the deal says, with no card to hold or to read."""
    while table.unknown:
        expected = table.next_deal()
        if not isinstance(expected, tuple) or table.unknown.get(expected[0], 0) <= 0:
            return
        player, up = expected
        if table.dealt[player] not in table.unknown_at.get(player, ()):
            return
        if table.stage_dealt:
            _open_stage(table)
        table.unknown[player] -= 1
        _count_card(table, player)
        table.history[player].append(Step(f"{player} is dealt a card face {'up' if up else 'down'} that the "
                                          "record does not show.", table.rules.deal_cites(table)))


def deal_card(table: Any, move: Move) -> None:
    """'P2 is dealt 8♦ down': the card due next, to the player and face it is due to."""
    deal_unknown(table)
    if table.dealt.get(move.player, 0) in table.unknown_at.get(move.player, ()):
        raise IllegalActionError(f"{move.player}'s card {table.dealt[move.player] + 1} is listed in unknown_cards (the "
                                 "record does not show it): no card is named for it", cite=table.rules.deal_cites(table))
    expected = table.next_deal()
    if expected is None:
        raise IllegalActionError(table.why_not_next() or "no card is due now", cite=table.rules.deal_cites(table))
    if expected == TABLE:
        raise IllegalActionError(f"stage {table.stage + 1} deals the {table.spec.shared_name.lower()} to the "
                                 f"table: expected '{table.rules.table_card} <card>' before more cards go to "
                                 "players", cite=table.rules.deal_cites(table, table.stage + 1))
    if expected == SHARED:
        verdict = table.shared_verdict()
        raise IllegalActionError(f"{verdict.steps[-1].text} Write it as 'shared <card>'.", cite=verdict.citations)
    player, up = expected
    if (move.player, move.up) != (player, up):
        street = table.street if table.stage and not table.stage_dealt else table.stages[table.stage].street
        raise IllegalActionError(f"the next card of {street} street goes to {player} face "
                                 f"{'up' if up else 'down'}, not to {move.player} face "
                                 f"{'up' if move.up else 'down'}", cite=table.rules.deal_cites(table))
    _unseen(table, move.card)
    place_card(table, player, up, move.card)
    deal_unknown(table)


def place_card(table: Any, player: str, up: bool, card: Card) -> None:
    """`card` to `player` face up or down, once it is known to be the card due: the stage opened,
    the seat's cards, where the card is, the count, the step in the log and the game's hook."""
    if table.stage_dealt:
        _open_stage(table)
    seat = table.hands[player]
    (seat.up if up else seat.down).append(card)
    table.where[card] = f"{player} {'up' if up else 'down'}"
    _count_card(table, player)
    step = Step(f"{player} is dealt {card} face {'up' if up else 'down'}.", table.rules.deal_cites(table))
    if table.rules.logs_deals:
        table.log.append(step)
    table.history[player].append(step)
    table.rules.on_dealt(table, player, card, up)


def deal_shared_card(table: Any, move: Move) -> None:
    """'shared 4♠': the last stage as one card face up in the middle, when the deck runs short."""
    verdict, due = table.shared_verdict(), table.next_deal()
    if due != SHARED:
        rule = table.profile.option("shared_card")
        if verdict is not None and due is not None:
            raise IllegalActionError("a shared card comes only when the deck runs short: " + verdict.steps[-1].text,
                                     cite=verdict.citations)
        raise IllegalActionError(f"a shared card can only be the whole of {table.stages[-1].street} street, in "
                                 "place of everyone's card when the deck runs short, once the betting before it "
                                 "is over",
                                 cite=(*rule.cite, DEAL_TIMELINE))
    _unseen(table, move.card)
    _open_stage(table)
    table.shared_stage = table.stage
    table.shared.append(move.card)
    table.where[move.card] = "the shared card"
    plays = table.profile.option("shared_cards_play")
    table.log.append(verdict.steps[-1])
    table.log.append(Step(f"The shared {move.card} is face up in the middle: it counts in every hand still in.",
                          plays.cite, course_default=plays.course_default))
    table.rules.on_shared(table, move.card)


def deal_table_card(table: Any, move: Move) -> None:
    """A stage's card dealt to the table (it counts in every hand still in)."""
    name = table.spec.shared_name.lower()
    if table.shared:
        raise IllegalActionError(f"the {name} is already out: {table.shared[0]}", cite=table.rules.deal_cites(table))
    stage = next(s.number for s in table.stages if s.to_table)
    if table.stage + 1 != stage or not table.stage_dealt:
        raise IllegalActionError(f"the {name} comes at stage {stage}, once every card before it is dealt; "
                                 f"this is stage {table.stage}", cite=table.rules.deal_cites(table))
    why = table.why_not_next()
    if why is not None:
        raise IllegalActionError(why, cite=table.rules.deal_cites(table))
    _unseen(table, move.card)
    _open_stage(table)
    table.shared.append(move.card)
    table.where[move.card] = f"the {name}"
    # the table's own record (a card for no player, under ""): the words of the move's ledger entry
    table.history.setdefault("", []).append(Step(
        f"The {name}, {move.card}, is turned face up in the middle: it counts in the hand of every player "
        "still in.", table.rules.deal_cites(table)))
    table.rules.on_shared(table, move.card)


def _unseen(table: Any, card: Card) -> None:
    if card in table.where:
        raise IllegalActionError(f"{str(card)!r} is already in play: {table.where[card]}")


def _count_card(table: Any, player: str) -> None:
    """One more card given out to `player` in this stage and in the hand; the table's kept answer
    of whether the stage is dealt (`Table.stage_dealt`) is asked again."""
    table.received[player] += 1
    table.__dict__["_dealt"] = None
    table.dealt[player] += 1


def _open_stage(table: Any) -> None:
    verdict = table.shared_verdict()
    if verdict is not None:
        table.seventh, table.seventh_dealt = verdict, sum(table.dealt.values())
    table.stage += 1
    table.opened.append(table.stage)
    table.received = {p: 0 for p in table.seats}
    table.round, table.round_done = None, False
