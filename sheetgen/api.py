"""The Python API the CLI, the docs and the tests share: list, validate, build, check, diff.

Each function lives in the part that does the work (the build's in ``sheetgen.build``, the
diff's in ``sheetgen.tools``); this module names them in one place, so ``from sheetgen.api
import build`` keeps working wherever they move.
"""

from __future__ import annotations

from .build.calibration import write_calibration
from .build.check import run_check
from .build.component_build import BuildOptions
from .build.plan import Skipped
from .build.selection import ComponentSummary, GameSummary, list_games, select
from .build.session import Session
from .build.transaction import build, progress_bar
from .build.validate import validate, validate_extras
from .tools.diff_game import diff_game

__all__ = ["BuildOptions", "ComponentSummary", "GameSummary", "Session", "Skipped", "build",
           "diff_game", "list_games", "progress_bar", "run_check", "select", "validate",
           "validate_extras", "write_calibration"]
