"""Game rules as pure Python: no Django, no database, no I/O beyond what a caller hands in.

Each game lives in its own subpackage, ``rules/<game>/`` (construction rules, costs, scoring),
and no game's rules import another's. Beside them, two packages every game and app shares:
:mod:`rules.tournament`, the game-agnostic tournament mathematics (Swiss pairing, standings,
ratings, seasons, the meta), and :mod:`rules.inputs`, the checks of what people type and upload
(list files, text, bounded reads, look-alike names, integers). The import contracts name the
games by wildcard (``rules.*``), so a new game's rules are covered without editing them.
The site finds a game's rules through :mod:`game_registry`.
"""
