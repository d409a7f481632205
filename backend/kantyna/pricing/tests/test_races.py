"""A price lists group's defaults (for children, for workers) under concurrency, against real PostgreSQL (issue 29):
admins saving different groups as the default at the same moment all succeed and one default of each is left, also
when a group that was the default when read is saved as it again (`core.flags.take_flag`)."""

from __future__ import annotations

import pytest
from django.db import connection

from kantyna.pricing.models import PriceListsGroup
from kantyna.pricing.services import price_lists_group_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.concurrency import answers_concurrently
from kantyna.testing.factories import make_user

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]


def test_given_admins_saving_groups_as_default_at_once_then_all_succeed_and_one_default_of_each_is_left(tenant_a):
    with in_tenant(tenant_a):
        groups = [
            price_lists_group_create(
                actor=None, name=f"Cennik {n}", default_for_children=n == 0, default_for_institutions_workers=n == 0
            )
            for n in range(4)
        ]
    connection.set_schema_to_public()
    admins = [Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN")) for _ in range(8)]
    targets = [groups[n % 4] for n in range(8)]

    def save_as_default(api, group):
        body = {
            "name": group.name,
            "defaultForChildren": True,
            "defaultForInstitutionsWorkers": True,
            "forGroupOrders": False,
        }
        return lambda: api.put(f"priceLists/groups/{group.pk}", body)

    answers = answers_concurrently(
        tenant_a, [save_as_default(api, group) for api, group in zip(admins, targets, strict=True)]
    )

    assert [answer.status_code for answer in answers] == [200] * 8
    with in_tenant(tenant_a):
        assert PriceListsGroup.objects.filter(default_for_children=True).count() == 1
        assert PriceListsGroup.objects.filter(default_for_institutions_workers=True).count() == 1
        assert PriceListsGroup.objects.count() == 4
    connection.set_schema_to_public()
