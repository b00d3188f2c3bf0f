"""Where the page stands after a click: a new lesson opens at its title, and a checked answer's
verdict is brought into view.

Streamlit keeps the scroll position when a page reruns, also when a link opens the same page
with another query (Next lesson, Previous lesson, the picker): the new lesson then showed at the
old one's depth, often its end. `to_top_when` scrolls to the top once each time its `token`
changes (the lesson's id); `into_view` brings an element (by CSS selector) into view once per
token (the key of the answer just checked). Both scripts are fixed text; the token and the
selector go in as JSON strings.
"""

from __future__ import annotations

import json

import streamlit as st

HIDE = "<style>[data-testid=stElementContainer]:has(.ssr-scroll){display:none}</style>"

TOP = """<span class="ssr-scroll"></span><script>
(() => {
  const token = %s;
  if (window.ssrScrolledFor === token) return;
  window.ssrScrolledFor = token;
  const up = () => {
    for (const el of [document.querySelector('[data-testid="stMain"]'),
                      document.querySelector('[data-testid="stAppViewContainer"]'),
                      document.scrollingElement]) {
      if (el) el.scrollTop = 0;
    }
    window.scrollTo(0, 0);
  };
  up();
  // the rest of the page is still arriving: keep the title in view while it does
  for (const ms of [50, 150, 400]) setTimeout(() => { if (window.ssrScrolledFor === token) up(); }, ms);
})();
</script>"""

INTO_VIEW = """<span class="ssr-scroll"></span><script>
(() => {
  const token = %s, selector = %s;
  if (window.ssrViewed === token) return;
  window.ssrViewed = token;
  let tries = 0;
  const show = () => {
    const el = document.querySelector(selector);
    if (el) { el.scrollIntoView({block: "nearest", behavior: "instant"}); return; }
    if (++tries < 20) setTimeout(show, 50);
  };
  setTimeout(show, 30);
})();
</script>"""


def _js(text: str) -> str:
    """A JavaScript string literal that cannot end the script element."""
    return json.dumps(str(text)).replace("</", "<\\/")


def to_top_when(token: str) -> None:
    """Scroll the page to its top the first time it is drawn with this `token`."""
    st.html(HIDE + TOP % _js(token), unsafe_allow_javascript=True, width="content")


def into_view(selector: str, token: str) -> None:
    """Bring the element `selector` finds into view, once per `token`."""
    st.html(HIDE + INTO_VIEW % (_js(token), _js(selector)),
            unsafe_allow_javascript=True, width="content")
