"""A diet that forbids allergen changes clears a child's allergies and note, never silently (issue 30): the children
API refuses a write that would drop recorded allergies unless it says `confirmClearAllergies`, and every change of a
child's allergies or note is audited and read in words in the activity list."""

from __future__ import annotations

import itertools

from kantyna.audit.models import AuditEntry
from kantyna.catalog.services import allergen_create
from kantyna.core.permissions import ROLE_ADMIN, ROLE_PARENT
from kantyna.people.models import Child
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.world import make_children_world

from .helpers import make_child, payload, tenant_flags

_numbers = itertools.count(1)
REFUSED = "The diet does not allow allergen changes: confirm removing the allergies."


def _world_with_two_allergens(tenant):
    """The children world plus a second allergen without an EU number (listed after numbered ones)."""
    world = make_children_world(tenant)
    with in_tenant(tenant):
        nuts = allergen_create(actor=None, name=f"Orzechy {next(_numbers)}")
    return world, nuts


def edit(world, child, **fields) -> dict:
    """The form's body for `child` as stored (its names), with `fields` changed."""
    return payload(world, **{"firstName": child.first_name, "lastName": child.last_name, **fields})


def _allergies(tenant, child) -> tuple[list[int], str, int]:
    with in_tenant(tenant):
        child = Child.objects.get(pk=child.pk)
        return sorted(child.allergies.values_list("pk", flat=True)), child.allergies_note, child.diet_id


def _allergy_entries(tenant, child) -> list[dict]:
    with in_tenant(tenant):
        return list(
            AuditEntry.objects.filter(action="child.allergies_change", target_id=str(child.pk))
            .order_by("id")
            .values_list("data", flat=True)
        )


def test_given_allergies_with_a_forbidding_diet_when_creating_unconfirmed_then_refused_naming_them_and_nothing_stored(
    tenant_a,
):
    world, nuts = _world_with_two_allergens(tenant_a)
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    parent = make_user(tenant_a, ROLE_PARENT)
    body = payload(
        world, parent, dietId=world.strict_diet.pk, allergies=[nuts.pk, world.allergen.pk], allergiesNote="bez mleka"
    )
    with in_tenant(tenant_a):
        children = Child.objects.count()

    response = admin.post("children", body)

    diet = world.strict_diet.name
    assert_error(
        response,
        409,
        REFUSED,
        {
            "allergies": [
                f"Diet {diet} does not allow allergen changes: confirm removing the allergies "
                f"{world.allergen.name}, {nuts.name}."
            ],
            "allergiesNote": [f"Diet {diet} does not allow allergen changes: confirm removing the allergy note."],
        },
    )
    with in_tenant(tenant_a):
        assert Child.objects.count() == children


def test_given_allergies_with_a_forbidding_diet_when_creating_confirmed_then_cleared_and_the_removal_audited(tenant_a):
    world, nuts = _world_with_two_allergens(tenant_a)
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    body = payload(
        world,
        make_user(tenant_a, ROLE_PARENT),
        dietId=world.strict_diet.pk,
        allergies=[world.allergen.pk, nuts.pk],
        allergiesNote="bez mleka",
        confirmClearAllergies=True,
    )

    response = admin.post("children", body)

    assert response.status_code == 201, response.content
    assert (response.json()["allergies"], response.json()["allergiesNote"]) == ([], "")
    assert "confirmClearAllergies" not in response.json()
    child = Child(pk=response.json()["id"])
    assert _allergy_entries(tenant_a, child) == [
        {
            "added": [],
            "removed": [world.allergen.name, nuts.name],
            "note_before": "bez mleka",
            "note_after": "",
            "cleared_for_diet": world.strict_diet.name,
            "confirmed": True,
        }
    ]


def test_given_a_child_with_allergies_when_changing_to_a_forbidding_diet_unconfirmed_then_refused_and_nothing_changed(
    tenant_a,
):
    world, nuts = _world_with_two_allergens(tenant_a)
    child = make_child(tenant_a, world, allergies=[world.allergen, nuts], allergies_note="orzechy laskowe")
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    with in_tenant(tenant_a):
        entries = AuditEntry.objects.count()

    # The form sends the fields it shows: with such a diet, no allergies and no note.
    response = admin.put(f"children/{child.pk}", edit(world, child, dietId=world.strict_diet.pk, firstName="Zmieniona"))

    diet = world.strict_diet.name
    assert_error(
        response,
        409,
        REFUSED,
        {
            "allergies": [
                f"Diet {diet} does not allow allergen changes: confirm removing the allergies "
                f"{world.allergen.name}, {nuts.name}."
            ],
            "allergiesNote": [f"Diet {diet} does not allow allergen changes: confirm removing the allergy note."],
        },
    )
    assert _allergies(tenant_a, child) == (sorted([world.allergen.pk, nuts.pk]), "orzechy laskowe", world.diet.pk)
    with in_tenant(tenant_a):
        assert Child.objects.get(pk=child.pk).first_name == child.first_name
        assert AuditEntry.objects.count() == entries


