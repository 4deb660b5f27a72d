"""Draw each face once per process: a face's form recorded in one document is replayed in the
next document that places the face (each profile of a component is its own document).

What drawing a face writes into a PDF depends on the face and on a little of the document: the
TrueType subset code each of its non-ASCII characters has (first come, first numbered) and the
internal name of each font (numbered in order of first use). A recording keeps the form's
compressed content stream, the forms (icons) it uses and the strings it split into each font,
with the codes and names those fonts had when it was drawn. It is replayed only into a document
whose fonts give the same characters the same codes and names, so a replayed form has exactly
the bytes drawing it again would give; replaying also advances the document's font state as
the drawing would have. A form's transparency states (``/gRLs0 gs``) are its own (ReportLab
numbers them afresh in every form), so they are recorded and given back; a gradient's shading
is a document object numbered in order (``/Sh3 sh``), so a replay registers a fresh copy of
each shading the drawing made and, where the document numbers it differently, writes its new
name into the recorded content (compressed again). A drawing that registers anything else in
the document (an image, a non-embedded font) is not recorded: such a face is drawn every time.
A raster image never is, even one the document holds already (a tiled board's page map drew
it first): its XObject belongs to that document.
"""

from __future__ import annotations

import copy
import re
import weakref
from itertools import islice
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics

from . import speed_layer
from .pdf_objects import Deflating, LazyFlateStream, deflate_soon
from .spool import StreamSpool

# id(face) -> (weak reference to the face, {document kind: [Drawing, ...]})
_DRAWINGS: dict[int, tuple[weakref.ref, dict]] = {}
_NO_STATE = -1  # the document has not used the font yet


def draw_form(canvas, name: str, box: tuple, owner, kind: tuple, draw,
              keep: bool = True, closing=None):
    """Make form ``name`` (``box``: x0, y0, x1, y1) of ``canvas``: ``draw(canvas)`` the first
    time, a replay of that drawing after; return what ``draw`` returned (the recorded value
    when replayed).

    ``owner`` (a face, an icon book) holds the recordings while it lives; ``kind`` names
    everything else the drawing depends on (fonts, icons, colour mode...). ``keep=False``
    keeps no recording (a big deck's face: its compressed stream is not held past its
    document, and another document draws it again). ``closing(canvas)`` is called with the
    form still open, after it was drawn or replayed (to read the shadings and states it uses).
    """
    canvas.beginForm(name, *box)
    if not speed_layer.ENABLED:  # stock forms: drawn afresh in every document
        result = draw(canvas)
        if closing is not None:
            closing(canvas)
        canvas.endForm()
        return result
    drawings = drawings_of(owner, kind) if keep else _kept(owner, kind)
    drawing = next((d for d in drawings if d.fits(canvas)), None)
    if drawing is not None:
        renames = drawing.replay(canvas)
        if closing is not None:
            closing(canvas)
        canvas.endForm()
        drawing.attach(canvas, name, renames)
        return drawing.result
    with FaceRecorder(canvas) as recorder:
        result = draw(canvas)
    if closing is not None:
        closing(canvas)
    canvas.endForm()
    if not keep:  # nothing recorded: the compressed stream waits in the document's spool
        recorder.spool(canvas, name)
        return result
    drawing = recorder.drawing(canvas, name, result)
    if drawing is not None:
        drawings.append(drawing)
    return result


def _kept(owner, kind: tuple) -> list:
    """Return the recorded drawings of ``owner`` for documents of ``kind`` (none: a new
    list, not remembered, so a face that keeps none adds no entry)."""
    entry = _DRAWINGS.get(id(owner))
    return entry[1].get(kind, []) if entry is not None and entry[0]() is owner else []


def spool_of(canvas) -> StreamSpool:
    """Return the spool of ``canvas``'s document (made on first use; the canvas closes it
    once the file is written)."""
    spool = canvas.__dict__.get("stream_spool")
    if spool is None:
        spool = canvas.__dict__["stream_spool"] = StreamSpool()
    return spool


def drawings_of(owner, kind: tuple) -> list:
    """Return the recorded drawings of ``owner`` for documents of ``kind``, a list the caller
    may append to."""
    key = id(owner)
    entry = _DRAWINGS.get(key)
    if entry is None or entry[0]() is not owner:
        def forget(ref, key=key):
            if _DRAWINGS.get(key, (None,))[0] is ref:
                del _DRAWINGS[key]

        entry = _DRAWINGS[key] = (weakref.ref(owner, forget), {})
    return entry[1].setdefault(kind, [])


def _outline(doc) -> dict:
    """Return each attribute of ``doc`` as its value (numbers, text) or its length."""
    out = {}
    for key, value in vars(doc).items():
        if isinstance(value, (int, float, str, bytes, tuple)) or value is None:
            out[key] = value
        elif hasattr(value, "__len__"):
            out[key] = ("len", len(value))
        else:
            out[key] = ("id", id(value))
    return out


def _tracked(font, text: str) -> set[int]:
    """Return the characters of ``text`` whose subset code depends on the document."""
    fixed = 128 if font._asciiReadable else 0
    glyphs = font.face.charToGlyph
    return {code for code in map(ord, text)
            if code >= fixed and code != 0xA0 and code in glyphs}


