"""Query counting that ignores django-tenants' `SET search_path` round-trips (their number depends on
TENANT_LIMIT_SET_CALLS, not on the code under test)."""

from __future__ import annotations

from contextlib import contextmanager

from django.db import connection
from django.test.utils import CaptureQueriesContext


class Queries(list):
    """The SQL statements run inside `capture_queries()`, `SET search_path` excluded."""

    def __str__(self) -> str:
        return "\n".join(f"{index}. {sql}" for index, sql in enumerate(self, 1))


def _is_search_path(sql: str) -> bool:
    return sql.lstrip().upper().startswith("SET SEARCH_PATH")


@contextmanager
def capture_queries():
    queries = Queries()
    with CaptureQueriesContext(connection) as context:
        yield queries
    queries.extend(q["sql"] for q in context.captured_queries if not _is_search_path(q["sql"]))


@contextmanager
def assert_num_queries(expected: int):
    """Exactly `expected` statements (search-path switches not counted); lists them on failure."""
    with capture_queries() as queries:
        yield queries
    assert len(queries) == expected, f"expected {expected} queries, got {len(queries)}:\n{queries}"
