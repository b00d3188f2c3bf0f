"""Spaced review with FSRS (the `fsrs` package, Anki's scheduler): one memory card per skill and
trap, one per hand-written exercise; mastery per skill; the day's count and the streak.

Card keys:
- `skill/<game>/<ask>`: every ask of every game (generated items are fresh draws for it);
- `trap/<template>`: every trap template;
- `exercise/<id>`: a hand-written exercise keeps its own card.

Persistence goes through `ReviewCardStore`, two methods with the same names and shapes as the
progress store's (`review_cards`, `save_review_card`), so the schedule lives in the progress
database (`course.store.ProgressStore`, SQLite or PostgreSQL); `MemoryReviewCards` keeps a
session's cards while that store cannot be opened. The
study days (for the daily goal and the streak) are rows of the same table, keyed `day/<date>`,
and so is the learner's daily goal (`setting/daily-goal`).
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from typing import Callable, Iterable, Protocol

from fsrs import Card, Rating, Scheduler

DAY = "day/"
GOAL = "setting/daily-goal"
OPENED = "opened/"   # opened/lesson:<id>, opened/game:<game>: what the learner has been taught
MASTERY_HORIZON = timedelta(days=1)  # mastery is the recall FSRS expects this far ahead
DAILY_GOAL = 10  # answers a day, until the learner sets their own on the Review page


class ReviewCardStore(Protocol):
    def review_cards(self, learner_key: str) -> dict[str, str]:
        """Card key -> the card's state as JSON, for one learner."""

    def save_review_card(self, learner_key: str, card_key: str, state_json: str, due: datetime) -> None:
        """Insert or replace one card's state."""


class MemoryReviewCards:
    """`ReviewCardStore` in memory: the cards of a session whose progress store cannot be opened
    (scheduled for that session, not saved)."""

    def __init__(self) -> None:
        self._cards: dict[str, dict[str, str]] = {}

    def review_cards(self, learner_key: str) -> dict[str, str]:
        return dict(self._cards.get(learner_key, {}))

    def save_review_card(self, learner_key: str, card_key: str, state_json: str, due: datetime) -> None:
        self._cards.setdefault(learner_key, {})[card_key] = state_json


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


class Schedule:
    """One learner's memory cards, read from and written back to a `ReviewCardStore`."""

    def __init__(self, store: ReviewCardStore, learner: str, scheduler: Scheduler | None = None):
        self.store = store
        self.learner = learner
        self.scheduler = scheduler or Scheduler(enable_fuzzing=False)
        saved = store.review_cards(learner)
        self.cards = {k: Card.from_json(v) for k, v in saved.items() if not k.startswith((DAY, GOAL, OPENED))}
        self.opened = {k[len(OPENED):] for k in saved if k.startswith(OPENED)}
        self.days = {k[len(DAY):]: json.loads(v)["answered"] for k, v in saved.items() if k.startswith(DAY)}
        self.goal = int(json.loads(saved[GOAL])["answers"]) if GOAL in saved else DAILY_GOAL

    # -- reviews ---------------------------------------------------------------------------

    def review(self, key: str, right: bool, *, second_try: bool = False, hint: bool = False,
               now: datetime | None = None) -> Card:
        """Record one answer: right first time and unaided is Good; right after a hint or on a
        second try at best Hard; wrong Again. Review calls this once per item, with the first
        try."""
        now = now or now_utc()
        rating = Rating.Again if not right else (Rating.Hard if second_try or hint else Rating.Good)
        card = self.cards.get(key) or Card(card_id=_card_id(key))
        card, _log = self.scheduler.review_card(card, rating, review_datetime=now)
        self.cards[key] = card
        self.store.save_review_card(self.learner, key, card.to_json(), card.due)
        today = now.date().isoformat()
        self.days[today] = self.days.get(today, 0) + 1
        self.store.save_review_card(self.learner, DAY + today, json.dumps({"answered": self.days[today]}),
                                    datetime.combine(now.date(), datetime.min.time(), timezone.utc))
        return card

    def due(self, now: datetime | None = None) -> list[str]:
        """Reviewed cards whose time has come, most overdue first."""
        now = now or now_utc()
        return sorted((k for k, c in self.cards.items() if c.due <= now), key=lambda k: self.cards[k].due)

    def next_due(self, now: datetime | None = None) -> list[tuple[str, datetime]]:
        """Cards not yet due, soonest first."""
        now = now or now_utc()
        return sorted(((k, c.due) for k, c in self.cards.items() if c.due > now), key=lambda kv: kv[1])

    def mastery(self, key: str, now: datetime | None = None) -> float | None:
        """FSRS retrievability a day from now (0..1): how likely the learner still recalls the
        skill tomorrow; None if new. Not retrievability at this moment, which is 1 straight after
        any review, right or wrong: a miss would read as full mastery."""
        card = self.cards.get(key)
        if card is None:
            return None
        when = (now or now_utc()) + MASTERY_HORIZON
        return float(self.scheduler.get_card_retrievability(card, current_datetime=when))

    # -- what was taught ------------------------------------------------------------------

    def mark_opened(self, what: str, now: datetime | None = None) -> None:
        """Remember that a lesson (`lesson:<id>`) was opened or a game (`game:<game>`) chosen:
        the new cards it teaches may enter Review from now on."""
        if what in self.opened:
            return
        now = now or now_utc()
        self.opened.add(what)
        self.store.save_review_card(self.learner, OPENED + what, json.dumps({"at": now.isoformat()}), now)

    # -- the learning rhythm ---------------------------------------------------------------

    def set_goal(self, answers: int, now: datetime | None = None) -> None:
        """The learner's daily goal, kept with their cards."""
        self.goal = int(answers)
        self.store.save_review_card(self.learner, GOAL, json.dumps({"answers": self.goal}), now or now_utc())

    def answered_on(self, day: date) -> int:
        return self.days.get(day.isoformat(), 0)

    def streak(self, today: date | None = None) -> int:
        """Days in a row with at least one answer, up to today (or yesterday, while today has none)."""
        day = today or now_utc().date()
        if not self.answered_on(day):
            day -= timedelta(days=1)
        count = 0
        while self.answered_on(day):
            count += 1
            day -= timedelta(days=1)
        return count


def _card_id(key: str) -> int:
    """A stable card id per key (FSRS needs an int; the key is what the store keeps)."""
    import zlib

    return zlib.crc32(key.encode())


def queue(schedule: Schedule, keys: Iterable[str], size: int, now: datetime | None = None,
          family: Callable[[str], str] = lambda key: key) -> list[str]:
    """A session: what is due first (most overdue first), then new material, skills mixed: new
    cards are taken round-robin across their `family` (the game), so consecutive items train
    different games and asks."""
    keys = list(dict.fromkeys(keys))
    due = [k for k in schedule.due(now) if k in set(keys)]
    fresh = [k for k in keys if k not in schedule.cards]
    groups: dict[str, list[str]] = {}
    for key in fresh:
        groups.setdefault(family(key), []).append(key)
    mixed: list[str] = []
    while any(groups.values()):
        for family in list(groups):
            if groups[family]:
                mixed.append(groups[family].pop(0))
    chosen = (due + mixed)[:size]
    if len(chosen) < size:  # everything seen and nothing due: the least-recalled cards again
        rest = sorted((k for k in keys if k not in chosen), key=lambda k: schedule.mastery(k, now) or 0.0)
        chosen += rest[:size - len(chosen)]
    return chosen
