"""The limits of the print checks, set per game in ``game.yaml`` under ``print_checks:``
(:class:`~sheetgen.load.model.PrintChecks`, loaded with the game), and the contrast text needs.

``print_checks: warn`` (or ``{mode: warn}``) is for early drafts: every check runs and is
reported, but the build does not fail. The default, ``enforce``, refuses a build whose faces
break a rule, with the template line of the element. ``min_game_text`` (on unless a game says
``min_game_text: false``) is the arm's-length rule of :mod:`.game_text`.
"""

from __future__ import annotations

# WCAG contrast ratio text needs against what is drawn under it: small text needs more.
SMALL_TEXT_BELOW = 9.0
SMALL_TEXT_CONTRAST = 4.5
LARGE_TEXT_CONTRAST = 3.0
# a one-colour icon against a dark fill under it (relative luminance below DARK_FILL, about
# a 45% grey): WCAG 2.1's non-text contrast (1.4.11)
ICON_CONTRAST = 3.0
DARK_FILL = 0.18


def needed_contrast(size: float) -> float:
    """Return the contrast ratio text of ``size`` points needs."""
    return SMALL_TEXT_CONTRAST if size < SMALL_TEXT_BELOW else LARGE_TEXT_CONTRAST
