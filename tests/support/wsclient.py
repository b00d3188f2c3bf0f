"""Drive a running app server over its websocket, as a browser tab does (tests and
`benchmarks/load.py`): one `Tab` is one session; `run` sends a rerun with widget values and
returns the elements the script drew, in order, once the run has finished.

Only what a learner's tab sends is sent: the page, the query string, and the values of the
widgets touched (a pressed button is a trigger). Widgets left out keep their session values. A
click on a widget drawn inside a fragment (`st.fragment`) reruns that fragment alone, as a
browser's does: `Page.fragment` says which, and `run(fragment=...)` sends it.
"""

from __future__ import annotations

import http.cookiejar
import time
import urllib.request
from dataclasses import dataclass, field
from urllib.parse import urlencode, urljoin, urlparse

import websocket
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

EARLY = ForwardMsg.DESCRIPTOR.fields_by_name["script_finished"].enum_type \
    .values_by_name["FINISHED_EARLY_FOR_RERUN"].number


@dataclass
class Page:
    """What one run drew: (element type, its proto) in order; `redirect`, the address the
    run sent the browser to (st.login), if any."""
    elements: list[tuple[str, object]] = field(default_factory=list)
    seconds: float = 0.0
    redirect: str = ""
    fragments: dict[str, str] = field(default_factory=dict)   # widget id -> the fragment it is drawn in
    sent_bytes: int = 0      # what the server sent for this run (its messages' serialized size)
    deltas: int = 0          # the elements and the blocks (containers, columns) it sent

    def fragment(self, proto) -> str:
        """The fragment a widget was drawn in ("" outside any): a click on it reruns that."""
        return self.fragments.get(str(getattr(proto, "id", "")), "")

    def widget(self, kind: str, key: str):
        """The widget of `kind` ("radio", "button", ...) whose user key is `key`."""
        for name, proto in self.elements:
            if name == kind and str(getattr(proto, "id", "")).endswith("-" + key):
                return proto
        failed = [f"{getattr(p, 'type', '')}: {getattr(p, 'message', '')}" for n, p in self.elements
                  if n == "exception"]
        raise LookupError(f"no {kind} with key {key!r} among "
                          f"{[n for n, _ in self.elements]}" + (f"; the page raised {failed}" if failed else ""))

    def texts(self, kind: str = "alert") -> list[str]:
        return [getattr(p, "body", "") for n, p in self.elements if n == kind]


class Tab:
    """One browser tab; `login` is what `log_in` returned, for a logged-in tab."""

    def __init__(self, base_url: str, *, login: tuple[str, str] | None = None,
                 timeout: float = 120):
        parsed = urlparse(base_url)
        cookie, xsrf = login or (None, None)
        self.ws = websocket.create_connection(
            f"ws://{parsed.netloc}/_stcore/stream",
            subprotocols=["streamlit", xsrf] if xsrf else ["streamlit"],
            timeout=timeout, origin=f"{parsed.scheme}://{parsed.netloc}", cookie=cookie)
        self.page_hash = ""

    def run(self, page: str = "", query: str = "",
            widgets: dict[str, dict] | None = None, fragment: str = "") -> Page:
        """Rerun the script on `page` with `widgets` (id -> WidgetState fields, e.g.
        {"int_value": 2} or {"trigger_value": True}), or only the fragment `fragment`; wait for
        it to finish."""
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = query
        state.page_name = page
        state.page_script_hash = self.page_hash if not page else ""
        state.fragment_id = fragment
        for wid, value in (widgets or {}).items():
            state.widget_states.widgets.append(WidgetState(id=wid, **value))
        started = time.perf_counter()
        self.ws.send_binary(msg.SerializeToString())
        drawn = Page()
        while True:
            fwd = ForwardMsg()
            data = self.ws.recv()
            drawn.sent_bytes += len(data)
            fwd.ParseFromString(data)
            kind = fwd.WhichOneof("type")
            drawn.deltas += kind == "delta"
            if kind == "delta" and fwd.delta.WhichOneof("type") == "new_element":
                element = fwd.delta.new_element
                name = element.WhichOneof("type")
                proto = getattr(element, name)
                drawn.elements.append((name, proto))
                if fwd.delta.fragment_id and getattr(proto, "id", ""):
                    drawn.fragments[str(proto.id)] = fwd.delta.fragment_id
            elif kind == "navigation":                 # the page this run is on
                self.page_hash = fwd.navigation.page_script_hash
            elif kind == "auth_redirect":
                drawn.redirect = fwd.auth_redirect.url
            elif kind == "script_finished" and fwd.script_finished != EARLY:
                drawn.seconds = time.perf_counter() - started
                return drawn

    def close(self) -> None:
        self.ws.close()


