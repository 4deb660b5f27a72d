"""Impositions: how faces land on printed pages. One module per imposition."""
