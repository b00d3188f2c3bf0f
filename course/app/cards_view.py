"""Cards drawn as cards: HTML and CSS for a deal, built only from escaped text.

A card shows its rank and suit symbol, red for hearts and diamonds; a face-down card is drawn
as a card back, or (when the exercise lets the learner see it) as a dimmed card marked "down".
Each player's cards run in deal order (first two down cards, the up cards, then later down
cards), seats run clockwise from the dealer's left, folded players are greyed out and the shared
card sits apart. Every card carries an aria-label in words ("ten of hearts") for screen readers.

Nothing here knows a poker rule; it only draws what the exercise says, or, for a question, the
table as the one hand state (`course.engine.state.HandState`) has it at the question's point:
`table_at` reads only the state's public face (each seat's `.down`, `.up`, `.folded`, the shared
cards, the pot and the ledger of moves played).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from course.cards import Card, parse_cards
from course.errors import CourseError
from course.games import find_game
from course.model import Exercise

if TYPE_CHECKING:         # imported where a table is played to its point (`hand_state`), not with
    from course.engine.state import HandState     # this module: the Course map draws no table

SHORT_ROW = 4   # cards in a row short enough for two seats side by side on a phone

CSS = """
.ssr-table{display:flex;flex-direction:column;gap:.35rem;margin:.25rem 0 .75rem 0;max-width:44rem;
  font-family:system-ui,-apple-system,'Segoe UI',sans-serif;container-type:inline-size}
