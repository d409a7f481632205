"""`GET calendar/days/subjects/month`: several subjects' months in one call — the per-subject shape, access
checked for every subject at once, and a number of queries that does not grow with the subjects."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_PARENT
from kantyna.ordering.models import Absence, FreeDay
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.ordering.subjects import subject_resolve
from kantyna.ordering.tests.helpers import next_monday
from kantyna.people.services.children import child_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db

PATH = "calendar/days/subjects/month"


def refs(*children) -> str:
    return ",".join(f"child:{child.pk}" for child in children)


def more_children(world, tenant, count: int) -> list:
    with in_tenant(tenant):
        return [
            child_create(
                actor=None,
                parent=world.parent,
                first_name=f"Dziecko{number}",
                last_name="Nowak",
                classroom=world.classroom,
                diet=world.catalog.standard,
            )
            for number in range(count)
        ]


def test_given_two_children_when_the_parent_reads_their_month_at_once_then_each_matches_its_own_call(world, tenant_a):
    monday = next_monday()
    with in_tenant(tenant_a):
        subject = subject_resolve("child", world.child.pk, actor=world.parent)
        items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
        FreeDay.objects.create(date=monday + timedelta(days=1), name="Święto")
        Absence.objects.create(child=world.child2, date=monday + timedelta(days=2))
    api = Api(tenant_a, world.parent)
    month = monday.strftime("%Y-%m")

    response = api.get(PATH, {"month": month, "subjects": refs(world.child2, world.child)})

    assert response.status_code == 200, response.content
    subjects = response.json()["subjects"]
    assert [(one["subject"]["type"], one["subject"]["id"]) for one in subjects] == [
        ("child", world.child2.pk),
        ("child", world.child.pk),
    ]
    for one, child in zip(subjects, (world.child2, world.child), strict=True):
        alone = api.get(f"calendar/days/child/{child.pk}", {"month": month}).json()
        assert one == alone
    days = {day["date"]: day for day in subjects[1]["days"]}
    assert [item["mealTypeId"] for item in days[monday.isoformat()]["items"]] == [world.catalog.lunch.pk]
    assert {option["price"]["amount"] for option in days[monday.isoformat()]["available"]} == {
        "12.50",
        "10.00",
        "5.00",
        "3.00",
    }
    assert days[(monday + timedelta(days=1)).isoformat()]["isFreeDay"] is True
    assert {day["date"] for day in subjects[0]["days"] if day["absence"]} == {(monday + timedelta(days=2)).isoformat()}


def test_the_month_of_many_subjects_costs_the_same_queries_as_of_one(world, tenant_a):
    extra = more_children(world, tenant_a, 4)
    api = Api(tenant_a, world.parent)
    month = {"month": next_monday().strftime("%Y-%m")}
    three = [world.child, world.child2, extra[0]]
    six = [world.child, world.child2, *extra]
    api.get(PATH, {**month, "subjects": refs(world.child)})
    counts = []
    for children in ([world.child], three, six):
        with capture_queries() as queries:
            response = api.get(PATH, {**month, "subjects": refs(*children)})
        assert response.status_code == 200
        assert len(response.json()["subjects"]) == len(children)
        counts.append(len(queries))
    # 10 for the months, 4 for their allergen clashes (the children's allergens, meal types, items' diets, menus).
    assert counts[0] == counts[1] == counts[2] == 10 + 4, counts


def test_given_another_parents_child_among_them_then_the_call_is_404(world, tenant_a):
    with in_tenant(tenant_a):
        stranger = make_user(tenant_a, ROLE_PARENT)
    response = Api(tenant_a, stranger).get(PATH, {"subjects": refs(world.child)})
    assert response.status_code == 404
    own = more_children(world, tenant_a, 1)[0]
    with in_tenant(tenant_a):
        own.parent = stranger
        own.save()
    assert Api(tenant_a, stranger).get(PATH, {"subjects": refs(own, world.child)}).status_code == 404
    assert Api(tenant_a, stranger).get(PATH, {"subjects": refs(own)}).status_code == 200


def test_another_tenant_cannot_reach_the_subjects(world, tenant_a, tenant_b):
    with in_tenant(tenant_b):
        other = make_user(tenant_b, ROLE_ADMIN)
    assert Api(tenant_b, other).get(PATH, {"subjects": refs(world.child)}).status_code == 404


def test_a_worker_reads_themselves_and_an_admin_reads_children_and_workers_together(world, tenant_a):
    worker = Api(tenant_a, world.worker_user)
    ref = f"institution_worker:{world.worker_user.pk}"
    body = worker.get(PATH, {"subjects": ref}).json()
    assert body["subjects"][0]["subject"]["id"] == world.worker_user.pk
    assert worker.get(PATH, {"subjects": f"{ref},{refs(world.child)}"}).status_code == 404
    with in_tenant(tenant_a):
        admin = make_user(tenant_a, ROLE_ADMIN)
    body = Api(tenant_a, admin).get(PATH, {"subjects": f"{refs(world.child)},{ref}"}).json()
    assert [one["subject"]["type"] for one in body["subjects"]] == ["child", "institution_worker"]


@pytest.mark.parametrize("subjects", ["", "child", "child:x", "pupil:1", ",".join(["child:1"] * 51)])
def test_malformed_subjects_are_422(world, tenant_a, subjects):
    response = Api(tenant_a, world.parent).get(PATH, {"subjects": subjects})
    assert response.status_code in (400, 422), response.content


def test_a_range_instead_of_a_month(world, tenant_a):
    monday = next_monday()
    query = {"subjects": refs(world.child), "dateFrom": monday.isoformat(), "dateTo": monday.isoformat()}
    body = Api(tenant_a, world.parent).get(PATH, query).json()
    assert [day["date"] for day in body["subjects"][0]["days"]] == [monday.isoformat()]


def test_a_cook_cannot_read_months(world, tenant_a):
    with in_tenant(tenant_a):
        cook = make_user(tenant_a, ROLE_COOK)
    assert Api(tenant_a, cook).get(PATH, {"subjects": refs(world.child)}).status_code == 403


def test_the_subjects_page_accepts_one_day(world, tenant_a):
    monday = next_monday()
    with in_tenant(tenant_a):
        admin = make_user(tenant_a, ROLE_ADMIN)
        Absence.objects.create(child=world.child, date=monday)
        Absence.objects.create(child=world.child, date=monday + timedelta(days=1))
    query = {"dateFrom": monday.isoformat(), "dateTo": monday.isoformat()}
    rows = Api(tenant_a, admin).get("calendar/days/subjects", query).json()["items"]
    row = next(row for row in rows if row["type"] == "child" and row["id"] == world.child.pk)
    assert row["days"] == [{"date": monday.isoformat(), "items": 0, "absence": True}]
