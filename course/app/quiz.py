"""One exercise on screen: the deal as cards, one widget per question, Check / Show answer /
Try again, and the engine's cited explanation.

Every answer, every right/wrong verdict and every explanation comes from `course.questions`;
this module only picks a widget for each `ask`, reads it, and draws what the engine returned.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable, Sequence
from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from course.app import cards_view, state, study_feedback
from course.app.progress import Attempt
from course.cards import Card
from course.hands import Category

# Asks whose questions are about a player's whole hand: the hole cards are shown face up
# (dimmed, marked "down"); for the other asks they are drawn as card backs.
HAND_ASKS = {"best_five", "category", "winners", "award", "legal_hand", "holding"}

CATEGORIES = [c.label for c in Category]


# -- text ----------------------------------------------------------------------------------

def md_escape(text: Any) -> str:
    """Plain text for st.markdown: `$` would start LaTeX and money is written with `$`."""
    return str(text).replace("\\", "\\\\").replace("$", "\\$")


def author_md(text: Any) -> str:
    """Author markdown as written, except that a bare `$` (money) does not start LaTeX."""
    return re.sub(r"(?<!\\)\$", r"\\$", str(text))


def fmt(value: Any) -> str:
    """An answer as a learner reads it."""
    if value is None:
        return "(no answer)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, dict) and "taker" in value and "from" in value:
        offers = [f"from {p}: " + " or ".join(
            ([f"face up {fmt(o.get('up'))}"] if o.get("up") else [])
            + ([f"one of {o.get('down')} hole cards"] if o.get("down") else []))
            for p, o in (value.get("from") or {}).items()]
        return f"{value['taker']} takes; " + ("; ".join(offers) if offers else "nothing on offer")
    if isinstance(value, dict) and set(value) <= {"up", "down"} and value:
        return "; ".join(f"{k} {fmt(v) if v else 'nothing'}" for k, v in value.items())
    if isinstance(value, dict):
        items = [f"{k} {fmt(v)}" for k, v in value.items() if v not in (0, None)]
        return ", ".join(items) if items else "nobody"
    if isinstance(value, (list, tuple, set, frozenset)):
        seq = list(value)
        if seq and all(isinstance(v, Card) for v in seq):
            return " ".join(str(v) for v in seq)
        return ", ".join(fmt(v) for v in seq) if seq else "nobody"
    if hasattr(value, "label") and not isinstance(value, str):
        return str(value.label)
    return str(value)


def prompt_of(exercise: Any, question: Any) -> str:
    """The authored prompt, or the ask's default prompt from `course.questions`."""
    return str(state.module("questions").prompt_for(exercise, question))


def skill_of(exercise: Any, question: Any) -> str:
    """The skill an attempt counts towards, as `course.questions` maps asks to topics."""
    return str(state.module("questions").topic_for(exercise.game, question.ask))


def shown(value: Any) -> str:
    """An engine value as a learner reads it (via the engine's own JSON shape)."""
    return fmt(state.module("questions").to_json(value))


# -- rule profiles -------------------------------------------------------------------------

def profile_names(game: str) -> list[str]:
    rules = state.module("rules")
    if rules is None:
        return []
    try:
        return list(rules.profile_names(game))
    except (TypeError, KeyError, ValueError):
        return []


def with_profile(exercise: Any, name: str) -> Any:
    """The same deal under another rule profile (the exercise's own options kept)."""
    if name == exercise.rules:
        return exercise
    content = state.module("content")
    fn = getattr(content, "with_profile", None)
    if callable(fn):
        return fn(exercise, name)
    rules = state.module("rules")
    profile = rules.load_profile(name, getattr(exercise, "options", None) or None)
    return dataclasses.replace(exercise, rules=name, profile=profile)


# -- engine calls --------------------------------------------------------------------------

def engine_answer(exercise: Any, question: Any) -> tuple[Any | None, str | None]:
    """(Answer, None) or (None, the engine's error message)."""
    questions = state.module("questions")
    try:
        return questions.answer(exercise, question), None
    except Exception as exc:  # the engine's message is shown as it is
        return None, f"{type(exc).__name__}: {exc}"


def grade(exercise: Any, question: Any, given: Any) -> tuple[bool | None, str | None]:
    questions = state.module("questions")
    try:
        return bool(questions.is_correct(exercise, question, given)), None
    except Exception as exc:
        return None, f"{type(exc).__name__}: {exc}"


