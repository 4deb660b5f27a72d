"""Items computed from decks and dice (odds, dice deck, the print guide)."""
