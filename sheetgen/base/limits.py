"""Limits on ids and copies, shared by the models and the loaders that check them."""

MAX_ID = 64  # characters in an id: ids become file names
MAX_COUNT = 10_000  # copies of one item (a card, a token)
