"""Print-on-demand: one face per page at trim plus bleed, TrimBox and BleedBox set, no marks.

Fronts and backs are interleaved (front 1, back 1, front 2, ...), the order shops such as
DriveThruCards expect for a duplex card upload.
"""

from __future__ import annotations

from ..faces import Card
from .common import ImposeOptions, LayoutError, size_text


def pod_faces(cards: list[Card]) -> list[tuple[str, object]]:
    """Return (file label, face) for every face in upload order."""
    faces = []
    for card in cards:
        faces.append((f"{card.label}-front", card.front))
        if card.back is not None:
            faces.append((f"{card.label}-back", card.back))
    return faces


def check_page_limit(face, limit: tuple[float, float] | None, profile_name: str) -> None:
    """Raise LayoutError when ``face`` plus bleed is larger than ``limit`` either way round."""
    if limit is None:
        return
    big, small = sorted(limit, reverse=True)
    w, h = sorted((face.width + 2 * face.bleed, face.height + 2 * face.bleed), reverse=True)
    if w > big + 0.01 or h > small + 0.01:
        raise LayoutError(f"a face of {size_text(w, h)} with bleed is larger than the largest "
                          f"{profile_name} page ({size_text(big, small)})")


def impose_pod(doc, cards: list[Card], profile, options: ImposeOptions) -> int:
    """Add one page per face, sized to it; return the page count (the profile has no paper)."""
    faces = pod_faces(cards)
    for _, face in faces:
        face_page(doc, face)
    return len(faces)


def face_page(doc, face, clip=None) -> None:
    """Add one page at ``face``'s trim plus bleed, TrimBox and BleedBox set, and draw it.

    The one "face per page" writer: pod decks, tokens and boards, pod notepads (``clip`` keeps
    the glue strip clear) and the Tabletop Simulator export.
    """
    b = face.bleed
    size = (face.width + 2 * b, face.height + 2 * b)
    doc.set_pagesize(size)
    doc.canvas.setBleedBox((0, 0, size[0], size[1]))
    doc.canvas.setTrimBox((b, b, b + face.width, b + face.height))
    doc.place(face, b, b, clip=clip)
    doc.canvas.showPage()
