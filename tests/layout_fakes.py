"""Stand-ins for text layout tests: a font of fixed advance, and lines read back as markup."""

from __future__ import annotations


def measure(text, bold, size):
    """Every character (and a space) half the size wide."""
    return len(text) * size / 2


def words(lay):
    """Return each line's runs as markup: icons as :name:."""
    return [[f":{run.text}:" if run.icon else run.text for run, _ in line.runs]
            for line in lay.lines]
