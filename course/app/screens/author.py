"""Author preview: pick, upload or paste a lesson or exercise; see every problem with its line
and column, the item exactly as a learner sees it, and the engine's answers with explanations.

The page (`page`) comes first, then the file picker, the verdict and the source with its problem
lines marked, and the import of an uploaded .phh hand history."""

import html
import logging
import re
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from course import content
from course.app import lesson_view as lv
from course.app import authoring, labels, pickers, quiz, state
from course.content import nodes, preview


SOURCES = ["A file of the course", "Upload a file", "Paste YAML"]
KINDS = ["Exercise", "Lesson"]


SHOWN_FILES = 200      # the most file names the author's picker sends to the browser
WARNING = "⚠ "          # marks a file the course reports problems for


def page() -> None:
    """Author preview: pick, upload or paste a lesson or exercise; see every problem with its line
and column, the item exactly as a learner sees it, and the engine's answers with explanations.

The file picker lists the server's loaded course (no rescan per rerun), searched by words of the
path and cut to SHOWN_FILES names (`pick_file`); a course file is read again on every rerun, so an
edit shows at once. Checking runs in a worker process within a time and memory budget and is
cached by content hash (`course.content.preview`), so a rerun of the same text costs nothing. YAML is read only by `course.content` (safe loader, limits)."""
    st.title("Author preview")
    st.markdown("Check a lesson or an exercise before it goes into the course. Its problems come "
                "first, with line and column, exactly as `python -m course check` gives them (their "
                "lines are marked in the source); below them is the item as a learner will see it, "
                "then the engine's answer to every question.")

    if "author_source" not in st.session_state:
        st.session_state["author_source"] = SOURCES[0]
    source = st.segmented_control("Where is the YAML?", SOURCES, key="author_source") or SOURCES[0]
    text, name, is_lesson = None, None, False
    if source == SOURCES[0]:
        files = state.per_course(state.course(), author_files)
        # problems `course check` reports in files the picker does not list (the glossary)
        elsewhere = [p for p in authoring.problems(state.course()) if p.file not in files.known
                     and state.relative(p.file) not in files.known]
        if elsewhere:
            st.error(verdict_md(elsewhere, ", ".join(sorted({state.relative(p.file) for p in elsewhere}))))
        name = pick_file(files, len({state.relative(p.file) for p in elsewhere}))
        if name is not None:
            text, unreadable = state.live_course().read(name)
            if unreadable:
                quiz.problems_panel(unreadable, "This file cannot be read")
            is_lesson = content.is_lesson_file(Path(name))
    else:
        if "author_kind" not in st.session_state:
            st.session_state["author_kind"] = KINDS[0]
        kind = st.segmented_control("It is", KINDS, key="author_kind") or KINDS[0]
        is_lesson = kind == "Lesson"
        if source == SOURCES[1]:
            upload = st.file_uploader("YAML file, or a PHH hand history (.phh) to import", type=["yaml", "yml", "phh"],
                                      key="author_upload")
            if upload is not None:
                name = re.sub(r"[^\w. -]", "_", upload.name)  # shown in code spans: no markup
                if name.lower().endswith(".phh"):
                    text, name = phh_upload(upload.getvalue(), name)
                    is_lesson = False
                    if text is None:
                        return
                else:
                    text, unreadable = nodes.decode(upload.getvalue(), name)
                    if unreadable:
                        quiz.problems_panel(unreadable, "This file cannot be read")
        else:
            text = st.text_area("YAML", key="author_paste", height=320, max_chars=nodes.MAX_FILE_BYTES,
                                placeholder="id: my-exercise\ntitle: ...")
            name = "<pasted>"

    if text:
        checked = preview.check(text, name, is_lesson, visitor=state.learner())
        if checked.busy:                # not checked yet: a word to wait, not a verdict on the file
            why = checked.problems[0].message
            st.info(quiz.md_escape(why[:1].upper() + why[1:]) + ".", icon=":material/hourglass_top:")
            return
        course = state.course()
        known = set(course.exercises) | set(course.invalid) if is_lesson else ()
        item, problems = checked.item, checked.all_problems(name, known)
        if problems:
            st.error(verdict_md(problems, name))
        else:
            st.success(f"{quiz.md_escape(name)}: no problems found. `python -m course check` agrees: every "
                       "key is valid" + ("" if is_lesson else " and every authored answer agrees with "
                                         "the engine") + ".")
        if checked.warnings:
            st.warning(verdict_md(checked.warnings, name, warning=True))
        with st.expander("Source with line numbers" + (", problem lines marked" if problems else ""),
                         expanded=bool(problems)):
            st.html(source_html(text, problems))
        if item is not None:
            st.divider()
            st.caption("As a learner sees it:")
            if is_lesson:
                lv.lesson_body(item, state.course(), prefix="author")
            else:
                quiz.exercise_block(item, prefix="author")
                st.header("The engine's answers", divider="gray")
                for n, question in enumerate(item.questions, 1):
                    with st.container(border=True):
                        st.markdown(f"**Q{n}.** {quiz.md_escape(quiz.prompt_of(item, question))}"
                                    f" (`{question.ask}`)")
                        answer, error = quiz.engine_answer(item, question)
                        if error:
                            st.error(f"The engine cannot answer: {error}")
                            continue
                        line = f"Engine: **{quiz.md_escape(quiz.shown(item, question, answer.value))}**"
                        if question.answer is not None:
                            agrees, why = quiz.grade(item, question, question.answer)
                            verdict = "agrees" if agrees else "DISAGREES"
                            line += (f" · authored: **{quiz.md_escape(quiz.shown(item, question, question.answer))}**"
                                     f" ({verdict})")
                        st.markdown(line)
                        st.markdown(quiz.explanation_md(answer))


