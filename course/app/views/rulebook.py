"""Rulebook: every citation article, in our own words, grouped by source."""

from course.app import screens

screens.rulebook()
