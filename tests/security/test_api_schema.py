"""Schemathesis against the API's own OpenAPI schema, in process (no server).

Every operation is called with generated parameters and bodies, valid and not,
as ``player`` (with their token), and every answer is checked against the schema:
no server error, only documented status codes and content types, bodies of the
documented shape. One check is left out: "positive data acceptance" expects every
schema-valid body to be accepted, but a fleet file's card ids must name cards of
the catalog, which no schema can say, so a valid-looking file of made-up ids is
rightly refused with 400. A few examples per operation keep this to seconds.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from config.wsgi import application
from tests.security.world import World, world_in_transaction

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    with world_in_transaction(django_db_blocker) as world:
        yield world


@pytest.fixture(autouse=True)
def requests_keep_the_test_connection():
    """Schemathesis calls the real WSGI application, which closes the database connection after each
    request (``CONN_MAX_AGE`` 0) and with it the test's transaction; Django's test client keeps it
    open the same way, by holding back this signal handler."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(max_examples=5, suppress_health_check=list(HealthCheck))  # per API operation, each example a request
def test_the_api_keeps_to_its_schema(case, world):
    cache.clear()
    case.call_and_validate(
        headers={"Authorization": f"Bearer {world.tokens['player']}"},
        excluded_checks=[positive_data_acceptance],
    )