@dataclass
class _FontUse:
    """What one drawing needed of one font, as the document stood before it."""

    font: object
    name: str | None        # the font's internal name in the document (None: not named yet)
    codes: dict             # character -> its subset code (None: not assigned yet)
    next_code: int | None   # the next free code, when the drawing assigned new ones

    def state_in(self, doc) -> tuple:
        """Return this use's view of ``doc``'s font state now."""
        state = self.font.state.get(doc)
        if state is None:
            return (None, {c: None for c in self.codes},
                    _NO_STATE if self.next_code is not None else None)
        assigned = state.assignments
        codes = {c: assigned.get(c) for c in self.codes}
        return (state.internalName, codes,
                state.nextCode if self.next_code is not None else None)


@dataclass
class Drawing:
    """One recorded face form and the document state it was drawn in."""

    preamble: str
    font_count: int | None   # how many fonts the document had named (when one was new)
    uses: list[_FontUse]
    splits: list[tuple[object, str]]
    named: list[tuple[object, int]]
    forms: list[str]
    versions: list[tuple]     # the features it asked the PDF version for (transparency)
    colors: dict
    states: dict              # the form's transparency states: (key, value) -> gs name
    shadings: list            # (name, a copy never registered) of each shading it made
    text: bytes | None        # the content, uncompressed (kept only when it has shadings)
    result: object            # what drawing returned
    stream: bytes | Deflating  # the compressed content stream (or it, being compressed)

    def fits(self, canvas) -> bool:
        """Return whether replaying into ``canvas``'s document gives the recorded bytes."""
        doc = canvas._doc
        if canvas._preamble != self.preamble or canvas._extgstate._c:
            return False
        if self.font_count is not None and len(doc.fontMapping) != self.font_count:
            return False
        return all(use.state_in(doc) == (use.name, use.codes, use.next_code)
                   for use in self.uses)

    def replay(self, canvas) -> dict[bytes, bytes]:
        """Do to the open form what drawing the face did: font state, forms, colours,
        transparency states and shadings; return the shadings this document names otherwise
        (recorded name -> its name here, as bytes)."""
        doc = canvas._doc
        for font, text in self.splits:
            font.splitString(text, doc)
        for font, subset in self.named:
            font.getSubsetInternalName(subset, doc)
        for keys in self.versions:
            doc.ensureMinPdfVersion(*keys)
        canvas._formsinuse.extend(self.forms)
        canvas._colorsUsed.update(self.colors)
        canvas._extgstate._c.update(self.states)
        renames = {}
        if self.shadings:  # fresh objects, registered in the order drawing registered them
            fresh = copy.deepcopy([template for _, template in self.shadings])
            for (old, _), shading in zip(self.shadings, fresh):
                new = canvas._addShading(shading)
                if new != old:
                    renames[old.encode("ascii")] = new.encode("ascii")
        return renames

    def compressed(self) -> bytes:
        """Return the compressed content stream (waiting for the worker compressing it)."""
        if isinstance(self.stream, Deflating):
            self.stream = self.stream.result()
        return self.stream

    def attach(self, canvas, name: str, renames: dict | None = None) -> None:
        """Give the closed form ``name`` the recorded content stream, compressed by the time
        the document is written (with the shadings ``renames`` names, compressed again)."""
        if renames:
            data = _SHADE.sub(lambda m: b"/%s sh" % renames.get(m[1], m[1]), self.text)
            stream = LazyFlateStream(deflate_soon(data).result)
        else:
            stream = LazyFlateStream(self.compressed)
        stream.__Comment__ = "xobject form stream"
        canvas._doc.idToObject[pdfdoc.xObjectName(name)].Contents = stream


# a shading painted: one line of the content, as Canvas.shade writes it
_SHADE = re.compile(rb"^/(Sh[0-9]+) sh$", re.MULTILINE)


def _compact(splits: list[tuple[object, str]]) -> list[tuple[object, str]]:
    """Return, per font, the characters ``splits`` gave it: each once, in order of first use.

    Splitting these advances a document's font state exactly as splitting every string again:
    ReportLab gives a character its code the first time it meets it, one character after
    another, and a character it has met changes nothing.
    """
    chars: dict[int, tuple[object, dict]] = {}
    for font, text in splits:
        seen = chars.setdefault(id(font), (font, {}))[1]
        seen.update(dict.fromkeys(text if isinstance(text, str) else text.decode("utf-8")))
    return [(font, "".join(seen)) for font, seen in chars.values()]


_FONT_CHANGES = frozenset({"fontMapping", "delayedFonts", "_pdfVersion"})
_SHADING_CHANGES = _FONT_CHANGES | {"idToObject", "idToObjectNumberAndVersion", "numberToId",
                                    "objectcounter", "shadingCounter"}


