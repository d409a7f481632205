""" "Only one default" under concurrency, against real PostgreSQL (issue 29): admins marking different meal types,
diets or portion sizes default at the same moment all succeed, the last one wins, and one default is left. The
view reads the row before the service takes the table lock, so a row that was the default when read must still
take the flag under the lock (`core.flags.take_flag`): it used to be saved as default beside another's (500)."""

from __future__ import annotations

import pytest
from django.db import connection

from kantyna.catalog import services
from kantyna.catalog.models import Diet, MealType, PortionSize
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.concurrency import answers_concurrently
from kantyna.testing.factories import make_user

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]


def _portion_sizes(count):
    return [services.portion_size_create(actor=None, name=f"Porcja {n}", is_default=n == 0) for n in range(count)]


def _diets(count):
    return [services.diet_create(actor=None, name=f"Dieta {n}", is_default=n == 0) for n in range(count)]


def _meal_types(count):
    portion = services.portion_size_create(actor=None, name="Normalna")
    return [
        services.meal_type_create(
            actor=None, name=f"Posiłek {n}", position=n, portion_sizes=[portion], is_default=n == 0
        )
        for n in range(count)
    ]


@pytest.mark.parametrize(
    ("path", "model", "make"),
    [("mealTypes", MealType, _meal_types), ("diets", Diet, _diets), ("portionSizes", PortionSize, _portion_sizes)],
)
def test_given_admins_marking_rows_default_at_once_then_all_succeed_and_one_default_is_left(
    tenant_a, path, model, make
):
    with in_tenant(tenant_a):
        ids = [row.pk for row in make(4)]  # the first is the default, and is marked again among the others
    connection.set_schema_to_public()
    admins = [Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN")) for _ in range(8)]
    targets = [ids[n % 4] for n in range(8)]

    answers = answers_concurrently(
        tenant_a,
        [
            lambda api=api, pk=pk: api.post(f"{path}/{pk}/markAsDefault")
            for api, pk in zip(admins, targets, strict=True)
        ],
    )

    assert [answer.status_code for answer in answers] == [200] * 8
    with in_tenant(tenant_a):
        defaults = list(model.objects.filter(is_default=True).values_list("pk", flat=True))
        assert len(defaults) == 1 and defaults[0] in ids
        assert model.objects.count() == 4
    connection.set_schema_to_public()


def test_given_admins_creating_one_name_at_once_then_one_is_made_and_the_others_refused(tenant_a):
    admins = [Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN")) for _ in range(4)]

    answers = answers_concurrently(
        tenant_a, [lambda api=api: api.post("portionSizes", {"name": "Duża"}) for api in admins]
    )

    statuses = sorted(answer.status_code for answer in answers)
    assert statuses[0] == 201 and set(statuses[1:]) <= {400, 409}  # 400: the form's check saw the first's row
    for answer in answers:
        if answer.status_code == 409:  # the database's unique index refused it (the form's check had passed)
            assert answer.json()["message"] == (
                "The same was saved by someone else at this moment. Reload the page to see it before saving again."
            )
    with in_tenant(tenant_a):
        assert list(PortionSize.objects.values_list("name", flat=True)) == ["Duża"]
    connection.set_schema_to_public()
