"""``sheetgen diff``: what a variant (or the project at a git revision) changes in a game,
item by item, in its dice rules, and (asked for) its changed faces side by side."""

from __future__ import annotations

from pathlib import Path

from ..build.session import Session
from ..generate.games import load_game
from ..load.project import Project


def diff_game(project: Project, game_id: str, a: str | None, b: str | None,
              revision: str | None = None, out_file: str | Path | None = None):
    """Return the Diff of variant ``b`` against ``a`` (None: the base game), or against the
    project at git ``revision``; with ``out_file``, write the changed faces side by side."""
    from .dice_diff import dice_changes, dice_rules
    from ..build.variant_diff import changed_faces, diff_games
    from .diff import project_at_revision, side_by_side_pdf
    from ..base.output import check_file_target

    check_file_target(out_file)  # a missing folder is refused before any work
    holder = None
    left_project = project
    if revision is not None:
        root, holder = project_at_revision(project, revision)
        left_project = Project(root, project.edition)
    try:
        left = load_game(left_project, game_id, variant=a)
        right = load_game(project, game_id, variant=b)
        label_a = (f"{a or 'base'} at {revision}" if revision else a or "base")
        from ..load.templates import TemplateBook

        result = diff_games(left, right, label_a, b or "base", TemplateBook(project))
        result.dice = dice_changes(dice_rules(left_project.game_dir(game_id), a),
                                   dice_rules(project.game_dir(game_id), b))
        if out_file:
            from ..base.output import output_errors, write_target

            left_ready = Session(left_project, print_checks=False).prepare_all(
                [(left, c) for c in left.components])
            session = Session(project, print_checks=False)
            right_ready = session.prepare_all([(right, c) for c in right.components])
            pairs = changed_faces(left_ready, right_ready, result)
            data = side_by_side_pdf(pairs, session.fonts, session.icons,
                                    f"{game_id}: {result.a} -> {result.b}")
            if str(out_file).lower().endswith(".png"):
                data = _stacked_png(data)
            with output_errors():
                write_target(out_file, data)
    finally:
        if holder is not None:
            holder.cleanup()
    return result


def _stacked_png(pdf: bytes) -> bytes:
    """Return every page of ``pdf`` at 100 dpi, one under the other, as one PNG."""
    from PIL import Image

    from ..write.raster import png_bytes, rasterise_pages

    pages = rasterise_pages(pdf, 100)
    sheet = Image.new("RGB", (max(p.width for p in pages), sum(p.height for p in pages)),
                      "white")
    y = 0
    for page in pages:
        sheet.paste(page, (0, y))
        y += page.height
    return png_bytes(sheet, 100)
