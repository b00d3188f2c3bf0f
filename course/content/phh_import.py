"""Real hand histories as exercises: `import-phh` turns a PHH stud hand into one whole-hand
exercise, `export-phh` writes a whole-hand exercise back out as PHH.

`import_hand(hand)` reads a stud-family `PhhHand` (`course.content.phh.stud_hand`) and writes the YAML of
one whole-hand exercise (exercises/README.md, "A whole hand"): every ante, every card the dealer
gives out in the engine's deal order, each street's betting, as `events`; questions on every
street the hand reached (who brings in, what each player put in on third street, who opens each
later street and what it added to the pot, and at the end each hand still in, the winners and
the award). The questions carry no answers: `course check` computes them with the engine, as it
does for every exercise. The PHH fields the course does not play (starting stacks, players'
names, event, author, ...) are kept under the exercise's `phh:` key, so `export_exercise` can
write the hand back out with the same fields and actions.

`check_import(imported)` then replays the exercise with the engine. A hand the course cannot
express, or one its rules read otherwise than the file (a bring-in the profile gives to someone
else, a raise past the cap, a mucked hand that would have won, winnings the award does not
match), is refused with a `PhhRefusal` that names the .phh file, the line of the action and
why. Games are mapped by name (`STUD_VARIANTS`): a variant whose game is not registered yet is
refused with a message that says so.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from course.content.exercises import EXERCISE_KEYS
from course.games import find_game
from course.content.phh import (
    STUD_STREETS, STUD_VARIANTS, PhhError, PhhHand, PhhRefusal, StudHand, StudMove, read_phh, stud_hand,
    stud_to_phh, write_phh, _toml,
)

MAX_EVENTS = 200            # an exercise's limit (course/content/nodes.py MAX_MOVES)
STACKS = "stacks" in EXERCISE_KEYS    # the exercise format says stacks, so an all-in can be imported
_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass
class Imported:
    """One imported hand: the exercise's YAML and where each event came from in the .phh file."""

    exercise_id: str
    text: str
    hand: PhhHand
    deal: StudHand
    event_lines: list[int | None]                 # the .phh line of each event (None: an ante)
    yaml_lines: dict[int, int] = field(default_factory=dict)   # YAML line of an event -> its index
    notes: list[str] = field(default_factory=list)

    @property
    def source(self) -> str:
        return self.hand.source

    def phh_line(self, yaml_line: int) -> int | None:
        """The .phh line an exercise line comes from (an event's action), if any."""
        index = self.yaml_lines.get(yaml_line)
        return self.event_lines[index] if index is not None else None


# --- names -------------------------------------------------------------------------------------


def exercise_id_for(source: str | Path) -> str:
    """`phh-` and the file's stem in kebab-case: 'Razz Hand 3.phh' -> 'phh-razz-hand-3'."""
    stem = _SLUG.sub("-", Path(str(source)).stem.lower()).strip("-") or "hand"
    return f"phh-{stem}"


def seat_names(hand: PhhHand) -> list[str]:
    """One-word seat names for the players: the `players` field with spaces as '_', p1... when a
    name is missing, empty or would clash."""
    names: list[str] = []
    for i, name in enumerate(hand.names(), 1):
        word = re.sub(r"[\s,:{}\[\]#]+", "_", name.strip()).strip("_") if isinstance(name, str) else ""
        if not word or word in names or word.lower() in ("shared", "spit"):
            word = f"p{i}"
        names.append(word)
    return names


# --- PHH -> exercise ---------------------------------------------------------------------------


