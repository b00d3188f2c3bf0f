"""Rules as data: the citation registry and the rule profiles.

`citations.yaml` holds one entry per section or article of the rule sources, keyed exactly as
explanations cite them (`HPD "Ties stop at the fifth card"`, `OPR-535 2.2`, ...), plus the
course's own defaults (`COURSE "Odd unit"`). `profiles.yaml` holds the named rule profiles; each
option carries its citation, or is marked as the course's default where the sources are silent.

Engine code asks a `Profile` for option values (`profile.value("door_card_tie")`) and never
looks at the profile's name.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Mapping

import yaml

HERE = Path(__file__).parent
# The rules' own YAML is read with libyaml where PyYAML has it (about 30 ms against 250 ms per
# process for the pure-Python loader), and each file once per process (`_read`).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
STAKE_NAMES = ("ante", "bring_in", "small_bet", "big_bet")
FORCED_BETS = ("ante", "bring_in")


# --- citations -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Citation:
    """One rule article or section: where it comes from and what it says, in our words."""

    key: str
    source: str  # source id: HPD, 1917, OPR-535, OPR-678 or COURSE
    source_title: str
    title: str  # the section heading or article number inside the source
    text: str  # our own one- or two-sentence paraphrase
    streets: tuple[str, ...] = ()  # the streets an article is about (none: not about one street)
    source_label: str = ""  # the source's short name on the screen ("" : the screen's own, or the title)

    @property
    def section(self) -> str:
        return self.title

    @property
    def course_default(self) -> bool:
        return self.source == "COURSE"


@lru_cache(maxsize=None)
def _read(name: str) -> Any:
    """One of this package's YAML files, parsed once per process. Callers must not change it."""
    return yaml.load((HERE / name).read_bytes(), Loader=_LOADER)


def _suggest(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=3, cutoff=0.5)
    if not close:
        return ""
    return "; did you mean " + " or ".join(repr(c) for c in close) + "?"


@lru_cache(maxsize=None)
def _citations() -> Mapping[str, Citation]:
    raw = _read("citations.yaml")
    table = {}
    for key, entry in raw.items():
        missing = {"source", "source_title", "title", "text"} - set(entry)
        if missing:
            raise ValueError(f"citation {key!r} lacks {sorted(missing)} in citations.yaml")
        table[key] = Citation(
            key=key,
            source=str(entry["source"]),
            source_title=str(entry["source_title"]),
            title=str(entry["title"]),
            text=" ".join(str(entry["text"]).split()),
            streets=tuple(entry.get("streets", ())),
            source_label=str(entry.get("source_label", "")),
        )
    return MappingProxyType(table)


def on_street(keys: Iterable[str], street: str | None) -> tuple[str, ...]:
    """The citations among `keys` that a step about `street` rests on: those about that street
    or about no street in particular; all of them when none is left, or no street is named."""
    return _on_street(tuple(keys), street)


@lru_cache(maxsize=512)
def _on_street(keys: tuple[str, ...], street: str | None) -> tuple[str, ...]:
    if street is None:
        return keys
    table = _citations()
    kept = tuple(k for k in keys if not table[k].streets or street in table[k].streets)
    return kept or keys


def citations() -> dict[str, Citation]:
    """Every registered citation, in registry order."""
    return dict(_citations())


def citation_registry() -> Mapping[str, Citation]:
    """Every registered citation, in registry order, read-only: the registry itself, for a
    reader that only looks keys up (the content checker asks it once per file)."""
    return _citations()


def citation(key: str) -> Citation:
    """The citation registered under `key`; `KeyError` naming the key and close keys."""
    table = _citations()
    try:
        return table[key]
    except (KeyError, TypeError):
        raise KeyError(f"{key!r} is not a registered citation{_suggest(str(key), table)}") from None


def is_citation(key: str) -> bool:
    return key in _citations()


# --- profiles ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """One profile option: its value and where it comes from."""

    name: str
    value: Any
    cite: tuple[str, ...] = ()
    course_default: bool = False
    note: str = ""
    overridden: bool = False  # set by an exercise's `options:` rather than the profile
    rounding_cite: tuple[str, ...] = ()  # a forced bet given as a fraction: where its rounding comes from


