"""Print checks: what a printed page needs beyond a valid PDF (legible, inside, registered).

``rules`` holds the limits a game may set, ``probe`` records what each element paints,
``record`` draws a face into it in the normal and ink-saver renderings at once, ``under``
finds the fill under a point, ``face_checks`` checks every face while it is built (text size,
strokes, contrast, safe area),
``findings`` gathers the results per template line, ``pdf_checks`` reads written PDFs back and
``report`` runs it all for ``sheetgen check``.
"""
