"""Daily meals releases' writes: replace is a wholesale, idempotent write of an institution's day; one kind per
day (the unique key, with a clear refusal); quantities and dates checked; two replaces of one day at once, against
PostgreSQL, run one after the other."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections

from kantyna.audit.models import AuditEntry
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.kitchen.models import DailyMealsRelease
from kantyna.kitchen.services.releases import MAX_DAYS_AHEAD, daily_release_create, daily_releases_replace
from kantyna.kitchen.tests.helpers import make_kitchen_world
from kantyna.ordering.cutoff import tenant_today
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.factories import make_user


def rows_of(institution, day):
    return sorted(
        DailyMealsRelease.objects.filter(institution=institution, date=day).values_list(
            "meal_type_id", "diet_id", "portion_size_id", "quantity", "note"
        )
    )


@pytest.fixture
def kw(tenant_a):
    with in_tenant(tenant_a):
        yield make_kitchen_world(tenant_a)


@pytest.mark.django_db
def test_given_a_body_when_replacing_twice_then_the_same_rows_with_the_same_ids(kw, tenant_a):
    c, w = kw.catalog, kw.world
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        rows = [
            {"meal_type": c.lunch, "diet": c.standard, "quantity": 12, "note": ""},
            {"meal_type": c.lunch, "diet": c.vegetarian, "portion_size": c.small, "quantity": 3, "note": "mniej"},
        ]
        first = daily_releases_replace(actor=admin, date=kw.day, institution=w.institution, rows=rows)
        second = daily_releases_replace(actor=admin, date=kw.day, institution=w.institution, rows=rows)

        assert [release.pk for release in first] == [release.pk for release in second]
        assert rows_of(w.institution, kw.day) == sorted(
            [(c.lunch.pk, c.standard.pk, None, 12, ""), (c.lunch.pk, c.vegetarian.pk, c.small.pk, 3, "mniej")]
        )
        assert list(
            AuditEntry.objects.filter(action="daily_release.replace").order_by("id").values_list("data", flat=True)
        ) == [
            {"date": kw.day.isoformat(), "added": 2, "changed": 0, "removed": 0},
            {"date": kw.day.isoformat(), "added": 0, "changed": 0, "removed": 0},
        ]


@pytest.mark.django_db
def test_given_a_recorded_day_when_replacing_then_listed_kinds_are_updated_others_deleted_other_days_kept(kw, tenant_a):
    c, w = kw.catalog, kw.world
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        daily_releases_replace(
            actor=admin,
            date=kw.day,
            institution=w.institution,
            rows=[
                {"meal_type": c.lunch, "diet": c.standard, "quantity": 12},
                {"meal_type": c.soup, "diet": c.standard, "quantity": 5},
            ],
        )
        yesterday = kw.day - timedelta(days=1)
        daily_releases_replace(
            actor=admin,
            date=yesterday,
            institution=w.institution,
            rows=[{"meal_type": c.lunch, "diet": c.standard, "quantity": 1}],
        )
        kept = DailyMealsRelease.objects.get(date=kw.day, meal_type=c.lunch)

        daily_releases_replace(
            actor=admin,
            date=kw.day,
            institution=w.institution,
            rows=[{"meal_type": c.lunch, "diet": c.standard, "quantity": 10}],
        )

        assert rows_of(w.institution, kw.day) == [(c.lunch.pk, c.standard.pk, None, 10, "")]
        assert DailyMealsRelease.objects.get(date=kw.day).pk == kept.pk
        assert rows_of(w.institution, yesterday) == [(c.lunch.pk, c.standard.pk, None, 1, "")]


@pytest.mark.django_db
def test_given_a_kind_listed_twice_when_replacing_then_refused_per_row_and_nothing_written(kw, tenant_a):
    c, w = kw.catalog, kw.world
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        row = {"meal_type": c.lunch, "diet": c.standard, "quantity": 1}
        with pytest.raises(DomainError) as refusal:
            daily_releases_replace(actor=admin, date=kw.day, institution=w.institution, rows=[row, dict(row)])

        assert [(p.code, p.field) for p in refusal.value.problems] == [
            ("daily_release.listed_twice", "rows.1.meal_type_id")
        ]
        assert DailyMealsRelease.objects.count() == 0


@pytest.mark.django_db
def test_given_a_recorded_kind_when_creating_it_again_then_duplicate_refused(kw, tenant_a):
    c, w = kw.catalog, kw.world
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        daily_release_create(
            actor=admin, date=kw.day, institution=w.institution, meal_type=c.lunch, diet=c.standard, quantity=2
        )
        with pytest.raises(DomainError) as refusal:
            daily_release_create(
                actor=admin, date=kw.day, institution=w.institution, meal_type=c.lunch, diet=c.standard, quantity=3
            )
        assert refusal.value.code == "daily_release.duplicate"
        assert list(DailyMealsRelease.objects.values_list("quantity", flat=True)) == [2]


@pytest.mark.django_db
def test_given_a_day_too_far_ahead_when_replacing_then_refused(kw, tenant_a):
    c, w = kw.catalog, kw.world
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        day = tenant_today() + timedelta(days=MAX_DAYS_AHEAD + 1)
        with pytest.raises(DomainError) as refusal:
            daily_releases_replace(
                actor=admin,
                date=day,
                institution=w.institution,
                rows=[{"meal_type": c.lunch, "diet": c.standard, "quantity": 1}],
            )
        assert (refusal.value.code, refusal.value.field) == ("daily_release.too_far_ahead", "date")
        assert DailyMealsRelease.objects.count() == 0


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_replaces_of_one_day_at_once_then_both_succeed_one_after_the_other(tenant_a):
    """Without the institution's lock both would insert the same kinds and one would fail on the unique key."""
    with in_tenant(tenant_a):
        kw = make_kitchen_world(tenant_a)
        c, w = kw.catalog, kw.world
        bodies = [
            {
                "date": kw.day.isoformat(),
                "institutionId": w.institution.pk,
                "rows": [
                    {"mealTypeId": c.lunch.pk, "dietId": c.standard.pk, "quantity": quantity},
                    {"mealTypeId": c.soup.pk, "dietId": c.standard.pk, "quantity": quantity},
                ],
            }
            for quantity in (7, 9)
        ]
    admin = make_user(tenant_a, ROLE_ADMIN)
    connection.set_schema_to_public()
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def run(body) -> None:
        try:
            api = Api(tenant_a, admin)
            barrier.wait(timeout=10)
            statuses.append(api.post("dailyMealsReleases/replace", body).status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert statuses == [201, 201]
    with in_tenant(tenant_a):
        quantities = sorted(DailyMealsRelease.objects.values_list("quantity", flat=True))
        assert quantities in ([7, 7], [9, 9])  # one whole body, never a mix or a failure
    connection.set_schema_to_public()
