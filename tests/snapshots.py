"""Worlds built once per test process through the real path, then copied into the test database.

Importing the shipped Utopia catalog (read, check, upsert, hold the file) takes seconds, and ``seed_demo``
more; many modules and every browser test that shows the demo only need the rows those make. The first
test in a process that asks for a world builds it the real way (``import_cards``, ``seed_demo``) and its rows
are kept here; every later test gets a copy of exactly those rows, written back as the database held them
(primary keys, timestamps and all: :mod:`tests.table_rows`).

Two kinds:

* :func:`load_real_catalog` and :func:`load_shipped_site` copy the catalog tables (cards, sets, the held files)
  into the current transaction, the rest of the database untouched; they need an empty catalog (a test that
  put cards there first gets the real import instead, as before).
* :func:`restore_world` makes the whole database the world (for browser tests, which run on committed data and
  start from the freshly migrated site, ``tests/database_reset.py``): the first call builds it there, later calls
  empty every table but the content types and permissions ``migrate`` wrote and copy the world in.

Versions go in before their fleets, so that the lock trigger (no version added to a locked fleet) sees no locked
fleet yet, just as when they were first written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection, transaction
from django.db.models import Model

from fleets.models import CardDatabase, FleetVersion
from fleets.models.catalog import Card, CardSet
from tests import table_rows

CATALOG_MODELS = (CardSet, Card, CardDatabase)
# Written by migrate (post_migrate) and kept as it wrote them (tests/database_reset.py), so never copied.
KEPT_BY_MIGRATE = (ContentType, Permission)
# Written before every other table: the lock trigger refuses a version of a fleet already stored as locked
# (fleets.migrations.0002_fleet_lock_triggers).
FIRST = (FleetVersion,)

_worlds: dict[str, table_rows.Tables] = {}


def load_real_catalog(*, origin: str) -> None:
    """The catalog ``import_cards`` makes of the shipped Utopia file with ``origin``, in the test database."""
    from tests.conftest import UTOPIA_FILE

    _load_catalog("catalog", lambda: call_command("import_cards", str(UTOPIA_FILE), verbosity=0))
    CardDatabase.objects.filter(source="utopia").update(origin=origin)


def load_shipped_site() -> None:
    """The catalog ``import_cards`` makes with no file, as on a new site: the Utopia cards Muster ships and its
    Space Dock file held beside them, in the test database."""
    _load_catalog("shipped site", lambda: call_command("import_cards", verbosity=0))


def _load_catalog(name: str, imported: Callable[[], None]) -> None:
    """What ``imported`` writes to the catalog tables: done once per process under ``name``, copied after."""
    if any(model._base_manager.exists() for model in CATALOG_MODELS):
        imported()  # cards a test made are upserted, as the real import does
        return
    if name not in _worlds:
        with transaction.atomic():
            imported()
            _worlds[name] = _read(CATALOG_MODELS)
            transaction.set_rollback(True)
    with transaction.atomic():
        table_rows.write(connection, _worlds[name])


def restore_world(name: str, build: Callable[[], None]) -> None:
    """Make the whole test database what ``build`` makes of a freshly migrated site; ``build`` runs once per
    process under ``name``, later calls copy its rows in. Only for tests on committed data (browser tests), which
    start from the freshly migrated site."""
    models = _copied_models()
    if name not in _worlds:
        # Built outside a transaction, as the test did before: what waits for a commit (the ratings after a
        # finished event, seasons.signals) is written before the rows are read.
        build()
        _worlds[name] = _read(models)
        return
    with transaction.atomic():
        table_rows.empty(connection, [model._meta.db_table for model in models])
        table_rows.write(connection, _worlds[name])


def _copied_models() -> list[type[Model]]:
    models = [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy and model not in KEPT_BY_MIGRATE
    ]
    return [*FIRST, *(model for model in models if model not in FIRST)]


def _read(models: Iterable[type[Model]]) -> table_rows.Tables:
    models = list(models)
    tables = table_rows.read(connection, [model._meta.db_table for model in models])
    for model in models:
        if model._meta.db_table in tables:
            _refuse_rows_naming(model, *tables[model._meta.db_table])
    return tables


def _refuse_rows_naming(model: type[Model], columns: list[str], rows: list[tuple]) -> None:
    """A copied row must not point at a content type or permission: those are migrate's, never copied."""
    for field in model._meta.local_concrete_fields:
        if field.is_relation and field.related_model in KEPT_BY_MIGRATE:
            index = columns.index(field.column)
            if any(row[index] for row in rows):
                raise RuntimeError(f"{model._meta.label}.{field.name} names {field.related_model._meta.label} rows")
