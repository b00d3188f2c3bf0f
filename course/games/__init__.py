"""The games the course teaches, each described once as data: one registry, `GAMES`.

A `GameSpec` says what the checker, the questions and the app need to know about a game: its
streets with the cards each player holds once a street is dealt, which streets are bet, how the
shared card works, whether cards change hands (so counts per player are free but the deck is
conserved), how its moves are written (`actions` or `events`) and the engine module of a game
with moves of its own. Code outside this package reads these fields; it never compares a game
name or a street name. Adding a game: docs/architecture.md "Adding a game".
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any


# Lesson topics: these, and every game's own name (a game's first lesson is about the game).
_TOPICS = (
    "deal", "forced-bets", "bring-in", "opener", "amounts", "contributions", "best-five",
    "showdown", "shared-card", "relatives", "horn-a-vika", "have-a-heart", "review",
    "razz", "stud-hi-lo", "side-pots",
)
MAX_SEATS = 8
DEAL_TIMELINE = 'HPD "The deal timeline"'


@dataclass(frozen=True, slots=True)
class StreetSpec:
    """One street: the cards each player still in holds once it is dealt, and its betting."""

    name: str
    down: int
    up: int
    betting: bool = True
    table: int = 0          # cards dealt face up to the table once the players' cards are out
    opens: str = "later_round_opens"   # the profile option saying who starts the street's betting
    bet: str = "bet_by_street"          # the profile option giving the street's bet size


@dataclass(frozen=True, slots=True)
class Stage:
    """One step of the deal: the cards each player still in receives, in order ("down" or "up"),
    or the table's own card (`players` empty), and the betting round that follows, if any."""

    number: int
    street: str
    players: tuple[str, ...]
    round: int | None

    @property
    def to_table(self) -> bool:
        return not self.players


# The seven-card stud deal (HPD "The deal timeline"): two down and one up, three more up, one down.
STUD_STREETS = (
    StreetSpec("third", 2, 1, opens="first_round_opens"), StreetSpec("fourth", 2, 2), StreetSpec("fifth", 2, 3),
    StreetSpec("sixth", 2, 4), StreetSpec("seventh", 3, 4), StreetSpec("showdown", 3, 4, betting=False),
)

# Horn-A-Vika (OPR-535 4): stud's deal, with the spit card dealt to the table after fifth street's
# face-up cards; fifth street's betting round follows the spit card.
HORN_STREETS = (
    StreetSpec("third", 2, 1, opens="first_round_opens"), StreetSpec("fourth", 2, 2), StreetSpec("fifth", 2, 3, table=1),
    StreetSpec("sixth", 2, 4), StreetSpec("seventh", 3, 4), StreetSpec("showdown", 3, 4, betting=False),
)

# The moves of a stud street; the home games add moves of their own.
BETTING_MOVES = ("ante", "bring_in", "complete", "bet", "raise", "call", "check", "fold")

# The stud asks a home game answers on its final hands; Stud High answers every stud ask.
SHOWDOWN_ASKS = ("best_five", "category", "winners", "legal_hand")
STUD_ASKS = ("bring_in", "opener", "action_order", "legal_action", "contributions", "street_total",
             *SHOWDOWN_ASKS, "award", "shared_card", "side_pots", "showdown_order")
# The asks of a pot split between a high and a low hand (Stud Hi-Lo; RRP-H 10.2, 10.3).
HALVES_ASKS = ("halves", "qualifies")
# The stud asks about a betting round a game on events answers on the one Table's rounds, at a
# point its questions name (`GameSpec.point_keys`): its module takes them up by name.
ROUND_ASKS = ("legal_action", "contributions", "street_total", "action_order", "side_pots")


_STAGES: dict[int, tuple[tuple[StreetSpec, ...], tuple[Stage, ...]]] = {}


def _stages(streets: tuple[StreetSpec, ...]) -> tuple[Stage, ...]:
    """`GameSpec.stages`, worked out once per tuple of streets (specs are frozen), found by
    the tuple's identity: hashing six streets on every read cost more than the lookup saved."""
    kept = _STAGES.get(id(streets))
    if kept is None or kept[0] is not streets:
        kept = _STAGES[id(streets)] = (streets, _deal_steps(streets))
    return kept[1]


