"""Exercises: read, check and replay one exercise file."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Any, Mapping

from course.asks.kinds import KINDS
from course.asks.solvers import asks_for   # the stud asks are registered there
from course.content.checker import _build_with, _Checker, _load_with, _parse_with, suggest
from course.content.deals import _check_deal, _check_shared_card, _check_shared_card_missing
from course.content.misdeals import misdealt
from course.content.nodes import (_BOOL, _NULL, LIMITS_DOC, MAX_MOVES, MAX_QUESTIONS, MAX_RAISE_CAP, Node,
                                  _describe, tree)
from course.games import GAMES, STREETS, find_game
from course.engine.betting import Action
from course.moves import parse_move
from course.engine.state import HandState
from course.errors import ActionFormatError, ContentError, CourseError
from course.model import Exercise, Problem, Question
from course.content.irregularity import read_irregularity
from course.content.phh import kept_fields_problems

STAKE_KEYS = ("ante", "bring_in", "small_bet", "big_bet")
EXERCISE_KEYS = (
    "id", "title", "game", "rules", "options", "stakes", "street", "seats", "hands", "shared",
    "pot", "actions", "events", "questions", "cite", "intro", "stacks",
)
QUESTION_KEYS = ("ask", "prompt", "answer", "explain", "cite", "points", "tempts")
# An imported hand history's other fields, kept for export-phh (course/content/phh_import.py).
EXERCISE_KEYS += ("phh",)
# A whole hand's cards the record does not show (a hand history's `??`): seat -> one entry a card
# dealt to that seat in turn, "down"/"up" for one dealt unseen (drawn as a card back, no event
# names it), "known" for one the events deal.
EXERCISE_KEYS += ("unknown_cards",)
# A dealing mistake on a Stud High street and the deal it happened on (RRP-H 8.5, 8.9, 8.14):
# course/content/irregularity.py reads it, course/engine/irregularities.py repairs it.
EXERCISE_KEYS += ("irregularity",)
# Hands shown down with the wrong number of cards on purpose (RRP-H 8.18): seat -> {extra: [cards]}
# or {missing: street} (course/content/misdeals.py); kept in `Exercise.extra["misdealt"]`.
EXERCISE_KEYS += ("misdealt",)


def load_exercise(path: Path | str, root: Path | str | None = None) -> tuple[Exercise | None, list[Problem]]:
    """Read and validate one exercise file: the model (None when unusable) and every problem."""
    return _load_with(parse_exercise, path, root)


def parse_exercise(text: str, file: str = "<exercise>") -> tuple[Exercise | None, list[Problem]]:
    """Validate exercise YAML given as text (a pasted or uploaded file)."""
    return _parse_with(_exercise, text, file)


def exercise_from_data(data: dict[str, Any], file: str = "<exercise>") -> tuple[Exercise | None, list[Problem]]:
    """Validate an exercise given as YAML-shaped data (a generated drill item), with the same
    checks as its YAML text would get, without writing the text and parsing it back."""
    try:
        node = tree(data)
    except (TypeError, ValueError) as exc:
        return None, [Problem(file, 1, 1, f"not an exercise's data: {exc}")]
    return _build_with(_exercise, node, file)


def _exercise(ck: _Checker, node: Node) -> Exercise | None:
    """An exercise read in named steps, each reporting its problems in the file's order: the
    game, the top-level keys, the rules and the deal, the moves, the questions, then the replay."""
    game, spec = _game(ck, node)
    allowed = list(EXERCISE_KEYS) + list(spec.exercise_keys if spec else ())
    top = ck.mapping(node, "the exercise", allowed, ("id", "title", "game", "street", "seats", "hands", "questions"))
    if top is None:
        return None
    exercise_id = ck.identifier(top.get("id"))
    title = ck.text(top.get("title"), "title")
    street = _street(ck, top.get("street"), "street", spec)

    deal_start = len(ck.problems)
    profile, rules_name, options, stakes, stakes_given = _rules(ck, top, game)
    seats, hands, shared = _check_deal(ck, top, "the exercise", game, street, profile=profile)
    _shared_card_problems(ck, top, spec, street, hands, shared, profile)
    pot = ck.amount(top.get("pot"), "pot")
    stacks = _stacks(ck, top.get("stacks"), seats, spec, street, top)

    actions, action_nodes = _moves(ck, top.get("actions"), "action")
    events, event_nodes = _moves(ck, top.get("events"), "event")
    whole = top.get("events") is not None and spec is not None and spec.moves == "actions"
    _move_keys_problems(ck, top, game, spec, hands, shared, whole)

    # the deal is sound: its actions and events can be replayed (not when a key of the deal is
    # missing: that is reported once, where the mapping is checked, not again by the replay)
    deal_ok = len(ck.problems) == deal_start and "seats" in top and "hands" in top
    cite = ck.cites(top.get("cite"), "cite")
    intro = ck.text(top.get("intro"), "intro")
    extra = _extra(ck, top, spec, seats, whole)
    irregular = read_irregularity(ck, top.get("irregularity"), game, street, seats, hands, shared, actions,
                                  profile, whole)
    if irregular is not None:
        extra["irregularity"] = irregular
    _misdealt_extra(ck, top, spec, street, hands, seats, shared, profile, extra)

    # `after:` counts the moves written: events (a whole hand, a home game) or a street's actions
    questions = _questions(ck, top.get("questions"), game, seats, street,
                           len(events) if top.get("events") is not None else len(actions), whole)
    if pot is None:
        _award_pot_problem(ck, top, spec, questions, whole, stacks)

    if game is None or street is None or profile is None:
        for item in action_nodes:  # no replay possible, but each action can still be read
            _action_text(ck, item, seats)
        return None
    exercise = Exercise(
        id=exercise_id or "", title=title or "", game=game, rules=rules_name, profile=profile, options=options,
        stakes=stakes, street=street, seats=seats, hands=hands, shared=shared, pot=pot,
        actions=actions, events=events, questions=questions, path=ck.file, extra=extra, cite=cite,
        intro=intro, line=node.line, marks={k: (v.line, v.column) for k, v in top.items()},
        stakes_given=stakes_given, stacks=stacks,
    )
    if spec.moves == "actions" and not whole:
        moves, nodes, where = actions, action_nodes, top.get("actions")
    else:
        moves, nodes, where = events, event_nodes, top.get("events") or node
    _check_moves(ck, exercise, spec, nodes, where, top, replay=len(moves) == len(nodes) and deal_ok)
    return exercise if exercise_id is not None and title is not None else None


def _game(ck: _Checker, node: Node) -> tuple[str | None, Any]:
    """The exercise's game and its spec (None, None when absent or unknown: an unknown one is a problem)."""
    game_node = node.get("game")
    game = ck.text(game_node, "game") if game_node is not None else None
    spec = find_game(game) if game is not None else None
    if game is not None and spec is None:
        ck.add(game_node, f"unknown game {game!r}{suggest(game, GAMES)}; expected one of {', '.join(GAMES)}")
        game = None
    return game, spec


