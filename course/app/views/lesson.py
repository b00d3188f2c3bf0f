"""Lesson reader: one lesson's sections, deals, sources and exercises ("try it now")."""

from course.app import screens

screens.lesson()
