"""Output hygiene: ink-saving outputs have their own names, a game-wide build in a profile
some components lack builds the others, and outputs of removed components are listed by
``build`` and removed by ``sheetgen clean`` (which touches only what sheetgen wrote)."""

from __future__ import annotations

from pypdf import PdfReader

from conftest import run_cli


def _fills(pdf) -> set[str]:
    """Return the fill colours (rg operands) a PDF's pages and forms set."""
    reader = PdfReader(pdf)
    found: set[str] = set()
    for page in reader.pages:
        data = page.get_contents().get_data()
        resources = page["/Resources"].get("/XObject") or {}
        for ref in resources.values():
            data += ref.get_object().get_data()
        found |= {" ".join(line.split()[:3]) for line in data.decode("latin-1").splitlines()
                  if line.endswith(" rg")}
    return found


def test_ink_saver_outputs_get_their_own_suffix_and_leave_the_normal_pdf(tmp_path):
    out = tmp_path / "out"
    args = ["build", "-q", "roll-and-might", "cards", "-p", "a4", "--out", str(out)]
    assert run_cli(*args).exit_code == 0
    normal = out / "roll-and-might" / "cards-a4.pdf"
    before = normal.read_bytes()
    result = run_cli(*args, "--ink-saver")
    assert result.exit_code == 0, result.output
    ink = out / "roll-and-might" / "cards-a4-ink.pdf"
    assert ink.is_file() and normal.read_bytes() == before
    assert _fills(ink) != _fills(normal)  # the ink-saving copy is the one with pale tints
    both = run_cli(*args, "--ink-saver", "--cmyk")
    assert both.exit_code == 0 and (out / "roll-and-might" / "cards-a4-cmyk-ink.pdf").is_file()
    assert normal.read_bytes() == before


def test_a_game_wide_build_in_a_profile_builds_every_component_that_takes_it(tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", "-q", "roll-and-raid", "-p", "pod", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "skipped roll-and-raid printable-dice: dice components do not take pod (they " \
           "take a4, letter, tts)" in result.output
    built = sorted(p.name for p in (out / "roll-and-raid").iterdir())
    assert built == ["clan-sheet-pod.pdf", "creature-cards-pod.pdf", "dice-deck-pod.pdf",
                     "odds-card-pod.pdf", "raid-cards-pod.pdf", "reference-pod.pdf"]
    named = run_cli("build", "-q", "roll-and-raid", "printable-dice", "-p", "pod", "--out",
                    str(tmp_path / "named"))
    assert named.exit_code == 2
    assert "dice component 'printable-dice' cannot be built in profile 'pod'" in named.output
    assert not (tmp_path / "named").exists()
    nobody = run_cli("build", "-q", "rolling-thunder", "printable-dice", "-p", "a4", "-p",
                     "pod-png", "--out", str(tmp_path / "nobody"))
    assert nobody.exit_code == 2 and not (tmp_path / "nobody").exists()
