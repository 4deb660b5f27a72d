"""Component kinds by name: each module here defines one kind (cards, sheet, board, tokens...).

A kind is a :class:`~sheetgen.model.ComponentBase` subclass (its YAML schema) that fills in the
:class:`~sheetgen.components.contract.Component` contract (prepare, check, render) and is
decorated with :func:`register_kind`. Which profiles it accepts is data (profiles.yaml).
"""

from __future__ import annotations

import importlib
import pkgutil

KINDS: dict[str, type] = {}


def register_kind(cls):
    """Add a component class to the registry under its ``kind`` literal."""
    from .contract import Component

    if not issubclass(cls, Component):
        raise TypeError(f"{cls.__name__} must fill in components.contract.Component")
    KINDS[cls.model_fields["kind"].default] = cls
    return cls


def component_kinds() -> dict[str, type]:
    """Return every component kind by name, importing the modules once."""
    if not KINDS:
        for module in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{module.name}")
    return KINDS
