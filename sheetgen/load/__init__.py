"""YAML, CSV and XLSX into a located, typed model (variants overlaid)."""
