"""Plain text shown through st.markdown exactly as written (`md_escape`).

A module of its own, light to import: the Course map escapes each lesson's summary with it, and
a restarted server's first map must not wait for the exercise widgets (and through them the
asks' solvers and the engine), which `course.app.widgets` holds."""

from __future__ import annotations

import re
from typing import Any

# Characters with which plain text could turn into markup in st.markdown: links and images
# ([, ], !), HTML (<, >), code, emphasis and strike-through, tables, headings, LaTeX ($), and
# Streamlit's own `:red[...]` / `:material/...:` directives (:). `@` and `www.` start GitHub's
# bare-address links; escaping `:` also breaks `https://...` ones.
_MARKUP = re.compile(r"([\\`*_\[\]<>!|#~$:@])|(?<=www)\.", re.IGNORECASE)


def md_escape(text: Any) -> str:
    """Plain text for st.markdown: shown exactly as written, never as markup (text from a URL,
    an upload or an error message may be hostile: no live link, remote image or HTML)."""
    return _MARKUP.sub(lambda m: "\\" + m.group(0), str(text))
