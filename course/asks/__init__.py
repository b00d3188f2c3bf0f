"""The asks (question types) each game supports."""

from __future__ import annotations

from dataclasses import dataclass

from course.games import variant_module

# --------------------------------------------------------------------------------------------
# Asks: the questions each game supports, their extra keys and the shape of their answers.
# Answer kinds: player, order (players, order matters), players (order free), yesno, map
# (player -> units), units, cards, category, any (a home-game ask that declares no kind).


@dataclass(frozen=True)
class AskSpec:
    params: dict[str, str]  # extra key -> kind: player, street, action, count, cards, text, int
    answer: str
    required: tuple[str, ...] = ()


STUD_ASKS: dict[str, AskSpec] = {
    "bring_in": AskSpec({}, "player"),
    "opener": AskSpec({"street": "street"}, "player"),
    "action_order": AskSpec({}, "order"),
    "legal_action": AskSpec({"action": "action", "after": "count"}, "yesno", ("action",)),
    "contributions": AskSpec({}, "map"),
    "street_total": AskSpec({}, "units"),
    "best_five": AskSpec({"player": "player"}, "cards", ("player",)),
    "category": AskSpec({"player": "player"}, "category", ("player",)),
    "winners": AskSpec({}, "players"),
    "award": AskSpec({}, "map"),
    "legal_hand": AskSpec({"player": "player", "cards": "cards"}, "yesno", ("player", "cards")),
    "shared_card": AskSpec({}, "yesno"),
}
# The stud asks a home game answers with its final hands unless its module says otherwise.
HOME_STUD_ASKS = ("best_five", "category", "winners", "award", "legal_hand")
_GENERIC_PARAMS = {
    "player": "player", "street": "street", "round": "any", "after": "count", "action": "action",
    "event": "text", "cards": "cards", "card": "cards", "stage": "any", "from": "player",
    "to": "player",
}


def asks_for(game: str) -> dict[str, AskSpec]:
    """Every ask a game supports, with its extra keys and answer kind."""
    if game == "stud-high":
        return dict(STUD_ASKS)
    module = variant_module(game)
    if module is None:
        return {}
    stud = getattr(module, "STUD_ASKS", HOME_STUD_ASKS)
    specs = {ask: STUD_ASKS[ask] for ask in stud if ask in STUD_ASKS}
    declared_params = getattr(module, "ASK_PARAMS", {})
    declared_kinds = getattr(module, "ASK_ANSWERS", {})
    for ask in getattr(module, "ASKS", {}):
        params = declared_params.get(ask)
        if params is None:
            params = _GENERIC_PARAMS
        elif not isinstance(params, dict):
            params = {key: _GENERIC_PARAMS.get(key, "any") for key in params}
        base = STUD_ASKS.get(ask)
        kind = declared_kinds.get(ask, base.answer if base else "any")
        specs[ask] = AskSpec(dict(params), kind)
    return specs
