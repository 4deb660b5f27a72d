"""Templates and items into faces of placed elements."""
