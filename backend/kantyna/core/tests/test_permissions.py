"""The one table of roles, permissions and abilities (spec section 6)."""

from types import SimpleNamespace

import pytest

from kantyna.core.permissions import (
    ABILITIES,
    PERMISSIONS,
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_EMPLOYEE,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_PARENT,
    ROLE_TICKET_ADMIN,
    ROLES,
    abilities_of,
    effective_permissions,
    has_ability,
)


def user(*roles, permissions=(), can_see_prices=False):
    return SimpleNamespace(
        roles=list(roles), permissions=list(permissions), settings={"can_see_prices": can_see_prices}
    )


# Abilities of each role alone, with no permissions and canSeePrices off.
EXPECTED = {
    # everything except the customers' own (leaving the tenant, own billing, cancelling own orders, asking for a
    # refund) and the reports manager's ability
    ROLE_ADMIN: sorted(
        set(ABILITIES)
        - {
            "account.delete",
            "billing.view",
            "orders.cancel_own",
            "profile.refund_account",
            "refunds.request",
            "reports.manage",
        }
    ),
    ROLE_INSTITUTIONS_ADMIN: [
        "dashboard.view",
        "invoices.view",
        "kitchen.labels",
        "kitchen.prepare",
        "kitchen.release",
        "meals.view",
        "messages.read",
        "messages.write",
        "notifications.receive",
        "profile.edit",
        "reports.view",
        "tenant.access",
        "terminal.use",
        "tickets.create",
        "transactions.view",
    ],
    ROLE_PARENT: [
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
        "profile.edit",
        "profile.refund_account",
        "refunds.request",
        "tenant.access",
        "tickets.create",
        "tickets.view",
    ],
    ROLE_INSTITUTION_WORKER: [
        "account.delete",
        "billing.view",
        "calendar.absence",
        "calendar.mark",
        "calendar.use",
        "cards.edit",
        "invoices.view",
        "messages.read",
        "notifications.receive",
        "orders.cancel_own",
        "orders.create",
        "orders.details",
        "orders.prepaid",
        "profile.edit",
        "refunds.request",
        "tenant.access",
        "tickets.create",
        "tickets.view",
    ],
    ROLE_COOK: [
        "cards.edit",
        "kitchen.prepare",
        "kitchen.transport",
        "profile.edit",
        "tenant.access",
        "terminal.use",
        "tickets.create",
    ],
    ROLE_TICKET_ADMIN: [
        "messages.read",
        "notifications.receive",
        "tenant.access",
        "tickets.create",
        "tickets.manage",
        "tickets.view",
    ],
    ROLE_MANAGE_REPORTS: [
        "messages.read",
        "notifications.receive",
        "reports.automate",
        "reports.manage",
        "reports.view",
        "tenant.access",
        "tickets.create",
    ],
    ROLE_EMPLOYEE: ["messages.read", "notifications.receive", "tenant.access", "tickets.create"],
}


def test_every_role_is_in_the_table():
    assert set(EXPECTED) == set(ROLES) and len(ROLES) == 8


@pytest.mark.parametrize("role", ROLES)
def test_given_role_alone_when_computing_abilities_then_exactly_the_table(role):
    assert abilities_of(user(role)) == EXPECTED[role]
    for ability in ABILITIES:
        assert has_ability(user(role), ability) is (ability in EXPECTED[role])


def test_given_admin_when_computing_then_all_permissions_and_abilities():
    assert effective_permissions([ROLE_ADMIN], []) == PERMISSIONS
    assert effective_permissions([ROLE_ADMIN], ["menu_edit"]) == PERMISSIONS
    assert abilities_of(user(ROLE_ADMIN)) == EXPECTED[ROLE_ADMIN]


def test_given_institutions_admin_when_computing_then_only_given_permissions_in_table_order():
    assert effective_permissions([ROLE_INSTITUTIONS_ADMIN], ["orders_edit", "bogus", "menu_edit"]) == [
        "menu_edit",
        "orders_edit",
    ]
    assert effective_permissions([ROLE_INSTITUTIONS_ADMIN], []) == []


@pytest.mark.parametrize("role", [ROLE_PARENT, ROLE_COOK, ROLE_EMPLOYEE])
def test_given_other_role_with_stray_permissions_when_computing_then_none(role):
    assert effective_permissions([role], list(PERMISSIONS)) == []
    assert abilities_of(user(role, permissions=PERMISSIONS)) == EXPECTED[role]


@pytest.mark.parametrize(
    ("permission", "granted"),
    [
        (
            "children_edit",
            [
                "calendar.use",
                "calendar.view",
                "cards.edit",
                "children.change_sensitive",
                "children.edit",
                "orders.details",
                "orders.view",
            ],
        ),
        ("menu_edit", ["menu.edit"]),
        ("orders_cancel", ["calendar.absence", "orders.cancel"]),
        ("orders_edit", ["orders.edit"]),
        ("orders_create", ["calendar.mark", "orders.create"]),
        ("parents_view", ["parents.view"]),
        ("parents_edit", ["parents.edit"]),
        ("transactions_edit", ["transactions.edit"]),
        ("tickets_manage", ["tickets.manage", "tickets.view"]),
    ],
)
def test_given_institutions_admin_with_one_permission_when_computing_then_its_abilities_only(permission, granted):
    base = set(EXPECTED[ROLE_INSTITUTIONS_ADMIN])
    assert set(abilities_of(user(ROLE_INSTITUTIONS_ADMIN, permissions=[permission]))) - base == set(granted)
    assert not has_ability(user(ROLE_INSTITUTIONS_ADMIN, permissions=[permission]), "settings.manage")


def test_given_can_see_prices_setting_when_computing_then_prices_see_follows_it():
    assert has_ability(user(ROLE_PARENT, can_see_prices=True), "prices.see")
    assert not has_ability(user(ROLE_PARENT, can_see_prices=False), "prices.see")
    assert has_ability(user(ROLE_ADMIN, can_see_prices=False), "prices.see")
    assert not has_ability(SimpleNamespace(roles=[ROLE_PARENT], permissions=[], settings=None), "prices.see")


def test_given_cook_when_computing_then_no_notifications():
    assert not has_ability(user(ROLE_COOK), "notifications.receive")
    assert all(has_ability(user(role), "notifications.receive") for role in set(ROLES) - {ROLE_COOK})


def test_given_several_roles_when_computing_then_union():
    assert abilities_of(user(ROLE_COOK, ROLE_PARENT)) == sorted(set(EXPECTED[ROLE_COOK]) | set(EXPECTED[ROLE_PARENT]))


def test_given_no_roles_when_computing_then_nothing():
    assert abilities_of(SimpleNamespace()) == []
