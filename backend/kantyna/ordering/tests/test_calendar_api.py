"""Calendar calls through HTTP: a subject's month, marking, absences, defaults, bulk presences, the subjects
page, events, drafts — per role, per tenant, and a parent only ever reaching their own children."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_PARENT,
    ROLES,
)
from kantyna.ordering.models import Absence, FreeDay, MarkedPresencesDraft, OrderItem
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.ordering.subjects import subject_resolve
from kantyna.ordering.tests.helpers import next_monday
from kantyna.people.models import CalendarSubjectSettings
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, assert_error, make_user
from kantyna.testing.queries import capture_queries
from kantyna.testing.world import balance, set_settings

pytestmark = pytest.mark.django_db


def presences_body(world, *days, meal_types=None):
    meal_types = meal_types or [world.catalog.lunch.pk]
    return {
        "calendarDaysData": [
            {"date": day.isoformat(), "mealTypes": [{"mealTypeId": mt} for mt in meal_types]} for day in days
        ]
    }


def child_path(world, suffix=""):
    return f"calendar/days/child/{world.child.pk}{suffix}"


# The month ---------------------------------------------------------------------------------------------------


def test_given_ordered_days_when_a_parent_reads_the_month_then_each_day_shows_items_prices_and_state(world, tenant_a):
    monday = next_monday()
    with in_tenant(tenant_a):
        subject = subject_resolve("child", world.child.pk, actor=world.parent)
        items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
        FreeDay.objects.create(date=monday + timedelta(days=1), name="Święto")
        Absence.objects.create(child=world.child, date=monday + timedelta(days=2))

    response = Api(tenant_a, world.parent).get(child_path(world), {"month": monday.strftime("%Y-%m")})

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["subject"]["institutionId"] == world.institution.pk
    assert body["subject"]["institutionShortName"] == world.institution.short_name
    assert body["canSeePrices"] is True
    days = {day["date"]: day for day in body["days"]}
    marked = days[monday.isoformat()]
    assert [(i["mealTypeId"], i["price"]["amount"], i["status"]) for i in marked["items"]] == [
        (world.catalog.lunch.pk, "12.50", "active")
    ]
    assert marked["isOpen"] is True and marked["isFreeDay"] is False
    offered = {(a["mealTypeId"], a["portionSizeId"], a["price"]["amount"]) for a in marked["available"]}
    assert offered == {
        (world.catalog.lunch.pk, world.catalog.normal.pk, "12.50"),
        (world.catalog.lunch.pk, world.catalog.small.pk, "10.00"),
        (world.catalog.soup.pk, world.catalog.normal.pk, "5.00"),
        (world.catalog.snack.pk, world.catalog.normal.pk, "3.00"),
    }
    # The vegetarian lunch is not offered to a child on the standard diet (allowAnyDiets is off).
    assert all(a["dietId"] == world.catalog.standard.pk for day in body["days"] for a in day["available"])
    assert days[(monday + timedelta(days=1)).isoformat()]["isFreeDay"] is True
    assert days[(monday + timedelta(days=1)).isoformat()]["available"] == []
    assert days[(monday + timedelta(days=2)).isoformat()]["absence"] is True


def test_given_a_user_who_may_not_see_prices_then_prices_are_null(world, tenant_a):
    with in_tenant(tenant_a):
        world.parent.settings = {"can_see_prices": False}
        world.parent.save()
    body = Api(tenant_a, world.parent).get(child_path(world), {"month": next_monday().strftime("%Y-%m")}).json()
    assert body["canSeePrices"] is False
    assert all(option["price"] is None for day in body["days"] for option in day["available"])


def test_the_month_costs_a_constant_number_of_queries(world, tenant_a):
    monday = next_monday()
    api = Api(tenant_a, world.parent)
    month = {"month": monday.strftime("%Y-%m")}
    api.get(child_path(world), month)
    with capture_queries() as few:
        assert api.get(child_path(world), month).status_code == 200
    with in_tenant(tenant_a):
        subject = subject_resolve("child", world.child.pk, actor=world.parent)
        first = monday.replace(day=1)
        days = [
            first + timedelta(days=offset)
            for offset in range(25)
            if (first + timedelta(days=offset)).month == first.month
        ]
        items_place(
            actor=world.parent,
            subject=subject,
            requests=[
                ItemRequest(day, mt)
                for day in days
                if day >= monday
                for mt in (world.catalog.lunch.pk, world.catalog.soup.pk)
            ]
            or [ItemRequest(monday, world.catalog.lunch.pk)],
        )
    with capture_queries() as many:
        assert api.get(child_path(world), month).status_code == 200
    # 10 for the month, 4 for its allergen clashes (the subject's allergens, meal types, items' diets, menu cells).
    assert len(many) == len(few) == 10 + 4, str(many)


def test_given_another_parents_child_then_every_subject_call_is_404(world, tenant_a):
    stranger = Api(tenant_a, make_user(tenant_a, ROLE_PARENT))
    monday = next_monday()
    for method, suffix, body in [
        ("get", "", None),
        ("get", "/count", None),
        ("get", f"/{monday.isoformat()}", None),
        ("post", "/presences", presences_body(world, monday)),
        ("post", "/absences", {"dates": [monday.isoformat()]}),
        ("post", "/presences/default", {"dates": [monday.isoformat()]}),
    ]:
        response = getattr(stranger, method)(child_path(world, suffix), body)
        assert_error(response, 404, "Not found.")
    with in_tenant(tenant_a):
        assert OrderItem.objects.count() == 0


def test_given_another_tenant_then_its_token_is_401_and_ids_are_404(world, tenant_a, tenant_b):
    other = make_user(tenant_b, ROLE_ADMIN)
    assert Api(tenant_a, token=Api(tenant_b, other).token).get(child_path(world)).status_code == 401
    assert_error(Api(tenant_b, other).get(child_path(world)), 404, "Not found.")
    assert Api(tenant_a).get(child_path(world)).status_code == 401


@pytest.mark.parametrize("role", ROLES)
def test_each_role_reads_a_childs_month_only_if_allowed(world, tenant_a, role):
    user = make_user(tenant_a, role, permissions=["children_edit"] if role == ROLE_INSTITUTIONS_ADMIN else ())
    if role == ROLE_INSTITUTIONS_ADMIN:
        with in_tenant(tenant_a):
            user.institutions.add(world.institution)
    response = Api(tenant_a, user).get(child_path(world))
    if role in (ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN):
        assert response.status_code == 200
    elif role in (ROLE_PARENT,):
        assert response.status_code == 404  # a parent, but not this child's
    elif role == ROLE_INSTITUTION_WORKER:
        assert response.status_code == 404
    else:
        assert_error(response, 403, "Forbidden.")


def test_an_institutions_admin_of_another_institution_gets_404(world, tenant_a):
    user = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["children_edit", "orders_create"])
    assert_error(Api(tenant_a, user).get(child_path(world)), 404, "Not found.")


# Marking -----------------------------------------------------------------------------------------------------


def test_given_a_parent_when_marking_a_week_for_two_children_then_balance_drops_and_cancel_refunds(world, tenant_a):
    monday = next_monday()
    week = [monday + timedelta(days=offset) for offset in range(5)]
    api = Api(tenant_a, world.parent)

    first = api.post(child_path(world, "/presences"), presences_body(world, *week))
    second = api.post(f"calendar/days/child/{world.child2.pk}/presences", presences_body(world, *week))

    assert first.status_code == 200, first.content
    assert first.json()["status"] is True and len(first.json()["created"]) == 5
    assert second.json()["balance"] == {"amount": "375.00", "currency": "PLN"}
    assert second.json()["activeOrdersAmount"] == {"amount": "125.00", "currency": "PLN"}

    cancelled = api.post(child_path(world, "/absences"), {"dates": [monday.isoformat()]})
    assert cancelled.status_code == 200, cancelled.content
    assert cancelled.json()["cancelled"] == 1
    assert cancelled.json()["balance"] == {"amount": "387.50", "currency": "PLN"}
    with in_tenant(tenant_a):
        assert Absence.objects.filter(child=world.child, date=monday).exists()
    assert api.get("auth/currentUser/balance").json()["amount"] == "387.50"


def test_given_the_cutoff_passed_then_a_parent_cannot_mark_or_cancel_but_an_admin_can(world, tenant_a):
    with in_tenant(tenant_a):
        set_settings("orders_config", order_deadline_days_before=14, order_deadline_time="00:00")
    monday = next_monday()
    api = Api(tenant_a, world.parent)
    assert_error(
        api.post(child_path(world, "/presences"), presences_body(world, monday)),
        400,
        "Ordering for this day is closed.",
        {"date": ...},
    )
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    assert admin.post(child_path(world, "/presences"), presences_body(world, monday)).status_code == 200
    assert_error(
        api.post(child_path(world, "/absences"), {"dates": [monday.isoformat()]}),
        400,
        "Ordering for this day is closed.",
        {"date": ...},
    )
    assert admin.post(child_path(world, "/absences"), {"dates": [monday.isoformat()]}).json()["cancelled"] == 1


@pytest.mark.parametrize(
    ("fee", "error"),
    [
        ("1_0", "Enter an amount as digits with an optional dot and at most two decimal places, e.g. 12.50."),
        ("-1.00", "The amount cannot be negative."),
        ("1000.01", "Enter an amount of at most 1000.00 PLN."),
    ],
)
def test_given_a_bad_manipulation_fee_when_an_admin_marks_then_400_and_nothing_is_ordered(world, tenant_a, fee, error):
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    with in_tenant(tenant_a):
        before = balance(world.parent)
    body = {**presences_body(world, next_monday()), "addManipulationFee": True, "manipulationFee": fee}

    response = admin.post(child_path(world, "/presences"), body)

    assert_error(response, 400, "The given data was invalid.", {"manipulationFee": [error]})
    with in_tenant(tenant_a):
        assert not OrderItem.objects.filter(child=world.child).exists()
        assert balance(world.parent) == before


def test_given_a_closed_day_without_meals_when_a_parent_marks_an_absence_then_it_is_refused_and_nothing_recorded(
    world, tenant_a
):
    # Given the cut-off for next Monday has passed and the child has nothing ordered that day
    with in_tenant(tenant_a):
        set_settings("orders_config", order_deadline_days_before=14, order_deadline_time="00:00")
        entries_before = AuditEntry.objects.count()
    monday = next_monday()
    api = Api(tenant_a, world.parent)

    # When the parent marks an absence there
    response = api.post(child_path(world, "/absences"), {"dates": [monday.isoformat()]})

    # Then it is refused like any other change after the cut-off, and no absence nor audit entry is recorded
    assert_error(response, 400, "Ordering for this day is closed.", {"date": ...})
    with in_tenant(tenant_a):
        assert not Absence.objects.filter(child=world.child).exists()
        assert AuditEntry.objects.count() == entries_before


def test_given_a_closed_day_without_meals_when_an_admin_marks_an_absence_then_it_is_recorded(world, tenant_a):
    with in_tenant(tenant_a):
        set_settings("orders_config", order_deadline_days_before=14, order_deadline_time="00:00")
    monday = next_monday()
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = admin.post(child_path(world, "/absences"), {"dates": [monday.isoformat()]})

    assert response.status_code == 200, response.content
    assert response.json()["cancelled"] == 0
    with in_tenant(tenant_a):
        assert list(Absence.objects.filter(child=world.child).values_list("date", flat=True)) == [monday]


def test_given_no_funds_then_marking_is_refused_with_409(world, tenant_a):
    poor = make_user(tenant_a, ROLE_PARENT)
    with in_tenant(tenant_a):
        from kantyna.people.services.children import child_create

        child = child_create(
            actor=None,
            parent=poor,
            first_name="A",
            last_name="B",
            classroom=world.classroom,
            diet=world.catalog.standard,
        )
    response = Api(tenant_a, poor).post(
        f"calendar/days/child/{child.pk}/presences", presences_body(world, next_monday())
    )
    assert response.status_code == 409
    assert response.json()["message"] == "Insufficient funds."


def test_a_worker_marks_for_themselves_by_their_user_id(world, tenant_a):
    api = Api(tenant_a, world.worker_user)
    response = api.post(
        f"calendar/days/institution_worker/{world.worker_user.pk}/presences", presences_body(world, next_monday())
    )
    assert response.status_code == 200, response.content
    assert response.json()["created"][0]["price"]["amount"] == "20.00"
    assert_error(api.get(child_path(world)), 404, "Not found.")


def test_the_same_idempotency_key_twice_orders_once(world, tenant_a):
    api = Api(tenant_a, world.parent)
    body = {**presences_body(world, next_monday()), "idempotencyKey": "tab-1-click-1"}
    api.post(child_path(world, "/presences"), body)
    api.post(child_path(world, "/presences"), body)
    with in_tenant(tenant_a):
        assert OrderItem.objects.filter(child=world.child).count() == 1
        assert balance(world.parent) == Decimal("487.50")


def test_default_presences_mark_the_autoselected_meal_types(world, tenant_a):
    monday = next_monday()
    with in_tenant(tenant_a):
        settings, _created = CalendarSubjectSettings.objects.get_or_create(child=world.child)
        settings.autoselected_meal_types.set([world.catalog.soup, world.catalog.lunch])
    response = Api(tenant_a, world.parent).post(
        child_path(world, "/presences/default"),
        {"dateFrom": monday.isoformat(), "dateTo": (monday + timedelta(days=1)).isoformat()},
    )
    assert response.status_code == 200, response.content
    assert len(response.json()["created"]) == 4


def test_count_and_one_day(world, tenant_a):
    monday = next_monday()
    api = Api(tenant_a, world.parent)
    api.post(child_path(world, "/presences"), presences_body(world, monday, monday + timedelta(days=1)))
    assert api.get(child_path(world, "/count")).json() == {
        "count": 2,
        "days": 2,
        "amount": {"amount": "25.00", "currency": "PLN"},
    }
    day = api.get(child_path(world, f"/{monday.isoformat()}")).json()
    assert day["day"]["date"] == monday.isoformat() and len(day["day"]["items"]) == 1


@pytest.mark.parametrize("role", ROLES)
def test_each_role_marks_only_if_allowed(world, tenant_a, role):
    user = make_user(tenant_a, role, permissions=["orders_create"] if role == ROLE_INSTITUTIONS_ADMIN else ())
    if role == ROLE_INSTITUTIONS_ADMIN:
        with in_tenant(tenant_a):
            user.institutions.add(world.institution)
    response = Api(tenant_a, user).post(child_path(world, "/presences"), presences_body(world, next_monday()))
    if role in (ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN):
        assert response.status_code == 200, response.content
    elif role in (ROLE_PARENT, ROLE_INSTITUTION_WORKER):
        assert response.status_code == 404
    else:
        assert_error(response, 403, "Forbidden.")
        with in_tenant(tenant_a):
            assert OrderItem.objects.count() == 0


# Bulk presences ----------------------------------------------------------------------------------------------


def test_an_admin_bulk_marks_subjects_and_dates(world, tenant_a):
    monday = next_monday()
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    response = admin.post(
        "calendar/bulkPresences/mark",
        {
            "subjects": [
                {"type": "child", "id": world.child.pk},
                {"type": "child", "id": world.child2.pk},
                {"type": "institution_worker", "id": world.worker_user.pk},
            ],
            "dates": [monday.isoformat(), (monday + timedelta(days=1)).isoformat()],
            "mealTypesIds": [world.catalog.lunch.pk],
        },
    )
    assert response.status_code == 200, response.content
    assert response.json() == {"status": True, "subjects": 3, "created": 6, "skipped": 0, "errors": []}
    ranged = admin.post(
        "calendar/bulkPresences/markRange",
        {
            "institutionId": world.institution.pk,
            "dateFrom": monday.isoformat(),
            "dateTo": (monday + timedelta(days=6)).isoformat(),
            "mealTypesIds": [world.catalog.lunch.pk],
        },
    )
    assert ranged.status_code == 200, ranged.content
    assert ranged.json()["created"] == 9 and ranged.json()["skipped"] == 6


@pytest.mark.parametrize("role", [r for r in ROLES if r != ROLE_ADMIN])
def test_bulk_presences_are_admin_only(world, tenant_a, role):
    response = Api(tenant_a, make_user(tenant_a, role)).post(
        "calendar/bulkPresences/mark",
        {"subjects": [{"type": "child", "id": world.child.pk}], "dates": [next_monday().isoformat()]},
    )
    assert_error(response, 403, "Forbidden.")


# Subjects page, events, drafts -------------------------------------------------------------------------------


def test_the_subjects_page_lists_children_then_workers_with_day_counts(world, tenant_a):
    monday = next_monday()
    Api(tenant_a, world.parent).post(child_path(world, "/presences"), presences_body(world, monday))
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    month = {"month": monday.strftime("%Y-%m"), "institutionId": world.institution.pk}
    admin.get("calendar/days/subjects", month)
    with capture_queries() as queries:
        response = admin.get("calendar/days/subjects", month)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["total"] == 3
    assert [(row["type"], row["id"]) for row in body["items"]] == [
        ("child", world.child2.pk),
        ("child", world.child.pk),
        ("institution_worker", world.worker_user.pk),
    ]
    assert body["items"][1]["days"] == [{"date": monday.isoformat(), "items": 1, "absence": False}]
    assert len(queries) <= 11, str(queries)
    page2 = admin.get("calendar/days/subjects", {**month, "perPage": 2, "page": 2}).json()
    assert [row["type"] for row in page2["items"]] == ["institution_worker"]
    assert admin.get("calendar/days/subjects", {**month, "search": "Jan"}).json()["total"] == 1


@pytest.mark.parametrize("role", ROLES)
def test_the_subjects_page_is_for_admins_and_institutions_admins_with_children_edit(world, tenant_a, role):
    user = make_user(tenant_a, role, permissions=["children_edit"] if role == ROLE_INSTITUTIONS_ADMIN else ())
    response = Api(tenant_a, user).get("calendar/days/subjects")
    if role in (ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN):
        assert response.status_code == 200
        if role == ROLE_INSTITUTIONS_ADMIN:
            assert response.json()["total"] == 0  # no institution of theirs
    else:
        assert_error(response, 403, "Forbidden.")


def test_events_show_free_days_and_the_callers_ordered_days(world, tenant_a):
    monday = next_monday()
    api = Api(tenant_a, world.parent)
    api.post(child_path(world, "/presences"), presences_body(world, monday))
    with in_tenant(tenant_a):
        FreeDay.objects.create(date=monday + timedelta(days=2), name="Wolne")
    body = api.get(
        "calendar/days/events", {"dateFrom": monday.isoformat(), "dateTo": (monday + timedelta(days=6)).isoformat()}
    ).json()
    assert [free["date"] for free in body["freeDays"]] == [(monday + timedelta(days=2)).isoformat()]
    assert body["days"] == [
        {
            "date": monday.isoformat(),
            "subjects": [
                {
                    "type": "child",
                    "id": world.child.pk,
                    "name": "Ola Nowak",
                    "items": 1,
                    "amount": {"amount": "12.50", "currency": "PLN"},
                }
            ],
        }
    ]
    other = Api(tenant_a, make_user(tenant_a, ROLE_PARENT)).get(
        "calendar/days/events", {"dateFrom": monday.isoformat(), "dateTo": monday.isoformat()}
    )
    assert other.json()["days"] == []


def test_drafts_save_load_and_delete_per_user(world, tenant_a):
    api = Api(tenant_a, world.parent)
    first = {"month": "2026-12", "dates": ["2026-12-01"], "subjects": [{"type": "child", "id": 7}]}
    second = {"month": "2026-12", "dates": ["2026-12-02"], "subjects": []}
    assert api.get("calendar/days/markedPresencesDrafts").json() == {"id": None, "data": None, "updatedAt": None}
    saved = api.post("calendar/days/markedPresencesDrafts", {"data": first})
    assert saved.status_code == 201 and isinstance(saved.json()["id"], int)
    api.post("calendar/days/markedPresencesDrafts", {"data": second})
    assert api.get("calendar/days/markedPresencesDrafts").json()["data"] == second
    other = Api(tenant_a, make_user(tenant_a, ROLE_PARENT))
    assert other.get("calendar/days/markedPresencesDrafts").json()["id"] is None
    assert api.delete("calendar/days/markedPresencesDrafts").json() == {"status": True}
    with in_tenant(tenant_a):
        assert MarkedPresencesDraft.objects.count() == 0
    assert_error(
        Api(tenant_a, make_user(tenant_a, ROLE_COOK)).get("calendar/days/markedPresencesDrafts"), 403, "Forbidden."
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "data"),
        ({"data": {"month": "2026-13", "dates": [], "subjects": []}}, "data.month"),
        ({"data": {"month": "2026-12", "dates": ["2026-12-01"] * 63, "subjects": []}}, "data.dates"),
        ({"data": {"month": "2026-12", "dates": [], "subjects": [{"type": "child", "id": 1}] * 201}}, "data.subjects"),
    ],
)
def test_a_draft_that_is_missing_or_not_a_calendar_selection_is_refused_and_nothing_is_saved(
    world, tenant_a, body, field
):
    response = Api(tenant_a, world.parent).post("calendar/days/markedPresencesDrafts", body)
    assert response.status_code == 400
    assert [key for key in response.json()["errors"] if key.startswith(field)] != []
    with in_tenant(tenant_a):
        assert MarkedPresencesDraft.objects.count() == 0


def test_the_month_shows_the_menu_of_the_subjects_institution_and_diet(world, tenant_a):
    from kantyna.meals.services import meal_create
    from kantyna.menus.models import MealsMenu, MealsMenuItem

    monday = next_monday()
    with in_tenant(tenant_a):
        menu = MealsMenu.objects.create(name="Grudzień", date_from=monday, date_to=monday + timedelta(days=4))
        menu.institutions.set([world.institution])
        menu.diets.set([world.catalog.standard])
        other = MealsMenu.objects.create(name="Wege", date_from=monday, date_to=monday)
        other.institutions.set([world.institution])
        other.diets.set([world.catalog.vegetarian])
        soup, cutlet, salad = (meal_create(actor=None, name=name) for name in ("Pomidorowa", "Kotlet", "Sałatka"))
        MealsMenuItem.objects.create(menu=menu, date=monday, meal_type=world.catalog.soup, meal=soup)
        MealsMenuItem.objects.create(menu=menu, date=monday, meal_type=world.catalog.lunch, meal=cutlet)
        MealsMenuItem.objects.create(menu=other, date=monday, meal_type=world.catalog.lunch, meal=salad)
    body = Api(tenant_a, world.parent).get(child_path(world), {"month": monday.strftime("%Y-%m")}).json()
    day = next(day for day in body["days"] if day["date"] == monday.isoformat())
    assert day["menu"] == [
        {"mealTypeId": world.catalog.soup.pk, "mealTypeName": "Zupa", "meals": [{"id": soup.pk, "name": "Pomidorowa"}]},
        {"mealTypeId": world.catalog.lunch.pk, "mealTypeName": "Obiad", "meals": [{"id": cutlet.pk, "name": "Kotlet"}]},
    ]