# -- widgets -------------------------------------------------------------------------------

# The content module's answer kinds -> the widget a learner answers with.
# Answer kind (declared by the engine for each ask) -> widget. The home games declare shapes of
# their own: what a player holds up and down and what a heart lets its player take (Have a
# Heart), and who had to match the pot, in order, for how much (Horn-A-Vika).
KIND_WIDGET = {"player": "player", "players": "players", "order": "order", "yesno": "yesno",
               "map": "map", "units": "number", "cards": "cards", "category": "category",
               "holding": "holding", "takes": "takes", "matches": "matches"}


def widget_kind(exercise: Any, question: Any) -> str:
    kind = KIND_WIDGET.get(state.module("questions").answer_kind(exercise, question))
    if kind:
        return kind
    # An ask that declares no answer kind: pick the widget from the type of value the engine
    # answers with (the value itself is not shown).
    answer, _ = engine_answer(exercise, question)
    value = getattr(answer, "value", None)
    if isinstance(value, bool):
        return "yesno"
    if isinstance(value, int):
        return "number"
    if isinstance(value, dict):
        return "map"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, Card) for v in value):
            return "cards"
        return "players"
    return "player"


def own_cards(exercise: Any, question: Any) -> list[Card]:
    """The cards a player may pick from: their own at the end of the deal, then the shared."""
    questions = state.module("questions")
    player = (getattr(question, "params", {}) or {}).get("player")
    hand = list(questions.final_hands(exercise).get(player, [])) if player else []
    return hand + list(questions.shared_cards(exercise))


def event_cards(exercise: Any, player: str | None = None) -> list[Card]:
    """Cards named in the events (all of them, or those of events that name `player`), in
    order: a display aid so the pickers offer every card a player may have come to hold."""
    found: list[Card] = []
    for event in getattr(exercise, "events", None) or []:
        words = [w.strip("()[],.;:") for w in str(event).split()]
        if player is not None and player not in words:
            continue
        for word in words:
            try:
                found.append(Card.parse(word))
            except ValueError:
                continue
    return list(dict.fromkeys(found))


def cards_of(exercise: Any, player: str, *, up_only: bool = False) -> list[Card]:
    """A player's cards as dealt in the YAML, then the cards of the events that name them."""
    hand = exercise.hands.get(player)
    dealt = [] if hand is None else (list(hand.up) if up_only else
                                     list(hand.down[:2]) + list(hand.up) + list(hand.down[2:]))
    return list(dict.fromkeys(dealt + event_cards(exercise, player)))


def draw_widget(kind: str, key: str, exercise: Any, question: Any, label: str,
                disabled: bool = False) -> None:
    """The widget for one answer kind; `disabled` once the answer is checked (the verdict
    below stays true to what is shown until the learner presses Try again)."""
    seats = list(exercise.seats)
    off = {"disabled": disabled}
    if kind == "holding":
        player = (question.params or {}).get("player")
        pool = cards_of(exercise, player) if player else event_cards(exercise)
        st.markdown(md_escape(label))
        st.pills("Face up", pool, selection_mode="multi", format_func=cards_view.card_text,
                 key=f"{key}:up", **off)
        st.pills("Face down", pool, selection_mode="multi", format_func=cards_view.card_text,
                 key=f"{key}:down", **off)
    elif kind == "takes":
        st.markdown(md_escape(label))
        st.radio("Who takes a card?", seats, index=None, key=f"{key}:taker", horizontal=True,
                 **off)
        st.caption("For each player a card may come from: the face-up cards on offer and how "
                   "many hole cards (leave a player empty if nothing can be taken from them).")
        for seat in seats:
            cols = st.columns([3, 1])
            cols[0].pills(f"{seat}: face-up cards", cards_of(exercise, seat, up_only=True),
                          selection_mode="multi", format_func=cards_view.card_text,
                          key=f"{key}:up:{seat}", **off)
            cols[1].number_input(f"{seat}: hole cards", min_value=0, step=1, value=0,
                                 key=f"{key}:down:{seat}", **off)
    elif kind == "matches":
        st.multiselect(label + " (pick the players in the order they had to decide; none if "
                       "nobody)", seats, key=key, placeholder="Nobody", **off)
        chosen = st.session_state.get(key) or []
        if chosen:
            cols = st.columns(min(len(chosen), 4))
            for n, seat in enumerate(chosen):
                cols[n % len(cols)].number_input(f"{seat} pays", min_value=0, step=1, value=0,
                                                 key=f"{key}:amt:{seat}", **off)
    elif kind == "player":
        st.radio(label, seats, index=None, key=key, horizontal=True, **off)
    elif kind == "players":
        st.pills(label, seats, selection_mode="multi", key=key, **off)
    elif kind == "order":
        st.multiselect(label + " (pick them in order)", seats, key=key,
                       placeholder="First to act, then the next...", **off)
    elif kind == "cards":
        st.pills(label + " (click the cards)", own_cards(exercise, question),
                 selection_mode="multi", format_func=cards_view.card_text, key=key, **off)
    elif kind == "category":
        st.selectbox(label, CATEGORIES, index=None, key=key, placeholder="Pick a hand category",
                     **off)
    elif kind == "number":
        st.number_input(label, min_value=0, step=1, value=None, key=key,
                        placeholder="units", **off)
    elif kind == "map":
        st.markdown(md_escape(label) + " (0 for nobody)")
        cols = st.columns(min(len(seats), 4) or 1)
        for n, seat in enumerate(seats):
            with cols[n % len(cols)]:
                st.number_input(seat, min_value=0, step=1, value=0, key=f"{key}:{seat}", **off)
    elif kind == "yesno":
        st.segmented_control(label, ["yes", "no"], key=key, **off)
    else:  # pragma: no cover - KIND_WIDGET only holds the kinds above
        raise ValueError(f"widget kind {kind!r} is not one of the app's kinds")


