"""Meal receivers' settings: `calendar/subjectsSettings/{type}/{id}` and the child form's nested settings."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.catalog.services import meal_type_create, portion_size_create
from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.people.models import CalendarSubjectSettingsLog
from kantyna.people.services.subject_settings import last_friday_of_june, school_year_bounds
from kantyna.people.services.workers import worker_profile_create
from kantyna.pricing.selectors import today
from kantyna.pricing.services import price_list_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.world import make_children_world

from .helpers import institutions_admin, make_child, payload


def _menu(tenant, world):
    """Lunch and soup priced in the children's default group for the world's diet; lunch also in another group."""
    with in_tenant(tenant):
        portion = portion_size_create(actor=None, name=f"Normalna {world.institution.pk}")
        lunch = meal_type_create(actor=None, name=f"Obiad {world.institution.pk}", position=1, portion_sizes=[portion])
        soup = meal_type_create(actor=None, name=f"Zupa {world.institution.pk}", position=2, portion_sizes=[portion])
        start = today() - timedelta(days=10)
        own = price_list_create(
            actor=None,
            group=world.default_group,
            name="Dzieci",
            valid_from=start,
            items=[
                {"meal_type": lunch, "diet": world.diet, "portion_size": portion, "price": "12.00"},
                {"meal_type": soup, "diet": world.diet, "portion_size": portion, "price": "5.00"},
            ],
        )
        other = price_list_create(
            actor=None,
            group=world.other_group,
            name="Inna",
            valid_from=start,
            items=[{"meal_type": lunch, "diet": world.diet, "portion_size": portion, "price": "20.00"}],
        )
        items = {item.meal_type_id: item for item in own.items.all()}
        return lunch, soup, items[lunch.pk], items[soup.pk], other.items.get()


def test_school_year_defaults():
    assert last_friday_of_june(2026) == date(2026, 6, 26)
    assert school_year_bounds(date(2026, 11, 22)) == (date(2026, 9, 1), date(2027, 6, 25))
    assert school_year_bounds(date(2026, 3, 1)) == (date(2025, 9, 1), date(2026, 6, 26))
    assert school_year_bounds(date(2026, 7, 15)) == (date(2026, 9, 1), date(2027, 6, 25))


def test_get_and_put_child_settings_logs_every_automark_change(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    lunch, _soup, lunch_item, _soup_item, _other = _menu(tenant_a, world)
    api = Api(tenant_a, parent)
    url = f"calendar/subjectsSettings/child/{child.pk}"

    body = api.get(url).json()
    start, end = school_year_bounds()
    assert body["calendarSubjectSettings"]["automarkStartDate"] == start.isoformat()
    assert body["calendarSubjectSettings"]["automarkEndDate"] == end.isoformat()

    sent = {
        "calendarSubjectSettings": {
            "automarkPresences": False,
            "automarkedWeekdays": {"onMonday": True, "onTuesday": False, "onWednesday": True},
            "autoselectionInterval": "one_week",
            "autoselectedMealTypes": [lunch.pk],
            "autoselectedPriceListsItemsIds": [lunch_item.pk],
        },
        "subjectNotificationsSettings": {
            "missingOrdersEnabled": True,
            "missingOrdersDaysBefore": 2,
            "missingOrdersTriggerTime": "08:30",
        },
    }
    saved = api.put(url, sent).json()
    assert saved["calendarSubjectSettings"]["automarkPresences"] is False
    assert saved["calendarSubjectSettings"]["automarkedWeekdays"]["onTuesday"] is False
    assert saved["calendarSubjectSettings"]["automarkedWeekdays"]["onFriday"] is True  # a missing day: its default
    assert saved["calendarSubjectSettings"]["autoselectedPriceListsItemsIds"] == [lunch_item.pk]
    assert saved["subjectNotificationsSettings"] == {
        "missingOrdersEnabled": True,
        "missingOrdersDaysBefore": 2,
        "missingOrdersTriggerTime": "08:30",
    }
    api.put(url, {"calendarSubjectSettings": {"automarkPresences": True}})
    with in_tenant(tenant_a):
        logs = list(
            CalendarSubjectSettingsLog.objects.filter(settings__child=child)
            .order_by("id")
            .values_list("old_automark_presences", "new_automark_presences", "changed_by_id")
        )
    assert logs == [(None, True, None), (True, False, parent.pk), (False, True, parent.pk)]
    admin_view = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).get(f"children/{child.pk}").json()
    assert [log["newAutomarkPresences"] for log in admin_view["calendarSubjectSettingsLogs"]] == [True, False, True]


def test_autoselected_items_must_be_the_childs_price_list_items(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    lunch, soup, lunch_item, soup_item, other_group_item = _menu(tenant_a, world)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    url = f"calendar/subjectsSettings/child/{child.pk}"
    message = ["Choose items of the receiver's price list for the autoselected meal types."]

    foreign = {"autoselectedMealTypes": [lunch.pk], "autoselectedPriceListsItemsIds": [other_group_item.pk]}
    assert_error(
        api.put(url, {"calendarSubjectSettings": foreign}),
        400,
        "The given data was invalid.",
        {"calendarSubjectSettings.autoselectedPriceListsItemsIds": message},
    )
    # An item of a meal type that is not autoselected is dropped, not stored.
    both = {"autoselectedMealTypes": [lunch.pk], "autoselectedPriceListsItemsIds": [lunch_item.pk, soup_item.pk]}
    saved = api.put(url, {"calendarSubjectSettings": both}).json()["calendarSubjectSettings"]
    assert (saved["autoselectedMealTypes"], saved["autoselectedPriceListsItemsIds"]) == ([lunch.pk], [lunch_item.pk])
    assert soup  # priced too, but not chosen


def test_end_date_not_before_start(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).put(
        f"calendar/subjectsSettings/child/{child.pk}",
        {"calendarSubjectSettings": {"automarkStartDate": "2027-01-10", "automarkEndDate": "2027-01-01"}},
    )
    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"calendarSubjectSettings.automarkEndDate": ["The end date cannot be earlier than the start date."]},
    )


def test_settings_saved_with_the_child_form(tenant_a):
    world = make_children_world(tenant_a)
    lunch, _soup, lunch_item, _soup_item, _other = _menu(tenant_a, world)
    body = payload(
        world,
        make_user(tenant_a, ROLE_PARENT),
        calendarSubjectSettings={
            "automarkPresences": True,
            "autoselectedMealTypes": [lunch.pk],
            "autoselectedPriceListsItemsIds": [lunch_item.pk],
        },
        subjectNotificationsSettings={"missingOrdersEnabled": True, "missingOrdersDaysBefore": 3},
    )
    created = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).post("children", body).json()
    assert created["calendarSubjectSettings"]["autoselectedPriceListsItemsIds"] == [lunch_item.pk]
    assert created["subjectNotificationsSettings"]["missingOrdersDaysBefore"] == 3


def test_given_a_parents_child_when_the_notification_settings_are_put_alone_then_only_they_change(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    api = Api(tenant_a, parent)
    before = api.get(f"calendar/subjectsSettings/child/{child.pk}").json()

    response = api.put(
        f"notifications/child/{child.pk}/settings",
        {"missingOrdersEnabled": True, "missingOrdersDaysBefore": 3, "missingOrdersTriggerTime": "18:30"},
    )

    assert response.status_code == 200, response.content
    expected = {"missingOrdersEnabled": True, "missingOrdersDaysBefore": 3, "missingOrdersTriggerTime": "18:30"}
    assert response.json() == expected
    after = api.get(f"calendar/subjectsSettings/child/{child.pk}").json()
    assert after == {
        "calendarSubjectSettings": before["calendarSubjectSettings"],
        "subjectNotificationsSettings": expected,
    }
    # A key left out keeps its value.
    assert api.put(f"notifications/child/{child.pk}/settings", {"missingOrdersEnabled": False}).json() == {
        **expected,
        "missingOrdersEnabled": False,
    }


def test_given_bad_notification_settings_when_put_then_each_field_is_named_and_nothing_changes(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    api = Api(tenant_a, parent)
    before = api.get(f"calendar/subjectsSettings/child/{child.pk}").json()

    response = api.put(
        f"notifications/child/{child.pk}/settings",
        {"missingOrdersEnabled": True, "missingOrdersDaysBefore": 0, "missingOrdersTriggerTime": "25:00"},
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"missingOrdersDaysBefore": ..., "missingOrdersTriggerTime": ...},
    )
    assert api.get(f"calendar/subjectsSettings/child/{child.pk}").json() == before


def test_given_an_unknown_receiver_type_when_notification_settings_are_put_then_not_found(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).put(
        f"notifications/classroom/{child.pk}/settings", {"missingOrdersEnabled": True}
    )
    assert_error(response, 404, "Not found.")


def test_worker_reads_own_settings_by_user_id(tenant_a):
    world = make_children_world(tenant_a)
    worker = make_user(tenant_a, ROLE_INSTITUTION_WORKER)
    with in_tenant(tenant_a):
        worker_profile_create(actor=None, user=worker, institution=world.institution, diet=world.diet)
    api = Api(tenant_a, worker)
    url = f"calendar/subjectsSettings/institution_worker/{worker.pk}"
    assert api.get(url).json()["calendarSubjectSettings"]["automarkPresences"] is True
    assert api.put(url, {"subjectNotificationsSettings": {"missingOrdersEnabled": True}}).status_code == 200
    other = make_user(tenant_a, ROLE_INSTITUTION_WORKER)
    assert_error(Api(tenant_a, other).get(url), 404, "Not found.")


@pytest.mark.parametrize("role", [ROLE_COOK, ROLE_INSTITUTION_WORKER])
def test_other_roles_do_not_reach_a_childs_settings(tenant_a, role):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    assert_error(
        Api(tenant_a, make_user(tenant_a, role)).get(f"calendar/subjectsSettings/child/{child.pk}"), 404, "Not found."
    )


def test_institutions_admin_without_children_edit_cannot_read_settings(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    url = f"calendar/subjectsSettings/child/{child.pk}"
    assert_error(
        Api(tenant_a, institutions_admin(tenant_a, world.institution, permissions=())).get(url), 404, "Not found."
    )
    assert Api(tenant_a, institutions_admin(tenant_a, world.institution)).get(url).status_code == 200


# Spec §4: a change of diet, institution or price lists group clears the autoselections that no longer apply ------


def _child_with_autoselections(tenant, world):
    child = make_child(tenant, world)
    lunch, soup, lunch_item, soup_item, _other = _menu(tenant, world)
    admin = Api(tenant, make_user(tenant, ROLE_ADMIN))
    sent = {
        "calendarSubjectSettings": {
            "autoselectedMealTypes": [lunch.pk, soup.pk],
            "autoselectedPriceListsItemsIds": [lunch_item.pk, soup_item.pk],
        }
    }
    assert admin.put(f"calendar/subjectsSettings/child/{child.pk}", sent).status_code == 200
    return child, admin, (lunch, soup, lunch_item, soup_item)


def _autoselections(api, child) -> tuple[list, list]:
    settings = api.get(f"calendar/subjectsSettings/child/{child.pk}").json()["calendarSubjectSettings"]
    return sorted(settings["autoselectedMealTypes"]), sorted(settings["autoselectedPriceListsItemsIds"])


def test_given_autoselections_when_only_the_name_changes_then_they_stay(tenant_a):
    world = make_children_world(tenant_a)
    child, admin, (lunch, soup, lunch_item, soup_item) = _child_with_autoselections(tenant_a, world)

    assert admin.put(f"children/{child.pk}", payload(world, firstName="Ala")).status_code == 200

    assert _autoselections(admin, child) == (sorted([lunch.pk, soup.pk]), sorted([lunch_item.pk, soup_item.pk]))


@pytest.mark.parametrize("change", ["dietId", "priceListsGroupId"])
def test_given_autoselections_when_the_diet_or_group_changes_then_items_go_and_meal_types_stay(tenant_a, change):
    world = make_children_world(tenant_a)
    child, admin, (lunch, soup, lunch_item, soup_item) = _child_with_autoselections(tenant_a, world)
    value = world.strict_diet.pk if change == "dietId" else world.other_group.pk

    assert admin.put(f"children/{child.pk}", payload(world, **{change: value})).status_code == 200

    assert _autoselections(admin, child) == (sorted([lunch.pk, soup.pk]), [])
    with in_tenant(tenant_a):
        entry = AuditEntry.objects.get(action="subject_settings.autoselections_cleared")
    assert (entry.data["id"], entry.data["meal_types"], entry.data["price_list_items"]) == (
        child.pk,
        [],
        sorted([lunch_item.pk, soup_item.pk]),
    )


def test_given_autoselections_when_the_child_moves_to_another_institution_then_all_go(tenant_a):
    world = make_children_world(tenant_a)
    child, admin, (lunch, soup, _lunch_item, _soup_item) = _child_with_autoselections(tenant_a, world)

    assert admin.put(f"children/{child.pk}/changeClassroom/{world.other_classroom.pk}").status_code == 200

    assert _autoselections(admin, child) == ([], [])
    with in_tenant(tenant_a):
        entry = AuditEntry.objects.get(action="subject_settings.autoselections_cleared")
    assert entry.data["meal_types"] == sorted([lunch.pk, soup.pk])
