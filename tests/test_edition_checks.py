"""Editions checked like the source (issue 33): fit naming the PO entry and the size needed,
hyphenation by language, glyphs the fonts lack, the page chrome and per-edition overrides."""

from __future__ import annotations

import polib
import pytest
from pypdf import PdfReader

from conftest import run_cli, write_files
from sheetgen.load.chrome import CHROME, LOCALE
from sheetgen.fill.textlayout import TextFitError, hyphenator, layout, parse

from test_editions import CSV, SPANISH, _text, _translate


def _measure(text, bold, size):
    return len(text) * size * 0.5  # a monospaced stand-in: half an em a character


def test_german_compound_hyphenates_to_fit():
    """A compound wider than its line breaks at a syllable with a hyphen (pyphen, de)."""
    word = "Schicksalswürfelablage"
    width = 12 * 9 * 0.5  # twelve characters at 9 pt
    with pytest.raises(TextFitError):
        layout(parse(word), width, 100, _measure, 9, 9)
    lay = layout(parse(word), width, 100, _measure, 9, 9, hyphenate=hyphenator("de"))
    lines = ["".join(run.text for run, _ in line.runs) for line in lay.lines]
    assert len(lines) >= 2 and lines[0].endswith("-")
    assert "".join(t.removesuffix("-") for t in lines) == word
    assert lines[0] in ("Schicksals-", "Schick-")  # a syllable break, not a letter count


def test_no_language_means_no_hyphenation():
    """Without a language (the source edition) wrapping is as before: no hyphen added."""
    assert hyphenator(None) is None and hyphenator("xx") is None
    lay = layout(parse("Roll the dice again"), 60, 100, _measure, 9, 9)
    assert all(not run.text.endswith("-") for line in lay.lines for run, _ in line.runs)


def test_chrome_catalogs_cover_every_chrome_text():
    """sheetgen's own catalogs translate every chrome text, keeping its {fields}."""
    for code in ("es", "de"):
        po = polib.pofile(str(LOCALE / f"{code}.po"))
        assert {e.msgid for e in po if e.msgstr} == set(CHROME)


@pytest.fixture
def project(tmp_path):
    """A new project with a CSV deck and a Spanish edition, translated."""
    assert run_cli("new", str(tmp_path / "p"), "--id", "duel", "--name", "Duel").exit_code == 0
    root = tmp_path / "p"
    game = root / "data" / "duel"
    deck = (game / "deck.yaml").read_text()
    deck = deck[:deck.index("items:")] + "items_from: {csv: cards.csv}\n"
    text = (game / "game.yaml").read_text().replace(
        "components:", "editions:\n  - {code: es, title: Duelo}\ncomponents:")
    write_files(game, {"deck.yaml": deck, "cards.csv": CSV, "game.yaml": text})
    assert run_cli("--project", str(root), "translate", "update", "duel", "--edition",
                   "es").exit_code == 0
    _translate(root / "data/duel/locale/es.po", SPANISH)
    return root


def _set(root, msgid: str, msgstr: str) -> int:
    """Set one translation; return the line of its msgstr."""
    path = root / "data/duel/locale/es.po"
    po = polib.pofile(str(path), wrapwidth=0)
    po.find(msgid).msgstr = msgstr
    po.save(str(path))
    lines = path.read_text().splitlines()
    return next(i for i, t in enumerate(lines, 1) if t.startswith("msgstr") and msgstr[:20] in t)


def test_the_page_chrome_is_in_the_editions_language(project):
    """Footers of the Spanish deck: 'anversos', 'reversos' and 'página N/M', no English."""
    result = run_cli("--project", str(project), "build", "duel", "deck", "-p", "a4",
                     "--edition", "es", "-q")
    assert result.exit_code == 0, result.output
    text = _text(project / "out/duel/deck-es-a4.pdf")
    assert "anversos" in text and "página 1/" in text and "reversos (imprimir" in text
    assert "fronts" not in text and "page 1/" not in text
    run_cli("--project", str(project), "build", "duel", "deck", "-p", "a4", "-q")
    assert "fronts" in _text(project / "out/duel/deck-a4.pdf")