def import_hand(hand: PhhHand, rules: str | None = None, exercise_id: str | None = None) -> Imported:
    """The whole-hand exercise of a stud-family PHH hand, as YAML text (not yet replayed: see
    `check_import`). Raises `PhhRefusal`/`PhhError` with the file, the line and why."""
    game = STUD_VARIANTS.get(hand.variant)
    if game is not None and find_game(game) is None:
        raise PhhRefusal(f"variant {hand.variant} is {game}, which the course does not teach yet (no game "
                         f"{game!r} is registered): import it once that game is part of the course",
                         hand.source, hand.lines.get("variant"))
    names = seat_names(hand)
    renamed = hand if names == hand.names() else _with_names(hand, names)
    deal = stud_hand(renamed, all_in=STACKS, unknown=True)  # refuses other games (all-ins without stacks) ...
    spec = find_game(deal.game)
    unknown = _unknown_players(hand, deal)
    unseen_muck = _unseen_muckers(hand, deal, unknown)
    if unseen_muck:
        deal = _with_mucks(deal, unseen_muck)
    events, lines = _events(deal)
    if len(events) > MAX_EVENTS:
        raise PhhRefusal(f"the hand needs {len(events)} events, more than the {MAX_EVENTS} an exercise may hold",
                         hand.source, hand.lines.get("actions"))
    exercise_id = exercise_id or exercise_id_for(hand.source)
    notes = _notes(deal, unknown, unseen_muck)
    questions = _questions(deal, spec, unseen=[m.player for m in unseen_muck])
    if unknown:                  # the engine says which questions need a card the record does not show
        questions = _known_questions(hand, deal, exercise_id, rules, events, questions, notes)
    text, yaml_lines = _yaml(hand, deal, exercise_id, rules, events, questions, notes)
    return Imported(exercise_id, text, hand, deal, lines, yaml_lines, notes)


def _unknown_players(hand: PhhHand, deal: StudHand) -> list[str]:
    """The players some of whose cards the file writes `??` (`stud_hand` took them only of a
    player who never shows them). Those cards stay out of the engine's deal; a player who brings
    in with a door card the record does not show is refused at the deal's line."""
    out = []
    for i, player in enumerate(deal.seats, 1):
        held = deal.cards[player]
        if not any(c.card is None for c in held):
            continue
        line = next((a.line for a in hand.actions if a.verb == "dh" and a.player == i), None)
        door = next((c for c in held if c.up), None)
        if door is not None and door.card is None and any(m.kind == "bring_in" and m.player == player
                                                          for m in deal.moves):
            raise PhhRefusal(f"{player} brings in with a door card the record does not show (??): the course "
                             "cannot check who brings in", hand.source, line)
        out.append(player)
    return out


def _unseen_muckers(hand: PhhHand, deal: StudHand, unknown: list[str]) -> list[StudMove]:
    """At a showdown with a hand the record does not show, the players who give up their hands
    unseen, as 'mucks' moves: every player still in whose cards the file does not show (a muck,
    or no showdown action at all) but one, who takes the pot unseen when nobody else shows (the
    one the `winnings` favour, else the last in the file's showdown order). [] when no hand
    still in holds an unknown card: the course's showdown then shows every hand, as before."""
    live = [p for p in deal.seats if p not in deal.folded]
    full = 6 if deal.shared is not None else 7
    if len(live) < 2 or not any(p in unknown for p in live) or any(len(deal.cards[p]) < full for p in live):
        return []            # no showdown: one player left, every hand shown, or a history cut short
    sm_line = {deal.seats[a.player - 1]: a.line for a in hand.actions if a.verb == "sm"}
    unseen = [p for p in live if not deal.shown.get(p)]
    unseen.sort(key=lambda p: (p not in sm_line, list(sm_line).index(p) if p in sm_line else deal.seats.index(p)))
    if len(unseen) == len(live):             # nobody shows: one of them wins unseen
        winnings = hand.optional.get("winnings")
        if isinstance(winnings, list) and len(winnings) == len(deal.seats):
            unseen.sort(key=lambda p: winnings[deal.seats.index(p)])
        unseen = unseen[:-1]
    street = next((m.street for m in reversed(deal.moves) if m.kind not in ("deal", "shared")), deal.moves[-1].street)
    return [StudMove(street, "muck", p, line=sm_line.get(p)) for p in unseen]


def _with_mucks(deal: StudHand, mucks: list[StudMove]) -> StudHand:
    from dataclasses import replace

    return replace(deal, moves=[*deal.moves, *mucks], shown={p: s for p, s in deal.shown.items()
                                                            if p not in {m.player for m in mucks}})


