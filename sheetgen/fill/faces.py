"""Fill a template with one item's fields: Jinja per value, then typed elements → a Face.

Jinja runs in a sandbox with StrictUndefined, so a field the template uses but the item lacks
is an error that names both. A value that is exactly ``"{{ expr }}"`` keeps the expression's
type (a number, a list, a boolean); any other text with ``{{ }}`` renders to a string.
"""

from __future__ import annotations

import functools
import hashlib
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import StrictUndefined, TemplateError, UndefinedError, nodes
from jinja2.compiler import CodeGenerator
from jinja2.environment import TemplateExpression
from jinja2.exceptions import TemplateSyntaxError
from jinja2.parser import Parser
from jinja2.sandbox import SandboxedEnvironment, SecurityError
from pydantic import ValidationError

from .choices import ChoiceError, needs_resolving, resolve, resolve_plan
from .elements import DrawContext, Element, element_class, element_types
from ..base.errors import Problem, UserError, display_path
from .elements.base import FaceWarning, drawn_icons
from .elements.icon import ArtWarning
from .elements.placement import PlacedMemo, Placer
from ..load.templates import Template, TemplateBook
from .stored_faces import AwaitedFace, StoredFace
from .symbols import SymbolsSeen, resolve_symbols
from .textlayout import TextFitError
from ..base.suggest import close_matches, command, unknown
from ..load.validation import keys_at
from ..load.yamlload import line_of

MAX_REPEAT = 100_000  # items a "x" * n or [..] * n may build in a template expression


