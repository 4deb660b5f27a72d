"""What a new designer met, written from the README alone: each test failed before its fix."""

import pytest
from pypdf import PdfReader

from conftest import run_cli
from sheetgen.fill.elements import base, element_types
from sheetgen.build.watch import rebuild

BOARD = """id: board
title: Board
kind: board
every_side:
  orientation: flat
  hex_size: 30mm
  coordinates: true
  players: {red: red, blue: blue}
sides:
  - id: main
    title: Hexfall
    edges: [4, 4, 4, 4, 4, 4]
    cells:
      - {at: D4, icon: castle}
      - {at: A1, start: red}
      - {at: G4, start: blue}
"""

DICE = """id: printable-dice
title: Dice
kind: dice
items_from: {generator: dice-faces, options: {dice: [d6]}}
"""


@pytest.fixture(scope="module")
def designer(tmp_path_factory):
    """A `sheetgen new` project with a radius-3 flat-top board and printable dice added."""
    root = tmp_path_factory.mktemp("designer")
    assert run_cli("new", "hexfall", cwd=root).exit_code == 0
    project = root / "hexfall"
    data = project / "data" / "hexfall"
    (data / "board.yaml").write_text(BOARD)
    (data / "printable-dice.yaml").write_text(DICE)
    game = data / "game.yaml"
    game.write_text(game.read_text().replace("  - score-sheet\n",
                                             "  - score-sheet\n  - board\n  - printable-dice\n"))
    return project


def cli(project, *args):
    """Run sheetgen on the designer's project."""
    return run_cli("--project", str(project), *args)


def test_board_coordinates_pass_the_print_checks_with_their_defaults(designer):
    # Before: 5 pt grey names, and start hexes' names under the ring on a dark tint, failed
    # the print checks as soon as a designer wrote `coordinates: true`.
    result = cli(designer, "validate", "hexfall", "board")
    assert result.exit_code == 0, result.output


def test_a_profile_some_components_refuse_builds_the_others_and_names_the_skipped(designer):
    result = cli(designer, "build", "-q", "hexfall", "-p", "pod", "--out",
                 str(designer / "pod-out"))
    assert result.exit_code == 0, result.output
    assert "skipped hexfall printable-dice: dice components do not take pod" in result.output
    assert sorted(p.name for p in (designer / "pod-out" / "hexfall").iterdir()) == [
        "board-pod.pdf", "deck-pod.pdf", "score-sheet-pod.pdf"]
    # a component named on the command line must take the profile
    named = cli(designer, "build", "-q", "hexfall", "printable-dice", "deck", "-p", "pod",
                "--out", str(designer / "named-out"))
    assert named.exit_code == 2
    assert "dice component 'printable-dice' cannot be built in profile 'pod'" in named.output
    assert "build hexfall deck -p pod" in named.output, named.output
    assert not (designer / "named-out").exists()


def test_unknown_keys_suggest_the_close_key_inside_nested_models(designer, tmp_path):
    deck = designer / "data" / "hexfall" / "deck.yaml"
    good = deck.read_text()
    try:
        deck.write_text(good.replace("front: hexfall-card-front", "fornt: hexfall-card-front")
                        + "items_from: {cvs: cards.csv}\n")
        result = cli(designer, "validate", "hexfall", "deck")
    finally:
        deck.write_text(good)
    assert result.exit_code == 2
    assert "deck.yaml:7: unknown key 'fornt'; did you mean 'front'?" in result.output
    assert "unknown key 'cvs'; did you mean 'csv'?" in result.output


def test_unknown_item_lists_say_items_of_not_item_ofs(designer):
    variants = designer / "data" / "hexfall" / "variants"
    variants.mkdir(exist_ok=True)
    (variants / "typo.yaml").write_text("title: Typo\nchanges:\n  deck:\n    jalr: {value: 3}\n")
    try:
        result = cli(designer, "diff", "hexfall", "typo")
    finally:
        (variants / "typo.yaml").unlink()
    assert result.exit_code == 2
    assert "variants/typo.yaml:4: unknown item of deck 'jalr'; did you mean 'jarl'?" \
        in result.output
    assert "known items of deck: scout, raider, smith, skald, jarl" in result.output


def test_watch_says_up_to_date_when_nothing_was_rebuilt():
    said: list[str] = []
    assert rebuild(lambda: [], said.append)
    assert said == ["every output is up to date (nothing to rebuild). Waiting for changes..."]


