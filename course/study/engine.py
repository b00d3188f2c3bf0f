"""The engine surface the study loop uses, in one place.

The study package reads the engine only through these functions, so a change of the engine's
layout (modules moving, an ask registry) is adapted here and nowhere else.
"""

from __future__ import annotations

from typing import Any

from course import content, rules
from course.asks import solvers
from course.engine import showdown
from course.engine.betting import Action, Verb
from course.explain import Answer
from course.games import find_game, variant_module  # noqa: F401  (variant_module: the study package's way to a home game's hooks)
# The rules the catalogue of known mistakes (`misconceptions.py`) and the feedback (`compare.py`)
# replay a deal under, named here so the study package reaches them through this module alone.
from course.asks.kinds import card_list  # noqa: F401
from course.engine.showdown import Pot, award, split_pot  # noqa: F401
from course.engine.irregularities import still_in  # noqa: F401  (the players a dealing repair counts)
from course.engine.turn import action_order, bring_in, cards_left_before_seventh, first_to_act, needs_shared_card, opener  # noqa: F401


def parse(text: str, file: str):
    """(Exercise | None, problems) for exercise YAML text."""
    return content.parse_exercise(text, file)


def build(data: dict[str, Any], file: str):
    """(Exercise | None, problems) for exercise data (YAML-shaped), checked as its YAML would be."""
    return content.exercise_from_data(data, file)


def answer(exercise, question) -> Answer:
    return solvers.answer(exercise, question)


def answer_json(exercise, question, value: Any = None) -> Any:
    """The engine's answer (or `value`) in the YAML/JSON shape an author writes."""
    if value is None:
        value = answer(exercise, question).value
    return solvers.kind_of(exercise, question).to_json(value)


def is_correct(exercise, question, given: Any, engine: Answer | None = None) -> bool:
    return solvers.is_correct(exercise, question, given, engine)


def check(exercise) -> list:
    """What `course check` reports for one exercise (engine failures, disagreeing answers)."""
    return solvers.check_exercise(exercise)


def answer_kind(exercise, question) -> str:
    return solvers.answer_kind(exercise, question)


def kind_of(exercise, question):
    """The question's answer kind (`course.asks.kinds.Kind`)."""
    return solvers.kind_of(exercise, question)


def asks(game: str) -> tuple[str, ...]:
    return tuple(content.asks_for(game))


def games() -> tuple[str, ...]:
    return content.GAMES


def street_cards(street: str, game: str = "stud-high", shared: bool = False) -> tuple[int, int]:
    """(down, up) each player still in holds on `street` of `game`, from its spec; `shared`: a
    shared card has replaced a street's card (`GameSpec.cards_on`)."""
    return find_game(game).cards_on(street, shared)


def drill_module(game: str) -> str | None:
    """The module that registers the game's drill templates, as its spec names it."""
    return find_game(game).drills


def betting_streets(game: str) -> tuple[str, ...]:
    """The game's betting streets in order, from its spec."""
    return find_game(game).betting_streets


def random_home_deal(game: str, rng, players: int, profile, **options: Any):
    """A home-game hand played to the end with random legal choices: `.texts` are its events."""
    return content.variant_module(game).random_deal(rng, players, profile, **options)


def home_replay(exercise, upto: int | None = None):
    """The home game's table after the exercise's events (the first `upto` of them), played on the
    one hand state."""
    from course.engine.state import HandState

    return HandState.replay(exercise, upto).table


def table_card_stage(game: str) -> int | None:
    """The stage of `game` whose card is dealt to the table (Horn-A-Vika's spit card), None when
    no stage deals one."""
    return next((s.number for s in find_game(game).stages if s.to_table), None)


def profile(name: str, overrides: dict[str, Any] | None = None):
    from course import rules

    return rules.load_profile(name, overrides)


def default_profile(game: str):
    from course import rules

    return rules.default_profile(game)


def stud_round(street: str, seats, hands, profile, folded=(), pot: int = 0):
    """An empty stud betting round for `street` (its first actor found from the cards), whose
    moves are played on the one hand state: `can` and `apply` go through `HandState`, and `apply`
    returns the round's entry (the action with its amount filled in); the rest reads the round."""
    from types import SimpleNamespace

    from course.engine.state import HandState

    exercise = SimpleNamespace(game=profile.game, street=street, seats=list(seats), hands=hands, profile=profile,
                               stakes=profile.stakes, folded=tuple(folded), pot=pot, shared=[])
    return _StreetPlay(HandState.start(exercise))


class _StreetPlay:
    """A stud street played on the one hand state, read like its betting round."""

    def __init__(self, state) -> None:
        self.state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state.round, name)

    def can(self, move) -> bool:
        return self.state.can(move)

    def legal(self) -> list[str]:
        """Every move the player to act may make now, amounts filled in (each one `can` accepts)."""
        return self.state.legal_betting()

    def apply(self, move):
        self.state.apply(move)
        return self.state.round.last_entry


def replay_street(exercise):
    """The stud betting round after the exercise's actions, played on the one hand state."""
    from course.engine.state import HandState

    return HandState.replay(exercise).round


def possible_pots(deal, limit: int) -> set[int]:
    """Pots up to `limit` that antes and fixed-limit bets can make for `deal` (an exercise, or
    anything with its profile, stakes, game, street, seats, active and folded)."""
    from course.content import pots

    return pots.possible_pots(deal, limit)


def round_ahead(table) -> int | None:
    """A Horn-A-Vika table's betting round in play, or the next one to come (None after the
    last): the round a `bet_limit` question without `round` is about."""
    return table.round_ahead()


# --- what the catalogue of known mistakes reads of a deal (course/study/misconceptions.py)


def citations() -> dict:
    """The citation registry: key -> citation."""
    return rules.citations()


def profile_names(game: str) -> list[str]:
    """The rule profiles of `game`, by name."""
    return rules.profile_names(game)


def with_profile(exercise, name: str):
    """The same exercise under rule profile `name` (ValueError when its moves break under it)."""
    return content.with_profile(exercise, name)


def final_hands(exercise) -> dict:
    """Each player's own cards at the showdown (or the end of the moves)."""
    return solvers.final_hands(exercise)


def final_hand_states(exercise) -> dict:
    """Each player's hand at the showdown, up and down cards apart."""
    return solvers.final_hand_states(exercise)


def shared_cards(exercise) -> list:
    """The cards shared by every player (a shared seventh card, the spit card)."""
    return solvers.shared_cards(exercise)


def folded_players(exercise) -> list[str]:
    return solvers.folded_players(exercise)


def own_cards(exercise, player: str, question=None) -> tuple[list, list]:
    """(`player`'s own cards, the shared cards) a best five of `question` is made from."""
    return solvers._own(exercise, player, question)


def hand_side(exercise, question) -> tuple[str, str]:
    """(game, "high" or "low"): the side a hand of `question` is ranked on."""
    return solvers._side(exercise, question)


def halves(exercise, question) -> Answer:
    """A high-low pot's two halves behind an award or halves question."""
    return solvers._halves(exercise, question)


def share_pot(pot: int, winners, seats, *, profile, cards, rule: str) -> Answer:
    """`pot` shared among `winners`, an odd unit by `rule` ("highest-card-by-suit" for a high
    half, "lowest-card-by-suit" for a low one)."""
    return showdown._share(pot, winners, seats, profile=profile, cards=cards, rule=rule)


def bet_of(text: str) -> int | None:
    """The amount of a stud action that is a bet ("Ava bets 4"), None for any other action or
    text that is no action."""
    try:
        action = Action.parse(text)
    except ValueError:
        return None
    return action.amount if action.verb is Verb.BET else None
