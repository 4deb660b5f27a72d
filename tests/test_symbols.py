"""A game's symbol vocabulary: symbol/NAME draws the declared picture, one picture per idea,
and every symbol printed is keyed by a legend (sheetgen check)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from conftest import run_cli

GAME = """id: demo
name: Demo
components: [cards, aid]
symbols:
  army: {icon: swords, label: Army, meaning: Fights on your turn}
  castle: {icon: castle, label: Castle, meaning: Holds one army}
"""
CARDS = """id: cards
title: Cards
kind: cards
front: demo-front
profiles: [pod]
items:
  - {name: Axe, rule: "Gain 2 :symbol/army:"}
"""
AID = """id: aid
title: Aid
kind: cards
front: demo-aid
profiles: [pod]
items:
  - {name: Key}
"""
FRONT = """size: poker
elements:
  - id: title
    type: text
    x: 6mm
    y: 6mm
    w: 50mm
    h: 10mm
    text: "{{{{ name }}}}"
    size: 12
  - id: badge
    type: icon
    icon: symbol/castle
    x: 20mm
    y: 30mm
    w: 20mm
    h: 20mm
  - id: rule
    type: text
    x: 6mm
    y: 60mm
    w: 50mm
    h: 10mm
    text: "{{{{ rule }}}}"
    size: 9
{legend}"""
LEGEND = """  - id: key
    type: legend
    x: 6mm
    y: 72mm
    w: 50mm
    h: 12mm
    size: 8{symbols}
"""
AID_FRONT = """size: poker
elements:
  - id: title
    type: text
    x: 6mm
    y: 6mm
    w: 50mm
    h: 10mm
    text: Symbols
    size: 12
