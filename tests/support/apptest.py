"""Helpers for driving the app under `streamlit.testing.v1.AppTest` (tests and benchmarks)."""

from __future__ import annotations

import os
import secrets
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterator

import streamlit as st
from streamlit.testing.v1 import AppTest as StreamlitAppTest
from streamlit.util import calc_hash

import course.app
from course.app import state
from course.content import preview
from course.store import ENV_VAR

# The app's entry script, of whichever tree `course` is imported from (benchmarks/app.py also
# drives an earlier design's tree, from before `course.app.ENTRY` was named)
ENTRY = Path(course.app.__file__).with_name("streamlit_app.py")

# Each page's module, relative to the entry script, as `AppTest.switch_page` takes it
PAGES = {
    "map": "screens/course_map.py",
    "lesson": "screens/lesson.py",
    "practice": "screens/practice.py",
    "review": "screens/review.py",
    "progress": "screens/progress.py",
    "rulebook": "screens/rulebook.py",
    "glossary": "screens/glossary.py",
    "author": "screens/author.py",
    "class": "screens/class_page.py",
}
# The URL path of a page whose module is named otherwise (course.app.entry.build_pages)
URL_PATHS = {"course_map": "", "class_page": "class"}
MAP_TITLE = "Course map"      # the default page's title: the login screen is the only other at ""


class AppTest(StreamlitAppTest):
    """Streamlit's AppTest, able to switch to this app's pages. They are functions (`st.Page` over
    each screen module's `page`), and Streamlit's `switch_page` finds only pages given as script
    files; here `switch_page("screens/lesson.py")` opens the page the navigation registered at that
    module's URL path. As with Streamlit's own, `run()` first, so the pages are registered."""

    @classmethod
    def from_file(cls, script_path: str | Path, *, default_timeout: float = 3) -> "AppTest":
        path = Path(script_path).resolve()
        if not path.is_file():
            raise FileNotFoundError(f"AppTest script not found at {path}")
        at = cls(path, default_timeout=default_timeout)
        # Streamlit's AppTest makes each instance a registry of the installed components of its
        # own, found by reading every installed distribution's metadata: about 0.2 s, a fifth
        # of a test that opens one page. The installed packages do not change during a run, so
        # every instance is given the one registry, found once per test process.
        if getattr(at, "_bidi_component_manager", False) is None:
            at._bidi_component_manager = installed_components()
        return at

    def switch_page(self, page_path: str) -> "AppTest":
        name = Path(page_path).stem
        url = URL_PATHS.get(name, name)
        found = [page for page, info in self._registered_pages.items() if info.get("url_pathname") == url]
        if not any("url_pathname" in info for info in self._registered_pages.values()):
            # no navigation ran (the app stopped first): the page's hash, as st.Page makes it
            self._page_hash = calc_hash(url)
            return self
        if not found:
            known = sorted(str(info.get("url_pathname")) for info in self._registered_pages.values())
            raise ValueError(f"Could not find a navigation page for {page_path!r} (URL path {url!r}). "
                             f"Known pages: {known}; call run() once before switching pages.")
        self._page_hash = found[0]
        return self

    def page_modules(self) -> set[str]:
        """The file names of the page modules (PAGES) the navigation offers to this session."""
        modules = {URL_PATHS.get(Path(path).stem, Path(path).stem): Path(path).name for path in PAGES.values()}
        return {modules[info["url_pathname"]] for info in self._registered_pages.values()
                if info.get("url_pathname") in modules
                and (info["url_pathname"] or info.get("page_name") == MAP_TITLE)}


@lru_cache(maxsize=None)
def installed_components():
    """Streamlit's registry of the installed (v2) components, as AppTest would find it for
    each instance, found once per test process."""
    from streamlit.components.v2.component_manager import BidiComponentManager

    manager = BidiComponentManager()
    manager.discover_and_register_components(start_file_watching=False)
    return manager


