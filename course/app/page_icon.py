"""The app's page icon (the browser tab's), and Streamlit's test of it made without its emoji table.

`st.set_page_config(page_icon=ICON)` asks Streamlit whether the icon is an emoji
(`string_util.is_emoji`) on every run. The first time in a process that imports Streamlit's
emoji module, which compiles one regular expression of all its 3,800 emoji: about a seventh of
a second, paid by the first visitor after every restart. An emoji icon is sent to the browser as
text (it draws it itself, nothing fetched), which is why the app's icon is one.

`known_icon_is_emoji` answers that one question for ICON without the table (the answer is fixed:
`tests/app/test_page_icon.py` checks it against Streamlit's own); any other text goes to
Streamlit's test. Installed by `python -m course.app` before the server starts; a plain
`streamlit run` and AppTest ask Streamlit.
"""

from __future__ import annotations

ICON = "🃏"             # the joker: a playing card, drawn by the browser from the emoji font


def known_icon_is_emoji() -> bool:
    """Answer Streamlit's "is this an emoji?" for ICON without Streamlit's emoji table. False
    (nothing changed) when this Streamlit's page config asks no such question."""
    from streamlit.commands import page_config

    streamlit_test = getattr(page_config, "is_emoji", None)
    if streamlit_test is None:
        return False
    if getattr(streamlit_test, "knows_the_icon", False):
        return True

    def is_emoji(text: str) -> bool:
        return text == ICON or streamlit_test(text)

    is_emoji.knows_the_icon = True
    page_config.is_emoji = is_emoji
    return True
