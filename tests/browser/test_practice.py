"""The real server in headless Chromium: open a practice deal, answer by clicking, read the
feedback, save a screenshot.

The screenshot goes to the test's temporary folder, so `make test` leaves the work tree clean;
set STUD_SCREENSHOT_DIR=docs/screenshots to refresh the README's picture.
"""

from __future__ import annotations

import os
import shutil
import time
from contextlib import contextmanager
from urllib.parse import parse_qs, urlparse
from pathlib import Path

import pytest

from course import content, rules
from course.asks import solvers
from tests.support.serve import AppServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
DEAL = "hpd-1-bring-in-suit-tie"


def chromium_paths() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        pytest.skip("Debian packages chromium and chromium-driver are not installed "
                    "(.ci/run installs them)")
    return browser, driver


@contextmanager
def serving(folder: Path):
    """The app's real server (`python -m course.app`) on a free port, with its progress file
    and log in `folder`; yields (url, progress file) and always stops the server."""
    with AppServer({"STUD_STUDY_DB": str(folder / "progress.db")}, log=folder / "server.log") as server:
        yield server.url, folder / "progress.db"


@contextmanager
def chromium(width: int = 1280, height: int = 1400):
    """Headless Chromium driven by Selenium, always quit at the end."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = chromium_paths()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def server(tmp_path):
    with serving(tmp_path) as running:
        yield running


@pytest.fixture
def browser():
    with chromium() as driver:
        yield driver


def test_answer_a_practice_question_by_clicking(server, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    url, db = server
    exercise, problems = content.load_exercise(ROOT / "exercises" / "stud-high" / f"{DEAL}.yaml")
    assert exercise is not None, problems
    right = solvers.to_json(solvers.answer(exercise, exercise.questions[0]).value)

    wait = WebDriverWait(browser, 60)
    browser.get(f"{url}/practice?deal={DEAL}")
    # the deal's title waits for a check (it may state the rule it tests)
    wait.until(ec.presence_of_element_located((By.XPATH, "//h3[contains(., 'Your deal')]")))
    # the deal is drawn as cards with words for screen readers
    assert wait.until(ec.presence_of_element_located(
        (By.CSS_SELECTOR, '[role="img"][aria-label="two of clubs"]')))
    option = wait.until(ec.element_to_be_clickable(
        (By.XPATH, f"(//div[@data-testid='stRadio'])[1]//label[.//p[normalize-space()='{right}']]")))
    option.click()
    check = wait.until(ec.element_to_be_clickable(
        (By.XPATH, "(//button[.//p[normalize-space()='Check']])[1]")))
    time.sleep(0.5)   # let the radio's value reach the server before the click
    check.click()
    feedback = wait.until(ec.visibility_of_element_located(
        (By.XPATH, "//div[@data-testid='stAlert'][contains(., 'Right.')]")))
    assert f"You chose {right}" in feedback.text
    assert f"the right answer is {right}" in feedback.text
    steps = wait.until(ec.visibility_of_element_located(
        (By.XPATH, "//*[contains(., 'Why, step by step') or contains(., 'the steps that decide it')]")))
    assert steps
    # every step, past the deciding ones, is sent once its expander is opened
    opener = browser.find_elements(By.XPATH, "//summary[.//p[starts-with(normalize-space(), 'Every step')]]")
    if opener:
        opener[0].click()
    assert wait.until(ec.visibility_of_element_located(
        (By.XPATH, "//*[@data-testid='stMarkdownContainer'][contains(., 'Why, step by step')]")))
    title = browser.find_element(By.XPATH, "//h3[contains(., 'Your deal')]")   # a Check reruns the question alone
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'});", title)
    time.sleep(0.5)
    shots = Path(os.environ.get("STUD_SCREENSHOT_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(shots / "practice-feedback.png"))
    assert (shots / "practice-feedback.png").stat().st_size > 10_000

    # each step's citation links to its article in the Rulebook; following it shows the article
    link = browser.find_element(By.CSS_SELECTOR, 'a[href*="rulebook?article="]').get_attribute("href")
    cite = parse_qs(urlparse(link).query)["article"][0]
    assert cite in solvers.answer(exercise, exercise.questions[0]).citations
    browser.get(link)
    article = wait.until(ec.visibility_of_element_located(
        (By.XPATH, f"//*[contains(., {rules.citation(cite).title!r})]")))
    assert article


def test_every_page_opens_at_its_short_address(server, browser):
    """The addresses the README gives: a typed /progress must not land on "Page not found"."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    url, _ = server
    wait = WebDriverWait(browser, 60)
    for path, title in [("/", "Course map"), ("/lesson?id=opener", "Who opens the later streets"),
                        ("/practice", "Practice"), ("/progress", "Progress"),
                        ("/rulebook", "Rulebook"), ("/author", "Author preview")]:
        browser.get(url + path)
        wait.until(ec.text_to_be_present_in_element((By.XPATH, "//h1"), title), path)
        assert not browser.find_elements(By.XPATH, "//*[contains(., 'Page not found')]"), path
