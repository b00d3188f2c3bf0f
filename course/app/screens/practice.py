"""Practice: pick what to practise (a game, a skill, a lesson, what is not yet mastered, what was
missed most), then one deal at a time, checked by the engine.

The page (`page`) comes first, then the pools it picks from, each derived once per course."""

import random
from typing import Any

import streamlit as st

from course.app import lesson_view as lv
from course.app import attempts, authoring, labels, motivation, pickers, quiz, site, state, study_feedback, unlock
from course.store import StoreError
from course.study import templates


SCOPES = ["Game", "Skill", "Lesson", "Not yet mastered", "Missed most"]


def page() -> None:
    """Practice: pick what to practise, then one deal at a time, checked by the engine."""
    # less room above the title, so the deal and its question fit a laptop screen
    # (and the number keys' hidden buttons stay hidden: quiz.number_keys)
    st.html("<style>[data-testid=stMainBlockContainer]{padding-top:3rem}</style>" + quiz.KEYS_CSS)
    st.title("Practice")
    motivation.practice_session_start()
    if st.session_state.get("practice_summary"):
        motivation.practice_summary()
        return

    course = state.course()
    authoring.quiet_line(course)
    pool_all = state.per_course(course, ordered_exercises)
    if "practice_scope" not in st.session_state:
        st.session_state["practice_scope"] = "Game"
    # /practice?deal=<exercise id> opens that deal (a link to share, and the browser test),
    # and /practice?deal=gen/<template>/<seed> an engine-made item, rebuilt from its id.
    wanted = st.query_params.get("deal")
    if templates.is_item_id(wanted):
        # An engine-made item is a deal of its own, outside the course's scopes.
        try:
            generated = templates.generate(wanted)
        except templates.GenerationError as exc:
            st.error(str(exc))
        else:
            st.caption("An engine-made drill: its link opens this same deal again.")
            quiz.exercise_block(generated, prefix="practice", one_at_a_time=True, fragment=True,
                                title_after_check=True)
            return
    by_id = lv.exercises(course)
    if wanted is not None and (wanted not in by_id or not authoring.servable(course, by_id[wanted])):
        # a bad link says so, instead of quietly opening another deal in its place
        st.query_params.pop("deal", None)
        st.session_state["practice_missing"] = wanted
    if st.session_state.get("practice_missing") is not None:
        site.not_found("deal", st.session_state["practice_missing"])
    if wanted in by_id and st.session_state.get("practice_from") != wanted:
        st.session_state["practice_from"] = wanted
        st.session_state["practice_no_question"] = None
        st.session_state["practice_scope"] = "Game"
        st.session_state["practice_game"] = by_id[wanted].game
        st.session_state["practice_deal"] = wanted
        # /practice?deal=<id>&q=<n> opens the deal at its question n (each question has its table)
        number = st.query_params.get("q", "")
        count = len(by_id[wanted].questions)
        if number.isdigit() and 1 <= int(number) <= count:
            st.session_state[f"practice|{wanted}:question"] = int(number) - 1
        elif number:
            # a question the deal does not have: say which it has, and open the first
            st.session_state["practice_no_question"] = (number, count)
    if st.session_state.get("practice_no_question") and wanted in by_id:
        number, count = st.session_state["practice_no_question"]
        st.warning(f"This deal has no question {labels.quoted(number)}: its questions are "
                   + ("Q1" if count == 1 else f"Q1 to Q{count}") + ". It opens at Q1.")
    # The scope pickers share one compact bar (it wraps on a phone).
    with st.container(horizontal=True, vertical_alignment="bottom", gap="small",
                      key="practice_bar"):
        scope = st.selectbox("Practise by", SCOPES, key="practice_scope", width=190)
        if scope == "Game":
            by_game = state.per_course(course, exercises_by_game)
            choice = st.selectbox("Game", list(by_game), format_func=lv.game_title,
                                  key="practice_game", width=300,
                                  on_change=lambda: study_feedback.opened(f"game:{st.session_state['practice_game']}"))
            pool = by_game.get(choice, [])
            where = state.per_course(course, game_positions).get(choice, {})
        elif scope == "Skill":
            by_topic = state.per_course(course, exercises_by_topic)
            choice = st.selectbox("Skill", sorted(by_topic, key=labels.display_name), key="practice_topic",
                                  format_func=labels.display_name, width=300)
            pool = by_topic.get(choice, [])
            where = state.per_course(course, topic_positions).get(choice, {})
        elif scope == "Lesson":
            titles, exercise_ids = state.per_course(course, practice_lessons)
            if len(titles) > pickers.SHOWN_LESSONS:
                choice, _ = pickers.pick_lesson(course, "Lesson", "practice_lesson", titles, 420)
            else:
                choice = st.selectbox("Lesson", list(titles), format_func=titles.get,
                                      key="practice_lesson", width=420)
            ids = exercise_ids.get(choice, [])
            known = lv.exercises(course)
            pool = authoring.served(course, [known[eid] for eid in ids if eid in known])
            fresh = fresh_drills(course, choice)      # then new deals of the same skills
            if fresh:
                st.caption(f"{len(pool)} deals of the lesson, then {len(fresh)} new ones the engine "
                           "deals for the skills it teaches.", width=300)
            pool = pool + fresh
        elif scope == "Not yet mastered":
            name = state.learner()
            mastered_count = attempts.questions_mastered(state.mastered(name), by_id)
            pool = [ex for ex in pool_all if mastered_count.get(ex.id, 0) < len(ex.questions)]
            st.caption(f"{len(pool)} of {len(pool_all)} deals still have a question you have "
                       "not answered right on your latest try.", width=300)
        else:
            pool = authoring.served(course, [ex for ex in map(lambda eid: by_id.get(eid) or attempts.generated_deal(eid),
                                                              missed_deals()) if ex is not None])
            st.caption("The deals of the questions you missed most (on Practice and on Review), "
                       "the most missed first.", width=300)
        if scope not in ("Game", "Skill"):      # those two pools' positions are kept per course
            where = positions(pool)
        if pool and st.session_state.get("practice_deal") not in where:
            st.session_state["practice_deal"] = pool[0].id
        here = where[st.session_state["practice_deal"]] if pool else 0

        def step(delta: int, pool=pool, here=here) -> None:
            st.session_state["practice_deal"] = pool[here + delta].id
            st.session_state["practice_missing"] = None
            st.session_state["practice_no_question"] = None

        # No wrap-round: the first deal has no previous one, the last no next one.
        if pool:
            with st.container(horizontal=True, vertical_alignment="center", gap="small",
                              width="content"):
                st.button("←", key="practice_prev", on_click=step, args=(-1,),
                          disabled=here == 0, help="Previous deal")
                st.markdown(f"Deal **{here + 1}** of **{len(pool)}**", width="content")
                st.button("→", key="practice_next", on_click=step, args=(1,),
                          disabled=here + 1 == len(pool), help="Next deal")

    if not pool:
        st.info("Nothing to practise here.")
    elif not authoring.servable(course, pool[here]):    # a very large course checks deals as drawn
        st.caption("This deal is being fixed and not shown for now: the arrows go on to the others.")
    else:
        if scope == "Skill":            # a deal opens at its first question of the skill practised
            ex = pool[here]
            st.session_state.setdefault(f"practice|{ex.id}:question", next(
                (n for n, q in enumerate(ex.questions) if quiz.skill_of(ex, q) == choice), 0))
        quiz.exercise_block(pool[here], prefix="practice", one_at_a_time=True, keyboard=True, fragment=True,
                            next_deal=(lambda: step(1)) if here + 1 < len(pool) else None,
                            title_after_check=True)
        st.button("End session", key="practice_end", icon=":material/flag:",
                  help="See this session's summary: right first time, and what to review next.",
                  on_click=lambda: st.session_state.update(practice_summary=True))