@dataclass(frozen=True, slots=True)
class Stakes:
    """Amounts in whole units."""

    ante: int = 1
    bring_in: int = 2
    small_bet: int = 4
    big_bet: int = 8

    def with_overrides(self, overrides: Mapping[str, Any] | None) -> "Stakes":
        """A copy with some amounts replaced; `ValueError` naming a bad key or amount."""
        if not overrides:
            return self
        if not isinstance(overrides, Mapping):
            raise ValueError(f"stakes {overrides!r} should be a map such as {{ante: 1, small_bet: 4}}")
        changes = {}
        for key, amount in overrides.items():
            if key not in STAKE_NAMES:
                raise ValueError(
                    f"unknown stake {key!r}: expected one of {', '.join(STAKE_NAMES)}"
                    f"{_suggest(str(key), STAKE_NAMES)}"
                )
            changes[key] = _whole_units(key, amount)
        return replace(self, **changes)

    def amount(self, size: str) -> int:
        """The fixed amount called `small` or `big`."""
        if size == "small":
            return self.small_bet
        if size == "big":
            return self.big_bet
        raise ValueError(f"bet size {size!r}: expected 'small' or 'big'")


def _whole_units(name: str, amount: Any) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(f"{name} {amount!r} should be a whole number of units, 0 or more")
    return amount


@dataclass(frozen=True, slots=True)
class ForcedBet:
    """A forced bet (ante, bring-in) worked out from the stakes: the amount and its basis.

    The profile gives it either as a fixed amount or as a fraction of the small bet with a
    rounding rule; `rounded` says whether the rounding was needed for these stakes, and then the
    rounding's citations (possibly the course's own) join the fraction's."""

    name: str
    amount: int
    fraction: Fraction | None
    rounded: bool
    cite: tuple[str, ...]
    course_default: bool

    def words(self, small_bet: int) -> str:
        """How the amount comes from the stakes, for an explanation ('' for a fixed amount)."""
        if self.fraction is None:
            return ""
        text = f"{self.fraction} of the small bet of {small_bet}"
        if self.rounded:
            text += f" is {float(self.fraction * small_bet):g}, rounded to {self.amount}"
        return text


