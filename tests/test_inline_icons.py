"""Inline icons in any text of any element, in any order, and ``validate`` agreeing with
``build`` (issue 32 item 3).

A track bonus ``below: "+1 :coins:"`` on a sheet where no other element drew ``coins`` passed
``validate`` and ended every ``build`` in ``KeyError: 'FormXob.icon-coins'``: the icon's form
was used before it was made. The property test puts inline icons in the text of every element
type's sample, with and without another element drawing the same icon before or after it, and
asks that validate and build agree (both pass, or both report the same mistakes) and that
neither ends in a traceback.
"""

from __future__ import annotations

import copy
import functools

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from conftest import REPO, run_cli, write_files
from sheetgen.api import BuildOptions, build, validate
from sheetgen.base.errors import UserError
from sheetgen.fill.elements import element_types
from sheetgen.load.project import Project

GAME = "id: t\nname: T\ncomponents: [pad]\nprint_checks: {mode: warn}\n"
PAD = ("id: pad\ntitle: Pad\nkind: sheet\ntemplate: pad\nprofiles: [a4]\nglue_edge: none\n"
       "items:\n  - {name: One}\n")
TRACK = """size: a5
elements:
  - id: t
    type: track
    x: 10mm
    y: 10mm
    w: 120mm
    h: 20mm
    spaces:
      - {text: "1", below: "+1 :coins:"}
      - {text: "2"}
"""


def _forms(pdf) -> set[str]:
    """Return the names of every form XObject the PDF's pages and forms hold."""
    found, todo = set(), [page["/Resources"] for page in PdfReader(pdf).pages]
    while todo:
        resources = todo.pop().get_object()
        for name, form in (resources.get("/XObject") or {}).items():
            if name not in found:
                found.add(name)
                inner = form.get_object().get("/Resources")
                if inner is not None:
                    todo.append(inner)
    return found


def test_an_icon_only_a_track_bonus_draws_is_made_before_it_is_used(tmp_path):
    write_files(tmp_path, {"data/t/game.yaml": GAME, "data/t/pad.yaml": PAD,
                           "templates/pad.yaml": TRACK})
    assert run_cli("--project", str(tmp_path), "validate").exit_code == 0
    result = run_cli("--project", str(tmp_path), "build")
    assert result.exit_code == 0, result.output
    assert any("icon-coins" in name for name in _forms(tmp_path / "out/t/pad-a4.pdf"))


ICONS = ["coins", "axe", "crown", "ship", "viking"]
PROBE = "Word :coins:"


def _strings(schema: dict, defs: dict) -> list[str]:
    """Return the properties of an object schema that may hold text."""
    found = []
    for key, prop in schema.get("properties", {}).items():
        kinds = [prop, *prop.get("anyOf", [])]
        if any(kind.get("type") == "string" and "enum" not in kind and "pattern" not in kind
               for kind in kinds):
            found.append(key)
    return found


def _object(prop: dict, defs: dict) -> dict | None:
    """Return the object schema of a list property's items, if they are objects."""
    for kind in [prop, *prop.get("anyOf", [])]:
        items = kind.get("items", {})
        for ref in [items, *items.get("anyOf", [])]:
            if "$ref" in ref:
                return defs[ref["$ref"].rsplit("/", 1)[-1]]
    return None


def _text_fields(cls, context: dict) -> tuple[dict, list[tuple]]:
    """Return an element type's sample, with every text field its schema names filled in
    (top level, and in the first object of each list of objects), and the paths of those
    that take text holding an inline icon (probed: the element validates with it in
    ``context``)."""
    schema = cls.model_json_schema()
    defs = schema.get("$defs", {})
    sample = copy.deepcopy(cls.sample)
    candidates = [(key,) for key in _strings(schema, defs)]
    for key, prop in schema.get("properties", {}).items():
        inner = _object(prop, defs)
        value = sample.get(key)
        if inner is not None and isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, dict):
                    candidates += [(key, index, k) for k in _strings(inner, defs)]
    candidates += [path for path in _leaves(sample) if len(path) > 1]  # in lists, children
    found = []
    for path in dict.fromkeys(candidates):
        if path[-1] in ("id", "seed"):  # names, never drawn
            continue
        trial = copy.deepcopy(sample)
        _put(trial, path, PROBE)
        try:
            cls.model_validate(trial, context=context)
        except Exception:  # noqa: BLE001 - the probe: this field does not take text
            continue
        found.append(path)
    return sample, found


