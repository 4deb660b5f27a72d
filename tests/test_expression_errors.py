"""A template expression that fails on an item's value is reported at that value, in words:
a spreadsheet's cell (cards.csv:3:4, guests.xlsx:Guests!D3) or the item's YAML line."""

from __future__ import annotations

import csv
import shutil

from openpyxl import Workbook

from conftest import REPO, run_cli

PIP = '''  - {id: pip-tl, type: box, when: "{{ die in [2, 3, 4, 5, 6] }}"'''


def _project(tmp_path):
    shutil.copytree(REPO / "data" / "roll-and-might", tmp_path / "data" / "roll-and-might")
    (tmp_path / "templates").mkdir()
    text = (REPO / "templates" / "might-front.yaml").read_text(encoding="utf-8")
    assert PIP in text
    template = tmp_path / "templates" / "might-front.yaml"
    template.write_text(text.replace(PIP, PIP.replace("die in [2, 3, 4, 5, 6]", "die > 1")),
                        encoding="utf-8")
    line = text[:text.index(PIP)].count("\n") + 1
    game = tmp_path / "data" / "roll-and-might"
    cards = game / "cards.yaml"  # an untyped die column: the template meets the text
    typed = "  die: {type: int, min: 1, max: 6, also: [any], required: true}\n"
    assert typed in cards.read_text(encoding="utf-8")
    cards.write_text(cards.read_text(encoding="utf-8").replace(typed, ""), encoding="utf-8")
    return game, line


def _rows(game):
    with (game / "cards.csv").open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    rows[2][3] = "four"                                  # row 3, column 4: die
    rows = [row for row in rows if row[3] != "any"]      # the Wild Die's "any" would fail too
    return rows


def test_a_csv_value_the_expression_cannot_use_is_reported_at_its_cell(tmp_path):
    game, line = _project(tmp_path)
    rows = _rows(game)
    with (game / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    result = run_cli("--project", str(tmp_path), "validate", "roll-and-might", "cards")
    assert result.exit_code == 2
    assert ("cards.csv:3:4: field 'die' is text 'four', but the template's expression "
            "{{ die > 1 }} compares text with a whole number (>) (template ") in result.output
    assert f"might-front.yaml:{line}, filling army-west-4 front)" in result.output
    assert "TypeError" not in result.output and "Traceback" not in result.output


def test_an_xlsx_value_is_reported_at_its_sheet_cell(tmp_path):
    game, _line = _project(tmp_path)
    book = Workbook()
    sheet = book.active
    sheet.title = "Guests"
    for row in _rows(game):
        sheet.append([int(v) if v.isdigit() else (v or None) for v in row])
    book.save(game / "guests.xlsx")
    component = game / "cards.yaml"
    text = component.read_text(encoding="utf-8")
    assert "items_from: {csv: cards.csv}" in text
    component.write_text(text.replace("items_from: {csv: cards.csv}",
                                      "items_from: {xlsx: guests.xlsx, sheet: Guests}"),
                         encoding="utf-8")
    result = run_cli("--project", str(tmp_path), "validate", "roll-and-might", "cards")
    assert result.exit_code == 2
    assert "guests.xlsx:Guests!D3: field 'die' is text 'four'" in result.output


def test_a_yaml_items_value_is_reported_at_the_item(tmp_path):
    game, line = _project(tmp_path)
    component = game / "cards.yaml"
    text = component.read_text(encoding="utf-8")
    rows = _rows(game)[1:3]
    items = "".join(f"  - {{id: {r[0]}, location: {r[1]}, detail: {r[2]}, die: {r[3]}}}\n"
                    for r in rows)
    component.write_text(text.replace("items_from: {csv: cards.csv}", "items:\n" + items),
                         encoding="utf-8")
    item_line = component.read_text().splitlines().index(
        f"  - {{id: {rows[1][0]}, location: {rows[1][1]}, detail: {rows[1][2]}, die: four}}") + 1
    result = run_cli("--project", str(tmp_path), "validate", "roll-and-might", "cards")
    assert result.exit_code == 2
    assert (f"cards.yaml:{item_line}: army-west-4 front: field 'die' is text 'four', but the "
            "template's expression {{ die > 1 }} compares text with a whole number (>)") \
        in result.output