def _notes(deal: StudHand, unknown: list[str], unseen_muck: list[StudMove]) -> list[str]:
    notes = []
    mucked = [p for p, shown in deal.shown.items() if not shown]
    if mucked:
        notes.append(f"At the showdown {_names(mucked)} mucked: the course's showdown has every hand still in "
                     "show down, and the engine checks that the mucked hand would not have won anything.")
    if unseen_muck:
        who = [m.player for m in unseen_muck]
        notes.append(f"At the showdown {_names(who)} {'gives' if len(who) == 1 else 'give'} up the hand unseen "
                     "(the record does not show it), and wins no part of the pot.")
    if unknown:
        notes.append(f"The record does not show some of {_names(unknown)}'s cards (drawn as backs): the questions "
                     "that would need them are left out.")
    return notes


def _known_questions(hand: PhhHand, deal: StudHand, exercise_id: str, rules: str | None, events: list[str],
                     questions: list[dict[str, Any]], notes: list[str]) -> list[dict[str, Any]]:
    """The questions the engine can answer without a card the record does not show: each is
    asked of the engine, and one it refuses for an unknown card (`UnknownCardsError`) is left
    out. Any other problem stays, for `check_import` to report at its line."""
    from course.asks import solvers as q
    from course.content.exercises import parse_exercise
    from course.asks.unknown_cards import UnknownCardsError

    text, _ = _yaml(hand, deal, exercise_id, rules, events, questions, notes)
    exercise, problems = parse_exercise(text, str(Path(hand.source).with_suffix(".yaml")))
    if exercise is None or problems or len(exercise.questions) != len(questions):
        return questions
    kept = []
    for asked, question in zip(questions, exercise.questions):
        try:
            q.answer(exercise, question)
        except UnknownCardsError:
            continue
        except Exception:  # noqa: BLE001 - check_import reports it with the line
            pass
        kept.append(asked)
    return kept


def _check_hand_ends(hand: PhhHand, deal: StudHand) -> None:
    """A hand ends at a showdown (every player still in holds all seven cards, or six and the
    shared card) or with one player left; one that stops before either is a history cut short,
    refused at its last action: its questions would read a showdown the hand never had."""
    live = [p for p in deal.seats if p not in deal.folded]
    full = 6 if deal.shared is not None else 7
    short = [p for p in live if len(deal.cards[p]) < full]
    if len(live) < 2 or not short:
        return
    reached = deal.moves[-1].street if deal.moves else STUD_STREETS[0]      # the moves are in the order played
    last = next((a.line for a in reversed(hand.actions) if a.line is not None), hand.lines.get("actions"))
    raise PhhRefusal(f"the hand stops on {reached} street with {_names(live)} still in: it ends neither at a "
                     "showdown (every hand still in dealt all its cards) nor with one player left, so the course "
                     "cannot say who wins; import the whole hand", hand.source, last)


def _with_names(hand: PhhHand, names: list[str]) -> PhhHand:
    copy = PhhHand(hand.variant, hand.antes, hand.starting_stacks, hand.actions, hand.bring_in, hand.small_bet,
                   hand.big_bet, hand.blinds_or_straddles, hand.min_bet, dict(hand.optional), hand.source,
                   hand.lines)
    copy.optional["players"] = names
    return copy


def _names(players: list[str]) -> str:
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def _events(deal: StudHand) -> tuple[list[str], list[int | None]]:
    """The antes, then each move in the course's words; a run of deals in the engine's deal
    order (seat order, third street's first hole cards, then the second, then the door cards)."""
    events: list[str] = []
    lines: list[int | None] = []
    if deal.stakes["ante"]:
        for player in deal.seats:     # all in for the ante: the engine puts in what the player has
            short = deal.stacks.get(player, deal.stakes["ante"]) < deal.stakes["ante"]
            events.append(f"{player} antes" if short else f"{player} antes {deal.stakes['ante']}")
            lines.append(None)
    order = {p: i for i, p in enumerate(deal.seats)}
    run: list[tuple[tuple[int, int], StudMove]] = []
    counts: dict[tuple[str, str], int] = {}

    def flush() -> None:
        for _, move in sorted(run, key=lambda item: item[0]):
            events.append(f"{move.player} is dealt {move.card} {'up' if move.up else 'down'}")
            lines.append(move.line)
        run.clear()

    for move in deal.moves:
        if move.kind == "deal":
            k = counts.get((move.player, move.street), 0)     # its place in the player's cards of the street
            counts[(move.player, move.street)] = k + 1
            if move.card is not None:        # unknown (??): kept out of the engine's deal
                run.append(((k, order[move.player]), move))
            continue
        flush()
        events.append(_event_text(move, deal))
        lines.append(move.line)
    flush()
    return events, lines


