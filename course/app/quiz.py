"""One exercise on screen: the deal as cards, one widget per question, Check / Show answer /
Try again, and the engine's cited explanation.

Every answer, every right/wrong verdict and every explanation comes from `course.asks.solvers`;
this module only picks a widget for each `ask`, reads it, and draws what the engine returned.
"""

from __future__ import annotations

import logging
import re
from html import escape as html_escape
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Sequence

import streamlit as st

from course import content, rules
from course.asks import solvers
from course.app import cards_view, labels, state, study_feedback
from course.app.links import article_url
from course.app.widgets import WIDGETS, md_escape
from course.cards import Card
from course.explain import Answer
from course.games import find_game
from course.model import Exercise, Question
from course.store import Attempt
from course.study import brief


def ask_of(exercise: Any, question: Any) -> Any:
    """The question's `Ask` registration: it says how the table is drawn for it (`whole_hand`,
    `hides`, `drawn_at`, `point_key`); None for an ask the game does not know."""
    try:
        return solvers.find_ask(exercise.game, question.ask)
    except (ValueError, AttributeError):
        return None


# -- text ----------------------------------------------------------------------------------

def author_md(text: Any) -> str:
    """Author markdown as written, except that a bare `$` (money) does not start LaTeX."""
    return re.sub(r"(?<!\\)\$", r"\\$", str(text))


def prompt_of(exercise: Any, question: Any) -> str:
    """The authored prompt, or the ask's default prompt from `course.asks.solvers`."""
    return str(solvers.prompt_for(exercise, question))


def skill_of(exercise: Any, question: Any) -> str:
    """The skill an attempt counts towards, as `course.asks.solvers` maps asks to topics."""
    return str(solvers.topic_for(exercise.game, question.ask))


def shown(exercise: Any, question: Any, value: Any) -> str:
    """An answer (the engine's value or the learner's) as a learner reads it: the words of the
    question's answer kind, the same for both."""
    return solvers.kind_of(exercise, question).words(value)


# -- rule profiles -------------------------------------------------------------------------

def profile_names(game: str) -> list[str]:
    return list(rules.profile_names(game))


def with_profile(exercise: Exercise, name: str) -> Exercise:
    """The same deal under another rule profile (the exercise's own options kept)."""
    return exercise if name == exercise.rules else content.with_profile(exercise, name)


def named_profile(exercise: Exercise) -> str | None:
    """The profile the deal's own words name (its title, intro or a prompt: "Using the
    PokerStars suit order..."): such a deal is graded under the profile it names, and no
    picker is offered, so a prompt never contradicts the rules in force."""
    if hasattr(exercise, "replayed"):
        # keyed by the words it reads: a relabelled copy shares its replays, not its title
        return exercise.replayed(("named profile", exercise.title, exercise.intro),
                                 lambda: _named_profile(exercise))
    return _named_profile(exercise)


def _named_profile(exercise: Exercise) -> str | None:
    names = profile_names(exercise.game)
    if len(names) < 2:
        return None
    texts = [exercise.title, exercise.intro] + [prompt_of(exercise, q) for q in exercise.questions]
    named = [p for text in texts for p in labels.profiles_named(text, names)]
    return named[0] if named else None


def answers_by_profile(exercise: Exercise, names: Sequence[str]) -> dict[str, list[str]]:
    """Each question's answer as shown, under every profile (computed once per deal)."""
    def build() -> dict[str, list[str]]:
        table = {}
        for name in names:
            variant = with_profile(exercise, name)
            table[name] = [shown(variant, q, answer.value) if answer else "(engine error)"
                           for q, (answer, _) in ((q, engine_answer(variant, q)) for q in variant.questions)]
        return table
    return exercise.replayed(("answers by profile", tuple(names)), build)


def profiles_disagree(exercise: Exercise, names: Sequence[str]) -> bool:
    """Does some question of the deal have a different answer under another profile?"""
    table = answers_by_profile(exercise, names)
    return len(names) > 1 and any(len(set(column)) > 1 for column in zip(*table.values()))


# -- engine calls --------------------------------------------------------------------------

def engine_answer(exercise: Exercise, question: Question) -> tuple[Answer | None, str | None]:
    """(Answer, None) or (None, the engine's error message). Worked out once per question of a
    loaded exercise (a checked exercise is read-only; another profile or an edited file is a new
    Exercise): the Check and the rerun that draws its verdict share it."""
    def solve() -> tuple[Answer | None, str | None]:
        try:
            return solvers.answer(exercise, question), None
        except Exception as exc:  # the engine's message is shown as it is
            return None, f"{type(exc).__name__}: {exc}"
    if not hasattr(exercise, "replayed"):
        return solve()
    kept, result = exercise.replayed(("engine answer", id(question)), lambda: (question, solve()))
    return result if kept is question else solve()


def grade(exercise: Exercise, question: Question, given: Any,
          engine: Answer | None = None) -> tuple[bool | None, str | None]:
    """(Whether `given` is right, None) or (None, the engine's error); `engine`, the engine's
    answer when the caller has it already."""
    try:
        return bool(solvers.is_correct(exercise, question, given, engine)), None
    except Exception as exc:
        return None, f"{type(exc).__name__}: {exc}"


def verdict(exercise: Exercise, question: Question, result: dict, engine: Answer | None = None) -> bool | None:
    """A checked answer's verdict under the deal's rules as they are now: the one the check
    stored while the rules are the ones it was checked under (a rerun does not grade again),
    else graded again under the rules now chosen."""
    if result.get("rules") == exercise.rules and result.get("correct") is not None:
        return bool(result["correct"])
    return grade(exercise, question, result["given"], engine)[0]


