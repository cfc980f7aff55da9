"""The games Muster runs, one Django app per game, and the one registry they join.

Each game is a folder here (``games/<game>/``) holding everything the site knows about
it: its catalog models, its list adapter, its event rules and result form, its catalog
import spec, admin, templates and URLs. The pure rules stay in ``rules/<game>/``. A game
registers itself from its ``AppConfig.ready()`` (:func:`games.registry.register`); the
shared apps ask :mod:`games.registry` and never import a game package. See
``docs/architecture.md``, "How to add a game".
"""
