"""Home games on the shared engine: Horn-A-Vika (OPR-535) and Have a Heart (OPR-678).

Each game module exposes the same surface, which `course.content` and `course.questions` use:

- `parse_event(text) -> Event`, raising `IllegalActionError` (a ValueError) that quotes the text;
- `check_events(exercise) -> list[(index, message)]`: every problem in `events:` at once;
- `replay(exercise)`: the table after the events (raises `IllegalActionError` with `.index`);
- `final_hands(exercise) -> {player: FinalHand(down, up, folded)}`, `shared_cards(exercise)`,
  `final_pot(exercise)`;
- `ASKS`: the game's own asks, each `(exercise, question) -> Answer`; `ASK_PARAMS`,
  `ASK_ANSWERS` (answer kinds), `STUD_ASKS` (stud asks answered on the final hands),
  `EXERCISE_KEYS`, `PROMPTS` (default prompts);
- `is_correct(exercise, question, given)` for the answer kinds of the game's own (holding,
  takes, matches; every other kind is checked by `course.questions`), and `to_json(ask, value)`;
- `random_deal(rng, players, profile)`: one hand played to the end with random legal choices.

The event syntax is documented in exercises/README.md ("Home-game events").
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

GAMES = {"horn-a-vika": "horn_a_vika", "have-a-heart": "have_a_heart"}


def variant(game: str) -> ModuleType:
    """The module of a home game; `ValueError` naming the games when `game` is not one."""
    try:
        return import_module(f"course.variants.{GAMES[game]}")
    except KeyError:
        raise ValueError(f"{game!r} is not a home game: expected one of {', '.join(GAMES)}") from None
