"""JSON script for programs: the digested body plus game name, digest, seed and summary."""

from __future__ import annotations

import json

from ..script import Script


def render(script: Script) -> str:
    """Return the script as indented JSON with sorted keys (stable across runs)."""
    return json.dumps(script.to_dict(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
