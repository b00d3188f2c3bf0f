"""Author preview: pick, upload or paste a lesson or exercise; see every problem with its line
and column, the item exactly as a learner sees it, and the engine's answers with explanations.

Checks run in a worker process within a time and memory budget, cached by content hash; a course
file is read again on each rerun, so an edit shows at once (see `screens.author`)."""

from course.app import screens

screens.author()
