"""sheetgen: YAML to print-ready PDFs for tabletop games, and seeded dice scripts."""
