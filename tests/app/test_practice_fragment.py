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
# holding them): every one is built by the script and sent by the server's event loop on each
# click. The question on screen (its tabs and its answering part) is a fragment inside the
# deal's: the table, the columns and the number keys are not sent again.
CHECK_SENDS = 12
TRY_AGAIN_SENDS = 7

# A line of the table's own element (where the table stands): sent only when the table is
TABLE_LINE = "the table as the question finds it"

TITLE = load_exercise(ROOT / "exercises" / "stud-high" / f"{DEAL}.yaml")[0].title


def headings_of(page) -> list[str]:
    return [p.body for kind, p in page.elements if kind == "heading"]


def _kinds(page) -> set[str]:
    return {kind for kind, _ in page.elements}


def tabs_of(page) -> list[str]:
    """The question tabs' labels the run sent (none: the tabs were not sent)."""
    return [o.content for kind, p in page.elements
            if kind == "button_group" and str(p.id).endswith(":question") for o in p.options]


def table_sent(page) -> bool:
    return any(TABLE_LINE in getattr(p, "body", "").lower() for _, p in page.elements)


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
            # the deal's first Check offers the rule profiles compared (below the columns): the
            # deal's fragment ran, table and all, once
            assert table_sent(page) and table_sent(done)

            retry = done.widget("button", f"{KEY}:retry")
            again = tab.run(widgets={retry.id: {"trigger_value": True}}, fragment=done.fragment(retry))
            assert again.widget("button", f"{KEY}:check") and not [
                t for t in again.texts() if t.startswith(("Right.", "Not right."))]
            assert "selectbox" not in _kinds(again)
            # Try again: the tabs, the radio, Check and Show answer, in the question's fragment
            # and its boxes; not the table, nor the number keys (drawn beside the fragment, they
            # stay) nor the keys' hint (the style sheet's)
            assert again.deltas <= TRY_AGAIN_SENDS, [kind for kind, _ in again.elements]
            assert not table_sent(again) and tabs_of(again) == ["Q1", "Q2", "Q3"]

            # every later Check reruns the question's fragment alone: a wrong answer's sends the
            # tabs (the one it crosses), the radio, two buttons, the verdict, the named mistake
            # and the deciding steps, in their boxes, and the closed expanders (every step, the
            # rules cited): nothing more
            check, radio = again.widget("button", f"{KEY}:check"), again.widget("radio", KEY)
            done = tab.run(widgets={radio.id: {"string_value": radio.options[0]},
                                    check.id: {"trigger_value": True}}, fragment=again.fragment(check))
            verdicts = [t for t in done.texts() if t.startswith(("Right.", "Not right."))]
            assert verdicts[0].startswith("Not right."), verdicts
            assert done.deltas <= CHECK_SENDS, [kind for kind, _ in done.elements]
            assert not table_sent(done) and tabs_of(done) == ["Q1 ✗", "Q2", "Q3"]
            assert len(done.elements) < len(page.elements) / 2, (len(done.elements), len(page.elements))
            retry = done.widget("button", f"{KEY}:retry")
            again = tab.run(widgets={retry.id: {"trigger_value": True}}, fragment=done.fragment(retry))

            # a number key (drawn beside the question's fragment, in the deal's) picks, and the
            # browser is told which
            key2 = page.widget("button", f"{KEY}:answer_key2")
            assert page.fragment(key2) and page.fragment(key2) != again.fragment(radio)
            picked = tab.run(widgets={key2.id: {"trigger_value": True}}, fragment=page.fragment(key2))
            assert tabs_of(picked) == ["Q1", "Q2", "Q3"]
            chosen = picked.widget("radio", KEY)
            assert chosen.set_value and chosen.raw_value == chosen.options[1]

            # Show answer reruns the question alone too; the tabs' marks read as they did
            show = again.widget("button", f"{KEY}:show")
            shown = tab.run(widgets={show.id: {"trigger_value": True}}, fragment=again.fragment(show))
            assert [t for t in shown.texts() if t.startswith("The answer is")], shown.texts()
            assert tabs_of(shown) == ["Q1", "Q2", "Q3"] and not table_sent(shown)
            retry = shown.widget("button", f"{KEY}:retry")
            again = tab.run(widgets={retry.id: {"trigger_value": True}}, fragment=shown.fragment(retry))

            # after a check, Next question (inside the fragment) reruns it alone, at question 2
            check = again.widget("button", f"{KEY}:check")
            done = tab.run(widgets={radio.id: {"string_value": radio.options[0]},
                                    check.id: {"trigger_value": True}}, fragment=fragment)
            following = done.widget("button", f"{KEY}:next")
            assert following.label.startswith("Next question")
            moved = tab.run(widgets={following.id: {"trigger_value": True}}, fragment=done.fragment(following))
            assert "selectbox" not in _kinds(moved)
            assert moved.widget("button", f"practice|{DEAL}|1:check")
            assert table_sent(moved) and tabs_of(moved)[1] == "Q2"     # the deal ran again, at Q2
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