.ssr-dealer{font-size:.8rem;color:inherit;opacity:.75;display:flex;align-items:center;gap:.4rem}
.ssr-button{display:inline-flex;align-items:center;justify-content:center;width:1.4rem;
  height:1.4rem;border-radius:50%;background:#fff;border:2px solid #333;font-weight:700;
  font-size:.75rem;color:#111}
.ssr-seat{display:flex;align-items:center;gap:.6rem;padding:.3rem .5rem;border-radius:.5rem;
  background:#0b6e3b;color:#fff}
/* a folded seat: its name dark on light grey (readable, 4.5:1 and more), its cards faded */
.ssr-seat.ssr-folded{background:#cdd2cf;color:#1f2421}
.ssr-seat.ssr-folded .ssr-cards{opacity:.6;filter:grayscale(100%)}
.ssr-seat.ssr-folded .ssr-badge{background:rgba(0,0,0,.12)}
.ssr-seat.ssr-focus{outline:3px solid #f5c518}
.ssr-name{min-width:7.5rem;font-weight:600;font-size:.95rem}
.ssr-badge{display:inline-block;margin-left:.35rem;padding:0 .35rem;border-radius:.3rem;
  background:rgba(0,0,0,.35);font-size:.7rem;font-weight:500;vertical-align:middle}
.ssr-cards{display:flex;gap:.3rem;flex-wrap:wrap}
.ssr-card{position:relative;display:inline-flex;flex-direction:column;align-items:center;
  justify-content:center;width:2.6rem;height:3.6rem;border-radius:.35rem;background:#fff;
  border:1px solid #222;color:#111;font-weight:700;line-height:1;box-shadow:0 1px 2px rgba(0,0,0,.4)}
.ssr-card .ssr-rank{font-size:1.05rem}
.ssr-card .ssr-suit{font-size:1.25rem}
.ssr-card.ssr-red{color:#c8102e}
.ssr-card.ssr-back{background:repeating-linear-gradient(45deg,#1f3f8f 0 4px,#2f5fcf 4px 8px);
  border:2px solid #fff}
.ssr-card.ssr-down{background:#e4e4e4;border:1px dashed #222}
.ssr-card.ssr-unknown .ssr-tag{color:#fff;background:#1f3f8f;padding:0 .15rem;border-radius:.15rem}
.ssr-card .ssr-tag{position:absolute;bottom:-.1rem;font-size:.5rem;font-weight:500;color:#333;
  text-transform:uppercase;letter-spacing:.03em}
.ssr-shared{display:flex;align-items:center;gap:.6rem;padding:.3rem .5rem;margin-top:.35rem;
  border-radius:.5rem;border:2px dashed #0b6e3b;background:#e9f5ee;color:#0b3d22}
.ssr-pot{display:flex;align-items:center;gap:.5rem;padding:.2rem .5rem;font-size:.95rem;font-weight:600}
.ssr-pots ul{margin:.1rem 0 .2rem 1.6rem;padding:0;font-size:.9rem}.ssr-pots li{margin:0}.ssr-pot-players{opacity:.8}
.ssr-chip{display:inline-block;width:1rem;height:1rem;border-radius:50%;background:#f5c518;
  border:3px dashed #7a5c00;box-sizing:border-box}
.ssr-asked{font-style:italic;font-weight:400;font-size:.85rem;opacity:.85}
.ssr-caption{font-size:.85rem;color:inherit;opacity:.8;margin-top:.1rem}
/* the moves so far, numbered, in columns (two on a phone: app/phone.py) */
[class*="st-key-deal_timeline_"] ol{columns:2;column-gap:1.5rem;padding-left:0;list-style-position:inside}
[class*="st-key-deal_timeline_"] li{break-inside:avoid;margin:0;padding:0}
/* a deal's numbered question tabs (Q1 Q2 ...) wrap onto a second row rather than run off the side */
[data-testid=stElementContainer][class*="-question "] [role=radiogroup]{flex-wrap:wrap;row-gap:.3rem}
/* a row of pills (players, cards) wraps onto a second row: Streamlit scrolls it sideways in one
   row, so a pot's sixth player sat hidden past the edge of a narrow column */
[data-testid=stButtonGroup] [role=toolbar]{flex-wrap:wrap;row-gap:.3rem;overflow:visible}
button[data-variant=pills][aria-pressed=true]{outline:3px solid #f5c518;outline-offset:1px;font-weight:700}
button[data-variant=pills][aria-pressed=true]::before{content:"\\2713\\00a0"}
@media (max-width:640px){
  /* a phone: hands of up to SHORT_ROW cards two seats a row; a longer row keeps the name
     beside the cards while they fit (smaller cards), else the cards go under it */
  .ssr-table.ssr-short{display:grid;grid-template-columns:1fr 1fr;gap:.3rem}
  .ssr-table.ssr-short > .ssr-dealer,.ssr-table.ssr-short > .ssr-shared,
  .ssr-table.ssr-short > .ssr-pot,.ssr-table.ssr-short > .ssr-pots,.ssr-table.ssr-short > .ssr-caption{grid-column:1 / -1}
  .ssr-table.ssr-short .ssr-name{flex:1 0 100%}
}
@container (max-width:26rem){
  .ssr-seat,.ssr-shared{flex-wrap:wrap;row-gap:.2rem}
  /* the name does not grow: a seat's cards start at its left, folded or not */
  .ssr-name{min-width:0;flex:0 1 auto;font-size:.9rem}
  .ssr-seat{justify-content:flex-start}
  .ssr-cards{flex-wrap:nowrap;gap:.15rem}
  .ssr-card{width:2rem;height:2.9rem}
  .ssr-card .ssr-rank{font-size:.95rem}
  .ssr-card .ssr-suit{font-size:1.1rem}
}
"""


def style_tag() -> str:
    return f"<style>{CSS}</style>"


@dataclass(frozen=True)
class SeatView:
    """What the diagram needs of one player (built from an exercise `Hand` or lesson YAML)."""

    name: str
    down: tuple[Card, ...]
    up: tuple[Card, ...]
    folded: bool = False
    asked: bool = False      # the question asks what this seat holds: its cards are not drawn
    chips: int | None = None  # chips left at this point, where the exercise gives stacks (0: all in)
    # cards dealt that the record does not show (an exercise's `unknown_cards`), in deal order:
    # True for one dealt face up. Drawn as backs; a face-up one marked "unknown"
    unseen: tuple[bool, ...] = ()


def _cards(value: Any) -> tuple[Card, ...]:
    return tuple(parse_cards(value))


def seat_view(name: str, hand: Any) -> SeatView:
    """Accept an exercise `Hand` (attributes) or a lesson's raw mapping {down, up, folded}."""
    if isinstance(hand, Mapping):
        return SeatView(str(name), _cards(hand.get("down")), _cards(hand.get("up")),
                        bool(hand.get("folded", False)))
    return SeatView(str(name), _cards(getattr(hand, "down", ())), _cards(getattr(hand, "up", ())),
                    bool(getattr(hand, "folded", False)))


def card_html(card: Card, *, face_up: bool = True, visible: bool = True) -> str:
    """One card. `face_up=False, visible=False`: a card back; `face_up=False, visible=True`:
    a hole card the learner may see, drawn dimmed with a "down" tag."""
    if not face_up and not visible:
        return BACK
    colour = " ssr-red" if card.suit.is_red else ""
    down = "" if face_up else " ssr-down"
    label = card.label if face_up else f"{card.label}, face down"
    tag = "" if face_up else '<span class="ssr-tag">down</span>'
    # data-card: the card as its answer chip names it (app/card_picking.py makes it clickable)
    return (f'<span class="ssr-card{colour}{down}" role="img" aria-label="{escape(label)}" '
            f'title="{escape(label)}" data-card="{escape(str(card))}"><span class="ssr-rank" aria-hidden="true">'
            f'{escape(card.rank.symbol)}</span><span class="ssr-suit" aria-hidden="true">'
            f'{escape(card.suit.symbol)}</span>{tag}</span>')


BACK = '<span class="ssr-card ssr-back" role="img" aria-label="face-down card"></span>'
# a card dealt face up that the hand's record does not show: a back, tagged so it is not read as hidden
UNKNOWN_UP = ('<span class="ssr-card ssr-back ssr-unknown" role="img" title="face-up card, not recorded" '
              'aria-label="face-up card that the record does not show"><span class="ssr-tag">unknown</span></span>')


def row_html(seat: SeatView, *, show_down: bool = True, unknown_down: int = 0) -> str:
    """A player's cards in deal order: first two down, the up cards, then later down cards.
    `unknown_down` hole cards the deal does not name are drawn as backs in their places."""
    down = [card_html(c, face_up=False, visible=show_down) for c in seat.down]
    down += [BACK] * max(unknown_down, 0)
    up = [card_html(c) for c in seat.up]
    for face_up in seat.unseen:      # cards the record does not show: backs, a face-up one marked
        (up if face_up else down).append(UNKNOWN_UP if face_up else BACK)
    parts = down[:2] + up + down[2:]
    return "".join(parts)


def pot_names(count: int) -> list[str]:
    """The pots' names, main pot first: "the main pot", "side pot 1", ..."""
    return ["Main pot"] + [f"Side pot {n}" for n in range(1, count)]


def pots_html(pots: Sequence[tuple[int, Sequence[str]]]) -> str:
    """The list of pots under the table: each pot's amount and the players who may win it."""
    items = []
    for name, (amount, players) in zip(pot_names(len(pots)), pots):
        who = ", ".join(players)
        items.append(f'<li class="ssr-side-pot">{escape(f"{name}: {amount}")} '
                     f'<span class="ssr-pot-players">{escape(f"for {who}")}</span></li>')
    return ('<div class="ssr-pots" role="group" aria-label="Pots, main pot first">'
            f'<ul>{"".join(items)}</ul></div>')


def deal_html(seats: Sequence[str], hands: Mapping[str, Any], shared: Any = (), *,
              show_down: bool = True, caption: str | None = None, focus: str | None = None,
              shared_label: str = "Shared card", dealer: str | None = None,
              unknown_down: Mapping[str, int] | None = None, pot: int | str | None = None,
              pot_label: str = "Pot", label: str | None = None,
              pots: Sequence[tuple[int, Sequence[str]]] = ()) -> str:
    """The whole table as one HTML block, on a single line so markdown leaves it alone.

    `seats` are clockwise, the first at the dealer's left; `dealer` names the dealer's seat when
    the dealer is a player (otherwise a dealer button is drawn before the first seat).
    `unknown_down` counts, per seat, the hole cards a deal leaves out (drawn as backs). `hands`
    values may be `SeatView`s already. `pot`: the pot drawn under the seats (a number, or a
    text such as "?" when the question asks for it); `label` names the moment drawn for a
    screen reader. `pots`: with stacks, each pot's amount and who may win it, main pot first (as
    the engine built them); listed under the pot when there is more than one."""
    shared_cards = _cards(shared)
    views = [hand if isinstance(hand, SeatView) else seat_view(name, hand)
             for name, hand in ((name, hands.get(name, {})) for name in seats)]
    widest = max((len(v.down) + len(v.up) + len(v.unseen) + (unknown_down or {}).get(v.name, 0) for v in views), default=0)
    short = " ssr-short" if widest <= SHORT_ROW and len(views) > 1 else ""
    parts = [f'<div class="ssr-table{short}" role="group" aria-label="'
             + escape(label or f"Deal: {len(views)} seats clockwise from the dealer's left") + '">']
    if dealer is None and views:
        parts.append('<div class="ssr-dealer"><span class="ssr-button" aria-hidden="true">D</span>'
                     + escape(f"Dealer: cards go clockwise, starting with {views[0].name}")
                     + "</div>")
    for n, view in enumerate(views, 1):
        classes = "ssr-seat" + (" ssr-folded" if view.folded else "") + \
            (" ssr-focus" if focus == view.name else "")
        badges = ""
        if dealer == view.name:
            badges += '<span class="ssr-badge" aria-label="dealer">dealer</span>'
        if view.folded:
            badges += '<span class="ssr-badge">folded</span>'
        chips = "" if view.chips is None else ("all in" if view.chips <= 0 else f"{view.chips} left")
        if chips:
            badges += f'<span class="ssr-badge ssr-chips">{chips}</span>'
        seat_label = f"Seat {n}: {view.name}" + (", folded" if view.folded else "") + \
            ("" if not chips else ", all in" if view.chips <= 0 else f", {view.chips} chips left")
        if view.asked:
            seat_label += ", cards not shown: the question asks what they are"
            row = (f'<span class="ssr-asked">? {escape(view.name)}\'s cards are what the question '
                   'asks</span>')
        else:
            row = row_html(view, show_down=show_down, unknown_down=(unknown_down or {}).get(view.name, 0))
        parts.append(f'<div class="{classes}" role="group" aria-label="{escape(seat_label)}">'
                     f'<div class="ssr-name">{n}. {escape(view.name)}{badges}</div>'
                     f'<div class="ssr-cards">{row}</div></div>')
    if shared_cards:
        label = shared_label if len(shared_cards) == 1 else shared_label + "s"
        parts.append(f'<div class="ssr-shared" role="group" aria-label="{escape(label)}">'
                     f'<div class="ssr-name">{escape(label)}</div><div class="ssr-cards">'
                     + "".join(card_html(c) for c in shared_cards) + "</div></div>")
    if pot is not None:
        asked = pot == "?"
        words = f"{pot_label}: {pot}" + (" (the question asks what it comes to)" if asked else "")
        note = '<span class="ssr-asked">the question asks</span>' if asked else ""
        parts.append(f'<div class="ssr-pot" role="group" aria-label="{escape(words)}">'
                     f'<span class="ssr-chip" aria-hidden="true"></span>{escape(f"{pot_label}: {pot}")}'
                     f'{note}</div>')
        if len(pots) > 1 and not asked:
            parts.append(pots_html(pots))
    if caption:
        parts.append(f'<div class="ssr-caption">{escape(caption)}</div>')
    parts.append("</div>")
    return "".join(parts)


def unknown_hole_cards(game: str | None, street: str | None, hands: Mapping[str, Any],
                       shared: Any = ()) -> dict[str, int]:
    """In a game where cards never change hands: the hole cards each player still in holds on
    `street` but the deal does not name (a deal may give only the exposed cards), so the picture
    shows them as backs. The counts are the game spec's streets (HPD "The deal timeline"); a
    shared card that replaces a street's card leaves everyone one hole card short."""
    spec = find_game(game or "")
    counts = spec.cards_on(street or "", bool(shared)) if spec is not None and not spec.cards_move else None
    if counts is None:
        return {}
    down = counts[0]
    views = [seat_view(name, hand) for name, hand in hands.items()]
    return {v.name: down - len(v.down) for v in views if not v.folded and len(v.down) < down}


def shared_label(game: str | None) -> str:
    """What a game calls its card dealt face up to the table (Horn-A-Vika: the spit card)."""
    spec = find_game(game or "")
    return spec.shared_name if spec is not None else "Shared card"


def exercise_html(exercise: Exercise, *, show_down: bool = True, focus: str | None = None) -> str:
    """The deal of a validated `Exercise` (seats, hands, shared)."""
    return deal_html(exercise.seats, exercise.hands, exercise.shared or (), show_down=show_down,
                     focus=focus, shared_label=shared_label(exercise.game),
                     dealer=exercise.extra.get("dealer"),
                     unknown_down=unknown_hole_cards(exercise.game, exercise.street,
                                                     exercise.hands, exercise.shared))


def card_text(card: Card) -> str:
    """A card for a widget label: `10♥` coloured red in Streamlit markdown when red."""
    return f":red[{card}]" if card.suit.is_red else str(card)


# -- the table as it stands when a question is asked -----------------------------------------

@dataclass(frozen=True)
class TableAt:
    """What the one hand state holds at a question's point, ready to draw."""

    seats: tuple[str, ...]
    hands: Mapping[str, SeatView]
    shared: tuple[Card, ...]
    pot: int | None
    moves: tuple[str, ...]          # the moves played to this point, as the exercise wrote them
    kinds: tuple[str, ...]          # each move's kind ("deal", "bet", "take", ...)
    street: str | None              # the street the point is on, where the moves tell it
    stopped: str | None = None      # why the moves stop before the point (a move these rules refuse)
    pot_label: str = "Pot"          # what `pot` counts
    pots: tuple[tuple[int, tuple[str, ...]], ...] = ()   # with stacks: (amount, who may win it), main first
    point: str | None = None        # a home game's point in its own words ("stage 2, in betting round 2")

    @property
    def key(self) -> tuple[Any, ...]:
        """Two questions with the same key are asked at the same point: one picture serves both."""
        return (len(self.moves), self.street, self.stopped)

    def recent(self) -> tuple[str, ...]:
        """The moves since the last card was dealt (a stud street's actions: all of them): what the
        picture of the cards does not show."""
        last = max((n for n, kind in enumerate(self.kinds) if kind in DEAL_KINDS), default=-1)
        return self.moves[last + 1:]


DEAL_KINDS = frozenset({"deal", "shared", "spit"})   # moves that put a card on the table


def hand_state() -> type[HandState]:
    """The engine's hand state, imported when a table is first drawn at a question's point: a
    restarted server's first page, the Course map, draws none, and does not wait for the engine."""
    from course.engine.state import HandState

    return HandState


def _state_at(exercise: Any, street: str | None, after: int | None) -> tuple[HandState, str | None]:
    """`HandState.at`, or, when these rules refuse a move before the point (another profile may),
    the hand just before that move, with the reason."""
    try:
        return hand_state().at(exercise, street, after), None
    except CourseError as err:
        if err.index is None:
            raise
        return hand_state().at(exercise, after=err.index), f"The moves stop at move {err.index + 1}: {err}"


BETTING_KINDS = frozenset({"bring_in", "complete", "bet", "raise", "call", "check"})


def _betting_starts(kinds: Sequence[str], played: int) -> int:
    """Of the first `played` moves, how many come before the latest street's betting: the first
    bet, check or call after the last card dealt (`played` when there is none)."""
    last = max((n for n, kind in enumerate(kinds[:played]) if kind in DEAL_KINDS), default=-1)
    return next((n for n in range(last + 1, played) if kinds[n] in BETTING_KINDS), played)


def parsed_moves(exercise: Any) -> tuple[Any, ...]:
    """The exercise's moves as the one grammar reads them (parsed once per exercise)."""
    def parse() -> tuple[Any, ...]:
        return tuple(getattr(exercise, "moves", ()) or ())
    replayed = getattr(exercise, "replayed", None)
    return replayed(("moves as parsed",), parse) if replayed is not None else parse()


def _last_card(kinds: Sequence[str], played: int) -> int:
    """Of the first `played` moves, how many there are up to the last card dealt (`played` when
    none is dealt)."""
    last = max((n for n, kind in enumerate(kinds[:played]) if kind in DEAL_KINDS), default=None)
    return played if last is None else last + 1


def _chips_left(state: HandState, player: str, stacks: Mapping[str, Any]) -> int | None:
    """The chips `player` has left at this point (None: the exercise gives them no stack)."""
    if player not in stacks:
        return None
    try:
        return state.table.behind(player)
    except (CourseError, ValueError, AttributeError, KeyError):
        return None


def _unseen_dealt(exercise: Any, state: HandState) -> dict[str, tuple[bool, ...]]:
    """Per seat, the cards dealt by this point that the record does not show (the exercise's
    `unknown_cards`, less those the table has still to deal): True for one dealt face up."""
    listed = (getattr(exercise, "extra", None) or {}).get("unknown_cards") or {}
    if not listed:
        return {}
    left = getattr(state.table, "unknown", None) or {}
    out = {}
    for player, listed_faces in listed.items():
        faces = [f for f in listed_faces if f != "known"]     # a card the events name is drawn as dealt
        dealt = faces[:len(faces) - left.get(player, 0)]
        if dealt:
            out[player] = tuple(f == "up" for f in dealt)
    return out


def table_at(exercise: Any, question: Any = None, *, first_to_act: bool = False,
             at_last_card: bool = False) -> TableAt:
    """The table as it stands when `question` is asked (its `street:` or `after:`; otherwise at the
    end of the moves), from the one hand state: each seat's cards and whether the player has
    folded, the shared card, the pot and the moves played so far. `first_to_act`: the question
    asks who acts first, so the picture stops where that street's betting begins (its first
    bet, check or call would give the answer away). `at_last_card`: the question asks what the
    latest card calls for (who must match the pot), so the picture stops as that card lands."""
    params = dict(getattr(question, "params", None) or {})
    after = params.get("after")
    after = after if isinstance(after, int) and not isinstance(after, bool) else None
    whole = bool(getattr(exercise, "whole_hand", False))
    street = params.get("street") if whole else None
    state, stopped = _state_at(exercise, street, after)
    parsed = parsed_moves(exercise)
    all_kinds = [getattr(m, "kind", "") for m in parsed]
    if (first_to_act or at_last_card) and after is None and not stopped:
        played = len(state.ledger)
        starts = _betting_starts(all_kinds, played) if first_to_act else _last_card(all_kinds, played)
        if starts < played:
            state, stopped = _state_at(exercise, None, starts)
    played = len(state.ledger)
    kinds = tuple(all_kinds[:played]) + ("",) * (played - len(all_kinds[:played]))
    folds = {getattr(m, "player", None) for m in parsed[:played] if getattr(m, "kind", "") == "fold"}
    stacks = getattr(exercise, "stacks", None) or {}
    unseen = _unseen_dealt(exercise, state)
    hands = {p: SeatView(p, _cards(getattr(h, "down", ())), _cards(getattr(h, "up", ())),
                         bool(getattr(h, "folded", False)) or p in folds, chips=_chips_left(state, p, stacks),
                         unseen=unseen.get(p, ()))
             for p, h in state.final_hands().items()}
    if whole:                            # the street whose deal or betting the point falls in
        ends = hand_state().street_ends(exercise)
        street = next((s for s, end in ends.items() if end >= played), next(reversed(ends), None))
    elif not getattr(exercise, "events", None):
        street = getattr(exercise, "street", None)
    try:
        pot: int | None = state.pot
    except (CourseError, ValueError, AttributeError):   # a street without a betting round
        pot = getattr(exercise, "pot", None)
    # a single stud street written without its pot counts this street's chips only
    pot_label = "Bets this street so far" if not whole and not getattr(exercise, "events", None) \
        and getattr(exercise, "pot", None) is None else "Pot"
    pots: tuple[tuple[int, tuple[str, ...]], ...] = ()
    if stacks:                       # the engine's pots at this point (never recomputed here)
        try:
            pots = tuple((int(p.amount), tuple(p.players)) for p in state.side_pots().value)
        except (CourseError, ValueError, AttributeError, KeyError):
            pots = ()
    # a home game: the table names its point in the game's own words
    point = state.table.point_words() if getattr(exercise, "events", None) and not whole else None
    return TableAt(tuple(exercise.seats), hands, tuple(state.shared_cards()), pot,
                   tuple(e.move for e in state.ledger), kinds, street, stopped, pot_label, pots, point)


def table_html(exercise: Any, at: TableAt, *, show_down: bool = True, asked_seat: str | None = None,
               pot_asked: bool = False, focus: str | None = None) -> str:
    """The table `at` a question's point as cards: folded rows greyed, the shared (spit) card
    apart, the pot under the seats. `asked_seat`: the player whose holding the question asks
    (their cards are not drawn); `pot_asked`: the question asks for the pot (drawn as "?")."""
    hands = {p: SeatView(v.name, v.down, v.up, v.folded, asked=p == asked_seat, chips=v.chips, unseen=v.unseen)
             for p, v in at.hands.items()}
    # hole cards a deal leaves out are drawn as backs only where no move deals a card: a deal
    # played from the antes names every card it gives out
    unknown = {} if getattr(exercise, "events", None) else \
        unknown_hole_cards(exercise.game, exercise.street, at.hands, at.shared)
    spec = find_game(exercise.game)
    words = spec.point_words(at.street) if spec is not None else (f"{at.street} street" if at.street else "")
    # the game's own names: streets, or stages and betting rounds (Horn-A-Vika)
    where = (f" at {words}" if spec is not None and spec.points == "stage" else f" on {words}") if words else ""
    label = (f"The table as the question finds it{where}, after {len(at.moves)} move"
             f"{'s' if len(at.moves) != 1 else ''}: {len(at.seats)} seats clockwise from the dealer's left")
    return deal_html(list(at.seats), hands, at.shared, show_down=show_down, focus=focus,
                     shared_label=shared_label(exercise.game), dealer=exercise.extra.get("dealer"),
                     unknown_down=unknown, pot="?" if pot_asked else at.pot, pot_label=at.pot_label,
                     label=label, pots=at.pots)