def _shared_card_problems(ck: _Checker, top: dict[str, Node], spec: Any, street: str | None, hands: dict,
                          shared: list, profile: Any) -> None:
    """A game played on actions: at most its shared cards, and a shared card only where the
    street's cards run short (and one missing where they do)."""
    if spec is None or spec.moves != "actions":
        return
    if len(shared) > spec.max_shared:
        ck.add(top["shared"], f"{spec.title} has at most {spec.max_shared} shared card, got {len(shared)} "
               "[HPD \"The rare shared seventh card is an exception\"]")
    if street is None or profile is None or spec.cards_on(street, True) == spec.cards_on(street):
        return
    if shared:
        _check_shared_card(ck, top["shared"], hands, profile)
    elif top.get("events") is None:
        _check_shared_card_missing(ck, top.get("street"), hands, profile, street)


def _move_keys_problems(ck: _Checker, top: dict[str, Node], game: str | None, spec: Any, hands: dict, shared: list,
                        whole: bool) -> None:
    """`events` for a whole hand leave the deal to them; a home game writes no `actions`."""
    if whole and (any(h.cards for h in hands.values()) or top.get("actions") is not None or shared):
        ck.add(top["events"], f"'events' on a {spec.title} exercise play the whole hand from the antes: leave "
               "'hands' and 'shared' empty and write every card dealt, and the betting, as events "
               "(or show one street with 'hands' and its 'actions')")
    if top.get("actions") is not None and spec is not None and spec.moves != "actions":
        ck.add(top["actions"], f"{game} writes its betting as 'events' (see 'Home-game events' in exercises/README.md), "
               "not as 'actions'")


