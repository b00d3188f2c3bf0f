"""Author preview: pick, upload or paste a lesson or exercise; see every problem with its line
and column, the item exactly as a learner sees it, and the engine's answers with explanations.

Nothing here is cached: each rerun reads and validates the text again, so an edit shows at once.
YAML is read only by `course.content` (safe loader)."""

from pathlib import Path

import streamlit as st

from course.app import lesson_view as lv
from course.app import quiz, state

st.title("Author preview")
st.markdown("Check a lesson or an exercise before it goes into the course. Problems are listed "
            "with line and column; below them is the item as a learner will see it, then the "
            "engine's answer to every question.")

SOURCES = ["A file of the course", "Upload a file", "Paste YAML"]
KINDS = ["Exercise", "Lesson"]

if not state.missing_notice("content"):
    content = state.module("content")
    if "author_source" not in st.session_state:
        st.session_state["author_source"] = SOURCES[0]
    source = st.segmented_control("Where is the YAML?", SOURCES, key="author_source") or SOURCES[0]
    text, name, is_lesson = None, None, False
    root = state.content_root()
    if source == SOURCES[0]:
        files = [str(p.relative_to(root)) for p in state.yaml_files(root)]
        if not files:
            st.info("There are no YAML files under lessons/ or exercises/.")
        else:
            name = st.selectbox("File", files, key="author_file")
            try:
                text = (root / name).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                st.error(f"{name}: cannot be read: {exc}")
            is_lesson = content.is_lesson_file(Path(name))
    else:
        if "author_kind" not in st.session_state:
            st.session_state["author_kind"] = KINDS[0]
        kind = st.segmented_control("It is", KINDS, key="author_kind") or KINDS[0]
        is_lesson = kind == "Lesson"
        if source == SOURCES[1]:
            upload = st.file_uploader("YAML file", type=["yaml", "yml"], key="author_upload")
            if upload is not None:
                name = upload.name
                try:
                    text = upload.getvalue().decode("utf-8")
                except UnicodeDecodeError as exc:
                    st.error(f"{name}: is not UTF-8 text: {exc}")
        else:
            text = st.text_area("YAML", key="author_paste", height=320,
                                placeholder="id: my-exercise\ntitle: ...")
            name = "<pasted>"

    if text:
        parse = content.parse_lesson if is_lesson else content.parse_exercise
        item, problems = parse(text, name)
        with st.expander("Source with line numbers", expanded=bool(problems)):
            st.code(text, language="yaml", line_numbers=True)
        if problems:
            quiz.problems_panel(problems, f"{len(problems)} problem(s) in {name}")
        else:
            st.success(f"{name}: no problems found.")
        if item is not None:
            st.divider()
            st.caption("As a learner sees it:")
            if is_lesson:
                lv.lesson_body(item, state.course(), prefix="author")
            elif state.module("questions") is None:
                state.missing_notice("questions")
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
                        line = f"Engine: **{quiz.md_escape(quiz.shown(answer.value))}**"
                        if question.answer is not None:
                            agrees, why = quiz.grade(item, question, question.answer)
                            verdict = "agrees" if agrees else "DISAGREES"
                            line += (f" · authored: **{quiz.md_escape(quiz.fmt(question.answer))}**"
                                     f" ({verdict})")
                        st.markdown(line)
                        quiz.explanation(answer, f"author|engine|{n}")
