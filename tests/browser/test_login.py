"""Shared mode end to end: a real OpenID Connect provider in this process (oidc-provider-mock),
the real app server with an `[auth]` secrets file, and headless Chromium logging in as two
learners, one browser profile each. Each answers on Practice and sees only their own progress;
the store keys them by issuer and subject."""

from __future__ import annotations

import time

import pytest

from course import content
from course.asks import solvers
from tests.support.serve import ROOT, AppServer, auth_secrets, free_port
from course.store import ENV_VAR, ProgressStore
from tests.browser.test_practice import chromium_paths

pytestmark = pytest.mark.browser
DEAL = "hpd-1-bring-in-suit-tie"


@pytest.fixture
def shared_app(provider, tmp_path):
    port = free_port()
    secrets = auth_secrets(tmp_path / "secrets.toml", port, provider,
                           '[roles]\nteachers = ["someone-else"]\n')
    db = tmp_path / "p.db"
    with AppServer({ENV_VAR: str(db)}, log=tmp_path / "app.log", secrets=secrets,
                   host="localhost", port=port) as app:
        yield app.url, db, provider


def chromium(profile):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = chromium_paths()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", f"--user-data-dir={profile}"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(driver_path), options=options)


def log_in(browser, url: str, sub: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    wait = WebDriverWait(browser, 60)
    browser.get(url)
    wait.until(ec.element_to_be_clickable(
        (By.XPATH, "//button[.//p[normalize-space()='Log in']]"))).click()
    field = wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "input[name='sub']")))
    field.send_keys(sub)
    field.submit()
    wait.until(ec.presence_of_element_located((By.XPATH, "//h1[contains(., 'Course map')]")))


def answer(browser, url: str, choice: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    wait = WebDriverWait(browser, 60)
    browser.get(f"{url}/practice?deal={DEAL}")
    wait.until(ec.element_to_be_clickable(
        (By.XPATH, f"(//div[@data-testid='stRadio'])[1]//label[.//p[normalize-space()="
                   f"'{choice}']]"))).click()
    time.sleep(0.5)                  # let the radio's value reach the server before the click
    wait.until(ec.element_to_be_clickable(
        (By.XPATH, "(//button[.//p[normalize-space()='Check']])[1]"))).click()
    wait.until(ec.visibility_of_element_located(
        (By.XPATH, "//div[@data-testid='stAlert'][contains(., 'right')]")))


def progress_metrics(browser, url: str) -> dict[str, str]:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    browser.get(f"{url}/progress")
    WebDriverWait(browser, 60).until(ec.presence_of_element_located(
        (By.CSS_SELECTOR, "[data-testid='stMetric']")))
    return {m.find_element(By.CSS_SELECTOR, "[data-testid='stMetricLabel']").text:
            m.find_element(By.CSS_SELECTOR, "[data-testid='stMetricValue']").text
            for m in browser.find_elements(By.CSS_SELECTOR, "[data-testid='stMetric']")}


def test_two_learners_log_in_and_each_sees_only_their_own_progress(shared_app, tmp_path):
    from selenium.webdriver.common.by import By

    url, db, provider = shared_app
    exercise, _ = content.load_exercise(ROOT / "exercises" / "stud-high" / f"{DEAL}.yaml")
    right = solvers.to_json(solvers.answer(exercise, exercise.questions[0]).value)
    wrong = next(s for s in exercise.seats if s != right)

    ava, ben = chromium(tmp_path / "ava"), chromium(tmp_path / "ben")
    try:
        log_in(ava, url, "ava-1")
        log_in(ben, url, "ben-2")
        assert "Ava Appleby" in ava.find_element(By.CSS_SELECTOR, "[data-testid='stSidebar']").text
        assert not ava.find_elements(By.XPATH, "//a[contains(@href, 'author')]")   # learner only
        answer(ava, url, right)
        answer(ben, url, wrong)
        answer(ben, url, wrong)
        mine, his = progress_metrics(ava, url), progress_metrics(ben, url)
        assert (mine["Answers checked"], mine["Right"]) == ("1", "1")
        assert (his["Answers checked"], his["Right"]) == ("2", "0")
        # each sees FSRS's recall of their own answers only: a right one beats two misses
        assert int(mine["Recall tomorrow"].rstrip("%")) > int(his["Recall tomorrow"].rstrip("%"))
        ava.get(url)                             # a reload keeps the login (and the progress)
        assert progress_metrics(ava, url)["Answers checked"] == "1"
    finally:
        ava.quit()
        ben.quit()
    store = ProgressStore(db)
    issuer = provider.rstrip("/")
    assert sorted(store.learners()) == [f"{issuer}#ava-1", f"{issuer}#ben-2"]
    assert store.names() == {f"{issuer}#ava-1": "Ava Appleby", f"{issuer}#ben-2": "Ben Baker"}
