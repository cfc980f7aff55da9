"""Star Trek: Attack Wing at events: the WizKids formats, results from what each fleet lost, fleet points.

The catalog, fleets, builder and sheets are the ``fleets`` app's (STAW is the game it was built for);
the pure rules are :mod:`rules.attack_wing`.
"""

KEY = "attack-wing"
NAME = "Star Trek: Attack Wing"
