"""Course map: every lesson in order, grouped by game, with the learner's progress."""

from course.app import screens

screens.course_map()
