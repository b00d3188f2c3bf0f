"""The widgets that draw answers: each answer kind (`course/asks/kinds.py`) names its widget
(`Kind.widget`, a key of `WIDGETS`). A widget draws itself, reads the learner's answer in the
shape the kind compares, clears it for another try, and says which inputs give an answer
(`fill`, what a learner would click: the tests drive the app through it).

A new ask whose kind of answer already exists needs nothing here; a new kind of answer needs
one class registered in `WIDGETS`. This module and the kinds module are the only ones that know
the kinds of answer.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from course import amounts
from course.asks import solvers
from course.app import cards_view
from course.app.plain_text import md_escape  # noqa: F401 - re-exported: the exercise screens use it through here
from course.cards import Card
from course.hands import Category
from course.model import Exercise, Question

CATEGORIES = [c.label for c in Category]
# The explicit choice for an answer that can be empty ("who takes a card?": nobody).
NOBODY = "Nobody"


def own_cards(exercise: Exercise, question: Question) -> list[Card]:
    """The cards a player may pick from, in the order the deal picture shows them (first two
    down, the face-up row, later hole cards; then the shared cards)."""
    player = question.params.get("player")
    hand = solvers.final_hand_states(exercise).get(player) if player else None
    row = [] if hand is None else [*hand.down[:2], *hand.up, *hand.down[2:]]
    return row + list(solvers.shared_cards(exercise))


def event_cards(exercise: Exercise, player: str | None = None) -> list[Card]:
    """Cards named in the events (all of them, or those of events that name `player`), in
    order: a display aid so the pickers offer every card a player may have come to hold."""
    found: list[Card] = []
    for event in exercise.events:
        words = [w.strip("()[],.;:") for w in str(event).split()]
        if player is not None and player not in words:
            continue
        for word in words:
            try:
                found.append(Card.parse(word))
            except ValueError:
                continue
    return list(dict.fromkeys(found))


def cards_of(exercise: Exercise, player: str) -> list[Card]:
    """A player's cards as dealt in the YAML, then the cards of the events that name them."""
    hand = exercise.hands.get(player)
    dealt = [] if hand is None else list(hand.down[:2]) + list(hand.up) + list(hand.down[2:])
    return list(dict.fromkeys(dealt + event_cards(exercise, player)))


def in_cents(exercise: Exercise) -> bool:
    """Whether the game's amounts may have cents here (Horn-A-Vika's exact halves, or an exercise
    whose pot or stacks hold cents): the number inputs then step by 0.01 and show two places."""
    profile = getattr(exercise, "profile", None)
    if profile is not None and profile.has("matched_limit_rounding") and \
            profile.value("matched_limit_rounding") == "exact":
        return True
    given = [getattr(exercise, "pot", None), *((getattr(exercise, "stacks", None) or {}).values())]
    return any(amounts.has_cents(v) for v in given)


def amount_input(exercise: Exercise) -> dict[str, Any]:
    """The number input's settings: whole units as before, or cents."""
    if in_cents(exercise):
        return {"min_value": 0.0, "step": 0.01, "format": "%.2f"}
    return {"min_value": 0, "step": 1}


def amount_read(value: Any) -> Any:
    """A number input's value as an amount: an int, or an exact `Amount` (0 when empty)."""
    got = amounts.read(value if value is not None else 0)
    return 0 if got is None else got


def amount_fill(exercise: Exercise, value: Any) -> Any:
    """The value to put in a number input for the answer `value` (its JSON shape)."""
    got = amounts.read(value if value is not None else 0) or 0
    return float(got) if in_cents(exercise) else int(got)


