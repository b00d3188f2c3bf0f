"""Print generated items as exercise files for authors, or list the templates.

    python -m course.study gen/door-tie-suit/5 [gen/...]   # the item(s) as YAML, answer included
    python -m course.study --list                          # every template: name, game, ask, trap
"""

from __future__ import annotations

import sys

from course.study import templates


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args == ["--help"]:
        print(__doc__.strip())
        return 0 if args else 2
    if args == ["--list"]:
        for name, t in templates.templates().items():
            print(f"{name:24s} {t.game:13s} {t.ask:14s} {'trap' if t.trap else ''}".rstrip())
        return 0
    status = 0
    for n, item in enumerate(args):
        try:
            text = templates.to_yaml(item)
        except templates.GenerationError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 1
            continue
        print(("---\n" if n else "") + text, end="")
    return status


if __name__ == "__main__":
    sys.exit(main())
