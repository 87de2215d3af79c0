"""The PostgreSQL tests' cluster: one per test process, started once (a session fixture),
with a database of its own for each test. Where PostgreSQL cannot be started the tests are
skipped on a developer's machine, and fail in CI (``CI=true``), which must run them."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest

from tests.cluster.postgres import NoPostgres, cluster, drop_database, new_database


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """The cluster's address (no database name)."""
    try:
        with cluster() as url:
            yield url
    except NoPostgres as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL could not be started for the tests: {error}")
        pytest.skip(f"PostgreSQL could not be started: {error}")


@pytest.fixture
def database(postgres: str) -> Iterator[str]:
    """A new, empty database's address, dropped after the test."""
    name = f"t_{secrets.token_hex(6)}"
    address = new_database(postgres, name)
    yield address
    drop_database(postgres, name)
