"""Printable dining cards (`GET children/diningCards?classroomId=` or `?ids=`): an A4 PDF of credit-card-size
cards, 10 a page, each with the child's name, institution, classroom and card number (text and Code 39 barcode);
children without a card are listed, not drawn. Staff within reach only, when the tenant enables cards. Who else
may call it: the people matrix (test_permissions_matrix.py)."""

from __future__ import annotations

import pytest

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.people.services.children import child_archive, child_deactivate
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.pdf import pdf_code39, pdf_pages
from kantyna.testing.world import make_children_world

from .helpers import institutions_admin, make_child, tenant_flags

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tenant_a):
    tenant_flags(tenant_a, "orders_config", dining_cards_enabled=True)
    return make_children_world(tenant_a)


def card(child, world, classroom="1a") -> list[str]:
    return [f"{child.first_name} {child.last_name}", world.institution.name, classroom, child.card_number]


def test_given_a_classroom_of_eleven_carded_children_when_an_admin_prints_it_then_two_pages_of_cards_and_the_skipped(
    world, tenant_a
):
    carded = [
        make_child(tenant_a, world, first_name="Ola", last_name=f"Nowak {index:02d}", card_number=f"AB{index:04d}")
        for index in range(11)
    ]
    make_child(tenant_a, world, first_name="Jan", last_name="Bezkartowy")  # no card
    inactive = make_child(tenant_a, world, last_name="Nieaktywna", card_number="IN0001")
    archived = make_child(tenant_a, world, last_name="Zarchiwizowana", card_number="AR0001")
    with in_tenant(tenant_a):
        child_deactivate(actor=None, instance=inactive)
        child_archive(actor=None, instance=archived)
    make_child(tenant_a, world, classroom=world.classroom_b, card_number="OT0001")  # another classroom

    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).get(
        "children/diningCards", {"classroomId": world.classroom.pk}
    )

    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    assert response["Content-Disposition"] == (
        "attachment; filename=\"dining-cards.pdf\"; filename*=UTF-8''dining-cards.pdf"
    )
    pages = pdf_pages(response.content)
    assert pages == [
        [*(text for child in carded[:10] for text in card(child, world)), "Page 1 of 3"],
        [*card(carded[10], world), "Page 2 of 3"],
        [
            "Not printed: no card number",
            f"Jan Bezkartowy ({world.institution.name}, 1a)",
            "Page 3 of 3",
        ],
    ]
    # The barcodes read as the card numbers, row by row, left to right (a reader types them with the * start/stop).
    assert pdf_code39(response.content) == [[f"*AB{index:04d}*" for index in range(10)], ["*AB0010*"], []]


def test_given_chosen_children_when_their_institutions_admin_prints_in_polish_then_their_cards_in_their_order(
    world, tenant_a
):
    zosia = make_child(tenant_a, world, first_name="Zofia", last_name="Źdźbło-Łęcka", card_number="ZZ1234")
    adam = make_child(tenant_a, world, first_name="Adam", last_name="Ąbel", classroom=world.classroom_b,
                      card_number="1234567890")  # fmt: skip
    boss = institutions_admin(tenant_a, world.institution)

    response = Api(tenant_a, boss, locale="pl").get("children/diningCards", {"ids": f"{zosia.pk},{adam.pk}"})

    assert response.status_code == 200, response.content[:300]
    assert response["Content-Disposition"].startswith('attachment; filename="karty-obiadowe.pdf";')
    # By classroom, then name: 1a before 1b.
    assert pdf_pages(response.content) == [[*card(zosia, world), *card(adam, world, "1b"), "Strona 1 z 1"]]
    assert pdf_code39(response.content) == [["*ZZ1234*", "*1234567890*"]]


def test_given_children_without_cards_only_when_printing_then_one_page_says_so_and_lists_them(world, tenant_a):
    child = make_child(tenant_a, world, first_name="Jan", last_name="Bezkartowy")

    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).get("children/diningCards", {"ids": str(child.pk)})

    assert response.status_code == 200
    assert pdf_pages(response.content) == [
        [
            "No dining cards to print.",
            "Not printed: no card number",
            f"Jan Bezkartowy ({world.institution.name}, 1a)",
            "Page 1 of 1",
        ]
    ]


def test_given_a_child_or_classroom_out_of_reach_when_an_institutions_admin_prints_then_not_found(world, tenant_a):
    own = make_child(tenant_a, world, card_number="OWN001")
    elsewhere = make_child(tenant_a, world, classroom=world.other_classroom, card_number="ELS001")
    api = Api(tenant_a, institutions_admin(tenant_a, world.institution))

    assert_error(api.get("children/diningCards", {"ids": f"{own.pk},{elsewhere.pk}"}), 404, "Not found.")
    assert_error(api.get("children/diningCards", {"classroomId": world.other_classroom.pk}), 404, "Not found.")
    assert_error(api.get("children/diningCards", {"classroomId": 999_999_999}), 404, "Not found.")


def test_given_cards_disabled_when_printing_then_refused(world, tenant_a):
    child = make_child(tenant_a, world, card_number="AB1234")
    tenant_flags(tenant_a, "orders_config", dining_cards_enabled=False)

    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).get("children/diningCards", {"ids": str(child.pk)})

    assert_error(response, 403, "Dining cards are not enabled.")


@pytest.mark.parametrize(
    ("query", "errors"),
    [
        ({}, {"classroomId": ["Choose a classroom or children."]}),
        ({"classroomId": 1, "ids": "1"}, {"classroomId": ["Choose a classroom or children."]}),
        ({"ids": "3,x"}, {"ids": ["Give children ids separated by commas, e.g. 3,5,8."]}),
        ({"ids": ",".join(str(n) for n in range(1, 502))}, {"ids": ["At most 500 children at once."]}),
    ],
)
def test_given_no_or_a_bad_choice_when_printing_then_invalid(world, tenant_a, query, errors):
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).get("children/diningCards", query)

    assert_error(response, 400, "The given data was invalid.", errors)
