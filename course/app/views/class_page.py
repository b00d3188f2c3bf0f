"""Class (teachers only): mastery per skill per learner, most-missed questions, CSV export."""

from course.app import progress_view

progress_view.class_page()
