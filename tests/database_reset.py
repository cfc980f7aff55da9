"""After a test on committed data, the database goes back to what ``migrate`` left, one changed table at a time.

Tests on committed data (``transactional_db``, ``live_server``: every browser test) cannot be rolled back. Django
empties every table after each of them (``flush``: on PostgreSQL one ``TRUNCATE`` of every table, seconds per
test) and writes the content types and permissions again, while the roles, the manual's cards and the other rows
the data migrations load stay gone for every later test. Instead, the rows ``migrate`` left are read once per test
process (:func:`capture`, when the test database is set up), and after each such test (:func:`restore`) only the
tables holding rows are emptied and the captured rows written back as they were, ids included: every test on
committed data starts from the freshly migrated site, data migrations and all, whichever test ran before.

A test that migrated the database back (a data migration's test) and not all the way forward leaves fewer
migrations recorded than ``migrate`` did: the rest are applied again first, so that no later test meets an old
schema.

Foreign keys are checked at the end of the transaction on SQLite and PostgreSQL alike (Django declares them
deferred), so tables are emptied and filled in any order. A test that asks Django for ``available_apps`` or a
serialized rollback gets Django's own flush.
"""

from __future__ import annotations

from django.db import connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder
from django.test import TransactionTestCase

# Per database alias: each table holding rows after ``migrate``, with its columns and those rows.
_captured: dict[str, dict[str, tuple[list[str], list[tuple]]]] = {}
# Per database alias: how many migrations ``migrate`` recorded as applied.
_migrations: dict[str, int] = {}
# SQLite allows at most 500 terms in one compound SELECT.
_TABLES_PER_QUERY = 400


def capture(alias: str = "default") -> None:
    """Keep the rows of every table of the (freshly migrated) test database ``alias``."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    captured = {}
    with connection.cursor() as cursor:
        for table in _filled(connection, _tables(connection)):
            cursor.execute(f"SELECT * FROM {quote(table)}")  # noqa: S608 (a table name Django gave)
            captured[table] = ([column[0] for column in cursor.description], cursor.fetchall())
    _captured[alias] = captured
    _migrations[alias] = MigrationRecorder(connection).migration_qs.count()


def restore(alias: str = "default") -> None:
    """Make the database ``alias`` hold exactly the rows :func:`capture` kept: the tables holding rows now are
    emptied, the captured rows written back."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    captured = _captured[alias]
    if MigrationRecorder(connection).migration_qs.count() != _migrations[alias]:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    with transaction.atomic(using=alias), connection.cursor() as cursor:
        for table in _filled(connection, _tables(connection)):
            cursor.execute(f"DELETE FROM {quote(table)}")  # noqa: S608 (a table name Django gave)
        for table, (columns, rows) in captured.items():
            names = ", ".join(quote(column) for column in columns)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})", rows)  # noqa: S608


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


def _filled(connection, tables: list[str]) -> list[str]:
    """Those of ``tables`` that hold at least one row, found in a few queries."""
    quote = connection.ops.quote_name
    filled: list[str] = []
    with connection.cursor() as cursor:
        for start in range(0, len(tables), _TABLES_PER_QUERY):
            chunk = tables[start : start + _TABLES_PER_QUERY]
            query = " UNION ALL ".join(
                f"SELECT {index} WHERE EXISTS (SELECT 1 FROM {quote(table)})"  # noqa: S608
                for index, table in enumerate(chunk)
            )
            cursor.execute(query)
            filled.extend(chunk[row[0]] for row in cursor.fetchall())
    return filled