def read_widget(kind: str, key: str, exercise: Any) -> Any:
    """The learner's answer in the shape `questions.is_correct` takes, or None if empty."""
    ss = st.session_state
    if kind == "map":
        return {seat: int(ss.get(f"{key}:{seat}") or 0) for seat in exercise.seats}
    if kind == "holding":
        up, down = ss.get(f"{key}:up") or [], ss.get(f"{key}:down") or []
        if not up and not down:
            return None
        return {"up": [str(c) for c in up], "down": [str(c) for c in down]}
    if kind == "takes":
        taker = ss.get(f"{key}:taker")
        if taker is None:
            return None
        offered = {}
        for seat in exercise.seats:
            up = [str(c) for c in ss.get(f"{key}:up:{seat}") or []]
            down = int(ss.get(f"{key}:down:{seat}") or 0)
            if up or down:
                offered[seat] = {"up": up, "down": down}
        return {"taker": taker, "from": offered}
    if kind == "matches":
        return [{seat: int(ss.get(f"{key}:amt:{seat}") or 0)} for seat in ss.get(key) or []]
    value = ss.get(key)
    if value is None or value == []:
        return None
    if kind == "yesno":
        return value == "yes"
    if kind == "number":
        return int(value)
    if kind in ("players", "order", "cards"):
        return list(value)
    return value


def clear_widget(kind: str, key: str, exercise: Any) -> None:
    ss = st.session_state
    if kind == "map":
        for seat in exercise.seats:
            ss[f"{key}:{seat}"] = 0
    elif kind == "holding":
        ss[f"{key}:up"] = []
        ss[f"{key}:down"] = []
    elif kind == "takes":
        ss[f"{key}:taker"] = None
        for seat in exercise.seats:
            ss[f"{key}:up:{seat}"] = []
            ss[f"{key}:down:{seat}"] = 0
    elif kind == "matches":
        for seat in ss.get(key) or []:
            ss.pop(f"{key}:amt:{seat}", None)
        ss[key] = []
    elif kind in ("players", "order", "cards"):
        ss[key] = []
    else:
        ss[key] = None


# -- one question --------------------------------------------------------------------------

def _on_check(exercise: Any, question: Any, index: int, key: str, kind: str) -> None:
    given = read_widget(kind, key, exercise)
    graded = st.session_state["graded"]
    if given is None:
        graded[key] = {"status": "empty"}
        return
    correct, error = grade(exercise, question, given)
    if error:
        graded[key] = {"status": "error", "error": error}
        return
    revealed = bool(st.session_state["shown"].get(key))
    result = {"status": "graded", "given": given, "correct": correct, "rules": exercise.rules,
              "revealed": revealed, "saved": False}
    name = state.learner()
    progress = state.store() if name else None
    if progress is not None:
        progress.record(Attempt(
            learner=name, exercise=exercise.id, question=index, ask=question.ask,
            skill=skill_of(exercise, question), given=given, correct=bool(correct),
            game=exercise.game, rules=exercise.rules, revealed=revealed))
        result["saved"] = True
        if not revealed:
            study_feedback.remember(exercise, bool(correct))
    graded[key] = result