def _leaves(value, path=()):
    """Yield the path of every text or number of a sample."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "type":
                yield from _leaves(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, path + (index,))
    elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
        yield path


def _put(sample: dict, path: tuple, text: str) -> None:
    node = sample
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = text


def _get(sample: dict, path: tuple):
    node = sample
    for step in path:
        node = node.get(step, "") if isinstance(node, dict) else node[step]
    return node


@functools.cache
def texts() -> dict[str, tuple[dict, list[tuple]]]:
    """Return ``_text_fields`` of every element type, by name, probed once per process when
    a test first asks (not while collecting: every xdist worker collects this module, and
    the probe validates hundreds of samples)."""
    from sheetgen.build.session import Session

    session = Session(Project.at(REPO), print_checks=False)
    context = {"width": 420.0, "height": 595.0, "fonts": session.fonts, "icons": session.icons,
               "colors": {}}
    return {name: _text_fields(cls, context) for name, cls in sorted(element_types().items())
            if name != "image"}  # an image's sample names a file a project would hold


def test_every_element_type_with_text_has_its_text_fields_found():
    # the probe finds the fields the issue names: a track's space text and bonus
    assert ("spaces", 0, "below") in texts()["track"][1]
    assert ("spaces", 0, "text") in texts()["track"][1]
    assert ("text",) in texts()["text"][1] and ("label",) in texts()["write_in"][1]


@st.composite
def faces(draw):
    """A template of one element type's sample with inline icons written into some of its
    text fields, and maybe an icon element drawing one of the same icons, before or after."""
    name = draw(st.sampled_from([n for n, (_, paths) in texts().items() if paths]))
    base, paths = texts()[name]
    sample = copy.deepcopy(base)
    icon = draw(st.sampled_from(ICONS))
    chosen = draw(st.lists(st.sampled_from(paths), min_size=1, max_size=4, unique=True))
    # a field probed both as text and as a mapping (a space given as "7" or as {below: ...}):
    # the text written at the shorter path replaces the mapping, so the longer one is dropped
    chosen = [p for p in chosen if not any(q != p and p[:len(q)] == q for q in chosen)]
    for path in chosen:
        old = str(_get(sample, path) or "Word")
        where = draw(st.sampled_from(["after", "before", "alone", "twice"]))
        _put(sample, path, {"after": f"{old} :{icon}:", "before": f":{icon}: {old}",
                            "alone": f":{icon}:", "twice": f":{icon}: {old} :{icon}:"}[where])
    elements = [sample]
    other = draw(st.sampled_from(["none", "before", "after"]))
    drawer = {"type": "icon", "icon": icon, "x": "130mm", "y": "190mm", "w": "8mm", "h": "8mm"}
    if other == "before":
        elements.insert(0, drawer)
    elif other == "after":
        elements.append(drawer)
    return yaml.safe_dump({"size": "a5", "elements": elements}, sort_keys=False)


def _outcome(run) -> tuple:
    """Return ("ok",) or ("error", the sorted messages) of a validate or build run."""
    try:
        run()
    except UserError as exc:
        return ("error", sorted(str(p) for p in exc.problems))
    return ("ok",)


def _agree(tmp_path, template: str) -> None:
    write_files(tmp_path, {"data/t/game.yaml": GAME, "data/t/pad.yaml": PAD,
                           "templates/pad.yaml": template})
    project = Project.at(tmp_path)
    checked = _outcome(lambda: validate(project))
    built = _outcome(lambda: build(project, "t", None,
                                   BuildOptions(out_dir=tmp_path / "out", cache=False)))
    assert checked == built, template


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(template=faces())
def test_validate_and_build_agree_on_inline_icons_quick(tmp_path, template):
    _agree(tmp_path, template)


# The slow tier's search: as many examples as the Hypothesis profile says (tests/conftest.py:
# a hundred in the suite, a thousand with --hypothesis-profile long). 500 in every run (until
# session 18, 18 CPU s) drew the same cases again: a hundred give each of the 15 element types
# with text about seven examples, and each place of the icon in a field (after, before, alone,
# twice) and each order of another element drawing it (before, after, none) dozens.
@pytest.mark.slow
@settings(deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(template=faces())
def test_validate_and_build_agree_on_inline_icons(tmp_path, template):
    _agree(tmp_path, template)
