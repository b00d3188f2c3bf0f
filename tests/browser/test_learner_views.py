"""What a learner sees in real Chromium, at a laptop's width (1280) and a phone's (390): a lesson
opened by Next / Previous opens at its title, Review answers with the keys as Practice does and
brings its verdict into view, and a broken course file shows no error to a learner."""

from __future__ import annotations

import shutil
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from course.app import lesson_view as lv
from tests.support.serve import AppServer
from tests.support.tried import answer_try_its
from tests.browser.test_practice import chromium
from tests.support.shipped import shipped_course

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
COURSE = shipped_course()
WIDTHS = [(1280, 900), (390, 844)]


@contextmanager
def serving(folder: Path, content: Path | None = None):
    env = {"STUD_STUDY_DB": str(folder / "progress.db")}
    if content is not None:
        env["STUD_STUDY_CONTENT"] = str(content)
    with AppServer(env, log=folder / "server.log") as server:
        yield server.url


@pytest.fixture(scope="module")
def reading_url(tmp_path_factory):
    """One server on the shipped course for the tests that only read it (a lesson's links, the
    cards picked without a Check): a server's start is seconds, and nothing they do changes what
    the next one sees. A test that saves answers starts its own."""
    with serving(tmp_path_factory.mktemp("reading")) as url:
        yield url


def main_scroll(browser) -> int:
    return browser.execute_script(
        "const m = document.querySelector('[data-testid=\"stMain\"]');"
        "return Math.max(m ? m.scrollTop : 0, window.scrollY, document.scrollingElement.scrollTop);")


def in_view(browser, element) -> bool:
    return browser.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return r.top >= 0 && r.bottom <= window.innerHeight;", element)


