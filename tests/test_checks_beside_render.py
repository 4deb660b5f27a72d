"""A one-output build checks its faces in a forked child while it renders: the messages, the
exit code and the bytes are those of checking first, in one process (--jobs 1)."""

from __future__ import annotations

import pytest

from test_print_checks import build, make


@pytest.mark.parametrize("size, game_extra, code", [
    (4, "", 2),                              # enforced: the build stops, nothing written
    (4, "print_checks: warn\n", 0),          # warn mode: reported, and the deck is written
    (8, "", 0),                              # nothing to report
])
def test_checking_beside_rendering_changes_nothing(tmp_path, size, game_extra, code):
    seen = {}
    for jobs in ("1", "2"):
        root = make(tmp_path / jobs, size=size, game_extra=game_extra)
        result = build(root, "--jobs", jobs)
        assert result.exit_code == code, result.output
        pdf = root / "out/demo/cards-pod.pdf"
        seen[jobs] = (result.output.replace(str(root), "ROOT"),
                      pdf.read_bytes() if pdf.exists() else None)
    assert seen["1"] == seen["2"]
    output, pdf = seen["2"]
    assert ('(def): text "DEF" is 4.0 pt' in output) == (size == 4)
    assert (pdf is not None) == (code == 0)
    if code == 2:
        assert not (tmp_path / "2/out").exists()
