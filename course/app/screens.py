"""The screens behind the pages in views/: each page script calls one function here.

Page scripts are compiled on every rerun (Streamlit rewrites them for "magic"), so they stay
two lines long and the screen code lives in this importable module. Screens only lay out
widgets and call the engine, content and progress modules."""

import html
import logging
import random
import re
from dataclasses import dataclass
from itertools import compress
from pathlib import Path
from typing import Any

import streamlit as st

from course import content, rules
from course.app import lesson_view as lv
from course.app import authoring, labels, motivation, quiz, scroll, state, study_feedback, unlock
from course.content import nodes, preview
from course.store import StoreError
from course.study import templates

SCOPES = ["Game", "Skill", "Lesson", "Not yet mastered", "Missed most"]
SOURCES = ["A file of the course", "Upload a file", "Paste YAML"]
KINDS = ["Exercise", "Lesson"]


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


def questions_mastered(mastered, by_id) -> dict[str, int]:
    """Exercise id -> how many of its questions are in `mastered`: one pass over the learner's
    pairs, so a scope of 43,000 deals needs one look-up per deal, not one per question. Pairs of
    exercises or questions the course no longer has are not counted."""
    counts: dict[str, int] = {}
    for eid, n in mastered:
        ex = by_id.get(eid)
        if ex is not None and 0 <= n < len(ex.questions):
            counts[eid] = counts.get(eid, 0) + 1
    return counts


def lesson_progress(lesson, exercises, mastered_count) -> tuple[int, int]:
    """(questions answered right on the latest try, questions) over a lesson's exercises;
    `mastered_count` as `questions_mastered` gives it."""
    total = done = 0
    for eid in lv.lesson_exercise_ids(lesson):
        ex = exercises.get(eid)
        if ex is not None:
            total += len(ex.questions)
            done += mastered_count.get(eid, 0)
    return done, total


def lesson_label(lesson, number: int | None = None) -> str:
    """"Seven-Card Stud High 4. Who opens the later streets, and why": `number`, the lesson's
    place in its game (`lv.lesson_numbers`), whatever its `order:` holds."""
    return f"{lv.game_title(lv.field(lesson, 'game'))} {number or lv.field(lesson, 'order')}. " \
        f"{lv.field(lesson, 'title')}"


LESSONS_PER_PAGE = 30   # the map draws at most this many lessons at once, all games together
                        # (the course's own 21 lessons whole; a course many times its size paged)
MIN_PAGE = 5            # ... but a paged game shows at least this many