def _extra(ck: _Checker, top: dict[str, Node], spec: Any, seats: list[str], whole: bool) -> dict[str, Any]:
    """The game's own keys, an imported hand history's kept fields and the unseen cards."""
    extra = {k: v.plain_value() for k, v in top.items() if spec and k in spec.exercise_keys}
    kept = ck.text(top.get("phh"), "phh")   # an imported hand history's other fields (export-phh)
    if kept is not None:
        for problem in kept_fields_problems(kept, len(seats) if seats else None):
            ck.add(top["phh"], problem)
        if not whole:
            ck.add(top["phh"], "'phh' keeps a hand history's fields for a whole hand: it needs the hand's 'events'")
        extra["phh"] = kept
    unknown = _unknown_cards(ck, top.get("unknown_cards"), seats, whole)
    if unknown:
        extra["unknown_cards"] = unknown
    return extra


def _misdealt_extra(ck: _Checker, top: dict[str, Node], spec: Any, street: str | None, hands: dict,
                    seats: list[str], shared: list, profile: Any, extra: dict[str, Any]) -> None:
    """The hands misdealt on purpose (`misdealt:`), checked, into `extra["misdealt"]`."""
    found = misdealt(ck, top, spec, street, hands, seats, shared, profile)
    if found:
        extra["misdealt"] = found


def _award_pot_problem(ck: _Checker, top: dict[str, Node], spec: Any, questions: list[Question], whole: bool,
                       stacks: dict[str, int]) -> None:
    """An exercise without a `pot`: an `award` question on a street needs it (where the game's
    award does and the stacks and actions do not make the pots)."""
    if spec is None or not spec.award_needs_pot or whole or (stacks and top.get("actions") is not None):
        return
    if any(q.ask == "award" for q in questions):
        ask_node = next(i for i in top["questions"].value if i.kind == "map" and i.get("ask") is not None
                        and i.get("ask").value == "award")
        ck.add(ask_node, "an 'award' question needs the exercise's 'pot' (the units being awarded)")


def _stacks(ck: _Checker, node: Node | None, seats: list[str], spec: Any, street: str | None,
            top: dict[str, Node]) -> dict[str, int]:
    """The `stacks` map: player -> the chips they have when the exercise's moves begin (a whole
    hand: before the antes; one street: before its first action). A player left out has enough
    for anything. Checked: seated players, whole units, at least 1 chip where the player must
    still post an ante. In a home game (played on events) every player listed needs at least 1
    chip: from the antes a player with none cannot be dealt in, and at a later stage a player
    already all in would need pots that an exercise's one `pot` cannot describe. What the game's
    own moves ask of a stack (the dealer's ante, a match short of the pot) is checked as the
    events are replayed, at the event's line."""
    if node is None or (node.kind == "scalar" and node.tag == _NULL):
        return {}
    home = spec is not None and spec.moves != "actions"
    fields = ck.mapping(node, "stacks", seats)
    if fields is None:
        return {}
    stacks: dict[str, int] = {}
    whole = top.get("events") is not None
    actions = top.get("actions")
    written = [str(item.value) for item in actions.value] if actions is not None and actions.kind == "seq" else []
    for player, value in fields.items():
        amount = ck.amount(value, f"stacks {player}")
        if amount is None:
            continue
        if amount < 0:
            ck.add(value, f"stacks {player}: {amount} is not a stack: a player has 0 chips or more [RRP-H 2.4]")
            continue
        if amount == 0 and home:
            ck.add(value, f"stacks {player}: 0 chips, but in {spec.title} every player listed needs at least 1: "
                   "from the antes a player with no chips cannot be dealt in, and at a later stage a player already "
                   "all in would need the pots they may win, which the exercise's one 'pot' cannot say [RRP-H 2.4]")
            continue
        antes = whole or any(" ".join(text.split()[:2]) == f"{player} antes" for text in written)
        if amount == 0 and antes:
            ck.add(value, f"stacks {player}: 0 chips, but {player} must still ante here: a player with no chips "
                   "cannot be dealt in, since only the chips in front of a player when the deal begins play "
                   "[RRP-H 2.4]")
            continue
        stacks[player] = amount
    return stacks


