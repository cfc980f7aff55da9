"""The tournament mathematics every game shares: Swiss pairing (``pairing``, with the matching
algorithm in ``_matching*``), standings and tie-breakers, ratings, season tables and the meta.
Nothing here knows a game: a game's rules never import this package, and it imports none of theirs.
"""