def _event_text(move: StudMove, deal: StudHand) -> str:
    if move.kind == "shared":
        return f"shared {move.card}"
    if move.kind == "bring_in":     # all in for less: the engine puts in what the player has
        return f"{move.player} brings in" if move.all_in else f"{move.player} brings in {deal.stakes['bring_in']}"
    if move.kind == "bet":
        return f"{move.player} bets {move.amount}"
    if move.kind in ("complete", "raise"):
        return f"{move.player} {'completes' if move.kind == 'complete' else 'raises'} to {move.amount}"
    return f"{move.player} {move.kind}s"          # calls, checks, folds


def _questions(deal: StudHand, spec: Any, unseen: list[str] = ()) -> list[dict[str, Any]]:
    """Questions on every street the hand reached with a betting round, then the showdown's; the
    players in `unseen` gave up their hands unseen at the showdown."""
    asks = set(spec.stud_asks)
    betting = {m.street for m in deal.moves if m.kind not in ("deal", "shared", "muck")}
    streets = [s for s in spec.betting_streets if s in betting]
    out: list[dict[str, Any]] = []

    def add(ask: str, prompt: str, **keys: Any) -> None:
        if ask in asks:
            out.append({"ask": ask, **keys, "prompt": prompt})

    first = spec.first_street
    for street in streets:
        if street == first:
            add("bring_in", f"On {street} street, who brings in?", street=street)
            add("contributions", f"Antes aside, how much has each player put in on {street} street?",
                street=street)
        else:
            add("opener", f"Who acts first on {street} street?", street=street)
            add("street_total", f"How many units go into the pot on {street} street?", street=street)
    if deal.shared is not None:
        add("shared_card", "Once sixth street's betting is over, is seventh street one shared card?",
            street=spec.shared_decided_after)
    live = [p for p in deal.seats if p not in deal.folded and p not in unseen]
    split = "halves" in asks             # a high-low game: the pot may go to two halves
    if len(live) > 1:
        for player in live:
            if split:
                add("best_five", f"At the showdown, which five cards make {player}'s best high hand?",
                    player=player, side="high")
                add("qualifies", f"Has {player} a qualifying low?", player=player)
            else:
                add("best_five", f"At the showdown, which five cards make {player}'s best hand?", player=player)
        add("halves", "How is the pot split between the high half and the low half?")
    if len(live) == 1:
        add("winners", "Everyone else has folded or given up their hand. Who wins the pot?" if unseen else
            "Everyone else has folded. Who wins the pot?")
    elif split:
        add("winners", "Who wins the high half of the pot?", side="high")
    else:
        add("winners", "Who wins the pot?")
    if deal.all_in:
        add("side_pots", "What pots are there at the end, and who may win each?")
    add("award", "How many units does each player receive from the pot?")
    return out