def _moves(ck: _Checker, node: Node | None, what: str) -> tuple[list[str], list[Node]]:
    """The texts of an `actions` or `events` list, and its item nodes (to blame a bad move)."""
    nodes = ck.sequence(node, f"{what}s") or []
    if len(nodes) > MAX_MOVES:      # each question replays them: bound the work of one file
        ck.add(nodes[MAX_MOVES], f"{what} {MAX_MOVES + 1}: an exercise lists at most {MAX_MOVES} "
               f"{what}s ({LIMITS_DOC}); the rest are not read")
        nodes = nodes[:MAX_MOVES]
    texts = [text for item in nodes if (text := ck.text(item, what)) is not None]
    return texts, nodes


def _rules(ck: _Checker, top: dict[str, Node], game: str | None):
    """Profile, profile name, options and stakes of an exercise."""
    rules_node = top.get("rules")
    name = ck.text(rules_node, "rules")
    base = None
    if game is not None:
        base, name = _base_profile(ck, top, game, name)
    options_node = top.get("options")
    options = _options(ck, options_node, base)
    stake_fields = ck.mapping(top.get("stakes"), "stakes", STAKE_KEYS)
    changes = {}
    for key, value in (stake_fields or {}).items():
        amount = ck.integer(value, f"stakes {key}")
        if amount is not None:
            changes[key] = amount
    # The exercise's stakes replace the profile's amounts, so engine code reading either agrees.
    profile = base.with_overrides({**options, **changes}) if base is not None else None
    if profile is not None and find_game(game) is not None:
        for problem in find_game(game).profile_problems(profile):   # the streets are the game's
            ck.add(options_node if options else rules_node or top.get("game"), problem)
    stakes = profile.stakes if profile is not None else None
    return profile, name, options, stakes, changes


def _base_profile(ck: _Checker, top: dict[str, Node], game: str, name: str | None) -> tuple[Any, str | None]:
    """The rule profile named by `rules` (the game's default when the key is absent), and its name."""
    from course import rules

    rules_node = top.get("rules")
    known = rules.profile_names(game)
    if name is None and rules_node is None:
        try:
            base = rules.default_profile(game)
            return base, base.name
        except ValueError as exc:
            ck.add(top.get("game"), f"no default rule profile: {exc}")
    elif name is not None and name not in known:
        others = [n for n in rules.profile_names() if n not in known]
        hint = f" ({name!r} is a profile of another game)" if name in others else suggest(name, known)
        ck.add(rules_node, f"unknown rule profile {name!r} for {game}{hint}; expected one of {', '.join(known)}")
    elif name is not None:
        return rules.load_profile(name), name
    return None, name


def _options(ck: _Checker, options_node: Node | None, base: Any) -> dict[str, Any]:
    """The `options` an exercise changes, each one checked on the profile on its own."""
    from course import rules

    options: dict[str, Any] = {}
    if options_node is None or (options_node.kind == "scalar" and options_node.tag == _NULL):
        return options
    allowed = list(base.options) if base is not None else list(rules.option_schema())
    allowed += [old for old, name in rules.older_option_names().items() if name in allowed]
    fields = ck.mapping(options_node, "options", allowed)
    for key, value in (fields or {}).items():
        raw = value.plain_value()
        if rules.current_option_name(key) != key:        # an older name, still read as the new one
            if rules.current_option_name(key) in fields:
                ck.add(options_node.keys[key], f"options: {key!r} is the older name of "
                       f"{rules.current_option_name(key)!r}, which is also given; keep one")
                continue
            key = rules.current_option_name(key)
        if key == "raise_cap" and isinstance(raw, int) and raw > MAX_RAISE_CAP:
            ck.add(value, f"options: raise_cap {raw:,} is past the limit of {MAX_RAISE_CAP} "
                   f"raises in one round ({LIMITS_DOC})")
            continue
        try:
            rules.load_profile(base.name, {key: raw}) if base is not None else None
        except ValueError as exc:
            hint = ""
            if value.kind == "scalar" and value.tag == _BOOL and value.plain:
                hint = (f" ({value.text!r} is read by YAML as the boolean {value.value!r}; "
                        f"quote it ('{value.text}') if you mean the word)")
            ck.add(value, f"options: {exc}{hint}")
            continue
        options[key] = raw
    return options


