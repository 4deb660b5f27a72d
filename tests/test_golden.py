"""Golden outputs: every default output of the five games has the bytes recorded in
``tests/golden/sha256.txt``, with the speed layer on and off.

The speed layer (fast_canvas, font_subsets, form_replay) reproduces ReportLab's bytes through
its private names; building the catalogue with stock ReportLab too proves they still agree.
Regenerate after a deliberate change: ``python tests/golden/golden.py update``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))
from golden import REPO, build_outputs, differences, hashes, read_golden  # noqa: E402

pytestmark = pytest.mark.slow  # builds the whole catalogue, twice


@pytest.fixture(scope="module")
def fast_out(catalogue) -> Path:
    """The run's one build of the whole catalogue, with the speed layer (tests/conftest.py:
    the default outputs every other test reads, through ``built``)."""
    return catalogue


@pytest.fixture(scope="module")
def fast_build(fast_out) -> dict[str, str]:
    return hashes(fast_out)


def test_every_default_output_has_its_golden_bytes(fast_build):
    changes = differences(read_golden(), fast_build)
    assert not changes, ("outputs differ from tests/golden/sha256.txt (if on purpose: "
                         "python tests/golden/golden.py update, then review):\n"
                         + "\n".join(changes))


def test_the_golden_file_covers_the_whole_catalogue():
    recorded = read_golden()
    games = {name.split("/")[0] for name in recorded}
    assert games == {p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file()}
    assert len(recorded) >= 130


def subset_fonts(path: Path) -> list[str]:
    """The name (``TAG+Face``) of every font subset object in a PDF, read with pypdf."""
    reader = PdfReader(path)
    names = []
    for number in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(number)
        if hasattr(obj, "get") and obj.get("/Type") == "/Font" and "+" in obj.get("/BaseFont", ""):
            names.append(str(obj["/BaseFont"])[1:])
    return names


def test_no_two_font_subsets_of_an_output_share_a_tag(fast_out):
    """The PDF specification tags each subset of a document with its own six letters (ReportLab
    tags the first subset of every font AAAAAA); pdffonts reads the same names."""
    pdfs = sorted(fast_out.rglob("*.pdf"))
    assert len(pdfs) >= 100
    shared = {}
    for pdf in pdfs:
        names = subset_fonts(pdf)
        assert names, pdf
        listed = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True,
                                text=True).stdout.splitlines()[2:]
        assert sorted(line.split()[0] for line in listed) == sorted(names), pdf
        tags = [name.split("+")[0] for name in names]
        assert all(len(tag) == 6 and tag.isascii() and tag.isupper() for tag in tags), names
        if len(set(tags)) != len(tags):
            shared[pdf.relative_to(fast_out).as_posix()] = names
    assert not shared, f"{len(shared)} of {len(pdfs)} PDFs: {sorted(shared.items())[:3]}"


def test_stock_reportlab_writes_the_same_bytes_as_the_speed_layer(tmp_path):
    """Compared with the golden file, which the speed layer's build must match (the first
    test): no shared build, so the two catalogue builds run on two xdist workers at once."""
    build_outputs(REPO, tmp_path / "out", tmp_path / "cache", env={"SHEETGEN_SPEED_LAYER": "off"})
    plain, golden = hashes(tmp_path / "out"), read_golden()
    assert plain.keys() == golden.keys()
    assert [name for name in plain if plain[name] != golden[name]] == []


def test_one_changed_template_colour_fails_the_comparison(tmp_path):
    for folder in ("data", "templates", "fonts"):
        shutil.copytree(REPO / folder, tmp_path / "project" / folder)
    back = tmp_path / "project" / "templates" / "mythology-back.yaml"
    text = back.read_text(encoding="utf-8")
    assert 'lettering: "#6e5420"' in text
    back.write_text(text.replace('lettering: "#6e5420"', 'lettering: "#6e5421"'),
                    encoding="utf-8")
    build_outputs(REPO, tmp_path / "out", tmp_path / "cache", project=tmp_path / "project",
                  what=("ragnarocks", "mythology-cards"))
    built = hashes(tmp_path / "out")
    golden = {name: digest for name, digest in read_golden().items() if name in built}
    assert golden, "the deck's outputs are in the golden file"
    assert sorted(line.split()[1] for line in differences(golden, built)) == sorted(golden)


def test_a_component_built_alone_has_the_bytes_it_has_in_the_catalogue(fast_out, tmp_path):
    """An output's credits block names the art its own files use (the Symbols key: icons
    and type), the How-to-print page the art of the whole game (the Raid cards' scenes),
    whatever else one build loaded: built alone, each has the catalogue build's bytes."""
    for component, scenes in (("symbol-key", False), ("how-to-print", True)):
        out = tmp_path / component
        build_outputs(REPO, out, tmp_path / "cache", what=("roll-and-raid", component))
        alone = hashes(out)
        assert alone and all(name.startswith(f"roll-and-raid/{component}-") for name in alone)
        for name in alone:
            assert (fast_out / name).read_bytes() == (out / name).read_bytes(), name
            text = PdfReader(out / name).pages[0].extract_text()
            assert "SIL Open Font License" in text, name
            assert ("Scene backdrops: original drawings, CC0 1.0" in text) == scenes, name
