"""Print-on-demand: one face per page at trim plus bleed, TrimBox and BleedBox set, no marks.

Fronts and backs are interleaved (front 1, back 1, front 2, ...), the order shops such as
DriveThruCards expect for a duplex card upload. A print shop's profile sets the bleed every page
carries (each face's own bleed is cut down to it) and the card sizes the shop prints.
"""

from __future__ import annotations

from ...fill.faces import Card
from ...base.units import MM
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


def page_bleed(face, profile) -> float:
    """Return the bleed a page of ``face`` carries: the profile's (a print shop's) or, when the
    profile sets none (or there is no profile), the face's own."""
    shop = getattr(profile, "bleed", None)
    return face.bleed if shop is None else shop


def check_shop(face, profile) -> None:
    """Raise LayoutError when a print shop's profile cannot take ``face``: a card size the shop
    does not print, or less bleed than its pages carry."""
    sizes = getattr(profile, "sizes", None)
    if sizes and not any(abs(face.width - w) < 0.05 * MM and abs(face.height - h) < 0.05 * MM
                         for w, h in sizes.values()):
        listed = ", ".join(f"{name} ({size_text(w, h)})" for name, (w, h) in sizes.items())
        raise LayoutError(f"{profile.name} prints {listed} cards, not "
                          f"{size_text(face.width, face.height)}: give the template one of "
                          "these sizes, or use profile pod")
    if profile is not None and profile.bleed is not None and face.bleed < profile.bleed - 0.01:
        raise LayoutError(f"{profile.name} pages carry {profile.bleed / MM:.3f} mm of bleed and "
                          f"this face has {face.bleed / MM:.3f} mm: give the template bleed: "
                          f"{profile.bleed / MM:.3f}mm or more")


def impose_pod(doc, cards: list[Card], profile, options: ImposeOptions) -> int:
    """Add one page per face, sized to it; return the page count (the profile has no paper)."""
    faces = pod_faces(cards)
    for _, face in faces:
        face_page(doc, face, bleed=page_bleed(face, profile))
    return len(faces)


def face_page(doc, face, clip=None, bleed: float | None = None) -> None:
    """Add one page at ``face``'s trim plus ``bleed`` (default: the face's own), TrimBox and
    BleedBox set, and draw it.

    The one "face per page" writer: pod decks, tokens and boards, pod notepads (``clip`` keeps
    the glue strip clear) and the Tabletop Simulator export. A bleed narrower than the face's
    cuts the face's bleed down to it.
    """
    b = face.bleed if bleed is None else bleed
    size = (face.width + 2 * b, face.height + 2 * b)
    doc.set_pagesize(size)
    doc.canvas.setBleedBox((0, 0, size[0], size[1]))
    doc.canvas.setTrimBox((b, b, b + face.width, b + face.height))
    doc.place(face, b, b, clip=clip)
    doc.canvas.showPage()
