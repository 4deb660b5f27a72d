"""Close-match suggestions for unknown names, and inline icons inside table cells."""

from pypdf import PdfReader

from conftest import run_cli
from sheetgen.base.suggest import close_matches, unknown


def _project(tmp_path, cell: str, text: str = "Roll a :die:") -> str:
    game = tmp_path / "data" / "t"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: t\nname: T\ncomponents: [sheet]\n")
    (game / "sheet.yaml").write_text("id: sheet\ntitle: Sheet\nkind: sheet\ntemplate: t-sheet\n")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "t-sheet.yaml").write_text(
        "size: a6\nbleed: 3mm\nelements:\n"
        f"  - {{id: rule, type: text, x: 10mm, y: 10mm, w: 80mm, h: 10mm, text: \"{text}\"}}\n"
        "  - id: costs\n    type: table\n    x: 10mm\n    y: 30mm\n    w: 80mm\n    h: 16mm\n"
        "    font: label\n"
        f"    rows: [[Cost, Reward], [\"2 :die:\", \"{cell}\"]]\n")
    return str(tmp_path)


def test_inline_icons_in_a_table_cell_are_drawn_not_printed(tmp_path):
    root = _project(tmp_path, "3 :shield: each")
    result = run_cli("--project", root, "build", "-q", "t", "-p", "pod", "--out", f"{root}/out")
    assert result.exit_code == 0, result.output
    page = PdfReader(f"{root}/out/t/sheet-pod.pdf").pages[0]
    text = page.extract_text()
    assert "each" in text and "2" in text
    assert ":shield:" not in text and ":die:" not in text
    forms = page["/Resources"]["/XObject"]
    names = set()
    for form in forms.values():
        names |= set(form.get_object().get("/Resources", {}).get("/XObject", {}).keys())
    drawn = " ".join(names | set(forms.keys()))
    assert "icon-shield" in drawn and "icon-die" in drawn


def test_an_unknown_inline_icon_suggests_the_close_one(tmp_path):
    root = _project(tmp_path, "3 :sheild:", text="Roll a :dice:")
    result = run_cli("--project", root, "validate", "t")
    assert result.exit_code == 2
    assert "unknown icon 'dice'; did you mean 'die'?" in result.output
    assert "t-sheet.yaml:" in result.output and "Traceback" not in result.output
    fixed = _project(tmp_path / "again", "3 :sheild:")
    result = run_cli("--project", fixed, "validate", "t")
    assert result.exit_code == 2 and "did you mean 'shield'" in result.output


def test_suggestions_name_the_closest_and_list_short_registries():
    assert close_matches("dice", ["die", "dragon", "crown"]) == ["die"]
    assert close_matches("gry", ["gray", "green"]) == ["gray"]
    message = unknown("profile", "gutterfold-a5", ["a4", "gutterfold-a4", "pod"])
    assert message == ("unknown profile 'gutterfold-a5'; did you mean 'gutterfold-a4'? "
                       "known profiles: a4, gutterfold-a4, pod")
    many = unknown("icon", "zzz", [f"icon{i}" for i in range(40)], "see `sheetgen reference`")
    assert many == "unknown icon 'zzz'; 40 known icons: see `sheetgen reference`"


def test_cli_mistakes_get_suggestions(tmp_path):
    result = run_cli("build", "ragnarok", "-p", "a4", "--out", str(tmp_path))
    assert result.exit_code == 2 and "did you mean 'ragnarocks'?" in result.output
    result = run_cli("build", "ragnarocks", "-p", "letter", "-p", "leter", "--out", str(tmp_path))
    assert result.exit_code == 2 and "did you mean 'letter'?" in result.output
    assert not any(tmp_path.iterdir())


def test_flat_top_boards_name_columns_in_their_errors():
    from sheetgen.fill import hexgrid

    shape = hexgrid.shape_from_edges([2, 2, 2, 2, 2, 2])
    flat = hexgrid.Names.of(shape, pointy=False)
    pointy = hexgrid.Names.of(shape)
    for names, line in ((flat, "column"), (pointy, "row")):
        try:
            names.cell("Z1")
        except ValueError as exc:
            assert f"{line}s run A-C" in str(exc)
        else:
            raise AssertionError("Z1 is off the board")
