"""Stud Study Room: a rules engine for Seven-Card Stud and its home-game relatives."""

__version__ = "0.1.0"