def _on_show(key: str) -> None:
    st.session_state["shown"][key] = True


def _on_retry(key: str, kind: str, exercise: Any) -> None:
    st.session_state["graded"].pop(key, None)
    st.session_state["shown"].pop(key, None)
    clear_widget(kind, key, exercise)


def article_url(cite: str) -> str:
    """The Rulebook page opened at one article (a link a learner can follow or share). The
    link is relative, so it still works when the app is served under a base path."""
    return "rulebook?" + urlencode({"article": cite})


def article_md(cite: str, number: int | None = None, *, link: bool = True) -> str:
    """One article in full: title, our paraphrase, source (and a link to it in the Rulebook);
    a key missing from the registry is said plainly."""
    mark = f"[{number}] " if number is not None else ""
    try:
        cit = state.module("rules").citation(cite)
    except Exception as exc:
        return f"**{mark}{md_escape(cite)}** is not in the registry: {md_escape(exc)}"
    return (f"**{mark}{md_escape(cit.title)}**  \n{md_escape(cit.text)}  \n"
            f"*Source: {md_escape(cit.source_title)}*"
            + (f" · [open in the Rulebook]({article_url(cite)})" if link else ""))


def citation_popover(key: str, widget_key: str, label: str | None = None) -> None:
    """One article behind a button (lesson sections cite with these)."""
    with st.popover(label or key, key=widget_key):
        st.markdown(article_md(key))


def cited_articles(answer: Any, key: str) -> None:
    """Every article the explanation cites, in full. Drawn only while the learner has it
    open: the expander reports its state (on_change="rerun")."""
    if not answer.citations:
        return
    box = st.expander(f"The rules cited ({len(answer.citations)}), in full", key=f"{key}:cited",
                      on_change="rerun")
    if box.open:
        box.markdown("\n\n".join(article_md(cite, n)
                                  for n, cite in enumerate(answer.citations, 1)))


def explanation_md(answer: Any) -> str:
    """The engine's steps, numbered, each ending with links to the articles it cites; below
    them the list of those articles (title and source, each linking to its Rulebook entry)."""
    rules = state.module("rules")
    refs = {cite: n for n, cite in enumerate(answer.citations, 1)}
    lines = ["**Why, step by step**", ""]
    for n, step in enumerate(answer.steps, 1):
        # Say once that a step applies the course's own default (the engine may already say so).
        note = " *(the course's own default: the sources leave this open)*" \
            if getattr(step, "course_default", False) and "course's own" not in step.text else ""
        marks = "".join(f" [[{refs[c]}]]({article_url(c)})" for c in step.cite if c in refs)
        lines.append(f"{n}. {card_words(step.text)}{note}{marks}")
    if refs:
        lines += ["", "**Rules cited**", ""]
        for cite, n in refs.items():
            try:
                cit = rules.citation(cite)
                what = f"{md_escape(cit.title)} *({md_escape(cit.source_title)})*"
            except Exception:
                what = f"`{md_escape(cite)}` (not in the registry)"
            lines.append(f"- [[{n}]]({article_url(cite)}) {what}")
    return "\n".join(lines)


def hand_record(exercise: Any, key: str) -> None:
    """The street written as a chronological hand record, computed by the betting engine."""
    try:
        record = state.module("questions").hand_record(exercise)
    except Exception as exc:  # the explanation above already carries the engine's refusal
        st.caption(f"No hand record: {exc}")
        return
    if record is not None and not record.empty:
        st.markdown("**The hand record** (antes apart, then every action in order)")
        st.dataframe(record, hide_index=True, key=f"{key}:record")


def _buttons(exercise: Any, question: Any, index: int, key: str, kind: str, *, checked: bool,
             revealed: bool, next_step: tuple[str, Callable[[], None]] | None) -> None:
    """Only the buttons that do something now: Check and Show answer before an answer is
    checked, Try again once something was checked or shown, then what comes next (`next_step`:
    its label and callback)."""
    if not checked:
        st.button("Check", key=f"{key}:check", type="primary", on_click=_on_check,
                  args=(exercise, question, index, key, kind))
        if not revealed:
            st.button("Show answer", key=f"{key}:show", on_click=_on_show, args=(key,))
    if checked or revealed:
        st.button("Try again", key=f"{key}:retry", on_click=_on_retry, args=(key, kind, exercise))
    if checked and next_step is not None:
        label, go = next_step
        st.button(label, key=f"{key}:next", type="primary", on_click=go)


