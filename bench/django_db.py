"""A throw-away Django database for the benchmarks that measure the site itself.

Made the way the test suite makes one: a temporary SQLite file by default, or
a database of the benchmark's own name on the server ``DATABASE_URL`` names
(PostgreSQL), so the figures cover real SQL and real commits.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def throwaway_database(name: str):
    """Django set up on a fresh, migrated database called ``name`` (on a server), dropped afterwards."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.db import connection

    with tempfile.TemporaryDirectory() as folder:
        # A name of its own: creating the database drops any old one of that name, never a test run's.
        sqlite = connection.vendor == "sqlite"
        connection.settings_dict["TEST"]["NAME"] = str(Path(folder) / f"{name}.sqlite3") if sqlite else name
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            yield
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
