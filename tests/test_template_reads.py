"""A template string is parsed and compiled once, and the names it reads (under which its
renderings are kept) are noted in that one compilation: the same names as Jinja's own
``meta.find_undeclared_variables`` finds, for whole expressions and for text."""

from __future__ import annotations

import pytest
from jinja2 import StrictUndefined, meta, parser
from jinja2.sandbox import SandboxedEnvironment

from sheetgen.fill import faces
from sheetgen.fill.faces import FaceBuilder

JINJA = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False)

VALUES = [
    "{{ a + b }}",
    "{{ 'x' if flag else other.name }}",
    "{{ items | map(attribute='n') | join(', ') }}",
    "{{ [w, h] | max }}mm",
    "{% for p in powers %}{{ p.text }} {{ loop.index }}{{ sep }}{% endfor %}",
    "{% set n = count * 2 %}{{ n }} of {{ total }}",
    "{%- set name = art if art else 'x' ~ face -%}{{ name }}",
    "{% if rows %}{{ prefix }}{{ first }}{% endif %}",
    "{% macro m(x) %}{{ x }}{{ y }}{% endmacro %}{{ m(z) }}",
    "{{ range(n) | list }}",
    "{{ ruling(code, 'topic') }}",
]


@pytest.mark.parametrize("value", VALUES)
def test_the_names_read_are_jinjas_own(value):
    faces._COMPILED.pop(value, None)
    kind, _, reads = faces._compile(value)
    assert kind == ("expr" if faces._WHOLE_EXPR.match(value) else "text")
    assert reads == tuple(sorted(meta.find_undeclared_variables(JINJA.parse(value))))


def test_a_string_that_may_render_otherwise_is_not_kept():
    assert faces._compile("{{ items | random }}")[2] is None
    assert faces._compile("{{ value.line }}")[2] is None


def test_each_string_is_parsed_once(monkeypatch):
    parsed = []
    original = parser.Parser.__init__

    def counting(self, environment, source, *args, **kwargs):
        parsed.append(source)
        original(self, environment, source, *args, **kwargs)
    monkeypatch.setattr(parser.Parser, "__init__", counting)
    builder = FaceBuilder.__new__(FaceBuilder)
    values = ["{{ a + b }}", "{{ a }} and {{ b | upper }}"]
    for value in values:
        faces._COMPILED.pop(value, None)
    results = [builder._render(value, {"a": 1, "b": 2}) if "+" in value
               else builder._render(value, {"a": "x", "b": "y"}) for value in values * 3]
    assert results == [3, "x and Y"] * 3
    assert len(parsed) == 2
