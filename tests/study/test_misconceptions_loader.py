"""The catalogue of known mistakes is read with libyaml's safe loader where it is installed; it
reads the file exactly as the pure-Python safe loader does."""

from __future__ import annotations

import yaml

from course.study import misconceptions


def test_the_catalogue_reads_the_same_with_either_loader():
    text = misconceptions.CATALOGUE.read_text(encoding="utf-8")
    fast = yaml.load(text, Loader=misconceptions._LOADER)
    assert fast == yaml.safe_load(text)
    assert len(fast) == len(misconceptions.catalogue()) > 10
