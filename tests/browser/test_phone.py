"""A phone (390 x 844) in headless Chromium: the first question of Practice and of Review on the
first screen, the Review summary's and Progress's tables with every column inside the screen,
course-map titles cut with an ellipsis, and no keyboard hint. The same pages at 1280 px are
screenshotted beside them (STUD_SCREENSHOT_DIR=docs/screenshots keeps the pictures)."""

from __future__ import annotations

import time

import pytest

from tests.browser.test_practice import chromium, serving
from tests.browser.test_ux import open_page, show, snap, wait_for

from tests.support.tried import answer_try_its
from tests.support.shipped import shipped_course

# Review brings back only what the tried lessons teach: the tests open the first lesson first
# and answer its try-its.
COURSE = shipped_course()
FIRST_LESSON = COURSE.lessons_in_order("stud-high")[0]


def open_first_lesson(driver, url: str, db) -> None:
    open_page(driver, f"{url}/lesson?id={FIRST_LESSON.id}", FIRST_LESSON.title)
    answer_try_its(db, "local", [FIRST_LESSON], course=COURSE)

pytestmark = pytest.mark.browser

PHONE = (390, 844)
SIZES = [pytest.param((1280, 900), id="1280x900"), pytest.param(PHONE, id="390x844")]

# The first question's prompt, its choices and its Check button, as the screen lays them out.
QUESTION = """
const deal = [...document.querySelectorAll('.ssr-table')].pop();
const label = [...document.querySelectorAll('[data-testid=stMain] [data-testid=stWidgetLabel], [data-testid=stMain] [data-testid=stMarkdownContainer] p')]
  .find(e => e.innerText.includes('?') && (!deal || (deal.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)));
const check = [...document.querySelectorAll('button')].find(b => b.innerText.trim().startsWith('Check'));
const r = e => e && e.getBoundingClientRect();
return {label: label && label.innerText, top: r(label) && r(label).top,
        check_bottom: r(check) && r(check).bottom, height: window.innerHeight,
        wide: document.documentElement.scrollWidth > document.documentElement.clientWidth};
"""

TABLES = """
return [...document.querySelectorAll('[data-testid=stTable]')].map(t => {
  const r = t.getBoundingClientRect(), table = t.querySelector('table');
  const last = table && [...table.querySelectorAll('thead th')].pop();
  return {right: r.right, last_right: last ? last.getBoundingClientRect().right : r.right,
          columns: table ? table.querySelectorAll('thead th').length : 0,
          scrolls: t.scrollWidth > t.clientWidth + 1 ||
                   (t.firstElementChild && t.firstElementChild.scrollWidth > t.firstElementChild.clientWidth + 1),
          width: document.documentElement.clientWidth};
});
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("phone-server")) as running:
        yield running


@pytest.fixture(scope="module")
def driver():
    with chromium(*PHONE) as browser:
        yield browser


def first_screen(driver, name: str) -> dict:
    found = wait_for(driver, "//button[starts-with(normalize-space(.), 'Check')]")
    assert found
    time.sleep(1.0)   # let the last elements settle
    where = driver.execute_script(QUESTION)
    assert where["label"], f"{name}: no question prompt found"
    return where


def answer_anything(driver) -> None:
    """Choose the first choice of whatever widget the question has."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    for css in ("[data-testid=stMain] [role=radiogroup] label", "[data-testid=stMain] [data-testid=stButtonGroup] button",
                "[data-testid=stMain] [data-testid=stCheckbox] input"):
        found = [e for e in driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed() or "input" in css]
        if found:
            driver.execute_script("arguments[0].click();", found[0])
            return
    boxes = [e for e in driver.find_elements(By.CSS_SELECTOR, "[data-testid=stMain] [data-testid=stNumberInput] input") if e.is_displayed()]
    if boxes:
        boxes[0].send_keys(Keys.CONTROL, "a")
        boxes[0].send_keys("1", Keys.TAB)
        return
    picks = [e for e in driver.find_elements(By.CSS_SELECTOR, "[data-testid=stMain] [data-testid=stMultiSelect] input") if e.is_displayed()]
    if picks:
        picks[0].click()
        time.sleep(0.3)
        driver.execute_script("arguments[0].click();", driver.find_element(By.CSS_SELECTOR, "[role=option]"))
        picks[0].send_keys(Keys.ESCAPE)


