"""An application server process warms up before its first request (``config.warm``, called by
``gunicorn.conf.py``): the templates are compiled and the card catalog read, so no request pays for it."""

from __future__ import annotations

import pytest
from django.template import engines
from django.template.loaders.cached import Loader as CachedLoader

from config.warm import warm_up
from fleets.selectors import catalog

pytestmark = pytest.mark.django_db

PAGES_OF_A_SATURDAY = {
    "tournaments/includes/live_body.html",
    "tournaments/includes/desk_update.html",
    "tournaments/round_detail.html",
    "registration/login.html",
}


def compiled_templates() -> set[str]:
    loaders = engines["django"].engine.template_loaders
    return {name for loader in loaders if isinstance(loader, CachedLoader) for name in loader.get_template_cache}


def test_warming_up_compiles_the_templates_and_reads_the_card_catalog(monkeypatch):
    monkeypatch.setattr(catalog, "_loaded", None)
    for loader in engines["django"].engine.template_loaders:
        loader.reset()
    assert not compiled_templates()

    warm_up()

    assert compiled_templates() >= PAGES_OF_A_SATURDAY
    assert catalog._loaded is not None
