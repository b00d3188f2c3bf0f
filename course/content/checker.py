"""The checker: typed reads of YAML nodes, each problem reported with its position."""

from __future__ import annotations

import difflib
import re
import unicodedata
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from course import amounts
from course.cards import Card, CardError
from course.content.nodes import (
    _BOOL, _FLOAT, _INT, _NULL, Node, _describe, _Report, capped, parse_yaml, read_limited,
)
from course.model import Problem

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NAME_PATTERN = re.compile(r"^[^\s,:{}\[\]#]+$")
HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>")
# Markdown links and images: [text](target), ![alt](target), <scheme:...> and [ref]: target
MD_LINK = re.compile(r"(!?)\[[^\]\n]*\]\(\s*<?([^)\s>]*)")
MD_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.-]*:[^>\s]*)>")
MD_REFERENCE = re.compile(r"^[ ]{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")


def invisible_characters(text: str) -> list[str]:
    """The format characters in `text` (zero-width spaces and joiners, bidi controls, soft
    hyphens...: Unicode category Cf), as U+XXXX: they make two different names look alike."""
    return [f"U+{ord(c):04X}" for c in text if unicodedata.category(c) == "Cf"]


def link_problems(text: str) -> list[str]:
    """What is wrong with the links and images of a markdown text: a link may go to http(s),
    mailto or a page of the app (no scheme); an image only to a file of the app (no scheme, no
    host). `data:`, `javascript:` and the like stay live in Streamlit's markdown, and a remote
    image tells another site who reads the lesson."""
    found = []
    targets = [(bool(m.group(1)), m.group(2)) for m in MD_LINK.finditer(text)]
    targets += [(False, m.group(1)) for m in MD_AUTOLINK.finditer(text)]
    targets += [(False, m.group(1)) for m in MD_REFERENCE.finditer(text)]
    for image, target in targets:
        scheme = SCHEME.match(target)
        name = scheme.group(1).lower() if scheme else ""
        if image and (scheme or target.startswith("//")):
            found.append(f"the image {target[:60]!r} is not a file of the app: a lesson shows "
                         "only its own images (a remote one would tell another site who reads it)")
        elif not image and name not in ("", "http", "https", "mailto"):
            found.append(f"the link {target[:60]!r} is a {name}: link; a lesson links only to "
                         "http(s) addresses, mailto: and the app's own pages")
    return found