""" + LEGEND.format(symbols="")


def make(root: Path, game_extra: str = "", legend: str = "", aid_legend: bool = True,
         icon: str = "symbol/castle") -> Path:
    """Write a project: a deck printing two symbols, and an aid."""
    (root / "data/demo").mkdir(parents=True, exist_ok=True)
    (root / "templates").mkdir(exist_ok=True)
    (root / "data/demo/game.yaml").write_text(GAME + game_extra)
    (root / "data/demo/cards.yaml").write_text(CARDS)
    (root / "data/demo/aid.yaml").write_text(AID)
    front = FRONT.format(legend=legend).replace("symbol/castle", icon)
    (root / "templates/demo-front.yaml").write_text(front)
    aid = AID_FRONT if aid_legend else AID_FRONT.split("  - id: key")[0]
    (root / "templates/demo-aid.yaml").write_text(aid)
    return root


def check(root: Path):
    return run_cli("--project", str(root), "check", "demo")


def line_of(root: Path, name: str, needle: str) -> int:
    text = (root / "templates" / name).read_text()
    return text[: text.index(needle)].count("\n") + 1


def test_a_symbol_draws_its_declared_picture_as_the_icon_file_would(tmp_path):
    by_symbol = make(tmp_path / "symbol", legend=LEGEND.format(symbols=""))
    by_file = make(tmp_path / "file", legend=LEGEND.format(symbols=""), icon="castle")
    for root in (by_symbol, by_file):
        result = run_cli("--project", str(root), "build", "demo", "-q", "-p", "pod")
        assert result.exit_code == 0, result.output
    pages = []
    for root in (by_symbol, by_file):
        pdf = pdfium.PdfDocument(str(root / "out/demo/cards-pod.pdf"))
        pages.append(pdf[0].render(scale=2).to_pil().convert("L").tobytes())
        pdf.close()
    assert pages[0] == pages[1]
    # the inline :symbol/army: in the rule text is the swords icon, and the legend writes the
    # label and meaning of each symbol
    text = PdfReader(by_symbol / "out/demo/cards-pod.pdf").pages[0].extract_text()
    for words in ("Army", "Fights on your turn", "Castle", "Holds one army", "Gain 2"):
        assert words in text, (words, text)
    assert "symbol/" not in text


def test_an_unknown_symbol_is_refused_at_its_line(tmp_path):
    root = make(tmp_path, icon="symbol/castel")
    result = check(root)
    assert result.exit_code == 2, result.output
    assert (f"templates/demo-front.yaml:{line_of(root, 'demo-front.yaml', 'id: badge')}"
            in result.output and "unknown symbol 'castel'; did you mean 'castle'?"
            in result.output), result.output


@pytest.mark.parametrize("command", ["validate", "build", "check"])
def test_a_symbol_naming_a_missing_picture_is_refused_at_its_game_yaml_line(tmp_path, command):
    """A legend draws a symbol's picture without a template line of its own: a missing icon
    was a KeyError traceback in every command."""
    root = make(tmp_path, legend=LEGEND.format(symbols=""))
    game = root / "data/demo/game.yaml"
    game.write_text(game.read_text().replace("icon: swords", "icon: swordz"))
    result = run_cli("--project", str(root), command, "demo")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    line = game.read_text().splitlines().index(
        "  army: {icon: swordz, label: Army, meaning: Fights on your turn}") + 1
    assert f"data/demo/game.yaml:{line}: symbol 'army': unknown icon 'swordz'" in result.output
    assert not (root / "out/demo").exists() or not list((root / "out/demo").glob("*.pdf"))


def test_two_symbols_may_not_share_one_picture(tmp_path):
    root = make(tmp_path, game_extra="  fort: {icon: castle, label: Fort, meaning: Walls}\n")
    result = check(root)
    assert result.exit_code == 2, result.output
    assert "data/demo/game.yaml:" in result.output, result.output
    assert ("symbols castle and fort share the picture 'castle': one picture, one idea"
            in result.output), result.output


def test_a_symbol_printed_without_a_key_is_a_finding_naming_component_and_symbol(tmp_path):
    # no legend on the cards, no symbol_key: both symbols the cards print are findings
    root = make(tmp_path)
    result = check(root)
    assert result.exit_code == 2, result.output
    badge = line_of(root, "demo-front.yaml", "id: badge")
    assert (f"templates/demo-front.yaml:{badge}: cards prints symbol 'castle' (Castle) but no "
            "legend keys it") in result.output, result.output
    assert "cards prints symbol 'army' (Army)" in result.output, result.output
    # a legend on the component that keys only the castle leaves the army
    partial = make(tmp_path / "partial", legend=LEGEND.format(symbols="\n    symbols: [castle]"))
    result = check(partial)
    assert result.exit_code == 2 and "cards prints symbol 'army'" in result.output
    assert "symbol 'castle'" not in result.output, result.output
    # the legend keying both passes
    assert check(make(tmp_path / "keyed", legend=LEGEND.format(symbols=""))).exit_code == 0


def test_the_game_symbol_key_component_keys_every_symbol(tmp_path):
    root = make(tmp_path / "key", game_extra="symbol_key: aid\n")
    result = check(root)
    assert result.exit_code == 0, result.output
    # the key component must key every symbol itself
    root = make(tmp_path / "empty", game_extra="symbol_key: aid\n", aid_legend=False)
    result = check(root)
    assert result.exit_code == 2, result.output
    assert ("data/demo/aid.yaml:1: aid is the game's symbol_key but its legends do not key "
            "army, castle") in result.output, result.output
    bad = make(tmp_path / "bad", game_extra="symbol_key: deck\n")
    result = check(bad)
    assert result.exit_code == 2 and "symbol_key: 'deck' is not one of the components" \
        in result.output, result.output


def test_an_edition_translates_each_symbols_label_and_meaning(tmp_path):
    """A legend in another edition prints the symbol's label and meaning from the catalog
    (game.yaml's symbols were read in the source language only); `translate update` collects
    them at their game.yaml lines."""
    import polib

    root = make(tmp_path, game_extra="editions:\n  - {code: es, title: Demo}\n",
                legend=LEGEND.format(symbols=""))
    result = run_cli("--project", str(root), "translate", "update", "demo", "--edition", "es")
    assert result.exit_code == 0, result.output
    po_path = root / "data/demo/locale/es.po"
    po = polib.pofile(str(po_path), wrapwidth=0)
    spanish = {"Army": "Ejército", "Fights on your turn": "Lucha en tu turno",
               "Castle": "Castillo", "Holds one army": "Retiene un ejército"}
    for source in spanish:
        entry = po.find(source)
        assert entry is not None, source
        assert any(ref[0] == "data/demo/game.yaml" for ref in entry.occurrences), entry
    for entry in po:
        entry.msgstr = spanish.get(entry.msgid, entry.msgid)
    po.save(str(po_path))
    result = run_cli("--project", str(root), "build", "demo", "-q", "-p", "pod", "-e", "es")
    assert result.exit_code == 0, result.output
    text = PdfReader(root / "out/demo/aid-es-pod.pdf").pages[0].extract_text()
    for words in spanish.values():
        assert words in text, (words, text)
    assert "Holds one army" not in text