def test_given_a_child_with_allergies_when_changing_to_a_forbidding_diet_confirmed_then_cleared_and_read_in_words(
    tenant_a,
):
    world, nuts = _world_with_two_allergens(tenant_a)
    child = make_child(tenant_a, world, allergies=[world.allergen, nuts], allergies_note="orzechy laskowe")
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = admin.put(
        f"children/{child.pk}", edit(world, child, dietId=world.strict_diet.pk, confirmClearAllergies=True)
    )

    assert response.status_code == 200, response.content
    assert _allergies(tenant_a, child) == ([], "", world.strict_diet.pk)
    activity = admin.get("users/activity", {"action": "child.allergies_change"}).json()["items"]
    mine = [row for row in activity if row["targetId"] == str(child.pk)]
    assert [(row["params"], row["changes"], row["targetName"]) for row in mine] == [
        (
            {
                "added": [],
                "removed": [world.allergen.name, nuts.name],
                "diet": world.strict_diet.name,
                "variant": "diet",
            },
            [{"field": "allergiesNote", "before": "orzechy laskowe", "after": None}],
            f"{child.first_name} {child.last_name}",
        ),
        (
            {"added": [world.allergen.name, nuts.name], "removed": [], "variant": "added"},
            [{"field": "allergiesNote", "before": None, "after": "orzechy laskowe"}],
            f"{child.first_name} {child.last_name}",
        ),
    ]


def test_given_a_forbidding_diet_when_a_write_adds_allergies_unconfirmed_then_refused(tenant_a):
    world, _nuts = _world_with_two_allergens(tenant_a)
    child = make_child(tenant_a, world, diet=world.strict_diet)
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = admin.put(
        f"children/{child.pk}", edit(world, child, dietId=world.strict_diet.pk, allergies=[world.allergen.pk])
    )

    assert response.status_code == 409
    assert list(response.json()["errors"]) == ["allergies"]
    assert _allergies(tenant_a, child) == ([], "", world.strict_diet.pk)


def test_given_a_child_without_allergies_when_changing_to_a_forbidding_diet_then_no_confirmation_is_needed(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = admin.put(f"children/{child.pk}", edit(world, child, dietId=world.strict_diet.pk))

    assert response.status_code == 200, response.content
    assert _allergies(tenant_a, child) == ([], "", world.strict_diet.pk)
    assert _allergy_entries(tenant_a, child) == []


def test_given_allergies_kept_against_a_forbidding_diet_when_moving_the_child_to_another_classroom_then_they_stay(
    tenant_a,
):
    """A diet switched to forbid allergen changes after the child's allergies were recorded: a write that sets
    neither the diet nor the allergies (a classroom move) neither drops them nor asks."""
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world, diet=world.strict_diet)
    with in_tenant(tenant_a):
        child.allergies.set([world.allergen])
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = admin.put(f"children/{child.pk}/changeClassroom/{world.classroom_b.pk}")

    assert response.status_code == 200, response.content
    assert _allergies(tenant_a, child) == ([world.allergen.pk], "", world.strict_diet.pk)


def test_every_change_of_allergies_and_note_is_audited_in_words(tenant_a):
    world, nuts = _world_with_two_allergens(tenant_a)
    child = make_child(tenant_a, world, allergies=[world.allergen])
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    admin.put(f"children/{child.pk}", edit(world, child, allergies=[nuts.pk]))
    admin.put(f"children/{child.pk}", edit(world, child, allergies=[nuts.pk], allergiesNote="tylko surowe"))
    admin.put(
        f"children/{child.pk}", edit(world, child, allergies=[nuts.pk], allergiesNote="tylko surowe", firstName="Ala")
    )

    activity = admin.get("users/activity", {"action": "child.allergies_change"}).json()["items"]
    assert [(row["params"], row["changes"]) for row in activity if row["targetId"] == str(child.pk)] == [
        (
            {"added": [], "removed": [], "variant": "note"},
            [{"field": "allergiesNote", "before": None, "after": "tylko surowe"}],
        ),
        ({"added": [nuts.name], "removed": [world.allergen.name], "variant": "added_removed"}, []),
        ({"added": [world.allergen.name], "removed": [], "variant": "added"}, []),
    ]
    with in_tenant(tenant_a):
        updates = AuditEntry.objects.filter(action="child.update", target_id=str(child.pk)).order_by("id")
        assert [entry.data for entry in updates] == [{}, {}, {"first_name": [child.first_name, "Ala"]}]


def test_given_a_parent_who_may_change_diets_but_not_allergens_when_choosing_a_forbidding_diet_then_asked_and_cleared(
    tenant_a,
):
    """The diet clears allergies for everyone (spec §4): the parent is asked to confirm, not refused the allergens."""
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent, allergies=[world.allergen])
    tenant_flags(
        tenant_a,
        "parents_settings",
        allow_changing_diets=True,
        allow_changing_allergens=False,
        allow_changing_allergens_note=False,
    )
    api = Api(tenant_a, parent)

    unconfirmed = api.put(f"children/{child.pk}", edit(world, child, dietId=world.strict_diet.pk))
    confirmed = api.put(
        f"children/{child.pk}", edit(world, child, dietId=world.strict_diet.pk, confirmClearAllergies=True)
    )

    assert (unconfirmed.status_code, list(unconfirmed.json()["errors"])) == (409, ["allergies"])
    assert confirmed.status_code == 200, confirmed.content
    assert _allergies(tenant_a, child) == ([], "", world.strict_diet.pk)


def test_given_a_parent_who_may_not_change_allergens_when_adding_one_with_an_allowing_diet_then_still_refused(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    tenant_flags(tenant_a, "parents_settings", allow_changing_allergens=False)

    response = Api(tenant_a, parent).put(f"children/{child.pk}", edit(world, child, allergies=[world.allergen.pk]))

    assert_error(
        response, 400, "The given data was invalid.", {"allergies": ["You are not allowed to change this field."]}
    )
    assert _allergies(tenant_a, child) == ([], "", world.diet.pk)
