"""Items from a spreadsheet (CSV and XLSX): the same deck as YAML, errors at their cell."""

import csv
import shutil

import pytest
import yaml
from openpyxl import Workbook

from conftest import REPO, run_cli
from sheetgen.load.tabular import column_letter, parse_cell

DECK = "raid-cards"


def _flatten(item: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in item.items():
        if isinstance(value, dict):
            out.update(_flatten(value, f"{prefix}{key}."))
        elif isinstance(value, list):
            out[f"{prefix}{key}[]"] = ";".join(str(v) for v in value)
        elif value is None:
            out[f"{prefix}{key}"] = "null"
        else:
            out[f"{prefix}{key}"] = str(value).lower() if isinstance(value, bool) else value
    return out


def _table(items: list[dict]) -> tuple[list[str], list[list]]:
    rows = [_flatten(item) for item in items]
    header = list(dict.fromkeys(k for row in rows for k in row))
    return header, [[row.get(k, "") for k in header] for row in rows]


@pytest.fixture
def raid_project(tmp_path):
    """A project with Roll & Raid, plus the Raid deck's YAML items as a header and rows."""
    shutil.copytree(REPO / "data" / "roll-and-raid", tmp_path / "data" / "roll-and-raid")
    source = tmp_path / "data" / "roll-and-raid" / f"{DECK}.yaml"
    spec = yaml.safe_load(source.read_text(encoding="utf-8"))
    return tmp_path, source, spec


def _write_component(source, spec, items_from: dict) -> None:
    spec = {k: v for k, v in spec.items() if k != "items"}
    spec["items_from"] = items_from
    source.write_text(yaml.safe_dump(spec, sort_keys=False, allow_unicode=True), encoding="utf-8")


def _build(root, out):
    result = run_cli("--project", str(root), "build", "-q", "roll-and-raid", DECK, "-p", "a4",
                     "--out", str(out))
    assert result.exit_code == 0, result.output
    return (out / "roll-and-raid" / f"{DECK}-a4.pdf").read_bytes()


@pytest.mark.slow
def test_a_csv_deck_and_an_xlsx_deck_print_the_same_bytes_as_the_yaml(raid_project, tmp_path):
    root, source, spec = raid_project
    expected = _build(root, tmp_path / "yaml")
    header, rows = _table(spec["items"])
    assert "winter.ships" in header and "shields[]" in header
    with (source.parent / "raids.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([header, *rows])
    _write_component(source, spec, {"csv": "raids.csv"})
    assert _build(root, tmp_path / "csv") == expected

    book = Workbook()
    sheet = book.active
    sheet.title = "Raids"
    for row in [header, *rows]:
        sheet.append([parse_cell(v) if v not in ("", "null") else (v or None) for v in row])
    book.save(source.parent / "raids.xlsx")
    _write_component(source, spec, {"xlsx": "raids.xlsx", "sheet": "Raids"})
    assert _build(root, tmp_path / "xlsx") == expected


def test_a_bad_cell_is_reported_at_its_row_and_column(raid_project, tmp_path):
    root, source, spec = raid_project
    header, rows = _table(spec["items"][:4])
    header.append("count")
    rows = [row + [1] for row in rows]
    rows[2][-1] = "three"                      # row 4 of the file, last column
    rows[3][header.index("name")] = ""         # no name and no id: row 5
    with (source.parent / "raids.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([header, *rows])
    _write_component(source, spec, {"csv": "raids.csv"})
    before = tmp_path / "out"
    result = run_cli("--project", str(root), "build", "-q", "roll-and-raid", DECK, "-p", "a4",
                     "--out", str(before))
    assert result.exit_code == 2
    assert f"raids.csv:4:{len(header)}: count: expected a whole number, got 'three'" \
        in result.output
    assert "raids.csv:5:1: item needs an 'id:' or a 'name:'" in result.output
    assert "Traceback" not in result.output and not before.exists()

    book = Workbook()
    sheet = book.active
    sheet.title = "Raids"
    for row in [header, *rows]:
        sheet.append([v if v != "" else None for v in row])
    book.save(source.parent / "raids.xlsx")
    _write_component(source, spec, {"xlsx": "raids.xlsx", "sheet": "Raids"})
    result = run_cli("--project", str(root), "validate", "roll-and-raid")
    column = column_letter(len(header) - 1)
    assert result.exit_code == 2
    assert f"raids.xlsx:Raids!{column}4: count: expected a whole number" in result.output
    _write_component(source, spec, {"xlsx": "raids.xlsx", "sheet": "Raid"})
    result = run_cli("--project", str(root), "validate", "roll-and-raid")
    assert result.exit_code == 2 and "no sheet 'Raid'; its sheets: Raids" in result.output


@pytest.mark.parametrize("items_from, message", [
    ({"csv": "missing.csv"}, "file 'missing.csv' not found"),
    ({"csv": "../../../etc/passwd"}, "'..' leaves the folder"),
    ({"xlsx": "raids.xlsx"}, "needs sheet:"),
    ({"csv": "a.csv", "generator": "dice-deck"}, "exactly one of"),
])
def test_bad_sources_are_path_line_errors(raid_project, items_from, message):
    root, source, spec = raid_project
    _write_component(source, spec, items_from)
    result = run_cli("--project", str(root), "validate", "roll-and-raid")
    assert result.exit_code == 2 and message in result.output, result.output
    assert f"{DECK}.yaml:" in result.output and "Traceback" not in result.output


def test_cells_are_typed_like_yaml_scalars():
    assert [parse_cell(v) for v in ("3", "-2", "2.5", "true", "False", " I ", "", None, 4.0)] \
        == [3, -2, 2.5, True, False, "I", None, None, 4]
    assert [column_letter(i) for i in (0, 25, 26, 701)] == ["A", "Z", "AA", "ZZ"]
