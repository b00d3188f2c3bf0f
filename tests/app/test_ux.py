"""What a new learner meets, under AppTest: plain names instead of slugs, lesson citations as
titles (each once), a bad lesson link that says so, the way on from a lesson and from the
Course map, and the Rulebook's contents and search."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from course import content, rules
from course.app import labels, state
from course.app import lesson_view as lv
from tests.support.apptest import PAGES, environment, open_app, pick_question, texts
from tests.support.tried import answer_try_its
from course.store import Attempt, ProgressStore
from tests.support.shipped import shipped_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
LESSONS = [l for g in labels.GAMES for l in COURSE.lessons_in_order(g)]


@pytest.fixture
def db(tmp_path):
    with environment(tmp_path / "progress.db"):
        yield tmp_path / "progress.db"


# -- plain words ---------------------------------------------------------------------------

def test_every_game_topic_and_profile_has_a_display_name():
    slugs = set(content.GAMES) | set(content.TOPICS) | set(rules.profile_names())
    missing = sorted(s for s in slugs if s not in labels.names())
    assert not missing, f"add these to course/app/labels.py: {missing}"
    assert list(labels.GAMES) == list(content.GAMES)
    assert labels.display_name("pokerstars") == "PokerStars rules"
    assert labels.display_name("best-five") == "best five"
    assert labels.display_name("no-such-thing") == "no such thing"     # never raw


def test_no_profile_shares_a_slug_with_a_game_or_topic_and_games_are_named_without_reading_profiles():
    profiles, games, topics = set(rules.profile_names()), set(labels.GAMES), set(labels.TOPIC_NAMES)
    assert not profiles & (games | topics) and not games & topics       # one name per slug
    labels.profile_names.cache_clear()
    assert [labels.display_name(g) for g in labels.GAMES] == list(labels.GAMES.values())
    assert labels.profile_names.cache_info().currsize == 0             # the map's headers read no profile
    assert labels.display_name("opr-535") == labels.names()["opr-535"] != "opr 535"


def test_every_article_has_a_readable_title_and_every_source_a_short_name():
    for key, cit in rules.citations().items():
        assert cit.source_title in labels.SOURCES or cit.source_label, cit.source_title
        title = labels.article_title(key)
        assert not title.split(" · ")[-1].replace(".", "").isdigit(), (key, title)
    assert labels.article_title("OPR-535 3.3") == \
        "Horn-A-Vika rules · 3.3 Middle-round limit and the limit after a match"
    assert labels.article_title("OPR-535 3.3", source=False) == \
        "3.3 Middle-round limit and the limit after a match"
    assert labels.article_title('HPD "The deal timeline"') == "HPD · The deal timeline"


@pytest.mark.parametrize("text", ["nope", "[x](https://example.com/)", "**b** :red[r]",
                                  "a `tick` and ``two``", "`edge`"])
def test_text_from_outside_is_quoted_as_a_code_span(text):
    quoted = labels.quoted(text)
    fence = quoted[:quoted.index(quoted.strip("`")[0])]
    assert quoted.endswith(fence) and fence not in quoted[len(fence):-len(fence)]
    assert quoted[len(fence):-len(fence)].strip() == text


# Ids a learner must never read as code: rule profiles, exercises, lessons and generated deals.
RAW_IDS = set(rules.profile_names()) | set(COURSE.exercises) | set(COURSE.lessons)


def raw_ids_in_code(text: str) -> list[str]:
    """The code spans of `text` that show a raw id (`pokerstars`, `hav-bet-limit-after-match`,
    `gen/bring-in/759555`) or an ask's name (`bring_in`) instead of a learner's name."""
    spans = [m.group(2).strip() for m in re.finditer(r"(`+)(.+?)\1", text, re.S)]
    return [s for s in spans if s in RAW_IDS or s.startswith("gen/") or re.fullmatch(r"[a-z]+(_[a-z]+)+", s)]


def test_raw_ids_in_code_finds_ids_and_lets_other_code_be():
    assert raw_ids_in_code("| `pokerstars` | x |, under `1917poker`") == ["pokerstars", "1917poker"]
    assert raw_ids_in_code("see `gen/bring-in/759555` and `bring_in`") == ["gen/bring-in/759555", "bring_in"]
    assert raw_ids_in_code("type `python -m course check` or ``x``") == []


def test_no_lesson_or_exercise_text_shows_a_raw_id_in_code():
    """The words of every lesson (title, summary, headings, sections) and every exercise
    (title, intro, prompts, explanations) as the course files give them."""
    found = []
    for lesson in COURSE.lessons.values():
        for text in [lesson.title, lesson.summary] + [t for s in lesson.sections for t in (s.heading, s.text)]:
            found += [(lesson.path, raw) for raw in raw_ids_in_code(text or "")]
    for exercise in COURSE.exercises.values():
        words = [exercise.title, exercise.intro] + [t for q in exercise.questions for t in (q.prompt, q.explain)]
        found += [(exercise.path, raw) for text in words for raw in raw_ids_in_code(text or "")]
    assert not found, f"raw ids in code spans a learner reads (use labels.display_name's words): {found}"


def test_lesson_reader_shows_names_and_article_titles_not_slugs(db):
    for lesson in LESSONS:
        at = open_app("lesson", query={"id": lesson.id})
        assert not at.exception, [e.value for e in at.exception]
        assert not raw_ids_in_code(texts(at)), (lesson.id, raw_ids_in_code(texts(at)))
        caption = at.caption[0].value
        assert labels.display_name(lesson.game) in caption
        assert f"skill: {labels.display_name(lesson.topic)}" in caption
        assert lesson.game not in caption
        if labels.display_name(lesson.topic) != lesson.topic:
            assert f"skill: {lesson.topic}" not in caption
        # one "Sources" button per section, then the lesson's own sources one by one
        popovers = [p.proto.popover.label for p in at.get("popover")]
        assert popovers == [f"Sources ({len(dict.fromkeys(s.cite))})" for s in lesson.sections if s.cite] + \
            [labels.article_title(k) for k in lesson.sources]
        shown = " ".join(m.value for m in at.markdown)
        for key in {k for s in lesson.sections for k in s.cite}:   # each article by its title inside
            assert labels.article_title(key, source=False) in shown or key in shown, (lesson.id, key)


def test_a_section_cites_each_article_once(tmp_path):
    root = tmp_path / "course"
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "exercises", root / "exercises")
    path = root / "lessons" / "03-bring-in.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = data["sections"][0]
    first["cite"] = first["cite"] + first["cite"]            # every key twice
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with environment(tmp_path / "progress.db", content=root):
        at = open_app("lesson", query={"id": data["id"]})
        assert not at.exception
        labels_shown = [p.proto.popover.label for p in at.get("popover")]
        once = list(dict.fromkeys(first["cite"]))
        assert labels_shown[0] == f"Sources ({len(once)})"          # each key once, not twice
        assert len(labels_shown) == sum(1 for s in data["sections"] if s.get("cite")) + len(data["sources"])


# -- bad links -----------------------------------------------------------------------------

@pytest.mark.parametrize("wanted", ["nope", "[x](https://example.com/) **b**"])
def test_an_unknown_lesson_id_says_not_found_and_opens_nothing(wanted, db):
    at = open_app("lesson", query={"id": wanted})
    assert not at.exception
    assert [t.value for t in at.title] == ["Lesson not found"]
    (warning,) = [w.value for w in at.warning]
    assert labels.quoted(wanted) in warning
    assert at.selectbox(key="lesson_pick").value is None
    assert not at.get("popover")                     # no lesson drawn in its place
    # choosing a lesson from the picker on the page opens it
    at.selectbox(key="lesson_pick").set_value(LESSONS[2].id).run()
    assert at.title[0].value == LESSONS[2].title
    assert at.query_params["id"] in (LESSONS[2].id, [LESSONS[2].id])


# -- the way on ----------------------------------------------------------------------------

def onward_links(at) -> dict[str, str]:
    return {l.proto.label.split(":")[0]: l.proto.label for l in at.get("page_link")
            if l.proto.label.startswith(("Next lesson", "Previous lesson"))}


def test_previous_and_next_lesson_never_wrap_round(db):
    first = open_app("lesson", query={"id": LESSONS[0].id})
    assert onward_links(first) == {"Next lesson": f"Next lesson: {LESSONS[1].title}"}
    last = open_app("lesson", query={"id": LESSONS[-1].id})
    assert onward_links(last) == {"Previous lesson": f"Previous lesson: {LESSONS[-2].title}"}
    middle = open_app("lesson", query={"id": LESSONS[5].id})
    assert onward_links(middle) == {"Next lesson": f"Next lesson: {LESSONS[6].title}",
                                    "Previous lesson": f"Previous lesson: {LESSONS[4].title}"}


def test_practise_this_lesson_opens_practice_on_its_deals(db):
    lesson = COURSE.lessons["opener"]
    at = open_app("lesson", query={"id": lesson.id})
    at.button(key="lesson_practise").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Practice"
    assert at.session_state["practice_scope"] == "Lesson"
    assert at.session_state["practice_lesson"] == lesson.id
    assert at.session_state["practice_deal"] == lesson.exercises[0]


def master(db: Path, lesson) -> None:
    store = ProgressStore(db)
    for eid in lesson.exercises:
        ex = COURSE.exercises[eid]
        for n, q in enumerate(ex.questions):
            store.record(Attempt(learner=state.LOCAL.key, exercise=eid, question=n, ask=q.ask,
                                 skill="x", given="x", correct=True, game=ex.game,
                                 rules=ex.rules, revealed=False))


def continue_link(at) -> str:
    box = at.get("page_link")[0]
    return box.proto.label


def test_course_map_continues_with_the_first_lesson_not_finished(db):
    at = open_app("map")
    assert "**Start here**" in texts(at)
    assert continue_link(at) == f"{labels.display_name(LESSONS[0].game)} 1. {LESSONS[0].title}"
    master(db, LESSONS[0])
    at = open_app("map")
    assert "**Continue where you left off**" in texts(at)
    icons = {l.proto.label: l.proto.icon for l in at.get("page_link")}
    assert icons[f"**1. {LESSONS[0].title}**"] == ":material/check_circle:"     # ticked
    assert icons[f"**2. {LESSONS[1].title}**"] == ":material/menu_book:"
    assert continue_link(at) == f"{labels.display_name(LESSONS[1].game)} 2. {LESSONS[1].title}"
    for lesson in LESSONS:
        master(db, lesson)
    at = open_app("map")
    assert "Every lesson is done" in texts(at)


def big_course(root: Path) -> content.Course:
    """This course five times over (benchmarks/scale.py's copies: fresh ids, later orders), so
    each game has more lessons than the map shows at once."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("scale", ROOT / "benchmarks" / "scale.py")
    scale = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scale)
    scale.generate(root, 5 * len(COURSE.exercises))
    return content.load_course(root)


