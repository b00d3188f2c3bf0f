"""Hostile content, in one run: for every input of `tests.support.hostile` and, first, for a normal
course exercise, the time and peak memory (RSS) of

- `course check --json <file>` in a fresh process (wall time; peak RSS of that process), and
- the Author preview's check of the same text (`course.content.preview.check`: wall time in the
  app's process, the worker's peak RSS; a repeat of the same text is a cache hit), and
- the same text pasted into the Author preview of a real app server (`python -m course.app`,
  driven over its websocket as a browser tab is; the text is sent whole, as a client that skips
  the browser's length limit would): the time until the page has drawn its verdict.

The server runs in shared mode, every tab logged in through a real OpenID Connect provider in
this process (oidc-provider-mock). While the `course check` process and the server's Author
preview run, another visitor (a second login) draws the app's pages one after another, and the
times of the pages it drew meanwhile are printed beside the same pages drawn on an idle server
first; every one of its pages must draw (no error element, nothing empty). A last line has four
authors paste the four slowest inputs at once (this took other visitors to 1.9 s p50),
each also from a second tab of theirs at the same moment, which is told to wait.

    python benchmarks/hostile.py [--json] [--only WORDS]...

Target: every hostile input answered within 2 s and 200 MB, and every page
draws for another visitor meanwhile.
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.support import hostile  # noqa: E402
from course.content import preview  # noqa: E402
from course.store import ENV_VAR  # noqa: E402
from oidc_provider_mock import run_server_in_thread  # noqa: E402
from tests.support.serve import AppServer, auth_secrets, free_port  # noqa: E402
from tests.support.wsclient import Tab, log_in  # noqa: E402
from websocket import WebSocketException  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from measure import run_cli  # noqa: E402

NORMAL = ROOT / "exercises" / "stud-high" / "hpd-1-bring-in-suit-tie.yaml"
TIME_TARGET = 2.0
RSS_TARGET_MB = 200
# every page of the app in local mode (its url paths; "" is the Course map)
PAGES = ["", "lesson", "practice", "review", "progress", "rulebook", "glossary", "author"]
IDLE_ROUNDS = 3      # each page drawn this often on the idle server, for the baseline
WRITERS = 4          # authors pasting at once in the last line


class Visitor:
    """Another visitor's tab: draws the app's pages in turn (`draw`), recording each time and
    whether it drew (no error element, not empty)."""

    def __init__(self, url: str, login: tuple[str, str]):
        self.tab = Tab(url, login=login)
        self.turn = 0
        self.failed: list[str] = []

    def draw(self) -> tuple[str, float]:
        page = PAGES[self.turn % len(PAGES)]
        self.turn += 1
        drawn = self.tab.run(page=page)
        names = [n for n, _ in drawn.elements]
        if not names or "exception" in names:
            self.failed.append(page or "course map")
        return page or "course map", drawn.seconds

    def meanwhile(self, work: Callable[[], object]) -> tuple[object, list[tuple[str, float]]]:
        """Run `work` in a thread; draw pages until it is done (at least one): its result and
        the pages drawn meanwhile."""
        box: dict[str, object] = {}
        worker = threading.Thread(target=lambda: box.update(result=work()))
        worker.start()
        draws = [self.draw()]
        while worker.is_alive():
            draws.append(self.draw())
        worker.join()
        return box.get("result"), draws


class AuthorTab:
    """A tab on the server's Author preview with "Paste YAML" chosen: `paste` sends a text and
    waits for the verdict."""

    def __init__(self, url: str, login: tuple[str, str]):
        self.url, self.login = url, login
        self.tab = Tab(url, login=login)
        page = self.tab.run(page="author")
        source = page.widget("button_group", "author_source")
        page = self.tab.run(widgets={source.id: {"string_array_value": {"data": ["Paste YAML"]}}})
        self.area = page.widget("text_area", "author_paste").id

    def paste(self, text: str) -> dict:
        started = time.perf_counter()
        try:
            drawn = self.tab.run(widgets={self.area: {"string_value": text}})
        except (WebSocketException, TypeError):  # TypeError: the close frame's empty text
            if self.tab.ws.connected:
                raise
            self.__init__(self.url, self.login)  # a message past Streamlit's client limit (25 MB) drops the
            # connection; a browser's tab reconnects
            return {"seconds": time.perf_counter() - started, "drew": True, "closed": True, "wait": False,
                    "verdict": "the server closed the connection (message too large)"}
        names = [n for n, _ in drawn.elements]
        shown = [t for t in drawn.texts() if t]
        return {"seconds": drawn.seconds, "drew": bool(names) and "exception" not in names,
                "verdict": (shown[0] if shown else "").splitlines()[0][:80] if shown else "",
                "wait": any("wait for it to finish" in t for t in shown)}


def at_once(writers: list[AuthorTab], again: list[AuthorTab], texts: list[str]) -> list[dict]:
    """Each writer pastes their text, and pastes it again from their second tab, all at once."""
    done: list[dict] = [{} for _ in range(2 * len(writers))]
    start = threading.Barrier(2 * len(writers))

    def paste(n: int, tab: AuthorTab, text: str) -> None:
        start.wait()
        done[n] = tab.paste(text)

    threads = [threading.Thread(target=paste, args=(n, tab, texts[n % len(texts)]))
               for n, tab in enumerate(writers + again)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return done


def cli(data: bytes, folder: Path) -> dict:
    path = folder / "exercise.yaml"
    path.write_bytes(data)
    run = run_cli(["check", "--json", str(path)])
    report = json.loads(run["out"])  # always JSON, whatever the file holds
    return {**run, "out": None, "problems": len(report["problems"])}


def author(text: str) -> dict:
    started = time.perf_counter()
    checked = preview.check(text, "exercise.yaml", False)
    first = time.perf_counter() - started
    started = time.perf_counter()
    preview.check(text, "exercise.yaml", False)
    again = time.perf_counter() - started
    return {"seconds": first, "again_seconds": again, "worker_rss_mb": checked.worker_rss / 2**20,
            "problems": len(checked.problems)}


def summary(times: list[float]) -> str:
    return f"{statistics.median(times):5.2f} s {max(times):5.2f} s" if times else f"{'-':>7} {'-':>7}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", action="append", default=[],
                        help="only the hostile inputs whose name holds these words (repeatable)")
    args = parser.parse_args(argv)
    inputs = {"normal exercise (HPD exercise 1)": NORMAL.read_bytes()}
    inputs.update({name: make() for name, make in hostile.INPUTS.items()
                   if not args.only or any(w in name for w in args.only)})
    rows = {}
    idle: dict[str, list[float]] = {}
    busy: dict[str, list[float]] = {}
    logging.getLogger("werkzeug").setLevel(logging.WARNING)   # the provider's request log
    with tempfile.TemporaryDirectory() as tmp, run_server_in_thread() as provider:
        port = free_port()
        authors = ["visitor", "writer"] + [f"writer-{n}" for n in range(WRITERS)]
        secrets = auth_secrets(Path(tmp) / "secrets.toml", port,
                               f"http://localhost:{provider.server_port}",
                               f"[roles]\nauthors = {json.dumps(authors)}\n")
        with AppServer({ENV_VAR: str(Path(tmp) / "progress.db")}, log=Path(tmp) / "app.log",
                       secrets=secrets, host="localhost", port=port) as app:
            app.wait_course_loaded()
            visitor = Visitor(app.url, log_in(app.url, "visitor"))
            writer = AuthorTab(app.url, log_in(app.url, "writer"))
            for _ in range(IDLE_ROUNDS * len(PAGES)):     # the idle baseline
                page, seconds = visitor.draw()
                idle.setdefault(page, []).append(seconds)
            for name, data in inputs.items():
                raw = data if isinstance(data, bytes) else data.encode("utf-8")
                text = raw.decode("utf-8", "replace")
                checked, during_cli = visitor.meanwhile(lambda: cli(raw, Path(tmp)))
                served, during_server = visitor.meanwhile(lambda: writer.paste(text))
                for page, seconds in during_cli + during_server:
                    busy.setdefault(page, []).append(seconds)
                rows[name] = {"bytes": len(raw), "cli": checked, "author": author(text),
                              "server": served,
                              "other_visitor": [s for _, s in during_cli + during_server]}
            slowest = sorted((row["server"]["seconds"], name) for name, row in rows.items()
                             if not row["server"].get("closed"))[-WRITERS:]
            logins = [log_in(app.url, f"writer-{n}") for n in range(WRITERS)]
            firsts = [AuthorTab(app.url, login) for login in logins]
            again_tabs = [AuthorTab(app.url, login) for login in logins]
            texts = [inputs[name].decode("utf-8", "replace") if isinstance(inputs[name], bytes)
                     else inputs[name] for _, name in slowest]
            # one text per author, none of them cached (a trailing newline changes no meaning)
            texts = [texts[n % len(texts)] + "\n" * (1 + n // len(texts)) for n in range(WRITERS)]
            crowd, during_crowd = visitor.meanwhile(lambda: at_once(firsts, again_tabs, texts))
            failed = visitor.failed
            for tab in [visitor, writer, *firsts, *again_tabs]:
                tab.tab.close()
    together = {"inputs": [name for _, name in slowest], "pastes": crowd,
                "other_visitor": [s for _, s in during_crowd]}
    if args.json:
        print(json.dumps({"inputs": rows, "idle": idle, "meanwhile": busy, "failed": failed,
                          "together": together},
                         indent=2, default=str))
        return 0
    print(f"{'input':38} {'size':>12} | {'course check (fresh process)':>33} | {'Author preview':>29} | "
          f"{'server':>8} | {'other visitor':>19}")
    print(f"{'':38} {'':>12} | {'wall':>8} {'CPU':>8} {'peak RSS':>13} | {'check':>8} {'worker RSS':>11} "
          f"{'again':>8} | {'preview':>8} | {'pages':>5} {'p50':>6} {'max':>6}")
    worst_time = worst_rss = 0.0
    for name, row in rows.items():
        c, a, v, o = row["cli"], row["author"], row["server"], row["other_visitor"]
        print(f"{name:38} {row['bytes']:>10,} B | {c['wall']:6.2f} s {c['cpu']:6.2f} s {c['rss_mb']:10.0f} MB | "
              f"{a['seconds']:6.2f} s {a['worker_rss_mb']:8.0f} MB {a['again_seconds'] * 1000:5.2f} ms | "
              f"{v['seconds']:6.2f} s{'*' if v.get('closed') else ' '}| {len(o):5} {summary(o)}")
        assert not c["traceback"], name
        assert v["drew"], f"{name}: the Author preview drew an error ({v['verdict']})"
        if not name.startswith("normal"):
            worst_time = max(worst_time, c["wall"], a["seconds"], v["seconds"])
            worst_rss = max(worst_rss, c["rss_mb"], a["worker_rss_mb"])
    if any(row["server"].get("closed") for row in rows.values()):
        print("* the server closed that tab's connection: the message was past Streamlit's 25 MB "
              "limit on what a client sends (server.maxWidgetStateSize); the tab reconnected")
    print(f"\nthe other visitor's pages, {'idle server':>17} | {'while hostile inputs are checked':>33}")
    print(f"{'page':26} {'p50':>8} {'max':>7} | {'p50':>8} {'max':>7} {'draws':>6}")
    for page in idle:
        print(f"{page:26} {summary(idle[page])} | {summary(busy.get(page, []))} {len(busy.get(page, [])):6}")
    everything = [s for times in busy.values() for s in times]
    print(f"{'every page':26} {summary([s for t in idle.values() for s in t])} | {summary(everything)} "
          f"{len(everything):6}")
    checked = [p["seconds"] for p in together["pastes"] if not p["wait"]]
    print(f"\n{WRITERS} authors paste the {WRITERS} slowest inputs at once, each also from a second tab: "
          f"checked in {summary(checked)} (p50, max); "
          f"{sum(p['wait'] for p in together['pastes'])} of {2 * WRITERS} tabs told to wait; "
          f"the other visitor meanwhile {summary(together['other_visitor'])} "
          f"({len(together['other_visitor'])} pages; idle p50 "
          f"{statistics.median([s for t in idle.values() for s in t]):.2f} s)")
    verdict = "within" if worst_time <= TIME_TARGET and worst_rss <= RSS_TARGET_MB else "OVER"
    print(f"\nworst hostile input: {worst_time:.2f} s, {worst_rss:.0f} MB ({verdict} the target of "
          f"{TIME_TARGET:g} s and {RSS_TARGET_MB} MB)")
    missing = [p for p in idle if p not in busy]
    print(f"the other visitor: {len(everything)} pages drawn meanwhile, "
          f"{len(failed)} failed{' (' + ', '.join(failed) + ')' if failed else ''}"
          + (f"; not drawn meanwhile: {', '.join(missing)}" if missing else "; every page drew"))
    return 0 if not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
