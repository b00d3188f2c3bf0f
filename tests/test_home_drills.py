"""The home-game drills (course/study/home.py) read the game from its spec, never its name."""

from __future__ import annotations

import dataclasses
import re

from course.games import GAMES
from course.study import home, templates


def test_where_names_the_point_in_the_terms_the_games_spec_gives(monkeypatch):
    data = {k: v for k, v in templates.data("gen/hah-pot/3").items() if k not in ("id", "title", "intro")}
    words = home.where(home.parsed(data))
    assert re.search(r"The hand stands at (\w+ street|before the deal)", words), words
    # Told by its spec that it names points by stage and numbered round, Have a Heart is described so.
    monkeypatch.setitem(GAMES, "have-a-heart", dataclasses.replace(GAMES["have-a-heart"], points="stage"))
    words = home.where(home.parsed(data))
    assert re.search(r"The hand stands at (stage \d|before the deal)", words) and " street" not in words, words
    horn = {k: v for k, v in templates.data("gen/hav-pot/3").items() if k not in ("id", "title", "intro")}
    assert re.search(r"stage \d|before the deal", home.where(home.parsed(horn)))
