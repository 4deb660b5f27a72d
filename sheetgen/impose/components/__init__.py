"""Component kinds by name: each module here gives one kind (cards, sheet, board, tokens...) its
stage logic: prepare, and the layout table that check and render go through.

A kind is a :class:`~sheetgen.impose.components.contract.Component` over its model (from
``component_models``), decorated with :func:`register_kind`. Which profiles it accepts is data
(profiles.yaml); which layout families it has, its model names and its table fills in.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .contract import Component

KINDS: dict[str, type[Component]] = {}


def register_kind(cls):
    """Add a component class to the registry under its model's ``kind``; its layout table must
    fill in exactly the families the model names."""
    if not (isinstance(cls, type) and issubclass(cls, Component)):
        raise TypeError(f"{getattr(cls, '__name__', cls)} must fill in "
                        "components.contract.Component")
    named = tuple(cls.model_class.layouts)
    if set(cls.layouts) != set(named):
        raise TypeError(f"{cls.__name__}: its layout table ({', '.join(cls.layouts)}) must fill "
                        f"in the families its model names ({', '.join(named)})")
    KINDS[cls.model_class.model_fields["kind"].default] = cls
    return cls


def component_kinds() -> dict[str, type[Component]]:
    """Return every component kind's stage logic by name, importing the modules once."""
    _import_kinds()
    return KINDS


@cache
def _import_kinds() -> None:
    """Import every module of this package (each registers its kind)."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


def component_for(model) -> Component:
    """Return the stage logic of a validated component ``model``, importing only its kind's
    module when it is named after the kind (start-up: one deck needs no board or sheet code)."""
    if model.kind not in KINDS:
        try:
            importlib.import_module(f"{__name__}.{model.kind}")
        except ModuleNotFoundError:
            pass
    return (KINDS if model.kind in KINDS else component_kinds())[model.kind](model)
