"""Messages for maintainers: a misspelt key is reported once, as the cause (no second "missing"
problem, no engine error on an empty seat list); an unclosed `{` names the line it opened on;
the documentation links only to files inside the repository."""

from __future__ import annotations

import re
from pathlib import Path

from course.content import parse_exercise

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml").read_text(encoding="utf-8")
WITH_ACTIONS = next(p for p in sorted((ROOT / "exercises" / "stud-high").glob("*.yaml"))
                    if "\nactions:" in p.read_text(encoding="utf-8"))


def test_a_misspelt_seats_key_is_reported_once_as_the_cause():
    text = WITH_ACTIONS.read_text(encoding="utf-8").replace("\nseats:", "\nseets:", 1)
    _, problems = parse_exercise(text, "x.yaml")
    assert [p.message.split(";")[0] for p in problems] == [
        "unknown key 'seets' in the exercise (did you mean 'seats'?)"], problems


def test_a_missing_key_with_no_look_alike_is_still_reported():
    text = SOURCE.replace("\nseats: [Ava, Ben, Cara, Drew]\n", "\n", 1)
    _, problems = parse_exercise(text, "x.yaml")
    assert any("missing the required key 'seats'" in p.message for p in problems), problems


def test_an_unclosed_brace_names_the_line_it_opened_on():
    lines = SOURCE.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("  Ben:"))
    lines[at] = lines[at].rstrip().rstrip("}")
    _, problems = parse_exercise("\n".join(lines) + "\n", "x.yaml")
    (problem,) = problems
    column = lines[at].index("{") + 1
    assert f"the '{{' opened on line {at + 1}, column {column} is still open" in problem.message, problem


def test_the_documentation_links_only_inside_the_repository():
    link = re.compile(r"\]\(([^)#\s]+)")
    for doc in [ROOT / "README.md", *ROOT.glob("*/README.md"), *(ROOT / "docs").glob("*.md")]:
        text = doc.read_text(encoding="utf-8")
        assert "/work/" not in text and "../shared" not in text, doc
        for target in link.findall(text):
            if re.match(r"[a-z]+:", target):
                continue                        # a web address, not a file
            resolved = (doc.parent / target).resolve()
            assert resolved.is_relative_to(ROOT) and resolved.exists(), (doc, target)


def test_try_again_on_a_number_input_logs_no_streamlit_warning(tmp_path):
    """Try again used to set each number box back to 0 through the Session State API while the
    box also has a default of 0: Streamlit then logs a warning with a stack trace (only with a
    real server: AppTest has no runtime)."""
    from tests.support.serve import AppServer
    from tests.support.wsclient import Tab

    deal = "hah-door-card-heart"
    key = f"practice|{deal}|0"
    with AppServer({"STUD_STUDY_DB": str(tmp_path / "p.db")}, log=tmp_path / "server.log") as server:
        tab = Tab(server.url)
        try:
            page = tab.run(page="practice", query=f"deal={deal}")
            taker = page.widget("radio", f"{key}:taker")
            boxes = [p for n, p in page.elements if n == "number_input" and f"-{key}:down:" in p.id]
            assert boxes, "the deal's question has no number box"
            done = tab.run(widgets={taker.id: {"string_value": taker.options[0]},
                                    boxes[0].id: {"int_value": 1},
                                    page.widget("button", f"{key}:check").id: {"trigger_value": True}})
            retry = done.widget("button", f"{key}:retry")
            again = tab.run(widgets={retry.id: {"trigger_value": True}})
            assert any(n == "number_input" and f"-{key}:down:" in p.id for n, p in again.elements)
            tab.run()
        finally:
            tab.close()
        log = (tmp_path / "server.log").read_text(encoding="utf-8")
    assert "was created with a default value" not in log and "Traceback" not in log, log[-3000:]
