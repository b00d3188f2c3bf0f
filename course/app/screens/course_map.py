"""Course map: every lesson in order, grouped by game, with the learner's progress.

The page (`page`) comes first, then what it draws with: each lesson's standing (done when every
rule it teaches is mastered, `course.study.mastery`), the lessons of each game, and the pager a
game of many lessons is shown through. The first lesson not done is the one to continue; once
begun, the map suggests its weakest rule to practise first (`next_step`)."""

from dataclasses import dataclass

import streamlit as st

from course.app import lesson_view as lv
from course.app import authoring, motivation, next_step, pickers, site, state, unlock
from course.app.plain_text import md_escape
from course.study import mastery


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
    st.markdown("Lessons run in order within each game. Each section of a lesson ends with a "
                "question on a new deal, checked by the rules engine; a lesson is done once you have "
                "mastered every rule it teaches (answered right on your latest try, as Progress "
                "counts it).")

    motivation.goal_strip("map_goal")
    course = state.map_course()      # before the course is loaded, its index (state.map_course)
    authoring.quiet_line(course)
    mastered = state.mastered(state.learner())
    by_game = state.per_course(course, lessons_by_game)
    if not by_game:
        st.info("No lesson could be loaded.")
        return
    counted: dict[str, Standing] = {}
    attempted = unlock.answered(state.learner())
    tried = unlock.tried(course, attempted)        # Review brings back what these teach

    def progress(lesson) -> Standing:
        lid = lv.field(lesson, "id")
        if lid not in counted:
            counted[lid] = lesson_standing(course, lesson, mastered)
        return counted[lid]

    def unfinished(lesson) -> bool:
        # A lesson without exercises has nothing to finish, so it is never the one to continue.
        standing = progress(lesson)
        return bool(standing.questions) and not standing.done

    onward_in = {game: next((n for n, l in enumerate(items) if unfinished(l)), None)
                 for game, items in by_game.items()}
    onward = next(((game, n) for game, n in onward_in.items() if n is not None), None)
    if onward is not None:
        with st.container(border=True, key="map_continue"):
            st.markdown("**Continue where you left off**" if mastered else "**Start here**")
            lesson = by_game[onward[0]][onward[1]]
            st.page_link(site.page("lesson"), query_params={"id": lv.field(lesson, "id")},
                         label=pickers.lesson_label(lesson, onward[1] + 1), icon=":material/play_arrow:")
            if attempted & set(lv.lesson_exercise_ids(lesson)):   # begun: the weakest rule first
                next_step.suggest(course, lesson, mastered)
    else:
        st.success("Every lesson is done: you have mastered every rule the course teaches. "
                   "Practice and Review keep them fresh.")
    sizes = state.per_course(course, map_sizes)
    for game, items in by_game.items():
        st.header(lv.game_title(game), divider="gray")
        size = sizes[game]
        first = map_pager(game, len(items), onward_in[game] or 0, size)
        for number, lesson in enumerate(items[first:first + size], first + 1):
            standing = progress(lesson)
            with st.container(border=True):
                left, right = st.columns([3, 1])
                with left:
                    finished = standing.done
                    st.page_link(site.page("lesson"), query_params={"id": lv.field(lesson, "id")},
                                 label=f"**{number}. {lv.field(lesson, 'title')}**",
                                 icon=":material/check_circle:" if finished
                                 else ":material/menu_book:",
                                 help="Done: every rule it teaches is mastered" if finished else None)
                    # the summary and the Review line in one caption, two lines: a big course's
                    # map sends thirty lessons, and each element is a message to the browser
                    review = ("Review: unlocked" if lv.field(lesson, "id") in tried
                              else "Review: unlocks when you answer its try-its")
                    summary = md_escape(lv.field(lesson, "summary") or "")
                    st.caption(f"{summary}  \n{review}" if summary else review)
                with right:
                    if standing.total:
                        st.progress(standing.mastered / standing.total,
                                    text=f"{standing.mastered} of {standing.total} {standing.unit}")
                    else:
                        st.caption("No exercises yet")
    state.map_drawn()


@dataclass(frozen=True)
class Standing:
    """A lesson on the map (`course.study.mastery`): the rules it teaches mastered of those rules,
    or, for a lesson that teaches no rule point its questions test, its questions right of its
    questions; and whether it is done."""
    mastered: int
    total: int
    unit: str                # what is counted, as the progress bar says it
    done: bool
    questions: int           # the lesson's questions (a lesson without any has nothing to finish)


def lesson_standing(course, lesson, mastered: set[tuple[str, int]]) -> Standing:
    """`lesson`'s standing for a learner who has mastered the (exercise, question) pairs `mastered`."""
    points = mastery.states(course, lesson, mastered)
    questions = mastery.lesson_questions(course, lesson)
    done = mastery.done(points, questions, mastered)
    if points:
        return Standing(sum(p.done for p in points), len(points), "rules mastered", done, len(questions))
    right = sum(q in mastered for q in questions)
    return Standing(right, len(questions), "questions right", done, len(questions))


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
