"""Course map: every lesson in order, grouped by game, with the learner's progress.

The page (`page`) comes first, then what it draws with: each lesson's progress, the lessons of
each game, and the pager a game of many lessons is shown through."""

import streamlit as st

from course.app import lesson_view as lv
from course.app import attempts, authoring, motivation, pickers, quiz, site, state, study_feedback


LESSONS_PER_PAGE = 30   # the map draws at most this many lessons at once, all games together
                        # (the course's own 21 lessons whole; a course many times its size paged)
MIN_PAGE = 5            # ... but a paged game shows at least this many


def page() -> None:
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
    mastered_count = attempts.questions_mastered(state.mastered(state.learner()), exercises)
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
            st.page_link(site.page("lesson"), query_params={"id": lv.field(lesson, "id")},
                         label=pickers.lesson_label(lesson, onward[1] + 1), icon=":material/play_arrow:")
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
                    st.page_link(site.page("lesson"), query_params={"id": lv.field(lesson, "id")},
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


def lessons_by_game(course):
    """Game -> its lessons in course order (once per course: see state.per_course)."""
    found = {}
    for lesson in lv.lessons(course):
        found.setdefault(lv.field(lesson, "game"), []).append(lesson)
    return found


def map_sizes(course) -> dict[str, int]:
    """Each game's page size on the map (`map_page_sizes`), once per course."""
    return map_page_sizes({game: len(items) for game, items in state.per_course(course, lessons_by_game).items()})


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
