"""Read YAML safely and keep the line of every mapping key and list item.

Only plain data comes out: text, whole numbers, finite numbers, true/false, null, lists and
mappings (keys text or whole numbers). Anything else a file can hold is a ``path:line``
UserError before it reaches the models: a control character, a file over
:data:`MAX_FILE_BYTES` (a component's file, which may hold a deck of tens of thousands of
items: :data:`MAX_COMPONENT_BYTES`), nesting deeper than :data:`MAX_DEPTH`, aliases expanding
past :data:`MAX_VALUES` values or more values than the file has characters (an alias bomb: plain
data has fewer) or into themselves, a ``!!python`` or other
explicit tag, ``.nan`` and ``.inf``. Dates stay the text they were written as.

libyaml's scanner is used when present (several times faster), but nodes are composed by
PyYAML's Python composer: libyaml's own composer recurses in C and crashes the process on a
document nested a few hundred thousand levels deep. Mappings load as :class:`LineDict` and
sequences as :class:`LineList`; both remember where they and their children start, so
validation errors can point at ``file:line``.
"""

from __future__ import annotations

import hashlib
import math
import pickle
import re
from collections import OrderedDict
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from ..base.errors import user_error
from . import reads

MAX_FILE_BYTES = 2_000_000
# a component's file holds its items: 8 MB is about 50,000 cards of a deck as wordy as
# Ragnarocks' Mythology deck (parsed, about 200 MB); other files stay at MAX_FILE_BYTES
MAX_COMPONENT_BYTES = 8_000_000
MAX_DEPTH = 40
PARSED_BYTES = 32_000_000  # pickled data load_yaml keeps (by content) for re-reads
_parsed: OrderedDict[tuple[str, bytes], bytes] = OrderedDict()
MAX_VALUES = 200_000

_TAG = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_TAG + name for name in ("str", "int", "float", "bool", "null", "seq", "map",
                                        "merge", "timestamp")}
# YAML forbids C0 controls (but tab, LF, CR), DEL, C1 controls (but NEL), surrogates, U+FFFE/F.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")


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


class _Refused(yaml.MarkedYAMLError):
    """A document sheetgen will not read (too deep, too large, an unknown tag)."""

    def __init__(self, message: str, mark):
        super().__init__(problem=message, problem_mark=mark)


class _PyParser(Reader, Scanner, Parser):
    """PyYAML's pure-Python event parser, for a PyYAML built without libyaml."""

    def __init__(self, stream: str):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)


class _Lines(Composer, SafeConstructor, Resolver):
    """Composes with bounded depth and size, then builds LineDict and LineList (1-based lines).

    The event parser is mixed in after (:class:`_PyLineLoader`, :class:`_CLineLoader`), so
    PyYAML's Python composer comes first in either.
    """

    event_parser: type

    def __init__(self, stream: str, name: str):
        self.event_parser.__init__(self, stream)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.name = name
        self.depth = 0
        # every plain node takes at least one character, so only aliases can pass the length
        self.max_values = max(MAX_VALUES, len(stream))

    def compose_node(self, parent, index):
        """Compose one node, refusing deep nesting, recursive aliases and alias bombs."""
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            node = super().compose_node(parent, index)
            if not hasattr(node, "values"):
                raise _Refused("an alias refers to the collection that holds it", mark)
            return node
        start = self.peek_event().start_mark
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _Refused(f"nested more than {MAX_DEPTH} levels deep; sheetgen data nests a "
                           "few levels at most", start)
        node = super().compose_node(parent, index)
        self.depth -= 1
        if node.tag not in _PLAIN_TAGS:
            raise _Refused(f"tag {node.tag.replace(_TAG, '!!')} is not allowed: sheetgen reads "
                           "plain YAML (text, numbers, true/false, lists and mappings)", start)
        node.values = 1 + sum(child.values for child in _children(node))
        if node.values > self.max_values:
            raise _Refused(f"this value expands to more than {self.max_values:,} values (aliases "
                           "repeated inside aliases?); write the data out plainly", start)
        return node

    def construct_yaml_map(self, node):
        """Build a LineDict; keys must be text or whole numbers and appear once."""
        data = LineDict()
        data.path, data.line, data.key_lines = self.name, node.start_mark.line + 1, {}
        yield data
        self.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise _Refused(f"key {key!r} must be text or a whole number; put it in "
                               "quotes", key_node.start_mark)
            if key in data:
                raise _Refused(f"duplicate key {key!r}", key_node.start_mark)
            data[key] = self.construct_object(value_node, deep=True)
            data.key_lines[key] = key_node.start_mark.line + 1

    def construct_yaml_seq(self, node):
        """Build a LineList remembering each item's line."""
        data = LineList()
        data.path, data.line = self.name, node.start_mark.line + 1
        data.item_lines = [child.start_mark.line + 1 for child in node.value]
        yield data
        data.extend(self.construct_object(child, deep=True) for child in node.value)

    def construct_yaml_float(self, node):
        """Build a float; ``.nan`` and ``.inf`` are refused."""
        value = super().construct_yaml_float(node)
        if not math.isfinite(value):
            raise _Refused(f"{node.value} is not a finite number", node.start_mark)
        return value

    def construct_yaml_timestamp(self, node):
        """Keep a date or time as the text it was written as."""
        return self.construct_scalar(node)