# -- one question --------------------------------------------------------------------------

def _on_check(exercise: Any, question: Any, index: int, key: str, widget_name: str) -> None:
    given = WIDGETS[widget_name].read(key, exercise)
    graded = st.session_state["graded"]
    if given is None:
        graded[key] = {"status": "empty"}
        return
    correct, error = grade(exercise, question, given, engine_answer(exercise, question)[0])
    if error:
        graded[key] = {"status": "error", "error": error}
        return
    revealed = shown_in_session(key)
    result = {"status": "graded", "given": given, "correct": correct, "rules": exercise.rules,
              "revealed": revealed, "saved": False}
    tries = st.session_state.setdefault("tries", {})
    earlier = tries.get(key, 0)                  # checks of this question before this one
    tries[key] = earlier + 1
    name = state.learner()
    if name:
        # stored as shown, too, when the store remembers the answer shown in an earlier session
        result["saved"], revealed = state.record_check(Attempt(
            learner=name, exercise=exercise.id, question=index, ask=question.ask,
            skill=skill_of(exercise, question), given=given, correct=bool(correct),
            game=exercise.game, rules=exercise.rules, revealed=revealed,
            try_kind="shown" if revealed else ("second" if earlier else "first")),
            datetime.now(timezone.utc) - SHOWN_FOR)
        result["revealed"] = revealed
        # the schedule hears the first try only (a shown answer is a miss); a store that failed
        # is not asked twice, so the learner is told within 2 s: the review waits in the spool
        if not earlier:
            study_feedback.remember(exercise, bool(correct) and not revealed,
                                    store_ok=result["saved"])
    graded[key] = result


# How long a shown answer marks its question: any check of it within this time (Try again, the
# question opened again, a reload, a deep link) is saved as shown. The course's own choice: long
# enough to cover a study sitting, short enough that tomorrow's recall is judged afresh.
SHOWN_FOR = timedelta(hours=12)


def shown_in_session(key: str) -> bool:
    """Whether this question's answer was shown in this session before this check (Show answer,
    even after Try again). A learner's check asks the store too, as it is saved
    (`state.record_check`): shown in an earlier session counts."""
    return bool(st.session_state["shown"].get(key) or st.session_state.setdefault("answers_shown", {}).get(key))


def _on_show(key: str, exercise: Any = None, question: Any = None, index: int = 0) -> None:
    """Show the answer and remember that it was shown: in the session (Try again does not forget
    it) and, for a learner, in the store as a miss marked shown (a reload or a deep link finds it)."""
    st.session_state["shown"][key] = True
    st.session_state.setdefault("answers_shown", {})[key] = True
    name = state.learner()
    if name and exercise is not None and question is not None:
        state.record(Attempt(
            learner=name, exercise=exercise.id, question=index, ask=question.ask,
            skill=skill_of(exercise, question), given=None, correct=False,
            game=exercise.game, rules=exercise.rules, revealed=True, try_kind="shown"))


def _on_retry(key: str, widget_name: str, exercise: Any) -> None:
    st.session_state["graded"].pop(key, None)
    st.session_state["shown"].pop(key, None)
    WIDGETS[widget_name].clear(key, exercise)


def article_md(cite: str, number: int | None = None, *, link: bool = True) -> str:
    """One article in full: title, our paraphrase, source (and a link to it in the Rulebook);
    a key missing from the registry is said plainly."""
    mark = f"[{number}] " if number is not None else ""
    try:
        cit = rules.citation(cite)
    except Exception as exc:
        return f"**{mark}{md_escape(cite)}** is not in the registry: {md_escape(exc)}"
    return (f"**{mark}{md_escape(cit.title)}**  \n{md_escape(cit.text)}  \n"
            f"*Source: {md_escape(cit.source_title)}*"
            + (f" · [open in the Rulebook]({article_url(cite)})" if link else ""))


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


COURSE_MARK = "†"


def _step_md(step: Any, refs: dict[str, int]) -> str:
    """One step, numbered as among every step, its caveat mark (†) and its article links."""
    note = f" {COURSE_MARK}" if step.caveat else ""
    marks = "".join(f" [[{refs[c]}]]({article_url(c)})" for c in step.cite if c in refs)
    return f"{step.number}. {card_words(step.text)}{note}{marks}"


def _rules_cited_md(refs: dict[str, int]) -> list[str]:
    if not refs:
        return []
    lines = ["", "**Rules cited**", ""]
    for cite, n in refs.items():
        try:
            cit = rules.citation(cite)
            what = f"{md_escape(cit.title)} *({md_escape(cit.source_title)})*"
        except Exception:
            what = f"`{md_escape(cite)}` (not in the registry)"
        lines.append(f"- [[{n}]]({article_url(cite)}) {what}")
    return lines


def explanation_md(answer: Answer) -> str:
    """The engine's steps, numbered, each ending with links to the articles it cites; a step
    resting on the course's own default marked (†) and the caveat said once below them; then
    the list of those articles (title and source, each linking to its Rulebook entry)."""
    refs = {cite: n for n, cite in enumerate(answer.citations, 1)}
    steps = brief.plain_steps(answer.steps)
    lines = ["**Why, step by step**", ""] + [_step_md(step, refs) for step in steps]
    note = brief.footnote(steps)
    if note:
        lines += ["", md_escape(note)]
    return "\n".join(lines + _rules_cited_md(refs))


