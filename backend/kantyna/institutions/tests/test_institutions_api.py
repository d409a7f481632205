"""Institutions through the HTTP API: the generic CRUD checks, who sees which, the commands and the rules."""

from __future__ import annotations

from datetime import date

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLES
from kantyna.institutions import services
from kantyna.institutions.models import Classroom, Institution
from kantyna.institutions.tests.helpers import (
    VALID_NRB,
    add_child,
    admin_api,
    make_institution,
    role_api_seeing_everything,
)
from kantyna.logistics.models import RouteStop
from kantyna.logistics.services import route_number_create
from kantyna.menus.services import meals_menu_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user


class TestInstitutionsApi(CrudApiTests):
    path = "institutions"
    model = Institution
    list_queries = 3  # session (account, revoked token and user in one) + count + page
    audit_prefix = "institution"
    changed_field = "name"

    def make_instance(self, tenant, index):
        return make_institution()

    def create_payload(self, tenant):
        return {
            "name": "Przedszkole Miejskie nr 7 „Żółwik”",
            "shortName": "PM 7",
            "slug": "pm7-zolwik",
            "kind": "kindergarten",
            "districtId": None,
            "street": "ul. Łąkowa 3",
            "city": "Łódź",
            "postCode": "90-001",
            "termsUrl": "https://example.com/regulamin.pdf",
            "orderingNote": "Zamówienia do 8:00.",
            "regularPaymentsBankAccountNumber": VALID_NRB,
            "hideGrammages": False,
        }

    def invalid_payload(self):
        return {
            "name": "",
            "shortName": "SP",
            "slug": "Zła_Nazwa",
            "kind": "hospital",
            "postCode": "00000",
            "regularPaymentsBankAccountNumber": "12345",
        }, {
            "name": ["This field may not be blank."],
            "slug": ["Use lowercase letters, digits and single hyphens only, e.g. sp12-warszawa."],
            "kind": ['"hospital" is not a valid choice.'],
            "postCode": ["Enter a post code in the format 00-000."],
            "regularPaymentsBankAccountNumber": ["Enter a valid 26-digit bank account number."],
        }

    def update_payload(self, instance):
        return {
            "name": f"{instance.name} (po remoncie)",
            "shortName": instance.short_name,
            "slug": instance.slug,
            "kind": instance.kind,
        }

    def _api(self, tenant, role="ROLE_ADMIN"):
        return role_api_seeing_everything(tenant, role)


# Creating and updating ------------------------------------------------------------------------------------------


def test_given_spaces_in_the_bank_account_when_creating_then_it_is_stored_as_26_digits(tenant_a):
    spaced = " ".join([VALID_NRB[:2], *[VALID_NRB[i : i + 4] for i in range(2, 26, 4)]])

    response = admin_api(tenant_a).post(
        "institutions",
        {
            "name": "Zakład",
            "shortName": "ZK",
            "slug": "zaklad",
            "kind": "workplace",
            "regularPaymentsBankAccountNumber": spaced,
        },
    )

    assert response.status_code == 201, response.content
    assert response.json()["regularPaymentsBankAccountNumber"] == VALID_NRB
    assert response.json()["active"] is True


def test_given_a_taken_slug_when_creating_then_400_names_the_field_and_nothing_is_stored(tenant_a):
    with in_tenant(tenant_a):
        make_institution(slug="sp12-warszawa")

    response = admin_api(tenant_a).post(
        "institutions", {"name": "Inna szkoła", "shortName": "SP X", "slug": "sp12-warszawa", "kind": "school"}
    )

    assert_error(
        response, 400, "The given data was invalid.", {"slug": ["An institution with this slug already exists."]}
    )
    with in_tenant(tenant_a):
        assert Institution.objects.filter(slug="sp12-warszawa").count() == 1