def _deal_steps(streets: tuple[StreetSpec, ...]) -> tuple[Stage, ...]:
    stages: list[Stage] = []
    down = up = rounds = 0
    for street in streets:
        cards = ("down",) * (street.down - down) + ("up",) * (street.up - up)
        down, up = max(down, street.down), max(up, street.up)
        if not cards and not street.table:
            continue
        steps = [cards] if cards else []
        steps += [()] * street.table
        for i, players in enumerate(steps):
            last = i == len(steps) - 1
            rounds += bool(last and street.betting)
            stages.append(Stage(len(stages) + 1, street.name, players,
                                rounds if last and street.betting else None))
    return tuple(stages)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game, as data. The engine module (when the game has moves of its own) gives the hooks."""

    name: str
    title: str
    streets: tuple[StreetSpec, ...] = STUD_STREETS
    moves: str = "actions"               # how an exercise writes what happens next: actions or events
    engine: str | None = None            # module with the game's own moves, asks and replay
    hand_table: str = "course.engine.table"   # module whose `Table` plays a whole hand on actions
    cards_move: bool = False             # cards change hands (takes): counts per player are free
    shared_name: str = "Shared card"     # what the table calls its shared face-up card
    shared_replaces: str | None = "seventh"   # a shared card stands in for everyone's card of this street
    max_shared: int = 1
    pair_street: str | None = "fourth"   # where the profile's exposed-pair big-bet option applies
    award_needs_pot: bool = True         # an `award` question needs the exercise's `pot`
    cite: str = DEAL_TIMELINE            # the article the street counts come from
    stud_asks: tuple[str, ...] = SHOWDOWN_ASKS   # stud asks the game answers (on its final hands)
    exercise_keys: tuple[str, ...] = ()  # extra top-level exercise keys the game reads (`extra`)
    kinds: tuple[str, ...] = BETTING_MOVES   # the moves its grammar accepts (course.moves)
    # The hand orders a showdown ranks by, one pot share each: "high" (the best poker hand) and
    # "low" (the profile's `low_order`: ace-to-five, eight-or-better). Two orders split the pot
    # into a high and a low half (course.engine.showdown.split_pot).
    orders: tuple[str, ...] = ("high",)
    # How the game's rules name a point in the hand: "street", or "stage" with numbered betting
    # rounds (Horn-A-Vika, OPR-535 4: its stages are not stud's streets).
    points: str = "street"
    door_card: str = "door card"   # what a learner calls the first face-up card, which decides the bring-in
    # How the one family of asks (`course.asks.for_game`) reads the game: what its prompts call a
    # betting round ("on this street"), the keys its questions take to name a point in the hand (a
    # game on events: `after` so many events, the `street` of a round), its own wording of an
    # ask's prompt (ask -> prompt), the stud asks that train the game itself rather than their
    # own skill, and those whose table is drawn with the pot hidden.
    round_word: str = "street"
    point_keys: tuple[str, ...] = ()
    prompts: tuple[tuple[str, str], ...] = ()
    trains_game: tuple[str, ...] = ()
    pot_hidden: tuple[str, ...] = ()
    # The module registering the game's drill templates (course.study.templates loads it);
    # course.study.derived draws every drill from the spec and the game's profiles alone.
    drills: str | None = "course.study.derived"
    # The article that limits the table to the players the deck can deal in full (every card of
    # the deal, the table's own cards included: `players_dealt_in_full`); None where a shared
    # card makes room for more (stud's MAX_SEATS).
    seat_limit_cite: str | None = None

    def point_words(self, street: str | None) -> str:
        """A point of the hand in the game's own words: "third street", or, in a game whose rules
        number stages and betting rounds (`points: stage`), "stage 4 (betting round 3)" for the
        last stage dealt on that street. "" for no street."""
        if not street:
            return ""
        if self.points != "stage":
            return f"{street} street" if street != "showdown" else "the showdown"
        if street == "showdown":
            return "the showdown"
        dealt = [s for s in self.stages if s.street == street]
        if not dealt:
            return street
        stage = dealt[-1]
        return f"stage {stage.number}" + (f" (betting round {stage.round})" if stage.round else "")

    @property
    def round_key(self) -> str:
        """The key a question names a betting round by: `street`, or `round` (its number) in a game
        whose rules number stages and betting rounds (`points: stage`)."""
        return "round" if self.points == "stage" else "street"

    @property
    def stages(self) -> tuple[Stage, ...]:
        """The deal step by step, read from the streets: each street's new hole cards, then its
        new face-up card, then (when it has one) the table's card; a betting street's round
        follows its last step. The showdown deals nothing."""
        return _stages(self.streets)

    def opens(self, street: str, profile: Any) -> Any:
        """The profile option saying who starts `street`'s betting (bring-in, highest card or
        best hand showing): profiles differ, so the spec names the option, not the answer."""
        return profile.option(self.street(street).opens)

    def bet_size(self, street: str, profile: Any) -> str:
        """The fixed step (small or big) of `street`'s bets and raises, from the profile option
        the spec names for it; `ValueError` when the profile's option does not name the street."""
        option = self.street(street).bet
        sizes = profile.value(option)
        if street not in sizes:
            raise ValueError(f"rule profile {profile.name!r}: {option} says nothing about {street} street "
                             f"(it names {', '.join(sizes)})")
        return sizes[street]

    @property
    def cards_per_player(self) -> int:
        """The cards each player holds once the whole deal is out (the last street's down and up)."""
        return self.cards_by(self.streets[-1].name)

    @property
    def table_cards(self) -> int:
        """The cards the dealer turns face up to the table for everyone (Horn-A-Vika's spit card)."""
        return sum(s.table for s in self.streets)

    def players_dealt_in_full(self, deck_size: int) -> int:
        """How many players a deck of `deck_size` cards deals every card to: the table's own cards
        come out of the same deck, and each player takes `cards_per_player`."""
        return (deck_size - self.table_cards) // self.cards_per_player

    def street(self, name: str) -> StreetSpec | None:
        return next((s for s in self.streets if s.name == name), None)

    @property
    def street_names(self) -> tuple[str, ...]:
        """Every street of the game, the showdown included, in the order they are dealt."""
        return tuple(s.name for s in self.streets)

    def check_betting_street(self, street: str) -> None:
        """`ValueError` naming the street and this game's betting streets unless it is one."""
        if not self.is_betting(street):
            raise ValueError(f"street {street!r}: expected one of {', '.join(self.betting_streets)} "
                             f"(the betting streets of {self.title})")

    def profile_problems(self, profile: Any) -> list[str]:
        """What a rule profile lacks for this game: each street option the spec reads (the bet
        size) must name exactly the game's betting streets."""
        problems = []
        for option in dict.fromkeys(s.bet for s in self.streets if s.betting):
            if not profile.has(option):
                problems.append(f"rule profile {profile.name!r} has no option {option!r}, which {self.title} reads")
                continue
            named = tuple(profile.value(option))
            if set(named) != set(self.betting_streets):
                problems.append(f"rule profile {profile.name!r}: {option} names {', '.join(named)}; "
                                f"{self.title} bets on {', '.join(self.betting_streets)}")
        return problems

    @property
    def first_street(self) -> str:
        """The street of the antes and the bring-in, dealt before any betting."""
        return self.streets[0].name

    def is_betting(self, street: str) -> bool:
        spec = self.street(street)
        return spec is not None and spec.betting

    def street_before(self, street: str | None) -> str | None:
        names = [s.name for s in self.streets]
        return names[names.index(street) - 1] if street in names and names.index(street) else None

    def dealt_face_down(self, street: str) -> bool:
        """A street whose card goes face down: the rows showing are those of the street before."""
        before = self.street(self.street_before(street) or "")
        spec = self.street(street)
        return spec is not None and before is not None and spec.up == before.up and spec.down > before.down

    @property
    def card_faces(self) -> tuple[bool, ...]:
        """Each player's cards in the order the dealer gives them, face up (True) or down: a
        street's new hole cards come before its new face-up card."""
        faces: list[bool] = []
        down = up = 0
        for street in self.streets:
            faces += [False] * (street.down - down) + [True] * (street.up - up)
            down, up = max(down, street.down), max(up, street.up)
        return tuple(faces)

    def cards_by(self, street: str) -> int:
        """How many cards each player still in has been dealt once `street` is dealt."""
        spec = self.street(street)
        return spec.down + spec.up if spec is not None else 0

    @property
    def shared_decided_after(self) -> str | None:
        """The street after which the shared-card question is settled (the one before the street a
        shared card replaces)."""
        return self.street_before(self.shared_replaces)

    @property
    def betting_streets(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.streets if s.betting)

    def cards_on(self, street: str, shared: bool = False) -> tuple[int, int] | None:
        """(down, up) each player still in holds on `street`; a shared card that replaces a
        street's card leaves everyone one down card short from that street on."""
        spec = self.street(street)
        if spec is None:
            return None
        down = spec.down
        if shared and self.shared_replaces is not None:
            replaced = self.street(self.shared_replaces)
            if replaced is not None and self.streets.index(spec) >= self.streets.index(replaced):
                down -= 1
        return down, spec.up

    def shared_in_play(self, street: str) -> bool:
        """Whether a shared card, once dealt, stands in for a card of `street` (that street or later)."""
        return self.cards_on(street, True) != self.cards_on(street)

    def module(self) -> ModuleType | None:
        return importlib.import_module(self.engine) if self.engine else None

    def whole_hand_table(self) -> Any:
        """The table class that plays whole hands of a game on actions (the one `Table`)."""
        return importlib.import_module(self.hand_table).Table


