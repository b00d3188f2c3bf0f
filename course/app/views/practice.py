"""Practice: pick what to practise, then one deal at a time, checked by the engine."""

from course.app import screens

screens.practice()
