"""Games that are wrong on purpose, installed only by ``tests.games.broken.settings``: the check must refuse them.

Each shows one way a game can be broken: ``incomplete`` lacks required parts, ``borrowed_key``
takes a key another game holds, ``dangling`` names a URL and a template the site lacks.
"""
