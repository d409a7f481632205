"""The terminal's reads (TERMINAL_API.md): lookup by card, name search, the offline roster, the live count, the
scan log; each within reach and in a number of queries that does not grow with the number of people."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone
from djangorestframework_camel_case.util import camelize

from kantyna.catalog.models import Allergen
from kantyna.ordering.models import OrderItem
from kantyna.people.models import Child
from kantyna.people.services.children import child_create
from kantyna.tenancy.services import in_tenant
from kantyna.terminal.api.serializers import ServingSerializer, servings_json
from kantyna.terminal.models import ScannedCardEntry
from kantyna.terminal.selectors import roster
from kantyna.terminal.tests.helpers import CARD, CARD2, WORKER_CARD, institutions_admin_of, make_serving, order_today
from kantyna.testing import Api
from kantyna.testing.queries import capture_queries
from kantyna.testing.world import make_institution_with_classroom

pytestmark = pytest.mark.django_db


@pytest.fixture
def serving(tenant_a):
    with in_tenant(tenant_a):
        return make_serving(tenant_a)


def more_children(tenant, serving, count: int, *, card_prefix: str) -> list[Child]:
    """`count` children with cards and today's lunch, in the world's classroom."""
    world = serving.world
    children = []
    with in_tenant(tenant):
        for index in range(count):
            child = child_create(
                actor=None,
                parent=world.parent,
                first_name=f"Zośka{index}",
                last_name="Żółć",
                classroom=world.classroom,
                diet=world.catalog.standard,
            )
            Child.objects.filter(pk=child.pk).update(card_number=f"{card_prefix}{index:04d}")
            order_today(serving.admin, "child", child.pk, world.catalog.lunch, serving.today)
            children.append(child)
    return children


def test_given_a_card_when_looked_up_then_the_subject_and_todays_items_and_nothing_logged(tenant_a, serving):
    with in_tenant(tenant_a):
        allergen = Allergen.objects.create(name="Orzechy")
        serving.world.child.allergies.add(allergen)
        Child.objects.filter(pk=serving.world.child.pk).update(allergies_note="Bez orzechów!")

    response = Api(tenant_a, serving.cook).get(f"terminal/subjects/cardNumber/{CARD.lower()}")

    assert response.status_code == 200
    body = response.json()
    assert body["subject"]["allergens"] == [{"id": allergen.pk, "name": "Orzechy"}]
    assert body["subject"]["allergiesNote"] == "Bez orzechów!"
    assert [item["id"] for item in body["items"]] == [serving.item.pk]
    assert body["items"][0]["status"] == "active" and body["items"][0]["servedAt"] is None
    with in_tenant(tenant_a):
        assert ScannedCardEntry.objects.count() == 0


def test_given_an_unknown_card_when_looked_up_then_404(tenant_a, serving):
    response = Api(tenant_a, serving.cook).get("terminal/subjects/cardNumber/NOPE00")

    assert response.status_code == 404
    assert response.json() == {"message": "Unknown card.", "errors": {}}


def test_given_names_when_searching_then_either_order_without_accents_or_by_card_prefix(tenant_a, serving):
    more_children(tenant_a, serving, 2, card_prefix="ZZ")
    api = Api(tenant_a, serving.cook)

    by_name = api.get("terminal/subjects", {"search": "zolc zoska1"}).json()
    by_card = api.get("terminal/subjects", {"search": "ab12"}).json()
    too_short = api.get("terminal/subjects", {"search": "z"}).json()

    assert by_name["total"] == 1
    assert by_name["items"][0]["subject"]["firstName"] == "Zośka1"
    assert by_name["items"][0]["items"][0]["mealType"]["name"] == "Obiad"
    assert [row["subject"]["cardNumber"] for row in by_card["items"]] == [CARD]
    assert (too_short["total"], too_short["items"]) == (0, [])
    assert (by_name["page"], by_name["perPage"]) == (1, 20)


def test_given_the_roster_then_every_carded_subject_with_a_meal_that_day(tenant_a, serving):
    response = Api(tenant_a, serving.cook).get("terminal/roster", {"date": serving.today.isoformat()})

    assert response.status_code == 200
    body = response.json()
    assert body["date"] == serving.today.isoformat()
    cards = [row["subject"]["cardNumber"] for row in body["subjects"]]
    assert cards == [CARD, WORKER_CARD]  # child2 (CARD2) has no meal today
    assert CARD2 not in cards
    assert body["subjects"][0]["items"][0]["dish"] == "Pierogi, Kompot"


def test_given_a_served_child_with_allergens_and_a_worker_then_the_hand_built_servings_equal_the_serializers(
    tenant_a, serving
):
    """The roster and the scans build their bodies by hand (speed); ServingSerializer documents them: equal."""
    with in_tenant(tenant_a):
        serving.world.child.allergies.add(Allergen.objects.create(name="Orzechy"))
        OrderItem.objects.filter(pk=serving.item.pk).update(
            status="served", served_at=timezone.now(), served_by=serving.cook
        )
        servings = roster(actor=serving.cook, day=serving.today)

        by_hand = servings_json(servings)
        documented = [
            camelize(ServingSerializer({"subject": one.receiver, "items": one.items}, context={"serving": one}).data)
            for one in servings
        ]

    assert [row["subject"]["type"] for row in by_hand] == ["child", "worker"]
    assert by_hand[0]["subject"]["allergens"] and by_hand[0]["items"][0]["servedBy"]
    assert json.loads(json.dumps(by_hand)) == json.loads(json.dumps(documented))


def test_given_an_institutions_admin_then_the_roster_holds_only_their_institutions(tenant_a, serving):
    with in_tenant(tenant_a):
        other, _classroom = make_institution_with_classroom(901)
        outsider = institutions_admin_of(tenant_a, other)

    response = Api(tenant_a, outsider).get("terminal/roster")

    assert response.json()["subjects"] == []


def test_given_a_served_meal_then_the_summary_counts_ordered_served_and_left(tenant_a, serving):
    api = Api(tenant_a, serving.cook)
    api.post(f"terminal/scanCard/{serving.today}/{CARD}", {"mealTypesIds": [serving.world.catalog.lunch.pk]})

    body = api.get("terminal/summary", {"mealTypesIds": str(serving.world.catalog.lunch.pk)}).json()
    details = api.get("terminal/summary/details").json()

    lunch = serving.world.catalog.lunch
    assert body == {
        "rows": [
            {
                "mealType": {"id": lunch.pk, "name": "Obiad"},
                "diet": {"id": serving.world.catalog.standard.pk, "name": "Standardowa"},
                "portionSize": {"id": serving.world.catalog.normal.pk, "name": "Normalna"},
                "ordered": 2,
                "served": 1,
                "left": 1,
            }
        ],
        "totals": {"ordered": 2, "served": 1, "left": 1},
    }
    assert details["total"] == 2
    assert [(row["subject"]["type"], row["status"]) for row in details["items"]] == [
        ("worker", "active"),
        ("child", "served"),
    ]


def test_given_scans_then_the_log_lists_them_newest_first_with_filters(tenant_a, serving):
    api = Api(tenant_a, serving.cook)
    lunch = serving.world.catalog.lunch.pk
    api.post(f"terminal/scanCard/{serving.today}/{CARD}", {"mealTypesIds": [lunch], "terminalId": "T1"})
    api.post(f"terminal/scanCard/{serving.today}/NOPE00", {"mealTypesIds": [lunch], "offline": True})

    everything = api.get("scannedCardEntries").json()
    unknown = api.get("scannedCardEntries", {"result": "unknown_card"}).json()

    assert everything["total"] == 2
    newest, oldest = everything["items"]
    assert (newest["result"], newest["needsFollowUp"], newest["subject"], newest["institution"]) == (
        "unknown_card",
        True,
        None,
        None,
    )
    assert oldest["subject"] == {
        "type": "child",
        "id": serving.world.child.pk,
        "firstName": serving.world.child.first_name,
        "lastName": "Nowak",
    }
    assert oldest["mealTypes"] == [{"id": lunch, "name": "Obiad"}]
    assert oldest["servedBy"] == {"id": serving.cook.pk, "name": serving.cook.full_name}
    assert (oldest["source"], oldest["terminalId"], oldest["message"]) == ("card", "T1", "Served.")
    assert [row["id"] for row in unknown["items"]] == [newest["id"]]


# Query counts: flat in the number of people -----------------------------------------------------------------------


def _queries(api, path, params) -> int:
    with capture_queries() as queries:
        response = api.get(path, params)
    assert response.status_code == 200, response.content
    return len(queries)


@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("terminal/roster", {}),
        ("terminal/summary", {}),
        ("terminal/summary/details", {}),
        ("scannedCardEntries", {}),
        ("terminal/subjects", {"search": "zolc"}),
    ],
)
def test_given_more_people_then_the_reads_take_the_same_number_of_queries(tenant_a, serving, path, params):
    api = Api(tenant_a, serving.cook)
    lunch = serving.world.catalog.lunch.pk
    more_children(tenant_a, serving, 1, card_prefix="QA")
    api.post(f"terminal/scanCard/{serving.today}/QA0000", {"mealTypesIds": [lunch]})
    api.get(path, params)  # warm the per-process caches (settings, tenant)
    few = _queries(api, path, params)

    more_children(tenant_a, serving, 6, card_prefix="QB")
    for index in range(6):
        api.post(f"terminal/scanCard/{serving.today}/QB{index:04d}", {"mealTypesIds": [lunch]})
    many = _queries(api, path, params)

    assert few == many <= 10, (few, many)
