"""`users/{id}`, `users/options`, `users/activity`, payments overdue (one and bulk), `userSettings` and the
sign-in audit rows, through the HTTP API."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT, ROLES
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import DEFAULT_PASSWORD, make_user
from kantyna.users.models import User
from kantyna.users.tests.helpers import admin_api, institutions_admin, make_child, make_institution


def test_given_a_user_when_admin_reads_it_then_the_staff_view_of_the_user(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT, first_name="Ewa", last_name="Lis", phone_number="601202303")

    body = admin_api(tenant_a).get(f"users/{parent.pk}").json()

    assert body == {
        "id": parent.pk,
        "email": parent.email,
        "firstName": "Ewa",
        "lastName": "Lis",
        "fullName": "Ewa Lis",
        "roles": [ROLE_PARENT],
        "permissions": [],
        "isActive": True,
        "status": "active",
        "phoneNumber": "601202303",
        "phoneNumber2": "",
        "paymentsOverdue": False,
        "settings": {"canSeePrices": True},
        "archivedAt": None,
        "createdAt": body["createdAt"],
    }


@pytest.mark.parametrize("role", ROLES)
def test_given_each_role_when_reading_a_user_then_only_staff_who_view_parents(tenant_a, role):
    parent = make_user(tenant_a, ROLE_PARENT)
    api = Api(tenant_a, make_user(tenant_a, role))

    response = api.get(f"users/{parent.pk}")

    # An institutions admin without parents_view is refused; admins read anyone.
    assert response.status_code == (200 if role == ROLE_ADMIN else 403)


def test_given_institutions_admin_when_reading_users_then_only_those_of_their_institutions(tenant_a):
    school = make_institution(tenant_a)
    near, far = make_user(tenant_a, ROLE_PARENT), make_user(tenant_a, ROLE_PARENT)
    make_child(tenant_a, near, institution=school)
    api = Api(tenant_a, institutions_admin(tenant_a, school))

    assert api.get(f"users/{near.pk}").status_code == 200
    assert_error(api.get(f"users/{far.pk}"), 404, "Not found.")
    options = api.get("users/options").json()["items"]
    assert [option["value"] for option in options] == [near.pk]
    assert_error(api.post(f"users/{far.pk}/paymentsOverdue"), 404, "Not found.")


def test_given_users_when_asking_options_then_filtered_by_role_search_and_active(tenant_a):
    cook = make_user(tenant_a, ROLE_COOK, first_name="Adam", last_name="Kucharski")
    parent = make_user(tenant_a, ROLE_PARENT, first_name="Beata", last_name="Rodzic")
    api = admin_api(tenant_a)

    by_role = api.get("users/options", {"role": [ROLE_COOK, ROLE_PARENT]}).json()
    searched = api.get("users/options", {"search": "rodz"}).json()["items"]

    assert [option["value"] for option in by_role["items"]] == [cook.pk, parent.pk]
    assert by_role["perPage"] == 9999
    assert searched == [
        {"value": parent.pk, "text": "Rodzic Beata", "email": parent.email, "roles": [ROLE_PARENT], "isActive": True}
    ]
    assert_error(api.get("users/options", {"role": "ROLE_KING"}), 400, "The given data was invalid.", {"role.0": ...})


def test_given_parents_when_flagging_in_bulk_then_all_or_nothing_with_one_audit_row_each(tenant_a):
    first, second = make_user(tenant_a, ROLE_PARENT), make_user(tenant_a, ROLE_PARENT)
    api = admin_api(tenant_a)

    refused = api.post("users/bulkPaymentsOverdue", {"usersIds": [first.pk, 999999], "paymentsOverdue": True})
    assert_error(
        refused, 400, "The given data was invalid.", {"usersIds": ["Unknown users: 999999. Nothing was changed."]}
    )
    with in_tenant(tenant_a):
        assert not User.objects.filter(payments_overdue=True).exists()

    response = api.post("users/bulkPaymentsOverdue", {"usersIds": [first.pk, second.pk]})

    assert response.json() == {"status": True}
    with in_tenant(tenant_a):
        assert set(User.objects.filter(payments_overdue=True).values_list("pk", flat=True)) == {first.pk, second.pk}
        rows = AuditEntry.objects.filter(action="user.payments_overdue")
        assert sorted(rows.values_list("target_id", flat=True)) == sorted([str(first.pk), str(second.pk)])
    assert api.post(f"users/{first.pk}/paymentsOverdue", {"paymentsOverdue": False}).json() == {"status": True}
    assert api.get(f"users/{first.pk}").json()["paymentsOverdue"] is False


def test_given_user_settings_when_admin_updates_one_and_a_group_then_keys_merge(tenant_a):
    first, second = make_user(tenant_a, ROLE_PARENT), make_user(tenant_a, ROLE_COOK)
    api = admin_api(tenant_a)

    one = api.put(f"userSettings/{first.pk}", {"canSeePrices": False})
    group = api.put(
        "userSettings/groupUpdate", {"usersIds": [first.pk, second.pk], "settings": {"canSeePrices": False}}
    )

    assert one.json() == {"id": first.pk, "settings": {"canSeePrices": False}}
    assert group.json() == {"status": True}
    with in_tenant(tenant_a):
        assert [user.settings["can_see_prices"] for user in User.objects.filter(pk__in=[first.pk, second.pk])] == [
            False,
            False,
        ]
    assert_error(
        Api(tenant_a, make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["parents_edit"])).put(
            f"userSettings/{first.pk}", {"canSeePrices": True}
        ),
        403,
        "Forbidden.",
    )


def sign_in(email: str) -> None:
    response = APIClient(HTTP_HOST="auth.localhost", REMOTE_ADDR="10.1.1.1").post(
        "/sso/api/token", {"emailAddress": email, "password": DEFAULT_PASSWORD}, format="json"
    )
    assert response.status_code == 200, response.content


def test_given_a_sign_in_then_each_tenant_with_an_active_user_records_it(tenant_a, tenant_b):
    in_a = make_user(tenant_a, ROLE_PARENT, email="two@example.test")
    in_b = make_user(tenant_b, ROLE_PARENT, email="two@example.test")
    with in_tenant(tenant_b):
        User.objects.filter(pk=in_b.pk).update(is_active=False)

    sign_in("two@example.test")

    with in_tenant(tenant_a):
        row = AuditEntry.objects.get(action="user.sign_in")
        assert (row.actor_user_id, row.target_id, row.data) == (in_a.pk, str(in_a.pk), {"ip_address": "10.1.1.1"})
    with in_tenant(tenant_b):
        assert not AuditEntry.objects.filter(action="user.sign_in").exists()


def test_given_activity_when_admin_filters_then_rows_with_actor_and_filters_apply(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT, first_name="Ewa", last_name="Lis", email="ewa@example.test")
    admin = make_user(tenant_a, ROLE_ADMIN, first_name="Adam", last_name="Szef")
    api = Api(tenant_a, admin)
    sign_in("ewa@example.test")
    api.post(f"parents/{parent.pk}/paymentsOverdue")

    everything = api.get("users/activity", {"userId": parent.pk}).json()
    sign_ins = api.get("users/activity", {"action": "user.sign_in"}).json()["items"]
    searched = api.get("users/activity", {"search": "ewa@example"}).json()["items"]
    either = api.get("users/activity", {"action": "user.payments,user.sign_in"}).json()["items"]

    assert [row["action"] for row in either] == ["user.payments_overdue", "user.sign_in"]
    assert [row["action"] for row in everything["items"]] == ["user.payments_overdue", "user.sign_in", "user.create"]
    newest = everything["items"][0]
    assert newest == {
        "id": newest["id"],
        "createdAt": newest["createdAt"],
        "actor": {"id": admin.pk, "name": "Adam Szef", "email": admin.email},
        "action": "user.payments_overdue",
        "targetType": "users.user",
        "targetId": str(parent.pk),
        "targetName": "Ewa Lis",
        "params": {"value": True, "variant": "on"},
        "changes": [],
        "data": {"paymentsOverdue": True},
    }
    assert everything["items"][-1]["actor"] is None  # made by the system
    assert [row["actor"]["name"] for row in sign_ins] == ["Ewa Lis"]
    assert [row["action"] for row in searched] == ["user.sign_in"]
    assert api.get("users/activity", {"dateFrom": "2000-01-01", "dateTo": "2000-01-31"}).json()["total"] == 0
    assert_error(
        api.get("users/activity", {"dateFrom": "2026-02-01", "dateTo": "2026-01-01"}),
        400,
        "The given data was invalid.",
        {"dateTo": ["The end date cannot be before the start date."]},
    )


def _acted(tenant, count: int) -> None:
    """`count` users, each with an audit row they made on themselves (so the page names real actors and targets)."""
    for _ in range(count):
        user = make_user(tenant, ROLE_COOK)
        with in_tenant(tenant):
            AuditEntry.objects.create(
                actor_user_id=user.pk,
                actor_email=user.email,
                action="user.test",
                target_type="users.user",
                target_id=str(user.pk),
            )


def test_given_activity_pages_then_query_count_does_not_grow_with_rows(tenant_a, django_assert_num_queries):
    api = admin_api(tenant_a)
    _acted(tenant_a, 2)
    # session (1), count, page, the page's actors, the page's targets (one kind)
    with django_assert_num_queries(5):
        assert api.get("users/activity").status_code == 200
    _acted(tenant_a, 6)
    with django_assert_num_queries(5):
        assert api.get("users/activity").status_code == 200


def test_given_changes_to_a_child_a_group_and_a_deleted_child_then_each_row_names_its_target_as_it_is_now(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT, first_name="Ewa", last_name="Lis")
    child, gone = make_child(tenant_a, parent), make_child(tenant_a, parent)
    api = admin_api(tenant_a)
    group = api.post("children-groups", {"name": "Zerówki"}).json()
    assert api.delete(f"children/{gone.pk}").status_code == 200

    rows = api.get("users/activity", {"action": "child.,children_group."}).json()["items"]

    assert [(row["action"], row["targetId"], row["targetName"]) for row in rows] == [
        ("child.delete", str(gone.pk), None),
        ("children_group.create", str(group["id"]), "Zerówki"),
        ("child.create", str(gone.pk), None),
        ("child.create", str(child.pk), f"Zosia {child.last_name}"),
    ]


@pytest.mark.parametrize("role", [role for role in ROLES if role != ROLE_ADMIN])
def test_given_other_roles_when_reading_activity_then_forbidden(tenant_a, role):
    assert_error(Api(tenant_a, make_user(tenant_a, role)).get("users/activity"), 403, "Forbidden.")


def test_given_another_tenant_then_its_users_are_not_found(tenant_a, tenant_b):
    parent = make_user(tenant_a, ROLE_PARENT)
    api_b = admin_api(tenant_b)

    assert_error(api_b.get(f"users/{parent.pk}"), 404, "Not found.")
    assert_error(api_b.post(f"users/{parent.pk}/paymentsOverdue"), 404, "Not found.")
    assert_error(
        api_b.post("users/bulkPaymentsOverdue", {"usersIds": [parent.pk]}),
        400,
        "The given data was invalid.",
        {"usersIds": ...},
    )


def test_given_a_childs_changes_when_filtering_activity_by_target_then_only_that_childs_rows(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT)
    child, other = make_child(tenant_a, parent), make_child(tenant_a, parent)
    api = admin_api(tenant_a)
    assert api.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": "CARD01"}).status_code == 200
    assert api.put(f"children/{other.pk}/changeCardNumber", {"cardNumber": "CARD02"}).status_code == 200

    rows = api.get("users/activity", {"targetType": "people.child", "targetId": str(child.pk)}).json()["items"]

    assert [(row["action"], row["targetId"]) for row in rows] == [
        ("child.card_number_change", str(child.pk)),
        ("child.create", str(child.pk)),
    ]
    assert (
        api.get("users/activity", {"targetType": "people.workerprofile", "targetId": str(child.pk)}).json()["total"]
        == 0
    )


def test_given_a_meal_ordered_and_a_setting_changed_then_activity_says_what_in_params_and_changes(tenant_a):
    from kantyna.ordering.services.items import ItemRequest, items_place
    from kantyna.ordering.subjects import subject_resolve
    from kantyna.ordering.tests.helpers import next_monday
    from kantyna.testing.world import make_world

    # Given a parent ordered a lunch (charged at once) and an admin changed the order deadline
    monday = next_monday()
    with in_tenant(tenant_a):
        world = make_world(tenant_a)
        subject = subject_resolve("child", world.child.pk, actor=world.parent)
        items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
    api = admin_api(tenant_a)
    api.put("common/settings/ordersConfig", {"orderDeadlineTime": "09:30"})

    # When the admin reads the activity
    rows = api.get("users/activity", {"action": "ledger.,order_items.,settings."}).json()["items"]

    # Then each row carries what happened as typed params and changed fields, and no internal key
    by_action = {row["action"]: row for row in reversed(rows)}  # the newest of each action
    charge = by_action["ledger.post"]
    assert charge["params"] == {
        "count": 1,
        "amount": {"amount": "12.50", "currency": "PLN"},
        "balanceAfter": {"amount": "487.50", "currency": "PLN"},
        "variant": "charge_meal",
        "date": monday.isoformat(),
        "mealType": world.catalog.lunch.name,
    }
    assert (charge["targetType"], charge["targetName"]) == ("ledger.ledgeraccount", world.parent.full_name)
    assert by_action["order_items.place"]["params"] == {
        "count": 1,
        "dates": [monday.isoformat()],
        "mealTypes": [world.catalog.lunch.name],
        "amount": {"amount": "12.50", "currency": "PLN"},
    }
    assert by_action["order_items.place"]["targetName"] == world.parent.full_name
    assert by_action["settings.orders_config"]["changes"] == [
        {"field": "orderDeadlineTime", "before": "12:00", "after": "09:30"}
    ]


def test_given_a_child_moved_to_another_class_then_activity_lists_the_classes_by_name(tenant_a):
    from kantyna.institutions.services import classroom_create
    from kantyna.people.services.children import child_update

    # Given an admin moved a child to class 2b and gave it a discount
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, parent)
    with in_tenant(tenant_a):
        before = child.classroom.name
        other = classroom_create(actor=None, institution=child.classroom.institution, name="2b")
        child_update(actor=None, instance=child, classroom=other, has_discount=True)

    # When the admin reads the child's changes
    (row,) = admin_api(tenant_a).get("users/activity", {"action": "child.update"}).json()["items"]

    # Then the class reads by name and the flag as a boolean, not as ids and texts
    assert sorted(row["changes"], key=lambda change: change["field"]) == [
        {"field": "classroom", "before": before, "after": "2b"},
        {"field": "hasDiscount", "before": False, "after": True},
    ]