def click(driver, label: str) -> None:
    button = wait_for(driver, f"//button[starts-with(normalize-space(.), '{label}')]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()


def _main_text(driver) -> str:
    try:
        return driver.execute_script(
            "const m = document.querySelector('[data-testid=stMain]'); return m ? m.innerText : '';")
    except Exception:  # noqa: BLE001 - the page is being redrawn
        return ""


def _until_changed(driver, before: str, timeout: float = 10.0) -> None:
    """Wait for the server's answer to a click: the main area's text differs from `before` and has
    stopped changing (no fixed sleep per step, which made a Review session take a minute)."""
    deadline = time.monotonic() + timeout
    last, steady = None, 0
    while time.monotonic() < deadline:
        now = _main_text(driver)
        if now != before and now == last:
            steady += 1
            if steady >= 2:
                return
        else:
            steady = 0
        last = now
        time.sleep(0.15)


def finish_review(driver) -> None:
    """Answer every item of a Review session (whatever is chosen) until its summary shows."""
    from selenium.webdriver.common.by import By

    for _ in range(60):
        if driver.find_elements(By.XPATH, "//h2[contains(., 'Session summary')]"):
            return
        before = _main_text(driver)
        try:
            if driver.find_elements(By.XPATH, "//button[starts-with(normalize-space(.), 'Next')]"):
                click(driver, "Next")
            else:
                answer_anything(driver)
                time.sleep(0.3)            # the choice reaches the server before the click
                click(driver, "Check")
        except Exception:  # noqa: BLE001 - the page was redrawn under the click: look again
            time.sleep(0.5)
            continue
        _until_changed(driver, before)
    raise AssertionError("the Review session never reached its summary")


@pytest.mark.parametrize("size", SIZES)
def test_the_first_question_is_on_the_first_screen(served, driver, size, tmp_path):
    url, db = served
    show(driver, size)
    open_first_lesson(driver, url, db)
    for page, heading in (("practice", "Practice"), ("review", "Review")):
        open_page(driver, f"{url}/{page}", heading)
        where = first_screen(driver, page)
        assert not where["wide"], f"{page}: the page scrolls sideways"
        if size == PHONE:
            # the prompt, and the button that checks it, inside the first 844 px
            assert where["top"] < where["height"], (page, where)
            assert where["check_bottom"] <= where["height"], (page, where)
            keys = driver.find_elements("xpath", "//*[contains(text(), 'Keys: 1-9')]")
            assert not [k for k in keys if k.is_displayed()], "the keyboard hint shows on a phone"
            # Practice's hint is the style sheet's text after the question's box
            hint = driver.execute_script(
                "const box = document.querySelector('.st-key-keyed_question');"
                "return box && getComputedStyle(box, '::after').display;")
            assert hint in (None, "none"), "the keyboard hint shows on a phone"
        # Practice's Check carries an "Enter" badge (Streamlit's, labelled "Shortcut Enter"):
        # shown on a wide screen, hidden on a phone
        badges = [b for b in driver.find_elements(
            "css selector", "[data-testid=stButton] [aria-label^='Shortcut ']") if b.is_displayed()]
        if size == PHONE:
            assert not badges, f"{page}: a shortcut badge shows on a phone"
        elif page == "practice":
            assert badges, f"{page}: no shortcut badge on Check at {size[0]} px"
        snap(driver, f"{page}-{size[0]}", tmp_path)


def tables_fit(driver, columns: int | None = None, at_least: int = 1) -> None:
    """Every table on the page shows all its columns within the screen, none scrolled sideways."""
    time.sleep(0.8)                  # the layout settles at the new width
    tables = driver.execute_script(TABLES)
    assert len(tables) >= at_least, tables
    for table in tables:
        assert columns is None or table["columns"] == columns, table
        assert not table["scrolls"], table
        assert table["right"] <= table["width"] and table["last_right"] <= table["width"], table


def test_review_summary_and_progress_tables_show_every_column(served, driver, tmp_path):
    """One Review session to its summary (a minute of clicks, so one session serves every
    screen: the window changes under the same page), then the Progress page, at each width."""
    url, db = served
    widths = [(1280, 900), PHONE]
    show(driver, widths[0])
    open_first_lesson(driver, url, db)
    open_page(driver, f"{url}/review", "Review")
    first_screen(driver, "review")
    finish_review(driver)
    wait_for(driver, "//*[@data-testid='stTable']")
    for size in widths:
        show(driver, size)
        tables_fit(driver, columns=3)
        snap(driver, f"review-summary-{size[0]}", tmp_path,
             at=driver.find_element("xpath", "//h2[contains(., 'Session summary')]"))

    open_page(driver, f"{url}/progress", "Progress")
    wait_for(driver, "//*[@data-testid='stTable']")
    time.sleep(0.7)
    for size in reversed(widths):
        show(driver, size)
        tables_fit(driver, at_least=2)        # spaced review, accuracy per skill (and missed most)
        snap(driver, f"progress-{size[0]}", tmp_path)
    body = driver.find_element("tag name", "body").text
    for raw in ("gen/", "hpd-", "bring_in", "pokerstars"):
        assert raw not in body, f"a raw id ({raw}) on the Progress page"


@pytest.mark.parametrize("size", SIZES)
def test_course_map_titles_are_cut_with_an_ellipsis(served, driver, size, tmp_path):
    url, _ = served
    show(driver, size)
    open_page(driver, url, "Course map")
    wait_for(driver, "//*[@data-testid='stPageLink']")
    time.sleep(1.0)
    cut = driver.execute_script("""
        return [...document.querySelectorAll('[data-testid=stPageLink] p, [data-testid=stPageLink] span')]
          .filter(e => e.scrollWidth > e.clientWidth + 1)
          .map(e => ({text: e.innerText, overflow: getComputedStyle(e).textOverflow,
                      wrap: getComputedStyle(e).whiteSpace}));""")
    for title in cut:
        assert title["overflow"] == "ellipsis", title
    assert not driver.execute_script(
        "return document.documentElement.scrollWidth > document.documentElement.clientWidth;")
    snap(driver, f"course-map-{size[0]}", tmp_path)