# A game played on events (the home games) asks the stud round asks of a betting round it names:
# "this betting round", at a point `after` so many events or on a `street`; they and the award
# train the game itself, side pots their own skill; the pot drawn would give a side-pots answer away.
EVENT_ROUNDS: dict[str, Any] = dict(
    round_word="betting round", point_keys=("after", "street"),
    prompts=(("award", "How is the pot shared out?"), ("opener", "Who opens the betting?"),
             ("shared_card", "Is seventh street one shared card in the middle?")),
    trains_game=("legal_action", "contributions", "street_total", "action_order", "award", "opener", "shared_card"),
    pot_hidden=("side_pots",))


GAMES: dict[str, GameSpec] = {
    spec.name: spec for spec in (
        GameSpec("stud-high", "Seven-Card Stud High", stud_asks=STUD_ASKS, drills="course.study.stud"),
        GameSpec("horn-a-vika", "Horn-A-Vika", moves="events", engine="course.variants.horn_a_vika",
                 streets=HORN_STREETS,
                 shared_name="Spit card", shared_replaces=None, award_needs_pot=False,
                 exercise_keys=("matched",), points="stage", drills="course.study.home",
                 seat_limit_cite="OPR-535 1.3",
                 kinds=("deal", "spit", "ante", "match", "fold", "check", "call", "bet", "raise"),
                 **EVENT_ROUNDS),
        GameSpec("have-a-heart", "Have a Heart", moves="events", engine="course.variants.have_a_heart",
                 cards_move=True, award_needs_pot=False, drills="course.study.home",
                 kinds=("deal", "shared", "take", "give", *BETTING_MOVES),
                 **EVENT_ROUNDS),
        # Razz (RRP-H 9): stud's deal (9.1), one pot to the best ace-to-five low (9.2), and an
        # exposed pair never changes the bet size (9.4).
        GameSpec("razz", "Razz", stud_asks=STUD_ASKS, pair_street=None, orders=("low",), drills="course.study.low"),
        # Stud Hi-Lo (RRP-H 10): stud's deal (10.1), the pot split between the best high hand
        # and the best eight-or-better low (10.2, 10.3), no exposed-pair big bet (10.7).
        GameSpec("stud-hi-lo", "Seven-Card Stud Hi-Lo", stud_asks=(*STUD_ASKS, *HALVES_ASKS), pair_street=None,
                 orders=("high", "low"), drills="course.study.low"),
        # Five-Card Stud High (5CS 2): a hole card and an up card, then three up cards one at a
        # time, four betting rounds; the small bet on the first two and the big bet on the last two
        # (5CS 9); ten players at most take fifty cards, so no shared card (5CS 1).
        GameSpec("five-card-stud", "Five-Card Stud High",
                 streets=(StreetSpec("second", 1, 1, opens="first_round_opens"), StreetSpec("third", 1, 2),
                          StreetSpec("fourth", 1, 3), StreetSpec("fifth", 1, 4),
                          StreetSpec("showdown", 1, 4, betting=False)),
                 stud_asks=("bring_in", "opener", "action_order", "legal_action", "contributions", "street_total",
                            *SHOWDOWN_ASKS, "award"),
                 shared_replaces=None, pair_street="third", cite="5CS 2", door_card="up card"),
    )
}
# Every street name some game deals, in the order the games deal them: what a street key may say
# before its game is known (each game's own `street_names` once it is).
STREETS = tuple(dict.fromkeys(s.name for spec in GAMES.values() for s in spec.streets))
TOPICS = tuple(dict.fromkeys((*_TOPICS, *GAMES)))


def find_game(name: str) -> GameSpec | None:
    return GAMES.get(name)


def variant_module(game: str) -> ModuleType | None:
    """The engine module of a game with moves of its own (None for stud high or an unknown game)."""
    spec = GAMES.get(game)
    return spec.module() if spec is not None else None