def test_text_that_no_longer_fits_names_element_po_entry_and_size(project):
    """A translation too long for its box: exit 2, the element, the PO line, the size."""
    line = _set(project, "Raider", "Saqueador de las tierras del norte " * 6)
    result = run_cli("--project", str(project), "build", "duel", "deck", "-p", "a4",
                     "--edition", "es", "-q")
    assert result.exit_code == 2
    assert "text 'name' text does not fit" in result.output
    assert f"PO entry es.po:{line} 'Raider'" in result.output
    assert "(it needs " in result.output and " pt)" in result.output
    assert not (project / "out/duel/deck-es-a4.pdf").exists()


def test_an_override_gives_the_edition_room(project):
    """The same too-long name fits once the edition widens its box (overrides:)."""
    _set(project, "Raider", "Saqueador del norte")
    game = project / "data/duel/game.yaml"
    game.write_text(game.read_text().replace(
        "{code: es, title: Duelo}",
        "{code: es, title: Duelo, overrides: {deck: {name: {size: 9}}}}"))
    result = run_cli("--project", str(project), "build", "duel", "deck", "-p", "a4",
                     "--edition", "es", "-q")
    assert result.exit_code == 0, result.output
    assert "Saqueador del norte" in _text(project / "out/duel/deck-es-a4.pdf")


def test_a_character_the_font_cannot_draw_is_named(project):
    """A translation with a character no font of the edition has: char, string, font."""
    _set(project, "Scout", "Explorador ☃")
    result = run_cli("--project", str(project), "build", "duel", "deck", "-p", "a4",
                     "--edition", "es", "-q")
    assert result.exit_code == 2
    assert "character '☃' (U+2603) of 'Explorador ☃' is not in font Cinzel-Bold" in \
        result.output


def test_an_editions_fonts_draw_its_roles(project):
    """fonts: {title: body} sets the edition's card names in the body family."""
    game = project / "data/duel/game.yaml"
    game.write_text(game.read_text().replace(
        "{code: es, title: Duelo}", "{code: es, title: Duelo, fonts: {title: body}}"))
    result = run_cli("--project", str(project), "build", "duel", "deck", "-p", "a4",
                     "--edition", "es", "-q")
    assert result.exit_code == 0, result.output
    fonts = {str(f["/BaseFont"]) for page in PdfReader(project / "out/duel/deck-es-a4.pdf").pages
             for f in page["/Resources"]["/Font"].values()}
    assert not any("Cinzel" in f for f in fonts) and any("AlegreyaSans" in f for f in fonts)


def test_the_reference_names_every_edition_key_and_command():
    """docs/src/reference/editions.md (written by hand) names every key of `editions:` and
    every `translate` command, so it cannot silently fall behind the model."""
    from pathlib import Path

    from sheetgen.cli import translate_group
    from sheetgen.load.model import EditionSpec

    page = (Path(__file__).parent.parent / "docs/src/reference/editions.md").read_text()
    for key in EditionSpec.model_fields:
        assert f"| `{key}` |" in page, key
    for name in translate_group.commands:
        assert f"sheetgen translate {name}" in page, name


def test_an_editions_catalog_is_an_input_of_its_outputs(project):
    """Reading an edition reports its PO file to the build's record of reads (the cache,
    watch and the studio take their inputs from it); the source edition reads none."""
    from sheetgen.generate.games import load_game
    from sheetgen.load.project import Project
    from sheetgen.load.reads import ReadRecorder

    with ReadRecorder().recording() as spanish:
        load_game(Project.at(project).with_edition("es"), "duel")
    assert project / "data/duel/locale/es.po" in spanish
    with ReadRecorder().recording() as source:
        load_game(Project.at(project), "duel")
    assert not any(p.suffix == ".po" for p in source.files())


def test_hyphenation_breaks_the_letters_not_the_punctuation():
    """A word with punctuation breaks inside its letters, never before the last two
    ('marcado-r).' printed 'r).' alone on a line)."""
    breaks = hyphenator("es")("marcador).")
    assert breaks and all(len("marcador"[at:]) >= 3 for at in breaks)
    assert hyphenator("de")("(Rohstoffwürfel")[0] == len("(Roh")
