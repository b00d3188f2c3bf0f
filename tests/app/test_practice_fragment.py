"""Practice's deal and questions run as a Streamlit fragment on the real server: Check, Try
again and Next question rerun the question alone (not the entry script, the pickers, the deal's
header or the link script), and Next deal still redraws the whole page."""

from __future__ import annotations

from pathlib import Path

from course.content import load_exercise
from course.store import ENV_VAR
from tests.support.serve import AppServer
from tests.support.wsclient import Tab

DEAL = "hpd-1-bring-in-suit-tie"
KEY = f"practice|{DEAL}|0"
ROOT = Path(__file__).resolve().parents[2]


# What a Check and a Try again of the deal's first question send (elements and the blocks
# holding them): every one is built by the script and sent by the server's event loop on each click
CHECK_SENDS = 17
TRY_AGAIN_SENDS = 15

TITLE = load_exercise(ROOT / "exercises" / "stud-high" / f"{DEAL}.yaml")[0].title


def headings_of(page) -> list[str]:
    return [p.body for kind, p in page.elements if kind == "heading"]


def _kinds(page) -> set[str]:
    return {kind for kind, _ in page.elements}


def test_check_and_try_again_rerun_the_question_alone_and_next_deal_the_page(tmp_path):
    with AppServer({ENV_VAR: str(tmp_path / "progress.db")}, log=tmp_path / "server.log") as server:
        tab = Tab(server.url)
        try:
            page = tab.run(page="practice", query=f"deal={DEAL}")
            radio, check = page.widget("radio", KEY), page.widget("button", f"{KEY}:check")
            fragment = page.fragment(check)
            assert fragment and page.fragment(radio) == fragment       # the question is in the fragment
            assert page.fragment(page.widget("selectbox", "practice_scope")) == ""    # the pickers are not
            headings = [p.body for kind, p in page.elements if kind == "heading"]
            assert any("Practice" in h for h in headings), headings

            done = tab.run(widgets={radio.id: {"string_value": radio.options[0]},
                                    check.id: {"trigger_value": True}}, fragment=fragment)
            verdicts = [t for t in done.texts() if t.startswith(("Right.", "Not right."))]
            assert len(verdicts) == 1, done.texts()
            # the heading, not rerun, still hides the deal's title: the verdict names the deal
            assert "Your deal" in headings_of(page)
            assert f"This deal: {TITLE}" in verdicts[0].replace("\\", ""), verdicts
            # nothing of the page around the question was run or sent again
            assert not [p.body for kind, p in done.elements if kind == "heading"], done.elements
            assert "selectbox" not in _kinds(done) and "html" not in _kinds(done), _kinds(done)   # nor the link script
            assert len(done.elements) < len(page.elements) / 2, (len(done.elements), len(page.elements))
            # a wrong answer's Check sends the table, the question tabs, the radio, two buttons, the
            # verdict, the named mistake and the deciding steps, in their columns and boxes, and the
            # closed expanders (every step, the rules cited, the profiles compared): nothing more
            assert done.deltas <= CHECK_SENDS, [kind for kind, _ in done.elements]

            retry = done.widget("button", f"{KEY}:retry")
            again = tab.run(widgets={retry.id: {"trigger_value": True}}, fragment=done.fragment(retry))
            assert again.widget("button", f"{KEY}:check") and not [
                t for t in again.texts() if t.startswith(("Right.", "Not right."))]
            assert "selectbox" not in _kinds(again)
            # Try again: the table, the tabs, the radio, its four number keys, Check and Show
            # answer, in their columns and boxes (the keys' hint is the style sheet's)
            assert again.deltas <= TRY_AGAIN_SENDS, [kind for kind, _ in again.elements]

            # after a check, Next question (inside the fragment) reruns it alone, at question 2
            check = again.widget("button", f"{KEY}:check")
            done = tab.run(widgets={radio.id: {"string_value": radio.options[0]},
                                    check.id: {"trigger_value": True}}, fragment=fragment)
            following = done.widget("button", f"{KEY}:next")
            assert following.label.startswith("Next question")
            moved = tab.run(widgets={following.id: {"trigger_value": True}}, fragment=done.fragment(following))
            assert "selectbox" not in _kinds(moved)
            assert moved.widget("button", f"practice|{DEAL}|1:check")
        finally:
            tab.close()

        # at the deal's last question (its link opens it there), Next deal draws the whole page
        tab = Tab(server.url)
        last = f"practice|{DEAL}|2"
        try:
            page = tab.run(page="practice", query=f"deal={DEAL}&q=3")
            radio, check = page.widget("radio", last), page.widget("button", f"{last}:check")
            done = tab.run(widgets={radio.id: {"string_value": radio.options[0]},
                                    check.id: {"trigger_value": True}}, fragment=page.fragment(check))
            following = done.widget("button", f"{last}:next")
            assert following.label.startswith("Next deal")
            moved = tab.run(widgets={following.id: {"trigger_value": True}}, fragment=done.fragment(following))
            assert "selectbox" in _kinds(moved)           # the page itself ran again
            ids = [str(getattr(p, "id", "")) for _, p in moved.elements]
            assert not any(f"|{DEAL}|" in i for i in ids), "still on the first deal"
            assert any(i.endswith(":check") for i in ids), "no question of the next deal"
        finally:
            tab.close()