# -- the fragments' reruns against the whole page ------------------------------------------

def _signature(kind: str, proto) -> tuple[str, bytes]:
    """An element as the browser draws it; a verdict without the line naming the deal (the
    heading names it once the page runs again: `quiz.hidden_title`), a widget without the value
    the script may restate (the one the browser holds)."""
    proto = type(proto).FromString(proto.SerializeToString())
    if kind == "alert":
        proto.body = proto.body.split("\n\n*This deal:", 1)[0]
    for name in ("set_value", "value", "raw_value", "raw_values", "default"):
        # a widget's value as the script restates it: the browser's own, on either run
        if name in proto.DESCRIPTOR.fields_by_name:
            proto.ClearField(name)
    return kind, proto.SerializeToString()


def _radio_deals(count: int = 10) -> list[str]:
    """Deals Practice serves whose first question is answered by a radio (a seat), of the game
    its picker opens on: a reload of the page from this test's tab (which sends no picker's
    value, only the widgets it touches) stays on that game, so on the same deal."""
    from course import content
    from course.app.screens.practice import exercises_by_game
    from course.asks import solvers

    first_game = next(iter(exercises_by_game(content.load_course(ROOT)).values()))
    return [ex.id for ex in first_game if solvers.kind_of(ex, ex.questions[0]).widget == "seat"][:count]


def test_a_check_and_a_try_again_in_the_fragments_draw_what_the_whole_page_draws(tmp_path):
    """On many deals: after each Check and each Try again, run in the question's
    fragments, every element they sent is drawn the same by the whole page run just after
    (the verdict, the named mistake, the steps, the buttons, the tabs' marks), and the tabs
    they left unsent read the same as before the click."""
    deals = _radio_deals()
    assert len(deals) >= 8, deals
    with AppServer({ENV_VAR: str(tmp_path / "progress.db")}, log=tmp_path / "server.log") as server:
        for deal in deals:
            tab = Tab(server.url)       # a session of its own for each deal
            try:
                key = f"practice|{deal}|0"
                page = tab.run(page="practice", query=f"deal={deal}")
                options = page.widget("radio", key).options[:3]
                for choice in options:
                    radio, check = page.widget("radio", key), page.widget("button", f"{key}:check")
                    tabs = tabs_of(page)
                    for click in ("check", "retry"):
                        if click == "check":
                            done = tab.run(widgets={radio.id: {"string_value": choice},
                                                    check.id: {"trigger_value": True}}, fragment=page.fragment(check))
                            assert [t for t in done.texts() if t.startswith(("Right.", "Not right."))], (deal, done.texts())
                        else:
                            retry = page.widget("button", f"{key}:retry")
                            done = tab.run(widgets={retry.id: {"trigger_value": True}}, fragment=page.fragment(retry))
                        # the deal's first Check may offer the profiles compared: the deal ran
                        assert not table_sent(done) or (click == "check" and choice == options[0]), (deal, click)
                        page = tab.run(page="practice", query=f"deal={deal}")
                        whole = [_signature(kind, p) for kind, p in page.elements]
                        for kind, p in done.elements:
                            assert _signature(kind, p) in whole, (deal, click, kind, p)
                        assert tabs_of(page) == (tabs_of(done) or tabs), (deal, click)
                        tabs = tabs_of(page)
            finally:
                tab.close()
