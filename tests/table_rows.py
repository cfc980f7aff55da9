"""Whole tables' rows read, and written back exactly as they were, in raw SQL.

Two helpers keep rows to put back later: the database ``migrate`` left (:mod:`tests.database_reset`) and the
worlds built once per test process (:mod:`tests.snapshots`). Both copy rows as the database holds them (ids,
timestamps, JSON as text), never through a model: no ``auto_now`` field moves, no value is converted, and the
thousands of cards of the real catalog go back without thousands of model instances.

Foreign keys are checked at the end of the transaction on SQLite and PostgreSQL alike (Django declares them
deferred), so tables are emptied and filled in any order the database's own triggers allow: :func:`write` keeps
the order it is given.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.apps import apps
from django.core.management.color import no_style
from django.db.backends.base.base import BaseDatabaseWrapper

# Each table holding rows: its columns, and its rows in those columns' order.
Tables = dict[str, tuple[list[str], list[tuple]]]

# SQLite allows at most 500 terms in one compound SELECT.
_TABLES_PER_QUERY = 400


def read(connection: BaseDatabaseWrapper, tables: Iterable[str]) -> Tables:
    """The columns and rows of those of ``tables`` that hold any, in the order given."""
    quote = connection.ops.quote_name
    found: Tables = {}
    with connection.cursor() as cursor:
        for table in filled(connection, tables):
            cursor.execute(f"SELECT * FROM {quote(table)}")  # noqa: S608 (a table name Django gave)
            found[table] = ([column[0] for column in cursor.description], cursor.fetchall())
    return found


def empty(connection: BaseDatabaseWrapper, tables: Iterable[str]) -> None:
    """Delete every row of those of ``tables`` that hold any."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for table in filled(connection, tables):
            cursor.execute(f"DELETE FROM {quote(table)}")  # noqa: S608 (a table name Django gave)


def write(connection: BaseDatabaseWrapper, tables: Tables) -> None:
    """Insert ``tables``' rows, table by table in their order, then set each table's id sequence past its
    highest id (PostgreSQL's sequences are not rolled back with the rows that used them)."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for table, (columns, rows) in tables.items():
            names = ", ".join(quote(column) for column in columns)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})", rows)  # noqa: S608
        models = [model for model in apps.get_models(include_auto_created=True) if model._meta.db_table in tables]
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)


def filled(connection: BaseDatabaseWrapper, tables: Iterable[str]) -> list[str]:
    """Those of ``tables`` that hold at least one row, in the order given, found in a few queries."""
    quote = connection.ops.quote_name
    tables = list(tables)
    found: list[str] = []
    with connection.cursor() as cursor:
        for start in range(0, len(tables), _TABLES_PER_QUERY):
            chunk = tables[start : start + _TABLES_PER_QUERY]
            query = " UNION ALL ".join(
                f"SELECT {index} WHERE EXISTS (SELECT 1 FROM {quote(table)})"  # noqa: S608
                for index, table in enumerate(chunk)
            )
            cursor.execute(query)
            found.extend(chunk[row[0]] for row in cursor.fetchall())
    return found
