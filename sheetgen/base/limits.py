"""Limits on ids and copies, shared by the models and the loaders that check them, and on
the work ``sheetgen odds`` takes on (each checked before any counting starts)."""

MAX_ID = 64  # characters in an id: ids become file names
MAX_COUNT = 10_000  # copies of one item (a card, a token)

# sheetgen odds (and the studio's dice panel): an expression is refused, before any counting,
# when it exceeds one of these, so whatever is accepted answers within a second.
ODDS_MAX_TERMS = 1000  # terms joined by + or - in one expression (dice or numbers)
ODDS_MAX_DICE = 200  # dice in one expression, all terms together
ODDS_MAX_FACES = 1000  # faces of one die (d1000, or as many listed in braces or dice.yaml)
ODDS_MAX_VALUES = 10_000  # different values a sum can take (the rows of its table)
ODDS_MAX_DIGITS = 400_000  # values x digits of the number of outcomes: the exact table's size
ODDS_MAX_NUMBER_DIGITS = 15  # digits of a number written in an expression
