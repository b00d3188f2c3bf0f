"""The engine surface the study loop uses, in one place.

The study package reads the engine only through these functions, so a change of the engine's
layout (modules moving, an ask registry) is adapted here and nowhere else.
"""

from __future__ import annotations

from typing import Any

from course import content, questions
from course.explain import Answer


def parse(text: str, file: str):
    """(Exercise | None, problems) for exercise YAML text."""
    return content.parse_exercise(text, file)


def answer(exercise, question) -> Answer:
    return questions.answer(exercise, question)


def answer_json(exercise, question, value: Any = None) -> Any:
    """The engine's answer (or `value`) in the YAML/JSON shape an author writes."""
    if value is None:
        value = answer(exercise, question).value
    from course.asks import to_json

    return to_json(value)


def is_correct(exercise, question, given: Any, engine: Answer | None = None) -> bool:
    return questions.is_correct(exercise, question, given, engine)


def check(exercise) -> list:
    """What `course check` reports for one exercise (engine failures, disagreeing answers)."""
    return questions.check_exercise(exercise)


def answer_kind(exercise, question) -> str:
    return questions.answer_kind(exercise, question)


def asks(game: str) -> tuple[str, ...]:
    return tuple(content.asks_for(game))


def games() -> tuple[str, ...]:
    return content.GAMES


def street_cards(street: str) -> tuple[int, int]:
    return content.STREET_CARDS[street]


def random_home_deal(game: str, rng, players: int, profile, **options: Any):
    """A home-game hand played to the end with random legal choices: `.texts` are its events."""
    return content.variant_module(game).random_deal(rng, players, profile, **options)


def home_replay(exercise):
    """The home game's table after the exercise's events."""
    return content.variant_module(exercise.game).replay(exercise)


def profile(name: str, overrides: dict[str, Any] | None = None):
    from course import rules

    return rules.load_profile(name, overrides)


def default_profile(game: str):
    from course import rules

    return rules.default_profile(game)


def stud_round(street: str, seats, hands, profile, folded=(), pot: int = 0):
    """An empty stud betting round for `street` (its first actor found from the cards)."""
    from course import betting

    return betting.new_round(street, seats, hands, profile, folded=folded, pot=pot)


def replay_street(exercise):
    """The stud betting round after the exercise's actions."""
    from course import betting

    return betting.replay_street(exercise.street, exercise.seats, exercise.hands, exercise.actions,
                                 exercise.profile, exercise.stakes, folded=tuple(exercise.folded),
                                 pot=exercise.pot or 0)


def possible_pots(deal, limit: int) -> set[int]:
    """Pots up to `limit` that antes and fixed-limit bets can make for `deal` (an exercise, or
    anything with its profile, stakes, game, street, seats, active and folded)."""
    from course.content import pots

    return pots.possible_pots(deal, limit)


def round_ahead(table) -> int | None:
    """A Horn-A-Vika table's betting round in play, or the next one to come (None after the
    last): the round a `bet_limit` question without `round` is about."""
    from course.variants.horn_a_vika import STAGES

    if table.current_round() and not table.round_done:
        return table.current_round()
    later = [r for s, (_, r) in sorted(STAGES.items()) if s > table.stage and r]
    return later[0] if later else None
