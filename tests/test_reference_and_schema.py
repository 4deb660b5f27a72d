"""The designer's reference and the JSON Schemas: complete, in sync, and true to the loader."""

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from pypdf import PdfReader

from conftest import REPO, run_cli
from sheetgen.fill.colors import PALETTE
from sheetgen.load.component_models import component_models
from sheetgen.fill.elements import element_types
from sheetgen.fill.icons import IconBook
from sheetgen.load.profiles import ProfileBook
from sheetgen.tools.reference import reference_markdown
from sheetgen.tools.schema import file_schemas
from sheetgen.load.template_spec import TEMPLATE_KEYS


def test_reference_names_every_colour_key_field_and_icon(project):
    text = reference_markdown(project)
    for name in PALETTE:
        assert f"| `{name}` |" in text
    for key in TEMPLATE_KEYS:
        assert f"| `{key}` |" in text
    for name, cls in element_types().items():
        section = text.split(f"##### `{name}`", 1)[1].split("#####", 1)[0]
        for field in cls.model_fields:
            if field == "type" or (name != "box" and field in (
                    "id", "x", "y", "w", "h", "when", "place", "inset", "grow", "allow_small",
                    "allow_thin", "allow_low_contrast", "bleed_art", "role")):
                continue
            assert f"| `{field}` |" in section, f"{name}.{field} missing from the reference"
    for kind, cls in component_models().items():
        assert f"##### kind `{kind}`" in text
    for icon in IconBook.for_project(project).files:
        assert f"`{icon}`" in text
    book = ProfileBook.for_project(project)
    for name in book.profiles:
        assert f"| `{name}` |" in text
    for name in book.sizes:
        assert f"| `{name}` |" in text


def test_every_field_a_designer_writes_is_described():
    missing = [f"{name}.{field}" for name, cls in element_types().items()
               for field, info in cls.model_fields.items() if not info.description]
    for kind, cls in component_models().items():
        missing += [f"{kind}.{field}" for field, info in cls.model_fields.items()
                    if not info.description and field != "kind"]
    assert missing == []


@pytest.mark.slow
def test_reference_command_draws_swatches_fonts_and_every_icon(tmp_path, project):
    result = run_cli("--project", str(REPO), "reference", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "reference.pdf")
    text = " ".join(page.extract_text() for page in reader.pages)
    for name, value in PALETTE.items():
        if value != "none":
            assert name in text and value in text
    book = IconBook.for_project(project)
    for icon in book.icon_names():
        assert icon in text
    for art in book.art_names():  # labelled without the set, which the page title names
        assert art.split("/")[1] in text and f"Colour art {art.split('/')[0]}/" in text
    assert (tmp_path / "reference.md").read_text() == reference_markdown(project)


def _shipped_files():
    for game in sorted((REPO / "data").glob("*/game.yaml")):
        yield "game", game
        for path in sorted(game.parent.glob("*.yaml")):
            if path.name == "game.yaml":
                continue
            if path.name == "dice.yaml":
                yield "dice", path
            else:
                yield f"component-{yaml.safe_load(path.read_text())['kind']}", path
        for path in sorted((game.parent / "variants").glob("*.yaml")):
            yield "variant", path
    for path in sorted((REPO / "templates").glob("*.yaml")):
        yield "template", path
    yield "profiles", REPO / "sheetgen" / "load" / "profiles.yaml"


def _as_json(path: Path):
    return json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))


@pytest.mark.slow
def test_every_shipped_yaml_file_validates_against_its_schema():
    schemas = file_schemas()
    checked = 0
    for kind, path in _shipped_files():
        errors = list(Draft202012Validator(schemas[kind]).iter_errors(_as_json(path)))
        assert not errors, f"{path}: {errors[0].message}"
        checked += 1
    assert checked > 40


def test_schemas_refuse_what_the_loader_refuses():
    template = file_schemas()["template"]
    good = {"size": "poker", "elements": [{"type": "text", "text": "{{ name }}",
                                           "size": "{{ 9 if big else 7 }}"}]}
    assert not list(Draft202012Validator(template).iter_errors(good))
    for bad in ({"size": "poker", "colour": "red"},
                {"elements": [{"type": "text", "txt": "typo"}]},
                {"elements": [{"type": "nope"}]},
                {"elements": [{"type": "box", "stroke_width": [1, 2]}]}):
        assert list(Draft202012Validator(template).iter_errors(bad)), bad
    cards = file_schemas()["component-cards"]
    assert list(Draft202012Validator(cards).iter_errors({"id": "x", "title": "X"}))  # no front


def test_shipped_yaml_files_name_their_schema_in_a_modeline():
    for kind, path in _shipped_files():
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=", 1)[1]).resolve()
        assert target == REPO / "sheetgen" / "schemas" / f"{kind}.json", path


def test_committed_schemas_match_the_models(tmp_path):
    result = run_cli("schema", "--write", str(tmp_path))
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(f"{kind}.json" for kind in file_schemas())
    for name in written:
        committed = (REPO / "sheetgen" / "schemas" / name).read_text()
        assert (tmp_path / name).read_text() == committed, (
            f"sheetgen/schemas/{name} is stale: run `sheetgen schema --write sheetgen/schemas`")


@pytest.mark.parametrize("name", ["template", "dice", "game", "component-cards", "element-text"])
def test_schema_command_prints_each_kind(name):
    result = run_cli("schema", name)
    assert result.exit_code == 0
    assert json.loads(result.output)["properties"]


def test_schema_write_into_a_file_path_is_a_clear_error(tmp_path):
    (tmp_path / "taken").write_text("x")
    result = run_cli("schema", "--write", str(tmp_path / "taken" / "schemas"))
    assert result.exit_code == 2 and "cannot write" in result.output
    assert "Traceback" not in result.output
