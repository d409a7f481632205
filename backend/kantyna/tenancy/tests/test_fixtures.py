"""The shared fixtures survive transactional tests (whose flush empties the public schema)."""

import pytest
from django.core.management import call_command

from kantyna.tenancy.models import Domain, Tenant
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.models import TenantSettings
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.factories import make_user
from kantyna.testing.tenants import ensure_tenant
from kantyna.users.models import User


@pytest.mark.django_db(transaction=True)
def test_given_transactional_test_when_it_commits_tenant_data_then_the_api_works(tenant_a, api):
    user = make_user(tenant_a, "ROLE_ADMIN")
    with in_tenant(tenant_a):
        settings_update(actor=None, key="fees", data={"add_manipulation_fee": True})
    assert api(tenant_a, user).get("auth/currentUser").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_given_an_earlier_transactional_test_when_the_next_one_runs_then_tenants_exist_and_are_clean(
    tenant_a, tenant_b, api
):
    """Runs after the previous test (pytest-django keeps file order among transactional tests)."""
    assert {"alpha", "beta"} <= set(Tenant.objects.values_list("slug", flat=True))
    with in_tenant(tenant_a):
        assert not User.objects.exists()
        assert not TenantSettings.objects.exists()
    user = make_user(tenant_a, "ROLE_ADMIN")
    assert api(tenant_a, user).get("auth/currentUser").status_code == 200


def test_given_public_tables_flushed_when_a_normal_test_asks_for_tenants_then_rows_are_recreated(db, api):
    """pytest-django runs normal tests before transactional ones, so this test performs the very flush a
    transactional test ends with (inside its own transaction, rolled back after) and then recovers."""
    ensure_tenant("alpha")
    call_command("flush", interactive=False, verbosity=0, allow_cascade=True, inhibit_post_migrate=True)
    assert not Tenant.objects.exists() and not Domain.objects.exists()

    tenant = ensure_tenant("alpha")

    assert tenant.schema_name == "t_alpha"
    assert Domain.objects.get(tenant=tenant).domain == "alpha.localhost"
    user = make_user(tenant, "ROLE_ADMIN")
    assert api(tenant, user).get("auth/currentUser").json()["id"] == user.id
