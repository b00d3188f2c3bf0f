"""Engine modules of the games with moves of their own: Horn-A-Vika (OPR-535) and Have a Heart
(OPR-678). `course.games` names each module in its GameSpec; each module gives the same hooks:

- `parse_event(text) -> Event` (raises `ActionFormatError` quoting the text);
- `check_errors(exercise)`: every problem in `events:` at once, each an `IllegalActionError`
  placed at its index (or, for the deal itself, naming the exercise key to blame);
- `replay(exercise)`, `final_hands(exercise)`, `shared_cards(exercise)`, `final_pot(exercise)`;
- its own asks, declared with `course.asks.register`;
- optionally `deal_problems(hands, counts, profile)`: what its moves must leave behind in a
  starting position (Have a Heart's takes);
- `random_deal(rng, players, profile)`: one hand played to the end with random legal choices.

The event syntax is documented in exercises/README.md ("Home-game events").
"""
