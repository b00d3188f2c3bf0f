"""What shared mode needs beyond the default (local) install, and the message when it is missing.

The default install (`make run`, `pip install -e .`) is local mode's: it leaves out the OpenID
Connect client that Streamlit's `st.login` needs (Authlib) and the PostgreSQL driver (psycopg).
Both are the `shared` extra (`make setup-shared`, `pip install -e '.[shared]'`)."""

from __future__ import annotations

import importlib

INSTALL = "`make setup-shared` (or `pip install -e '.[shared]'` in the app's environment)"


def missing_for_login() -> str | None:
    """Why shared mode cannot log anyone in, or None when it can."""
    try:
        importlib.import_module("authlib")
    except ImportError:
        return ("Shared mode is configured (an `[auth]` section in `.streamlit/secrets.toml`), but the "
                "OpenID Connect client it logs in with, Authlib, is not installed: the default "
                f"install is for local mode. Install the `shared` extra with {INSTALL}, then start "
                "the server again; or remove the `[auth]` section for local mode.")
    return None