def test_given_a_deactivated_institution_when_updating_with_active_true_then_it_stays_deactivated(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution(slug="sp-stays")
        services.institution_set_active(actor=None, instance=institution, active=False)

    response = admin_api(tenant_a).put(
        f"institutions/{institution.pk}",
        {"name": "Nowa", "shortName": "N", "slug": "sp-stays", "kind": "school", "active": True},
    )

    assert (response.status_code, response.json()["active"]) == (200, False)


# Activate and deactivate -----------------------------------------------------------------------------------------


def test_given_an_active_institution_when_deactivating_then_customers_no_longer_see_it_but_admins_do(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
    admin = admin_api(tenant_a)
    parent = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    response = admin.post(f"institutions/{institution.pk}/deactivate")

    assert (response.status_code, response.json()) == (200, {"status": True})
    assert_error(parent.get(f"institutions/{institution.pk}"), 404, "Not found.")
    assert parent.get("institutions").json()["total"] == 0
    assert admin.get(f"institutions/{institution.pk}").json()["active"] is False
    with in_tenant(tenant_a):
        assert AuditEntry.objects.filter(action="institution.deactivate", target_id=str(institution.pk)).count() == 1


def test_given_a_deactivated_institution_when_activating_twice_then_active_and_audited_once(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
        services.institution_set_active(actor=None, instance=institution, active=False)
    admin = admin_api(tenant_a)

    first = admin.post(f"institutions/{institution.pk}/activate")
    second = admin.post(f"institutions/{institution.pk}/activate")

    assert (first.json(), second.json()) == ({"status": True}, {"status": True})
    with in_tenant(tenant_a):
        institution.refresh_from_db()
        assert institution.is_active is True
        assert AuditEntry.objects.filter(action="institution.activate", target_id=str(institution.pk)).count() == 1


@pytest.mark.parametrize("role", sorted(set(ROLES) - {"ROLE_ADMIN"}))
def test_given_a_non_admin_when_deactivating_or_resetting_then_403_and_nothing_changes(tenant_a, role):
    with in_tenant(tenant_a):
        institution = make_institution()
        services.classroom_create(actor=None, institution=institution, name="1a")
    api = role_api_seeing_everything(tenant_a, role)

    assert_error(api.post(f"institutions/{institution.pk}/deactivate"), 403, "Forbidden.")
    assert_error(api.post(f"institutions/{institution.pk}/activate"), 403, "Forbidden.")
    assert_error(api.post(f"institutions/{institution.pk}/classrooms/reset"), 403, "Forbidden.")
    with in_tenant(tenant_a):
        institution.refresh_from_db()
        assert (institution.is_active, institution.classrooms.count()) == (True, 1)


# Who sees which ---------------------------------------------------------------------------------------------------


def test_given_an_institutions_admin_when_listing_then_only_their_institutions(tenant_a):
    with in_tenant(tenant_a):
        mine = make_institution(name="A moja")
        other = make_institution(name="B cudza")
    user = make_user(tenant_a, "ROLE_INSTITUTIONS_ADMIN")
    with in_tenant(tenant_a):
        user.institutions.set([mine])
    api = Api(tenant_a, user)

    body = api.get("institutions").json()

    assert [item["id"] for item in body["items"]] == [mine.pk]
    assert [item["value"] for item in api.get("institutions/options").json()["items"]] == [mine.pk]
    assert_error(api.get(f"institutions/{other.pk}"), 404, "Not found.")
    assert_error(api.get(f"institutions/{other.pk}/termsUrl"), 404, "Not found.")


def test_given_active_and_deactivated_institutions_when_asking_options_then_show_all_decides(tenant_a):
    with in_tenant(tenant_a):
        district = services.district_create(actor=None, name="Wola")
        active = make_institution(name="A aktywna", short_name="AA", slug="aa", district=district)
        inactive = make_institution(name="B nieaktywna", short_name="BN", slug="bn")
        services.institution_set_active(actor=None, instance=inactive, active=False)
    admin = admin_api(tenant_a)

    default = admin.get("institutions/options").json()
    every = admin.get("institutions/options", {"showAll": "true"}).json()

    assert default["items"] == [
        {
            "value": active.pk,
            "text": "A aktywna",
            "shortName": "AA",
            "slug": "aa",
            "districtId": district.pk,
            "active": True,
        }
    ]
    assert [(item["value"], item["active"]) for item in every["items"]] == [(active.pk, True), (inactive.pk, False)]
    assert every["perPage"] == 9999


def test_given_a_parent_when_asking_options_with_show_all_then_still_only_active(tenant_a):
    with in_tenant(tenant_a):
        active = make_institution()
        inactive = make_institution()
        services.institution_set_active(actor=None, instance=inactive, active=False)
    parent = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    body = parent.get("institutions/options", {"showAll": "1"}).json()

    assert [item["value"] for item in body["items"]] == [active.pk]


def test_given_institutions_when_filtering_and_sorting_then_the_list_follows(tenant_a):
    with in_tenant(tenant_a):
        district = services.district_create(actor=None, name="Ochota")
        school = make_institution(name="Szkoła A", short_name="B", district=district, city="Kraków")
        kindergarten = make_institution(name="Przedszkole", short_name="C", kind="kindergarten", district=district)
        make_institution(name="Szkoła B", short_name="A", city="Gdańsk")
        services.institution_set_active(actor=None, instance=kindergarten, active=False)
    admin = admin_api(tenant_a)

    in_district = admin.get("institutions", {"districtId": district.pk, "sort": "-shortName"}).json()
    active_schools = admin.get("institutions", {"kind": "school", "active": "true", "search": "krak"}).json()
    inactive = admin.get("institutions", {"active": "false"}).json()

    assert [item["id"] for item in in_district["items"]] == [kindergarten.pk, school.pk]
    assert in_district["items"][1]["districtName"] == "Ochota"
    assert [item["id"] for item in active_schools["items"]] == [school.pk]
    assert [item["id"] for item in inactive["items"]] == [kindergarten.pk]


# Per-institution texts ------------------------------------------------------------------------------------------


def test_given_an_institution_when_a_parent_asks_its_texts_then_each_one_answers(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution(
            terms_url="https://example.com/regulamin.pdf",
            ordering_note="Zamówienia składamy do godz. 8:00 dnia poprzedniego.",
            regular_payments_bank_account_number=VALID_NRB,
        )
    parent = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    assert parent.get(f"institutions/{institution.pk}/termsUrl").json() == {
        "termsUrl": "https://example.com/regulamin.pdf"
    }
    assert parent.get(f"institutions/{institution.pk}/orderingNote").json() == {
        "orderingNote": "Zamówienia składamy do godz. 8:00 dnia poprzedniego."
    }
    assert parent.get(f"institutions/{institution.pk}/regularPaymentsBankAccountNumber").json() == {
        "regularPaymentsBankAccountNumber": VALID_NRB
    }


def test_given_another_tenants_institution_when_asking_its_texts_then_404(tenant_a, tenant_b):
    with in_tenant(tenant_a):
        institution = make_institution(ordering_note="Tajne")

    response = admin_api(tenant_b).get(f"institutions/{institution.pk}/orderingNote")

    assert_error(response, 404, "Not found.")


# withoutClassroomName --------------------------------------------------------------------------------------------


def test_given_institutions_when_asking_those_without_a_classroom_name_then_those_lacking_it(tenant_a):
    with in_tenant(tenant_a):
        has_it = make_institution(name="A")
        lacks_it = make_institution(name="B")
        services.classroom_create(actor=None, institution=has_it, name="1A")
        services.classroom_create(actor=None, institution=lacks_it, name="2b")

    body = admin_api(tenant_a).get("institutions/withoutClassroomName/1a").json()

    assert [item["value"] for item in body["items"]] == [lacks_it.pk]


# Deleting --------------------------------------------------------------------------------------------------------


def test_given_an_institution_with_classrooms_children_and_a_menu_when_deleting_then_409_lists_them(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
        classroom = services.classroom_create(actor=None, institution=institution, name="1a")
        services.classroom_create(actor=None, institution=institution, name="1b")
    add_child(tenant_a, classroom)
    with in_tenant(tenant_a):
        meals_menu_create(
            actor=None,
            name="Jadłospis",
            date_from=date(2026, 11, 1),
            date_to=date(2026, 11, 30),
            institutions=[institution],
            diets=[],
            items=[],
        )

    response = admin_api(tenant_a).delete(f"institutions/{institution.pk}")

    assert_error(
        response,
        409,
        "This institution is in use and cannot be deleted. Deactivate it instead.",
        {"institution": ["2 classrooms", "1 child", "1 menu"]},
    )
    with in_tenant(tenant_a):
        assert Institution.objects.filter(pk=institution.pk).exists()
        assert Classroom.objects.filter(institution=institution).count() == 2


def test_given_an_institution_assigned_to_an_institutions_admin_when_deleting_then_409(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
    user = make_user(tenant_a, "ROLE_INSTITUTIONS_ADMIN")
    with in_tenant(tenant_a):
        user.institutions.set([institution])

    response = admin_api(tenant_a).delete(f"institutions/{institution.pk}")

    assert_error(
        response,
        409,
        "This institution is in use and cannot be deleted. Deactivate it instead.",
        {"institution": ["1 assigned institutions admin"]},
    )


def test_given_an_institution_on_delivery_routes_when_deleting_then_409_names_the_routes_and_nothing_changes(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
        for number in ("T2", "T1"):
            route_number_create(actor=None, number=number, institutions=[institution])

    english = admin_api(tenant_a).delete(f"institutions/{institution.pk}")
    polish = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"), locale="pl").delete(f"institutions/{institution.pk}")

    assert_error(
        english,
        409,
        "This institution is in use and cannot be deleted. Deactivate it instead.",
        {"institution": ["2 delivery routes (T1, T2)"]},
    )
    assert polish.json()["errors"] == {"institution": ["2 trasy dostaw (T1, T2)"]}
    with in_tenant(tenant_a):
        assert Institution.objects.filter(pk=institution.pk).exists()
        assert sorted(
            RouteStop.objects.filter(institution=institution).values_list("route_number__number", flat=True)
        ) == [
            "T1",
            "T2",
        ]
        assert not AuditEntry.objects.filter(action="institution.delete").exists()


def test_given_polish_locale_when_refusing_a_delete_then_the_lines_are_polish(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
        for name in ("1a", "1b", "1c", "1d", "1e"):
            services.classroom_create(actor=None, institution=institution, name=name)
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"), locale="pl")

    body = api.delete(f"institutions/{institution.pk}").json()

    assert body["errors"] == {"institution": ["5 klas"]}


# Classrooms reset ------------------------------------------------------------------------------------------------


def test_given_classrooms_without_children_when_resetting_then_all_are_removed(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
        other = make_institution()
        for name in ("1a", "2a"):
            services.classroom_create(actor=None, institution=institution, name=name)
        kept = services.classroom_create(actor=None, institution=other, name="1a")

    response = admin_api(tenant_a).post(f"institutions/{institution.pk}/classrooms/reset")

    assert (response.status_code, response.json()) == (200, {"status": True})
    with in_tenant(tenant_a):
        assert list(Classroom.objects.values_list("pk", flat=True)) == [kept.pk]
        entry = AuditEntry.objects.get(action="institution.classrooms_reset")
        assert (entry.target_id, sorted(entry.data["names"])) == (str(institution.pk), ["1a", "2a"])


def test_given_a_classroom_with_children_when_resetting_then_409_lists_it_and_nothing_is_removed(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution(short_name="SP 12")
        occupied = services.classroom_create(actor=None, institution=institution, name="3c")
        services.classroom_create(actor=None, institution=institution, name="1a")
    add_child(tenant_a, occupied)
    add_child(tenant_a, occupied)

    response = admin_api(tenant_a).post(f"institutions/{institution.pk}/classrooms/reset")

    assert_error(
        response,
        409,
        "Some classrooms still have children. Move the children to other classrooms first.",
        {"classrooms": ["3c (SP 12): 2 children"]},
    )
    with in_tenant(tenant_a):
        assert institution.classrooms.count() == 2


def test_given_an_invoice_buyer_when_saving_then_stored_and_a_bad_nip_or_post_code_refused(tenant_a):
    """A gmina paying for its school's meals: the buyer of the school's monthly invoice (invoices app)."""
    base = {"name": "SP 3", "shortName": "SP3", "slug": "sp3", "kind": "school"}
    buyer = {
        "invoiceBuyerName": "Gmina Łódź",
        "invoiceBuyerTaxId": "7251018745",
        "invoiceBuyerStreet": "ul. Piotrkowska 104",
        "invoiceBuyerPostCode": "90-926",
        "invoiceBuyerCity": "Łódź",
    }

    created = admin_api(tenant_a).post("institutions", {**base, **buyer})
    refused = admin_api(tenant_a).post(
        "institutions",
        {**base, "slug": "sp3-b", "invoiceBuyerTaxId": "725-101", "invoiceBuyerPostCode": "90926"},
    )

    assert created.status_code == 201, created.content
    assert {key: created.json()[key] for key in buyer} == buyer
    assert_error(
        refused,
        400,
        "The given data was invalid.",
        {
            "invoiceBuyerTaxId": ["Enter 10 digits."],
            "invoiceBuyerPostCode": ["Enter a post code in the format 00-000."],
        },
    )
    with in_tenant(tenant_a):
        assert not Institution.objects.filter(slug="sp3-b").exists()
