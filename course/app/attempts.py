"""What a learner's attempts name, as the pages count them: how many questions of each deal are
mastered (the Course map's progress, Practice's "Not yet mastered"), and the engine-made item an
attempt's exercise id stands for (Practice's "Missed most", the Progress tables' titles)."""

from typing import Any

from course.study import templates


def questions_mastered(mastered, by_id) -> dict[str, int]:
    """Exercise id -> how many of its questions are in `mastered`: one pass over the learner's
    pairs, so a scope of 43,000 deals needs one look-up per deal, not one per question. Pairs of
    exercises or questions the course no longer has are not counted."""
    counts: dict[str, int] = {}
    for eid, n in mastered:
        ex = by_id.get(eid)
        if ex is not None and 0 <= n < len(ex.questions):
            counts[eid] = counts.get(eid, 0) + 1
    return counts


def generated_deal(exercise_id: str) -> Any:
    """The engine-made item an attempt names (`gen-<template>-<seed>`, as Review saves it),
    rebuilt from its id; None for anything else or an item that can no longer be made."""
    item = templates.item_of(exercise_id)
    if item is None:
        return None
    try:
        return templates.generate(item)
    except templates.GenerationError:
        return None
