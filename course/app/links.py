"""Links inside the app stay in the same tab and the same session.

Streamlit's markdown gives every link `target="_blank"` (its link renderer does so for any link
without a target), so a citation link in an explanation ("[1]" -> rulebook?article=...) opened a
new tab with a new session: no name, no answers. A new tab's page load always starts a new
session, so `target="_self"` alone would not keep it either. The script below catches a click on
such a link when it points at a page of this app and hands the address to Streamlit's own page
switch, the one the browser's Back button uses (history entry + popstate), so the page changes
in place and the session stays. Links to other sites, downloads and clicks with a modifier key
(open in a new tab on purpose) are left alone.
"""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

# The block holds only the script; the style keeps its empty box from adding a gap on top.
SCRIPT = """<span id="ssr-same-tab-links"></span>
<style>[data-testid="stElementContainer"]:has(#ssr-same-tab-links){display:none}</style>
<script>
(() => {
  if (window.ssrSameTabLinks) return;
  window.ssrSameTabLinks = true;
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest('a[href][target="_blank"]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
        || event.shiftKey || event.altKey || link.hasAttribute("download")) return;
    const url = new URL(link.getAttribute("href"), document.baseURI);
    if (url.origin !== window.location.origin || /\\/(_stcore|media|app\\/static)\\//.test(url.pathname)) return;
    event.preventDefault();
    window.history.pushState(null, "", url.pathname + url.search + url.hash);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, true);
})();
</script>"""


def same_tab_links(styles: str = "") -> None:
    """Install the script once per page load (it is fixed text: nothing from outside goes in).
    `styles`: the app's own style tags, sent in the same element (one element fewer on every
    rerun; a style applies wherever on the page it stands)."""
    st.html(SCRIPT + styles, unsafe_allow_javascript=True, width="content")


def article_url(cite: str) -> str:
    """The Rulebook page opened at one article (a link a learner can follow or share). The
    link is relative, so it still works when the app is served under a base path."""
    return "rulebook?" + urlencode({"article": cite})
