"""The games Muster runs, one Django app per game, and the base their app configs share.

Each game is a folder here (``games/<game>/``) holding everything the site knows about
it: its catalog models, its list adapter, its event rules and result form, its catalog
import spec, admin, templates and URLs. The pure rules stay in ``rules/<game>/``. A game's
``apps.py`` declares it in a :class:`games.config.GameConfig`, which registers it with
:mod:`game_registry` and checks it (``manage.py check``); the shared apps ask
:mod:`game_registry` and never import a game package. See
``docs/architecture.md``, "How to add a game".
"""