def _yaml(hand: PhhHand, deal: StudHand, exercise_id: str, rules: str | None, events: list[str],
          questions: list[dict[str, Any]], notes: list[str]) -> tuple[str, dict[int, int]]:
    q = _scalar
    source = Path(hand.source).name
    title = hand.optional.get("event") if isinstance(hand.optional.get("event"), str) else None
    what = f"{find_game(deal.game).title}, {len(deal.seats)} players"
    lines = [
        f"# Imported from {source} with `python -m course import-phh`: edit the .phh file and import it",
        "# again rather than editing the events here. `course check` computes every answer.",
        f"id: {exercise_id}",
        f"title: {q(f'A hand history: {title} ({what})' if title else f'A hand history: {what}')}",
        f"game: {deal.game}",
    ]
    if rules:
        lines.append(f"rules: {rules}")
    stakes = ", ".join(f"{k}: {v}" for k, v in deal.stakes.items())
    lines.append(f"stakes: {{{stakes}}}")
    if deal.all_in:          # someone goes all in: the chips each player starts with matter
        lines.append("stacks: {" + ", ".join(f"{q(p)}: {n}" for p, n in deal.stacks.items()) + "}")
    lines += ["street: third", f"seats: [{', '.join(q(p) for p in deal.seats)}]",
              "hands:"]
    lines += [f"  {q(p)}: {{}}" for p in deal.seats]
    unknown = {p: _unknown_faces(held) for p, held in deal.cards.items() if any(c.card is None for c in held)}
    if unknown:              # cards the record does not show: the screen draws them as backs
        lines.append("unknown_cards: {" + ", ".join(f"{q(p)}: [{', '.join(f)}]" for p, f in unknown.items()) + "}")
    intro = (f"A hand recorded in the PHH hand-history format ({source}, variant {hand.variant}), played from the "
             "antes to the end. Each question stops the hand at a street, so answer it from the cards and chips "
             "on the table at that moment.")
    if notes:
        intro += " " + " ".join(notes)
    lines.append(f"intro: {q(intro)}")
    kept = _kept_fields(hand)
    if kept:
        lines.append("phh: |")
        lines += [f"  {row}" for row in kept.splitlines()]
    lines.append("events:")
    yaml_lines: dict[int, int] = {}
    for n, event in enumerate(events):
        lines.append(f"  - {q(event)}")
        yaml_lines[len(lines)] = n
    lines.append("questions:")
    for question in questions:
        first = True
        for key, value in question.items():
            text = q(value)
            lines.append(f"  {'- ' if first else '  '}{key}: {text}")
            first = False
    return "\n".join(lines) + "\n", yaml_lines


def _unknown_faces(held: list[Any]) -> list[str]:
    """A player's `unknown_cards` entry: each card dealt in turn, down or up when the record does not
    show it, known when it does, up to the last one it does not show."""
    last = max(i for i, c in enumerate(held) if c.card is None)
    return ["known" if c.card is not None else "up" if c.up else "down" for c in held[:last + 1]]


_PLAIN = re.compile(r"^[A-Za-z][\w ♣♦♥♠.'-]*$")
_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n"}


def _scalar(value: Any) -> str:
    """A YAML scalar: plain when it reads back as the same text, else a JSON (double-quoted) string."""
    if isinstance(value, str) and _PLAIN.match(value) and value.lower() not in _YAML_WORDS \
            and not value.endswith(" "):
        return value
    return json.dumps(value, ensure_ascii=False)


def _kept_fields(hand: PhhHand) -> str:
    """The PHH fields the exercise does not say itself, as TOML: starting stacks, then the
    optional fields in the file's order (players' names included, spaces and all)."""
    rows = [f"starting_stacks = {_toml(hand.starting_stacks)}"]
    rows += [f"{key} = {_toml(value)}" for key, value in hand.optional.items()]
    return "\n".join(rows)


# --- the engine's word on an import ------------------------------------------------------------


def check_import(imported: Imported) -> Any:
    """Replay the imported exercise with the engine and answer every question: the `Exercise`,
    or a `PhhRefusal` naming the .phh line when the course's rules read the hand otherwise."""
    from course.content.exercises import parse_exercise

    exercise = _keep_notation(imported, _engine_exercise(imported), parse_exercise)
    _check_mucked_hands(imported, exercise)
    _check_winnings(imported, exercise)
    _check_hand_ends(imported.hand, imported.deal)
    return exercise


def _engine_exercise(imported: Imported) -> Any:
    """The exercise as the engine reads it, every question answered; refused at the .phh line of
    the first problem."""
    from course.content.exercises import parse_exercise
    from course.content.verdict import engine_problems

    name = str(Path(imported.source).with_suffix(".yaml"))
    exercise, problems = parse_exercise(imported.text, name)
    problems = list(problems) + (engine_problems([exercise]) if exercise is not None and not problems else [])
    if problems or exercise is None:
        first = problems[0]
        line = imported.phh_line(first.line)
        raise PhhRefusal(f"the course's rules do not accept this hand as recorded: {first.message}",
                         imported.source, line)   # a problem at no event (an unknown profile): the file
    return exercise