def map_page_sizes(counts: dict[str, int], budget: int = LESSONS_PER_PAGE) -> dict[str, int]:
    """Game -> how many of its lessons the map shows at once, given each game's lesson count:
    games that fit their fair share of `budget` are shown whole, and what they leave is shared
    by the others (each at least MIN_PAGE). So a course of up to `budget` lessons is drawn
    whole, and a bigger one draws about `budget` lessons however many it has: the map's rerun
    costs the same at 4,300 exercises as at 43."""
    sizes: dict[str, int] = {}
    left, rest = budget, sorted(counts, key=counts.get)
    while rest:
        share = left // len(rest)
        if counts[rest[0]] > share:
            break
        game = rest.pop(0)
        sizes[game] = counts[game]
        left -= counts[game]
    for game in rest:
        sizes[game] = max(MIN_PAGE, left // len(rest))
    return {game: sizes[game] for game in counts}


def lessons_by_game(course):
    """Game -> its lessons in course order (once per course: see state.per_course)."""
    found = {}
    for lesson in lv.lessons(course):
        found.setdefault(lv.field(lesson, "game"), []).append(lesson)
    return found


def course_map() -> None:
    """Course map: the lessons in order, grouped by game, with the learner's progress.

The map draws about LESSONS_PER_PAGE lessons at once, all games together (`map_page_sizes`): a
game with more than its share is shown a page at a time, opening on the page of its first lesson
not yet finished, so the map stays quick however large the course grows; only the lessons on
screen (and those before the onward one) have their progress counted."""
    st.title("Course map")
    st.markdown("Lessons run in order within each game. Each lesson ends with exercises the rules "
                "engine checks; your progress counts the questions you answered right on your "
                "latest try.")

    motivation.goal_strip("map_goal")
    course = state.course()
    authoring.quiet_line(course)
    exercises = lv.exercises(course)
    mastered_count = questions_mastered(state.mastered(state.learner()), exercises)
    by_game = state.per_course(course, lessons_by_game)
    if not by_game:
        st.info("No lesson could be loaded.")
        return
    counted: dict[str, tuple[int, int]] = {}
    opened = study_feedback.schedule_for_learner().opened if state.learner() else set()

    def progress(lesson) -> tuple[int, int]:
        lid = lv.field(lesson, "id")
        if lid not in counted:
            counted[lid] = lesson_progress(lesson, exercises, mastered_count)
        return counted[lid]

    def unfinished(lesson) -> bool:
        # A lesson without exercises has nothing to finish, so it is never the one to continue.
        done, total = progress(lesson)
        return done < total

    onward_in = {game: next((n for n, l in enumerate(items) if unfinished(l)), None)
                 for game, items in by_game.items()}
    onward = next(((game, n) for game, n in onward_in.items() if n is not None), None)
    if onward is not None:
        with st.container(border=True, key="map_continue"):
            st.markdown("**Continue where you left off**" if mastered_count else "**Start here**")
            lesson = by_game[onward[0]][onward[1]]
            st.page_link("views/lesson.py", query_params={"id": lv.field(lesson, "id")},
                         label=lesson_label(lesson, onward[1] + 1), icon=":material/play_arrow:")
    else:
        st.success("Every lesson's questions are answered right. Practice keeps them fresh.")
    sizes = state.per_course(course, map_sizes)
    for game, items in by_game.items():
        st.header(lv.game_title(game), divider="gray")
        size = sizes[game]
        first = map_pager(game, len(items), onward_in[game] or 0, size)
        for number, lesson in enumerate(items[first:first + size], first + 1):
            done, total = progress(lesson)
            with st.container(border=True):
                left, right = st.columns([3, 1])
                with left:
                    finished = bool(total) and done == total
                    st.page_link("views/lesson.py", query_params={"id": lv.field(lesson, "id")},
                                 label=f"**{number}. {lv.field(lesson, 'title')}**",
                                 icon=":material/check_circle:" if finished
                                 else ":material/menu_book:",
                                 help="Finished: every question right" if finished else None)
                    st.caption(quiz.md_escape(lv.field(lesson, "summary") or ""))
                    st.caption("Review: unlocked" if f"lesson:{lv.field(lesson, 'id')}" in opened
                               else "Review: unlocks when you open this lesson")
                with right:
                    if total:
                        st.progress(done / total, text=f"{done} of {total} questions right")
                    else:
                        st.caption("No exercises yet")


def map_sizes(course) -> dict[str, int]:
    """Each game's page size on the map (`map_page_sizes`), once per course."""
    return map_page_sizes({game: len(items) for game, items in state.per_course(course, lessons_by_game).items()})


def map_pager(game: str, count: int, onward: int, size: int = LESSONS_PER_PAGE) -> int:
    """For a game of more than `size` lessons: the page of lessons to show (at first the one
    holding lesson number `onward`), with buttons to the pages either side. Returns the index of
    the page's first lesson."""
    if count <= size:
        return 0
    key = f"map_page_{game}"
    pages = -(-count // size)
    if key not in st.session_state:
        st.session_state[key] = onward // size
    page = min(st.session_state[key], pages - 1)

    def turn(delta: int) -> None:
        st.session_state[key] = page + delta

    first = page * size
    with st.container(horizontal=True, vertical_alignment="center", gap="small", width="content"):
        st.button("←", key=f"{key}_prev", on_click=turn, args=(-1,), disabled=page == 0,
                  help="Earlier lessons")
        st.markdown(f"Lessons **{first + 1}–{min(first + size, count)}** of "
                    f"**{count:,}**", width="content")
        st.button("→", key=f"{key}_next", on_click=turn, args=(1,), disabled=page + 1 == pages,
                  help="Later lessons")
    return first


def not_found(what: str, wanted: str) -> None:
    """Say that a link named an item (`what`: lesson, deal...) that does not exist, instead of
    opening another one in its place; the name from the address is shown quoted, as typed."""
    st.warning(f"There is no {what} called {labels.quoted(wanted)}. Choose one above, or start "
               "from the Course map.")
    st.page_link("views/course_map.py", label="Course map", icon=":material/map:")


def practise_lesson(lesson) -> None:
    """Open Practice on this lesson's deals, the first one first."""
    ids = lv.lesson_exercise_ids(lesson)
    st.session_state["practice_scope"] = "Lesson"
    st.session_state["practice_lesson"] = lv.field(lesson, "id")
    st.session_state["practice_deal"] = ids[0] if ids else None
    st.switch_page("views/practice.py")


def lesson_index(course):
    """The lessons in course order, their ids, their picker labels and id -> position (once per
    course: see state.per_course)."""
    lessons = lv.lessons(course)
    ids = [lv.field(l, "id") for l in lessons]
    numbers = lv.lesson_numbers(course)
    return lessons, ids, {lid: lesson_label(l, numbers.get(lid)) for lid, l in zip(ids, lessons)}, \
        {lid: n for n, lid in enumerate(ids)}


SHOWN_LESSONS = 200    # the most lesson names a picker sends to the browser on a rerun


def lesson_search(course) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every lesson id in course order and, for a case-blind search, its label and id lowered
    (once per course: see state.per_course)."""
    _, ids, titles, _ = state.per_course(course, lesson_index)
    return tuple(ids), tuple(f"{titles[i]} {i}".lower() for i in ids)


def matching(names, lowered, find: str) -> list[str]:
    """The names whose lowered text holds every word of `find` (any case), in their order."""
    for word in find.lower().split():   # a pass per word, over the survivors of the last one
        mask = [word in low for low in lowered]
        names, lowered = list(compress(names, mask)), list(compress(lowered, mask))
    return list(names)


def pick_lesson(course, label: str, key: str, titles: dict, width: int) -> tuple[str | None, bool]:
    """A lesson picker: every lesson for a course of up to SHOWN_LESSONS lessons; beyond that, a
    search box and at most SHOWN_LESSONS matches (the lesson picked so far always listed), as
    the Author preview's file picker does, so a rerun does not send every name to the browser.
    Returns the lesson picked and whether any lesson matched the search."""
    ids, lowered = state.per_course(course, lesson_search)
    if len(ids) <= SHOWN_LESSONS:
        return st.selectbox(label, ids, format_func=titles.get, key=key, placeholder="Choose a lesson",
                            width=width), True
    find = st.text_input(f"Find a lesson ({len(ids):,})", key=f"{key}_find", width=width,
                         placeholder="words of its title, e.g. bring-in")
    found = matching(ids, lowered, find)
    shown = found[:SHOWN_LESSONS]
    current = st.session_state.get(key)
    if current is not None and current not in shown and current in titles:
        shown.insert(0, current)               # the lesson open now stays listed
    if not shown:
        st.info("No lesson matches: try fewer or shorter words.")
        return None, False
    if current is not None and current not in shown:
        st.session_state[key] = shown[0]
    picked = st.selectbox(label, shown, format_func=titles.get, key=key, placeholder="Choose a lesson",
                          width=width)
    if len(found) > SHOWN_LESSONS:
        st.caption(f"Showing the first {SHOWN_LESSONS} of {len(found):,} matching lessons: type more "
                   "of the title to narrow the list.")
    return picked, True


def practice_lessons(course) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Lesson id -> title and lesson id -> its exercise ids, in course order (once per course)."""
    lessons = lv.lessons(course)
    return ({lv.field(l, "id"): lv.field(l, "title") for l in lessons},
            {lv.field(l, "id"): lv.lesson_exercise_ids(l) for l in lessons})


def lesson() -> None:
    """Lesson reader: one lesson's sections, deals, sources and exercises ("try it now"), then
    the way on: practise it, or the previous or next lesson. The picker is on the page itself,
    so a phone reaches it without opening the sidebar."""
    course = state.course()
    lessons, ids, titles, position = state.per_course(course, lesson_index)
    if not lessons:
        st.title("Lesson reader")
        st.info("No lesson could be loaded.")
        authoring.quiet_line(course)
        return
    wanted = st.query_params.get("id")
    if "lesson_pick" not in st.session_state or st.session_state.get("lesson_from") != wanted:
        # A link (/lesson?id=...) decides and an unknown id opens nothing in its place;
        # without one, the lesson last read here opens again.
        last = st.session_state.get("lesson_from")
        if wanted is None:
            st.session_state["lesson_pick"] = last if last in ids else ids[0]
        else:
            st.session_state["lesson_pick"] = wanted if wanted in ids else None
        st.session_state["lesson_from"] = wanted
    if st.session_state["lesson_pick"] is not None and st.session_state["lesson_pick"] not in position:
        st.session_state["lesson_pick"] = ids[0]
    picked, any_match = pick_lesson(course, "Lesson", "lesson_pick", titles, 520)
    if not any_match:
        return
    if picked is None:
        st.title("Lesson not found")
        not_found("lesson", wanted)
        return
    st.query_params["id"] = picked
    st.session_state["lesson_from"] = picked
    scroll.to_top_when(f"lesson:{picked}")      # every way in opens the lesson at its title
    here = position[picked]
    lesson = lessons[here]
    study_feedback.opened(f"lesson:{lv.field(lesson, 'id')}")   # Review may now bring back what it teaches
    authoring.quiet_line(course)
    lv.lesson_body(lesson, course, prefix="lesson")

    st.divider()
    # long lesson titles wrap rather than being cut off on a phone
    st.html("<style>.st-key-lesson_onward [data-testid=stPageLink] p{white-space:normal}</style>")
    with st.container(key="lesson_onward"):
        _next_step(course, lesson)
        if lv.lesson_exercise_ids(lesson):
            if st.button("Practise this lesson", type="primary", icon=":material/quiz:",
                         key="lesson_practise"):
                practise_lesson(lesson)
        # No wrap-round: the first lesson has no previous one, the last no next one.
        for label, to, icon in (("Next lesson", here + 1, ":material/arrow_forward:"),
                                ("Previous lesson", here - 1, ":material/arrow_back:")):
            if 0 <= to < len(ids):
                st.page_link("views/lesson.py", query_params={"id": ids[to]}, icon=icon,
                             label=f"{label}: {lv.field(lessons[to], 'title')}",
                             width="stretch")


def _next_step(course: Any, lesson: Any) -> None:
    """The step mastery suggests after this lesson: its weakest rule point, or the next lesson
    once every point it teaches is mastered (course.study.mastery; the measure Progress shows)."""
    from course.study import mastery
    from course.rules.points import points

    if not state.learner() or not hasattr(lesson, "sections") or not hasattr(course, "lessons_in_order"):
        return
    step = mastery.next_step(course, lesson, state.mastered(state.learner()))
    if step.kind == "practise":
        point = points().get(step.target or "")
        st.caption(f"Next step: practise **{quiz.md_escape(point.line if point else str(step.target))}** "
                   "before moving on; this lesson is done once every rule it teaches is mastered.")
    elif step.kind == "lesson":
        st.caption("Next step: every rule this lesson teaches is mastered; go on to the next lesson.")


def practice() -> None:
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
        not_found("deal", st.session_state["practice_missing"])
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
            if len(titles) > SHOWN_LESSONS:
                choice, _ = pick_lesson(course, "Lesson", "practice_lesson", titles, 420)
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
            mastered_count = questions_mastered(state.mastered(name), by_id)
            pool = [ex for ex in pool_all if mastered_count.get(ex.id, 0) < len(ex.questions)]
            st.caption(f"{len(pool)} of {len(pool_all)} deals still have a question you have "
                       "not answered right on your latest try.", width=300)
        else:
            pool = authoring.served(course, [ex for ex in map(lambda eid: by_id.get(eid) or generated_deal(eid),
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


def generated_deal(exercise_id: str) -> Any:
    """The engine-made item an attempt names (`gen-<template>-<seed>`, as Review saves it),
    rebuilt from its id; None for anything else or an item that can no longer be made."""
    item = templates.item_of(exercise_id)
    if item is None:
        return None
    try:
        return templates.generate(item)
    except templates.GenerationError:
        return None


def practise_missed() -> None:
    st.session_state["practice_scope"] = "Missed most"
    st.session_state["practice_deal"] = None
    st.switch_page("views/practice.py")


def rulebook() -> None:
    """Rulebook: every citation article, in our own words, grouped by source, with contents
    and a search box."""
    st.title("Rulebook")
    st.markdown("Every rule the engine applies cites one of these articles. The texts are the "
                "course's own summaries of the sources.")

    table = rules.citations()
    # /rulebook?article=<key>: the article an explanation's citation link points at
    wanted = st.query_params.get("article")
    if wanted is not None:
        if wanted not in table:
            st.warning(f"There is no article called {labels.quoted(wanted)}; every article "
                       "is listed below.")
        else:
            with st.container(border=True, key="rulebook_opened"):
                st.markdown(lv.article_md(table[wanted]))
    query = st.text_input("Search the rules", key="rulebook_filter", icon=":material/search:",
                          placeholder="bring-in, spit card, 3.3...")
    words = query.lower().split()
    sources = {}
    for key, cit in table.items():
        blob = f"{key} {labels.article_title(key)} {cit.source_title} {cit.text}".lower()
        if all(w in blob for w in words):
            sources.setdefault(cit.source_title, []).append((key, cit))
    if not sources:
        st.info(f"No article matches {labels.quoted(query)}.")
        return
    anchors = {title: f"source-{n}" for n, title in enumerate(sources, 1)}
    st.markdown("**Contents**  \n" + "  \n".join(
        f"[{quiz.md_escape(title)}](#{anchors[title]}) · {len(items)} "
        + ("article" if len(items) == 1 else "articles") for title, items in sources.items()))
    for source_title, items in sources.items():
        st.header(source_title, divider="gray", anchor=anchors[source_title])
        for key, cit in items:
            st.markdown(lv.article_md(cit, source=False))


SHOWN_FILES = 200      # the most file names the author's picker sends to the browser
WARNING = "⚠ "          # marks a file the course reports problems for


@dataclass(frozen=True)
class AuthorFiles:
    """The course's files for the author's picker, derived once per course object."""
    names: tuple[str, ...]                  # in course order
    lowered: tuple[str, ...]                # names[i].lower(), for a case-blind search
    known: frozenset[str]                   # the names again, to look one up
    broken: frozenset[str]                  # the files the course reports problems for
    broken_names: tuple[str, ...]           # the same, in course order
    broken_lowered: tuple[str, ...]


def author_files(course) -> AuthorFiles:
    """The files of the server's loaded course (no disk scan), see `state.per_course`."""
    names = state.live_course().files()
    lowered = tuple(n.lower() for n in names)
    # every file `course check` reports a problem in, the engine's disagreements included
    reported = authoring.rejected_files(course)
    broken = tuple(n for n in names if state.relative(n) in reported)
    return AuthorFiles(names, lowered, frozenset(names), frozenset(broken), broken,
                       tuple(n.lower() for n in broken))


def matching_files(files: AuthorFiles, find: str, only_broken: bool) -> list[str]:
    """The files whose path holds every word of `find` (any case), in course order."""
    if only_broken:
        return matching(files.broken_names, files.broken_lowered, find)
    return matching(files.names, files.lowered, find)


def pick_file(files: AuthorFiles, elsewhere: int = 0) -> str | None:
    """A search box, a problems-only switch and a list of at most SHOWN_FILES matches: the
    course may hold tens of thousands of files, too many to send to the browser on each rerun
    or to look through. /author?file=exercises/... opens that file wherever it is in the list."""
    if not files.names:
        st.info("There are no YAML files under lessons/ or exercises/.")
        return None
    wanted = st.query_params.get("file")     # /author?file=exercises/... opens one file
    if wanted is not None and wanted not in files.known:
        # an unknown name (or a path outside the course) opens nothing in its place
        st.warning(f"There is no course file called {labels.quoted(wanted)}: it is not found "
                   "under lessons/ or exercises/. Choose one below.")
        if st.session_state.get("author_from") != wanted:
            st.session_state["author_from"] = wanted
            st.session_state["author_file"] = None       # no file opened in its place
    if wanted in files.known and st.session_state.get("author_from") != wanted:
        st.session_state["author_from"] = wanted
        st.session_state["author_file"] = wanted
        st.session_state["author_find"] = ""
        st.session_state["author_broken"] = False
    with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
        find = st.text_input("Find a file", key="author_find", width=360,
                             placeholder="words of its path, e.g. stud bring")
        only_broken = st.toggle(f"Only files with problems ({len(files.broken) + elsewhere})",
                                key="author_broken")
    found = matching_files(files, find, only_broken)
    if not found:
        st.info("No file of the course has problems." if only_broken and not find.split() else
                "No file matches: try fewer or shorter words.")
        return None
    shown = found[:SHOWN_FILES]
    current = st.session_state.get("author_file")
    if current not in shown and (current is not None or "author_file" not in st.session_state):
        if current in found:                    # still a match, past the cut: keep it listed
            shown.insert(0, current)
        else:
            st.session_state["author_file"] = shown[0]
    name = st.selectbox("File", shown, key="author_file", placeholder="Choose a file",
                        format_func=lambda n: WARNING + n if n in files.broken else n)
    if len(found) > SHOWN_FILES:
        st.caption(f"Showing the first {SHOWN_FILES} of {len(found):,} matching files: type more "
                   "of the name to narrow the list.")
    return name


def verdict_md(problems, name: str, warning: bool = False) -> str:
    """The Author preview's verdict: every problem as `file:line:column: message`, the very list
    `python -m course check` prints for this text (`course.content.verdict`)."""
    n = len(problems)
    if warning:
        head = (f"**{n} warning{'s' if n != 1 else ''}** (`python -m course check` prints "
                f"{'them' if n != 1 else 'it'} too, and still passes):")
    else:
        head = (f"**{n} problem{'s' if n != 1 else ''} in {quiz.md_escape(name)}**: "
                "`python -m course check` reports the same and fails. Fix "
                f"{'them' if n != 1 else 'it'} before the file goes into the course.")
    lines = [head, ""]
    for p in problems:
        first, *rest = str(p.message).removeprefix("warning: ").splitlines() or [""]
        item = f"- `{state.relative(p.file)}:{p.line}:{p.column}`: {quiz.md_escape(first)}"
        for more in rest:   # the engine's explanation under a disagreeing answer, one step a line
            item += "  \n  " + quiz.md_escape(more.strip())
        lines.append(item)
    return "\n".join(lines)


def source_html(text: str, problems) -> str:
    """The source with line numbers; each line a problem points at is marked, its problems
    written under it. Everything from the file is escaped: shown, never run."""
    at: dict[int, list] = {}
    for p in problems:
        at.setdefault(p.line, []).append(p)
    rows = []
    for n, line in enumerate(text.splitlines() or [""], 1):
        here = at.pop(n, [])
        mark = ' class="bad"' if here else ""
        rows.append(f'<span{mark}><i>{n}</i>{html.escape(line) or " "}</span>')
        for p in here:
            first = str(p.message).splitlines()[0] if str(p.message) else ""
            rows.append(f'<span class="why"><i></i>{" " * max(p.column - 1, 0)}^ {p.column}: '
                        f'{html.escape(first)}</span>')
    for line, left in sorted(at.items()):   # past the end of the text (e.g. a missing `}`)
        for p in left:
            rows.append(f'<span class="why"><i>{line}</i>{p.column}: {html.escape(str(p.message))}</span>')
    return ("<style>.src{font:13px/1.45 ui-monospace,monospace;overflow-x:auto;margin:0;"
            "padding:.5rem 0}.src span{display:block;white-space:pre;padding-right:1rem}"
            ".src i{display:inline-block;width:3.5em;padding-right:.8em;text-align:right;"
            "color:#888;font-style:normal;user-select:none}"
            ".src .bad{background:rgba(255,75,75,.16);box-shadow:inset 3px 0 #ff4b4b}"
            ".src .why{color:#c62828;background:rgba(255,75,75,.08);font-weight:600;white-space:pre-wrap}</style>"
            '<pre class="src" aria-label="Source with line numbers">' + "".join(rows) + "</pre>")


def phh_upload(data: bytes, name: str) -> tuple[str | None, str]:
    """An uploaded .phh hand history imported as `python -m course import-phh` would, in a
    worker within the YAML preview's time and memory budget (`preview.import_phh`): the
    exercise's YAML and its name, or (None, name) once the refusal is shown: the CLI's own
    message (file:line and why), or the budget it went over."""
    from course.content import preview
    from course.phh import MAX_BYTES

    if len(data) > MAX_BYTES:                    # before decoding or sending it anywhere
        st.error(f"**{quiz.md_escape(name)} cannot be imported.** `python -m course import-phh` refuses it "
                 f"the same way:\n\n`{name}: is {len(data):,} bytes: one hand history is at most "
                 f"{MAX_BYTES:,}`")
        return None, name
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        st.error(f"{quiz.md_escape(name)} cannot be read: it is not UTF-8 text ({err.reason} at byte {err.start}), "
                 "and a PHH file is TOML, which is UTF-8.")
        return None, name
    outcome, detail, exercise_id = preview.import_phh(text, name)
    if outcome == "refused":
        st.error(f"**{quiz.md_escape(name)} cannot be imported.** `python -m course import-phh` refuses it "
                 f"the same way:\n\n`{detail.replace('`', chr(39))}`")
        return None, name
    if outcome != "ok":                          # over the budget, or the worker stopped: no traceback
        if outcome == "crash":
            logging.getLogger("course").error("importing %s stopped: %s", name, detail)
            detail = "the import stopped unexpectedly (the server's log says why)"
        st.error(f"{quiz.md_escape(name)} could not be imported: {quiz.md_escape(detail)}")
        return None, name
    imported_text = detail
    yaml_name = name[:-len(".phh")] + ".yaml"
    st.info(f"Imported {quiz.md_escape(name)} as the whole-hand exercise `{exercise_id}`, as "
            "`python -m course import-phh` writes it: its questions carry no answers, the engine computes "
            "them below. To add it to the course, keep the .phh file beside the exercise "
            "(exercises/README.md, \"Real hand histories\").", icon=":material/input:")
    with st.expander(f"{quiz.md_escape(yaml_name)}: the imported exercise"):
        st.code(imported_text, language="yaml")
    return imported_text, yaml_name


def author() -> None:
    """Author preview: pick, upload or paste a lesson or exercise; see every problem with its line
and column, the item exactly as a learner sees it, and the engine's answers with explanations.

The file picker lists the server's loaded course (no rescan per rerun), searched by words of the
path and cut to SHOWN_FILES names (`pick_file`); a course file is read again on every rerun, so an
edit shows at once. Checking runs in a worker process within a time and memory budget and is
cached by content hash (`course.content.preview`), so a rerun of the same text costs nothing. YAML is read only by `course.content` (safe loader, limits)."""
    st.title("Author preview")
    st.markdown("Check a lesson or an exercise before it goes into the course. Its problems come "
                "first, with line and column, exactly as `python -m course check` gives them (their "
                "lines are marked in the source); below them is the item as a learner will see it, "
                "then the engine's answer to every question.")

    if "author_source" not in st.session_state:
        st.session_state["author_source"] = SOURCES[0]
    source = st.segmented_control("Where is the YAML?", SOURCES, key="author_source") or SOURCES[0]
    text, name, is_lesson = None, None, False
    if source == SOURCES[0]:
        files = state.per_course(state.course(), author_files)
        # problems `course check` reports in files the picker does not list (the glossary)
        elsewhere = [p for p in authoring.problems(state.course()) if p.file not in files.known
                     and state.relative(p.file) not in files.known]
        if elsewhere:
            st.error(verdict_md(elsewhere, ", ".join(sorted({state.relative(p.file) for p in elsewhere}))))
        name = pick_file(files, len({state.relative(p.file) for p in elsewhere}))
        if name is not None:
            text, unreadable = state.live_course().read(name)
            if unreadable:
                quiz.problems_panel(unreadable, "This file cannot be read")
            is_lesson = content.is_lesson_file(Path(name))
    else:
        if "author_kind" not in st.session_state:
            st.session_state["author_kind"] = KINDS[0]
        kind = st.segmented_control("It is", KINDS, key="author_kind") or KINDS[0]
        is_lesson = kind == "Lesson"
        if source == SOURCES[1]:
            upload = st.file_uploader("YAML file, or a PHH hand history (.phh) to import", type=["yaml", "yml", "phh"],
                                      key="author_upload")
            if upload is not None:
                name = re.sub(r"[^\w. -]", "_", upload.name)  # shown in code spans: no markup
                if name.lower().endswith(".phh"):
                    text, name = phh_upload(upload.getvalue(), name)
                    is_lesson = False
                    if text is None:
                        return
                else:
                    text, unreadable = nodes.decode(upload.getvalue(), name)
                    if unreadable:
                        quiz.problems_panel(unreadable, "This file cannot be read")
        else:
            text = st.text_area("YAML", key="author_paste", height=320, max_chars=nodes.MAX_FILE_BYTES,
                                placeholder="id: my-exercise\ntitle: ...")
            name = "<pasted>"

    if text:
        checked = preview.check(text, name, is_lesson, visitor=state.learner())
        if checked.busy:                # not checked yet: a word to wait, not a verdict on the file
            why = checked.problems[0].message
            st.info(quiz.md_escape(why[:1].upper() + why[1:]) + ".", icon=":material/hourglass_top:")
            return
        course = state.course()
        known = set(course.exercises) | set(course.invalid) if is_lesson else ()
        item, problems = checked.item, checked.all_problems(name, known)
        if problems:
            st.error(verdict_md(problems, name))
        else:
            st.success(f"{quiz.md_escape(name)}: no problems found. `python -m course check` agrees: every "
                       "key is valid" + ("" if is_lesson else " and every authored answer agrees with "
                                         "the engine") + ".")
        if checked.warnings:
            st.warning(verdict_md(checked.warnings, name, warning=True))
        with st.expander("Source with line numbers" + (", problem lines marked" if problems else ""),
                         expanded=bool(problems)):
            st.html(source_html(text, problems))
        if item is not None:
            st.divider()
            st.caption("As a learner sees it:")
            if is_lesson:
                lv.lesson_body(item, state.course(), prefix="author")
            else:
                quiz.exercise_block(item, prefix="author")
                st.header("The engine's answers", divider="gray")
                for n, question in enumerate(item.questions, 1):
                    with st.container(border=True):
                        st.markdown(f"**Q{n}.** {quiz.md_escape(quiz.prompt_of(item, question))}"
                                    f" (`{question.ask}`)")
                        answer, error = quiz.engine_answer(item, question)
                        if error:
                            st.error(f"The engine cannot answer: {error}")
                            continue
                        line = f"Engine: **{quiz.md_escape(quiz.shown(item, question, answer.value))}**"
                        if question.answer is not None:
                            agrees, why = quiz.grade(item, question, question.answer)
                            verdict = "agrees" if agrees else "DISAGREES"
                            line += (f" · authored: **{quiz.md_escape(quiz.shown(item, question, question.answer))}**"
                                     f" ({verdict})")
                        st.markdown(line)
                        st.markdown(quiz.explanation_md(answer))
