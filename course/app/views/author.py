"""Author preview: pick, upload or paste a lesson or exercise; see every problem with its line
and column, the item exactly as a learner sees it, and the engine's answers with explanations.

Nothing here is cached: each rerun reads and validates the text again, so an edit shows at once.
YAML is read only by `course.content` (safe loader)."""

from course.app import screens

screens.author()