def test_length_fields_are_not_described_as_point_sizes_or_generically():
    """A field that takes a length is never documented as a size in points (check_boxes'
    ``size`` was "Text size in points"), and every ``cells`` says what a cell holds."""
    wrong = []
    for name, cls in element_types().items():
        for field, info in cls.model_fields.items():
            text = info.description or ""
            is_length = any(m is base._LENGTH_SCHEMA for m in info.metadata)
            if is_length and "points" in text or "see the element's description" in text:
                wrong.append(f"{name}.{field}: {text}")
    assert not wrong, wrong


def test_a_table_without_a_name_column_is_one_error_at_its_header(designer):
    data = designer / "data" / "hexfall"
    (data / "cards.csv").write_text("nme,count,value,text\nScout,3,1,Look.\nJarl,2,5,Score.\n")
    deck = data / "deck.yaml"
    good = deck.read_text()
    try:
        deck.write_text(good.split("items:")[0] + "items_from: {csv: cards.csv}\n")
        result = cli(designer, "validate", "hexfall", "deck")
    finally:
        deck.write_text(good)
        (data / "cards.csv").unlink()
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.output  # not one per row
    assert errors[0].endswith("cards.csv:1:1: no 'name', 'title' or 'id' column: each row is "
                              "an item and needs one (its id is derived from the name); is "
                              "'nme' meant to be 'name'?")


def test_a_table_may_name_its_rows_by_title_as_yaml_items_may(tmp_path):
    from sheetgen.base.errors import ProblemList
    from sheetgen.load.tabular import read_rows

    table = tmp_path / "cards.csv"
    table.write_text("title,count\nScout,3\nJarl,2\n")
    problems = ProblemList()
    rows = read_rows(table, None, problems)
    problems.raise_if_any()  # no "needs a name or id column"
    assert len(rows) == 2


@pytest.mark.slow
def test_reference_sheet_shows_the_games_own_colours(designer):
    result = cli(designer, "reference", "--out", str(designer / "ref"))
    assert result.exit_code == 0, result.output
    pages = [page.extract_text() for page in PdfReader(designer / "ref" / "reference.pdf").pages]
    own = [text for text in pages if "hexfall" in text.lower()]
    assert len(own) == 1 and "accent" in own[0] and "#2f5d8a" in own[0], pages[:3]
    assert not any("ragnarocks" in text.lower() for text in pages)  # built-in games stay out


def test_diff_against_a_revision_outside_git_is_an_error_not_a_traceback(designer):
    result = cli(designer, "diff", "hexfall", "--against", "HEAD~1")
    assert result.exit_code == 2, result.output
    assert "--against HEAD~1: fatal: not a git repository" in result.output
    assert "is " + str(designer) + " in a git repository with that revision?" in result.output


def test_variant_and_board_side_keys_suggest_the_close_key(designer):
    variants = designer / "data" / "hexfall" / "variants"
    variants.mkdir(exist_ok=True)
    (variants / "typo.yaml").write_text("title: Typo\nchnages:\n  deck: {}\n")
    board = designer / "data" / "hexfall" / "board.yaml"
    try:
        variant = cli(designer, "diff", "hexfall", "typo")
        board.write_text(BOARD.replace("hex_size: 30mm", "hexsize: 30mm"))
        side = cli(designer, "validate", "hexfall", "board")
    finally:
        (variants / "typo.yaml").unlink()
        board.write_text(BOARD)
    assert "typo.yaml:2: unknown key 'chnages'; did you mean 'changes'?" in variant.output
    assert ("board.yaml:6: side main: unknown key 'hexsize' for a board side; did you mean "
            "'hex_size'? Allowed: id, title, caption, ") in side.output


def test_a_template_size_given_as_a_pair_points_at_width_and_height(designer):
    template = designer / "templates" / "token.yaml"
    template.write_text("size: [25mm, 25mm]\nelements: []\n")
    try:
        (designer / "data" / "hexfall" / "tokens.yaml").write_text(
            "id: tokens\ntitle: Tokens\nkind: tokens\nfront: token\nitems: [{name: A}]\n")
        game = designer / "data" / "hexfall" / "game.yaml"
        listed = game.read_text()
        game.write_text(listed.replace("  - board\n", "  - board\n  - tokens\n"))
        result = cli(designer, "validate", "hexfall", "tokens")
    finally:
        template.unlink()
        (designer / "data" / "hexfall" / "tokens.yaml").unlink()
        game.write_text(listed)
    assert result.exit_code == 2
    assert ("templates/token.yaml:1: size: expected a size name (poker, a5...), got ['25mm', "
            "'25mm']; for another size give width: and height: instead") in result.output


def test_new_says_it_wrote_the_schemas_too(tmp_path):
    result = run_cli("new", "skeleton", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert f"wrote {(tmp_path / 'skeleton').resolve()}/ (data/, templates/, schemas/)" \
        in result.output
    assert (tmp_path / "skeleton" / "schemas" / "dice.json").is_file()