def explanation_brief_md(answer: Answer, answer_words: set[str] | None = None) -> tuple[str, str | None]:
    """(The steps that decide the answer, at most three, with the caveat footnote and the rules
    they cite; every step, or None when the brief one already shows them all). `answer_words`:
    the players, amounts and cards the answer names (steps naming them decide it)."""
    refs = {cite: n for n, cite in enumerate(answer.citations, 1)}
    steps = brief.plain_steps(answer.steps)
    chosen = brief.deciding(steps, answer_words=answer_words)
    if len(chosen) == len(steps):
        return explanation_md(answer), None
    lines = ["**Why** (the steps that decide it)", ""] + [_step_md(step, refs) for step in chosen]
    note = brief.footnote(chosen)
    if note:
        lines += ["", md_escape(note)]
    shown_refs = {c: n for c, n in refs.items() if any(c in s.cite for s in chosen)}
    return "\n".join(lines + _rules_cited_md(shown_refs)), explanation_md(answer)


def answer_words(exercise: Any, question: Any, answer: Answer) -> set[str]:
    """The players, amounts and cards an answer names (none when they cannot be read)."""
    from course.study import hints

    try:
        return hints.answer_values(exercise, question, answer.value)[0]
    except Exception:
        return set()


def explanation(answer: Answer, key: str, cache: Any = None, words: set[str] | None = None) -> None:
    """The explanation as a learner reads it: the deciding steps, then every step on demand."""
    short, full = cache() if cache is not None else explanation_brief_md(answer, words)
    st.markdown(short)
    if full is not None:
        # every step is sent only while the learner has them open (the expander reports its
        # state): a Check sends the closed expander alone
        steps = st.expander(f"Every step ({len(answer.steps)})", key=f"{key}:steps", on_change="rerun")
        if steps.open:
            steps.markdown(full)


def hand_record(exercise: Any, key: str) -> None:
    """The street written as a chronological hand record, computed by the betting engine."""
    try:
        record = solvers.hand_record(exercise)
    except Exception as exc:  # the explanation above already carries the engine's refusal
        st.caption(f"No hand record: {exc}")
        return
    if record is not None and not record.empty:
        st.markdown("**The hand record** (antes apart, then every action in order)")
        st.dataframe(record, hide_index=True, key=f"{key}:record")


# The number keys' buttons are hidden by their own key (`...:answer_key1` has the class
# `st-key-...-answer_key1`): no container is sent around them on every rerun.
ANSWER_KEY = "answer_key"
# The keyboard hint under Practice's question box is drawn by the style sheet, not sent as an
# element on every Check: the text after the box (`KEYED_QUESTION`), set like a caption (hidden on
# a phone: app/phone.py).
KEYED_QUESTION = "keyed_question"
KEYS_HINT = "Keys: 1-9 choose · Enter checks · N next"
KEYS_CSS = ("<style>[class*=\"-" + ANSWER_KEY + "\"]{display:none}"
            ".st-key-" + KEYED_QUESTION + "{position:relative;overflow:visible;margin-bottom:1.5rem}"
            ".st-key-" + KEYED_QUESTION + "::after{content:\"" + KEYS_HINT + "\";position:absolute;"
            "left:0;top:100%;margin-top:1rem;font-size:.875rem;line-height:1.4;opacity:.6;"
            "white-space:nowrap}</style>")


def number_keys(exercise: Any, question: Any, key: str, widget_name: str, *,
                outside: bool = False) -> None:
    """Number keys 1-9 (and 0 for a tenth) pick the widget's choices in the order shown:
    hidden buttons carrying Streamlit's own keyboard shortcuts (hidden by `KEYS_CSS`, which the
    page draws once, outside the question's fragment: not again on every Check). `outside`:
    drawn in the deal's fragment, beside the question's, so that a Try again does not send them
    again; there they stay while the answer is checked, and do nothing then (`_key_pressed`)."""
    widget = WIDGETS[widget_name]
    picks = widget.choices(exercise, question)[:10]
    if not picks:
        return
    for n, choice in enumerate(picks, 1):
        st.button(str(n), key=f"{key}:{ANSWER_KEY}{n}", shortcut=str(n % 10),
                  on_click=_key_pressed if outside else widget.choose,
                  args=(widget_name, key, choice) if outside else (key, choice))


def _key_pressed(widget_name: str, key: str, choice: Any) -> None:
    """A number key drawn outside the question's fragment: it picks `choice` unless the answer
    is checked (it stays as it was checked until Try again). The deal's fragment, the key's
    own, reruns (as before the keys moved): a rerun of the question's alone, asked by name,
    would start after this click's own run is cut short, and that run takes the pick with it,
    so the browser would not be told of it."""
    result = st.session_state["graded"].get(key)
    if not (result and result.get("status") == "graded"):
        WIDGETS[widget_name].choose(key, choice)


