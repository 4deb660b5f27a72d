"""A character no font of a text can draw is an error in every build, not only in an edition
(the Rolling Thunder sheet printed an empty box for '·' in its runic line)."""

from __future__ import annotations

from conftest import run_cli, write_files

FRONT = """size: poker
elements:
  - id: runes
    type: text
    x: 6mm
    y: 10mm
    w: 50mm
    h: 8mm
    text: "{text}"
    font: runic
    size: 11
"""


def _project(root, text):
    return write_files(root, {
        "data/demo/game.yaml": "id: demo\nname: Demo\ncomponents: [cards]\n",
        "data/demo/cards.yaml": "id: cards\ntitle: Cards\nkind: cards\nfront: demo-front\n"
                                "profiles: [pod]\nitems:\n  - {name: Axe}\n",
        "templates/demo-front.yaml": FRONT.format(text=text)})


def test_a_character_the_font_lacks_is_an_error_at_its_line(tmp_path):
    root = _project(tmp_path / "dot", "ᚠᚢ · ᚦᚨ")
    result = run_cli("--project", str(root), "validate", "demo")
    assert result.exit_code == 2, result.output
    assert "character '·' (U+00B7)" in result.output, result.output
    assert "NotoSansRunic-Regular" in result.output
    assert "templates/demo-front.yaml:3" in result.output
    # the runic word separator is in the font
    ok = _project(tmp_path / "separator", "ᚠᚢ ᛫ ᚦᚨ")
    assert run_cli("--project", str(ok), "validate", "demo").exit_code == 0