@dataclass(frozen=True)
class AuthorFiles:
    """The course's files for the author's picker, derived once per course object."""
    names: tuple[str, ...]                  # in course order
    lowered: tuple[str, ...]                # names[i].lower(), for a case-blind search
    known: frozenset[str]                   # the names again, to look one up
    broken: frozenset[str]                  # the files the course reports problems for
    broken_names: tuple[str, ...]           # the same, in course order
    broken_lowered: tuple[str, ...]


def author_files(course) -> AuthorFiles:
    """The files of the server's loaded course (no disk scan), see `state.per_course`."""
    names = state.live_course().files()
    lowered = tuple(n.lower() for n in names)
    # every file `course check` reports a problem in, the engine's disagreements included
    reported = authoring.rejected_files(course)
    broken = tuple(n for n in names if state.relative(n) in reported)
    return AuthorFiles(names, lowered, frozenset(names), frozenset(broken), broken,
                       tuple(n.lower() for n in broken))


def matching_files(files: AuthorFiles, find: str, only_broken: bool) -> list[str]:
    """The files whose path holds every word of `find` (any case), in course order."""
    if only_broken:
        return pickers.matching(files.broken_names, files.broken_lowered, find)
    return pickers.matching(files.names, files.lowered, find)


def pick_file(files: AuthorFiles, elsewhere: int = 0) -> str | None:
    """A search box, a problems-only switch and a list of at most SHOWN_FILES matches: the
    course may hold tens of thousands of files, too many to send to the browser on each rerun
    or to look through. /author?file=exercises/... opens that file wherever it is in the list."""
    if not files.names:
        st.info("There are no YAML files under lessons/ or exercises/.")
        return None
    wanted = st.query_params.get("file")     # /author?file=exercises/... opens one file
    if wanted is not None and wanted not in files.known:
        # an unknown name (or a path outside the course) opens nothing in its place
        st.warning(f"There is no course file called {labels.quoted(wanted)}: it is not found "
                   "under lessons/ or exercises/. Choose one below.")
        if st.session_state.get("author_from") != wanted:
            st.session_state["author_from"] = wanted
            st.session_state["author_file"] = None       # no file opened in its place
    if wanted in files.known and st.session_state.get("author_from") != wanted:
        st.session_state["author_from"] = wanted
        st.session_state["author_file"] = wanted
        st.session_state["author_find"] = ""
        st.session_state["author_broken"] = False
    with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
        find = st.text_input("Find a file", key="author_find", width=360,
                             placeholder="words of its path, e.g. stud bring")
        only_broken = st.toggle(f"Only files with problems ({len(files.broken) + elsewhere})",
                                key="author_broken")
    found = matching_files(files, find, only_broken)
    if not found:
        st.info("No file of the course has problems." if only_broken and not find.split() else
                "No file matches: try fewer or shorter words.")
        return None
    shown = found[:SHOWN_FILES]
    current = st.session_state.get("author_file")
    if current not in shown and (current is not None or "author_file" not in st.session_state):
        if current in found:                    # still a match, past the cut: keep it listed
            shown.insert(0, current)
        else:
            st.session_state["author_file"] = shown[0]
    name = st.selectbox("File", shown, key="author_file", placeholder="Choose a file",
                        format_func=lambda n: WARNING + n if n in files.broken else n)
    if len(found) > SHOWN_FILES:
        st.caption(f"Showing the first {SHOWN_FILES} of {len(found):,} matching files: type more "
                   "of the name to narrow the list.")
    return name