def _buttons(exercise: Any, question: Any, index: int, key: str, widget_name: str, *, checked: bool,
             revealed: bool, next_step: tuple[str, Callable[[], None]] | None,
             keyboard: bool, around: Around | None = None) -> None:
    """Only the buttons that do something now: Check and Show answer before an answer is
    checked, Try again once something was checked or shown, then what comes next (`next_step`:
    its label and callback). With `keyboard`, Enter checks and N goes on. With `around` (the
    question's answering part is a fragment of its own), each click reruns that part and only
    what it changed around it (`rerun_changed`)."""
    def acting(action: Callable[..., None]) -> Callable[..., None]:
        return action if around is None else around.acting(action)
    if not checked:
        st.button("Check", key=f"{key}:check", type="primary", on_click=acting(_on_check),
                  args=(exercise, question, index, key, widget_name),
                  shortcut="Enter" if keyboard else None)
        if not revealed:
            st.button("Show answer", key=f"{key}:show", on_click=acting(_on_show),
                      args=(key, exercise, question, index))
    if checked or revealed:
        st.button("Try again", key=f"{key}:retry", on_click=acting(_on_retry),
                  args=(key, widget_name, exercise))
    if checked and next_step is not None:
        label, go = next_step
        st.button(label, key=f"{key}:next", type="primary", on_click=go,
                  shortcut="N" if keyboard else None)


HIDDEN_TITLES = "hidden_titles"


def hidden_title(exercise: Any, prefix: str) -> str:
    """The deal's title as a line under a verdict, when its heading still hides it ("Your
    deal"): a Check in the question's fragment reruns the question, not the heading."""
    title = (st.session_state.get(HIDDEN_TITLES) or {}).get(f"{prefix}|{exercise.id}")
    return f"\n\n*This deal: {md_escape(title)}*" if title else ""


def question_block(exercise: Any, question: Any, index: int, prefix: str,
                   next_step: tuple[str, Callable[[], None]] | None = None,
                   keyboard: bool = False, around: Around | None = None) -> None:
    key = f"{prefix}|{exercise.id}|{index}"
    widget_name = solvers.kind_of(exercise, question).widget
    # Plain text: a widget's label is also what a screen reader hears (no `**` marks).
    label = f"Q{index + 1}. {md_escape(prompt_of(exercise, question))}"
    result = st.session_state["graded"].get(key)
    revealed = bool(st.session_state["shown"].get(key))
    checked = bool(result and result["status"] == "graded")
    WIDGETS[widget_name].draw(key, exercise, question, label, checked)
    if keyboard and not checked and around is None:     # else drawn beside the fragment
        number_keys(exercise, question, key, widget_name)
    with st.container(horizontal=True, gap="small"):
        _buttons(exercise, question, index, key, widget_name, checked=checked, revealed=revealed,
                 next_step=next_step, keyboard=keyboard, around=around)

    if result and result["status"] == "empty" and WIDGETS[widget_name].read(key, exercise) is None:
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
        correct = verdict(exercise, question, result, answer)
        said = "Right." if correct else "Not right."
        text = f"{said} You chose **{md_escape(shown(exercise, question, result['given']))}**; the right answer " \
               f"is **{md_escape(shown(exercise, question, answer.value))}**."
        if result["rules"] != exercise.rules:
            text += (f" (You checked this under {labels.display_name(result['rules'])}; the "
                     f"verdict shown is for {labels.display_name(exercise.rules)}.)")
        if not result.get("saved"):
            text += "\n\n" + state.unsaved_note()
        (st.success if correct else st.error)(text + hidden_title(exercise, prefix))
        if not correct:
            study_feedback.mistake(exercise, question, result["given"])
    else:
        st.info(f"The answer is **{md_escape(shown(exercise, question, answer.value))}**."
                + hidden_title(exercise, prefix))
    words = answer_words(exercise, question, answer)
    explanation(answer, key, (lambda: exercise.replayed(("explanation", id(question)),
                                                        lambda: explanation_brief_md(answer, words)))
                if hasattr(exercise, "replayed") and engine_answer(exercise, question)[0] is answer else None,
                words)
    cited_articles(answer, key)
    if question.ask in solvers.RECORD_ASKS:
        hand_record(exercise, key)


def question_mark(exercise: Any, index: int, prefix: str) -> str:
    """A question's tab label: its number, ticked or crossed once it was checked."""
    result = st.session_state["graded"].get(f"{prefix}|{exercise.id}|{index}")
    if not result or result.get("status") != "graded":
        return f"Q{index + 1}"
    correct = verdict(exercise, exercise.questions[index], result)
    return f"Q{index + 1} " + ("✓" if correct else "✗")


# -- one exercise --------------------------------------------------------------------------

def shows_hole_cards(exercise: Any) -> bool:
    return not find_game(exercise.game).is_betting(exercise.street) or \
        any(getattr(ask_of(exercise, q), "whole_hand", False) for q in exercise.questions)


def stakes_words(profile: Any, stakes: Any) -> str:
    """The stakes as the game plays them, from the rule profile: who antes, whether anyone
    brings in, and the bets (fixed steps, or each round's largest bet when limits vary)."""
    dealer = profile.value("dealer_ante") if profile.has("dealer_ante") else 0
    words = [f"dealer antes {dealer}"] if dealer else [f"ante {stakes.ante} each"] if stakes.ante else []
    brings_in = stakes.bring_in and profile.value("first_round_opens") == "bring-in"
    words.append(f"bring-in {stakes.bring_in}" if brings_in else "no bring-in")
    if profile.has("round_limits"):
        rounds: dict[int, list[int]] = {}
        for number, limit in enumerate(profile.value("round_limits"), 1):
            rounds.setdefault(int(limit), []).append(number)
        words.append("largest bet " + ", ".join(
            f"{limit} in round {r[0]}" if len(r) == 1 else f"{limit} in rounds {r[0]}-{r[-1]}"
            for limit, r in rounds.items())
            + ("; after round 1, half a player's last pot match when that is more"
               if profile.has("matched_limit") and profile.value("matched_limit") == "half-last-match" else ""))
    else:
        words.append(f"bets {stakes.small_bet}/{stakes.big_bet}")
    return ", ".join(words)


