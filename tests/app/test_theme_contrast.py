"""Every text colour of the theme at 4.5:1 or more against its background (WCAG AA), in the light
and the dark theme: the body text, captions as `course.app.contrast` draws them, links and
primary buttons' colour, and a checked question (drawn in the text colour, not faded)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from course.app import contrast

CONFIG = tomllib.loads((Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml")
                       .read_text(encoding="utf-8"))
AA = 4.5


@pytest.mark.parametrize("variant", ["light", "dark"])
def test_every_text_colour_reads_at_aa_in_both_themes(variant):
    theme = CONFIG["theme"][variant]
    back = contrast.hex_rgb(theme["backgroundColor"])
    text = contrast.hex_rgb(theme["textColor"])
    assert contrast.ratio(text, back) >= AA
    caption = contrast.blend(text, back, contrast.CAPTION_OPACITY)
    assert contrast.ratio(caption, back) >= AA, contrast.ratio(caption, back)
    assert contrast.ratio(contrast.hex_rgb(theme["primaryColor"]), back) >= AA


def test_streamlits_own_fades_would_fail_and_are_overridden():
    """Streamlit's caption (60%) and disabled (40%) text fail on the light theme: the style
    sheet replaces both."""
    theme = CONFIG["theme"]["light"]
    back, text = contrast.hex_rgb(theme["backgroundColor"]), contrast.hex_rgb(theme["textColor"])
    assert contrast.ratio(contrast.blend(text, back, 0.6), back) < AA
    assert contrast.ratio(contrast.blend(text, back, 0.4), back) < AA
    assert f"opacity:{contrast.CAPTION_OPACITY}" in contrast.CSS
    assert "[data-disabled=true] *" in contrast.CSS and "color:inherit !important" in contrast.CSS


def test_contrast_arithmetic_matches_wcag():
    assert round(contrast.ratio((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert round(contrast.ratio((0x76, 0x76, 0x76), (255, 255, 255)), 2) == 4.54
