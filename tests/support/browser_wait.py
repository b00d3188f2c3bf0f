"""Selenium's wait, polling the page every 100 ms instead of its default half second: a browser
test waits hundreds of times in a run of the suite, and each wait whose condition is not met
at once slept in half-second steps (a quarter of a second lost on average, with nothing to do)."""

from __future__ import annotations

from selenium.webdriver.support.ui import WebDriverWait as SeleniumWait

POLL = 0.1     # seconds between two looks at the page


class WebDriverWait(SeleniumWait):
    def __init__(self, driver, timeout: float, poll_frequency: float = POLL, ignored_exceptions=None):
        super().__init__(driver, timeout, poll_frequency=poll_frequency, ignored_exceptions=ignored_exceptions)
