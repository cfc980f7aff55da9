"""Frontline General: Spearpoint 1943: the unit catalog, reserves decks and events.

Pure rules: :mod:`rules.spearpoint` (seed 004).
"""

KEY = "spearpoint"
NAME = "Frontline General: Spearpoint 1943"