_ROUNDINGS = {
    "down": lambda x: int(x // 1),
    "up": lambda x: -int((-x) // 1),
    "nearest": lambda x: int((x + Fraction(1, 2)) // 1),   # halves go up
}


def _forced(key: str, value: Any) -> Any:
    """A forced-bet value: whole units, or {fraction: 'a/b', rounding: down|up|nearest}."""
    if not isinstance(value, Mapping):
        return _whole_units(f"option {key!r}", value)
    if set(value) != {"fraction", "rounding"}:
        raise ValueError(f"option {key!r} cannot be {dict(value)!r}: expected whole units, or "
                         "{fraction: 1/2, rounding: down} (a fraction of the small bet and how to round it)")
    try:
        fraction = Fraction(str(value["fraction"]))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"option {key!r}: fraction {value['fraction']!r} should be written like 1/2") from None
    if not 0 < fraction <= 1:
        raise ValueError(f"option {key!r}: fraction {fraction} should be above 0 and at most 1")
    if value["rounding"] not in _ROUNDINGS:
        raise ValueError(f"option {key!r}: rounding {value['rounding']!r}: expected one of {', '.join(_ROUNDINGS)}")
    return MappingProxyType({"fraction": fraction, "rounding": value["rounding"]})


@dataclass(frozen=True)
class Profile:
    """A named rule set: option name -> `Option`."""

    name: str
    game: str
    title: str
    options: Mapping[str, Option] = field(default_factory=dict)
    default: bool = False
    label: str = ""   # the profile's name on the screen (its `label:`, else its title)

    def __hash__(self) -> int:
        return hash((self.name, tuple((k, repr(o.value), o.overridden) for k, o in self.options.items())))

    def option(self, name: str) -> Option:
        """The option called `name` (or an older name of it). The engine asks a profile for its
        options several times a move: each name found is kept in a table of this profile's own
        (a profile is read-only; `with_overrides` makes another)."""
        try:
            return self.__dict__["_by_name"][name]
        except (KeyError, TypeError):      # not asked yet, or a name that is no key at all
            pass
        found = self._option(name)
        if isinstance(name, str):
            self.__dict__.setdefault("_by_name", {})[name] = found
        return found

    def _option(self, name: str) -> Option:
        try:
            return self.options[current_option_name(name)]
        except KeyError:
            raise ValueError(
                f"rule option {name!r} is not part of profile {self.name!r}"
                f"{_suggest(name, self.options)}"
            ) from None

    def value(self, name: str) -> Any:
        return self.option(name).value

    def has(self, name: str) -> bool:
        return current_option_name(name) in self.options

    @property
    def stakes(self) -> Stakes:
        return Stakes(**{key: self.forced_bet(key).amount if key in FORCED_BETS else self.value(key)
                         for key in STAKE_NAMES})

    def forced_bet(self, name: str) -> ForcedBet:
        """The ante or bring-in for this profile's small bet, with its citations."""
        cache = self.__dict__.setdefault("_forced_bets", {})
        if name not in cache:
            cache[name] = self._forced_bet(name)
        return cache[name]

    def _forced_bet(self, name: str) -> ForcedBet:
        option = self.option(name)
        if not isinstance(option.value, Mapping):
            return ForcedBet(name, option.value, None, False, option.cite, option.course_default)
        small = self.value("small_bet")
        exact = option.value["fraction"] * small
        amount = _ROUNDINGS[option.value["rounding"]](exact)
        if exact > 0 and amount == 0:      # the rounding rule: a share of the small bet never rounds to nothing
            amount = 1
        rounded = amount != exact
        cite = option.cite + (option.rounding_cite if rounded else ())
        default = option.course_default or (rounded and any(_citations()[c].course_default
                                                            for c in option.rounding_cite))
        return ForcedBet(name, amount, option.value["fraction"], rounded, tuple(dict.fromkeys(cite)), default)

    def stake_option(self, size: str) -> Option:
        """The option behind the `small` or `big` amount (for citing it)."""
        return self.option({"small": "small_bet", "big": "big_bet"}[size])

    @cached_property
    def sources(self) -> frozenset[str]:
        """Source ids this profile's options cite (COURSE left out)."""
        table = _citations()
        return frozenset(
            table[key].source for option in self.options.values() for key in option.cite
        ) - {"COURSE"}

    def rule_cite(self, name: str) -> tuple[str, ...]:
        """A shared rule's citations, narrowed to this profile's own sources when it has any."""
        cache = self.__dict__.setdefault("_rule_cites", {})
        if name not in cache:
            cache[name] = rule(name).cites_for(self)
        return cache[name]

    def with_overrides(self, overrides: Mapping[str, Any] | None) -> "Profile":
        if not overrides:
            return self
        if not isinstance(overrides, Mapping):
            raise ValueError(f"options {overrides!r} should be a map of option name to value")
        options = dict(self.options)
        for key, value in _renamed(overrides, f"options for profile {self.name!r}").items():
            if key not in options:
                raise ValueError(
                    f"unknown rule option {key!r} for profile {self.name!r}"
                    f"{_suggest(str(key), options)}"
                )
            checked = _check_value(key, value)
            if checked == options[key].value:
                continue
            donor = _option_with_value(key, checked, self.game)
            options[key] = Option(
                name=key,
                value=checked,
                cite=donor.cite if donor else (),
                course_default=donor.course_default if donor else False,
                note=f"set to {checked!r} by the exercise (the profile says {options[key].value!r})"
                + (f"; this is the rule of profile {donor_name!r}" if (donor_name := _owner(donor)) else ""),
                overridden=True,
            )
        return Profile(self.name, self.game, self.title, MappingProxyType(options), self.default, self.label)


@lru_cache(maxsize=None)
def _profile_data() -> tuple[Mapping[str, dict], Mapping[str, Profile]]:
    raw = _read("profiles.yaml")
    schema = raw["schema"]
    registry = _citations()
    profiles = {}
    bodies = _inherited(raw["profiles"])
    for name, body in bodies.items():
        options = {}
        for key, entry in body["options"].items():
            where = f"profiles.yaml: {name}.{key}"
            if key not in schema:
                raise ValueError(f"{where}: option {key!r} is not in the schema{_suggest(key, schema)}")
            cite = tuple(entry.get("cite") or ())
            if not cite:
                raise ValueError(f"{where}: every option needs `cite`")
            for ref in cite:
                if ref not in registry:
                    raise ValueError(f"{where}: {ref!r} is not a registered citation{_suggest(ref, registry)}")
            rounding_cite = tuple(entry.get("rounding_cite") or ())
            for ref in rounding_cite:
                if ref not in registry:
                    raise ValueError(f"{where}: {ref!r} is not a registered citation{_suggest(ref, registry)}")
            if schema[key].get("type") == "forced" and isinstance(entry["value"], Mapping) and not rounding_cite:
                raise ValueError(f"{where}: a fraction of the small bet needs `rounding_cite` (a source, or "
                                 "the course's own rule)")
            course_default = bool(entry.get("course_default", False))
            has_course = any(registry[ref].course_default for ref in cite)
            if course_default != has_course:
                raise ValueError(
                    f"{where}: `course_default: true` goes with a COURSE citation, and only then"
                )
            if course_default and not entry.get("note"):
                raise ValueError(f"{where}: a course default needs a `note` saying what was chosen")
            options[key] = Option(
                name=key,
                value=_check_value(key, entry["value"], schema),
                cite=cite,
                course_default=course_default,
                note=str(entry.get("note", "")),
                rounding_cite=rounding_cite,
            )
        profiles[name] = Profile(
            name=name,
            game=body["game"],
            title=body["title"],
            label=str(body.get("label") or body["title"]),
            options=MappingProxyType(options),
            default=bool(body.get("default", False)),
        )
    return MappingProxyType(schema), MappingProxyType(profiles)


PROFILE_KEYS = ("game", "title", "label", "default", "extends", "options")


def _inherited(raw: Mapping[str, Any]) -> dict[str, dict]:
    """Each profile's body with `extends: <profile>` resolved: the parent's options (its own
    parent's first), then the profile's own, which replace the parent's one by one. A profile
    that extends another takes the parent's `game` unless it names its own; `title` and
    `default` are never inherited. `ValueError` naming the profile for an unknown parent, a
    loop, an unknown key or a missing `game`, `title` or `options`."""
    resolved: dict[str, dict] = {}

    def body_of(name: str, chain: tuple[str, ...]) -> dict:
        if name in resolved:
            return resolved[name]
        body = raw[name]
        where = f"profiles.yaml: profile {name!r}"
        if not isinstance(body, Mapping):
            raise ValueError(f"{where}: expected a map with game, title and options")
        unknown = [k for k in body if k not in PROFILE_KEYS]
        if unknown:
            raise ValueError(f"{where}: unknown key {unknown[0]!r}: expected one of "
                             f"{', '.join(PROFILE_KEYS)}{_suggest(str(unknown[0]), PROFILE_KEYS)}")
        own = dict(_renamed(body.get("options") or {}, where))
        parent = body.get("extends")
        if parent is None:
            merged = dict(body)
            merged["options"] = own
        else:
            if parent not in raw:
                raise ValueError(f"{where} extends {parent!r}, which is not a profile"
                                 f"{_suggest(str(parent), raw)}")
            if parent in chain or parent == name:
                raise ValueError(f"{where}: `extends` goes round in a loop: "
                                 + " -> ".join((*chain, name, parent)))
            base = body_of(parent, (*chain, name))
            merged = {"game": base["game"], **{k: v for k, v in body.items() if k != "options"},
                      "options": {**base["options"], **own}}
        missing = [k for k in ("game", "title") if not merged.get(k)]
        if missing or not merged["options"]:
            raise ValueError(f"{where} lacks {', '.join(missing) or 'options'}"
                             + ("" if parent is None else f" (it extends {parent!r})"))
        resolved[name] = merged
        return merged

    return {name: body_of(name, ()) for name in raw}


@lru_cache(maxsize=None)
def _older_names() -> Mapping[str, str]:
    """Older option name -> the option's name now, from the schema's `older_names`."""
    table = {}
    for name, spec in _read("profiles.yaml")["schema"].items():
        for old in spec.get("older_names") or ():
            table[old] = name
    return MappingProxyType(table)


def older_option_names() -> dict[str, str]:
    """Every option name still read although the option was renamed: older name -> name now."""
    return dict(_older_names())


def current_option_name(name: str) -> str:
    """The option's name now: `name` itself, or the option an older name stands for."""
    return _older_names().get(name, name) if isinstance(name, str) else name


def _renamed(options: Mapping[str, Any], where: str) -> dict[str, Any]:
    """`options` with every older option name read as the option's name now; `ValueError`
    naming `where` when one option is written under both names."""
    if not isinstance(options, Mapping):
        return options
    renamed: dict[str, Any] = {}
    for key, value in options.items():
        name = current_option_name(key)
        if name in renamed:
            older = next(k for k in options if k != name and current_option_name(k) == name)
            raise ValueError(f"{where}: option {name!r} is given twice, once under its older name "
                             f"{older!r}; keep one")
        renamed[name] = value
    return renamed


def _option_with_value(key: str, value: Any, game: str) -> Option | None:
    """An option of another profile holding `value`, to cite for an exercise's override. One of
    another game lends only its citations that are not that game's own (Robert's Rules and the
    course's articles): a step of one game never cites a document written for another."""
    table = _citations()
    found = []
    for n, profile in enumerate(_profile_data()[1].values()):
        option = profile.options.get(key)
        if option is None or option.value != value:
            continue
        if profile.game != game:
            shared = tuple(k for k in option.cite if table[k].source in ("COURSE", "RRP-H", "RRP-C"))
            if not shared:
                continue
            if shared != option.cite:
                option = replace(option, cite=shared)
        found.append((profile.game != game, option.course_default, n, option))
    return min(found, key=lambda t: t[:3])[3] if found else None


def _owner(option: Option | None) -> str | None:
    if option is None:
        return None
    for name, profile in _profile_data()[1].items():
        if profile.options.get(option.name) is option:
            return name
    return None


@dataclass(frozen=True, slots=True)
class Rule:
    """A betting or table rule every profile shares, with the articles that state it."""

    name: str
    cite: tuple[str, ...]
    text: str
    by_game: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # a game's own articles for it

    def cites_for(self, profile: "Profile") -> tuple[str, ...]:
        """The articles of the profile's game when the rule names some for it (`by_game`: razz and
        high-low have Robert's Rules' own, where the stud documents' sections are written for Stud
        High); otherwise the citations from the profile's own sources (all of them when none
        match), preceded by the profile's `stud_rules` article when none is from that article's
        source: a game played by the stud rules except where its own differ (Robert's Rules 9.1 for
        razz, 10.1 for high-low, OPR-535 1.1, OPR-678 "Deal and betting")."""
        if profile.game in self.by_game:
            return self.by_game[profile.game]
        table = _citations()
        chosen = tuple(key for key in self.cite if table[key].source in profile.sources) or self.cite
        via = profile.option("stud_rules").cite if profile.has("stud_rules") else ()
        if via and not {table[key].source for key in chosen} & {table[key].source for key in via}:
            chosen = (*via, *chosen)       # the stud article applies through the game's own rule
        return tuple(dict.fromkeys(chosen))


@lru_cache(maxsize=None)
def _rules() -> Mapping[str, Rule]:
    raw = _read("profiles.yaml")["rules"]
    registry = _citations()
    table = {}
    for name, entry in raw.items():
        cite = tuple(entry["cite"])
        for ref in cite:
            if ref not in registry:
                raise ValueError(f"profiles.yaml: rule {name!r} cites {ref!r}, which is not registered")
        by_game = {game: tuple(keys) for game, keys in (entry.get("by_game") or {}).items()}
        for ref in (ref for keys in by_game.values() for ref in keys):
            if ref not in registry:
                raise ValueError(f"profiles.yaml: rule {name!r} cites {ref!r}, which is not registered")
        table[name] = Rule(name, cite, " ".join(str(entry["text"]).split()), MappingProxyType(by_game))
    return MappingProxyType(table)


def rule(name: str) -> Rule:
    """A shared rule by name (`turn_order`, `call_difference`, ...); `KeyError` suggests names."""
    table = _rules()
    try:
        return table[name]
    except KeyError:
        raise KeyError(f"{name!r} is not a shared rule{_suggest(name, table)}") from None


def rules() -> dict[str, Rule]:
    return dict(_rules())


def option_schema() -> dict[str, dict]:
    """Option name -> {allowed | type, doc}."""
    return dict(_profile_data()[0])


def _check_value(key: str, value: Any, schema: Mapping[str, dict] | None = None) -> Any:
    spec = (schema or _profile_data()[0])[key]
    if "allowed" in spec:
        if value not in spec["allowed"]:
            raise ValueError(
                f"option {key!r} cannot be {value!r}: expected one of "
                + ", ".join(repr(v) for v in spec["allowed"])
            )
        return value
    kind = spec["type"]
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"option {key!r} cannot be {value!r}: expected true or false")
        return value
    if kind == "int":
        return _whole_units(f"option {key!r}", value)
    if kind == "forced":
        return _forced(key, value)
    if kind == "ints":
        if not isinstance(value, (list, tuple)) or not value:
            raise ValueError(f"option {key!r} cannot be {value!r}: expected a list of whole numbers")
        return tuple(_whole_units(f"option {key!r}", v) for v in value)
    if kind == "streets":
        # The streets themselves are the game's (its spec, course.games): which ones a profile
        # must name is checked where the profile meets its game (`GameSpec.profile_problems`).
        if not isinstance(value, Mapping) or not value or not all(isinstance(k, str) for k in value):
            raise ValueError(
                f"option {key!r} cannot be {value!r}: expected small or big for each betting street "
                "of the game, e.g. {third: small, fourth: small, fifth: big, sixth: big, seventh: big}"
            )
        for street, size in value.items():
            if size not in ("small", "big"):
                raise ValueError(f"option {key!r}: {street} is {size!r}: expected 'small' or 'big'")
        return MappingProxyType(dict(value))
    raise ValueError(f"schema for {key!r} has unknown type {kind!r}")


def profile_names(game: str | None = None) -> list[str]:
    """Profile names, all or those of one game (stud-high, horn-a-vika, have-a-heart)."""
    return [n for n, p in _profile_data()[1].items() if game is None or p.game == game]


def load_profile(name: str, overrides: Mapping[str, Any] | None = None) -> Profile:
    """The named profile, with single options replaced by `overrides` (an exercise's `options:`).

    Unknown profile or option: `ValueError` naming it and suggesting close names.
    """
    profiles = _profile_data()[1]
    if name not in profiles:
        raise ValueError(
            f"unknown rule profile {name!r}: expected one of {', '.join(profiles)}"
            f"{_suggest(str(name), profiles)}"
        )
    return profiles[name].with_overrides(overrides)


def default_profile(game: str) -> Profile:
    """The default profile of a game."""
    for profile in _profile_data()[1].values():
        if profile.game == game and profile.default:
            return profile
    games = sorted({p.game for p in _profile_data()[1].values()})
    raise ValueError(f"unknown game {game!r}: expected one of {', '.join(games)}{_suggest(str(game), games)}")


__all__ = [
    "Citation",
    "Option",
    "Profile",
    "Rule",
    "Stakes",
    "citation",
    "citations",
    "default_profile",
    "is_citation",
    "load_profile",
    "older_option_names",
    "current_option_name",
    "option_schema",
    "profile_names",
    "rule",
    "rules",
]
