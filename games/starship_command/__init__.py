"""Starship Command: the ship catalog, fleets, events and campaigns.

Pure rules: :mod:`rules.starship_command` (seed 002).
"""

KEY = "starship-command"
NAME = "Starship Command"
