"""pytest exercises the working tree's ./sheetgen, never an installed copy."""

from pathlib import Path

import sheetgen
import sheetgen.api

REPO = Path(__file__).resolve().parent.parent


def test_sheetgen_is_imported_from_the_working_tree():
    assert Path(sheetgen.__file__).resolve() == REPO / "sheetgen" / "__init__.py"
    assert Path(sheetgen.api.__file__).resolve().parent == REPO / "sheetgen"
