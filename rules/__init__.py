"""Game rules as pure Python: no Django, no database, no I/O beyond what a caller hands in.

Each game lives in its own subpackage (construction rules, costs, scoring);
the tournament mathematics shared by every game (Swiss pairing, standings)
lives at this level. The site finds a game's rules through :mod:`game_registry`.
"""
