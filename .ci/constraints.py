"""Write constraints.txt: the exact version of every package sheetgen and its extras install.

Run after ``pip install --upgrade ".[test,serve,docs]"`` and a green ``pytest``::

    python .ci/constraints.py

It walks sheetgen's requirements (with every extra) through the installed distributions, so
the file lists what sheetgen pulls in and nothing else the environment happens to hold. Users
who need the last-known-good set install with ``pip install . -c constraints.txt``.
"""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent


def requirement_names(dist: metadata.Distribution, extras: set[str]) -> set[str]:
    """Return the names ``dist`` requires, with the given extras, for this platform."""
    names = set()
    for text in dist.requires or []:
        requirement = Requirement(text)
        marker = requirement.marker
        if marker is None or any(marker.evaluate({"extra": e}) for e in extras | {""}):
            names.add(canonical(requirement.name))
    return names


def canonical(name: str) -> str:
    """Return a distribution name in its canonical form."""
    return re.sub(r"[-_.]+", "-", name).lower()


def closure() -> dict[str, str]:
    """Return ``{name: version}`` of everything sheetgen (with all extras) installs."""
    root = metadata.distribution("sheetgen")
    extras = set(root.metadata.get_all("Provides-Extra") or [])
    pending, seen = requirement_names(root, extras), {}
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # an extra not installed here: left out, as pip would leave it
        seen[name] = dist.version
        pending |= requirement_names(dist, set())
    return seen


def main() -> None:
    """Write constraints.txt."""
    versions = closure()
    lines = ["# Last-known-good versions: pip install . -c constraints.txt",
             "# Refresh: pip install --upgrade \".[test,serve,docs]\" && pytest && "
             "python .ci/constraints.py"]
    lines += [f"{name}=={versions[name]}" for name in sorted(versions)]
    (ROOT / "constraints.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"constraints.txt: {len(versions)} packages")


if __name__ == "__main__":
    main()