class Widget:
    """One answer kind on screen. `key` is the question's widget key; `disabled` once checked
    (the verdict below stays true to what is shown until the learner presses Try again)."""

    def draw(self, key: str, exercise: Exercise, question: Question, label: str, disabled: bool) -> None:
        raise NotImplementedError

    def read(self, key: str, exercise: Exercise) -> Any:
        """The learner's answer in the shape `questions.is_correct` takes, or None if empty."""
        value = st.session_state.get(key)
        return None if value is None or value == [] else value

    def clear(self, key: str, exercise: Exercise) -> None:
        st.session_state[key] = None

    def fill(self, key: str, exercise: Exercise, value: Any) -> list[list[tuple[str, str, Any]]]:
        """The inputs that give the answer `value` (its JSON shape), as (Streamlit element,
        widget key, value) in rounds: the inputs of a round appear once the round before it
        is in (the amounts of pot matches appear once the players are chosen)."""
        raise NotImplementedError

    # Number keys choose: a widget with one list of choices gives them here (`multi` when
    # a key toggles a choice in and out rather than picking it).
    multi = False

    def choices(self, exercise: Exercise, question: Question) -> list[Any]:
        return []

    def choose(self, key: str, choice: Any) -> None:
        """What number key `choice`'s key does: pick it, or toggle it in or out."""
        if not self.multi:
            st.session_state[key] = choice
            return
        chosen = list(st.session_state.get(key) or [])
        st.session_state[key] = [c for c in chosen if c != choice] if choice in chosen \
            else chosen + [choice]


class PlayerWidget(Widget):
    def draw(self, key, exercise, question, label, disabled):
        st.radio(label, self.choices(exercise, question), index=None, key=key, horizontal=True,
                 disabled=disabled)

    def choices(self, exercise, question):
        return list(exercise.seats)

    def fill(self, key, exercise, value):
        return [[("radio", key, value)]]


class ListWidget(Widget):
    """A widget whose value is a list (emptied, not set to None, on Try again)."""

    def read(self, key, exercise):
        value = super().read(key, exercise)
        return None if value is None else list(value)

    def clear(self, key, exercise):
        st.session_state[key] = []


class PlayersWidget(ListWidget):
    multi = True

    def draw(self, key, exercise, question, label, disabled):
        st.pills(label, self.choices(exercise, question), selection_mode="multi", key=key,
                 disabled=disabled)

    def choices(self, exercise, question):
        return list(exercise.seats)

    def fill(self, key, exercise, value):
        return [[("pills", key, list(value))]]


class OrderWidget(ListWidget):
    multi = True

    def draw(self, key, exercise, question, label, disabled):
        st.multiselect(label + " (pick them in order)", self.choices(exercise, question), key=key,
                       placeholder="First to act, then the next...", disabled=disabled)

    def choices(self, exercise, question):
        return list(exercise.seats)

    def fill(self, key, exercise, value):
        return [[("multiselect", key, list(value))]]


class CardsWidget(ListWidget):
    multi = True

    def draw(self, key, exercise, question, label, disabled):
        pool = self.choices(exercise, question)
        st.pills(label + " (click the cards in the table or their chips here; on a keyboard, Tab "
                 "to a card and press Enter)", pool,
                 selection_mode="multi", format_func=cards_view.card_text, key=key,
                 disabled=disabled)
        need = min(5, len(pool))                  # a hand is five cards (fewer only if short)
        st.caption(f"{len(st.session_state.get(key) or [])} of {need} chosen")

    def choices(self, exercise, question):
        return own_cards(exercise, question)

    def fill(self, key, exercise, value):
        return [[("pills", key, _cards(value))]]


class CategoryWidget(Widget):
    def draw(self, key, exercise, question, label, disabled):
        st.selectbox(label, CATEGORIES, index=None, key=key, placeholder="Pick a hand category",
                     disabled=disabled)

    def choices(self, exercise, question):
        return CATEGORIES

    def fill(self, key, exercise, value):
        return [[("selectbox", key, value)]]


class UnitsWidget(Widget):
    def draw(self, key, exercise, question, label, disabled):
        st.number_input(label, value=None, key=key, placeholder="units", disabled=disabled,
                        **amount_input(exercise))

    def read(self, key, exercise):
        value = super().read(key, exercise)
        return None if value is None else amount_read(value)

    def fill(self, key, exercise, value):
        return [[("number_input", key, amount_fill(exercise, value))]]


