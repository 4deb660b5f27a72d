"""The element registry: every module in this folder defines element classes by name.

A new drawing primitive is one file here with a class that subclasses :class:`Element`, sets
``type: Literal["name"]`` and is decorated with :func:`register`.
"""

from __future__ import annotations

import importlib
import pkgutil

from .base import SHARED_FIELD_DOCS, DrawContext, Element

REGISTRY: dict[str, type[Element]] = {}


def register(cls: type[Element]) -> type[Element]:
    """Add an element class to the registry under its ``type`` literal."""
    name = cls.model_fields["type"].default
    if name in REGISTRY:
        raise RuntimeError(f"element type {name!r} registered twice")
    for field_name, info in cls.model_fields.items():
        if field_name in cls.field_docs:
            info.description = cls.field_docs[field_name]
        elif not info.description and field_name in SHARED_FIELD_DOCS:
            info.description = SHARED_FIELD_DOCS[field_name]
    REGISTRY[name] = cls
    return cls


_ALL_LOADED = False


def element_types() -> dict[str, type[Element]]:
    """Return every registered element class by name, importing every module once."""
    global _ALL_LOADED
    if not _ALL_LOADED:
        for module in pkgutil.iter_modules(__path__):
            if module.name != "base":
                importlib.import_module(f"{__name__}.{module.name}")
        _ALL_LOADED = True
    return REGISTRY


def element_class(name: str) -> type[Element] | None:
    """Return the element class ``name``, importing only its module when it is named after it.

    A build imports the elements its templates use, not all of them (start-up time).
    """
    if name not in REGISTRY and isinstance(name, str) and name.replace("_", "").isalnum():
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError:
            pass
    if name not in REGISTRY:
        element_types()
    return REGISTRY.get(name)


__all__ = ["DrawContext", "Element", "element_class", "element_types", "register"]