def suggest(word: Any, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' or ''."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    if not close:
        lowered = {str(c).lower(): str(c) for c in choices}
        if str(word).lower() in lowered:
            close = [lowered[str(word).lower()]]
    return f" (did you mean {close[0]!r}?)" if close else ""


# A card's text as written -> the card it reads as (`Card.parse`): a course writes each of the 52
# in a few spellings ('A♠', 'As'), so most are read from here. Only texts that read as a card are
# kept, at most this many (a text padded with spaces is another text).
_CARD_TEXTS: dict[str, Card] = {}
_CARD_TEXTS_KEPT = 2_000


class _Checker(_Report):
    def __init__(self, file: str):
        super().__init__(file)
        self._citations: Mapping[str, Any] | None = None

    @staticmethod
    def describe(node: Node) -> str:
        """A node as a problem message names it (an answer kind's own checks word their problems
        with it, so the kinds need not import the YAML reader)."""
        return _describe(node)

    # -- shapes
    def mapping(self, node: Node | None, what: str, allowed: Iterable[str],
                required: Iterable[str] = ()) -> dict[str, Node] | None:
        if node is None:
            return None
        if node.kind != "map":
            self.add(node, f"{what} should be a mapping of keys, got {_describe(node)}")
            return None
        allowed = list(allowed)
        result: dict[str, Node] = {}
        meant: set[str] = set()          # keys an unknown key was taken for: not reported missing
        for key, value in node.value.items():
            key_node = node.keys[key]
            if not isinstance(key, str):
                self.add(key_node, f"{what}: key {key_node.text!r} is read by YAML as {key!r}, not as text; "
                         f"expected one of {', '.join(allowed)}")
                continue
            if key not in allowed:
                hint = suggest(key, allowed)
                meant.update(k for k in allowed if hint == f" (did you mean {k!r}?)")
                self.add(key_node, f"unknown key {key!r} in {what}{hint}; "
                         f"expected one of {', '.join(allowed)}")
                continue
            result[key] = value
        for key in required:
            if key not in result and key not in node.value and key not in meant:
                self.add(node, f"{what} is missing the required key {key!r}")
        return result

    def sequence(self, node: Node | None, what: str) -> list[Node] | None:
        if node is None:
            return None
        if node.kind != "seq":
            self.add(node, f"{what} should be a list, got {_describe(node)}")
            return None
        return node.value

    def text(self, node: Node | None, what: str, *, name: bool = False) -> str | None:
        """A text scalar; `name=True` for names, where YAML's booleans and numbers are traps."""
        if node is None:
            return None
        if node.kind != "scalar":
            self.add(node, f"{what} should be text, got {_describe(node)}")
            return None
        if isinstance(node.value, str):
            return node.value
        if node.tag == _NULL:
            self.add(node, f"{what} is empty: expected text")
            return None
        if node.tag == _BOOL and node.plain:
            self.add(node, f"{what}: {node.text!r} is read by YAML as the boolean {node.value!r}, "
                     f"not as text; quote it ('{node.text}')")
            return None
        if name:
            self.add(node, f"{what}: {node.text!r} is read by YAML as {type(node.value).__name__} "
                     f"{node.value!r}; a name must be text (quote it: '{node.text}')")
            return None
        return node.text if node.text is not None else str(node.value)

    def identifier(self, node: Node | None) -> str | None:
        """An `id`: text in kebab-case, unique across the course (checked when the course loads)."""
        value = self.text(node, "id")
        if value is not None and not ID_PATTERN.match(value):
            self.add(node, f"id {value!r} should be kebab-case: lower-case letters, digits and single hyphens")
        return value

    def integer(self, node: Node | None, what: str, minimum: int = 0) -> int | None:
        if node is None:
            return None
        if node.kind == "scalar" and node.plain and node.tag in (_INT, _FLOAT) and ":" in (node.text or ""):
            return None  # already reported as a sexagesimal number
        value = node.value if node.kind == "scalar" else None
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(node, f"{what} should be a whole number of units, got {_describe(node)}")
            return None
        if value < minimum:
            self.add(node, f"{what} should be at least {minimum}, got {value!r}")
            return None
        return value

    def amount(self, node: Node | None, what: str, minimum: int = 0) -> Any:
        """An amount: whole units (an int), or an exact decimal of at most two places such as 2.50
        (`course.amounts.Amount`), read from the text as written so nothing is lost to a float."""
        if node is None:
            return None
        if node.kind == "scalar" and node.plain and node.tag in (_INT, _FLOAT) and ":" in (node.text or ""):
            return None  # already reported as a sexagesimal number
        value = node.value if node.kind == "scalar" else None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.add(node, f"{what} should be a whole number of units such as 5, or an amount with at most two "
                     f"decimal places such as 2.50, got {_describe(node)}")
            return None
        if value < minimum:           # below the least amount: said as for any number
            self.add(node, f"{what} should be at least {minimum}, got {node.text or value}")
            return None
        try:
            amount = amounts.parse(node.text if isinstance(value, float) and node.text else value, what)
        except amounts.AmountError as err:
            self.add(node, str(err))
            return None
        if amount < minimum:
            self.add(node, f"{what} should be at least {minimum}, got {amounts.say(amount)}")
            return None
        return amount

    def boolean(self, node: Node | None, what: str) -> bool | None:
        if node is None:
            return None
        if node.kind == "scalar" and isinstance(node.value, bool):
            return node.value
        if node.kind == "scalar" and isinstance(node.value, str) and node.value.lower() in ("yes", "no", "true", "false"):
            return node.value.lower() in ("yes", "true")
        self.add(node, f"{what} should be yes or no, got {_describe(node)}")
        return None

    def cards(self, node: Node | None, where: str) -> list[Card] | None:
        """A card list: YAML list or one space-separated string; every bad card reported."""
        if node is None or (node.kind == "scalar" and node.tag == _NULL):
            return []
        items: list[tuple[Node, str]] = []
        if node.kind == "seq":
            for item in node.value:
                if item.kind != "scalar" or item.text is None:
                    self.add(item, f"{where}: expected a card such as 'A♠' or '10h', got {_describe(item)}")
                    continue
                items.append((item, item.text))
        elif node.kind == "scalar":
            if not isinstance(node.value, str):
                self.add(node, f"{where}: {node.text!r} is not a card list: write cards such as 'A♠ 10♥'")
                return None
            items = [(node, part) for part in node.value.replace(",", " ").split()]
        else:
            self.add(node, f"{where} should be a card list such as 'A♠ 10♥' or [A♠, 10♥], got a mapping")
            return None
        cards: list[Card] = []
        ok = True
        known = _CARD_TEXTS
        for item, text in items:
            card = known.get(text)
            if card is not None:
                cards.append(card)
                continue
            try:
                card = Card.parse(text)
            except CardError as exc:
                ok = False
                self.add(item, f"{where}: {exc}")
                continue
            cards.append(card)
            if len(known) < _CARD_TEXTS_KEPT:
                known[text] = card
        return cards if ok else None

    def player(self, node: Node | None, what: str, seats: list[str]) -> str | None:
        name = self.text(node, what, name=True)
        if name is None:
            return None
        if seats and name not in seats:
            self.add(node, f"{what}: unknown player {name!r}{suggest(name, seats)}; the seats are "
                     f"{', '.join(seats)}")
            return None
        return name

    # -- citations
    def citation_keys(self) -> Mapping[str, Any] | None:
        if self._citations is None:
            try:
                from course import rules

                self._citations = rules.citation_registry()
            except Exception:  # registry not available: citations cannot be checked
                self._citations = {}
        return self._citations or None

    def cites(self, node: Node | None, what: str) -> list[str]:
        if node is None:
            return []
        items = [node] if node.kind == "scalar" else self.sequence(node, what) or []
        known = self.citation_keys()
        keys: list[str] = []
        for item in items:
            key = self.text(item, what)
            if key is None:
                continue
            if known is not None and key not in known:
                self.add(item, f"{what}: {key!r} is not in the citation registry "
                         f"(course/rules/citations.yaml){suggest(key, known)}")
                continue
            keys.append(key)
        return keys


    def points(self, node: Node | None, what: str, game: str | None) -> list[str]:
        """Rule-point ids (course/rules/points.yaml): each must exist and apply to the game."""
        if node is None:
            return []
        from course.rules.points import points as registry

        known = registry()
        items = [node] if node.kind == "scalar" else self.sequence(node, what) or []
        found: list[str] = []
        for item in items:
            pid = self.text(item, what)
            if pid is None:
                continue
            point = known.get(pid)
            if point is None:
                self.add(item, f"{what}: {pid!r} is not a rule point (course/rules/points.yaml){suggest(pid, known)}")
            elif game is not None and game not in point.games:
                self.add(item, f"{what}: rule point {pid!r} is about {', '.join(point.games)}, not {game}")
            elif pid in found:
                self.add(item, f"{what}: {pid!r} is listed twice")
            else:
                found.append(pid)
        return found


def _rel(path: Path | str, root: Path | None) -> str:
    path = Path(path)
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    return path.as_posix()


def _parse_with(build: Callable[["_Checker", Node], Any], text: str, file: str) -> tuple[Any, list[Problem]]:
    """Parse YAML text and build its model with `build`; every problem, sorted by position."""
    node, problems = parse_yaml(text, file)
    if node is None:
        return None, capped(problems)
    return _build_with(build, node, file, problems)


def _build_with(build: Callable[["_Checker", Node], Any], node: Node, file: str,
                problems: list[Problem] = ()) -> tuple[Any, list[Problem]]:
    """Build the model of a composed tree with `build`; every problem, sorted by position."""
    ck = _Checker(file)
    ck.problems.extend(problems)
    try:
        model = build(ck, node)
    except Exception as exc:  # a bug here must not stop the other files
        ck.add(node, f"internal error while checking this file: {type(exc).__name__}: {exc}")
        model = None
    return model, capped(sorted(ck.problems, key=lambda p: (p.line, p.column)))


def _load_with(parse: Callable[[str, str], tuple[Any, list[Problem]]], path: Path | str,
               root: Path | str | None) -> tuple[Any, list[Problem]]:
    path = Path(path)
    file = _rel(path, Path(root) if root else None)
    text, problems = read_limited(path, file)
    if text is None:
        return None, problems
    return parse(text, file)