# Keys any stud ask takes on a whole hand: the point of the hand it is asked at.
WHOLE_HAND_PARAMS = {"street": "street", "after": "count"}


def _questions(ck: _Checker, node: Node | None, game: str | None, seats: list[str], street: str | None,
               n_actions: int, whole: bool = False) -> list[Question]:
    items = ck.sequence(node, "questions")
    if items is None:
        return []
    if not items:
        ck.add(node, "questions is empty: an exercise asks at least one question")
    if len(items) > MAX_QUESTIONS:  # the rest are not checked: the file is refused anyway
        ck.add(items[MAX_QUESTIONS], f"question {MAX_QUESTIONS + 1}: an exercise asks at most {MAX_QUESTIONS} "
               f"questions ({LIMITS_DOC}); split it into several exercises")
        items = items[:MAX_QUESTIONS]
    specs = asks_for(game) if game else {}
    game_spec = find_game(game) if game else None
    questions: list[Question] = []
    for item in items:
        question = _question(ck, item, game, game_spec, specs, seats, street, n_actions, whole)
        if question is not None:
            questions.append(question)
    return questions


def _question(ck: _Checker, item: Node, game: str | None, game_spec: Any, specs: Mapping[str, Any],
              seats: list[str], street: str | None, n_actions: int, whole: bool) -> Question | None:
    """One question: its ask (one the game answers), its keys and parameters, its written answer."""
    ask_node = item.get("ask") if item.kind == "map" else None
    ask = ck.text(ask_node, "ask") if ask_node is not None else None
    spec = specs.get(ask) if ask else None
    if ask is not None and spec is None and game is not None:
        supported = list(specs)
        ck.add(ask_node, f"ask {ask!r} is not supported for {game}{suggest(ask, supported)}; "
               f"expected one of {', '.join(supported) or '(none: the game engine is missing)'}")
    keys = {**(spec.params if spec else {}), **(WHOLE_HAND_PARAMS if whole else {})}
    allowed = list(QUESTION_KEYS) + list(keys)
    fields = ck.mapping(item, f"question {ask!r}" if ask else "a question", allowed,
                        ("ask",) + (spec.required if spec else ()))
    if fields is None or ask is None or (spec is None and game is not None):
        return None
    prompt = ck.text(fields.get("prompt"), "prompt")
    explain = ck.text(fields.get("explain"), "explain")
    cite = ck.cites(fields.get("cite"), "cite")
    points = ck.points(fields.get("points"), "points", game)
    params = _params(ck, fields, keys, game, game_spec, seats, street, n_actions, whole)
    answer_node = fields.get("answer")
    answer = None
    if answer_node is not None and not (answer_node.kind == "scalar" and answer_node.tag == _NULL):
        answer = answer_node.plain_value()
        if spec is not None:
            KINDS[spec.kind].check_written(ck, answer_node, seats, f"answer to {ask!r}")
    marks = {str(k): (v.line, v.column) for k, v in item.value.items()}
    tempts = _tempts(ck, fields.get("tempts"), game, ask)
    return Question(ask, prompt, answer, explain, cite, params, item.line, item.column, marks,
                    tuple(points), tempts=tempts)


