"""The faster paths `course check` takes give what the slower ones gave."""

from __future__ import annotations

import yaml

from course.content import exercises
from course.engine import irregularities


def test_known_mistakes_read_with_libyaml_match_the_pure_python_read():
    path = exercises.Path(exercises.__file__).resolve().parents[1] / "study" / "misconceptions.yaml"
    slow = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = exercises._known_mistakes()
    assert len(found) == len(slow) > 50
    for entry in slow:
        kept = found[str(entry["id"])]
        assert kept.games == tuple(entry.get("games", ())) and kept.asks == tuple(entry.get("asks", ()))


def test_irregularity_rules_read_with_libyaml_match_the_pure_python_read():
    slow = yaml.safe_load(irregularities.RULES_FILE.read_text(encoding="utf-8"))
    assert irregularities.repairs() == slow["repairs"]
    assert irregularities.games() == tuple(slow["games"]) and irregularities.games()
