"""The ground floor: errors, suggestions, units, limits, the atomic writer."""
