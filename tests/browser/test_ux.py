"""What a new learner meets, in headless Chromium at a desktop size (1280x900) and a phone size
(390x844): a bad lesson link says so, nothing is fetched from another host (the favicon was),
a seven-card row fits on one line, the lesson picker and the way on sit on the page itself,
citation links keep the session, and the theme follows the system's dark setting.

One server and one browser serve the whole module; each test sets the window size it needs.
Screenshots go to the test's temporary folder (STUD_SCREENSHOT_DIR to keep them).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from course import rules
from course.app import labels
from tests.browser.test_practice import chromium, serving
from tests.support.shipped import shipped_course

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
LESSONS = [l for g in labels.GAMES for l in COURSE.lessons_in_order(g)]
SIZES = [pytest.param((1280, 900), id="1280x900"), pytest.param((390, 844), id="390x844")]
# The screens' blue primary colour, light and dark (.streamlit/config.toml [theme.*]).
BLUE = {"light": (43, 89, 195), "dark": (111, 155, 255)}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(url, the server's progress file)."""
    with serving(tmp_path_factory.mktemp("ux-server")) as running:
        yield running


@pytest.fixture(scope="module")
def app(served):
    return served[0]


@pytest.fixture(scope="module")
def driver():
    with chromium() as browser:
        yield browser


