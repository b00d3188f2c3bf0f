"""What the study loop adds to every checked answer, on Practice and on Review:

- `mistake(exercise, question, given)`: each wrong field of a several-field answer marked, and
  any known misconception that reproduces the answer named (with its citations) before the
  explanation;
- `schedule()` / `remember(exercise, right, second_try)`: the learner's FSRS memory card for the
  item (its skill or trap for a generated item, its own card for a hand-written exercise).
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from course.app import cards_view, labels, state
from course.app.learner_schedule import schedule_for_learner  # noqa: F401 - re-exported: Review and Progress use it through here
from course.app.links import article_url
from course.app.widgets import md_escape
from course.store import StoreError
from course.store.spool import OneReviewCards
from course.study import compare, misconceptions, schedule, templates


MARK_CSS = """<style>
.ssr-marked{display:flex;flex-wrap:wrap;gap:.45rem;align-items:center;margin:.3rem 0 .5rem}
.ssr-marked .ssr-label{font-size:.9rem;margin-right:.3rem}
.ssr-mark{position:relative;display:inline-flex;border-radius:.35rem}
.ssr-mark.ssr-wrong{outline:3px solid #c62828;outline-offset:2px}
.ssr-mark.ssr-wrong::after{content:"\\2715";position:absolute;top:-.6rem;right:-.6rem;width:1.15rem;
  height:1.15rem;border-radius:50%;background:#c62828;color:#fff;font-size:.75rem;font-weight:700;
  display:flex;align-items:center;justify-content:center;pointer-events:none}
.ssr-mark.ssr-missing{outline:3px dashed #1565c0;outline-offset:2px}
.ssr-legend{font-size:.8rem;opacity:.85;margin-bottom:.4rem}
</style>"""


def marked_cards_html(chosen: list, best: list, wrong: set[str], missing: set[str]) -> str:
    """The learner's cards with the wrong ones crossed, then the right cards they left out
    outlined: the marks are drawn on the cards themselves, and said in each card's label."""
    from course.cards import parse_cards

    def one(card, mark: str, words: str) -> str:
        html = cards_view.card_html(card).replace(f'aria-label="{card.label}"',
                                                    f'aria-label="{card.label}, {words}"', 1)
        return f'<span class="ssr-mark ssr-{mark}">{html}</span>' if mark else html

    mine = "".join(one(c, "wrong" if str(c) in wrong else "", "not in the best hand" if str(c) in wrong else "")
                   for c in parse_cards([str(c) for c in chosen]))
    left = "".join(one(c, "missing", "missing from your hand") for c in parse_cards([str(c) for c in best])
                   if str(c) in missing)
    parts = [f'<div class="ssr-marked"><span class="ssr-label">Your cards:</span>{mine}</div>']
    if left:
        parts.append(f'<div class="ssr-marked"><span class="ssr-label">Left out:</span>{left}</div>')
    parts.append('<div class="ssr-legend">Red with a cross: not in the best hand. Dashed blue: a card of '
                 'the best hand you left out.</div>')
    return cards_view.style_tag() + MARK_CSS + "".join(parts)


def mistake(exercise: Any, question: Any, given: Any) -> None:
    """What a wrong answer gets besides the verdict: the learner's answer compared with the
    engine's (wrong cards crossed and missing ones outlined on the cards, each wrong field
    named), one contrast line, and at most one known mistake, the most specific."""
    if question.ask == "best_five" and isinstance(given, (list, tuple)) and len(given) > 5:
        st.warning(f"**Known mistake.** You chose {len(given)} cards. A poker hand is five cards: "
                   "the best five of them, and the others play no part.")
    try:
        judged = judgement(exercise, question, given)
    except misconceptions.CatalogueError as exc:
        st.warning(f"Known mistakes cannot be named: {md_escape(exc)}")
        return
    if judged.correct:
        return
    kind = misconceptions.engine.kind_of(exercise, question)
    said: list[str] = []                            # markdown lines, sent as one element
    if kind.name == "cards" and isinstance(given, (list, tuple)) and (judged.comparison.wrong or judged.comparison.missing):
        right = misconceptions.engine.answer(exercise, question).value
        st.html(marked_cards_html(list(given), list(right), set(judged.comparison.wrong),
                                  set(judged.comparison.missing)))
    elif kind.name in compare.FIELD_KINDS and judged.comparison.wrong:
        # each wrong field named in bold, with what was given and what is right when the
        # contrast line says it ("**Ben**: 8 given, 16 right.")
        line = md_escape(judged.comparison.line)
        for field in judged.comparison.wrong:
            for colon in (":", md_escape(":")):
                line = line.replace(f"{md_escape(field)}{colon}", f"**{md_escape(field)}**{colon}", 1)
        if "**" not in line:
            line = ", ".join(f"**{md_escape(f)}**" for f in judged.comparison.wrong) + ". " + line
        said.append("Wrong: " + line)
    # Another rule set's word ("your answer is the rule of 1917Poker…") goes with the named
    # mistake when there is one, in the same box, so the learner reads one account of it.
    other_rule = (md_escape(misconceptions.profile_words(exercise, judged.profile))
                  if judged.profile is not None else "")
    if kind.name in compare.FIELD_KINDS and judged.comparison.wrong:
        pass                                        # said above, field by field
    elif kind.name in ("player", "yesno", "units", "category"):
        pass                                        # the verdict above already says both values
    elif judged.verdict:
        said.append(md_escape(judged.verdict))
    if judged.mistake is None and other_rule:
        said.append(other_rule)
    if said:                                        # one element for the lines said plainly
        st.markdown("\n\n".join(said))
    if judged.mistake is not None:
        entry = judged.mistake
        links = " ".join(f"[{md_escape(c)}]({article_url(c)})" for c in entry.cite)
        st.warning(f"**Known mistake.** {md_escape(entry.message)} {links}"
                   + (f"\n\n{other_rule}" if other_rule else ""))


# Judgements kept per question of a loaded exercise: a class giving the same few wrong answers
# shares them; any answer beyond these is judged afresh (typed numbers are unbounded).
JUDGEMENTS_KEPT = 64


def judgement(exercise: Any, question: Any, given: Any) -> Any:
    """`compare.judge` of an answer, worked out once per question and answer of a loaded
    exercise (a checked exercise is read-only; another profile is a new Exercise)."""
    if not hasattr(exercise, "replayed"):
        return compare.judge(exercise, question, given)
    try:
        said = json.dumps(given, sort_keys=True)
    except (TypeError, ValueError):
        return compare.judge(exercise, question, given)
    kept, judged = exercise.replayed(("judgements", id(question)), lambda: (question, {}))
    if kept is not question:
        return compare.judge(exercise, question, given)
    if said not in judged:
        found = compare.judge(exercise, question, given)
        if len(judged) >= JUDGEMENTS_KEPT:
            return found
        judged[said] = found
    return judged[said]


def remember(exercise: Any, right: bool, second_try: bool = False, *, store_ok: bool = True) -> None:
    """Review the item's memory card; a learner without a name is not scheduled. When the store
    cannot take the review (its answer was not saved, `store_ok` False; or the write fails), the
    review waits in the spool with the answer (`state.keep_review`) and is applied at its own
    time once the store is back: a fault costs no review."""
    learner = state.learner()
    if not learner:
        return
    card = templates.card_for(exercise)
    now = schedule.now_utc()
    progress = state.store() if store_ok else None
    if progress is None:
        state.keep_review(card, right, second_try=second_try, at=now)
        return
    try:
        one = OneReviewCards(progress, [card, schedule.DAY + now.date().isoformat(), schedule.GOAL])
        schedule.Schedule(one, learner).review(card, right, second_try=second_try, now=now)
        one.save(learner)
    except StoreError as exc:
        state.store_failed(exc)
        state.keep_review(card, right, second_try=second_try, at=now)


def opened(what: str) -> None:
    """Note a lesson opened (`lesson:<id>`) or a game chosen (`game:<game>`) for Review; a
    store fault costs only this note."""
    if state.learner():
        try:
            schedule_for_learner().mark_opened(what)
        except StoreError as exc:
            st.toast(f"Review could not note this: {exc}")


def card_title(card: str) -> str:
    """A memory card as a learner reads it: "Seven-Card Stud High: who brings in", "Trap: Raise cap
    ...", or a hand-written exercise's own title."""
    kind, *rest = card.split("/")
    if kind == "skill":   # one card per ask: named by what the ask trains (winners and award share a skill)
        return f"{labels.display_name(rest[0])}: {labels.ask_name(rest[1])}"
    if kind == "trap" and rest[0] in templates.templates():
        title = templates.templates()[rest[0]].title
        return title if title.startswith("Trap: ") else f"Trap: {title}"
    if kind == "exercise":
        exercise = state.course().exercises.get(rest[0])
        if exercise is not None:
            return f"Deal: {exercise.title}"
    return f"{kind}: {rest[0]}"


RECALL = "recall tomorrow"
RECALL_HELP = ("Spaced review's estimate of the chance you would answer it right tomorrow: FSRS "
               "(the Free Spaced Repetition Scheduler, as in Anki) works it out from your answers "
               "and when you gave them, and brings each item back on Review before it drops too low.")


def mastery(plan: schedule.Schedule, key: str) -> None:
    """Recall tomorrow per memory card (FSRS's estimate), for every card reviewed so far: a
    static table, so every column fits a phone's width (an interactive grid scrolls sideways)."""
    rows = [{"skill or deal": card_title(k), RECALL: f"{plan.mastery(k):.0%}",
             "due": labels.due_words((c.due - schedule.now_utc()).total_seconds())}
            for k, c in sorted(plan.cards.items())]
    if rows:
        with st.container(key=key):
            st.table(rows, hide_index=True)