class _ReadsNoted(CodeGenerator):
    """Jinja's code generator, noting on the template node it compiles the names the
    template reads from its context (``node.reads``): what ``jinja2.meta``'s
    ``find_undeclared_variables`` works out, the same way (its code generator's rule), in
    the one generation that compiles the string rather than a second one."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reads: set[str] = set()

    def enter_frame(self, frame) -> None:
        """Note every name the frame looks up in the context (not a global)."""
        super().enter_frame(frame)
        for action, param in frame.symbols.loads.values():
            if action == "resolve" and param not in self.environment.globals:
                self.reads.add(param)

    def visit_Template(self, node, frame=None) -> None:
        """Compile the template; leave the names it reads on its node."""
        super().visit_Template(node, frame)
        node.reads = self.reads


class BoundedSandbox(SandboxedEnvironment):
    """Jinja's sandbox, with ``*`` and ``**`` unable to build a huge string, list or number.

    A template is data: an expression such as ``'a' * 10**9`` or ``9 ** 9 ** 9`` is a
    mistake to report, not a gigabyte to allocate or an hour of arithmetic.
    """

    intercepted_binops = frozenset({"*", "**"})
    code_generator_class = _ReadsNoted

    def call_binop(self, context, operator: str, left, right):
        """Refuse a power with a large exponent or a repetition beyond MAX_REPEAT items."""
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > 64 \
                and left not in (0, 1, -1):
            raise SecurityError(f"{left!r} ** {right!r} is too large to compute")
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int) \
                        and len(seq) * times > MAX_REPEAT:
                    raise SecurityError(f"repeating {len(seq)} items {times} times makes more "
                                        f"than {MAX_REPEAT:,}")
        return super().call_binop(context, operator, left, right)


# One Jinja environment for the process: each distinct template string is compiled once, for
# every component (a builder's globals, such as the game, are passed with each item's fields).
_JINJA = BoundedSandbox(undefined=StrictUndefined, autoescape=False)
_COMPILED: dict[str, tuple[str, Any]] = {}
_MAX_COMPILED = 50_000  # a long `watch` session forgets old strings rather than grow forever

# a big deck's shared elements are aged every this many new ones (FaceBuilder._age_elements)
ELEMENTS_AGED = 2048
_WHOLE_EXPR = re.compile(r"^\s*\{\{(?P<expr>(?:(?!\{\{|\}\}).)*)\}\}\s*$", re.S)
# ``{{ name }}``, the most common value: a field looked up without Jinja (same result: the
# field's value as it is, or in text its str()); anything else, or a name the item lacks, goes
# to Jinja. Text qualifies only without other braces, carriage returns or a final newline,
# which Jinja's lexer would treat specially.
_NAME = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_JINJA_WORDS = frozenset({"true", "false", "none", "True", "False", "None", "and", "or", "not",
                          "in", "is", "if", "else"})


@dataclass
class Face:
    """One side of one component, ready to draw: size in points and typed elements."""

    width: float
    height: float
    bleed: float
    elements: list[Element]
    key: str
    label: str
    where: tuple[str, int] = ("", 0)  # the line that set its size: blamed when it won't fit
    # where each element was written (path, line, name), for the print checks' messages
    origins: list = field(default_factory=list)
    # a line for the printer's pages (e.g. a board side centred on a larger common size)
    note: str = ""
    # where a playtest variant's stamp goes (the template's stamp_corner)
    stamp_corner: str = "lower-left"
    # how messages name the face when its label is not enough ("side a", not "a")
    shown: str = ""

    def icons(self) -> frozenset[str]:
        """Return every icon the face draws (worked out once: a face does not change)."""
        icons = self.__dict__.get("_icons")
        if icons is None:
            # an element's own icons, and every inline ``:name:`` in any text it holds: an
            # icon's form must exist before the face's form that uses it
            icons = frozenset().union(*map(drawn_icons, self.elements))
            self.__dict__["_icons"] = icons
        return icons

    def images(self) -> frozenset[str]:
        """Return the file of every image element the face draws (worked out once)."""
        images = self.__dict__.get("_images")
        if images is None:
            images = frozenset(str(e.src) for e in self.elements
                               if e.type == "image" and getattr(e, "src", None) is not None)
            self.__dict__["_images"] = images
        return images

    def can_remake(self, remake) -> None:
        """Let the face drop its elements (:meth:`release`) and get them back from
        ``remake()``, which returns (elements, origins) equal to those it has: a big deck keeps
        only the faces a page is drawing (issue 36). What it draws is worked out first."""
        self.icons()
        self.images()
        self.__dict__["_remake"] = remake

    @property
    def releasable(self) -> bool:
        """Whether the face can drop its elements and make them again (a big deck's)."""
        return "_remake" in self.__dict__

    def release(self) -> None:
        """Drop the elements and origins of a face that can remake them (else nothing)."""
        if self.releasable:
            self.__dict__.pop("elements", None)
            self.__dict__.pop("origins", None)

    def __getattr__(self, name: str):
        # only for attributes the instance lacks: a released face's elements, remade
        remake = self.__dict__.get("_remake")
        if remake is None or name not in ("elements", "origins"):
            raise AttributeError(name)
        self.__dict__["elements"], self.__dict__["origins"] = remake()
        return self.__dict__[name]


@dataclass(frozen=True)
class Card:
    """One physical card: its front, its back (None: blank) and a label for file names."""

    front: Face
    back: Face | None
    label: str


class MakeHere(Exception):
    """A big deck's faces made in worker processes had mistakes: the caller prepares the
    component again in this process, so every message is the one a serial build gives."""


@dataclass
class MadeFace:
    """What making one deferred face gave in a worker (:meth:`FaceBuilder.made_here`): its
    mistakes, its warnings, its print checks' (findings, figures), what it draws."""

    problems: list
    warnings: list
    checked: tuple | None
    icons: frozenset
    images: frozenset
    stored: tuple | None = None  # where its elements were stored (stored_faces.py)


class PartialFace(UserError):
    """The mistakes of a face's elements, with the face of the elements that were right."""

    def __init__(self, problems: list, face: Face):
        super().__init__(problems)
        self.face = face


@dataclass(frozen=True)
class Where:
    """Where an item was written, for error messages."""

    path: str
    line: int
    label: str
    cells: tuple[tuple[str, str], ...] = ()  # (field, cell) of an item read from a table


@dataclass(frozen=True)
class Origin:
    """Where an element was written: file, line and a name (its id or type)."""

    path: str
    line: int
    name: str


def element_origin(shown_path: str, line: int, element: Element) -> Origin:
    """Return where ``element`` was written (``shown_path`` as printed), for the print checks."""
    return Origin(shown_path, line, element.id or element.type)


class FaceBuilder:
    """Turns (template name, fields) into Faces; holds the Jinja environment and caches."""

    def __init__(self, project, templates: TemplateBook, fonts, icons, colors: dict[str, str],
                 globals_: dict[str, Any] | None = None, symbols: dict | None = None):
        self.project, self.templates, self.fonts, self.icons = project, templates, fonts, icons
        self.colors = colors
        # the game's symbols (name -> SymbolSpec): symbol/NAME is resolved as elements are
        # filled; which ones this component printed and keyed (sheetgen/checks/symbol_key.py)
        self.symbols = symbols or {}
        self.symbols_seen = SymbolsSeen()
        # names every template of this builder sees (game, credits, component); an item's
        # fields of the same name win, as Jinja's own globals would let them
        self.globals = dict(globals_ or {})
        self._faces: dict[str, Face] = {}
        self.warnings: list[Problem] = []
        self._template_mistakes: set[tuple] = set()
        # the print checks of the component being built (sheetgen/checks), if any
        self.checks = None
        # faces only to be compared by key (a variant's base game): skip building elements
        self.keys_only = False
        self.language: str | None = None  # an edition's: text hyphenates in it
        self.font_roles: dict[str, str] = {}  # an edition's fonts: role -> family drawn
        self._shown_paths: dict = {}
        # id(raw element) -> (raw, [(key, value, whether the value holds Jinja)]): only the
        # values with Jinja are rendered for each item
        self._plans: dict[int, tuple[Any, list]] = {}
        # (where the raw element was written, size, its filled values) -> (raw, the prepared
        # element): faces that fill an element with the same values share one element object
        # (validated once); a builder made after its templates changed may adopt them
        self._elements: dict[tuple, tuple[Any, Element]] = {}
        # a big deck (issue 36): each face is held without its elements once checked, and
        # made again when a page draws it; shared elements no face reuses are forgotten
        self.release_faces = False
        self._element_young: set[tuple] = set()
        self._element_hits: set[tuple] = set()
        # containers filled alike on many faces, placed once (a big deck's shared subtrees)
        self._placed = PlacedMemo(lambda: len(self.warnings))
        # a big deck's faces made and checked elsewhere (the build's workers): called with
        # this builder and the number of deferred faces, it returns the MadeFace of each (in
        # order), the SymbolsSeen of each worker's share and the FaceFolder their elements
        # were stored in, or None (component_build.py)
        self.make_elsewhere = None
        # a big deck's faces to be made elsewhere: (face, template, fields, where, how many
        # warnings came before it)
        self._deferred: list | None = None
        self._drawn: dict = {}  # what they draw, one object for alike ones (took_made)

    def build(self, template_name: str, fields: dict[str, Any], where: Where,
              template_where: tuple[str, int]) -> Face:
        """Return the face of ``template_name`` filled with ``fields``; UserError on any mistake.

        Items that fill a template with the same values share one Face (validated and fitted
        once, drawn once).
        """
        template = self.templates.get(template_name, template_where)
        filled = self._filled(template, fields, where)
        key = hashlib.sha1(repr(
            (template.name, template.width, template.height, template.bleed,
             [values for _, values in filled])
        ).encode()).hexdigest()[:16]
        cached = self._faces.get(key)
        if cached is None and self.keys_only:  # compared by key, never drawn: no elements
            cached = self._faces[key] = Face(
                template.width, template.height, template.bleed, [], key, where.label,
                template.size_where, stamp_corner=template.stamp_corner)
        if cached is not None:
            return cached
        if self._deferred is not None:  # filled here, made and checked by the workers
            return self._defer(template, key, (template_name, fields, where, template_where))
        elements, origins, problems = self._made(template, filled, where)
        face = Face(template.width, template.height, template.bleed, elements, key, where.label,
                    template.size_where, origins, stamp_corner=template.stamp_corner)
        if problems:
            # with the elements that were right, so later checks (a pad's glue strip) still run
            raise PartialFace(problems, face)
        self._faces[key] = face
        self.inspect(face)
        if self.release_faces:  # checked: held without its elements until a page draws it
            face.can_remake(functools.partial(self._remake, template_name, fields, where,
                                              template_where))
            face.release()
        return face

    def defer_making(self) -> bool:
        """Start deferring the making of a big deck's faces to :attr:`make_elsewhere`, if
        this builder has one (and releases its faces); return whether it does."""
        if self.make_elsewhere is None or not self.release_faces or self.keys_only:
            return False
        self._deferred = []
        return True

    def _defer(self, template: Template, key: str, args: tuple) -> Face:
        """Return the face of ``args`` without its elements, to be made elsewhere. Its
        filled values are not kept: the workers fill it again (at 32,000 cards, keeping
        them until the workers are done would hold about 200 MB)."""
        where, fields = args[2], args[1]
        face = Face(template.width, template.height, template.bleed, [], key, where.label,
                    template.size_where, [], stamp_corner=template.stamp_corner)
        face.__dict__["_remake"] = functools.partial(self._remake, *args)
        face.release()
        self._faces[key] = face
        self._deferred.append((face, template, fields, where, len(self.warnings)))
        return face

    def made_elsewhere(self, prepared=None) -> bool:
        """Have the deferred faces made and checked by :attr:`make_elsewhere` and take in
        what they gave as :meth:`build` would have, in order: warnings where each face's
        making would have given them, print checks, the symbols printed and keyed, what
        each face draws. Return False, keeping none of it, when a face had mistakes (the
        caller prepares the deck here instead: :class:`MakeHere`). ``prepared``: the
        component's faces, passed on (its pages may be drawn while the faces are made)."""
        deferred = self._deferred
        try:
            made, seen, folder = (self.make_elsewhere(self, len(deferred), prepared)
                                  if deferred else ([], [], None))
        finally:
            self._deferred, self._drawn = None, {}
        if any(face.problems for face in made):
            return False
        warnings_, at = [], 0
        drawn: dict[frozenset, frozenset] = {}  # one object for the faces that draw the same
        for (face, *_, before), done in zip(deferred, made):
            warnings_ += self.warnings[at:before] + done.warnings
            at = before
            face.__dict__["_icons"] = drawn.setdefault(done.icons, done.icons)
            face.__dict__["_images"] = drawn.setdefault(done.images, done.images)
            if isinstance(face.__dict__["_remake"], AwaitedFace):  # its share is back
                face.__dict__["_remake"] = face.__dict__["_remake"].remake
            if done.stored is not None:  # its page reads it back rather than make it again
                face.__dict__["_remake"] = StoredFace(folder, done.stored)
            if self.checks is not None:
                self.checks.take(face.key, done.checked)
        self.warnings[:] = warnings_ + self.warnings[at:]
        for symbols in seen:
            for name, where in symbols.printed.items():
                self.symbols_seen.printed.setdefault(name, where)
            for name, where in symbols.keyed.items():
                self.symbols_seen.keyed.setdefault(name, where)
        return True

    def await_made(self, stored) -> None:
        """Have each deferred face, while :attr:`make_elsewhere` runs, get its elements from
        ``stored(index)`` (its StoredFace, waiting for its share; None: made here again), so
        a page can draw the faces already made while the workers make the rest."""
        for index, (face, *_) in enumerate(self._deferred):
            face.__dict__["_remake"] = AwaitedFace(stored, index, face.__dict__["_remake"])

    def took_made(self, start: int, made: list, folder) -> None:
        """Give the deferred faces from ``start`` what their share made (``made``: MadeFaces,
        their elements stored in ``folder``) as it comes back: what each draws and where its
        page reads it back. What filled them (fields, where) is let go: a big deck's faces
        are drawn while the workers make the rest, and the deck's fields are not all held
        until then."""
        deferred = self._deferred
        drawn = self._drawn  # one object for the faces that draw alike
        for index, done in enumerate(made, start):
            face, *_, before = deferred[index]
            done.icons = drawn.setdefault(done.icons, done.icons)
            done.images = drawn.setdefault(done.images, done.images)
            face.__dict__["_icons"], face.__dict__["_images"] = done.icons, done.images
            if done.stored is not None:
                face.__dict__["_remake"] = StoredFace(folder, done.stored)
            deferred[index] = (face, None, None, None, before)

    def made_here(self, index: int, store=None) -> MadeFace:
        """Make and check deferred face ``index`` (in a worker): what :meth:`build` would
        have found, without keeping the face; ``store(elements, origins)``, when given, keeps
        its elements where its page reads them back (``FaceWriter.write``)."""
        face, template, fields, where, _ = self._deferred[index]
        try:
            filled = self._filled(template, fields, where)  # as it was filled here
        except UserError as exc:  # not expected: said, never raised in a worker
            return MadeFace(exc.problems, [], None, frozenset(), frozenset())
        warned = len(self.warnings)
        elements, origins, problems = self._made(template, filled, where)
        made = Face(face.width, face.height, face.bleed, elements, face.key, face.label,
                    face.where, origins, stamp_corner=face.stamp_corner)
        checked = None
        if not problems and self.checks is not None:
            checked = self.checks.measure(made, origins)
        found = self.warnings[warned:]
        del self.warnings[warned:]
        stored = store(elements, origins) if store is not None and not problems else None
        return MadeFace(problems, found, checked, made.icons(), made.images(), stored)

    def _filled(self, template: Template, fields: dict[str, Any], where: Where) -> list:
        """Return (raw element, its filled values) of every element ``template`` draws with
        ``fields``; UserError with every mistake."""
        context = {**self.globals, **template.fields, **fields}
        filled, problems = [], []
        for raw in template.elements:
            try:
                values = self._fill(template, raw, context, where)
            except UserError as exc:
                problems.extend(exc.problems)
                continue
            if values is not None:
                filled.append((raw, values))
        if problems:
            raise UserError(problems)
        return filled

    def _made(self, template: Template, filled: list, where: Where) -> tuple[list, list, list]:
        """Return the typed elements of ``filled``, placed and prepared, where each was
        written, and the mistakes of those that could not be made."""
        draw_ctx = DrawContext(template.width, template.height, self.fonts, self.icons)
        elements, origins, problems = [], [], []
        placer = Placer(
            lambda raw, values, prepare: self._element(template, raw, values, where, draw_ctx,
                                                       prepare),
            lambda raw, message, key: self._fail(template, raw, where, message,
                                                 _from_item(raw, key)),
            draw_ctx, self._placed)
        for raw, values in filled:
            try:
                placed = placer.place(raw, values)
            except UserError as exc:
                problems.extend(exc.problems)
                continue
            for placed_raw, element in placed:
                at = placed_raw if hasattr(placed_raw, "line") else raw
                elements.append(element)
                origins.append(element_origin(self._shown(at, template), at.line, element))
        return elements, origins, problems

    def _remake(self, template_name: str, fields: dict[str, Any], where: Where,
                template_where: tuple[str, int]) -> tuple[list, list]:
        """Return the elements and origins of a released face, made again as :meth:`build`
        made them (the same values give equal elements); its warnings are not given twice."""
        warned, mistakes = len(self.warnings), set(self._template_mistakes)
        template = self.templates.get(template_name, template_where)
        elements, origins, _ = self._made(template, self._filled(template, fields, where), where)
        del self.warnings[warned:]
        self._template_mistakes = mistakes
        return elements, origins

    def attempt(self, template_name: str, fields: dict[str, Any], where: Where,
                template_where: tuple[str, int]) -> Face | None:
        """Return the face :meth:`build` makes, or None when it fails, its mistakes and
        warnings forgotten (a trial: how much of a flowing list fits a card)."""
        mistakes, warnings = set(self._template_mistakes), len(self.warnings)
        try:
            return self.build(template_name, fields, where, template_where)
        except UserError:
            self._template_mistakes = mistakes
            del self.warnings[warnings:]
            return None

    def _shown(self, raw, template: Template) -> str:
        """Return the file an element was written in, as messages show it: an element
        inherited through ``extends`` lives in the parent template's file."""
        path = getattr(raw, "path", "") or template.path
        shown = self._shown_paths.get(path)
        if shown is None:
            shown = self._shown_paths[path] = display_path(path)
        return shown

    def forget_unused(self, keys: set[str]) -> None:
        """Drop the remembered faces not in ``keys``, and the shared elements no kept face
        holds: a long ``serve`` session edits the same cards again and again."""
        self._faces = {key: face for key, face in self._faces.items() if key in keys}
        # a released face's elements are not made again to be looked at
        held = {id(element) for face in self._faces.values()
                for element in face.__dict__.get("elements", ())}
        self._elements = {key: shared for key, shared in self._elements.items()
                          if id(shared[1]) in held}

    def adopt_elements(self, other: "FaceBuilder") -> bool:
        """Share the prepared elements of ``other``, a builder of the same component made
        before its templates changed, if both prepare elements alike (the same fonts, icons,
        colours, symbols, language and font roles, and no print checks noting what each
        face printed): an element whose values, file and line are as they were is not
        validated and fitted again. Return whether they were adopted."""
        same = (self.checks is None and other.checks is None  # they note what was seen
                and self.project is other.project and self.fonts is other.fonts
                and self.icons is other.icons and self.colors == other.colors
                and self.symbols == other.symbols and self.language == other.language
                and self.font_roles == other.font_roles)
        if same and not self._elements:
            self._elements = dict(other._elements)
        return same

    def inspect(self, face: Face) -> None:
        """Run the print checks on a newly built face (when the build has them)."""
        if self.checks is not None:
            self.checks.inspect(face, face.origins)

    def _fail(self, template: Template, raw, where: Where, message: str,
              blame_item: bool, line: int | None = None) -> UserError:
        """Return a UserError blaming the item (for filled values) or the template line
        (``line``, or the element's).

        A template mistake is reported once, not once per item that fills the template. An
        element inherited or added from another file (``extends``, a board side's ``art``) is
        blamed in that file.
        """
        tpath = self._shown(raw, template)
        line = line or raw.line
        if blame_item:
            return UserError(Problem(display_path(where.path), where.line,
                                     f"{where.label}: {message} (template {tpath}:{line})"))
        key = (tpath, line, message)
        if key in self._template_mistakes:
            return UserError([])
        self._template_mistakes.add(key)
        return UserError(Problem(tpath, line, f"{message} (filling {where.label})"))

    def _fill(self, template: Template, raw, context, where: Where) -> dict | None:
        """Return the element's values with Jinja filled in, or None when ``when`` is false."""
        plan = self._plans.get(id(raw))
        if plan is None:
            plan = self._plans[id(raw)] = (
                raw, [(k, v, _has_jinja(v)) for k, v in raw.items()],
                resolve_plan(raw, _has_jinja) if needs_resolving(raw) else None,
                [(k, _filler(v)) for k, v in raw.items()])
        try:
            render = self._render
            values = {key: filler(render, context) if filler is not None else raw_value
                      for (key, filler), (_, raw_value, _) in zip(plan[3], plan[1])}
            if plan[2] is not None:
                values = resolve(values, context, plan=plan[2])
        except ChoiceError as exc:
            raise self._fail(template, raw, where, exc.message, exc.blame_item,
                             line_of(raw, exc.loc)) from None
        except UndefinedError as exc:
            name = re.search(r"'([^']+)' is undefined", str(exc))
            missing = name.group(1) if name else str(exc)
            raise self._fail(template, raw, where, f"field {missing!r} is missing but the "
                             "template uses it; give it on the item or in the component's "
                             "defaults:", True) from None
        except TemplateError as exc:
            raise self._fail(template, raw, where, f"template expression error: {exc}",
                             False) from None
        except Exception as exc:  # noqa: BLE001 - any error of a user's expression is theirs
            raise self._expression_error(template, raw, where, context, plan[1], exc) from None
        if values.get("when", True) in (False, None, "", "False", "false", 0):
            return None
        return values

    def _expression_error(self, template: Template, raw, where: Where, context: dict,
                          plan: list, exc: Exception) -> UserError:
        """Return an expression's failure in words, at the item's value that made it fail
        (its spreadsheet cell, or the item's line), or at the template line when no item
        field is to blame."""
        from ..load.expression_errors import explain

        expression, key = "", None
        for key, value, templated in plan:  # find the value that fails, to quote it
            if not templated:
                continue
            try:
                self._render(value, context)
            except Exception:  # noqa: BLE001 - the one we are looking for
                expression = value if isinstance(value, str) else str(value)
                break
        item_fields = set(context) - {"game", "credits", "component"}
        explained = explain(exc, expression, _JINJA, context, item_fields)
        cells = dict(where.cells)
        line = line_of(raw, (key,)) if key is not None else raw.line
        if explained.field is None:
            return self._fail(template, raw, where, explained.message, False, line)
        if explained.field in cells:
            tpath = self._shown(raw, template)
            return UserError(Problem(cells[explained.field], 0, f"{explained.message} "
                                     f"(template {tpath}:{line}, filling {where.label})"))
        return self._fail(template, raw, where, explained.message, True, line)

    def _element(self, template: Template, raw, values: dict, where: Where,
                 draw_ctx, prepare: bool = True) -> Element:
        """Return the typed element of ``raw`` filled with ``values``, validated and prepared.

        The same values, written at the same line of the same file, on a template of the same
        size give the same element (what it is made of: the values are validated and prepared
        with the file and line for messages and relative paths, and the builder's fonts,
        icons, colours, symbols and language): it is made once and shared by every face that
        has it (elements are not changed after ``prepare``), also by a builder that adopted
        them (:meth:`adopt_elements`). An element whose preparing warned is not shared, so
        each item that has it gets its own warning.
        """
        key = (getattr(raw, "path", "") or template.path, raw.line, template.width,
               template.height, repr(values))
        shared = self._elements.get(key)
        if shared is not None:
            if self.release_faces:
                self._element_hits.add(key)
            return shared[1]
        warned = len(self.warnings)
        element = self._new_element(template, raw, values, where, draw_ctx, prepare)
        if len(self.warnings) == warned:
            self._elements[key] = (raw, element)
            if self.release_faces:
                self._age_elements(key)
        return element

    def _age_elements(self, key: tuple) -> None:
        """Note the shared element of ``key`` as new; every ``ELEMENTS_AGED`` new ones, forget
        those that no face asked for again since the last time (one item's own text, in a big
        deck), so the shared elements do not grow with the deck."""
        self._element_young.add(key)
        if len(self._element_young) >= ELEMENTS_AGED:
            kept = self._element_young | self._element_hits
            self._elements = {k: shared for k, shared in self._elements.items() if k in kept}
            self._element_young, self._element_hits = set(), set()

    def _new_element(self, template: Template, raw, values: dict, where: Where,
                     draw_ctx, prepare: bool = True) -> Element:
        """Validate filled values into a typed element and prepare it (fit text...)."""
        kind = values.get("type")
        if kind == "text" and self.language and "hyphenate" not in values:
            values = {**values, "hyphenate": self.language}  # an edition's language
        if self.font_roles:
            values = self._edition_fonts(values)
        cls = element_class(kind) if isinstance(kind, str) else None
        if cls is None:
            see = f"see `{command(name='reference')}`"
            raise self._fail(template, raw, where,
                             unknown("element type", kind, element_types(), see), False)
        try:
            values = resolve_symbols(values, self.symbols, self.symbols_seen.printed,
                                     (self._shown(raw, template), raw.line))
        except ValueError as exc:
            raise self._fail(template, raw, where, str(exc), False) from None
        vctx = {"width": template.width, "height": template.height, "fonts": self.fonts,
                "icons": self.icons, "colors": self.colors, "project": self.project,
                "base_dir": Path(getattr(raw, "path", "") or template.path).parent,
                "where_path": getattr(raw, "path", "") or str(template.path),
                "where_line": raw.line, "symbols": self.symbols,
                "symbols_seen": self.symbols_seen,
                "shown_where": (self._shown(raw, template), raw.line)}
        try:
            element = cls.model_validate(values, context=vctx)
        except ValidationError as exc:
            problems = []
            for err in exc.errors():
                problems += self._invalid(template, raw, where, kind, cls, err).problems
            raise UserError(problems) from None
        if not prepare:  # a container: placement places its children
            return element
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                element.prepare(draw_ctx)
                if hasattr(element, "check_glyphs"):  # every character has a glyph
                    element.check_glyphs(draw_ctx)
            for warning in caught:
                if not issubclass(warning.category, FaceWarning):
                    # not the face's (a library's, or another thread's caught meanwhile): it
                    # goes on as it came, never into this face's warnings
                    warnings.warn_explicit(warning.message, warning.category, warning.filename,
                                           warning.lineno, source=warning.source)
                    continue
                if issubclass(warning.category, ArtWarning):
                    # what an SVG leaves out is the same on every face that draws it: one
                    # warning at the template line (the session drops the repeats)
                    self.warnings.append(Problem(self._shown(raw, template), raw.line,
                                                 str(warning.message)))
                    continue
                self.warnings.append(Problem(display_path(where.path), where.line,
                                             f"{where.label}: {warning.message}"))
        except TextFitError as exc:
            label = f"text {element.id!r}" if element.id else "text"
            edition = getattr(self.templates, "edition", None)
            entry = edition.entry_in(str(getattr(element, "text", ""))) if edition else ""
            raise self._fail(template, raw, where, f"{label} {exc}{entry}; shorten it, enlarge "
                             "the box or lower min_size", True) from None
        except ValueError as exc:
            problems = [p for message in getattr(exc, "messages", [str(exc)])
                        for p in self._fail(template, raw, where, message, True).problems]
            raise UserError(problems) from None
        return element

    def _edition_fonts(self, values: dict) -> dict:
        """Return ``values`` with the font roles an edition draws in other families
        replaced (``font`` and ``number_font``; a text without ``font`` is ``body``)."""
        values = dict(values)
        for key in ("font", "number_font"):
            role = values.get(key, "body" if key == "font" and values.get("type") == "text"
                              else None)
            if isinstance(role, str) and role in self.font_roles:
                values[key] = self.font_roles[role]
        return values

    def _invalid(self, template: Template, raw, where: Where, kind: str, cls, err: dict
                 ) -> UserError:
        """Return one pydantic error of an element as a UserError at its line."""
        loc = tuple(err["loc"])
        key = loc[0] if loc else None
        field_text = f" {'.'.join(str(p) for p in loc)}" if loc else ""
        message = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            # a nested key (spaces.2.labl) is offered the keys of its own level
            known = keys_at(cls, loc[:-1]) if len(loc) > 1 else sorted(cls.model_fields)
            near = close_matches(str(loc[-1]), known)
            hint = f"did you mean {' or '.join(repr(n) for n in near)}? " if near else ""
            what = f"a {kind} element" if len(loc) == 1 else ".".join(map(str, loc[:-1]))
            message = f"unknown key for {what}; {hint}allowed: {', '.join(sorted(known))}"
        from_item = _from_item(raw, key)
        return self._fail(template, raw, where, f"{kind} element{field_text}: {message}",
                          from_item, line_of(raw, loc) if len(loc) > 1 else None)

    def _render(self, value: Any, context: dict) -> Any:
        """Return ``value`` with every Jinja string in it filled from ``context``."""
        if isinstance(value, str):
            if "{" not in value:
                return value
            compiled = _COMPILED.get(value)
            if compiled is None:
                if len(_COMPILED) >= _MAX_COMPILED:
                    _COMPILED.clear()
                compiled = _COMPILED[value] = _plain_names(value) or _compile(value)
            kind, fn, reads = compiled
            if kind == "names":
                if all(name in context for name in fn[1::2]):
                    if len(fn) == 3 and not fn[0] and not fn[2]:
                        return context[fn[1]]  # the whole value: the field as it is
                    return "".join(part if i % 2 == 0 else str(context[part])
                                   for i, part in enumerate(fn))
                # let Jinja say what is missing
                kind, fn, reads = _COMPILED[value] = _compile(value)
            key = _rendered_key(value, reads, context)
            if key is not None:
                done = _RENDERED.get(key)
                if done is not None:
                    return done[0]
            if kind == "expr":
                result = fn(**context)
                if isinstance(result, StrictUndefined):
                    str(result)  # raises UndefinedError naming the field
            else:
                result = fn.render(context)
            if key is not None and result.__class__ in _UNCHANGING:
                if len(_RENDERED) >= _MAX_RENDERED:
                    _RENDERED.clear()
                _RENDERED[key] = (result,)
            return result
        if isinstance(value, dict):
            return {k: self._render(v, context) for k, v in value.items()}
        if isinstance(value, list):
            return [self._render(v, context) for v in value]
        return value


# A Jinja string reads only the fields it names, and renders the same from the same values:
# (string, the values of the names it reads) -> (what it rendered), for a result that cannot
# be changed (text, a number, a truth value). A big deck renders the same powers text, the
# same colour expression... on every copy of a card (issue 36).
_RENDERED: dict[tuple, tuple] = {}
_MAX_RENDERED = 20_000
_UNCHANGING = frozenset({str, int, float, bool, type(None)})
# words a string may use to render otherwise from the same values: random filters and text,
# and a YAML value's own file and line (an item's mappings and lists carry them)
_NOT_KEPT = re.compile(r"random|lipsum|line|path")


class _NotPlain(Exception):
    """A value that is not plain data (its rendering is not kept)."""


def _rendered_key(value: str, reads: tuple[str, ...] | None, context: dict) -> tuple | None:
    """Return the key under which ``value``'s rendering with ``context`` is kept: the string
    and every value it ``reads`` (the names it reads, :func:`_compile`), as plain data; None
    when it is not to be kept (``reads`` is None, or it reads something that is not plain
    data, or a name ``context`` lacks)."""
    if reads is None:
        return None
    try:
        return (value,) + tuple(_plain(context[name]) for name in reads)
    except (KeyError, _NotPlain):
        return None


def _plain(value: Any) -> tuple:
    """Return ``value`` (text, numbers, truth values, None, and lists and mappings of them) as
    a key that tells every two values apart that Jinja could render differently."""
    kind = value.__class__
    if kind is str or kind is int or kind is bool or value is None:
        return (kind, value)
    if kind is float:
        return (kind, value.hex())  # -0.0 is not 0.0
    if isinstance(value, list):
        return (list, tuple(_plain(item) for item in value))
    if kind is tuple:
        return (tuple, tuple(_plain(item) for item in value))
    if isinstance(value, dict):
        return (dict, tuple((_plain(k), _plain(v)) for k, v in value.items()))
    raise _NotPlain


def _from_item(raw, key) -> bool:
    """Return whether the value at ``key`` of ``raw`` is filled from the item (holds Jinja)."""
    value = raw.get(key) if isinstance(raw, dict) else None
    return isinstance(value, str) and "{" in value


def _compile(value: str) -> tuple[str, Any, tuple[str, ...] | None]:
    """Return ``("expr", fn, reads)`` for a value that is one whole expression, else
    ``("text", t, reads)``; ``reads``: the names it reads from its context, noted while it
    compiled (sorted), or None when its rendering is not to be kept (a word of
    ``_NOT_KEPT``). Each string is parsed and generated once: the names come from the same
    code generation as the code (:class:`_ReadsNoted`)."""
    whole = _WHOLE_EXPR.match(value)
    if whole:
        # what Jinja's compile_expression does, keeping the template node it compiles
        source = whole.group("expr")
        parser = Parser(_JINJA, source, state="variable")
        try:
            expr = parser.parse_expression()
            if not parser.stream.eos:
                raise TemplateSyntaxError("chunk after expression",
                                          parser.stream.current.lineno, None, None)
            expr.set_environment(_JINJA)
        except TemplateSyntaxError:
            _JINJA.handle_exception(source=source)
        node = nodes.Template([nodes.Assign(nodes.Name("result", "store"), expr, lineno=1)],
                              lineno=1)
        kind, fn = "expr", TemplateExpression(_JINJA.from_string(node), False)
    else:
        node = _JINJA.parse(value)
        kind, fn = "text", _JINJA.from_string(node)
    reads = None if _NOT_KEPT.search(value) else tuple(sorted(node.reads))
    return kind, fn, reads


def _plain_names(value: str) -> tuple[str, tuple[str, ...], None] | None:
    """Return ``("names", (text, name, text, name, ..., text), None)`` for a value made only
    of text and ``{{ name }}`` lookups; None for anything else (Jinja renders it)."""
    parts = _NAME.split(value)
    names = parts[1::2]
    if not names or any(name in _JINJA_WORDS for name in names):
        return None
    texts = parts[0::2]
    if len(names) == 1 and not texts[0].strip() and not texts[1].strip() and \
            _WHOLE_EXPR.match(value):
        return "names", ("", names[0], ""), None  # one whole expression: the field's type
    if any("{" in t or "}" in t or "\r" in t for t in texts) or value.endswith("\n"):
        return None
    return "names", tuple(parts), None


def _filler(value: Any):
    """Return ``fill(render, context)`` giving ``value`` (as written: nested dicts and lists)
    with every Jinja string rendered, or None when it holds none (it is used as written).
    Only the strings with Jinja are rendered and only the dicts and lists that lead to them
    copied: the rest is shared, as a value without Jinja is (a big deck fills every face's
    whole element tree, issue 36)."""
    if isinstance(value, str):
        if "{" not in value:
            return None
        return lambda render, context: render(value, context)
    if isinstance(value, dict):
        parts = [(k, v, _filler(v)) for k, v in value.items()]
        if all(f is None for _, _, f in parts):
            return None
        return lambda render, context: {k: f(render, context) if f is not None else v
                                         for k, v, f in parts}
    if isinstance(value, list):
        parts = [(v, _filler(v)) for v in value]
        if all(f is None for _, f in parts):
            return None
        return lambda render, context: [f(render, context) if f is not None else v
                                        for v, f in parts]
    return None


def _has_jinja(value: Any) -> bool:
    """Return whether any string in ``value`` (nested dicts and lists) may hold Jinja."""
    if isinstance(value, str):
        return "{" in value
    if isinstance(value, dict):
        return any(_has_jinja(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_jinja(v) for v in value)
    return False
