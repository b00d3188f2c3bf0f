"""The checks a server makes before it serves anyone: shared mode fails closed.

A server asked for shared mode that cannot provide it must not come up in local mode (no login,
one identity for the whole class, the Author preview open to anyone). `start_problem` names the
first thing that stops the server, in one line saying what to fix, or None:

- a secrets file given with `--secrets.files` that does not exist;
- shared mode required (`--shared`, what `serve_class` passes every replica) without an `[auth]`
  section;
- an `[auth]` section without Authlib (the `shared` extra), or with a weak `cookie_secret`
  (`state.cookie_secret_problem`, or a value written anywhere in the repository);
- `[roles]` entries that do not say which claim they match (`roles.entry_problem`);
- a database URL in `STUD_STUDY_DB` whose driver is not installed;
- an address beyond loopback without shared mode, unless `--allow-anonymous-class` says so.

Pure functions of what they are given, so `serve_class` checks the same things before it starts
any replica, and `python -m course.app` once Streamlit has read its options (`__main__`).
"""

from __future__ import annotations

import importlib.util
import ipaddress
import os
import tomllib
from pathlib import Path
from typing import Any, Iterable, Mapping

REPO_ROOT = Path(__file__).resolve().parents[2]
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis"}
SCAN_LIMIT = 2 * 1024 * 1024          # bytes read of one file when looking for a secret
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
SHARED_GUIDE = "docs/shared-mode.md"


def is_loopback(address: str | None) -> bool:
    """Does a server bound to `address` answer this computer only?"""
    text = (address or "").strip().strip("[]")
    if not text:
        return False                  # Streamlit's default: every interface
    if text.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(text).is_loopback
    except ValueError:
        return False


def read_secrets(paths: Iterable[str]) -> tuple[dict[str, Any], list[str], list[str]]:
    """The secrets of the given files merged (later files win, as Streamlit does), the paths
    that do not exist, and one line per file that is not TOML."""
    merged: dict[str, Any] = {}
    missing, broken = [], []
    for text in paths:
        path = Path(text).expanduser()
        if not path.exists():
            missing.append(text)
            continue
        if path.is_dir():
            continue                  # a Kubernetes-style secrets folder: Streamlit reads it
        try:
            merged.update(tomllib.loads(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            broken.append(f"{text}: {exc}")
    return merged, missing, broken


def secret_in_repository(secret: str, root: Path = REPO_ROOT) -> Path | None:
    """The first file of the repository that contains `secret` (a test's, an example's, a
    document's), or None. Anyone who can read the repository could sign a login with it."""
    needle = secret.encode("utf-8")
    if len(needle) < 8:
        return None
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for name in files:
            path = Path(folder, name)
            try:
                with open(path, "rb") as handle:
                    if needle in handle.read(SCAN_LIMIT):
                        return path
            except OSError:
                continue
    return None


def driver_problem(location: str) -> str | None:
    """Why the database URL `location` cannot be used by this install (its driver missing), or
    None (a file path, or a URL whose driver imports). Nothing is connected to."""
    if "://" not in location:
        return None
    import sqlalchemy as sa

    try:
        url = sa.make_url(location)
        url.get_dialect().import_dbapi()
    except ImportError as exc:
        return (f"STUD_STUDY_DB names a {url.get_backend_name()} database, but its driver "
                f"({exc.name or url.drivername}) is not installed: run `make setup-shared` "
                "(or pip install -e '.[shared]')")
    except Exception as exc:  # noqa: BLE001 - a URL SQLAlchemy cannot read at all
        return f"STUD_STUDY_DB is not a database URL SQLAlchemy can use ({exc})"
    return None


def start_problem(*, secrets: Mapping[str, Any], missing_files: list[str] = (),
                  broken_files: list[str] = (), require_shared: bool = False,
                  address: str | None = "127.0.0.1", allow_anonymous: bool = False,
                  db_location: str = "", scan_repository: bool = True) -> str | None:
    """The one line that stops the server, or None when it may start (see the module's list)."""
    if missing_files:
        return (f"the secrets file {missing_files[0]} does not exist (--secrets.files): give the "
                f"path of the class's secrets.toml ({SHARED_GUIDE})")
    if broken_files:
        return f"the secrets file {broken_files[0]}"
    auth = secrets.get("auth")
    if require_shared and not auth:
        return ("shared mode was asked for, but no [auth] section was found in the secrets: give "
                "SECRETS=path/to/secrets.toml (make serve-class) or --secrets.files "
                f"path/to/secrets.toml ({SHARED_GUIDE}); --allow-anonymous-class serves without "
                "login on purpose")
    if auth:
        if importlib.util.find_spec("authlib") is None:
            return ("[auth] is set but Authlib, the OpenID Connect client shared mode logs in "
                    "with, is not installed: run `make setup-shared` (or pip install -e "
                    "'.[shared]')")
        from course.app import roles, state

        weak = state.cookie_secret_problem(auth)
        if weak:
            return weak
        if scan_repository:
            found = secret_in_repository(str(auth["cookie_secret"]))
            if found is not None:
                return (f"[auth] cookie_secret in secrets.toml is written in {found}, which anyone "
                        f"with the code can read. Make one with: {state.MAKE_SECRET}")
        wrong = roles.config_problem(secrets.get("roles", {}))
        if wrong:
            return wrong
    if db_location and (missing := driver_problem(db_location)):
        return missing
    if not auth and not is_loopback(address) and not allow_anonymous:
        where = address or "every interface"
        return (f"the server would listen on {where} without shared mode: anyone who reaches it "
                "would share one learner's progress and the Author preview. Set up shared mode "
                f"({SHARED_GUIDE}), listen on 127.0.0.1, or pass --allow-anonymous-class to "
                "serve without login on purpose")
    return None