def deal_facts_md(exercise: Any, street: str | None = None, *, pot: bool = True, point: str | None = None) -> str:
    """Game, street (`street`: the one a question's table stands on; `point`: a home game's
    table's own words for where it stands, "stage 2, in betting round 2"), stakes and, with
    `pot`, the exercise's pot, on one line (fields the content loader validated)."""
    stakes = exercise.stakes
    # Each value is escaped on its own, so the bold marks around it stay markup.
    facts = [f"Game: **{md_escape(labels.display_name(exercise.game))}**"]
    spec = find_game(exercise.game)
    if point:
        facts.append(f"At: **{md_escape(point)}**")
    elif spec.points == "stage":      # the game's own names: stages and betting rounds (Horn-A-Vika)
        facts.append(f"At: **{md_escape(spec.point_words(street or exercise.street))}**")
    else:
        facts.append(f"Street: **{md_escape(street or exercise.street)}**")
    if stakes is not None:
        facts.append("Stakes: " + md_escape(stakes_words(exercise.profile, stakes)))
    if pot and exercise.pot is not None:
        facts.append(f"Pot: **{md_escape(exercise.pot)}**")
    return " · ".join(facts)


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


def moves_line(moves: Sequence[str], first: int = 1) -> str:
    """Moves as one numbered line (not a list: the question stays near the top on a phone)."""
    return " · ".join(f"{n}.&nbsp;{card_words(text)}" for n, text in enumerate(moves, first))


def question_table(exercise: Any, question: Any) -> cards_view.TableAt:
    """The table as it stands when `question` is asked, from the one hand state (worked out once
    per question of a loaded exercise, which is read-only: a Check reruns the question's
    fragment, table and all)."""
    ask = ask_of(exercise, question)

    def build() -> cards_view.TableAt:
        params = getattr(question, "params", None) or {}
        drawn_at = getattr(ask, "drawn_at", "point")
        return cards_view.table_at(exercise, question, first_to_act=drawn_at == "first_to_act",
                                   at_last_card=drawn_at == "last_card" and ask.point_key not in params)
    if question is None or not hasattr(exercise, "replayed"):
        return build()
    # kept with the ask's registration it was drawn for (what decides where the table stops)
    kept, drawn_for, at = exercise.replayed(("table at", id(question)), lambda: (question, ask, build()))
    return at if kept is question and drawn_for is ask else build()


# A line of the table's markdown set as Streamlit sets a caption (its size and faded colour)
CAPTION_STYLE = "font-size:.875rem;opacity:.6;margin:0"


def table_block(exercise: Any, question: Any, number: int | None = None) -> None:
    """The table as it stands when `question` is asked: the facts line, every seat's cards as
    dealt and moved so far (folded rows greyed), the shared card and the pot; under it the moves
    since the last card was dealt (what the cards do not show), and every move so far behind an
    expander. Nothing after the question's point is shown."""
    try:
        at = question_table(exercise, question)
    except Exception as exc:   # the engine's refusal is shown with the question's answer too
        st.markdown(deal_facts_md(exercise) + "\n\n" + cards_view.exercise_html(
            exercise, show_down=shows_hole_cards(exercise)), unsafe_allow_html=True)
        st.caption(f"The table at this question cannot be drawn, so the deal is shown as written: {exc}")
        return
    params = getattr(question, "params", {}) or {}
    hides = getattr(ask_of(exercise, question), "hides", None) if question is not None else None
    asked = params.get("player") if hides == "holding" else None
    def draw() -> tuple[Any, str]:
        return question, cards_view.table_html(exercise, at, show_down=shows_hole_cards(exercise), asked_seat=asked,
                                               pot_asked=hides == "pot")
    # drawn once per question of a loaded exercise (read-only): a Check reruns the question's
    # fragment, table and all, and the table is the same every time
    kept, html = exercise.replayed(("table html", id(question)), draw) if hasattr(exercise, "replayed") \
        else draw()
    if kept is not question:
        html = draw()[1]
    where = ""                  # a deal without moves needs no word on where the table stands
    if exercise.events or exercise.actions:
        played, total = len(at.moves), len(cards_view.parsed_moves(exercise))
        where = (f"Q{number}: " if number is not None else "") + "the table as the question finds it, " + \
            (f"after {played} of the {total} moves" if played < total else "after every move")
    # The facts line (engine-validated fields only) and the cards share one element; author
    # text (intro, moves) is never rendered with HTML allowed.
    # a home game's moves carry the hand on from its written street: the facts line says where
    # the table stands at the question (its stage and betting round, or street), as the table
    # itself names it, not the street the exercise was written from
    # The line saying where the table stands (set as a caption) and the moves since the last card
    # go in the same element as the table: a Check reruns the question's fragment, table and all,
    # and each element is built and sent again on every click
    parts = [deal_facts_md(exercise, at.street, pot=False, point=at.point) + "\n\n" + html]
    recent = at.recent()
    title = "Since the last card was dealt" if exercise.events else "Actions so far on this street"
    moves = f"**{title}:** " + moves_line(recent, len(at.moves) - len(recent) + 1) if recent else ""
    moves_here = bool(moves and not at.stopped)
    if where:
        style = CAPTION_STYLE + (";margin-bottom:1rem" if moves_here else "")
        parts.append(f'<p style="{style}">{html_escape(where[:1].upper() + where[1:])}.</p>')
    if moves_here:
        parts.append(moves)
    st.markdown("\n\n".join(parts), unsafe_allow_html=True)
    if at.stopped:
        st.warning(at.stopped)
        if moves:
            st.markdown(moves)
    if exercise.events and len(at.moves) > len(recent):
        # the moves are sent only while the learner has them open (the expander reports its state)
        box = st.expander(f"Every move so far ({len(at.moves)})", on_change="rerun",
                          key=f"deal_moves_{exercise.id}_{number or 0}_{len(at.moves)}")
        if box.open:
            # a numbered list, in columns (app/phone.py sets two on a phone)
            with box, st.container(key=f"deal_timeline_{exercise.id}_{number or 0}_{len(at.moves)}"):
                st.markdown("\n".join(f"{n}. {card_words(text)}" for n, text in enumerate(at.moves, 1)))


