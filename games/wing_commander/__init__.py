"""Wing Commander CCG: the card catalog, decks (a Terran and a Kilrathi one per player), events.

Pure rules: :mod:`rules.wing_commander` (seed 001).
"""

KEY = "wing-commander"
NAME = "Wing Commander CCG"
