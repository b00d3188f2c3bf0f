"""Progress: accuracy per skill over time, the questions missed most, the history as CSV."""

from course.app import progress_view

progress_view.progress()
