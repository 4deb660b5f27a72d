"""The JSON each page of the studio asks for, made from the workspace's current state.

Images are named by content: ``/img/GAME/VARIANT/GENERATION-KEY.png``, where a face's key
changes with anything drawn on it, so the page swaps an image exactly when its face changed
and the browser may keep every image it has.
"""

from __future__ import annotations

from pathlib import Path

from ..checks.record import record
from ..base.errors import display_path
from .extras import has_dice, variants_of
from .face_images import GRID_DPI, LARGE_DPI
from .guard import relative_name
from .judge import face_findings
from .source_map import element_sources


def _variant_part(variant: str | None) -> str:
    return variant or "-"


def image_url(workspace, game_id: str, variant: str | None, face, dpi: int = GRID_DPI) -> str:
    """Return the content-named URL of a face's image."""
    return (f"/img/{game_id}/{_variant_part(variant)}/{workspace.generation}-{face.key}.png"
            f"?dpi={dpi}")


def _face(workspace, view, face, dpi: int = GRID_DPI) -> dict | None:
    if face is None:
        return None
    return {"url": image_url(workspace, view.game_id, view.variant, face, dpi),
            "width": face.width, "height": face.height, "bleed": face.bleed, "key": face.key}


def problems_of(view) -> dict:
    """Return the mistakes and warnings of a game view, as the banner shows them."""
    warnings = [str(w) for cv in view.components.values() for w in cv.warnings]
    return {"problems": [str(p) for p in view.problems()], "warnings": warnings}


def games(workspace, game_ids: list[str]) -> list[dict]:
    """Return every game with its components (each loaded and prepared)."""
    out = []
    for game_id in game_ids:
        view = workspace.view(game_id)
        name = view.game.spec.name if view.game is not None else game_id
        out.append({"id": game_id, "name": name, **problems_of(view),
                    "variants": variants_of(workspace.project, game_id),
                    "dice": has_dice(workspace.project, game_id),
                    "components": [{"id": cid, "kind": cv.comp.model.kind,
                                    "title": cv.comp.model.title, "stale": cv.stale}
                                   for cid, cv in view.components.items()]})
    return out


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


def component(workspace, view, cid: str) -> dict:
    """Return the grid of a component: one tile per item, front and back."""
    cv = workspace.ready(view, cid, judged=False)
    return {"version": workspace.version, "game": view.game_id, "variant": view.variant,
            "component": cid, "title": cv.comp.model.title, "kind": cv.comp.model.kind,
            "stale": cv.stale, **problems_of(view),
            "tiles": [{"index": index, "label": card.label, "count": count,
                       "front": _face(workspace, view, card.front),
                       "back": _face(workspace, view, card.back),
                       "findings": sum(len(face_findings(cv.verdict.checked, face))
                                       for face in (card.front, card.back) if face)}
                      for index, card, count in tiles(cv.prepared)]}


def pick_face(workspace, view, cid: str, index: int, side: str):
    """Return (component view, card, face) of card ``index``'s ``side`` (KeyError, IndexError
    or None when there is none)."""
    cv = workspace.ready(view, cid)
    card = cv.prepared.cards[index]
    return cv, card, card.back if side == "back" else card.front


def face(workspace, view, cid: str, index: int, side: str) -> dict:
    """Return one face large: its elements' boxes, its print-check findings, its safe area."""
    cv, card, chosen = pick_face(workspace, view, cid, index, side)
    if chosen is None:
        raise KeyError(side)
    session = workspace.session
    drawings = record(chosen, session.fonts, session.icons)[0]
    elements = [{"index": i, "name": origin.name, "box": _box(chosen, i, drawings)}
                for i, origin in enumerate(chosen.origins[:len(chosen.elements)])]
    findings = [{"kind": f.kind, "message": f"{f.origin.path}:{f.origin.line}: {f.message()}",
                 "element": f.origin.name,
                 "box": list(f.box) if f.box else _origin_box(chosen, f.origin, elements)}
                for f in face_findings(cv.verdict.checked, chosen)]
    rules = view.game.spec.print_checks
    return {"version": workspace.version, "game": view.game_id, "variant": view.variant,
            "component": cid, "index": index, "side": side, "label": card.label,
            "stale": cv.stale, "safe": rules.safe_area_pt, **problems_of(view),
            "face": _face(workspace, view, chosen, LARGE_DPI), "elements": elements,
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
