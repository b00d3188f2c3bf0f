"""Each question's table in headless Chromium, at 1280 px and on a phone (390 px): a whole hand's
seventh-street question draws seven cards a live player on one line, inside the screen, the
folded row greyed; every question tab is on the screen; choosing another question redraws the
table as it stands at that question (five cards a player on fifth street)."""

from __future__ import annotations

import time

import pytest

from tests.browser.test_ux import SIZES, app, driver, open_page, served, show, snap, wait_for  # noqa: F401
from tests.support.shipped import shipped_course

pytestmark = pytest.mark.browser

COURSE = shipped_course()
WHOLE = COURSE.exercises["whole-hand-third-to-showdown"]
SEVENTH = next(n for n, q in enumerate(WHOLE.questions) if q.params.get("street") == "seventh")
FIFTH = next(n for n, q in enumerate(WHOLE.questions) if q.params.get("street") == "fifth")

ROWS = """
return [...document.querySelectorAll('.ssr-seat')].map(seat => {
  const cards = [...seat.querySelectorAll('.ssr-card')].map(c => c.getBoundingClientRect());
  return {seat: seat.getAttribute('aria-label'), folded: seat.classList.contains('ssr-folded'),
          n: cards.length, tops: [...new Set(cards.map(c => Math.round(c.top)))],
          right: Math.max(...cards.map(c => c.right))};
});
"""


def rows(driver) -> list[dict]:
    return driver.execute_script(ROWS)


def wait_rows(driver, count: int) -> list[dict]:
    """The seats once every live row holds `count` cards (the page redraws after a tab click)."""
    for _ in range(60):
        found = rows(driver)
        if found and all(r["n"] == count for r in found if not r["folded"]):
            return found
        time.sleep(0.5)
    raise AssertionError(f"the rows never held {count} cards: {rows(driver)}")


@pytest.mark.parametrize("size", SIZES)
def test_each_question_draws_its_own_table_on_every_screen(app, driver, size, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    show(driver, size)
    open_page(driver, f"{app}/practice?deal={WHOLE.id}&q={SEVENTH + 1}", "Practice")
    wait_for(driver, "//div[contains(@class, 'ssr-seat')]")
    width = driver.execute_script("return document.documentElement.clientWidth;")
    seventh = wait_rows(driver, 7)
    assert [r["seat"] for r in seventh] == ["Seat 1: Ava, folded", "Seat 2: Ben", "Seat 3: Cara"]
    assert seventh[0]["folded"] and seventh[0]["n"] == 6
    for row in seventh:
        assert len(row["tops"]) == 1, row               # one line
        assert row["right"] <= width, (row, width)      # inside the screen
    assert driver.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;")
    # the question's column is drawn after the table: wait for its tabs, not only the rows
    for _ in range(60):
        tabs = [b for b in driver.find_elements(By.CSS_SELECTOR, "[data-testid=stButtonGroup] button")
                if b.text.strip().startswith("Q")]
        if len(tabs) >= len(WHOLE.questions):
            break
        time.sleep(0.5)
    assert len(tabs) == len(WHOLE.questions), [t.text for t in tabs]
    for tab in tabs:                                     # every question can be reached
        assert tab.rect["x"] + tab.rect["width"] <= width, (tab.text, tab.rect, width)
    snap(driver, f"table-at-seventh-{size[0]}", tmp_path)
    fifth = tabs[FIFTH]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", fifth)
    fifth.click()
    drawn = wait_rows(driver, 5)
    assert not any(r["folded"] for r in drawn)
    snap(driver, f"table-at-fifth-{size[0]}", tmp_path)


PILLS = """
return [...document.querySelectorAll('[data-testid=stButtonGroup] [role=toolbar]')]
  .filter(bar => (bar.getAttribute('aria-label') || '').startsWith('Who may win'))
  .map(bar => {
    const box = bar.getBoundingClientRect();
    return {pot: bar.getAttribute('aria-label'), left: box.left, right: box.right,
            pills: [...bar.querySelectorAll('button')].map(b => {
              const r = b.getBoundingClientRect();
              return {name: b.innerText.trim(), left: r.left, right: r.right};
            })};
  });
"""


@pytest.mark.parametrize("size", SIZES)
def test_every_player_of_a_six_player_side_pot_question_can_be_picked(app, driver, size, tmp_path):  # noqa: F811
    # Streamlit draws a row of pills in one line and scrolls it sideways: in the pots widget's
    # narrow column the fifth and sixth players sat past its edge, out of sight at 1280 px.
    from course.study import templates

    item = next(f"gen/hav-side-pots/{seed}" for seed in range(1, 200)
                if len(templates.generate(f"gen/hav-side-pots/{seed}").seats) == 6)
    seats = list(templates.generate(item).seats)
    show(driver, size)
    open_page(driver, f"{app}/practice?deal={item}", "Practice")
    wait_for(driver, "//div[contains(@class, 'ssr-seat')]")
    for _ in range(40):
        bars = driver.execute_script(PILLS)
        # the rows stream in one by one: wait for all of them, each with all its pills
        if len(bars) == len(seats) and all(len(b["pills"]) == len(seats) for b in bars):
            break
        time.sleep(0.5)
    assert len(bars) == len(seats), bars                 # a row per possible pot
    for bar in bars:
        assert [p["name"] for p in bar["pills"]] == seats, bar
        for pill in bar["pills"]:                        # each inside its column, none cut off
            assert bar["left"] - 1 <= pill["left"] and pill["right"] <= bar["right"] + 1, (bar["pot"], pill, bar)
    snap(driver, f"side-pots-six-{size[0]}", tmp_path)
