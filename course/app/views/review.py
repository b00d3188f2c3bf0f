"""Review: spaced review of every skill and trap (FSRS), due first, then new material."""

from course.app import review

review.review()