def question_block(exercise: Any, question: Any, index: int, prefix: str,
                   next_step: tuple[str, Callable[[], None]] | None = None) -> None:
    key = f"{prefix}|{exercise.id}|{index}"
    kind = widget_kind(exercise, question)
    label = f"**Q{index + 1}.** {md_escape(prompt_of(exercise, question))}"
    result = st.session_state["graded"].get(key)
    revealed = bool(st.session_state["shown"].get(key))
    checked = bool(result and result["status"] == "graded")
    draw_widget(kind, key, exercise, question, label, disabled=checked)
    with st.container(horizontal=True, gap="small"):
        _buttons(exercise, question, index, key, kind, checked=checked, revealed=revealed,
                 next_step=next_step)

    if result and result["status"] == "empty" and read_widget(kind, key, exercise) is None:
        st.warning("Choose an answer first, then press Check.")
    elif result and result["status"] == "error":
        st.error(f"The engine could not grade this question: {result['error']}")
    if not (revealed or checked):
        return
    answer, error = engine_answer(exercise, question)
    if error:
        st.error(f"The engine could not answer this question: {error}")
        return
    if checked:
        correct, _ = grade(exercise, question, result["given"])
        verdict = "Right." if correct else "Not right."
        text = f"{verdict} You chose **{md_escape(fmt(result['given']))}**; the right answer " \
               f"is **{md_escape(shown(answer.value))}**."
        if result["rules"] != exercise.rules:
            text += (f" (You checked this under `{result['rules']}`; the verdict shown is for "
                     f"`{exercise.rules}`.)")
        if not result.get("saved"):
            text += "\n\n*Not saved: the progress file cannot be opened.*" if state.learner() \
                else "\n\n*Type your name in the sidebar to keep your progress.*"
        (st.success if correct else st.error)(text)
        if not correct:
            study_feedback.mistake(exercise, question, result["given"])
    else:
        st.info(f"The answer is **{md_escape(shown(answer.value))}**.")
    st.markdown(explanation_md(answer))
    cited_articles(answer, key)
    if question.ask in state.module("questions").RECORD_ASKS:
        hand_record(exercise, key)


def question_mark(exercise: Any, index: int, prefix: str) -> str:
    """A question's tab label: its number, ticked or crossed once it was checked."""
    result = st.session_state["graded"].get(f"{prefix}|{exercise.id}|{index}")
    if not result or result.get("status") != "graded":
        return f"Q{index + 1}"
    correct, _ = grade(exercise, exercise.questions[index], result["given"])
    return f"Q{index + 1} " + ("✓" if correct else "✗")


# -- one exercise --------------------------------------------------------------------------

def shows_hole_cards(exercise: Any) -> bool:
    return exercise.street == "showdown" or any(q.ask in HAND_ASKS for q in exercise.questions)


def deal_facts_md(exercise: Any) -> str:
    """Game, street, stakes and pot on one line (fields the content loader validated)."""
    stakes = exercise.stakes
    facts = [f"Game: **{exercise.game}**", f"Street: **{exercise.street}**"]
    if stakes is not None:
        facts.append("Stakes: " + ", ".join(
            f"{name.replace('_', ' ')} {getattr(stakes, name)}"
            for name in ("ante", "bring_in", "small_bet", "big_bet") if hasattr(stakes, name)))
    if exercise.pot is not None:
        facts.append(f"Pot: **{exercise.pot}**")
    return md_escape(" · ".join(facts))


def card_words(text: str) -> str:
    """Plain text for markdown with every card written with a suit symbol (`10♥`) coloured like
    a card; words are never read as cards otherwise ("As" stays a word)."""
    out = []
    for word in str(text).split(" "):
        core = word.strip("()[],.;:")
        try:
            card = Card.parse(core) if core and core[-1] in "♣♦♥♠" else None
        except ValueError:
            card = None
        out.append(word.replace(core, cards_view.card_text(card)) if card else md_escape(word))
    return " ".join(out)


