import pytest

from kantyna.tenancy.models import Tenant
from kantyna.testing.factories import make_user


@pytest.mark.django_db(transaction=True)
def test_given_transactional_test_when_it_commits_then_tenants_are_still_usable(tenant_a, api):
    user = make_user(tenant_a, "ROLE_ADMIN")
    assert api(tenant_a, user).get("auth/currentUser").status_code == 200


def test_given_previous_transactional_test_when_normal_test_runs_then_tenants_exist(tenant_a, tenant_b, api):
    assert set(Tenant.objects.values_list("slug", flat=True)) >= {"alpha", "beta"}
    user = make_user(tenant_a, "ROLE_ADMIN")
    assert api(tenant_a, user).get("auth/currentUser").status_code == 200