def ordered_exercises(course):
    """Exercises in course order: as the lessons list them, then any others by file."""
    known = lv.exercises(course)
    order = []
    for lesson in lv.lessons(course):
        order += [eid for eid in lv.lesson_exercise_ids(lesson) if eid in known]
    order += list(known)
    # an exercise whose file has a problem (the engine rejects its answer) is not served
    return authoring.served(course, [known[eid] for eid in dict.fromkeys(order)])


def exercises_by_game(course):
    """Game -> its exercises in course order (once per course: see state.per_course)."""
    found = {}
    for ex in state.per_course(course, ordered_exercises):
        found.setdefault(ex.game, []).append(ex)
    return found


def exercises_by_topic(course):
    """Skill -> the exercises with a question that trains it, in course order (once per course):
    the skills Progress charts, each question's as its ask trains it (`quiz.skill_of`), so what is
    practised under a skill is recorded under it. Games and lessons have their own pickers."""
    found = {}
    for ex in state.per_course(course, ordered_exercises):
        for topic in dict.fromkeys(quiz.skill_of(ex, q) for q in ex.questions):
            found.setdefault(topic, []).append(ex)
    return found


def positions(pool) -> dict[str, int]:
    """Exercise id -> its first place in `pool`: where a deal is, without a scan of the pool on
    every rerun (a game's pool at 43,000 exercises is 14,000 deals)."""
    where: dict[str, int] = {}
    for n, ex in enumerate(pool):
        where.setdefault(ex.id, n)
    return where


def game_positions(course):
    """Game -> `positions` of its pool (once per course)."""
    return {game: positions(pool) for game, pool in state.per_course(course, exercises_by_game).items()}


def topic_positions(course):
    """Topic -> `positions` of its pool (once per course)."""
    return {topic: positions(pool) for topic, pool in state.per_course(course, exercises_by_topic).items()}


def practice_lessons(course) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Lesson id -> title and lesson id -> its exercise ids, in course order (once per course)."""
    lessons = lv.lessons(course)
    return ({lv.field(l, "id"): lv.field(l, "title") for l in lessons},
            {lv.field(l, "id"): lv.lesson_exercise_ids(l) for l in lessons})


def missed_deals() -> list[str]:
    """The deals of the learner's most-missed questions, the most missed first."""
    name = state.learner()
    store = state.store() if name else None
    if store is None:
        return []
    try:
        return list(dict.fromkeys(store.most_missed(name)["exercise"]))
    except StoreError as exc:
        st.error(f"Your most-missed questions cannot be read just now: {exc}")
        return []


def fresh_drills(course: Any, lesson_id: str) -> list[Any]:
    """Engine-made items for the skills a lesson teaches (one per skill template of its games'
    asks), drawn afresh for each Practice session: practice goes on after the lesson's own
    deals instead of dealing them again."""
    asks = state.per_course(course, unlock.taught).get(str(lesson_id), (set(), set()))[0]
    seed = st.session_state.setdefault("practice_fresh_seed", random.Random().randrange(10**6))
    out = []
    for name, template in templates.templates().items():
        if not template.trap and (template.game, template.ask) in asks:
            try:
                out.append(templates.generate(templates.item_id(name, seed)))
            except templates.GenerationError:
                continue                     # a template's bug never costs the lesson its practice
    return out
