"""The limits of the print checks, set per game in ``game.yaml`` under ``print_checks:``.

``print_checks: warn`` (or ``{mode: warn}``) is for early drafts: every check runs and is
reported, but the build does not fail. The default, ``enforce``, refuses a build whose faces
break a rule, with the template line of the element.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..units import to_points

# WCAG contrast ratio text needs against what is drawn under it: small text needs more.
SMALL_TEXT_BELOW = 9.0
SMALL_TEXT_CONTRAST = 4.5
LARGE_TEXT_CONTRAST = 3.0


class PrintChecks(BaseModel):
    """``print_checks:`` in game.yaml: ``enforce`` (default) or ``warn``, and the limits."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    mode: Literal["enforce", "warn"] = Field(
        "enforce", description="enforce: a failed check stops the build (exit 2). warn: report "
        "every failure but build anyway (early drafts).")
    min_text_size: float = Field(6.0, gt=0, description="Smallest text (pt) after shrink-to-fit.")
    min_stroke: float = Field(0.25, gt=0, description="Thinnest line (pt).")
    safe_area: str = Field("3mm", description="Text and icons stay this far inside the trim "
                           "unless their element says bleed_art: true.")

    @model_validator(mode="after")
    def _safe_area(self):
        to_points(self.safe_area)
        return self

    @property
    def safe_area_pt(self) -> float:
        """The safe margin in points."""
        return to_points(self.safe_area)

    @property
    def enforced(self) -> bool:
        """Whether a failure stops the build."""
        return self.mode == "enforce"


def needed_contrast(size: float) -> float:
    """Return the contrast ratio text of ``size`` points needs."""
    return SMALL_TEXT_CONTRAST if size < SMALL_TEXT_BELOW else LARGE_TEXT_CONTRAST
