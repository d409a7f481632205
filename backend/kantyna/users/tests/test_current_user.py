"""`auth/currentUser` and the shell's counters: exact shapes, abilities from the table, query baselines."""

import pytest

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT, abilities_of
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.queries import assert_num_queries
from kantyna.testing.world import make_world
from kantyna.users.api.serializers import CurrentUserSerializer, current_user_json

CURRENT_USER_KEYS = {
    "id",
    "email",
    "firstName",
    "lastName",
    "fullName",
    "roles",
    "permissions",
    "abilities",
    "settings",
    "bankAccountNumber",
    "calendarSettings",
    "institutionsIds",
    "institution",
    "locale",
    "notificationsSettings",
    "phoneNumber",
    "phoneNumber2",
    "invoicesSettings",
}


def test_given_parent_when_getting_current_user_then_exact_payload(tenant_a):
    user = make_user(tenant_a, ROLE_PARENT, email="Jan.Kowalski@Example.test", first_name="Jan", last_name="Kowalski")

    body = Api(tenant_a, user).get("auth/currentUser").json()

    assert set(body) == CURRENT_USER_KEYS
    assert body == {
        "id": user.id,
        "email": "jan.kowalski@example.test",
        "firstName": "Jan",
        "lastName": "Kowalski",
        "fullName": "Jan Kowalski",
        "roles": ["ROLE_PARENT"],
        "permissions": [],
        "abilities": [
            "account.delete",
            "billing.view",
            "calendar.absence",
            "calendar.mark",
            "calendar.use",
            "cards.edit",
            "children.edit",
            "invoices.view",
            "messages.read",
            "notifications.receive",
            "orders.cancel_own",
            "orders.details",
            "orders.prepaid",
            "orders.view",
            "prices.see",
            "profile.edit",
            "profile.refund_account",
            "refunds.request",
            "tenant.access",
            "tickets.create",
            "tickets.view",
        ],
        "settings": {"canSeePrices": True},
        "bankAccountNumber": None,
        "calendarSettings": {"showGrammages": False},
        "institutionsIds": [],
        "institution": None,
        "locale": "pl",
        "notificationsSettings": {
            "notificationsPlacement": "top-right",
            "emailNotificationsEnabled": True,
            "pushNotificationsEnabled": False,
        },
        "phoneNumber": None,
        "phoneNumber2": None,
        "invoicesSettings": {
            "invoicesEnabled": False,
            "companyName": "",
            "vatId": "",
            "address": {"street": "", "city": "", "postCode": ""},
        },
    }


@pytest.mark.parametrize(
    ("roles", "permissions", "expected_permissions"),
    [
        ([ROLE_ADMIN], [], None),  # None: all
        ([ROLE_INSTITUTIONS_ADMIN], ["menu_edit", "children_edit"], ["children_edit", "menu_edit"]),
        ([ROLE_INSTITUTIONS_ADMIN], [], []),
    ],
)
def test_given_power_user_when_getting_current_user_then_permissions_and_abilities_from_table(
    tenant_a, roles, permissions, expected_permissions
):
    from kantyna.core.permissions import PERMISSIONS

    user = make_user(tenant_a, *roles, permissions=permissions)
    body = Api(tenant_a, user).get("auth/currentUser").json()
    assert body["permissions"] == (PERMISSIONS if expected_permissions is None else expected_permissions)
    with in_tenant(tenant_a):
        assert body["abilities"] == abilities_of(user)


def test_given_user_who_cannot_see_prices_when_getting_current_user_then_no_prices_ability(tenant_a):
    user = make_user(tenant_a, ROLE_PARENT, settings={"can_see_prices": False})
    body = Api(tenant_a, user).get("auth/currentUser").json()
    assert body["settings"] == {"canSeePrices": False}
    assert "prices.see" not in body["abilities"]


def test_given_any_user_when_getting_counters_then_zero_placeholders(tenant_a):
    api = Api(tenant_a, make_user(tenant_a, ROLE_PARENT))
    assert api.get("auth/currentUser/balance").json() == {"amount": "0.00", "currency": "PLN"}
    assert api.get("orders/totalAmounts", {"status": "active"}).json() == {"amount": "0.00", "currency": "PLN"}
    assert api.get("notifications/unread", {"perPage": 5}).json() == {
        "status": True,
        "readAt": None,
        "unreadNotifications": 0,
        "hasUnreadMessages": False,
        "notifications": [],
    }
    assert api.get("announcements/unseen").json() == {"items": [], "total": 0, "page": 1, "perPage": 50}


# Query baselines (search-path switches not counted). A change here is a deliberate decision.
CURRENT_USER_QUERIES = 2  # the session (account, revoked token, user in one), institutions with the worker profile
SETTINGS_GET_QUERIES = 2  # the same 1 to authenticate + the settings row


def test_current_user_runs_in_a_fixed_number_of_queries(tenant_a):
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    api.get("auth/currentUser")  # warm caches (content types, url resolvers)
    with assert_num_queries(CURRENT_USER_QUERIES):
        assert api.get("auth/currentUser").status_code == 200


@pytest.mark.parametrize("path", ["common/settings/fees", "common/settings/companyDetails", "tenant/status"])
def test_settings_get_runs_in_a_fixed_number_of_queries(tenant_a, path):
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    api.put("common/settings/fees", {"addManipulationFee": True})  # a stored row, not only defaults
    api.get(path)
    # tenant/status is public (no authentication) but reads the settings row twice (two sections)
    expected = 2 if path == "tenant/status" else SETTINGS_GET_QUERIES
    with assert_num_queries(expected) as queries:
        assert api.get(path).status_code == 200
    assert sum("tenant_settings_tenantsettings" in sql for sql in queries) >= 1


def test_given_every_kind_of_user_when_building_current_user_then_the_serializers_body(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a)
        manager = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["children_edit"])
        manager.institutions.add(world.institution)
        manager.bank_account_number, manager.phone_number = "61109010140000071219812874", "600100200"
        manager.save()
        users = [world.parent, world.worker_user, manager, make_user(tenant_a, ROLE_ADMIN)]

        bodies = [(current_user_json(user), CurrentUserSerializer(user).data) for user in users]

    assert all(built == documented for built, documented in bodies)
    assert bodies[1][0]["institution"] == {"id": world.institution.pk}
    assert bodies[2][0]["institutions_ids"] == [world.institution.pk]
