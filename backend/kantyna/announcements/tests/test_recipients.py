"""Recipients lists: saved audiences the administrator keeps (criteria, people picked one by one, plain e-mail
addresses for the reports); bad input refused whole; a list an announcement is published to cannot be deleted."""

from __future__ import annotations

import pytest

from kantyna.announcements.models import RecipientsList
from kantyna.announcements.services import announcement_create
from kantyna.ordering.cutoff import tenant_today
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.queries import assert_num_queries
from kantyna.testing.world import make_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")
        world.admin = make_user(tenant_a, "ROLE_ADMIN")
        return world


def test_given_a_list_when_created_read_changed_and_deleted_then_each_answer_shows_it(world, tenant_a):
    api = Api(tenant_a, world.admin)

    created = api.post(
        "recipients",
        {
            "name": "Szkoła i księgowa",
            "institutionIds": [world.institution.pk],
            "roles": ["ROLE_PARENT"],
            "memberIds": [world.worker_user.pk],
            "emails": ["Ksiegowa@Example.test", "ksiegowa@example.test"],
        },
    )

    assert created.status_code == 201, created.content
    list_id = created.json()["id"]
    shown = api.get(f"recipients/{list_id}").json()
    assert shown["institutionIds"] == [world.institution.pk]
    assert shown["members"] == [{"id": world.worker_user.pk, "fullName": world.worker_user.full_name}]
    assert shown["emails"] == ["ksiegowa@example.test"]
    changed = api.put(f"recipients/{list_id}", {"name": "Tylko rodzice", "roles": ["ROLE_PARENT"], "memberIds": []})
    assert changed.status_code == 200, changed.content
    assert (changed.json()["name"], changed.json()["members"], changed.json()["institutionIds"]) == (
        "Tylko rodzice",
        [],
        [],
    )
    assert [row["name"] for row in api.get("recipients?search=rodzice").json()["items"]] == ["Tylko rodzice"]
    assert api.delete(f"recipients/{list_id}").json() == {"status": True}
    with in_tenant(tenant_a):
        assert not RecipientsList.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "X", "emails": ["nie-adres"]}, "emails.0"),
        ({"name": "X", "institutionIds": [999999]}, "institutionIds"),
        ({"name": "X", "memberIds": [999999]}, "memberIds"),
        ({"name": "X", "roles": ["ROLE_KING"]}, "roles.0"),
    ],
    ids=["no name", "bad e-mail", "unknown institution", "unknown person", "unknown role"],
)
def test_given_bad_input_when_saving_a_list_then_400_on_the_field_and_nothing_stored(world, tenant_a, body, field):
    response = Api(tenant_a, world.admin).post("recipients", body)

    assert response.status_code == 400, response.content
    assert field in response.json()["errors"], response.json()
    with in_tenant(tenant_a):
        assert not RecipientsList.objects.exists()


def test_given_a_list_with_an_announcement_when_deleting_then_409_naming_it_and_nothing_deleted(world, tenant_a):
    api = Api(tenant_a, world.admin)
    list_id = api.post("recipients", {"name": "Rodzice", "roles": ["ROLE_PARENT"]}).json()["id"]
    with in_tenant(tenant_a):
        announcement_create(
            actor=world.admin,
            title="Wycieczka",
            text="<p>W piątek</p>",
            valid_from=tenant_today(),
            recipients_list=RecipientsList.objects.get(),
        )

    response = api.delete(f"recipients/{list_id}")

    assert response.status_code == 409, response.content
    assert "“Wycieczka”" in str(response.json()), response.json()
    with in_tenant(tenant_a):
        assert RecipientsList.objects.count() == 1


def test_given_many_lists_when_listing_then_the_queries_do_not_grow(world, tenant_a):
    api = Api(tenant_a, world.admin)
    for number in range(5):
        api.post("recipients", {"name": f"Lista {number}", "everyone": True, "memberIds": [world.parent.pk]})

    with assert_num_queries(4):  # the caller, the count, the page, the members
        assert len(api.get("recipients").json()["items"]) == 5
