"""``python -m sheetgen``."""

from .cli import main

main()
