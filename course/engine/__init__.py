"""The one hand state every game is replayed through (see state.py)."""