def log_in(base_url: str, sub: str) -> tuple[str, str]:
    """Log in as `sub` the way a browser does: press Log in, follow the redirect to the
    OpenID Connect provider (oidc-provider-mock's form), submit the subject, come back through
    the app's callback. Returns the Cookie header and the XSRF token for a `Tab`."""
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    browser.open(f"{base_url}/_stcore/health").read()     # sets the XSRF cookie, as in a tab
    # The tab sends the browser's cookies, as a browser's does (behind a balancer, its cookie
    # keeps the whole login on one replica).
    tab = Tab(base_url, login=("; ".join(f"{c.name}={c.value}" for c in jar),
                               next((c.value for c in jar if c.name == "_streamlit_xsrf"), None)))
    try:
        page = tab.run()
        page = tab.run(widgets={page.widget("button", "login").id: {"trigger_value": True}})
    finally:
        tab.close()
    if not page.redirect:
        raise RuntimeError(f"Log in sent no redirect; the page said {page.texts()}")
    form = browser.open(urljoin(base_url + "/", page.redirect.lstrip("/")))
    form.read()
    browser.open(form.geturl(), data=urlencode({"sub": sub}).encode()).read()
    cookies = {c.name: c.value for c in jar}
    if not any(name.startswith("_streamlit_user") for name in cookies):
        raise RuntimeError(f"the login set no user cookie (cookies: {sorted(cookies)})")
    return "; ".join(f"{k}={v}" for k, v in cookies.items()), cookies["_streamlit_xsrf"]


class Learner:
    """One learner in one tab on Practice: `open` the deal, then each `round` picks an answer
    to its first question (the options in turn), presses Check, reads the verdict and presses
    Try again."""

    def __init__(self, base_url: str, deal: str, *, login: tuple[str, str] | None = None):
        self.tab = Tab(base_url, login=login)
        self.key = f"practice|{deal}|0"
        page = self.tab.run(page="practice", query=f"deal={deal}")
        self.radio = page.widget("radio", self.key)
        self.check = page.widget("button", f"{self.key}:check")
        self.options = list(self.radio.options)
        self.fragment = page.fragment(self.check)      # "" where the page has none (a full rerun)
        self.rounds = 0
        self.sent_bytes = 0     # what the server sent for the Checks and Try agains

    def round(self) -> tuple[float, bool, bool]:
        """(check latency in seconds, judged right, saved); raises when no verdict shows."""
        choice = self.options[self.rounds % len(self.options)]
        self.rounds += 1
        done = self.tab.run(widgets={self.radio.id: {"string_value": choice},
                                     self.check.id: {"trigger_value": True}}, fragment=self.fragment)
        verdict = next((t for t in done.texts() if t.startswith(("Right.", "Not right."))), None)
        if verdict is None:
            raise RuntimeError(f"no verdict after Check; the page said {done.texts()}")
        retry = done.widget("button", f"{self.key}:retry")
        again = self.tab.run(widgets={retry.id: {"trigger_value": True}}, fragment=done.fragment(retry))
        self.check = again.widget("button", f"{self.key}:check")
        self.radio = again.widget("radio", self.key)
        self.fragment = again.fragment(self.check)
        self.sent_bytes += done.sent_bytes + again.sent_bytes
        return done.seconds, verdict.startswith("Right."), "Not saved" not in verdict

    def close(self) -> None:
        self.tab.close()


def practise(base_url: str, deal: str, rounds: int, *,
             login: tuple[str, str] | None = None) -> list[tuple[float, bool, bool]]:
    """One learner answering `rounds` times (see `Learner`)."""
    learner = Learner(base_url, deal, login=login)
    try:
        return [learner.round() for _ in range(rounds)]
    finally:
        learner.close()
