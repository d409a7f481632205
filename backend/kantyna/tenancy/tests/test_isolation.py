"""A tenant's data is never reachable from another tenant's host (DESIGN.md §2)."""

from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.selectors import settings_get
from kantyna.testing import Api, assert_error, make_user, token_for


def test_given_alpha_users_token_when_used_on_beta_host_then_401(tenant_a, tenant_b):
    user = make_user(tenant_a, "ROLE_ADMIN")
    token = token_for(user)

    assert Api(tenant_a, token=token).get("auth/currentUser").status_code == 200
    assert_error(Api(tenant_b, token=token).get("auth/currentUser"), 401, "Unauthenticated.")
    assert_error(Api(tenant_b, token=token).get("common/settings/fees"), 401, "Unauthenticated.")


def test_given_account_with_users_in_both_tenants_when_calling_each_host_then_each_sees_its_own_user(
    tenant_a, tenant_b
):
    email = "both@example.test"
    user_a = make_user(tenant_a, "ROLE_ADMIN", email=email, first_name="Ala")
    if make_user(tenant_b, "ROLE_COOK").id + 1 == user_a.id:  # so that the two users' ids differ
        make_user(tenant_b, "ROLE_COOK")
    user_b = make_user(tenant_b, "ROLE_PARENT", email=email, first_name="Bea")
    assert user_a.account_id == user_b.account_id and user_a.id != user_b.id
    token = token_for(user_a)

    on_a = Api(tenant_a, token=token).get("auth/currentUser").json()
    on_b = Api(tenant_b, token=token).get("auth/currentUser").json()

    assert (on_a["id"], on_a["roles"], on_a["firstName"]) == (user_a.id, ["ROLE_ADMIN"], "Ala")
    assert (on_b["id"], on_b["roles"], on_b["firstName"]) == (user_b.id, ["ROLE_PARENT"], "Bea")
    assert on_a["email"] == on_b["email"] == email


def test_given_settings_written_in_alpha_when_read_in_beta_then_beta_keeps_defaults(tenant_a, tenant_b):
    admin_a = make_user(tenant_a, "ROLE_ADMIN")
    admin_b = make_user(tenant_b, "ROLE_ADMIN")
    with in_tenant(tenant_b):
        before_b = settings_get("fees")

    response = Api(tenant_a, admin_a).put("common/settings/fees", {"addManipulationFee": True})
    assert response.status_code == 200

    assert Api(tenant_a, admin_a).get("common/settings/fees").json()["addManipulationFee"] is True
    assert Api(tenant_b, admin_b).get("common/settings/fees").json()["addManipulationFee"] is False
    with in_tenant(tenant_b):
        assert settings_get("fees") == before_b


def test_given_user_only_in_alpha_when_deactivated_there_then_beta_user_of_same_account_unaffected(tenant_a, tenant_b):
    email = "shared@example.test"
    user_a = make_user(tenant_a, "ROLE_PARENT", email=email)
    make_user(tenant_b, "ROLE_PARENT", email=email)
    token = token_for(user_a)
    with in_tenant(tenant_a):
        type(user_a).objects.filter(pk=user_a.pk).update(is_active=False)

    assert_error(Api(tenant_a, token=token).get("auth/currentUser"), 401, "Unauthenticated.")
    assert Api(tenant_b, token=token).get("auth/currentUser").status_code == 200
