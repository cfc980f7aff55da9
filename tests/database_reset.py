"""After a test on committed data, the database goes back to what ``migrate`` left, one changed table at a time.

Tests on committed data (``transactional_db``, ``live_server``: every browser test) cannot be rolled back. Django
empties every table after each of them (``flush``: on PostgreSQL one ``TRUNCATE`` of every table, seconds per
test) and writes the content types and permissions again, while the roles, the manual's cards and the other rows
the data migrations load stay gone for every later test. Instead, the rows ``migrate`` left are read once per test
process (:func:`capture`, when the test database is set up), and after each such test (:func:`restore`) only the
tables holding rows are emptied and the captured rows written back as they were, ids included
(:mod:`tests.table_rows`): every test on committed data starts from the freshly migrated site, data migrations
and all, whichever test ran before.

A test that migrated the database back (a data migration's test) and not all the way forward leaves fewer
migrations recorded than ``migrate`` did: the rest are applied again first, so that no later test meets an old
schema.

A test that asks Django for ``available_apps`` or a serialized rollback gets Django's own flush.
"""

from __future__ import annotations

from django.db import connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder
from django.test import TransactionTestCase

from tests import table_rows

# Per database alias: the rows of every table holding any after ``migrate``.
_captured: dict[str, table_rows.Tables] = {}
# Per database alias: how many migrations ``migrate`` recorded as applied.
_migrations: dict[str, int] = {}


def capture(alias: str = "default") -> None:
    """Keep the rows of every table of the (freshly migrated) test database ``alias``."""
    connection = connections[alias]
    _captured[alias] = table_rows.read(connection, _tables(connection))
    _migrations[alias] = MigrationRecorder(connection).migration_qs.count()


def restore(alias: str = "default") -> None:
    """Make the database ``alias`` hold exactly the rows :func:`capture` kept: the tables holding rows now are
    emptied, the captured rows written back."""
    connection = connections[alias]
    if MigrationRecorder(connection).migration_qs.count() != _migrations[alias]:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    with transaction.atomic(using=alias):
        table_rows.empty(connection, _tables(connection))
        table_rows.write(connection, _captured[alias])


def install() -> None:
    """Every test on committed data ends with :func:`restore` instead of Django's flush."""
    flush = TransactionTestCase._fixture_teardown

    def _fixture_teardown(self: TransactionTestCase) -> None:
        aliases = self._databases_names(include_mirrors=False)
        if self.available_apps is not None or self.serialized_rollback or any(a not in _captured for a in aliases):
            flush(self)
            return
        for alias in aliases:
            restore(alias)

    TransactionTestCase._fixture_teardown = _fixture_teardown


def _tables(connection) -> list[str]:
    """The tables ``flush`` empties: every installed model's, Django's migration record aside."""
    return sorted(connection.introspection.django_table_names(only_existing=True, include_views=False))
