"""Roles from `[roles]` in secrets.toml, each entry matched against the claim it names.

    [roles]
    teachers = ["tia@school.example",                     # a verified e-mail address
                {sub = "248289761001", iss = "https://accounts.example"}]   # a subject
    authors = [{email = "ann@school.example"}]

An entry is a verified e-mail address (a text with an `@`, or `{email = ...}`: matched, in any
case, only against an address the provider says it has verified), or a subject (a text without
an `@`, matched exactly against `sub`; or `{sub = ..., iss = ...}`, matched against that
provider's subject only). A subject that looks like an e-mail address never matches an e-mail
entry, and an e-mail entry never matches a subject: a provider that lets users pick their
subject cannot hand out a teacher's address as one.
"""

from __future__ import annotations

from typing import Any, Mapping

ROLE_LISTS = {"author": "authors", "teacher": "teachers"}   # role -> its [roles] key


def _entries(listed: Any) -> list[Any]:
    return [listed] if isinstance(listed, (str, Mapping)) else list(listed or [])


def entry_problem(entry: Any) -> str | None:
    """Why one `[roles]` entry cannot be matched, or None."""
    if isinstance(entry, str):
        return None if entry.strip() else "an empty entry"
    if isinstance(entry, Mapping):
        keys = set(entry)
        if keys == {"email"} and "@" in str(entry["email"]):
            return None
        if keys in ({"sub"}, {"sub", "iss"}) and str(entry["sub"]).strip():
            return None
        return (f"{dict(entry)!r} must be {{email = \"...\"}} or {{sub = \"...\", iss = \"...\"}}")
    return f"{entry!r} is neither a text nor a table"


def config_problem(config: Mapping[str, Any]) -> str | None:
    """Why the `[roles]` section cannot be used, in one line, or None."""
    for listed in ROLE_LISTS.values():
        for entry in _entries(config.get(listed, [])):
            problem = entry_problem(entry)
            if problem:
                return f"[roles] {listed} in secrets.toml: {problem}"
    return None


def matches(entry: Any, *, iss: str, sub: str, verified_email: str) -> bool:
    """Does one entry name this user? (`verified_email` is "" unless the provider verified it.)"""
    if isinstance(entry, Mapping):
        if "email" in entry:
            return bool(verified_email) and verified_email.lower() == str(entry["email"]).strip().lower()
        if str(entry.get("sub", "")) != sub or not sub:
            return False
        return "iss" not in entry or str(entry["iss"]).rstrip("/") == iss.rstrip("/")
    text = str(entry).strip()
    if "@" in text:
        return bool(verified_email) and verified_email.lower() == text.lower()
    return bool(sub) and text == sub


def roles_for(config: Mapping[str, Any], *, iss: str, sub: str, verified_email: str) -> frozenset[str]:
    """Every role the user's claims match; everyone logged in is a learner."""
    found = {"learner"}
    for role, listed in ROLE_LISTS.items():
        if any(matches(e, iss=iss, sub=sub, verified_email=verified_email)
               for e in _entries(config.get(listed, []))):
            found.add(role)
    return frozenset(found)
