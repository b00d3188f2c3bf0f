"""Readable text in the light and the dark theme: every text a learner reads at 4.5:1 or more
against its background (WCAG AA).

Streamlit draws captions (lesson summaries on the Course map, the deal's "where" line, notes under
a figure) at 60% of the text colour, about 3.9:1 on the light theme's white; and once an answer
is checked its question and options are disabled, which Streamlit shows at 40%, about 2.3:1.
Here captions are drawn at CAPTION_OPACITY, and a checked question keeps the full text colour:
it is marked (the chosen option in bold; the verdict under it says right or wrong), not faded.

`tests/app/test_theme_contrast.py` computes the contrast of these colours over both themes'
background colours, read from `.streamlit/config.toml`.
"""

from __future__ import annotations

CAPTION_OPACITY = 0.78

CSS = f"""
[data-testid=stCaptionContainer]{{opacity:{CAPTION_OPACITY} !important}}
/* a checked (disabled) question and its options in the text colour, not faded */
[data-testid=stMain] label[disabled],
[data-testid=stMain] label[disabled] *,
[data-testid=stMain] [data-disabled=true],
[data-testid=stMain] [data-disabled=true] *,
[data-testid=stMain] [aria-disabled=true] [data-baseweb=tag] *,
[data-testid=stMain] label:has(input:disabled),
[data-testid=stMain] label:has(input:disabled) *{{color:inherit !important;opacity:1 !important}}
/* the option chosen stays marked in a checked question */
[data-testid=stMain] [data-testid=stRadioOption][data-selected=true][data-disabled=true] p{{font-weight:700;
  text-decoration:underline;text-underline-offset:.2em}}
"""


def style_tag() -> str:
    return f"<style>{CSS}</style>"


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0-255 channels)."""
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(fore: tuple[float, float, float], back: tuple[float, float, float]) -> float:
    """WCAG 2 contrast ratio of two opaque colours (1 to 21)."""
    hi, lo = sorted((luminance(fore), luminance(back)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def blend(fore: tuple[float, float, float], back: tuple[float, float, float],
          alpha: float) -> tuple[float, float, float]:
    """`fore` drawn at `alpha` over `back`, as the browser shows it."""
    return tuple(f * alpha + b * (1 - alpha) for f, b in zip(fore, back))


def hex_rgb(text: str) -> tuple[int, int, int]:
    text = text.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)