def profile_compare(exercise: Any, names: Sequence[str], key: str) -> None:
    """Each question's answer under every profile of the game; disagreements stand out."""
    import pandas as pd  # here, not at the top: the Course map's first run imports this module
    table = pd.DataFrame({name: {f"Q{n}": value for n, value in enumerate(values, 1)}
                          for name, values in answers_by_profile(exercise, names).items()}).T
    table.index = [labels.display_name(name) for name in table.index]
    table.index.name = "rules"
    differ = [c for c in table.columns if table[c].nunique() > 1]
    if differ:
        st.markdown("The profiles disagree on " + ", ".join(differ) + ".")
    else:
        st.markdown("Every profile gives the same answers here.")
    st.dataframe(table, key=f"{key}:table")


def deal_checked(exercise: Any, prefix: str) -> bool:
    """Whether some question of the deal was checked or its answer shown on this page."""
    base = f"{prefix}|{exercise.id}"
    graded = st.session_state.get("graded", {})
    return any((graded.get(f"{base}|{n}") or {}).get("status") == "graded"
               or st.session_state.get("shown", {}).get(f"{base}|{n}") for n in range(len(exercise.questions)))


def exercise_block(exercise: Any, prefix: str, *, heading: bool = True,
                   one_at_a_time: bool = False, next_deal: Callable[[], None] | None = None,
                   keyboard: bool = False, fragment: bool = False,
                   title_after_check: bool = False) -> None:
    """Draw one exercise with its questions (all of them, or `one_at_a_time` behind numbered
    tabs); `prefix` keeps widget keys apart per page. `keyboard` (one deal on the page, as in
    Practice): number keys choose, Enter checks, N goes to the next question. `fragment` (one
    deal on the page, nothing else on it reading its answers): the table and the questions are
    a Streamlit fragment, so that Check, Try again and Next question rerun them alone, not the
    page (`deal_and_questions_fragment`); one question at a time, its answering part is a
    fragment inside that one (`question_fragment`), so that a Check or a Try again reruns that
    part, not the table. With `title_after_check` the deal's title (which may state the rule it
    tests) waits until an answer is checked or shown, as Review does; the intro is shown at
    once."""
    base = f"{prefix}|{exercise.id}"
    if heading:
        hidden = title_after_check and not deal_checked(exercise, prefix)
        st.subheader("Your deal" if hidden else exercise.title)
        # A Check inside the question's fragment does not draw this heading again: the verdict
        # names the deal instead while the heading still reads "Your deal" (`hidden_title`)
        st.session_state.setdefault(HIDDEN_TITLES, {})[base] = exercise.title if hidden else None
    names = profile_names(exercise.game)
    active = exercise
    named = named_profile(exercise)
    if named is not None:
        st.caption(f"Played under **{labels.display_name(exercise.rules)}**, as the question "
                   "says; the other rule sets are compared at the end.")
    elif profiles_disagree(exercise, names):
        # The picker appears only where it changes an answer.
        rules_key = f"{base}:rules"
        if rules_key not in st.session_state or st.session_state[rules_key] not in names:
            st.session_state[rules_key] = exercise.rules if exercise.rules in names else names[0]
        chosen = st.selectbox("Rule profile", names, key=rules_key, format_func=labels.display_name,
                              help="The rule sets disagree on this deal: switch them to see "
                                   "which answer changes.")
        st.caption("The rule sets disagree on this deal: switch them to see the answer change.")
        try:
            active = with_profile(exercise, chosen)
        except Exception as exc:
            st.error(f"Profile {chosen!r} cannot be applied: {exc}")
    if getattr(active, "intro", None):
        st.markdown(author_md(active.intro))
    if fragment:
        st.session_state.pop(PAGE_RERUN, None)       # this run is the page's own
        deal_and_questions_fragment(exercise, active, names, prefix, base, one_at_a_time, next_deal, keyboard)
    else:
        deal_and_questions(exercise, active, names, prefix, base, one_at_a_time, next_deal, keyboard)


# A callback inside the fragment that changes what the page around it shows (Next deal) asks
# for the whole page to be drawn again.
PAGE_RERUN = "_quiz_page_rerun"

# The keys of the deal's fragments (one deal per page), for a callback that reruns one by name
# (`st.rerun(key)`) instead of the one it was clicked in: the deal (its table and questions)
# and, inside it, the question on screen (its tabs and its answering part).
DEAL_FRAGMENT = "quiz_deal"
ANSWER_FRAGMENT = "quiz_question"


