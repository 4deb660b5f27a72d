"""SVG art drawn as vector: read an SVG file into an :class:`~.model.Art` (``read.py``), paint
it on a ReportLab canvas (``draw.py``).

An SVG is untrusted input: it is parsed by defusedxml (no entities, nothing fetched), with
bounds on its size, its elements, its ``<use>`` expansion and every number.
"""