def _check_mucked_hands(imported: Imported, exercise: Any) -> None:
    """A hand mucked at the showdown that the course's showdown would give part of the pot is refused."""
    from course.asks import solvers as q

    deal = imported.deal
    winners_q = next((x for x in exercise.questions if x.ask == "winners"), None)
    mucked = [p for p, shown in deal.shown.items() if not shown]
    if winners_q is None or not mucked:
        return
    won = set(q.answer(exercise, winners_q).value)
    if won & set(mucked):
        line = next((a.line for a in imported.hand.actions if a.verb == "sm" and a.shown is None
                     and deal.seats[a.player - 1] in won), None)
        raise PhhRefusal(f"{_names(sorted(won & set(mucked)))} mucked a hand that wins at the showdown: the "
                         "course's showdown has every hand still in show down, so it cannot say that a winning "
                         "hand was thrown away", imported.source, line)


def _check_winnings(imported: Imported, exercise: Any) -> None:
    """The file's `winnings`, when it has them, are the course's award (less an uncalled bet)."""
    from course.asks import solvers as q

    deal = imported.deal
    winnings = imported.hand.optional.get("winnings")
    award_q = next((x for x in exercise.questions if x.ask == "award"), None)
    if not (isinstance(winnings, list) and len(winnings) == len(deal.seats) and award_q is not None):
        return
    award = q.answer(exercise, award_q).value
    ours = [award.get(p, 0) for p in deal.seats]
    back = _uncalled(deal)       # PHH counts the pots collected: an uncalled bet went back first
    less = [units - back.get(p, 0) for p, units in zip(deal.seats, ours)]
    if [float(w) for w in winnings] not in ([float(u) for u in ours], [float(u) for u in less]):
        raise PhhRefusal(f"winnings {_toml(winnings)} differ from the course's award {_toml(ours)} under its "
                         "rules (a rake, or an odd unit given otherwise): the exercise would teach another "
                         "result than the file records", imported.source, imported.hand.lines.get("winnings"))


NOTATION = "_course_notation"   # a user-defined PHH field (leading '_'): never written out by export


def _keep_notation(imported: Imported, exercise: Any, parse: Any) -> Any:
    """Keep, under `phh:`, how the file wrote what the exercise's events cannot say: its no-ops
    and commentary, a showdown's cards written out, a mucked hand. `[index, "text"]` pairs for
    the actions export would write otherwise; the exercise (and its YAML lines) updated."""
    written = export_exercise(exercise).actions
    rows: list[list[Any]] = []
    j = 0
    for i, action in enumerate(imported.hand.actions):
        if action.verb is None:
            rows.append([i, action.text()])
            continue
        if j < len(written) and action.text() != written[j].text() and same_action(action, written[j]):
            rows.append([i, action.text()])
        j += 1
    if not rows:
        return exercise
    block = f"  {NOTATION} = [\n" + "".join(f"    [{i}, {_toml(t)}],\n" for i, t in rows) + "  ]\n"
    imported.text = imported.text.replace("\nevents:\n", "\n" + block + "events:\n", 1)
    shift = block.count("\n")
    imported.yaml_lines = {line + shift: n for line, n in imported.yaml_lines.items()}
    exercise, problems = parse(imported.text, exercise.path)
    if exercise is None or problems:        # not reachable for a text that parsed a moment ago
        raise PhhError(f"the imported exercise does not read back: {problems[0].message if problems else ''}",
                       imported.source)
    return exercise


def same_action(written: Any, exported: Any) -> bool:
    """Whether an action as a file wrote it is the exported action in other words: the same
    actor, verb, player, cards and amount, commentary aside. At the showdown any show or muck
    stands for another: the format leaves the order of the showdown free, and the course checked
    that a mucked hand won nothing (`_as_written` keeps the players the same)."""
    if written.verb == "sm" and exported.verb == "sm":
        return True
    if (written.actor, written.verb, written.player) != (exported.actor, exported.verb, exported.player):
        return False
    same_amount = (written.amount is None) == (exported.amount is None) and (
        written.amount is None or float(written.amount) == float(exported.amount))
    return same_amount and written.cards == exported.cards


