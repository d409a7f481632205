"""Dining cards of children: format, uniqueness across children and workers, who may change them, audit."""

from __future__ import annotations

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTION_WORKER, ROLE_PARENT, ROLE_TICKET_ADMIN
from kantyna.people.services.workers import worker_profile_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.world import make_children_world

from .helpers import institutions_admin, make_child, payload, tenant_flags

INVALID = ["The card number must have 6 to 10 characters: digits or capital letters."]
IN_USE = ["This card number is already used."]


@pytest.mark.parametrize("number", ["12345", "12345678901", "abc123", "AB-123", "ĄBC123"])
def test_card_format_is_6_to_10_digits_or_capitals(tenant_a, number):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).put(
        f"children/{child.pk}/changeCardNumber", {"cardNumber": number}
    )
    assert_error(response, 400, "The given data was invalid.", {"cardNumber": INVALID})


def test_card_is_trimmed_and_empty_means_none_and_changes_are_audited(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    assert (
        api.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": "  AB1234 "}).json()["cardNumber"] == "AB1234"
    )
    assert api.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": " "}).json()["cardNumber"] is None
    with in_tenant(tenant_a):
        changes = list(
            AuditEntry.objects.filter(action="child.card_number_change", target_id=str(child.pk))
            .order_by("id")
            .values_list("data", flat=True)
        )
    assert changes == [{"old": None, "new": "AB1234"}, {"old": "AB1234", "new": None}]


def test_card_is_unique_across_children_and_workers(tenant_a):
    world = make_children_world(tenant_a)
    make_child(tenant_a, world, card_number="111111")
    worker = make_user(tenant_a, ROLE_INSTITUTION_WORKER)
    with in_tenant(tenant_a):
        worker_profile_create(
            actor=None, user=worker, institution=world.institution, diet=world.diet, card_number="222222"
        )
    child = make_child(tenant_a, world)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    for taken in ("111111", "222222"):
        assert_error(
            api.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": taken}),
            400,
            "The given data was invalid.",
            {"cardNumber": IN_USE},
        )
        assert_error(
            api.post("children", payload(world, make_user(tenant_a), cardNumber=taken)),
            400,
            "The given data was invalid.",
            {"cardNumber": IN_USE},
        )
    # Saving a child with its own number again is not a conflict.
    own = make_child(tenant_a, world, card_number="333333")
    assert api.put(f"children/{own.pk}", payload(world, cardNumber="333333")).status_code == 200


def test_parent_changes_card_only_when_the_tenant_allows(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    api = Api(tenant_a, parent)
    tenant_flags(tenant_a, "parents_settings", allow_changing_card_numbers=False)
    refused = api.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": "ABC123"})
    assert_error(
        refused, 400, "The given data was invalid.", {"cardNumber": ["You are not allowed to change this field."]}
    )
    assert_error(
        api.put(f"children/{child.pk}", payload(world, cardNumber="ABC123")),
        400,
        "The given data was invalid.",
        {"cardNumber": ["You are not allowed to change this field."]},
    )
    tenant_flags(tenant_a, "parents_settings", allow_changing_card_numbers=True)
    assert api.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": "ABC123"}).json()["cardNumber"] == "ABC123"


def test_nobody_changes_cards_when_cards_are_disabled(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    tenant_flags(tenant_a, "orders_config", dining_cards_enabled=False)
    assert_error(
        Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).put(
            f"children/{child.pk}/changeCardNumber", {"cardNumber": "ABC123"}
        ),
        400,
        "The given data was invalid.",
        {"cardNumber": ["You are not allowed to change this field."]},
    )


def test_cook_assigns_cards_and_institutions_admin_needs_children_edit(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    cook = Api(tenant_a, make_user(tenant_a, ROLE_COOK))
    assert cook.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": "COOK01"}).status_code == 200
    assert_error(cook.get(f"children/{child.pk}"), 403, "Forbidden.")
    bare = Api(tenant_a, institutions_admin(tenant_a, world.institution, permissions=()))
    assert_error(bare.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": "IA0001"}), 403, "Forbidden.")
    editor = Api(tenant_a, institutions_admin(tenant_a, world.institution))
    assert editor.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": "IA0001"}).status_code == 200
    ticket_admin = Api(tenant_a, make_user(tenant_a, ROLE_TICKET_ADMIN))
    assert_error(ticket_admin.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": "TA0001"}), 403, "Forbidden.")
