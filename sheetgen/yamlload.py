"""Read YAML safely and keep the line of every mapping key and list item.

Built on ``yaml.SafeLoader`` (no Python tags become objects). Mappings load as
:class:`LineDict` and sequences as :class:`LineList`; both remember where they and their
children start, so validation errors can point at ``file:line``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import user_error


class LineDict(dict):
    """A dict that knows its file, its own line and the line of each key."""

    path: str = ""
    line: int = 0
    key_lines: dict


class LineList(list):
    """A list that knows its file, its own line and the line of each item."""

    path: str = ""
    line: int = 0
    item_lines: list


# libyaml's parser when present (several times faster); construction stays safe either way.
_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_BaseLoader):
    """SafeLoader that builds LineDict and LineList with line numbers (1-based)."""

    def construct_yaml_map(self, node):
        data = LineDict()
        data.path, data.line, data.key_lines = self.name, node.start_mark.line + 1, {}
        yield data
        self.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in data:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            data[key] = self.construct_object(value_node, deep=True)
            data.key_lines[key] = key_node.start_mark.line + 1

    def construct_yaml_seq(self, node):
        data = LineList()
        data.path, data.line = self.name, node.start_mark.line + 1
        data.item_lines = [child.start_mark.line + 1 for child in node.value]
        yield data
        data.extend(self.construct_object(child, deep=True) for child in node.value)


_LineLoader.add_constructor("tag:yaml.org,2002:map", _LineLoader.construct_yaml_map)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _LineLoader.construct_yaml_seq)


def load_yaml(path: str | Path) -> Any:
    """Parse one YAML file; a syntax error becomes a ``path:line`` UserError."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise user_error(path, 0, "file not found") from None
    except UnicodeDecodeError as exc:
        raise user_error(path, 0, f"not UTF-8 text ({exc.reason})") from None
    loader = _LineLoader(text)
    loader.name = str(path)  # type: ignore[attr-defined]
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise user_error(path, line, f"YAML syntax: {exc.problem or exc.context}") from None
    finally:
        loader.dispose()


def line_of(data: Any, loc: tuple = ()) -> int:
    """Return the line of the node reached by following ``loc`` (keys and indexes) in ``data``.

    Stops at the deepest node that exists, so a missing key points at its parent mapping.
    """
    line = getattr(data, "line", 0)
    node = data
    for step in loc:
        if isinstance(node, LineDict) and step in node:
            line = node.key_lines.get(step, line)
            node = node[step]
        elif isinstance(node, LineList) and isinstance(step, int) and 0 <= step < len(node):
            line = node.item_lines[step]
            node = node[step]
        else:
            break
    return line