def phone_or_laptop(browser, size) -> None:
    """A true 390 px viewport (a headless window is never narrower than 500 px)."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})


@pytest.mark.parametrize("size", WIDTHS, ids=["1280", "390"])
def test_next_and_previous_lesson_open_at_the_title(size, reading_url):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    lessons = lv.lessons(COURSE)
    first, second = lessons[0], lessons[1]
    url = reading_url
    with chromium(*size) as browser:
        phone_or_laptop(browser, size)
        wait = WebDriverWait(browser, 60)
        browser.get(f"{url}/lesson?id={first.id}")
        wait.until(ec.text_to_be_present_in_element((By.XPATH, "//h1"), first.title[:25]))
        for title, label in ((second.title, "Next lesson"), (first.title, "Previous lesson")):
            link = wait.until(ec.presence_of_element_located(
                (By.XPATH, f"//a[contains(., '{label}:')]")))
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
            time.sleep(0.5)
            assert main_scroll(browser) > 500          # the learner is at the lesson's end
            link.click()
            heading = wait.until(ec.visibility_of_element_located(
                (By.XPATH, f"//h1[contains(., {title[:25]!r})]")))
            time.sleep(1.5)                             # the rest of the lesson arrives
            assert main_scroll(browser) < 50, (label, main_scroll(browser))
            assert in_view(browser, heading), label


@pytest.mark.parametrize("size", WIDTHS, ids=["1280", "390"])
def test_review_answers_by_keys_beside_the_deal_and_shows_its_verdict(size, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    with serving(tmp_path) as url, chromium(*size) as browser:
        phone_or_laptop(browser, size)
        wait = WebDriverWait(browser, 60)
        browser.get(f"{url}/lesson?id=bring-in")          # a lesson opened and tried: Review has items
        wait.until(ec.presence_of_element_located((By.XPATH, "//h1")))
        time.sleep(1)
        answer_try_its(tmp_path / "progress.db", "local", [COURSE.lessons["bring-in"]], course=COURSE)
        browser.get(f"{url}/review")
        check = wait.until(ec.element_to_be_clickable(
            (By.XPATH, "//button[.//p[normalize-space()='Check']]")))
        table = browser.find_element(By.CSS_SELECTOR, ".ssr-table")
        if size[0] >= 1000:                               # the question beside the deal
            assert check.location["x"] > table.location["x"] + table.size["width"] - 5
        keys = browser.find_elements(By.CSS_SELECTOR, '[class*="-answer_key"] button')
        assert keys, "number keys are offered"
        body = browser.find_element(By.TAG_NAME, "body")
        body.send_keys("1")
        time.sleep(1)
        body.send_keys(Keys.ENTER)
        verdict = wait.until(ec.visibility_of_element_located(
            (By.CSS_SELECTOR, ".st-key-review_verdict [data-testid=stAlert]")))
        # key 1 chose an answer and Enter checked it: a verdict, not "Choose an answer first"
        assert "You chose" in verdict.text or "Not right yet" in verdict.text, verdict.text
        time.sleep(1.5)
        assert in_view(browser, verdict), browser.execute_script(
            "return [arguments[0].getBoundingClientRect().top, window.innerHeight]", verdict)


@pytest.mark.parametrize("size", WIDTHS, ids=["1280", "390"])
def test_cards_are_picked_in_the_table_by_click_and_by_keyboard(size, reading_url):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    chosen = "[data-testid=stButtonGroup] button[aria-pressed=true]"
    url = reading_url
    with chromium(*size) as browser:
        phone_or_laptop(browser, size)
        wait = WebDriverWait(browser, 60)
        browser.get(f"{url}/practice?deal=which-game-4-stud-high&q=1")   # a best-five question
        wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, ".ssr-card.ssr-pickable")))
        cards = browser.find_elements(By.CSS_SELECTOR, ".ssr-table .ssr-card.ssr-pickable")
        assert len(cards) == 7                      # Ava's seven cards, and only hers
        first, second = cards[0].get_attribute("data-card"), cards[1].get_attribute("data-card")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", cards[0])
        cards[0].click()
        wait.until(lambda b: [c.text.strip() for c in b.find_elements(By.CSS_SELECTOR, chosen)] == [first])
        card = browser.find_element(By.CSS_SELECTOR, f'.ssr-card[data-card="{first}"]')
        wait.until(lambda b: "ssr-picked" in card.get_attribute("class"))
        browser.find_element(By.CSS_SELECTOR, f'.ssr-card[data-card="{second}"]').send_keys(Keys.ENTER)
        wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, chosen)) == 2)
        time.sleep(1)
        assert not browser.find_elements(By.CSS_SELECTOR, "[data-testid=stAlert]")   # Enter picked, not checked
        cards = browser.find_elements(By.CSS_SELECTOR, ".ssr-table .ssr-card.ssr-pickable")
        browser.execute_script("arguments[0].click();", cards[0])                       # again: left out
        wait.until(lambda b: [c.text.strip() for c in b.find_elements(By.CSS_SELECTOR, chosen)] == [second])
        time.sleep(0.5)
        assert browser.execute_async_script(QUIET) == 0     # at rest, the picking script writes nothing


# Attribute and child changes anywhere on the page over one second: a page at rest makes none. A
# script that rewrote the cards' attributes on every change it saw woke itself again each frame
# and held the browser's processor at full use for as long as the page was open.
QUIET = """
const done = arguments[arguments.length - 1];
let changes = 0;
const watch = new MutationObserver((found) => { changes += found.length; });
watch.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
setTimeout(() => { watch.disconnect(); done(changes); }, 1000);
"""


BROKEN = "id: zz-unparsable\ntitle: [an unclosed list\n"


@pytest.fixture(scope="module")
def broken_course_url(tmp_path_factory):
    """One server, for every width, on a copy of the course with one file that cannot be parsed."""
    folder = tmp_path_factory.mktemp("broken-course")
    root = folder / "course"
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "exercises", root / "exercises")
    (root / "exercises" / "zz-unparsable.yaml").write_text(BROKEN, encoding="utf-8")
    with serving(folder, content=root) as url:
        yield url


@pytest.mark.parametrize("size", WIDTHS, ids=["1280", "390"])
def test_a_broken_file_shows_no_error_to_a_learner(size, broken_course_url):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    url = broken_course_url
    with chromium(*size) as browser:
        phone_or_laptop(browser, size)
        wait = WebDriverWait(browser, 60)
        for path, title in (("/", "Course map"), ("/practice", "Practice"), ("/lesson?id=bring-in", "bring")):
            browser.get(url + path)
            wait.until(ec.text_to_be_present_in_element((By.XPATH, "//h1"), title))
            time.sleep(2)
            page = browser.find_element(By.CSS_SELECTOR, "[data-testid=stMain]").text
            assert "zz-unparsable" not in page and "could not be loaded" not in page, path
            assert not browser.find_elements(By.CSS_SELECTOR, "[data-testid=stMain] [data-testid=stAlertContentError]"), path
            assert "One exercise is being fixed" in page, path
        browser.get(url + "/author")
        wait.until(ec.text_to_be_present_in_element((By.XPATH, "//h1"), "Author preview"))
        wait.until(ec.presence_of_element_located((By.XPATH, "//*[contains(., 'Only files with problems (1)')]")))