def _uncalled(deal: StudHand) -> dict[str, int]:
    """Chips nobody matched, which go back before the pot is collected: the most any player put
    in, less the next most, returned to that player (a last bet everyone folded to, or an all-in
    bet by a deeper stack)."""
    ranked = sorted(deal.contributed.items(), key=lambda item: -item[1])
    if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
        return {}
    return {ranked[0][0]: ranked[0][1] - ranked[1][1]}


def import_file(path: str | Path, out: str | Path, rules: str | None = None) -> Path:
    """Read, import and check one .phh file; write DIR/<stem>.yaml. Raises `PhhError`/`PhhRefusal`."""
    path = Path(path)
    imported = import_hand(read_phh(path), rules)
    check_import(imported)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{path.stem}.yaml"
    target.write_text(imported.text, encoding="utf-8")
    return target


# --- exercise -> PHH ---------------------------------------------------------------------------


def export_exercise(exercise: Any) -> PhhHand:
    """The PHH hand of a whole-hand stud exercise, its betting amounts read from the engine's
    replay; the fields kept under `phh:` come back as they were. Raises `PhhRefusal` for an
    exercise the format cannot take (one street only, a game with no PHH variant)."""
    where = exercise.path
    variant = {g: v for v, g in STUD_VARIANTS.items()}.get(exercise.game)
    if variant is None:
        raise PhhRefusal(f"game {exercise.game} has no PHH variant code (PHH writes F7S, FR and F7S/8 among the "
                         "stud games)", where, exercise.line)
    if not exercise.whole_hand:
        raise PhhRefusal("only a whole-hand exercise (its events from the antes to the end) can be written as a "
                         "hand history: this one shows one street", where, exercise.line)
    kept = _read_kept(exercise.extra.get("phh"), where, exercise.marks.get("phh", (exercise.line, 1))[0])
    moves, table = _replayed_moves(exercise)
    mucked = [m.player for m in moves if m.kind == "muck"]       # given up unseen: 'pN sm' with no cards
    moves = _with_unknown_deals(exercise, [m for m in moves if m.kind != "muck"])
    live = [p for p in exercise.seats if not table.hands[p].folded or p in mucked]
    shown = {p: p not in mucked for p in _showdown_order(moves, exercise.seats, live)} if len(live) > 1 else {}
    stakes = exercise.profile.stakes
    deal = StudHand(exercise.game, list(exercise.seats),
                    {"ante": int(stakes.ante), "bring_in": int(stakes.bring_in), "small_bet": int(stakes.small_bet),
                     "big_bet": int(stakes.big_bet)}, {}, moves, shown=shown)
    stacks = kept.pop("starting_stacks", None)
    if stacks is None and getattr(exercise, "stacks", None):   # a hand written with `stacks:`
        stacks = [exercise.stacks.get(p, math.inf) for p in exercise.seats]
    notation = kept.pop(NOTATION, None)
    hand = stud_to_phh(deal, stacks, **kept)     # a kept `players` (spaces and all) wins over the seats
    hand.source = str(where)
    if isinstance(notation, list):
        hand.actions = _as_written(hand, notation)
    return hand


def _replayed_moves(exercise: Any) -> tuple[list[StudMove], Any]:
    """The exercise's moves as the engine's one replay records them (the amounts each added, the
    street each falls on), antes left out; and the table at the end."""
    from course.engine.state import HandState

    state = HandState.start(exercise)     # the one replay: the amounts are what the engine records
    table = state.table
    moves: list[StudMove] = []
    round_totals: dict[str, int] = {}
    last_street = None
    for move in exercise.moves:
        before = {p: table.hands[p].paid for p in table.seats}
        state.apply(move)
        table = state.table
        street = table.street or find_game(exercise.game).first_street
        if street != last_street:
            round_totals, last_street = {}, street
        if move.kind == "ante":
            continue
        if move.kind == "deal":
            moves.append(StudMove(street, "deal", move.player, move.card, move.up))
            continue
        if move.kind == "shared":
            moves.append(StudMove(street, "shared", card=move.card, up=True))
            continue
        added = table.hands[move.player].paid - before[move.player]
        round_totals[move.player] = round_totals.get(move.player, 0) + added
        amount = round_totals[move.player] if move.kind in ("complete", "bet", "raise") else None
        kind = move.kind if move.kind != "call" or added else "check"
        moves.append(StudMove(street, kind, move.player, amount=amount))
    return moves, table