def _params(ck: _Checker, fields: Mapping[str, Node], keys: Mapping[str, str], game: str | None, game_spec: Any,
            seats: list[str], street: str | None, n_actions: int, whole: bool) -> dict[str, Any]:
    """A question's parameters, each read by its kind; a street the deal has not reached is refused."""
    params: dict[str, Any] = {}
    for key, kind in keys.items():
        if key in fields:
            value = _param(ck, fields[key], key, kind, seats, n_actions, game)
            asked, reached = (game_spec.cards_on(value), game_spec.cards_on(street)) if game_spec and \
                value is not None and street is not None and not whole else (None, None)
            if asked and reached and asked[1] > reached[1]:
                # A later street is fine only while it adds no face-up card (sixth -> seventh).
                ck.add(fields[key], f"{key}: on {value} street each player shows {asked[1]} "
                       f"up cards, but the deal has only reached {street} street")
                value = None
            if value is not None:
                params[key] = value
    return params


def _tempts(ck: _Checker, node: Node | None, game: str | None, ask: str) -> tuple[str, ...]:
    """`tempts`: the known mistakes (ids of course/study/misconceptions.yaml) a question is built
    to tempt, one or a list; each must be an entry for this game and ask."""
    if node is None:
        return ()
    items = [node] if node.kind == "scalar" else ck.sequence(node, "tempts") or []
    entries = _known_mistakes()
    found = []
    for item in items:
        name = ck.text(item, "tempts")
        if name is None:
            continue
        entry = entries.get(name)
        if entry is None:
            ck.add(item, f"tempts: no known mistake {name!r}{suggest(name, list(entries))}; expected an id "
                   "of course/study/misconceptions.yaml")
        elif game not in entry.games or ask not in entry.asks:
            ck.add(item, f"tempts: the mistake {name!r} is not one of {game}'s for {ask!r} (it is for "
                   f"{', '.join(entry.games)}: {', '.join(entry.asks)})")
        else:
            found.append(name)
    return tuple(found)


