"""An application server process made ready before it takes its first request.

Django imports the views (and everything they import) when the first request resolves its
address, compiles each template the first time it renders it, and the engine's card catalog is
read from the database by the first request that needs it. Paid inside requests, that is a second
or more for each new server process; on a busy site the requests queued behind it wait as long.
:func:`warm_up` pays it once at the process's start (gunicorn's ``post_worker_init``, see
``gunicorn.conf.py``), before the process accepts a connection.
"""

from __future__ import annotations

from pathlib import Path

from django.template import engines
from django.urls import get_resolver

from fleets.selectors import load_catalog

TEMPLATE_SUFFIXES = (".html", ".txt")


def warm_up() -> None:
    """Import every view, compile every template of the site and read the card catalog."""
    get_resolver().url_patterns  # noqa: B018 - imports the URLconf, and through it every view
    for engine in engines.all():
        for folder in engine.template_dirs:
            for path in Path(folder).rglob("*"):
                if path.suffix in TEMPLATE_SUFFIXES:
                    engine.get_template(path.relative_to(folder).as_posix())
    load_catalog()