def verdict_md(problems, name: str, warning: bool = False) -> str:
    """The Author preview's verdict: every problem as `file:line:column: message`, the very list
    `python -m course check` prints for this text (`course.content.verdict`)."""
    n = len(problems)
    if warning:
        head = (f"**{n} warning{'s' if n != 1 else ''}** (`python -m course check` prints "
                f"{'them' if n != 1 else 'it'} too, and still passes):")
    else:
        head = (f"**{n} problem{'s' if n != 1 else ''} in {quiz.md_escape(name)}**: "
                "`python -m course check` reports the same and fails. Fix "
                f"{'them' if n != 1 else 'it'} before the file goes into the course.")
    lines = [head, ""]
    for p in problems:
        first, *rest = str(p.message).removeprefix("warning: ").splitlines() or [""]
        item = f"- `{state.relative(p.file)}:{p.line}:{p.column}`: {quiz.md_escape(first)}"
        for more in rest:   # the engine's explanation under a disagreeing answer, one step a line
            item += "  \n  " + quiz.md_escape(more.strip())
        lines.append(item)
    return "\n".join(lines)


def source_html(text: str, problems) -> str:
    """The source with line numbers; each line a problem points at is marked, its problems
    written under it. Everything from the file is escaped: shown, never run."""
    at: dict[int, list] = {}
    for p in problems:
        at.setdefault(p.line, []).append(p)
    rows = []
    for n, line in enumerate(text.splitlines() or [""], 1):
        here = at.pop(n, [])
        mark = ' class="bad"' if here else ""
        rows.append(f'<span{mark}><i>{n}</i>{html.escape(line) or " "}</span>')
        for p in here:
            first = str(p.message).splitlines()[0] if str(p.message) else ""
            rows.append(f'<span class="why"><i></i>{" " * max(p.column - 1, 0)}^ {p.column}: '
                        f'{html.escape(first)}</span>')
    for line, left in sorted(at.items()):   # past the end of the text (e.g. a missing `}`)
        for p in left:
            rows.append(f'<span class="why"><i>{line}</i>{p.column}: {html.escape(str(p.message))}</span>')
    return ("<style>.src{font:13px/1.45 ui-monospace,monospace;overflow-x:auto;margin:0;"
            "padding:.5rem 0}.src span{display:block;white-space:pre;padding-right:1rem}"
            ".src i{display:inline-block;width:3.5em;padding-right:.8em;text-align:right;"
            "color:#888;font-style:normal;user-select:none}"
            ".src .bad{background:rgba(255,75,75,.16);box-shadow:inset 3px 0 #ff4b4b}"
            ".src .why{color:#c62828;background:rgba(255,75,75,.08);font-weight:600;white-space:pre-wrap}</style>"
            '<pre class="src" aria-label="Source with line numbers">' + "".join(rows) + "</pre>")


def phh_upload(data: bytes, name: str) -> tuple[str | None, str]:
    """An uploaded .phh hand history imported as `python -m course import-phh` would, in a
    worker within the YAML preview's time and memory budget (`preview.import_phh`): the
    exercise's YAML and its name, or (None, name) once the refusal is shown: the CLI's own
    message (file:line and why), or the budget it went over."""
    from course.content import preview
    from course.content.phh import MAX_BYTES

    if len(data) > MAX_BYTES:                    # before decoding or sending it anywhere
        st.error(f"**{quiz.md_escape(name)} cannot be imported.** `python -m course import-phh` refuses it "
                 f"the same way:\n\n`{name}: is {len(data):,} bytes: one hand history is at most "
                 f"{MAX_BYTES:,}`")
        return None, name
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        st.error(f"{quiz.md_escape(name)} cannot be read: it is not UTF-8 text ({err.reason} at byte {err.start}), "
                 "and a PHH file is TOML, which is UTF-8.")
        return None, name
    outcome, detail, exercise_id = preview.import_phh(text, name)
    if outcome == "refused":
        st.error(f"**{quiz.md_escape(name)} cannot be imported.** `python -m course import-phh` refuses it "
                 f"the same way:\n\n`{detail.replace('`', chr(39))}`")
        return None, name
    if outcome != "ok":                          # over the budget, or the worker stopped: no traceback
        if outcome == "crash":
            logging.getLogger("course").error("importing %s stopped: %s", name, detail)
            detail = "the import stopped unexpectedly (the server's log says why)"
        st.error(f"{quiz.md_escape(name)} could not be imported: {quiz.md_escape(detail)}")
        return None, name
    imported_text = detail
    yaml_name = name[:-len(".phh")] + ".yaml"
    st.info(f"Imported {quiz.md_escape(name)} as the whole-hand exercise `{exercise_id}`, as "
            "`python -m course import-phh` writes it: its questions carry no answers, the engine computes "
            "them below. To add it to the course, keep the .phh file beside the exercise "
            "(exercises/README.md, \"Real hand histories\").", icon=":material/input:")
    with st.expander(f"{quiz.md_escape(yaml_name)}: the imported exercise"):
        st.code(imported_text, language="yaml")
    return imported_text, yaml_name