def lesson_links(at) -> list[str]:
    return [l.proto.label for l in at.get("page_link") if l.proto.label.startswith("**")]


def test_the_course_map_shows_a_big_game_a_page_at_a_time_from_the_onward_lesson(tmp_path):
    from course.app.screens.course_map import LESSONS_PER_PAGE, map_page_sizes
    big = big_course(tmp_path / "course")
    stud = big.lessons_in_order("stud-high")
    games = {g: len(big.lessons_in_order(g)) for g in {l.game for l in big.lessons.values()}}
    size = map_page_sizes(games)["stud-high"]        # its share of what the map draws at once
    assert len(stud) > LESSONS_PER_PAGE + 1 and size < len(stud)
    with environment(tmp_path / "progress.db", content=tmp_path / "course"):
        at = open_app("map")
        assert not at.exception
        shown = lesson_links(at)
        assert f"Lessons **1–{size}** of **{len(stud)}**" in texts(at)
        # numbered 1..N in the game, whatever `order:` holds
        assert shown[:size] == [f"**{n}. {l.title}**" for n, l in enumerate(stud[:size], 1)]
        assert len(shown) <= LESSONS_PER_PAGE          # all games together
        at.button(key="map_page_stud-high_next").click().run()
        assert f"Lessons **{size + 1}–{min(2 * size, len(stud))}** of " \
               f"**{len(stud)}**" in texts(at)
        assert lesson_links(at)[0] == f"**{size + 1}. {stud[size].title}**"

        store = ProgressStore(tmp_path / "progress.db")   # every question of the first page right
        for lesson in stud[:LESSONS_PER_PAGE + 1]:
            for eid in lesson.exercises:
                for n, q in enumerate(big.exercises[eid].questions):
                    store.record(Attempt(learner=state.LOCAL.key, exercise=eid, question=n, ask=q.ask,
                                         skill="x", given="x", correct=True, game="stud-high",
                                         rules="x", revealed=False))
        onward = next(l for l in stud if any((eid, n) not in store.mastered(state.LOCAL.key)
                                             for eid in l.exercises
                                             for n in range(len(big.exercises[eid].questions))))
        at = open_app("map")                # a new visit opens on the onward lesson's page
        page = stud.index(onward) // size
        assert page >= 1
        number = stud.index(onward) + 1
        assert f"**{number}. {onward.title}**" in lesson_links(at)
        assert f"Lessons **{page * size + 1}–" in texts(at)
        assert continue_link(at).endswith(f"{number}. {onward.title}")