def _with_unknown_deals(exercise: Any, moves: list[StudMove]) -> list[StudMove]:
    """The cards the record does not show go back in, `??`, each on its street: a street's deals
    one run in seat order (a player's cards in the order dealt), where its first card went out."""
    from course.content.phh import STUD_STREETS

    unknown = exercise.extra.get("unknown_cards") or {}
    if not unknown:
        return moves
    index: dict[int, int] = {}                      # id of a known deal -> its place in the player's cards
    taken = {p: 0 for p in exercise.seats}
    for move in moves:
        if move.kind == "deal":
            while taken[move.player] < len(unknown.get(move.player, ())) \
                    and unknown[move.player][taken[move.player]] != "known":
                taken[move.player] += 1
            index[id(move)] = taken[move.player]
            taken[move.player] += 1
    unseen = [(i, StudMove(STUD_STREETS[max(0, i - 2)], "deal", p, None, face == "up"))
              for p, faces in unknown.items() for i, face in enumerate(faces) if face != "known"]
    order = {p: n for n, p in enumerate(exercise.seats)}
    out = list(moves)
    for street in STUD_STREETS:
        extra = [(i, m) for i, m in unseen if m.street == street]
        if not extra:
            continue
        start = next((n for n, m in enumerate(out) if m.street == street), len(out))
        end = start
        while end < len(out) and out[end].kind == "deal" and out[end].street == street:
            end += 1
        run = [(index.get(id(m), 0), m) for m in out[start:end]] + extra
        run.sort(key=lambda item: (order[item[1].player], item[0]))
        out[start:end] = [m for _, m in run]
    return out


def _as_written(hand: PhhHand, notation: list[Any]) -> list[Any]:
    """The exported actions, with the file's own notation put back where it says the same."""
    from course.content.phh import PhhAction, _parse_action

    stored: dict[int, Any] = {}
    for row in notation:
        if (isinstance(row, list) and len(row) == 2 and isinstance(row[0], int) and not isinstance(row[0], bool)
                and isinstance(row[1], str)):
            try:
                stored[row[0]] = _parse_action(row[1], None, hand.players, hand.variant, hand.source)
            except PhhError:
                continue
    out: list[PhhAction] = []
    actions = iter(hand.actions)
    i = 0
    while True:
        kept = stored.get(i)
        if kept is not None and kept.verb is None:
            out.append(kept)
        else:
            action = next(actions, None)
            if action is None:
                break
            out.append(kept if kept is not None and same_action(kept, action) else action)
        i += 1
    shows = sorted(a.player for a in hand.actions if a.verb == "sm")
    if sorted(a.player for a in out if a.verb == "sm") != shows:    # an edited exercise: its own showdown
        kept_out = iter(a for a in hand.actions if a.verb == "sm")
        out = [next(kept_out) if a.verb == "sm" else a for a in out]
    return out


def _showdown_order(moves: list[StudMove], seats: list[str], live: list[str]) -> list[str]:
    """Who shows first: the last player to bet or raise on the last street, else its first actor
    (the order pokerkit asks for), then clockwise."""
    betting = [m for m in moves if m.kind not in ("deal", "shared")]
    if not betting:
        return live
    last_street = betting[-1].street
    final = [m for m in betting if m.street == last_street]
    aggressors = [m.player for m in final if m.kind in ("bet", "raise", "complete", "bring_in")]
    start = aggressors[-1] if aggressors else final[0].player
    i = seats.index(start)
    return [p for p in seats[i:] + seats[:i] if p in live]


def _read_kept(text: Any, where: str, line: int) -> dict[str, Any]:
    if not text:
        return {}
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise PhhRefusal(f"phh: is not TOML ({err})", where, line) from None


def export_file(exercise: Any, out: str | Path) -> Path:
    target = Path(out)
    target.write_text(write_phh(export_exercise(exercise)), encoding="utf-8")
    return target


__all__ = [
    "Imported", "PhhError", "PhhRefusal", "check_import", "export_exercise", "export_file", "exercise_id_for",
    "import_file", "import_hand", "seat_names",
]
