"""The JSON each page of the studio asks for, made from the workspace's current state.

Images are named by what they draw: ``/img/GAME/VARIANT/LOOK-KEY.png``, where a face's key
changes with every value on it and the game's look (``Workspace.look``) with its palette and
the fonts, icons and art, so the page swaps an image exactly when its picture changed and the
browser may keep every image it has.
"""

from __future__ import annotations

from pathlib import Path

from ..base.errors import display_path
from ..build.judging import face_findings, painted
from .extras import dice_example, has_dice, variants_of
from .face_images import GRID_DPI, LARGE_DPI
from .guard import relative_name
from .source_map import element_sources


def _variant_part(variant: str | None) -> str:
    return variant or "-"


def image_url(workspace, view, face, dpi: int = GRID_DPI) -> str:
    """Return the URL of a face's image, named by what it draws."""
    return (f"/img/{view.game_id}/{_variant_part(view.variant)}/"
            f"{workspace.image_name(view, face)}.png?dpi={dpi}"
            + (f"&edition={view.edition}" if view.edition else ""))


def _face(workspace, view, face, dpi: int = GRID_DPI, failed: dict | None = None) -> dict | None:
    if face is None:
        return None
    error = (failed or {}).get((view.scope, workspace.image_name(view, face)))
    return {"url": image_url(workspace, view, face, dpi), "width": face.width,
            "height": face.height, "bleed": face.bleed, "key": face.key, "error": error}


def problems_of(view, failed: dict | None = None) -> dict:
    """Return the mistakes and warnings of a game view, as the banner shows them (with why a
    face of it could not be drawn, from ``failed``: FaceImages.failed)."""
    warnings = [str(w) for cv in view.components.values() for w in cv.warnings]
    problems = [str(p) for p in view.problems()]
    for (scope, _), messages in (failed or {}).items():
        if scope == view.scope:
            problems += [m for m in messages if m not in problems]
    return {"problems": problems, "warnings": warnings}


def games(workspace, game_ids: list[str], failed: dict | None = None,
          edition: str | None = None) -> list[dict]:
    """Return every game with its components (each loaded and prepared), in ``edition``."""
    out = []
    for game_id in game_ids:
        view = workspace.view(game_id, None, edition)
        workspace.check_extras(view)
        name = view.game.spec.name if view.game is not None else game_id
        dice = has_dice(workspace.project, game_id)
        out.append({"id": game_id, "name": name, **problems_of(view, failed),
                    "variants": variants_of(workspace.project, game_id),
                    "editions": _editions(view),
                    "dice": dice,
                    "dice_example": dice_example(workspace.project, game_id) if dice else "",
                    "components": [{"id": cid, "kind": cv.comp.model.kind,
                                    "title": cv.comp.model.title, "stale": cv.stale}
                                   for cid, cv in view.components.items()]})
    return out


def _editions(view) -> list[str]:
    """Return the editions a game can be shown in: its declared languages, then qps."""
    spec = view.game.spec if view.game is not None else None
    return [e.code for e in getattr(spec, "editions", [])] + ["qps"]


def tiles(prepared) -> list[tuple[int, object, int]]:
    """Return (index of its first card, the card, how many in a row) of each item."""
    out: list = []
    for index, card in enumerate(prepared.cards if prepared else []):
        last = out[-1] if out else None
        if last and last[1].label == card.label and last[1].front is card.front \
                and last[1].back is card.back:
            out[-1] = (last[0], last[1], last[2] + 1)
        else:
            out.append((index, card, 1))
    return out


def component(workspace, view, cid: str, failed: dict | None = None, dpi: int = GRID_DPI
              ) -> dict:
    """Return the grid of a component: one tile per item, front and back, its pictures at
    ``dpi``."""
    cv = workspace.ready(view, cid, judged=False)
    return {"version": workspace.version, "game": view.game_id, "variant": view.variant,
            "component": cid, "title": cv.comp.model.title, "kind": cv.comp.model.kind,
            "stale": cv.stale, **problems_of(view, failed),
            "tiles": [{"index": index, "label": card.label, "count": count,
                       "front": _face(workspace, view, card.front, dpi, failed),
                       "back": _face(workspace, view, card.back, dpi, failed),
                       "findings": sum(len(face_findings(cv.verdict.checked, face))
                                       for face in (card.front, card.back) if face)}
                      for index, card, count in tiles(cv.prepared)]}


def pick_face(workspace, view, cid: str, index: int, side: str):
    """Return (component view, card, face) of card ``index``'s ``side`` (KeyError, IndexError
    or None when there is none)."""
    cv = workspace.ready(view, cid)
    card = cv.prepared.cards[index]
    return cv, card, card.back if side == "back" else card.front


def face(workspace, view, cid: str, index: int, side: str, failed: dict | None = None
         ) -> dict:
    """Return one face large: its elements' boxes, its print-check findings, its safe area."""
    cv, card, chosen = pick_face(workspace, view, cid, index, side)
    if chosen is None:
        raise KeyError(side)
    try:
        drawings = painted(workspace.session, chosen)
    except Exception:  # noqa: BLE001 - a face that cannot be drawn: its boxes, its mistake
        drawings = []
    elements = [{"index": i, "name": origin.name, "box": _box(chosen, i, drawings)}
                for i, origin in enumerate(chosen.origins[:len(chosen.elements)])]
    findings = [{"kind": f.kind, "message": f"{f.origin.path}:{f.origin.line}: {f.message()}",
                 "element": f.origin.name,
                 "box": list(f.box) if f.box else _origin_box(chosen, f.origin, elements)}
                for f in face_findings(cv.verdict.checked, chosen)]
    rules = view.game.spec.print_checks
    return {"version": workspace.version, "game": view.game_id, "variant": view.variant,
            "component": cid, "index": index, "side": side, "label": card.label,
            "stale": cv.stale, "safe": rules.safe_area_pt, **problems_of(view, failed),
            "face": _face(workspace, view, chosen, LARGE_DPI, failed), "elements": elements,
            "findings": findings, "has_back": card.back is not None,
            "cards": len(cv.prepared.cards)}


def _box(face, index: int, drawings) -> list[float]:
    """Return what element ``index`` painted (x0, y0, x1, y1 in points, trim origin, y up):
    its fills, text and icons; its own box when it painted none of those (a line)."""
    drawing = drawings[index] if index < len(drawings) else None
    boxes = [tuple(fill[:4]) for fill in drawing.fills] if drawing else []
    boxes += [mark.box for mark in drawing.marks] if drawing else []
    if not boxes:
        element = face.elements[index]
        top = face.height - element.y
        return [element.x, top - element.h, element.x + element.w, top]
    return [min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes)]


def _origin_box(face, origin, elements: list[dict]) -> list[float]:
    for element, entry in zip(face.origins, elements):
        if element == origin:
            return entry["box"]
    return [0, 0, face.width, face.height]


def sources(workspace, view, cid: str, index: int, side: str, element: int,
            editor: str) -> list[dict]:
    """Return where an element of a face was written and where its values came from."""
    cv, card, chosen = pick_face(workspace, view, cid, index, side)
    out = []
    for loc in element_sources(chosen, element, cv.comp, card.label, editor):
        name = relative_name(workspace.project, Path(loc.path))
        out.append({**loc.as_json(), "shown": display_path(loc.path),
                    "view": f"/file/{name}" if name else None})
    return out
