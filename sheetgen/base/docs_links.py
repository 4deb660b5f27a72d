"""Where the documentation explains a concept, for messages that name it.

A message about a concept a designer may not know yet (variants, the safe area, the print
checks, icons and art) ends with the page to read, as a path of the documentation site
(``docs/src/<page>.md`` in a checkout; ``mkdocs serve`` shows it).
``tests/test_docs.py`` checks that every page named here exists.
"""

from __future__ import annotations

PAGES = {
    "variants": "how-to/variants.md",
    "print-checks": "explanation/print-checks.md",
    "icons": "how-to/icons-fonts-art.md",
    "reference": "reference/index.md",
}


def see(topic: str) -> str:
    """Return the pointer a message ends with: `` (docs: how-to/variants.md)``."""
    return f" (docs: {PAGES[topic]})"