def _children(node) -> list:
    if isinstance(node, yaml.SequenceNode):
        return node.value
    if isinstance(node, yaml.MappingNode):
        return [child for pair in node.value for child in pair]
    return []


_Lines.add_constructor(_TAG + "map", _Lines.construct_yaml_map)
_Lines.add_constructor(_TAG + "seq", _Lines.construct_yaml_seq)
_Lines.add_constructor(_TAG + "float", _Lines.construct_yaml_float)
_Lines.add_constructor(_TAG + "timestamp", _Lines.construct_yaml_timestamp)


class _PyLineLoader(_Lines, _PyParser):
    """The loader on PyYAML's pure-Python event parser (a PyYAML built without libyaml)."""

    event_parser = _PyParser


try:  # libyaml's event parser when present: it is iterative, unlike its composer
    from yaml._yaml import CParser

    class _CLineLoader(_Lines, CParser):
        """The loader on libyaml's event parser (several times faster)."""

        event_parser = CParser

    _LineLoader: type[_Lines] = _CLineLoader
except ImportError:  # tests/test_dependency_bounds.py reads with both
    _LineLoader = _PyLineLoader


def load_yaml(path: str | Path, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Parse one YAML file of at most ``max_bytes`` into plain data; any problem becomes a
    ``path:line`` UserError.

    Text read before in this process (the same file, the same bytes) is not parsed again:
    the caller gets a fresh copy of the data, which it may change freely. The last text read
    of each file is kept.
    """
    path = Path(path)
    text = read_text(path, max_bytes)
    control = _CONTROL.search(text)
    if control:
        line = text.count("\n", 0, control.start()) + 1
        column = control.start() - (text.rfind("\n", 0, control.start()) + 1) + 1
        raise user_error(path, line, f"control character U+{ord(control.group()):04X} at "
                         f"column {column}; YAML text may hold tabs and newlines, not "
                         "control characters")
    key = (str(path), hashlib.sha256(text.encode("utf-8")).digest())
    if key in _parsed:  # the same text read again in this process: a fresh copy, unparsed
        _parsed.move_to_end(key)
        return pickle.loads(_parsed[key])
    data = _parse(path, text)
    # one text a file: an earlier text of this file (a studio's or watch's last save) is
    # dropped, so a long session of edits does not fill the cache with old versions
    for old in [k for k in _parsed if k[0] == key[0]]:
        del _parsed[old]
    _parsed[key] = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    while sum(map(len, _parsed.values())) > PARSED_BYTES:
        _parsed.popitem(last=False)
    return data


def _parse(path: Path, text: str) -> Any:
    """Parse checked text; any YAML problem becomes a ``path:line`` UserError."""
    loader = _LineLoader(text, str(path))
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = ", ".join(filter(None, [exc.context, exc.problem]))
        if not isinstance(exc, _Refused):
            message = f"YAML syntax: {message}"
        raise user_error(path, mark.line + 1 if mark else 1, message) from None
    except yaml.YAMLError as exc:
        raise user_error(path, 1, f"YAML syntax: {exc}") from None
    except RecursionError:  # only on a tiny stack; MAX_DEPTH normally stops far earlier
        raise user_error(path, 1, "nested too deeply to read") from None
    finally:
        loader.dispose()


def read_text(path: Path, limit: int) -> str:
    """Return the UTF-8 text of ``path``; a missing, unreadable, too large or non-UTF-8 file is
    a UserError. The file is reported to the build's record of reads (:mod:`.reads`)."""
    reads.opened(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise user_error(path, 0, "file not found") from None
    except IsADirectoryError:
        raise user_error(path, 0, "is a folder, not a file") from None
    except OSError as exc:
        raise user_error(path, 0, f"cannot read: {exc.strerror}") from None
    if len(data) > limit:
        raise user_error(path, 1, f"file is larger than {limit // 1_000_000} MB; split it or "
                         "trim it")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise user_error(path, line, f"not UTF-8 text (byte 0x{data[exc.start]:02x}); save "
                         "the file as UTF-8") from None


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
