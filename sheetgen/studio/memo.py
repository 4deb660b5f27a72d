"""A FaceBuilder that remembers the face of each (template, item fields) it built.

Within one builder the templates and the game's names do not change (the workspace gives a
component a new builder when they do), so an item whose fields are the same as last time has
the same face: it is handed back without filling the template again. After an edit, only the
edited items are filled, fitted and checked. What was not used by the last preparation is
forgotten, so a long session does not grow.
"""

from __future__ import annotations


class MemoBuilder:
    """Wraps a FaceBuilder: ``build`` is remembered, everything else is the builder's own."""

    def __init__(self, builder):
        self._builder = builder
        self._built: dict[tuple, object] = {}
        self._used: set[tuple] = set()

    def __getattr__(self, name):
        return getattr(self._builder, name)

    def __setattr__(self, name, value):
        if name.startswith("_"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._builder, name, value)

    def build(self, template_name: str, fields: dict, where, template_where):
        """Return the face of ``template_name`` for ``fields``, built once per distinct
        fields (a mistake is raised every time: nothing failed is remembered)."""
        key = (template_name, repr(fields), where.label)
        face = self._built.get(key)
        if face is None:
            face = self._built[key] = self._builder.build(template_name, fields, where,
                                                          template_where)
        self._used.add(key)
        return face

    def forget_unused(self, keys: set[str]) -> None:
        """Forget what the last preparation did not use, here and in the builder."""
        self._built = {k: v for k, v in self._built.items() if k in self._used}
        self._used = set()
        self._builder.forget_unused(keys)
