"""Glossary: the course's words, each with the lesson that introduces it."""

from course.app import glossary

glossary.page()