class FaceRecorder:
    """Watches one face being drawn into an open form (``with``), then makes its Drawing."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.splits: list[tuple[object, str]] = []
        self.named: list[tuple[object, int]] = []
        self.uses: dict[int, _FontUse] = {}
        self.versions: list[tuple] = []
        self.new_font = False
        self.plain = False
        self.images = False  # drew a raster image (its XObject is the document's own)

    def __enter__(self) -> "FaceRecorder":
        canvas = self.canvas
        doc = canvas._doc
        self.objects = len(doc.idToObject)
        self.font_count = len(doc.fontMapping)
        # each font once: ReportLab may know one font object by two names
        self.fonts = list({id(font): font for font in map(pdfmetrics.getFont,
                                                          pdfmetrics.getRegisteredFontNames())
                           if getattr(font, "_dynamicFont", False)}.values())
        for font in self.fonts:
            font.splitString = self._spy_split(font, font.splitString)
            font.getSubsetInternalName = self._spy_name(font, font.getSubsetInternalName)
        ensure = doc.ensureMinPdfVersion

        def spy_version(*keys):
            self.versions.append(keys)
            return ensure(*keys)

        self.before = _outline(doc)
        doc.ensureMinPdfVersion = spy_version
        draw_image = canvas.drawImage

        def spy_image(*args, **kwargs):
            # an image the document holds already adds no object: watched here, not counted
            self.images = True
            return draw_image(*args, **kwargs)

        canvas.drawImage = spy_image
        return self

    def __exit__(self, *exc) -> None:
        for font in self.fonts:
            del font.splitString, font.getSubsetInternalName
        canvas = self.canvas
        doc = canvas._doc
        del doc.ensureMinPdfVersion
        del canvas.drawImage
        after = _outline(doc)
        # only the font mapping, the fonts to embed and the version may have changed, and
        # shadings been added
        changed = {k for k in set(after) | set(self.before) if after.get(k) != self.before.get(k)}
        # the objects the drawing added: the last ones (copying every object of the
        # document for each face cost a big deck time that grew with its square)
        added = len(doc.idToObject) - self.objects
        new = list(islice(reversed(doc.idToObject.items()), added))[::-1] if added > 0 else []
        shaded = (all(isinstance(obj, pdfdoc.PDFShading) for _, obj in new)
                  and set(canvas._shadingUsed) == {key for key, _ in new})
        self.plain = (changed <= _SHADING_CHANGES if new and shaded else changed <= _FONT_CHANGES)
        self.plain = (self.plain and not self.images
                      and canvas._pageCompression and not rl_config.useA85)
        self.forms = list(canvas._formsinuse)
        self.colors = dict(canvas._colorsUsed)
        self.states = dict(canvas._extgstate._c)
        self.shadings = []
        if self.plain and new:  # copies made before the document formats (and names) them
            templates = copy.deepcopy([obj for _, obj in new])
            for template in templates:
                del template.__InternalName__
            self.shadings = [(key, template) for (key, _), template in zip(new, templates)]

    def _use(self, font, doc) -> _FontUse:
        use = self.uses.get(id(font))
        if use is None:
            state = font.state.get(doc)
            name = state.internalName if state is not None else None
            self.new_font |= name is None
            use = self.uses[id(font)] = _FontUse(font, name, {}, None)
        return use

    def _spy_split(self, font, split):
        def spy(text, doc, encoding="utf-8"):
            use = self._use(font, doc)
            state = font.state.get(doc)
            for code in _tracked(font, text if isinstance(text, str) else text.decode()):
                if code not in use.codes:
                    use.codes[code] = state.assignments.get(code) if state else None
                    if use.codes[code] is None and use.next_code is None:
                        use.next_code = state.nextCode if state else _NO_STATE
            self.splits.append((font, text))
            return split(text, doc, encoding)
        return spy

    def _spy_name(self, font, name_of):
        def spy(subset, doc):
            self._use(font, doc)
            self.named.append((font, subset))
            return name_of(subset, doc)
        return spy

    def spool(self, canvas, name: str) -> None:
        """Give the form just closed as ``name`` its compressed stream, kept in the document's
        spool until the file is written (a face drawn once, never replayed: issue 36)."""
        if not self.plain:
            return
        form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
        data = form.stream.encode("utf8") if isinstance(form.stream, str) else form.stream
        stream = spool_of(canvas).add(deflate_soon(data))
        stream.__Comment__ = "xobject form stream"
        form.Contents = stream
        form.stream = None

    def drawing(self, canvas, name: str, result=None) -> Drawing | None:
        """Return the Drawing of the form just closed as ``name`` (None: it cannot be replayed),
        and give that form its compressed stream now; ``result`` is what drawing returned."""
        if not self.plain:
            return None
        form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
        data = form.stream.encode("utf8") if isinstance(form.stream, str) else form.stream
        drawing = Drawing(canvas._preamble, self.font_count if self.new_font else None,
                          list(self.uses.values()), _compact(self.splits),
                          list(dict.fromkeys(self.named)), self.forms,
                          self.versions, self.colors, self.states, self.shadings,
                          data if self.shadings else None, result, deflate_soon(data))
        drawing.attach(canvas, name)
        form.stream = None  # written from the compressed stream: the text is not kept
        return drawing