class YesNoWidget(Widget):
    def draw(self, key, exercise, question, label, disabled):
        st.segmented_control(label, self.choices(exercise, question), key=key, disabled=disabled)

    def choices(self, exercise, question):
        return ["yes", "no"]

    def read(self, key, exercise):
        value = super().read(key, exercise)
        return None if value is None else value == "yes"

    def fill(self, key, exercise, value):
        return [[("segmented_control", key, "yes" if value else "no")]]


class MapWidget(Widget):
    """Units per player (0 for nobody)."""

    def draw(self, key, exercise, question, label, disabled):
        seats = list(exercise.seats)
        st.markdown(label + " (0 for nobody)")   # the label comes escaped
        cols = st.columns(min(len(seats), 4) or 1)
        for n, seat in enumerate(seats):
            with cols[n % len(cols)]:
                # no `value=`: the default is min_value (0), and a box given a value while
                # Try again also sets its state makes Streamlit log a warning with a stack trace
                st.number_input(seat, key=f"{key}:{seat}", disabled=disabled, **amount_input(exercise))

    def read(self, key, exercise):
        return {seat: amount_read(st.session_state.get(f"{key}:{seat}")) for seat in exercise.seats}

    def clear(self, key, exercise):
        for seat in exercise.seats:
            st.session_state[f"{key}:{seat}"] = amount_fill(exercise, 0)

    def fill(self, key, exercise, value):
        return [[("number_input", f"{key}:{seat}", amount_fill(exercise, value.get(seat, 0))) for seat in exercise.seats]]


class HalvesWidget(Widget):
    """A high-low pot: units per player from the high half and from the low half, or no
    qualifying low (Stud Hi-Lo)."""

    def draw(self, key, exercise, question, label, disabled):
        seats = list(exercise.seats)
        st.markdown(label + " (0 for nobody)")   # the label comes escaped
        for half, title in (("high", "High half"), ("low", "Low half")):
            st.markdown(f"**{title}**")
            if half == "low":
                st.checkbox("No qualifying low", key=f"{key}:nolow", disabled=disabled)
            cols = st.columns(min(len(seats), 4) or 1)
            for n, seat in enumerate(seats):
                with cols[n % len(cols)]:
                    st.number_input(seat, min_value=0, step=1, key=f"{key}:{half}:{seat}", disabled=disabled)

    def read(self, key, exercise):
        high = {seat: int(st.session_state.get(f"{key}:high:{seat}") or 0) for seat in exercise.seats}
        if st.session_state.get(f"{key}:nolow"):
            return {"high": high, "low": "none"}
        return {"high": high,
                "low": {seat: int(st.session_state.get(f"{key}:low:{seat}") or 0) for seat in exercise.seats}}

    def clear(self, key, exercise):
        st.session_state[f"{key}:nolow"] = False
        for half in ("high", "low"):
            for seat in exercise.seats:
                st.session_state[f"{key}:{half}:{seat}"] = 0

    def fill(self, key, exercise, value):
        low = value.get("low")
        no_low = not isinstance(low, dict)
        return [[("number_input", f"{key}:high:{seat}", int(value["high"].get(seat, 0))) for seat in exercise.seats]
                + [("checkbox", f"{key}:nolow", no_low)]
                + [("number_input", f"{key}:low:{seat}", 0 if no_low else int(low.get(seat, 0)))
                   for seat in exercise.seats]]