@functools.lru_cache(maxsize=1)
def _known_mistakes() -> dict[str, Any]:
    """The catalogue of known mistakes by id, as `tempts` needs it (games and asks), read from
    its file (course/study/misconceptions.py checks the catalogue itself), with libyaml where
    PyYAML has it (the pure-Python parser took a tenth of a second over it)."""
    from types import SimpleNamespace

    import yaml

    path = Path(__file__).resolve().parents[1] / "study" / "misconceptions.yaml"
    try:
        raw = yaml.load(path.read_bytes(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or []
    except (OSError, yaml.YAMLError):
        return {}
    return {str(e["id"]): SimpleNamespace(id=str(e["id"]), games=tuple(e.get("games", ())),
                                          asks=tuple(e.get("asks", ())))
            for e in raw if isinstance(e, dict) and "id" in e}


def _street(ck: _Checker, node: Node | None, key: str, spec: Any) -> str | None:
    """A street key: one of the game's own streets (any game's, before the game is known)."""
    street = ck.text(node, key)
    names = spec.street_names if spec is not None else STREETS
    if street is not None and street not in names:
        ck.add(node, f"unknown street {street!r}{suggest(street, names)}; expected one of {', '.join(names)}"
               + (f" (the streets of {spec.title})" if spec is not None else ""))
        return None
    return street


def _param(ck: _Checker, node: Node, key: str, kind: str, seats: list[str], n_actions: int,
           game: str | None = None) -> Any:
    if kind == "player":
        return ck.player(node, key, seats)
    if kind == "street":
        return _street(ck, node, key, find_game(game) if game is not None else None)
    if kind == "count":
        count = ck.integer(node, key)
        if count is not None and count > n_actions:
            ck.add(node, f"{key}: {count} actions cannot have happened: the exercise lists {n_actions}")
            return None
        return count
    if kind == "action":
        return _action_text(ck, node, seats)
    if kind == "cards":
        cards = ck.cards(node, key)
        if cards is not None and len(set(cards)) != len(cards):
            ck.add(node, f"{key}: a card is listed twice")
        return [str(c) for c in cards] if cards is not None else None
    if kind == "int":
        return ck.integer(node, key)
    if kind == "text":
        return ck.text(node, key)
    return node.plain_value()


def _action_text(ck: _Checker, node: Node, seats: list[str]) -> str | None:
    text = ck.text(node, "action")
    if text is None:
        return None
    try:
        action = Action.parse(text)
    except ActionFormatError as exc:
        ck.add(node, exc.message)
        return None
    if seats and action.player not in seats:
        ck.add(node, f"{text!r}: unknown player {action.player!r}{suggest(action.player, seats)}; the seats are "
               f"{', '.join(seats)}")
        return None
    return text


def _check_moves(ck: _Checker, exercise: Exercise, spec: Any, nodes: list[Node], where: Node | None,
                 top: dict[str, Node], replay: bool = True) -> None:
    """Read every move with the game's grammar, then play the exercise on the one hand state
    (`HandState.problems`): each refused move is reported on its own line, a problem with the deal
    itself on the exercise key it names."""
    parsed_ok = True
    # asked once, not per move: a generated hand has a hundred moves or more
    street_actions, kinds = spec.moves == "actions" and not exercise.whole_hand, exercise.move_kinds
    for item in nodes:
        if street_actions:
            if item.kind == "scalar" and isinstance(item.value, str) and _action_text(ck, item, exercise.seats) is None:
                parsed_ok = False
            continue
        try:
            parse_move(item.value, kinds, spec.title)
        except ActionFormatError as exc:
            parsed_ok = False
            ck.add(item, exc.message)
    if not parsed_ok or not replay:
        return
    if nodes and spec.moves == "actions" and not exercise.whole_hand and exercise.street not in spec.betting_streets:
        ck.add(where, f"actions are the betting of one street; {exercise.street!r} has no betting")
        return
    for exc in HandState.problems(exercise):
        if not isinstance(exc, CourseError):       # the deal cannot open the street's round (named in the message)
            ck.add(where, str(exc))
        elif exc.index is None:
            ck.add(top.get(exc.key, where) if exc.key else where, exc.message)
        else:
            ck.add(_node_at(nodes, exc.index, where), exc.message)


def _node_at(nodes: list[Node], index: int | None, fallback: Node | None) -> Node | None:
    return nodes[index] if index is not None and 0 <= index < len(nodes) else fallback


def with_profile(exercise: Exercise, name: str) -> Exercise:
    """The same deal under another rule profile of its game, keeping its own options and stakes."""
    from course import rules

    known = rules.profile_names(exercise.game)
    if name not in known:
        raise ValueError(f"unknown rule profile {name!r} for {exercise.game}{suggest(name, known)}; "
                         f"expected one of {', '.join(known)}")
    profile = rules.load_profile(name).with_overrides({**exercise.options, **exercise.stakes_given})
    return dataclasses.replace(exercise, rules=name, profile=profile, stakes=profile.stakes)


def require_exercise(path: Path | str) -> Exercise:
    """Load an exercise that must be valid (tests, the app's fixtures); raise ContentError if not."""
    exercise, problems = load_exercise(path)
    if problems or exercise is None:
        raise ContentError(problems)
    return exercise


def _unknown_cards(ck: Any, node: Any, seats: Any, whole: bool) -> dict[str, list[str]]:
    """`unknown_cards`: seat -> a list with one entry for each card dealt to that seat in turn (in a
    whole hand): "down"/"up" for one dealt unseen (no event names it), "known" for one an event
    deals; the list may stop at the last unseen card. {} when absent or wrong (each problem added)."""
    if node is None:
        return {}
    value = node.plain_value()
    where = "'unknown_cards'"
    if not whole:
        ck.add(node, f"{where} lists cards a whole hand dealt unseen: it needs the hand's 'events'")
        return {}
    if not isinstance(value, dict) or not value:
        ck.add(node, f"{where} should map a seat to its unseen cards, e.g. {{Cy: [down, down, up]}}")
        return {}
    out: dict[str, list[str]] = {}
    for seat, faces in value.items():
        if seats and seat not in seats:
            ck.add(node, f"{where} names {seat!r}, who is not one of the seats {list(seats)}")
            continue
        if (not isinstance(faces, list) or not faces or len(faces) > 7
                or not all(f in ("down", "up", "known") for f in faces) or set(faces) == {"known"}):
            ck.add(node, f"{where} gives {seat!r} {faces!r}: expected a list with one entry for each card dealt "
                   "to that seat in turn (at most 7), down or up for one the record does not show, known for "
                   "one the events name")
            continue
        out[str(seat)] = list(faces)
    return out
