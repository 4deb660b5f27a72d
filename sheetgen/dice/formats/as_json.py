"""JSON script for programs: the digested body plus game name, digest, seed and summary."""

from __future__ import annotations

import json

from ..script import Script


def render(script: Script) -> str:
    """Return the script as one line of JSON with sorted keys (stable across runs).

    Not indented: Python's C encoder only runs without ``indent``, and it is ten times faster.
    Pipe through ``python -m json.tool`` to read it.
    """
    return json.dumps(script.to_dict(), sort_keys=True, ensure_ascii=False) + "\n"