class HoldingWidget(Widget):
    """What a player holds, face up and face down (Have a Heart)."""

    def draw(self, key, exercise, question, label, disabled):
        player = question.params.get("player")
        # the player's own cards first, then every other card of the deal: a card can reach a
        # player from another (a take, or the exchange variation's card given back), and the
        # choices must not tell which
        pool = list(dict.fromkeys([*cards_of(exercise, player), *(
            c for seat in exercise.seats for c in cards_of(exercise, seat))])) if player else event_cards(exercise)
        st.markdown(label)   # the label comes escaped (quiz.question_block, review)
        for side, title in (("up", "Face up"), ("down", "Face down")):
            st.pills(title, pool, selection_mode="multi", format_func=cards_view.card_text,
                     key=f"{key}:{side}", disabled=disabled)

    def read(self, key, exercise):
        up, down = st.session_state.get(f"{key}:up") or [], st.session_state.get(f"{key}:down") or []
        if not up and not down:
            return None
        return {"up": [str(c) for c in up], "down": [str(c) for c in down]}

    def clear(self, key, exercise):
        st.session_state[f"{key}:up"] = []
        st.session_state[f"{key}:down"] = []

    def fill(self, key, exercise, value):
        return [[("pills", f"{key}:{side}", _cards(value[side])) for side in ("up", "down")]]


def face_up_so_far(exercise: Exercise, question: Question) -> dict[str, list[Card]]:
    """Every card each player has shown face up, from the deal up to the question's point
    (`after` moves; all of them otherwise), as the one hand state replays them: a card taken
    face up shows in both rows, a hole card never shows."""
    from course.engine.state import HandState

    after = question.params.get("after")
    return HandState.face_up_seen(exercise, None if after is None else int(after))


class TakesWidget(Widget):
    """Who takes a card (or nobody), and what each other player offers (Have a Heart)."""

    def draw(self, key, exercise, question, label, disabled):
        seats = list(exercise.seats)
        st.markdown(label)   # the label comes escaped (quiz.question_block, review)
        st.radio("Who takes a card?", seats + [NOBODY], index=None, key=f"{key}:taker",
                 horizontal=True, disabled=disabled)
        st.caption("For each player a card may come from: the face-up cards on offer (click them in "
                   "the table or their chips; Tab and Enter work too) and how many hole cards "
                   "(leave a player empty if nothing can be taken from them).")
        shown = face_up_so_far(exercise, question)
        for seat in seats:
            cols = st.columns([3, 1])
            cols[0].pills(f"{seat}: face-up cards", shown.get(seat, []),
                          selection_mode="multi", format_func=cards_view.card_text,
                          key=f"{key}:up:{seat}", disabled=disabled)
            cols[1].number_input(f"{seat}: hole cards", min_value=0, step=1,
                                 key=f"{key}:down:{seat}", disabled=disabled)

    def read(self, key, exercise):
        ss = st.session_state
        taker = ss.get(f"{key}:taker")
        if taker is None:
            return None
        offered = {}
        for seat in exercise.seats:
            up = [str(c) for c in ss.get(f"{key}:up:{seat}") or []]
            down = int(ss.get(f"{key}:down:{seat}") or 0)
            if up or down:
                offered[seat] = {"up": up, "down": down}
        return {"taker": None if taker == NOBODY else taker, "from": offered}

    def clear(self, key, exercise):
        st.session_state[f"{key}:taker"] = None
        for seat in exercise.seats:
            st.session_state[f"{key}:up:{seat}"] = []
            st.session_state[f"{key}:down:{seat}"] = 0

    def fill(self, key, exercise, value):
        inputs = [("radio", f"{key}:taker", value["taker"] or NOBODY)]
        for seat in exercise.seats:
            offer = value["from"].get(seat, {})
            inputs += [("pills", f"{key}:up:{seat}", _cards(offer.get("up", []))),
                       ("number_input", f"{key}:down:{seat}", offer.get("down", 0))]
        return [inputs]


