"""Only a face's own warnings (art left out, a picture below 300 dpi) are reported at the face's
line: a warning something else raises while the face is prepared (a library, or another thread,
since Python's warning capture is process-wide) is not blamed on a card."""

from __future__ import annotations

import warnings

from PIL import Image

from conftest import run_cli, write_files
from sheetgen.fill.elements.text import Text

TEMPLATE = """size: poker
elements:
  - {type: text, text: "{{ name }}", x: 5mm, y: 5mm, w: 40mm, h: 10mm}
  - {type: image, src: art/small.png, x: 5mm, y: 20mm, w: 20mm, h: 20mm}
"""


def _project(root):
    write_files(root, {
        "data/g/game.yaml": "id: g\nname: G\ncomponents: [c]\n",
        "data/g/c.yaml": "id: c\ntitle: C\nkind: cards\nfront: f\nitems:\n  - name: One\n",
        "templates/f.yaml": TEMPLATE,
    })
    (root / "templates/art").mkdir()
    Image.new("RGB", (100, 100), (10, 10, 10)).save(root / "templates/art/small.png")
    return root


def test_a_foreign_warning_during_preparing_is_not_a_card_warning(tmp_path, monkeypatch):
    prepare = Text.prepare

    def noisy_prepare(self, ctx):
        warnings.warn("unclosed file <_io.BufferedReader name='x'>", ResourceWarning)
        return prepare(self, ctx)

    monkeypatch.setattr(Text, "prepare", noisy_prepare)
    root = _project(tmp_path)
    with warnings.catch_warnings(record=True) as passed_on:
        warnings.simplefilter("always")
        result = run_cli("--project", str(root), "build", "g", "-p", "a4", "--out",
                         str(root / "out"))
    assert result.exit_code == 0, result.output
    reported = [line for line in result.output.splitlines() if line.startswith("warning:")]
    # the face's own warning is still reported at the item's line ...
    assert any("c.yaml:6: one front: small.png prints at" in line for line in reported), reported
    # ... and the foreign one is not blamed on the card, but goes on as a Python warning
    assert not any("unclosed file" in line for line in reported), reported
    assert any(issubclass(w.category, ResourceWarning) and "unclosed file" in str(w.message)
               for w in passed_on)
