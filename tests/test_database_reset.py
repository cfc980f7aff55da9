"""A test on committed data leaves the database as ``migrate`` left it (``tests/database_reset.py``): what it wrote
is gone, what the data migrations loaded is back as it was, ids included."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import TransactionTestCase

from accounts.roles import ROLES
from games.wing_commander.models import WingCommanderCard
from tests.accounts.factories import OrganizerFactory
from tests.database_reset import restore

pytestmark = pytest.mark.django_db(transaction=True)


def rows(model) -> list[tuple]:
    return list(model._base_manager.order_by("pk").values_list())


def test_restoring_removes_what_a_test_wrote_and_brings_back_what_migrate_left():
    migrated = {model: rows(model) for model in (Group, WingCommanderCard, ContentType, Permission)}
    assert {name for _, name in migrated[Group]} == set(ROLES)
    assert migrated[WingCommanderCard]  # the manual's cards (fleets.migrations.0004)

    OrganizerFactory()  # rows in tables empty after migrate, and in the roles' table that joins them
    WingCommanderCard.objects.all().delete()
    Group.objects.filter(name=ROLES[0]).update(name="renamed")
    Permission.objects.order_by("pk").first().delete()
    restore()

    assert not User.objects.exists()
    assert not User.groups.through.objects.exists()
    assert {model: rows(model) for model in migrated} == migrated


@pytest.mark.slow(reason="migrates the database back, then forward again")
def test_a_test_that_left_a_migration_unapplied_leaves_it_applied_again():
    executor = MigrationExecutor(connection)
    newest = max(node for node in executor.loader.graph.leaf_nodes() if node[0] == "tournaments")
    parent = max(node.key for node in executor.loader.graph.node_map[newest].parents if node.key[0] == "tournaments")
    executor.migrate([parent])
    assert MigrationExecutor(connection).migration_plan([newest])  # left unapplied, as a migration's test may
    restore()

    assert not MigrationExecutor(connection).migration_plan(executor.loader.graph.leaf_nodes())
    assert {name for _, name in rows(Group)} == set(ROLES)


def test_every_test_on_committed_data_ends_with_the_restore_not_a_flush():
    assert TransactionTestCase._fixture_teardown.__module__ == "tests.database_reset"