class MatchesWidget(Widget):
    """Who had to match the pot, in order, and how much each paid (Horn-A-Vika)."""

    def draw(self, key, exercise, question, label, disabled):
        nobody = st.checkbox(f"{NOBODY} had to match", key=f"{key}:nobody", disabled=disabled)
        st.multiselect(label + " (pick the players in the order they had to decide; a box for what "
                       "each paid appears under each one you pick)",
                       list(exercise.seats), key=key, placeholder="First to decide, then the next...",
                       disabled=disabled or nobody)
        chosen = [] if nobody else st.session_state.get(key) or []
        if chosen:
            cols = st.columns(min(len(chosen), 4))
            for n, seat in enumerate(chosen):
                cols[n % len(cols)].number_input(f"{seat} pays", key=f"{key}:amt:{seat}", disabled=disabled,
                                                 **amount_input(exercise))

    def read(self, key, exercise):
        if st.session_state.get(f"{key}:nobody"):
            return []
        chosen = st.session_state.get(key) or []
        return [{seat: amount_read(st.session_state.get(f"{key}:amt:{seat}"))}
                for seat in chosen] or None

    def clear(self, key, exercise):
        st.session_state[f"{key}:nobody"] = False
        for seat in st.session_state.get(key) or []:
            st.session_state.pop(f"{key}:amt:{seat}", None)
        st.session_state[key] = []

    def fill(self, key, exercise, value):
        chosen = [("checkbox", f"{key}:nobody", not value),
                  ("multiselect", key, [next(iter(item)) for item in value])]
        paid = [("number_input", f"{key}:amt:{seat}", amount_fill(exercise, units))
                for item in value for seat, units in item.items()]
        return [chosen, paid] if paid else [chosen]


class PotsWidget(Widget):
    """The pots of a hand, main pot first: for each, its amount and the players who may win it.
    A hand has at most one pot per player, so there is a row per seat."""

    @staticmethod
    def _rows(exercise: Exercise) -> int:
        return max(2, len(exercise.seats))

    def draw(self, key, exercise, question, label, disabled):
        st.markdown(label + " (main pot first; leave a pot's amount at 0 when there is no such pot)")
        for n in range(self._rows(exercise)):
            name = "Main pot" if n == 0 else f"Side pot {n}"
            cols = st.columns([1, 3])
            cols[0].number_input(name, key=f"{key}:amt:{n}", disabled=disabled, **amount_input(exercise))
            cols[1].pills(f"Who may win {name.lower()}", list(exercise.seats), selection_mode="multi",
                          key=f"{key}:who:{n}", disabled=disabled)

    def read(self, key, exercise):
        pots = []
        for n in range(self._rows(exercise)):
            amount = amount_read(st.session_state.get(f"{key}:amt:{n}"))
            if amount:
                pots.append({"amount": amount, "players": list(st.session_state.get(f"{key}:who:{n}") or [])})
        return pots or None

    def clear(self, key, exercise):
        for n in range(self._rows(exercise)):
            st.session_state[f"{key}:amt:{n}"] = amount_fill(exercise, 0)
            st.session_state[f"{key}:who:{n}"] = []

    def fill(self, key, exercise, value):
        inputs = []
        for n in range(self._rows(exercise)):
            pot = value[n] if n < len(value) else {"amount": 0, "players": []}
            inputs += [("number_input", f"{key}:amt:{n}", amount_fill(exercise, pot["amount"])),
                       ("pills", f"{key}:who:{n}", list(pot["players"]))]
        return [inputs]


def _cards(values: Any) -> list[Card]:
    return [Card.parse(str(c)) for c in values]


# Widget name (each answer kind names its own: `Kind.widget`) -> the widget.
WIDGETS: dict[str, Widget] = {
    "seat": PlayerWidget(), "seats": PlayersWidget(), "seat-order": OrderWidget(), "cards": CardsWidget(),
    "category": CategoryWidget(), "units": UnitsWidget(), "yes-no": YesNoWidget(),
    "units-per-seat": MapWidget(), "holding": HoldingWidget(), "takes": TakesWidget(),
    "matches": MatchesWidget(), "halves": HalvesWidget(), "pots": PotsWidget(),
}

