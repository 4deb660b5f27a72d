"""Editions (issue 33): a game's texts in PO catalogs, read at load time into the same model.

A project made by ``sheetgen new`` gets a CSV deck and a Spanish edition, and goes through the
tutorial's commands: extract, update, translate the PO file, build, check.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import polib
import pytest
from pypdf import PdfReader

from conftest import REPO, run_cli, write_files
from sheetgen.load.strings import pieces, placeholder_mistake, pseudo

CSV = ("name,value,text,count\n"
       "Scout,1,Look at the top card of the deck.,3\n"
       "Raider,2,Roll a die: on 4+ gain 1 :coins:.,3\n")
SPANISH = {"Scout": "Explorador", "Raider": "Saqueador",
           "Look at the top card of the deck.": "Mira la carta superior del mazo.",
           "Roll a die: on 4+ gain 1 :coins:.": "Tira un dado: con 4+ gana 1 :coins:."}


def test_pieces_are_words_not_names():
    """Ids, sizes, colours, files and Roman numerals are not translated; words are, and the
    quoted words inside a Jinja expression are pieces of their own."""
    assert pieces("monastery") == [] and pieces("fluent/wolf") == [] and pieces("12mm") == []
    assert pieces("#b8862b") == [] and pieces("II") == [] and pieces("cards.csv") == []
    assert pieces("{{ 39.5 - n * 5 }}mm") == [] and pieces("fluent/{{ x }}") == []
    assert pieces("Raid cards") == ["Raid cards"] and pieces("Iona") == ["Iona"]
    assert pieces("Round {{ n }}") == ["Round {{ n }}"]
    text = "{{ 'Destination: Paris' if special else {'town': 'a trading town'}[target] }}"
    assert pieces(text) == ["Destination: Paris", "a trading town"]


def test_placeholder_mistakes_are_named():
    """A translation that drops, adds or misspells a number, icon, expression or markup."""
    assert placeholder_mistake("Gain 2 :coins:.", "Gana 2 :coins:.") is None
    assert "drops ':coins:'" in placeholder_mistake("Gain 2 :coins:.", "Gana 2 monedas.")
    assert "drops '2'" in placeholder_mistake("Gain 2 :coins:.", "Gana :coins:.")
    assert "adds ':coin:'" in placeholder_mistake("Gain :coins:", "Gana :coin:")
    assert "{{ x }}" in placeholder_mistake("Round {{ x }}", "Ronda")
    assert "'**'" in placeholder_mistake("**Bold** rule", "Regla")
    # a symbol or colour art inline is a placeholder too (set/name)
    assert "drops ':symbol/viking:'" in placeholder_mistake("Lose 1 :symbol/viking:.", "Pierde 1.")
    assert placeholder_mistake("1 :fluent/crown:", "1 :fluent/crown:") is None


def test_pseudo_and_placeholders_keep_a_symbol_or_art_icon_whole():
    """``:symbol/troll:`` and ``:fluent/troll:`` are icons, as the text layout reads them: the
    pseudo-translation kept ``:coins:`` but accented ``:symbol/troll:`` into words."""
    out = pseudo("Strike :symbol/troll-magic: and :fluent/troll: 4")
    assert ":symbol/troll-magic:" in out and ":fluent/troll:" in out
    assert "drops ':symbol/troll:'" in placeholder_mistake("A :symbol/troll: 4", "Un troll 4")


def test_pseudo_is_longer_accented_and_bracketed():
    """qps: brackets at both ends, accented letters, about 40 % longer, placeholders kept."""
    out = pseudo("Gain 2 :coins: each round")
    assert out.startswith("[") and out.endswith("]") and ":coins:" in out and "2" in out
    assert "à" in out and "ç" not in "Gain" and len(out) >= 1.3 * len("Gain 2 :coins: each round")
    assert placeholder_mistake("Gain 2 :coins: each round", out) is None
    # an inline symbol keeps its name (it was accented into "ſýmƀöl" text and drawn as words)
    assert ":symbol/viking:" in pseudo("Lose 1 :symbol/viking: now")
    # the padding of a long rule wraps like words: no run of more than six tildes
    rule = "Each player takes a sheet and a pencil and marks the first space. "
    long = pseudo(rule * 4)
    assert "~" * 7 not in long
    assert long.count("~") >= 0.4 * 0.9 * sum(c.isalpha() for c in rule) * 4


@pytest.fixture
def spanish_project(tmp_path):
    """A `sheetgen new` project whose deck comes from a CSV and which declares `es`."""
    assert run_cli("new", str(tmp_path / "p"), "--id", "duel", "--name", "Duel").exit_code == 0
    root = tmp_path / "p"
    game = root / "data" / "duel"
    deck = (game / "deck.yaml").read_text()
    deck = deck[:deck.index("items:")] + "items_from: {csv: cards.csv}\n"
    text = (game / "game.yaml").read_text().replace(
        "components:", "editions:\n  - {code: es, title: Duelo}\ncomponents:")
    write_files(game, {"deck.yaml": deck, "cards.csv": CSV, "game.yaml": text})
    return root


def _translate(po_path, table: dict[str, str]) -> None:
    po = polib.pofile(str(po_path), wrapwidth=0)
    for entry in po:
        entry.msgstr = table.get(entry.msgid, entry.msgid)
    po.save(str(po_path))


def _text(pdf) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_spanish_deck_from_a_csv(spanish_project):
    """extract -> update -> translate -> build --edition es: the Spanish deck is built from
    the same CSV under its own name; references point at the CSV's cells; check passes."""
    root = spanish_project
    assert run_cli("--project", str(root), "translate", "extract", "duel").exit_code == 0
    pot = polib.pofile(str(root / "data/duel/locale/messages.pot"))
    raider = pot.find("Raider")
    assert raider.occurrences == [("data/duel/cards.csv:3", "1")]
    assert pot.find("Look at the top card of the deck.").occurrences[0][0] == \
        "data/duel/cards.csv:2"
    result = run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    assert result.exit_code == 0, result.output
    po_path = root / "data/duel/locale/es.po"
    _translate(po_path, SPANISH)
    status = run_cli("--project", str(root), "translate", "status", "duel")
    assert f"duel es: {len(pot)} translated, 0 fuzzy, 0 missing" in status.output
    result = run_cli("--project", str(root), "build", "duel", "deck", "-p", "a4",
                     "--edition", "es", "-q")
    assert result.exit_code == 0, result.output
    text = _text(root / "out/duel/deck-es-a4.pdf")
    assert "Saqueador" in text and "Mira la carta superior del mazo." in text
    assert "Raider" not in text
    assert not (root / "out/duel/deck-a4.pdf").exists()
    result = run_cli("--project", str(root), "build", "duel", "deck", "-p", "a4", "-q")
    assert result.exit_code == 0 and "Raider" in _text(root / "out/duel/deck-a4.pdf")
    result = run_cli("--project", str(root), "check", "duel", "deck", "-p", "a4",
                     "--edition", "es")
    assert result.exit_code == 0, result.output


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt not installed")
def test_msgfmt_accepts_a_written_catalog(spanish_project, tmp_path):
    """The catalogs `translate update` writes are valid for gettext's own checker."""
    root = spanish_project
    run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    po_path = root / "data/duel/locale/es.po"
    _translate(po_path, SPANISH)
    done = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "es.mo"), str(po_path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("bad", ["Tira un dado: con 4+ gana 1 moneda.",
                                 "Tira un dado: con 4+ gana 1 :coin:."])
def test_a_dropped_icon_exits_2_at_its_po_line(spanish_project, bad):
    """A translation dropping or misspelling an :icon: is an error at its msgstr's line."""
    root = spanish_project
    run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    po_path = root / "data/duel/locale/es.po"
    _translate(po_path, {**SPANISH, "Roll a die: on 4+ gain 1 :coins:.": bad})
    lines = po_path.read_text().splitlines()
    line = next(i for i, t in enumerate(lines, 1) if t.startswith("msgstr") and "Tira" in t)
    result = run_cli("--project", str(root), "build", "duel", "deck", "-p", "a4",
                     "--edition", "es", "-q")
    assert result.exit_code == 2
    assert f"locale/es.po:{line}: the translation of 'Roll a die" in result.output
    assert ":coins:" in result.output
    assert not (root / "out/duel/deck-es-a4.pdf").exists()


def test_a_dropped_expression_exits_2(spanish_project):
    """A template text's {{ expression }} left out of its translation is an error."""
    root = spanish_project
    template = root / "templates/duel-card-front.yaml"
    template.write_text(template.read_text().replace(
        'text: "{{ value }}"', 'text: "Value {{ value }}"'))
    run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    po_path = root / "data/duel/locale/es.po"
    _translate(po_path, {**SPANISH, "Value {{ value }}": "Valor"})
    lines = po_path.read_text().splitlines()
    line = next(i for i, t in enumerate(lines, 1) if t == 'msgstr "Valor"')
    result = run_cli("--project", str(root), "validate", "duel", "--edition", "es")
    assert result.exit_code == 2
    said = "the translation of 'Value {{ value }}' drops '{{ value }}'"
    assert f"locale/es.po:{line}: {said}" in result.output


def test_missing_is_a_warning_in_build_and_an_error_in_check(spanish_project):
    """An untranslated text prints in the source language: build warns, check fails."""
    root = spanish_project
    run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    po_path = root / "data/duel/locale/es.po"
    _translate(po_path, {})
    po = polib.pofile(str(po_path), wrapwidth=0)
    po.find("Raider").msgstr = ""
    po.save(str(po_path))
    result = run_cli("--project", str(root), "build", "duel", "deck", "-p", "a4",
                     "--edition", "es", "-q")
    assert result.exit_code == 0
    assert "warning: 1 text(s) have no translation in es.po" in result.output
    assert "data/duel/cards.csv:3:1" in result.output
    result = run_cli("--project", str(root), "check", "duel", "deck", "-p", "a4",
                     "--edition", "es")
    assert result.exit_code == 2 and "no translation in es.po for 'Raider'" in result.output


def test_the_missing_warning_is_the_same_with_workers(spanish_project):
    """Texts lacking a translation in a template that a worker process reads (the score
    sheet's) and in the CSV the main process reads: a build in two workers warns of every
    one, the same words as a build in one process, run after run."""
    root = spanish_project
    run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    po_path = root / "data/duel/locale/es.po"
    _translate(po_path, {})
    po = polib.pofile(str(po_path), wrapwidth=0)
    for msgid in ("Raider", "Rounds", "Points"):
        po.find(msgid).msgstr = ""
    po.save(str(po_path))
    said = []
    for jobs in ("1", "2", "2"):
        result = run_cli("--project", str(root), "build", "duel", "-p", "a4", "--edition",
                         "es", "-q", "--no-cache", "--jobs", jobs)
        assert result.exit_code == 0, result.output
        said.append([line for line in result.output.splitlines() if "no translation" in line])
    assert said[0] == said[1] == said[2]
    [warning] = said[0]
    assert "3 text(s) have no translation in es.po" in warning
    assert "'Rounds'" in warning and "'Points'" in warning and "'Raider'" in warning


def test_a_changed_source_text_turns_fuzzy(spanish_project):
    """update keeps the old translation of a changed text, marked fuzzy, old text beside."""
    root = spanish_project
    run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    po_path = root / "data/duel/locale/es.po"
    _translate(po_path, SPANISH)
    (root / "data/duel/cards.csv").write_text(CSV.replace("the top card", "the top two cards"))
    result = run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    assert "1 fuzzy, 0 missing, 1 obsolete" in result.output, result.output
    entry = polib.pofile(str(po_path)).find("Look at the top two cards of the deck.")
    assert "fuzzy" in entry.flags and entry.msgstr == SPANISH["Look at the top card of the deck."]
    assert entry.previous_msgid == "Look at the top card of the deck."


def test_an_undeclared_edition_is_named(spanish_project):
    """--edition fr on a game without it: exit 2 naming the editions it has."""
    result = run_cli("--project", str(spanish_project), "validate", "duel", "--edition", "fr")
    assert result.exit_code == 2 and "has no edition 'fr'; its editions: es, qps" in result.output


def test_qps_builds_a_pseudo_deck(spanish_project):
    """The pseudo-edition of any game: every text bracketed and accented, ids unchanged."""
    root = spanish_project
    result = run_cli("--project", str(root), "build", "duel", "deck", "-p", "a4",
                     "--edition", "qps", "-q")
    assert result.exit_code == 0, result.output
    text = _text(root / "out/duel/deck-qps-a4.pdf")
    assert "[Ràîdér" in text and "Raider" not in text


# ---- qps: no untranslated chrome -------------------------------------------------------------
QPS_MARKS = set("[]~àçéîñöûýÀÇÉÎÑÖÛÝ")
NAME = re.compile(r"^[a-z0-9][a-z0-9._/-]*$")  # an id, a file or profile name, a digest


def _runs(pdf) -> list[str]:
    """Every text run the PDF draws (each show-text operation), page by page."""
    runs: list[str] = []
    for page in PdfReader(pdf).pages:
        page.extract_text(visitor_text=lambda text, *_: runs.append(text))
    return runs


def _untranslated(runs: list[str]) -> list[str]:
    """The runs with letters that are neither pseudo-translated nor a name or a number."""
    return [run for run in runs
            if any(c.isalpha() for c in run) and not QPS_MARKS & set(run)
            and not all(NAME.match(word.strip("()…:,")) or not word.strip("()…:,")
                        for word in run.split())]  # "(deck-qps-a4.pdf … x.pdf):" is names


@pytest.mark.slow
def test_a_qps_build_leaves_no_chrome_untranslated(spanish_project, tmp_path):
    """Every text run on every page of a qps build, a variant's too, is pseudo-translated
    (bracketed or accented) unless it is an id, a file name or a number: the game's texts,
    the footers, the credits block and licence lines, the variant's changed text and stamp,
    the compass rose's N, E, S, W."""
    root = spanish_project
    sheet = root / "templates/duel-score-sheet.yaml"
    sheet.write_text(sheet.read_text() + "      - {id: compass, type: compass_rose, h: 40mm}\n")
    write_files(root / "data/duel", {"variants/sharp.yaml": (
        "title: Sharp eyes\ndescription: The scout sees further.\nchanges:\n  deck:\n"
        "    scout: {text: Look at the top two cards of the deck.}\n")})
    out = root / "out/duel"
    for extra in ([], ["--variant", "sharp"]):
        result = run_cli("--project", str(root), "build", "duel", "-p", "a4", "--edition", "qps",
                         "-q", *extra)
        assert result.exit_code == 0, result.output
    # a shipped game's How-to-print: its headings, the credits block and its licence lines
    result = run_cli("--project", str(REPO), "build", "rolling-thunder", "how-to-print", "-p",
                     "a4", "--edition", "qps", "-q", "--out", str(tmp_path / "shipped"))
    assert result.exit_code == 0, result.output
    pdfs = sorted([*out.rglob("*-qps-a4.pdf"), *(tmp_path / "shipped").rglob("*.pdf")])
    assert {p.name for p in pdfs} >= {"deck-qps-a4.pdf", "score-sheet-qps-a4.pdf",
                                      "how-to-print-qps-a4.pdf"}
    assert any("variants" in p.parts for p in pdfs)
    runs = [run for pdf in pdfs for run in _runs(pdf)]
    words = " ".join(runs)
    assert "VÀRÎÀÑT sharp" in words and "Löök àt thé töp twö çàrds" in words  # the variant
    assert "Ñ" in runs or any(run.strip().startswith("[Ñ") for run in runs)  # the compass
    assert "[Föñts: SÎL ÖFL 1.1" in words  # a licence line of the page footers
    assert "[Îçöñs: gàmé-îçöñs.ñét (Lörç" in words  # the credits block's licence lines
    assert "Màdé wîth" not in words  # and no tool's name after them: players read them
    assert not _untranslated(runs), sorted(set(_untranslated(runs)))[:20]


def test_a_merged_catalog_with_a_text_twice_keeps_it_once(spanish_project, tmp_path):
    """Two branches' catalogs merged by git can hold one text live and obsolete at once;
    `update` writes it once (gettext refuses a catalog with a duplicate msgid)."""
    root = spanish_project
    run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    po_path = root / "data/duel/locale/es.po"
    _translate(po_path, SPANISH)
    gone = "Look at the top card of the deck."
    text = po_path.read_text()
    po_path.write_text(text + f'\n#~ msgid "{gone}"\n#~ msgstr "Vieja traducción"\n')
    (root / "data/duel/cards.csv").write_text(CSV.replace("the top card", "the top two cards"))
    result = run_cli("--project", str(root), "translate", "update", "duel", "--edition", "es")
    assert result.exit_code == 0, result.output
    entries = [e for e in polib.pofile(str(po_path)) if e.msgid == gone]
    assert len(entries) == 1 and entries[0].obsolete
    assert entries[0].msgstr == SPANISH[gone]
    if shutil.which("msgfmt"):
        done = subprocess.run(["msgfmt", "--check", "-o", str(tmp_path / "es.mo"),
                               str(po_path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
