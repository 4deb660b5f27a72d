"""``{{ name }}`` values are looked up without Jinja: the same value (type kept for a whole
expression, str() in text), and anything else, or a missing name, still goes to Jinja."""

from __future__ import annotations

import pytest
from jinja2 import StrictUndefined, UndefinedError
from jinja2.sandbox import SandboxedEnvironment

from sheetgen.fill import faces
from sheetgen.fill.faces import FaceBuilder

CONTEXT = {"name": "Odin", "n": 3, "items": [1, 2], "empty": None, "yes": True, "f": 1.5}
JINJA = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False)


def by_jinja(value: str):
    """What plain Jinja makes of ``value`` (a whole expression keeps its type)."""
    whole = faces._WHOLE_EXPR.match(value)
    if whole:
        result = JINJA.compile_expression(whole.group("expr"), undefined_to_none=False)(
            **CONTEXT)
        if isinstance(result, StrictUndefined):
            str(result)
        return result
    return JINJA.from_string(value).render(CONTEXT)


def render(value: str):
    faces._COMPILED.pop(value, None)
    return FaceBuilder.__new__(FaceBuilder)._render(value, dict(CONTEXT))


@pytest.mark.parametrize("value, expected, plain", [
    ("{{ name }}", "Odin", True),
    ("  {{name}} ", "Odin", True),
    ("{{ n }}", 3, True),
    ("{{ items }}", [1, 2], True),
    ("{{ yes }}", True, True),
    ("Hail {{ name }}, {{ n }} times", "Hail Odin, 3 times", True),
    ("x{{ yes }}y{{ f }}{{ empty }}", "xTruey1.5None", True),
    ("line\n{{ name }}\nmore", "line\nOdin\nmore", True),
    ("{{ name }}\n", "Odin", True),              # a whole expression: whitespace around it
    ("A {{ name }}\n", "A Odin", False),          # Jinja drops one final newline of text
    ("{{ name }}\r\nx", "Odin\nx", False),        # and turns \r\n into \n
    ("{{ none }}", None, False),                  # Jinja's literals are not field names
    ("{{ true }}", True, False),
    ("{{ name | upper }}", "ODIN", False),
    ("{{ name }} {% if yes %}!{% endif %}", "Odin !", False),
    ("{{ name }}}", "Odin}", False),
])
def test_a_plain_name_gives_what_jinja_gives(value, expected, plain):
    assert (faces._plain_names(value) is not None) == plain
    result = render(value)
    assert result == expected and type(result) is type(expected)
    assert result == by_jinja(value) and type(result) is type(by_jinja(value))


@pytest.mark.parametrize("value", ["{{ missing }}", "a {{ missing }} b", "{{ name }}{{ gone }}"])
def test_a_missing_field_is_jinjas_undefined_error(value):
    with pytest.raises(UndefinedError, match="is undefined"):
        render(value)


def test_a_jinja_global_name_still_resolves_as_in_jinja():
    # `range` is not a field: Jinja's own global answers, as before
    assert render("{{ range }}") is by_jinja("{{ range }}")


def test_a_kept_rendering_is_given_only_for_the_same_values():
    """A Jinja string's rendering is kept by the values of the names it reads, their types
    told apart (1, true and 1.0 print differently), and given back only for those values."""
    builder = FaceBuilder.__new__(FaceBuilder)
    value = "{{ x ~ '|' ~ (powers | map(attribute='text') | join(',')) }}"
    cases = [({"x": 1}, "1|a,b"), ({"x": True}, "True|a,b"), ({"x": 1.0}, "1.0|a,b"),
             ({"x": -0.0}, "-0.0|a,b"), ({"x": 0.0}, "0.0|a,b"), ({"x": "1"}, "1|a,b")]
    powers = [{"text": "a"}, {"text": "b"}]
    for _ in range(2):  # the second time from what was kept
        for fields, expected in cases:
            assert builder._render(value, {**fields, "powers": powers, "unread": _}) \
                == expected
    assert builder._render(value, {"x": 1, "powers": [{"text": "c"}]}) == "1|c"
    assert faces._rendered_key(value, faces._compile(value)[2],
                              {"x": 1, "powers": powers}) is not None


def test_a_rendering_that_may_differ_for_the_same_values_is_not_kept():
    """A random filter, a YAML value's own line, a value that is not plain data or a missing
    one: rendered every time."""
    class Thing:
        def __init__(self, name):
            self.name = name

    for value, context in [("{{ [1, 2, 3] | random }}", {}),
                           ("{{ powers.line }}", {"powers": [1]}),
                           ("{{ thing.name }}", {"thing": Thing("a")}),
                           ("{{ gone ~ 1 }}", {})]:
        assert faces._rendered_key(value, faces._compile(value)[2], context) is None
    builder = FaceBuilder.__new__(FaceBuilder)
    assert [builder._render("{{ thing.name }}", {"thing": Thing(n)}) for n in "ab"] == ["a", "b"]