def test_the_map_page_sizes_draw_a_small_course_whole_and_a_big_one_within_the_budget():
    from course.app.screens.course_map import LESSONS_PER_PAGE, MIN_PAGE, map_page_sizes
    # this course, all drawn
    counts = {g: len(COURSE.lessons_in_order(g)) for g in {l.game for l in COURSE.lessons.values()}}
    assert sum(counts.values()) <= LESSONS_PER_PAGE and map_page_sizes(counts) == counts
    # small games whole, what they leave to the big one
    assert map_page_sizes({"stud-high": 600, "horn-a-vika": 3, "have-a-heart": 4}) == \
        {"stud-high": LESSONS_PER_PAGE - 7, "horn-a-vika": 3, "have-a-heart": 4}
    # three big games share the budget, the same at any size past it
    for n in (60, 6_000):
        sizes = map_page_sizes({"a": n, "b": n, "c": n})
        assert set(sizes.values()) == {LESSONS_PER_PAGE // 3} and sum(sizes.values()) <= LESSONS_PER_PAGE
    # many games: each still shows at least MIN_PAGE
    assert set(map_page_sizes({str(g): 100 for g in range(10)}).values()) == {MIN_PAGE}


# -- rulebook ------------------------------------------------------------------------------

def test_rulebook_has_contents_by_source_titles_and_search(db):
    at = open_app("rulebook")
    sources = list(dict.fromkeys(c.source_title for c in rules.citations().values()))
    assert [h.value for h in at.header] == sources
    contents = next(m.value for m in at.markdown if m.value.startswith("**Contents**"))
    for n, title in enumerate(sources, 1):
        assert f"(#source-{n})" in contents and title in contents
    page = texts(at)
    title = "3.3 Middle-round limit and the limit after a match"
    assert f"**{title}**" in page and "**3.3**" not in page
    at.text_input(key="rulebook_filter").set_value("3.3 middle-round").run()
    shown = [m.value for m in at.markdown if "Cited as" in m.value]
    assert [s.split("**")[1] for s in shown] == [title]
    at.text_input(key="rulebook_filter").set_value("[x](https://example.com/)").run()
    assert any(labels.quoted("[x](https://example.com/)") in i.value for i in at.info)


def test_a_lessons_try_it_now_asks_one_question_at_a_time(db):
    lesson = COURSE.lessons["deal-timeline"]
    ex = COURSE.exercises["deal-five-actions"]  # lesson 1's own drill
    assert ex.id in lesson.exercises and len(ex.questions) > 1
    at = open_app("lesson", query={"id": lesson.id})
    at.session_state[f"lesson|{lesson.id}|try|{ex.id}"] = True
    at.run()
    checks = [b.key for b in at.button if b.key and b.key.startswith(f"lesson|{ex.id}|")
              and b.key.endswith(":check")]
    assert checks == [f"lesson|{ex.id}|0:check"]
    pick_question(at, ex.id, 1, prefix="lesson")
    checks = [b.key for b in at.button if b.key and b.key.startswith(f"lesson|{ex.id}|")
              and b.key.endswith(":check")]
    assert checks == [f"lesson|{ex.id}|1:check"]


@pytest.mark.parametrize("game, name, other", [("horn-a-vika", "Spit card", "Shared card"),
                                               ("stud-high", "Shared card", "Spit card")])
def test_lesson_diagrams_call_the_shared_card_what_the_game_calls_it(game, name, other, db):
    with_shared = [l for l in COURSE.lessons_in_order(game)
                   if any(s.deal and lv.field(s.deal, "shared") for s in l.sections)]
    assert with_shared
    for lesson in with_shared:
        at = open_app("lesson", query={"id": lesson.id})
        html = "\n".join(m.value for m in at.markdown if m.proto.allow_html)
        assert f'aria-label="{name}"' in html, lesson.id
        assert f'aria-label="{other}' not in html, lesson.id


# -- raw ids on the study screens ----------------------------------------------------------

def test_progress_names_a_missed_drill_by_its_title_once(db):
    """A missed engine-made item reads "Drill: opener", not "Drill: Drill: opener"."""
    from course.study import templates

    drill = templates.generate("gen/opener/5")
    store = ProgressStore(db)
    for _ in range(2):
        store.record(Attempt(learner=state.LOCAL.key, exercise="gen-opener-5", question=0,
                             ask=drill.questions[0].ask, skill="opener", given="x", correct=False,
                             game=drill.game, rules=drill.rules))
    at = open_app("progress")
    assert not at.exception, at.exception
    titles = [t for table in at.table for t in table.value.get("title", [])]
    assert drill.title in titles and drill.title.startswith("Drill: "), titles
    assert not [t for t in titles if t.startswith("Drill: Drill:")], titles


def test_review_names_a_hand_written_deal_by_its_game_not_its_card(db):
    answer_try_its(db, state.LOCAL.key, course=COURSE)   # every lesson tried: Review serves what they teach
    at = open_app("map")
    at.session_state["review:seed"] = 2026
    at.switch_page(PAGES["review"]).run()
    items = at.session_state["review:items"]
    n = next(i for i, (card, _) in enumerate(items) if card.startswith("exercise/"))
    at.session_state["review:at"] = n
    at.run()
    assert not at.exception, at.exception
    caption = at.caption[0].value
    game = COURSE.exercises[items[n][1]].game
    assert caption.startswith(f"Item {n + 1} of {len(items)} · {labels.display_name(game)}"), caption
    assert "exercise/" not in texts(at) and items[n][1] not in texts(at)
