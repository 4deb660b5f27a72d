"""The incremental cache: unchanged outputs are skipped, and a change to any input kind
rebuilds exactly the outputs that depend on it, with the bytes a cold build makes."""

import shutil

import pytest

from conftest import REPO
from sheetgen.build import cache as cache_module
from sheetgen.api import BuildOptions, Session, build
from sheetgen.load.project import Project

COMPONENTS = ["raid-cards", "odds-card", "creature-cards"]


@pytest.fixture
def raid(tmp_path):
    shutil.copytree(REPO / "data" / "roll-and-raid", tmp_path / "data" / "roll-and-raid")
    def run(**options):
        # a new Project each time, as each `sheetgen build` is a new process
        written = build(Project.at(tmp_path), "roll-and-raid", COMPONENTS,
                        BuildOptions(profiles=["a4"], **options))
        return sorted(p.name.removesuffix("-a4.pdf").removesuffix("-a4-cmyk.pdf")
                      for p in written)

    assert run() == sorted(COMPONENTS)
    return tmp_path, run


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_nothing_changed_builds_nothing_and_cached_bytes_equal_a_cold_build(raid, tmp_path):
    root, run = raid
    assert run() == []
    out = root / "out" / "roll-and-raid"
    cached = {p.name: p.read_bytes() for p in out.iterdir()}
    assert run(cache=False) == sorted(COMPONENTS)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == cached
    (out / "odds-card-a4.pdf").unlink()  # a deleted output is built again, alone
    assert run() == ["odds-card"]


@pytest.mark.slow
def test_each_input_kind_rebuilds_exactly_what_it_affects(raid, monkeypatch):
    root, run = raid
    game = root / "data" / "roll-and-raid"
    # data: a creature's name is in creature-cards only
    _edit(game / "creature-cards.yaml", "name: Fafnir", "name: Fafnír")
    assert run() == ["creature-cards"]
    # generator input: odds-card computes its rows from raid-cards
    _edit(game / "raid-cards.yaml", "defense: 5", "defense: 6")
    assert run() == ["odds-card", "raid-cards"]
    # template: a project copy of odds-front shadows the built-in one
    (root / "templates").mkdir()
    shutil.copy(REPO / "templates" / "odds-front.yaml", root / "templates" / "odds-front.yaml")
    assert run() == ["odds-card"]
    # art: a project's icons/crown.svg replaces the built-in one (Paris's picture). It is
    # a symbol of the game (game.yaml), and every build of the game refuses a symbol whose
    # picture cannot be drawn, so each of the game's outputs depends on it
    (root / "templates" / "icons").mkdir(parents=True)
    shutil.copy(REPO / "templates" / "icons" / "wolf.svg",
                root / "templates" / "icons" / "crown.svg")
    assert run() == sorted(COMPONENTS)
    # art only one deck draws (no symbol of the game): Fafnir's picture named directly
    _edit(game / "creature-cards.yaml", "art: symbol/fafnir", "art: boar")
    assert run() == ["creature-cards"]
    (root / "templates" / "icons" / "boar.svg").write_bytes(
        (REPO / "templates" / "icons" / "wolf.svg").read_bytes())
    assert run() == ["creature-cards"]
    # art content: the bytes of an icon a deck draws (the record lists the drawn icons' files)
    boar = root / "templates" / "icons" / "boar.svg"
    boar.write_text(boar.read_text(encoding="utf-8") + "<!-- redrawn -->\n", encoding="utf-8")
    assert run() == ["creature-cards"]
    # option: --cmyk outputs are other files, built once
    assert run(cmyk=True) == sorted(COMPONENTS)
    assert run(cmyk=True) == []
    # font: a project fonts/ folder changes the fonts every face may use
    (root / "fonts").mkdir()
    shutil.copy(REPO / "fonts" / "fonts.yaml", root / "fonts" / "fonts.yaml")
    for font in (REPO / "fonts").glob("*.ttf"):
        shutil.copy(font, root / "fonts" / font.name)
    assert run() == sorted(COMPONENTS)
    # sheetgen's own version
    monkeypatch.setattr(cache_module, "code_version", lambda: "a newer sheetgen")
    assert run() == sorted(COMPONENTS)
    assert run() == []


def test_the_cache_folder_can_live_outside_out(raid, tmp_path, monkeypatch):
    root, run = raid
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    assert run() == sorted(COMPONENTS)  # a new record: everything once
    assert run() == []
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1


@pytest.mark.slow
def test_a_file_saved_while_a_build_runs_is_built_by_the_next_build(raid, monkeypatch):
    root, run = raid
    deck = root / "data" / "roll-and-raid" / "creature-cards.yaml"
    prepare_all = Session.prepare_all

    def prepare_then_edit(self, *args, **kwargs):
        prepared = prepare_all(self, *args, **kwargs)
        deck.write_text(deck.read_text(encoding="utf-8") + "\n# saved mid-build\n",
                        encoding="utf-8")  # the editor saves after the deck was read
        return prepared

    with monkeypatch.context() as patch:  # --no-cache: every input is hashed after the build
        patch.setattr(Session, "prepare_all", prepare_then_edit)
        assert run(cache=False) == sorted(COMPONENTS)
    # the edit came after the deck was read: the next build must not call it up to date
    assert "creature-cards" in run()


@pytest.mark.slow
def test_an_editions_outputs_are_recorded_like_the_sources(raid):
    """build --edition es is recorded: built again, it builds nothing; a changed translation
    rebuilds the edition's outputs (with the new words) and leaves the source's alone."""
    from pypdf import PdfReader

    root, _ = raid

    def run(edition=None, **options):
        written = build(Project.at(root).with_edition(edition), "roll-and-raid", COMPONENTS,
                        BuildOptions(profiles=["a4"], **options))
        return sorted(p.name for p in written)

    spanish = sorted(f"{c}-es-a4.pdf" for c in COMPONENTS)
    assert run("es") == spanish
    assert run("es") == [] and run() == []
    catalog = root / "data" / "roll-and-raid" / "locale" / "es.po"
    text = catalog.read_text(encoding="utf-8")
    assert 'msgstr "Sevilla"' in text
    catalog.write_text(text.replace('msgstr "Sevilla"', 'msgstr "Hispalis"'), encoding="utf-8")
    assert run("es") == spanish
    pdf = root / "out" / "roll-and-raid" / "raid-cards-es-a4.pdf"
    words = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Hispalis" in words and "Sevilla" not in words
    assert run() == [] and run("es") == []
    assert run("de") == sorted(f"{c}-de-a4.pdf" for c in COMPONENTS)  # its own record
