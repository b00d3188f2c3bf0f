"""Cards picked where they are drawn: for a question answered with cards (the best five, what
may be taken), a card in the table itself is clicked to choose it or leave it, with the mouse,
a finger or the keyboard (Tab to it, Enter or Space), as well as its chip under the question.

The chips stay the one widget Streamlit reads (`widgets.CardsWidget`, `widgets.TakesWidget`):
the script below makes each drawn card (`data-card`, written by `cards_view.card_html`) that has
a chip in the same question a button that clicks that chip, and marks the card chosen while its
chip is. Where a card has no chip (a question not answered with cards) nothing changes. The
script is fixed text; it is installed once per page load by the entry script.
"""

from __future__ import annotations

SCRIPT = """<script>
(() => {
  if (window.ssrCardPicking) return;
  window.ssrCardPicking = true;
  const chipText = (b) => (b.innerText || "").replace(/^\\u2713\\s*/, "").trim();
  // the chip a drawn card stands for: in the nearest block that holds both
  const chipFor = (card) => {
    const want = card.dataset.card;
    for (let box = card.parentElement; box && box !== document.body; box = box.parentElement) {
      const chips = [...box.querySelectorAll('[data-testid=stButtonGroup] button')]
        .filter((b) => chipText(b) === want);
      if (chips.length === 1) return chips[0];
      if (chips.length > 1) return null;        // ambiguous: leave the card alone
    }
    return null;
  };
  // an attribute written only when it changes: the observer below watches aria-pressed, and a
  // write of the same value would wake it again, every frame, for as long as the page is open
  const put = (el, name, value) => { if (el.getAttribute(name) !== value) el.setAttribute(name, value); };
  const sync = () => {
    for (const card of document.querySelectorAll('.ssr-table .ssr-card[data-card]')) {
      const chip = chipFor(card);
      const usable = !!chip && !chip.disabled;
      card.classList.toggle('ssr-pickable', usable);
      if (usable) {
        put(card, 'role', 'button');
        put(card, 'tabindex', '0');
        put(card, 'aria-pressed', chip.getAttribute('aria-pressed') === 'true' ? 'true' : 'false');
      } else if (card.getAttribute('role') === 'button') {
        card.setAttribute('role', 'img');
        card.removeAttribute('tabindex');
        card.removeAttribute('aria-pressed');
      }
      card.classList.toggle('ssr-picked', !!chip && chip.getAttribute('aria-pressed') === 'true');
    }
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; sync(); });
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             attributeFilter: ['aria-pressed', 'disabled']});
  const pick = (event) => {
    const card = event.target.closest && event.target.closest('.ssr-table .ssr-card.ssr-pickable');
    if (!card) return false;
    const chip = chipFor(card);
    if (!chip || chip.disabled) return false;
    event.preventDefault();
    chip.click();
    return true;
  };
  document.addEventListener('click', pick, true);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      if (pick(event)) event.stopPropagation();
    }
  }, true);
  sync();
})();
</script>"""

CSS = """
.ssr-card.ssr-pickable{cursor:pointer}
.ssr-card.ssr-pickable:hover{transform:translateY(-2px)}
.ssr-card.ssr-pickable:focus-visible{outline:3px solid #2b59c3;outline-offset:2px}
.ssr-card.ssr-picked{outline:3px solid #f5c518;outline-offset:1px;transform:translateY(-4px)}
"""


def tag() -> str:
    """The script and its style, for the entry script's one element of fixed text."""
    return SCRIPT + f"<style>{CSS}</style>"
