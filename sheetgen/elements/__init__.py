"""The element registry: every module in this folder defines element classes by name.

A new drawing primitive is one file here with a class that subclasses :class:`Element`, sets
``type: Literal["name"]`` and is decorated with :func:`register`.
"""

from __future__ import annotations

import importlib
import pkgutil

from .base import DrawContext, Element

REGISTRY: dict[str, type[Element]] = {}


def register(cls: type[Element]) -> type[Element]:
    """Add an element class to the registry under its ``type`` literal."""
    name = cls.model_fields["type"].default
    if name in REGISTRY:
        raise RuntimeError(f"element type {name!r} registered twice")
    REGISTRY[name] = cls
    return cls


def element_types() -> dict[str, type[Element]]:
    """Return every registered element class by name, importing the modules once."""
    if not REGISTRY:
        for module in pkgutil.iter_modules(__path__):
            if module.name != "base":
                importlib.import_module(f"{__name__}.{module.name}")
    return REGISTRY


__all__ = ["DrawContext", "Element", "element_types", "register"]