def show(driver, size, scheme="light") -> None:
    """Emulate a screen of `size` (a phone is a touch screen) in the system `scheme`."""
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def open_page(driver, url: str, heading: str):
    """Load `url` and wait for an h1 containing `heading`."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    driver.get(url)
    return WebDriverWait(driver, 60).until(
        ec.text_to_be_present_in_element((By.XPATH, "//h1"), heading), url)


def wait_for(driver, xpath: str, timeout: float = 60):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    return WebDriverWait(driver, timeout).until(
        ec.visibility_of_element_located((By.XPATH, xpath)), xpath)


def snap(driver, name: str, tmp_path, at=None) -> None:
    """A screenshot, scrolled to element `at` when given."""
    if at is not None:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", at)
        time.sleep(0.3)
    shots = Path(os.environ.get("STUD_SCREENSHOT_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(shots / f"{name}.png"))


def rgb(colour: str) -> tuple[int, ...]:
    """"rgb(1, 2, 3)" or "rgba(1, 2, 3, 1)" -> (1, 2, 3)."""
    return tuple(int(float(v)) for v in colour[colour.index("(") + 1:-1].split(",")[:3])


def xpath_text(text: str) -> str:
    """An XPath string literal for any text (quotes of both kinds allowed)."""
    if '"' not in text:
        return f'"{text}"'
    return "concat(" + ", '\"', ".join(f'"{part}"' for part in text.split('"')) + ")"


@pytest.mark.parametrize("size", SIZES)
def test_a_bad_lesson_link_says_the_lesson_was_not_found(app, driver, size, tmp_path):
    from selenium.webdriver.common.by import By

    show(driver, size)
    open_page(driver, f"{app}/lesson?id=nope", "Lesson not found")
    warning = wait_for(driver, "//div[@data-testid='stAlert']")
    assert "There is no lesson called nope" in warning.text
    # nothing opened in its place: no lesson title, no lesson section
    titles = [h.text for h in driver.find_elements(By.XPATH, "//h1")]
    assert not {l.title for l in LESSONS} & set(titles), titles
    snap(driver, f"lesson-not-found-{size[0]}", tmp_path)
    # what the address says is shown as typed, never as a link or markup
    bad = "[x](https://example.com/) **bold** :red[red] :material/home: `x`"
    open_page(driver, f"{app}/lesson?id={bad}", "Lesson not found")
    warning = wait_for(driver, "//div[@data-testid='stAlert']")
    assert bad in warning.text
    assert not warning.find_elements(By.XPATH, ".//a | .//strong")


@pytest.mark.parametrize("size", SIZES)
def test_no_page_fetches_anything_from_another_host(app, driver, size):
    show(driver, size)
    host = urlparse(app).netloc
    for path, heading in [("/", "Course map"), (f"/lesson?id={LESSONS[0].id}", LESSONS[0].title),
                          ("/practice", "Practice"), ("/rulebook", "Rulebook")]:
        open_page(driver, app + path, heading)
        time.sleep(1)     # the favicon is set once the page's script has run
        icon = driver.execute_script(
            "const l = document.querySelector(\"link[rel~='icon']\"); return l && l.href;")
        assert icon, path
        assert urlparse(icon).scheme == "data" or urlparse(icon).netloc == host, (path, icon)
        fetched = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name);")
        elsewhere = [u for u in fetched if urlparse(u).scheme in ("http", "https")
                     and urlparse(u).netloc != host]
        assert not elsewhere, (path, elsewhere)


@pytest.mark.parametrize("size", SIZES)
def test_seven_card_rows_fit_on_one_line(app, driver, size, tmp_path):
    show(driver, size)
    lesson = COURSE.lessons["best-five"]
    open_page(driver, f"{app}/lesson?id={lesson.id}", lesson.title)
    wait_for(driver, "//div[contains(@class, 'ssr-seat')]")
    rows = driver.execute_script("""
        return [...document.querySelectorAll('.ssr-cards')].map(row => {
          const cards = [...row.querySelectorAll('.ssr-card')].map(c => c.getBoundingClientRect());
          return {n: cards.length, tops: [...new Set(cards.map(c => Math.round(c.top)))],
                  right: Math.max(...cards.map(c => c.right))};
        });""")
    width = driver.execute_script("return document.documentElement.clientWidth;")
    assert any(r["n"] == 7 for r in rows), rows       # the lesson does draw seven-card rows
    for row in rows:
        assert len(row["tops"]) == 1, row              # one line
        assert row["right"] <= width, (row, width)     # and on the screen
    assert driver.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;")
    snap(driver, f"lesson-cards-{size[0]}", tmp_path, at=driver.execute_script(
        "return [...document.querySelectorAll('.ssr-cards')]"
        ".find(r => r.querySelectorAll('.ssr-card').length == 7);"))


@pytest.mark.parametrize("size", SIZES)
def test_lesson_picker_and_the_way_on_are_on_the_page(app, driver, size, tmp_path):
    from selenium.webdriver.common.by import By

    show(driver, size)
    first, second = LESSONS[0], LESSONS[1]
    open_page(driver, f"{app}/lesson?id={first.id}", first.title)
    picker = wait_for(driver, "//div[@data-testid='stSelectbox'][.//label[contains(., 'Lesson')]]")
    assert not picker.find_elements(By.XPATH, "ancestor::section[@data-testid='stSidebar']")
    box = picker.rect
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], box    # on screen, no sidebar
    # the first lesson has no previous one (no wrap-round to the last lesson)
    assert not driver.find_elements(By.XPATH, "//a[contains(., 'Previous lesson')]")
    assert not driver.find_elements(By.XPATH, f"//a[contains(., {xpath_text(LESSONS[-1].title)})]")
    next_link = wait_for(driver, "//a[contains(., 'Next lesson')]")
    assert second.title in next_link.text
    practise = wait_for(driver, "//button[contains(., 'Practise this lesson')]")
    snap(driver, f"lesson-end-{size[0]}", tmp_path, at=practise)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", next_link)
    next_link.click()
    wait_for(driver, f"//h1[contains(., {xpath_text(second.title)})]")
    assert urlparse(driver.current_url).query == f"id={second.id}"
    # the last lesson has no next one
    open_page(driver, f"{app}/lesson?id={LESSONS[-1].id}", LESSONS[-1].title)
    wait_for(driver, "//a[contains(., 'Previous lesson')]")
    assert not driver.find_elements(By.XPATH, "//a[contains(., 'Next lesson')]")


@pytest.mark.parametrize("size", SIZES)
def test_a_citation_link_opens_in_the_same_tab_and_keeps_the_session(app, driver, size):
    """Show an answer, follow its first citation to the Rulebook, come back: one tab, and the
    answer is still shown (a new session would have forgotten it)."""
    show(driver, size)
    deal = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    driver.get(f"{app}/practice?deal={deal.id}")
    show_answer = wait_for(driver, "(//button[contains(., 'Show answer')])[1]")
    # the script's own block takes no room on the page
    assert driver.execute_script(
        "return document.getElementById('ssr-same-tab-links')"
        ".closest('[data-testid=stElementContainer]').getBoundingClientRect().height;") == 0
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", show_answer)
    time.sleep(0.5)
    show_answer.click()
    link = wait_for(driver, "(//a[contains(@href, 'rulebook?article=')])[1]")
    cite = rules.citation(parse_qs(urlparse(link.get_attribute("href")).query)["article"][0])
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
    time.sleep(0.3)
    link.click()
    wait_for(driver, "//div[contains(@class, 'st-key-rulebook_opened')]"
                     f"[contains(., {xpath_text(cite.text[:40])})]")
    assert len(driver.window_handles) == 1
    assert urlparse(driver.current_url).path.endswith("/rulebook")
    driver.back()
    wait_for(driver, "//*[contains(., 'Why, step by step') or contains(., 'the steps that decide it')]")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_follows_the_system_setting_and_stays_blue(app, driver, size, scheme, tmp_path):
    show(driver, size, scheme)
    lesson = LESSONS[0]
    open_page(driver, f"{app}/lesson?id={lesson.id}", lesson.title)
    button = wait_for(driver, "//button[contains(., 'Practise this lesson')]")
    background = driver.execute_script(
        "return getComputedStyle(document.querySelector('.stApp')).backgroundColor;")
    assert (sum(rgb(background)) / 3 > 128) == (scheme == "light"), background
    assert rgb(button.value_of_css_property("background-color")) == BLUE[scheme]
    snap(driver, f"lesson-{scheme}-{size[0]}", tmp_path,
         at=driver.find_element("css selector", ".ssr-table"))


@pytest.mark.parametrize("size", SIZES)
def test_the_spit_card_is_labelled_spit_card_in_lesson_diagrams(app, driver, size, tmp_path):
    show(driver, size)
    lesson = COURSE.lessons_in_order("horn-a-vika")[0]
    open_page(driver, f"{app}/lesson?id={lesson.id}", lesson.title)
    wait_for(driver, "//div[contains(@class, 'ssr-shared')]")
    boxes = driver.find_elements("css selector", ".ssr-shared .ssr-name")
    assert boxes and all(b.text == "Spit card" for b in boxes), [b.text for b in boxes]
    # every card of the page, the spit card included, is on the screen
    width = driver.execute_script("return document.documentElement.clientWidth;")
    rights = driver.execute_script("return [...document.querySelectorAll('.ssr-card')]"
                                   ".map(c => c.getBoundingClientRect().right);")
    assert rights and max(rights) <= width, (max(rights), width)
    snap(driver, f"spit-card-{size[0]}", tmp_path, at=boxes[0])


# -- Practice: one screen, the rules in force, empty answers, keys ---------------------------

PRACTICE_SIZES = [pytest.param((1280, 800), id="1280x800"), pytest.param((390, 844), id="390x844")]


def practice_deal(driver, app, deal_id: str):
    driver.get(f"{app}/practice?deal={deal_id}")
    wait_for(driver, "//h3[contains(., 'Your deal')]")      # the deal's title waits for a check
    return wait_for(driver, "//button[contains(., 'Check')]")


def box(driver, css: str, last: bool = False) -> dict:
    return driver.execute_script(
        "const all = document.querySelectorAll(arguments[0]);"
        "return all.length ? all[arguments[1] ? all.length - 1 : 0].getBoundingClientRect() : null;",
        css, last)


def press(driver, keys: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    driver.find_element("xpath", "//h1").click()      # the page, not a widget, has the focus
    ActionChains(driver).send_keys(keys).perform()


@pytest.mark.parametrize("size", PRACTICE_SIZES)
def test_practice_fits_a_laptop_and_the_keyboard_answers(app, driver, size, tmp_path):
    """The deal and its question on one screen (1280x800), the verdict beside the deal; number
    keys choose, Enter checks, N goes on; the prompt names PokerStars, so no profile picker."""
    from selenium.webdriver.common.by import By

    show(driver, size)
    deal = COURSE.exercises["bring-in-profiles-disagree"]
    check = practice_deal(driver, app, deal.id)
    assert not driver.find_elements(By.XPATH, "//label[contains(., 'Rule profile')]")
    assert "Played under PokerStars rules" in driver.find_element(By.TAG_NAME, "body").text
    height = driver.execute_script("return window.innerHeight;")
    seat = box(driver, ".ssr-seat", last=True)
    if size[0] >= 1000:
        assert seat["bottom"] <= height and check.rect["y"] + check.rect["height"] <= height
    else:   # a phone stacks them: the question follows the deal
        assert check.rect["y"] >= seat["bottom"]
        assert driver.execute_script("return document.documentElement.scrollWidth"
                                     " <= document.documentElement.clientWidth;")
    # no label a screen reader reads carries markdown marks
    labels_read = driver.execute_script(
        "return [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'));")
    assert any(l.startswith("Q1. ") for l in labels_read) and not [l for l in labels_read if "**" in l]
    snap(driver, f"practice-{size[0]}", tmp_path)
    # 3 picks the third seat (Cara brings in under the PokerStars suit order), Enter checks
    press(driver, "3")
    from tests.support.browser_wait import WebDriverWait
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(
        "const on = document.querySelector('[data-testid=stRadio] input:checked');"
        "return on && on.closest('label').innerText.includes('Cara');"))
    press(driver, "\n")
    verdict = wait_for(driver, "//div[@data-testid='stAlert'][contains(., 'Right.')]")
    assert "You chose Cara; the right answer is Cara." in verdict.text
    if size[0] >= 1000:     # feedback beside the deal: nothing was pushed off the screen
        assert verdict.rect["y"] + 40 <= height
        assert box(driver, ".ssr-seat")["top"] >= 0
    snap(driver, f"practice-checked-{size[0]}", tmp_path)
    press(driver, "n")
    wait_for(driver, "//*[@aria-label][starts-with(@aria-label, 'Q2. ')]")


@pytest.mark.parametrize("size", PRACTICE_SIZES)
def test_nobody_takes_and_only_face_up_cards_are_offered(app, driver, size, tmp_path):
    from selenium.webdriver.common.by import By

    show(driver, size)
    deal = COURSE.exercises["hah-face-down-heart"]
    check = practice_deal(driver, app, deal.id)
    # Ava's offer lists her face-up cards only: never a hole card
    ava = wait_for(driver, "//div[@data-testid='stButtonGroup'][.//*[contains(., 'Ava: face-up cards')]]")
    offered = {b.text.strip() for b in ava.find_elements(By.TAG_NAME, "button")}
    assert offered and not offered & {str(c) for c in deal.hands["Ava"].down}, offered
    nobody = wait_for(driver, "//div[@data-testid='stRadio']//label[contains(., 'Nobody')]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", nobody)
    nobody.click()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", check)
    time.sleep(0.5)
    check.click()
    verdict = wait_for(driver, "//div[@data-testid='stAlert'][contains(., 'Right.')]")
    assert "nobody takes a card" in verdict.text
    snap(driver, f"practice-nobody-{size[0]}", tmp_path, at=verdict)


@pytest.mark.parametrize("size", PRACTICE_SIZES)
def test_best_five_chips_follow_the_picture_and_checked_ones_stand_out(app, driver, size, tmp_path):
    from selenium.webdriver.common.by import By
    from course.cards import Card

    show(driver, size)
    deal = COURSE.exercises["best-five-hidden-pair"]
    practice_deal(driver, app, deal.id)
    player = deal.questions[0].params["player"]
    row = driver.execute_script(
        "const seat = [...document.querySelectorAll('.ssr-seat')].find(s => s.getAttribute("
        "'aria-label') && s.getAttribute('aria-label').endsWith(': ' + arguments[0]));"
        "return [...seat.querySelectorAll('.ssr-card')].map(c => c.getAttribute('aria-label'));",
        player)
    group = wait_for(driver, "//div[@data-testid='stButtonGroup'][.//*[contains(., 'click the cards')]]")
    chips = group.find_elements(By.TAG_NAME, "button")
    assert [Card.parse(c.text.strip()).label for c in chips] == \
        [label.removesuffix(", face down") for label in row]
    before = chips[0].value_of_css_property("outline-style")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", chips[0])
    time.sleep(0.3)
    chips[0].click()
    picked = wait_for(driver, "//button[@data-variant='pills'][@aria-pressed='true']")
    assert picked.value_of_css_property("outline-style") == "solid" != before
    assert "✓" in driver.execute_script(
        "return getComputedStyle(arguments[0], '::before').content;", picked)
    snap(driver, f"practice-cards-{size[0]}", tmp_path, at=picked)


@pytest.mark.parametrize("size", PRACTICE_SIZES)
def test_a_bad_deal_link_says_so_and_the_first_deal_has_no_previous(app, driver, size):
    show(driver, size)
    driver.get(f"{app}/practice?deal=nope")
    warning = wait_for(driver, "//div[@data-testid='stAlert'][contains(., 'There is no deal')]")
    assert "There is no deal called nope" in warning.text
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait
    prev = WebDriverWait(driver, 60).until(ec.presence_of_element_located(
        ("xpath", "//div[contains(@class, 'st-key-practice_prev')]//button")))
    assert not prev.is_enabled()


@pytest.mark.parametrize("size", SIZES)
def test_the_mastery_chart_fits_the_screen_and_runs_from_0_to_100(served, driver, size, tmp_path):
    from course.app.quiz import skill_of
    from course.app.state import LOCAL
    from course.store import Attempt, ProgressStore

    url, db = served
    store = ProgressStore(db)
    ex = COURSE.exercises["hpd-1-bring-in-suit-tie"]
    for n, q in enumerate(ex.questions):
        store.record(Attempt(learner=LOCAL.key, exercise=ex.id, question=n, ask=q.ask,
                             skill=skill_of(ex, q), given="x", correct=True, game=ex.game,
                             rules=ex.rules))
    store.close()
    show(driver, size)
    open_page(driver, f"{url}/progress", "Progress")
    wait_for(driver, "//div[contains(@class, 'vega-embed')]//*[name()='svg']")
    time.sleep(1)   # vega lays the chart out to its container's width once drawn
    chart = driver.execute_script("""
        const svg = document.querySelector('.vega-embed svg');
        const r = svg.getBoundingClientRect();
        return {right: r.right, labels: [...svg.querySelectorAll('text')].map(t => t.textContent)};""")
    width = driver.execute_script("return document.documentElement.clientWidth;")
    assert chart["right"] <= width, (chart["right"], width)
    assert "100" in chart["labels"] and labels.display_name(skill_of(ex, ex.questions[0])) in chart["labels"]
    assert driver.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;")
    snap(driver, f"progress-chart-{size[0]}", tmp_path,
         at=driver.find_element("css selector", ".vega-embed"))