ISSUER = "https://login.example.test"      # the issuer of the users a test logs in
AUTH = {"auth": {"redirect_uri": "http://localhost:8501/oauth2callback",
                 "cookie_secret": secrets.token_urlsafe(48), "client_id": "app", "client_secret": "secret",
                 "server_metadata_url": f"{ISSUER}/.well-known/openid-configuration"}}


def user(sub: str, **claims) -> dict:
    """A logged-in user as `st.user` gives it (for `AppTest.user`), their address verified
    unless `claims` say otherwise (`email_verified=None` leaves the claim out)."""
    person = {"is_logged_in": True, "iss": ISSUER, "sub": sub,
              "email": f"{sub.lower()}@example.test", "name": sub, "email_verified": True,
              **claims}
    return {k: v for k, v in person.items() if v is not None}


def learner_key(sub: str) -> str:
    """The progress key of `user(sub)` (issuer + subject, as `state.identity` builds it)."""
    return f"{ISSUER}#{sub}"


def clear_caches() -> None:
    """Forget cached data and resources, so no test sees another test's course."""
    st.cache_data.clear()
    st.cache_resource.clear()
    state.clear_course_cache()
    preview.clear_cache()
    state._STORES.clear()
    state._FAILED.clear()


@contextmanager
def environment(db: Path | str, content: Path | str | None = None) -> Iterator[None]:
    """Point the app at a progress file (and optionally another content folder)."""
    saved = {k: os.environ.get(k) for k in (ENV_VAR, state.CONTENT_ENV)}
    os.environ[ENV_VAR] = str(db)
    if content is None:
        os.environ.pop(state.CONTENT_ENV, None)
    else:
        os.environ[state.CONTENT_ENV] = str(content)
    clear_caches()
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        clear_caches()


def open_app(page: str = "map", *, login: str | None = None, roles: dict | None = None,
             timeout: float = 30, query: dict | None = None) -> AppTest:
    """Open `page` (a key of PAGES) at its address, with `query` as its query string, as a
    link or a bookmark opens it: one run of the entry script, which draws that page. Local mode
    unless `login` names a subject: then shared mode, logged in as `user(login)`, with
    `roles` as the `[roles]` section (e.g. {"teachers": ["Tia"]})."""
    at = AppTest.from_file(str(ENTRY), default_timeout=timeout)
    if login is not None:
        at.secrets.update(AUTH, roles=roles or {})
        at.user = user(login)
    if query:
        at.query_params.update(query)
    return at.switch_page(PAGES[page]).run()


def texts(at: AppTest) -> str:
    """Everything a learner reads on the page (markdown, alerts, captions), one string."""
    parts = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "success", "error",
                 "warning", "info"):
        parts += [str(getattr(e, "value", "")) for e in getattr(at, kind)]
    return "\n".join(parts)


def pick_question(at: AppTest, exercise_id: str, index: int, prefix: str = "practice") -> AppTest:
    """Open question `index` of a deal shown one question at a time (a no-op for a deal with
    a single question, which has no question tabs)."""
    key = f"{prefix}|{exercise_id}:question"
    tabs = next((w for w in at.button_group if w.key == key), None)
    if tabs is not None and tabs.value != index:
        tabs.set_value(index).run()
    return at


# Streamlit elements as AppTest finds them (pills and segmented controls are button groups).
ELEMENTS = {"pills": "button_group", "segmented_control": "button_group"}


def fill_widget(at: AppTest, key: str, exercise, kind: str, value) -> None:
    """Set the widget of answer `kind` under `key` to `value` (the answer's JSON shape), input
    by input as the widget says a learner would (`Widget.fill`)."""
    from course.app.widgets import WIDGETS
    from course.asks import KINDS

    for n, inputs in enumerate(WIDGETS[KINDS[kind].widget].fill(key, exercise, value)):
        if n:
            at.run()            # the next inputs appear once these are in
        for element, name, item in inputs:
            getattr(at, ELEMENTS.get(element, element))(key=name).set_value(item)
