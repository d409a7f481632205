"""`dailyMealsReleases` and `kitchensMealsReleases` over HTTP: the answers' shapes, ordered vs released, the
nearest day, the transport day and its marks, the route sheet, and lists whose query count does not grow."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK
from kantyna.kitchen.models import DailyMealsRelease, KitchenMealsRelease
from kantyna.kitchen.tests.helpers import make_kitchen_world, make_route, meal, more_children
from kantyna.logistics.models import RouteNumber
from kantyna.ordering.cutoff import tenant_today
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.factories import make_user
from kantyna.testing.pdf import pdf_pages
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db


@pytest.fixture
def kw(tenant_a):
    with in_tenant(tenant_a):
        kw = make_kitchen_world(tenant_a)
        w, c = kw.world, kw.catalog
        meal(kw, child=w.child)
        meal(kw, child=w.child2, status="served")
        meal(kw, child=w.child2, meal_type=c.soup)
        meal(kw, worker=w.worker, status="cancelled")
        meal(kw, child=kw.other_child, diet=c.vegetarian)
        kw.route = make_route(kw)
    return kw


@pytest.fixture
def admin_api(tenant_a):
    return Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))


def replace_body(kw, *rows):
    return {"date": kw.day.isoformat(), "institutionId": kw.world.institution.pk, "rows": list(rows)}


def test_given_releases_when_grouping_then_ordered_released_and_difference_per_meal_type_and_diet(kw, admin_api):
    c, w = kw.catalog, kw.world
    response = admin_api.post(
        "dailyMealsReleases/replace",
        replace_body(
            kw,
            {"mealTypeId": c.lunch.pk, "dietId": c.standard.pk, "quantity": 1},
            {"mealTypeId": c.lunch.pk, "dietId": c.standard.pk, "portionSizeId": c.small.pk, "quantity": 2},
        ),
    )
    assert response.status_code == 201, response.content
    assert [(r["mealTypeId"], r["portionSizeId"], r["quantity"]) for r in response.json()["rows"]] == [
        (c.lunch.pk, None, 1),
        (c.lunch.pk, c.small.pk, 2),
    ]

    response = admin_api.get("dailyMealsReleases/grouped", {"date": kw.day.isoformat()})

    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["dateFrom"], body["dateTo"]) == (kw.day.isoformat(), kw.day.isoformat())
    by_institution = {group["institutionId"]: group for group in body["institutions"]}
    mine = by_institution[w.institution.pk]
    assert (mine["recorded"], mine["ordered"], mine["released"], mine["difference"]) == (True, 3, 3, 0)
    assert [(r["mealTypeName"], r["dietName"], r["ordered"], r["released"], r["difference"]) for r in mine["rows"]] == [
        (c.soup.name, c.standard.name, 1, 0, -1),  # the soup comes first in the menu's order of meal types
        (c.lunch.name, c.standard.name, 2, 3, 1),
    ]
    other = by_institution[kw.other_institution.pk]
    assert (other["recorded"], other["ordered"], other["released"]) == (False, 1, 0)


def test_given_an_earlier_day_with_releases_when_asking_the_nearest_then_that_day_grouped(kw, admin_api):
    c, w = kw.catalog, kw.world
    earlier = kw.day - timedelta(days=3)
    row = {"mealTypeId": c.lunch.pk, "dietId": c.standard.pk, "quantity": 4}
    assert (
        admin_api.post("dailyMealsReleases/replace", {**replace_body(kw, row), "date": earlier.isoformat()}).status_code
        == 201
    )

    response = admin_api.get(
        "dailyMealsReleases/grouped/nearest", {"date": kw.day.isoformat(), "institutionsIds": str(w.institution.pk)}
    )

    body = response.json()
    assert body["dateFrom"] == earlier.isoformat()
    assert [
        (g["institutionId"], [(r["mealTypeId"], r["released"]) for r in g["rows"]]) for g in body["institutions"]
    ] == [(w.institution.pk, [(c.lunch.pk, 4)])]
    none = admin_api.get("dailyMealsReleases/grouped/nearest", {"date": earlier.isoformat()}).json()
    assert none == {"dateFrom": None, "dateTo": None, "institutions": []}


def test_given_a_row_when_creating_updating_and_deleting_then_crud_answers_and_duplicates_are_409(kw, admin_api):
    c, w = kw.catalog, kw.world
    body = {
        "date": kw.day.isoformat(),
        "institutionId": w.institution.pk,
        "mealTypeId": c.lunch.pk,
        "dietId": c.standard.pk,
        "quantity": 5,
    }
    created = admin_api.post("dailyMealsReleases", body)
    assert created.status_code == 201, created.content
    release_id = created.json()["id"]
    duplicate = admin_api.post("dailyMealsReleases", body)
    assert duplicate.status_code == 409
    assert duplicate.json()["message"] == "This release is already recorded."

    updated = admin_api.put(f"dailyMealsReleases/{release_id}", {**body, "quantity": 6, "note": "korekta"})
    assert updated.status_code == 200, updated.content
    assert (updated.json()["quantity"], updated.json()["note"]) == (6, "korekta")
    negative = admin_api.put(f"dailyMealsReleases/{release_id}", {**body, "quantity": -1})
    assert negative.status_code == 400
    assert admin_api.get(f"dailyMealsReleases/{release_id}").json()["quantity"] == 6

    assert admin_api.delete(f"dailyMealsReleases/{release_id}").json() == {"status": True}
    assert admin_api.get("dailyMealsReleases").json()["items"] == []


def test_given_many_rows_when_listing_then_the_query_count_does_not_grow(kw, admin_api, tenant_a):
    c, w = kw.catalog, kw.world
    admin_api.post(
        "dailyMealsReleases/replace",
        replace_body(kw, {"mealTypeId": c.lunch.pk, "dietId": c.standard.pk, "quantity": 1}),
    )
    with capture_queries() as few:
        assert admin_api.get("dailyMealsReleases").status_code == 200
    with in_tenant(tenant_a):
        for days in range(1, 11):
            DailyMealsRelease.objects.create(
                date=kw.day - timedelta(days=days),
                institution=w.institution,
                meal_type=c.lunch,
                diet=c.standard,
                quantity=days,
            )
    with capture_queries() as many:
        response = admin_api.get("dailyMealsReleases")
    assert len(response.json()["items"]) == 11
    assert len(many) == len(few)


def test_given_more_orders_when_grouping_then_the_query_count_does_not_grow(kw, admin_api, tenant_a):
    with capture_queries() as few:
        admin_api.get("dailyMealsReleases/grouped", {"date": kw.day.isoformat()})
    with in_tenant(tenant_a):
        for child in more_children(kw, 5):
            meal(kw, child=child)
    with capture_queries() as many:
        admin_api.get("dailyMealsReleases/grouped", {"date": kw.day.isoformat()})
    assert len(many) == len(few)


def test_given_a_cook_when_marking_the_batch_released_then_the_transport_day_shows_it_and_undo_clears_it(kw, tenant_a):
    cook = make_user(tenant_a, ROLE_COOK)
    api = Api(tenant_a, cook)
    batch = {"kitchenId": kw.kitchen.pk, "date": kw.day.isoformat(), "routeNumberId": kw.route.pk}

    before = api.get("kitchensMealsReleases/transport", {"kitchenId": kw.kitchen.pk, "date": kw.day.isoformat()}).json()
    assert [(r["number"], r["releaseId"], r["releasedForTransport"]) for r in before["routes"]] == [("R1", None, False)]
    # The kitchen prepares the world institution's lunch only: one stop, two lunches (the soup is not its).
    route = before["routes"][0]
    assert route["driverName"] == "Jan Kierowca"
    assert [
        (s["institutionName"], s["portions"], [(m["name"], m["portions"]) for m in s["mealTypes"]])
        for s in route["stops"]
    ] == [(kw.world.institution.name, 2, [(kw.catalog.lunch.name, 2)])]

    assert api.post("kitchensMealsReleases/markAsReleasedForTransport", batch).json() == {"status": True}
    assert api.post("kitchensMealsReleases/markAsReleasedForTransport", batch).json() == {"status": True}

    after = api.get("kitchensMealsReleases/transport", {"kitchenId": kw.kitchen.pk, "date": kw.day.isoformat()}).json()
    route = after["routes"][0]
    assert (route["releasedForTransport"], route["releasedForTransportBy"]) == (True, cook.full_name)
    with in_tenant(tenant_a):
        assert KitchenMealsRelease.objects.count() == 1
        assert AuditEntry.objects.filter(action="kitchen_release.mark_released").count() == 1

    assert api.post("kitchensMealsReleases/markAsNotReleasedForTransport", batch).json() == {"status": True}
    with in_tenant(tenant_a):
        release = KitchenMealsRelease.objects.get()
        assert (release.released_for_transport_at, release.released_for_transport_by) == (None, None)
        undo = AuditEntry.objects.get(action="kitchen_release.mark_not_released")
        assert undo.data["released_by"] == cook.pk


def test_given_a_past_days_released_batch_when_undoing_then_409_and_still_released(kw, tenant_a, admin_api):
    yesterday = tenant_today() - timedelta(days=1)
    batch = {"kitchenId": kw.kitchen.pk, "date": yesterday.isoformat(), "routeNumberId": kw.route.pk}
    admin_api.post("kitchensMealsReleases/markAsReleasedForTransport", batch)

    response = admin_api.post("kitchensMealsReleases/markAsNotReleasedForTransport", batch)

    assert response.status_code == 409
    with in_tenant(tenant_a):
        assert KitchenMealsRelease.objects.get().released_for_transport_at is not None


def test_given_batches_when_creating_and_deleting_then_201_409_and_released_ones_refuse_deletion(
    kw, tenant_a, admin_api
):
    with in_tenant(tenant_a):
        lonely = RouteNumber.objects.create(number="R9")
    body = {"kitchenId": kw.kitchen.pk, "date": kw.day.isoformat(), "routeNumberId": kw.route.pk, "note": "chłodnia"}
    created = admin_api.post("kitchensMealsReleases", body)
    assert created.status_code == 201, created.content
    assert created.json()["driverId"] == kw.route.driver_id
    assert admin_api.post("kitchensMealsReleases", body).status_code == 409
    assert admin_api.post("kitchensMealsReleases", {**body, "routeNumberId": lonely.pk}).status_code == 400

    query = f"kitchensMealsReleases?kitchenId={kw.kitchen.pk}&date={kw.day.isoformat()}"
    admin_api.post("kitchensMealsReleases/markAsReleasedForTransport", body)
    refused = admin_api.delete(query)
    assert refused.status_code == 409
    admin_api.post("kitchensMealsReleases/markAsNotReleasedForTransport", body)
    assert admin_api.delete(query).json() == {"status": True}
    with in_tenant(tenant_a):
        assert KitchenMealsRelease.objects.count() == 0


def test_given_routes_when_printing_the_route_sheet_then_one_page_per_route_with_its_stops_in_order(
    kw, tenant_a, admin_api
):
    with in_tenant(tenant_a):
        make_route(kw, "R2", institutions=[kw.world.institution], driver=kw.route.driver)
    response = admin_api.get(
        "kitchensMealsReleases/routeSheets/pdf",
        {"kitchenId": kw.kitchen.pk, "date": kw.day.isoformat(), "driverId": kw.route.driver_id},
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pages = pdf_pages(response.content)
    assert len(pages) == 2
    text = " ".join(pages[0])
    assert "R1" in text and "Jan Kierowca" in text and kw.world.institution.name in text
