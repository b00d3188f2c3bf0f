"""The lock file (requirements.lock, docs/dependencies.md): every dependency and extra of
pyproject.toml is pinned there, and every make install is constrained by it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def name_of(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_every_dependency_is_pinned_in_the_lock():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {name_of(r) for r in project["dependencies"]}
    for extra in project["optional-dependencies"].values():
        wanted |= {name_of(r) for r in extra if not r.startswith(project["name"])}
    pinned = {}
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9_.-]+)==(\S+)", line)
        if match:
            pinned[match.group(1).lower().replace("_", "-")] = match.group(2)
    missing = sorted(wanted - set(pinned))
    assert not missing, f"not in requirements.lock (run `make lock`): {missing}"


def test_every_make_install_is_constrained_by_the_lock():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = re.findall(r"\$\(call install,(.*)\)$", makefile, re.M)
    assert len(installs) == 3 and all("$(LOCK)" in i for i in installs), installs
    assert "LOCK := -c requirements.lock" in makefile