def _drawn_or_logged(exercise: Any, draw: Callable[[], None]) -> None:
    """Draw a fragment's part; an error in it is logged and said in a line (run alone, the
    page's own guard, entry.main, is not around it)."""
    try:
        draw()
    except Exception:  # noqa: BLE001
        logging.getLogger("course").exception("the deal %r could not be drawn", getattr(exercise, "id", "?"))
        st.error("Part of this page could not be drawn: something in the course cannot be shown "
                 "(the server's log says what). The other pages and the rest of the course work.")


def _rerun_fragments(keys: str | list[str]) -> None:
    """From a callback: rerun the fragments `keys` instead of the one clicked in. In a run of
    the whole page (AppTest, which runs no fragments; a click the browser sent with the page)
    nothing is asked: that run draws them all, and a named rerun would replace it."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is not None and ctx.fragment_ids_this_run:
        st.rerun(keys)


def _page_rerun_asked() -> None:
    """Next deal, clicked inside a fragment, asked for the whole page: draw it."""
    if st.session_state.pop(PAGE_RERUN, False):
        st.rerun()


@st.fragment(key=DEAL_FRAGMENT)
def deal_and_questions_fragment(exercise: Any, active: Any, names: Sequence[str], prefix: str, base: str,
                                one_at_a_time: bool, next_deal: Callable[[], None] | None,
                                keyboard: bool) -> None:
    """`deal_and_questions` as a Streamlit fragment: on the real server a click inside it (a
    question's tab, Next question) reruns this alone, with the arguments of the page's last run;
    the entry script, the pickers and the deal's header are not run again and nothing of theirs
    is sent. One question at a time, Check, Show answer and Try again rerun less still: the
    question's answering part (`question_fragment`). Where fragments are not supported
    (AppTest), every click reruns the whole page, which draws this as part of it. Next deal
    changes the page: its click asks for the whole page (`PAGE_RERUN`)."""
    _page_rerun_asked()
    if next_deal is not None:
        def next_deal(go=next_deal) -> None:
            go()
            st.session_state[PAGE_RERUN] = True
    _drawn_or_logged(exercise, lambda: deal_and_questions(
        exercise, active, names, prefix, base, one_at_a_time, next_deal, keyboard, nested=one_at_a_time))


def deal_and_questions(exercise: Any, active: Any, names: Sequence[str], prefix: str, base: str,
                       one_at_a_time: bool, next_deal: Callable[[], None] | None, keyboard: bool,
                       nested: bool = False) -> None:
    """The deal's table and its questions, and the rule profiles compared once one was
    checked (everything of `exercise_block` under the deal's header). `nested` (drawn in the
    deal's fragment, one question at a time): the question on screen is a fragment inside it
    (`question_fragment`)."""
    # Each question's table is drawn as it stands when that question is asked.
    count = len(active.questions)
    if one_at_a_time:
        # One question at a time: the table on the left and the question (with its feedback) on
        # the right, so both fit a laptop screen; on a phone the columns stack.
        deal_side, question_side = st.columns([3, 2], gap="medium")
        index = question_index(base, count)
        with deal_side:
            table_block(active, active.questions[index] if count else None,
                        index + 1 if count > 1 else None)
        with question_side:
            questions_block(active, prefix, base, one_at_a_time, next_deal, keyboard,
                            around=Around(exercise, prefix, compare=len(names) > 1) if nested else None)
    else:
        # Every question on the page: one table above them when all are asked at one point,
        # else each question under its own table.
        one_point = len({_point_key(active, q) for q in active.questions}) <= 1
        if one_point:
            table_block(active, active.questions[0] if count else None)
        questions_block(active, prefix, base, one_at_a_time, next_deal, keyboard, tables=not one_point)
    if len(names) > 1 and deal_answered(exercise, prefix):
        # Only once an answer was checked or shown (it gives every answer away); computed only
        # while open: the expander reports its state (on_change="rerun").
        compare = st.expander("How the rule profiles answer this deal", key=f"{base}:compare",
                              on_change="rerun")
        if compare.open:
            with compare:
                profile_compare(exercise, names, base)


def deal_answered(exercise: Any, prefix: str) -> bool:
    """Whether an answer of the deal was checked or shown on this page since it was opened, Try
    again or not: the right answer was on screen then (a check's verdict says it), so the rule
    profiles compared, which give every answer away, stay offered."""
    base = f"{prefix}|{exercise.id}"
    tries, shown_before = st.session_state.get("tries", {}), st.session_state.get("answers_shown", {})
    return deal_checked(exercise, prefix) or any(
        tries.get(f"{base}|{n}") or shown_before.get(f"{base}|{n}") for n in range(len(exercise.questions)))


class Around:
    """What of the deal around the question's fragment shows its answers: the rule profiles
    compared (`compare`: the game has more than one), offered from the first answer of the deal
    checked or shown (`deal_answered`). A click in the question (Check, Show answer, Try again)
    reruns the question's fragment alone, its tabs with their marks and all; `acting` reruns
    the deal's instead when the click offers the comparison (once per deal)."""

    def __init__(self, exercise: Any, prefix: str, *, compare: bool):
        self.exercise, self.prefix, self.compare = exercise, prefix, compare

    def acting(self, action: Callable[..., None]) -> Callable[..., None]:
        """`action` (a button's callback), then the deal's fragment reruns, not the question's
        alone, if the click offered the profiles compared: the first Check or Show answer of
        the deal. Every other click reruns the question's fragment alone: the table and the
        columns around it do not change and are not sent again."""
        def act(*args: Any) -> None:
            offered = self.compare and deal_answered(self.exercise, self.prefix)
            action(*args)
            if self.compare and not offered and deal_answered(self.exercise, self.prefix):
                _rerun_fragments(DEAL_FRAGMENT)
        return act


def _point_key(exercise: Any, question: Any) -> Any:
    """Which point of the hand a question is asked at (equal keys: one picture serves both)."""
    try:
        return question_table(exercise, question).key
    except Exception as exc:
        return ("cannot be drawn", str(exc))


def question_index(base: str, count: int) -> int:
    """The question shown one at a time (0 until a tab is chosen)."""
    step_key = f"{base}:question"
    if st.session_state.get(step_key) not in range(count):
        st.session_state[step_key] = 0
    return st.session_state[step_key]


def question_tabs(active: Any, prefix: str, base: str, count: int,
                  on_change: Callable[[], None] | None = None) -> int:
    """The numbered tabs (ticked or crossed once checked) that choose the question shown."""
    marks = [question_mark(active, n, prefix) for n in range(count)]
    # the tab chosen is sent with them (set again, not only kept by the browser): a check that
    # reruns the deal's fragment from the question's draws them afresh, and a tab drawn afresh
    # without its value would show none chosen
    st.session_state[f"{base}:question"] = question_index(base, count)
    picked = st.segmented_control("Question", list(range(count)), key=f"{base}:question",
                                  required=True, format_func=marks.__getitem__, on_change=on_change)
    return picked if picked in range(count) else 0


def _rerun_deal() -> None:
    """Another question was chosen (a tab, Next question): its table is another one, so the
    deal's fragment reruns, not only the question's."""
    _rerun_fragments(DEAL_FRAGMENT)


def one_question(active: Any, prefix: str, base: str, next_deal: Callable[[], None] | None,
                 keyboard: bool, around: Around | None = None) -> None:
    """One question at a time: numbered tabs (ticked or crossed once checked) choose it; after
    a check the next question, or after the last one the next deal, is one click. With
    `around` (drawn as `question_fragment`), choosing another question reruns the deal."""
    count = len(active.questions)
    step_key = f"{base}:question"

    def go(to: int) -> None:
        st.session_state[step_key] = to
        if around is not None:
            _rerun_deal()

    index = question_index(base, count)
    if count > 1:
        index = question_tabs(active, prefix, base, count, on_change=_rerun_deal if around is not None else None)
    following = ("Next question →", lambda: go(index + 1)) if index + 1 < count else \
        (("Next deal →", next_deal) if next_deal is not None else None)
    # with `keyboard`, the keys' hint under the box comes from the style sheet (`KEYS_CSS`)
    with st.container(border=True, key=KEYED_QUESTION if keyboard else None):
        question_block(active, active.questions[index], index, prefix, next_step=following,
                       keyboard=keyboard, around=around)


@st.fragment(key=ANSWER_FRAGMENT)
def question_fragment(active: Any, prefix: str, base: str, next_deal: Callable[[], None] | None,
                      keyboard: bool, around: Around) -> None:
    """The question on screen (its tabs, its answer widget, Check, Show answer and Try again,
    the verdict, the named mistake, the deciding steps) as a fragment inside the deal's: on the
    real server a Check, Show answer or Try again reruns this alone, the tab it ticks or
    crosses included, not the table, the columns, the number keys (drawn beside it) or the
    deal's header (unless it offers the profiles compared: `Around`). Another question (a tab,
    Next question) reruns the deal (`_rerun_deal`); Next deal, the page (`PAGE_RERUN`)."""
    _page_rerun_asked()
    _drawn_or_logged(active, lambda: one_question(active, prefix, base, next_deal, keyboard, around))


def questions_block(active: Any, prefix: str, base: str, one_at_a_time: bool,
                    next_deal: Callable[[], None] | None, keyboard: bool, tables: bool = False,
                    around: Around | None = None) -> None:
    """The deal's questions: all of them, or one at a time behind numbered tabs; with `tables`
    (all of them, asked at different points) each under its own table. With `around` (one at a
    time, in the deal's fragment) the question on screen is a fragment inside it."""
    if one_at_a_time and around is not None:
        question_fragment(active, prefix, base, next_deal, keyboard, around)
        index = question_index(base, len(active.questions))
        if keyboard and active.questions:
            question = active.questions[index]
            number_keys(active, question, f"{prefix}|{active.id}|{index}",
                        solvers.kind_of(active, question).widget, outside=True)
    elif one_at_a_time:
        one_question(active, prefix, base, next_deal, keyboard)
    else:
        for index, question in enumerate(active.questions):
            with st.container(border=True):
                if tables:
                    table_block(active, question, index + 1)
                question_block(active, question, index, prefix)


def problems_panel(problems: Sequence[Any], title: str = "Some content could not be loaded") -> None:
    """Every problem as `file:line:column: message` in one error panel."""
    if not problems:
        return
    lines = []
    for p in problems:
        where = f"{state.relative(p.file)}:{p.line}:{p.column}"
        lines.append(f"- `{where}`: {md_escape(p.message)}")
    st.error(f"**{title}** (everything else keeps working):\n\n" + "\n".join(lines))