def timeline(exercise: Any) -> None:
    """What happened after the deal drawn above: this street's actions, the game's events."""
    for title, items in (("Actions so far on this street", exercise.actions),
                         ("Then, in order", exercise.events)):
        if items:
            st.markdown(f"**{title}:**\n\n" + "\n".join(
                f"{n}. {card_words(text)}" for n, text in enumerate(items, 1)))


def profile_compare(exercise: Any, names: Sequence[str], key: str) -> None:
    """Each question's answer under every profile of the game; disagreements stand out."""
    rows = []
    for name in names:
        variant = with_profile(exercise, name)
        row = {"profile": name}
        for n, q in enumerate(variant.questions, 1):
            answer, error = engine_answer(variant, q)
            row[f"Q{n}"] = error and "(engine error)" or shown(answer.value)
        rows.append(row)
    table = pd.DataFrame(rows).set_index("profile")
    differ = [c for c in table.columns if table[c].nunique() > 1]
    if differ:
        st.markdown("The profiles disagree on " + ", ".join(differ) + ".")
    else:
        st.markdown("Every profile gives the same answers here.")
    st.dataframe(table, key=f"{key}:table")


def exercise_block(exercise: Any, prefix: str, *, heading: bool = True,
                   one_at_a_time: bool = False, next_deal: Callable[[], None] | None = None) -> None:
    """Draw one exercise with its questions (all of them, or `one_at_a_time` behind numbered
    tabs); `prefix` keeps widget keys apart per page."""
    base = f"{prefix}|{exercise.id}"
    if heading:
        st.subheader(exercise.title)
    names = profile_names(exercise.game)
    active = exercise
    if len(names) > 1:
        rules_key = f"{base}:rules"
        if rules_key not in st.session_state or st.session_state[rules_key] not in names:
            st.session_state[rules_key] = exercise.rules if exercise.rules in names else names[0]
        chosen = st.selectbox("Rule profile", names, key=rules_key,
                              help="Switch the rules to see where the answer changes.")
        try:
            active = with_profile(exercise, chosen)
        except Exception as exc:
            st.error(f"Profile {chosen!r} cannot be applied: {exc}")
    if getattr(active, "intro", None):
        st.markdown(author_md(active.intro))
    # The facts line (engine-validated fields only) and the cards share one element; author
    # text (intro, actions, events) is never rendered with HTML allowed.
    st.markdown(deal_facts_md(active) + "\n\n"
                + cards_view.exercise_html(active, show_down=shows_hole_cards(active)),
                unsafe_allow_html=True)
    timeline(active)
    count = len(active.questions)
    if one_at_a_time:
        # One question at a time: numbered tabs (ticked or crossed once checked) choose it;
        # after a check the next question, or after the last one the next deal, is one click.
        step_key = f"{base}:question"
        if st.session_state.get(step_key) not in range(count):
            st.session_state[step_key] = 0

        def go(to: int) -> None:
            st.session_state[step_key] = to

        index = st.session_state[step_key]
        if count > 1:
            marks = [question_mark(active, n, prefix) for n in range(count)]
            picked = st.segmented_control("Question", list(range(count)), key=step_key,
                                          required=True, format_func=marks.__getitem__)
            index = picked if picked in range(count) else 0
        following = ("Next question →", lambda: go(index + 1)) if index + 1 < count else \
            (("Next deal →", next_deal) if next_deal is not None else None)
        with st.container(border=True):
            question_block(active, active.questions[index], index, prefix, next_step=following)
    else:
        for index, question in enumerate(active.questions):
            with st.container(border=True):
                question_block(active, question, index, prefix)
    if len(names) > 1:
        # Computed only while open: the expander reports its state (on_change="rerun").
        compare = st.expander("How the rule profiles answer this deal", key=f"{base}:compare",
                              on_change="rerun")
        if compare.open:
            with compare:
                profile_compare(exercise, names, base)


def problems_panel(problems: Sequence[Any], title: str = "Some content could not be loaded") -> None:
    """Every problem as `file:line:column: message` in one error panel."""
    if not problems:
        return
    lines = []
    for p in problems:
        where = f"{state.relative(p.file)}:{p.line}:{p.column}"
        lines.append(f"- `{where}`: {md_escape(p.message)}")
    st.error(f"**{title}** (everything else keeps working):\n\n" + "\n".join(lines))

