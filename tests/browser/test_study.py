"""The real server in headless Chromium: a generated item opened from its link and answered by
clicking, and the Review page at its short address."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from course import content
from tests.support.tried import answer_try_its
from course.study import engine, templates
from tests.browser.test_practice import browser, server  # noqa: F401  (the fixtures: real server, real Chromium)

pytestmark = pytest.mark.browser
ITEM = "gen/door-tie-suit/5"


def test_answer_a_generated_item_by_clicking(server, browser):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    url, _db = server
    exercise = templates.generate(ITEM)
    right = engine.answer_json(exercise, exercise.questions[0])
    wait = WebDriverWait(browser, 60)
    browser.get(f"{url}/practice?deal={ITEM}")
    wait.until(ec.presence_of_element_located((By.XPATH, "//h3[contains(., 'Your deal')]")))   # the title waits for a check
    option = wait.until(ec.element_to_be_clickable(
        (By.XPATH, f"(//div[@data-testid='stRadio'])[1]//label[.//p[normalize-space()='{right}']]")))
    option.click()
    check = wait.until(ec.element_to_be_clickable((By.XPATH, "(//button[.//p[normalize-space()='Check']])[1]")))
    time.sleep(0.5)   # let the radio's value reach the server before the click
    check.click()
    feedback = wait.until(ec.visibility_of_element_located(
        (By.XPATH, "//div[@data-testid='stAlert'][contains(., 'Right.')]")))
    assert f"You chose {right}" in feedback.text


def test_the_review_page_opens_at_its_short_address(server, browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    url, db = server
    wait = WebDriverWait(browser, 60)
    course = content.load_course()
    lesson = course.lessons_in_order("stud-high")[0]
    browser.get(url + "/lesson?id=" + lesson.id)               # Review brings back what was taught:
    wait.until(ec.text_to_be_present_in_element((By.XPATH, "//h1"), lesson.title))
    answer_try_its(db, "local", [lesson], course=course)       # a lesson whose try-its are answered
    browser.get(url + "/review")
    wait = WebDriverWait(browser, 60)
    wait.until(ec.text_to_be_present_in_element((By.XPATH, "//h1"), "Review"))
    hint = wait.until(ec.element_to_be_clickable((By.XPATH, "//button[.//p[normalize-space()='Hint']]")))
    hint.click()
    wait.until(ec.visibility_of_element_located((By.XPATH, "//div[@data-testid='stAlert'][contains(., 'Hint:')]")))
    time.sleep(0.5)
    shots = Path(os.environ.get("STUD_SCREENSHOT_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(shots / "review.png"))
