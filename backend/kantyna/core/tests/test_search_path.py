"""core.postgresql_backend: a connection already holding a tenant's search_path is not set again when that tenant is
selected again (one `SET search_path` round trip less per request), and every other case still sets it: another
tenant, and after a rollback (to a savepoint) that undid the `SET`. Each read answers its own tenant's rows."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from kantyna.catalog.models import Allergen
from kantyna.tenancy.services import in_tenant

pytestmark = pytest.mark.django_db


class Undone(Exception):
    pass


def names_and_sets(tenant) -> tuple[list[str], int]:
    """The tenant's allergens, and how many `SET search_path` reading them took."""
    with CaptureQueriesContext(connection) as captured, in_tenant(tenant):
        names = list(Allergen.objects.order_by("name").values_list("name", flat=True))
    return names, sum(query["sql"].startswith("SET search_path") for query in captured.captured_queries)


def test_given_a_connection_holding_a_tenants_path_when_selected_again_then_no_set_and_its_own_rows(tenant_a, tenant_b):
    with in_tenant(tenant_a):
        Allergen.objects.create(name="Only in A")
    with in_tenant(tenant_b):
        Allergen.objects.create(name="Only in B")

    reads = [names_and_sets(tenant) for tenant in (tenant_a, tenant_a, tenant_b, tenant_b, tenant_a)]

    assert [sets for _names, sets in reads] == [1, 0, 1, 0, 1]  # B was the last set, by the create above
    assert [names for names, _sets in reads] == [["Only in A"]] * 2 + [["Only in B"]] * 2 + [["Only in A"]]


def test_given_a_set_undone_by_a_rollback_to_a_savepoint_then_the_next_read_sets_it_again(tenant_a, tenant_b):
    with in_tenant(tenant_a):
        Allergen.objects.create(name="Only in A")
    with in_tenant(tenant_b):
        Allergen.objects.create(name="Only in B")
    names_and_sets(tenant_a)

    with pytest.raises(Undone), transaction.atomic():
        assert names_and_sets(tenant_b) == (["Only in B"], 1)
        raise Undone  # ROLLBACK TO SAVEPOINT: the connection's search_path is A's again

    assert names_and_sets(tenant_b) == (["Only in B"], 1)
    assert names_and_sets(tenant_a) == (["Only in A"], 1)
