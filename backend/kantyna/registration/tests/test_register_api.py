"""`POST auth/register/{userType}`: every rule of spec §5, one transaction, one login across tenants, the
e-mail with a working password set-up link, throttling."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from procrastinate.contrib.django.models import ProcrastinateJob
from rest_framework.test import APIClient

from kantyna.audit.models import AuditEntry
from kantyna.core.exceptions import ApiError
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.identity.models import Account
from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import ledger_balance
from kantyna.people.models import CalendarSubjectSettings, Child, WorkerProfile
from kantyna.people.services.children import child_create
from kantyna.registration.models import RegistrationAttempt
from kantyna.registration.tests.helpers import child_payload, make_world, parent_payload, worker_payload
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing import DEFAULT_PASSWORD, Api, assert_error, make_user
from kantyna.users.models import User

INVALID = "The given data was invalid."
PARENT_REQUIRED = (
    "In order to create parent you must fill up fields: email address, first name, last name, and phone number."
)
WORKER_REQUIRED = (
    "In order to create institution worker you must fill up fields: email address, first name, last name, "
    "institution, diet and phone number."
)
REQUIRED = ["This field is required."]
PHONE = ["Enter 7 or 9 digits, optionally separated by spaces."]
NEW_PASSWORD = "Fresh-pass-789"


@pytest.fixture(autouse=True)
def _fixed_public_origin(settings):
    settings.PUBLIC_URL_SCHEME = "http"
    settings.PUBLIC_PORT = "8000"


def register(tenant, user_type, payload, locale="en", **extra):
    return Api(tenant, locale=locale).post(f"auth/register/{user_type}", payload, **extra)


def nothing_created(tenant) -> bool:
    with in_tenant(tenant):
        return not (
            User.objects.exists()
            or Child.objects.exists()
            or WorkerProfile.objects.exists()
            or ProcrastinateJob.objects.exists()
            or RegistrationAttempt.objects.exists()
        )


def mail() -> dict:
    return ProcrastinateJob.objects.get(task_name="kantyna.core.tasks.send_email").args


def setup_token(text: str) -> str:
    return re.search(r"/sso/reset/(\S+)", text).group(1)


def sign_in(email, password):
    return APIClient(HTTP_HOST="auth.localhost").post(
        "/sso/api/token", {"emailAddress": email, "password": password}, format="json"
    )


# Parent ---------------------------------------------------------------------------------------------------------


def test_given_valid_parent_with_two_children_when_registering_then_201_user_children_and_audit(tenant_a, world):
    payload = parent_payload(
        world,
        emailAddress="Anna.Nowak@Example.test",
        children=[
            child_payload(world, cardNumber="ABC123", allergies=[world.allergen.pk], allergiesNote="Bez glutenu"),
            child_payload(world, firstName="Staś", classroomId=world.plain_classroom.pk, institutionId=None),
        ],
    )

    response = register(tenant_a, "parent", payload)

    assert response.status_code == 201, response.json()
    with in_tenant(tenant_a):
        user = User.objects.select_related("account").get()
        assert response.json() == {"email": "anna.nowak@example.test"}
        assert user.roles == [ROLE_PARENT]
        assert (user.first_name, user.last_name) == ("Anna", "Nowak")
        assert (user.phone_number, user.phone_number2) == ("600700800", "2212345")
        assert user.bank_account_number == "61109010140000071219812874"
        assert user.accepted_marketing is True
        assert user.registered_at is not None
        assert not user.account.has_usable_password()
        assert user.account.locale == "en"
        zosia, stas = (
            Child.objects.order_by("first_name").exclude(first_name="Staś"),
            Child.objects.get(first_name="Staś"),
        )
        zosia = zosia.get()
        assert (zosia.parent_id, zosia.institution_id, zosia.classroom_id) == (
            user.pk,
            world.institution.pk,
            world.classroom.pk,
        )
        assert zosia.card_number == "ABC123"
        assert list(zosia.allergies.all()) == [world.allergen]
        assert zosia.allergies_note == "Bez glutenu"
        # Price lists group defaulting (spec §4): the classroom's group, else the children's default.
        assert zosia.price_lists_group_id == world.classroom_group.pk
        assert stas.price_lists_group_id == world.children_group.pk
        assert stas.card_number is None
        assert set(AuditEntry.objects.values_list("action", flat=True)) >= {
            "user.create",
            "child.create",
            "registration.register",
        }


def test_given_registration_when_done_then_email_with_setup_link_that_works_once_and_signs_in(tenant_a, world):
    payload = parent_payload(world, emailAddress="link@example.test")

    assert register(tenant_a, "parent", payload).status_code == 201

    with in_tenant(tenant_a):
        message = mail()
    assert message["to"] == ["link@example.test"]
    assert message["subject"] == "Kantyna: your account is ready, set your password"
    assert (
        "Your user account has been successfully registered with the e-mail address link@example.test."
        in (message["text"])
    )
    assert "http://alpha.localhost:8000/sso/reset/" in message["text"]
    token = setup_token(message["text"])
    api = Api(tenant_a)
    confirm = {"password": NEW_PASSWORD, "passwordConfirmation": NEW_PASSWORD}
    assert api.post(f"auth/resetPassword/{token}", confirm).json() == {"status": True}
    signed_in = sign_in("link@example.test", NEW_PASSWORD)
    assert signed_in.status_code == 200
    assert [tenant["slug"] for tenant in signed_in.json()["tenants"]] == ["alpha"]
    me = Api(tenant_a, token=signed_in.json()["token"]).get("auth/currentUser")
    assert me.status_code == 200
    assert me.json()["roles"] == [ROLE_PARENT]
    assert_error(
        api.post(f"auth/resetPassword/{token}", confirm), 400, "The password reset link is invalid or has expired."
    )


def test_given_polish_locale_when_registering_then_email_in_polish_and_account_locale_pl(tenant_a, world):
    assert register(tenant_a, "parent", parent_payload(world), locale="pl").status_code == 201

    with in_tenant(tenant_a):
        message = mail()
        assert User.objects.get().account.locale == "pl"
    assert message["subject"] == "Kantyna: konto gotowe, ustaw hasło"
    assert "/sso/reset/" in message["text"]


def test_given_child_settings_when_registering_then_calendar_and_notification_settings_stored(tenant_a, world):
    child = child_payload(
        world,
        classroomId=world.plain_classroom.pk,
        calendarSubjectSettings={
            "automarkPresences": True,
            "automarkedWeekdays": {
                "onMonday": True,
                "onTuesday": False,
                "onWednesday": True,
                "onThursday": True,
                "onFriday": True,
                "onSaturday": False,
                "onSunday": False,
            },
            "automarkStartDate": "2026-12-01",
            "automarkEndDate": "2027-06-25",
            "autoselectionInterval": "one_week",
            "autoselectedMealTypes": [world.meal_type.pk],
            "autoselectedPriceListsItemsIds": [world.item.pk],
        },
        subjectNotificationsSettings={
            "missingOrdersEnabled": True,
            "missingOrdersDaysBefore": 2,
            "missingOrdersTriggerTime": "09:30",
        },
    )

    response = register(tenant_a, "parent", parent_payload(world, children=[child]))

    assert response.status_code == 201, response.json()
    with in_tenant(tenant_a):
        settings = CalendarSubjectSettings.objects.get(child__isnull=False)
        assert settings.automarked_weekdays["on_tuesday"] is False
        assert str(settings.automark_start_date) == "2026-12-01"
        assert settings.autoselection_interval == "one_week"
        assert list(settings.autoselected_meal_types.all()) == [world.meal_type]
        assert list(settings.autoselected_price_list_items.all()) == [world.item]
        assert (settings.missing_orders_enabled, settings.missing_orders_days_before) == (True, 2)
        assert str(settings.missing_orders_trigger_time) == "09:30:00"
        log = settings.logs.get()
        assert (log.old_automark_presences, log.new_automark_presences) == (None, True)


def test_given_price_list_item_of_another_group_when_registering_then_refused(tenant_a, world):
    # The classroom's own group has no list: the item of the children's group is not the child's.
    child = child_payload(world, calendarSubjectSettings={"autoselectedPriceListsItemsIds": [world.item.pk]})

    response = register(tenant_a, "parent", parent_payload(world, children=[child]))

    assert_error(
        response,
        400,
        INVALID,
        {
            "children.0.calendarSubjectSettings.autoselectedPriceListsItemsIds": [
                "This price list item cannot be chosen."
            ]
        },
    )


def test_given_parent_without_children_when_registering_then_created(tenant_a, world):
    response = register(tenant_a, "parent", parent_payload(world, children=[]))

    assert response.status_code == 201


@pytest.mark.parametrize(
    ("missing", "errors"),
    [
        ({"emailAddress": ""}, {"emailAddress": REQUIRED}),
        ({"firstName": " "}, {"firstName": REQUIRED}),
        ({"lastName": None}, {"lastName": REQUIRED}),
        ({"phoneNumber": ""}, {"phoneNumber": REQUIRED}),
    ],
)
def test_given_parent_required_field_missing_when_registering_then_the_spec_sentence(tenant_a, world, missing, errors):
    response = register(tenant_a, "parent", parent_payload(world, **missing))

    assert_error(response, 400, PARENT_REQUIRED, errors)
    assert nothing_created(tenant_a)


def test_given_empty_parent_payload_when_registering_then_sentence_and_every_required_field(tenant_a, world):
    response = register(tenant_a, "parent", {})

    assert_error(
        response,
        400,
        PARENT_REQUIRED,
        {
            "emailAddress": REQUIRED,
            "firstName": REQUIRED,
            "lastName": REQUIRED,
            "phoneNumber": REQUIRED,
            "acceptedTerms": ["Accept the terms and conditions and the privacy policy."],
        },
    )


@pytest.mark.parametrize("phone", ["600700800", "600 700 800", "2212345", "221 2345"])
def test_given_valid_phone_formats_when_registering_then_stored_without_spaces(tenant_a, world, phone):
    response = register(tenant_a, "parent", parent_payload(world, phoneNumber=phone, phoneNumber2=""))

    assert response.status_code == 201
    with in_tenant(tenant_a):
        assert User.objects.get().phone_number == phone.replace(" ", "")


@pytest.mark.parametrize("phone", ["60070080", "600-700-800", "600 7008 00", "6007008001", "+48600700800", "abcdefg"])
def test_given_invalid_phone_when_registering_then_field_error(tenant_a, world, phone):
    response = register(tenant_a, "parent", parent_payload(world, phoneNumber2=phone))

    assert_error(response, 400, INVALID, {"phoneNumber2": PHONE})
    assert nothing_created(tenant_a)


def test_given_phone_longer_than_12_when_registering_then_field_error(tenant_a, world):
    response = register(tenant_a, "parent", parent_payload(world, phoneNumber="600 700 800 9"))

    assert_error(response, 400, INVALID, {"phoneNumber": ["Ensure this field has no more than 12 characters."]})


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (
            "61 1090 1014 0000 0712 1981 287",
            "Enter 2 digits and six groups of 4 digits, optionally separated by spaces.",
        ),
        (
            "6110-9010-1400-0007-1219-8128-74",
            "Enter 2 digits and six groups of 4 digits, optionally separated by spaces.",
        ),
        ("62 1090 1014 0000 0712 1981 2874", "Enter a valid 26-digit bank account number."),
    ],
)
def test_given_invalid_bank_account_when_registering_then_field_error(tenant_a, world, number, message):
    response = register(tenant_a, "parent", parent_payload(world, bankAccountNumber=number))

    assert_error(response, 400, INVALID, {"bankAccountNumber": [message]})


def test_given_bank_account_longer_than_32_when_registering_then_field_error(tenant_a, world):
    response = register(tenant_a, "parent", parent_payload(world, bankAccountNumber="6" * 33))

    assert_error(response, 400, INVALID, {"bankAccountNumber": ["Ensure this field has no more than 32 characters."]})


def test_given_terms_not_accepted_when_registering_then_refused(tenant_a, world):
    response = register(tenant_a, "parent", parent_payload(world, acceptedTerms=False))

    assert_error(response, 400, INVALID, {"acceptedTerms": ["Accept the terms and conditions and the privacy policy."]})
    assert nothing_created(tenant_a)


def test_given_catering_terms_url_when_not_accepted_then_refused_and_accepted_then_created(tenant_a, world):
    with in_tenant(tenant_a):
        settings_update(actor=None, key="company_details", data={"catering_terms_url": "https://example.test/c"})

    refused = register(tenant_a, "parent", parent_payload(world))
    accepted = register(tenant_a, "parent", parent_payload(world, acceptedCateringTerms=True))

    assert_error(refused, 400, INVALID, {"acceptedCateringTerms": ["Accept the catering terms of use."]})
    assert accepted.status_code == 201


def test_given_no_marketing_consent_when_registering_then_stored_false(tenant_a, world):
    assert register(tenant_a, "parent", parent_payload(world, acceptedMarketing=False)).status_code == 201

    with in_tenant(tenant_a):
        assert User.objects.get().accepted_marketing is False


INVOICE = {
    "invoicesEnabled": True,
    "companyName": "Nowak sp. z o.o.",
    "vatId": "",
    "address": {"street": "Polna 1", "city": "Warszawa", "postCode": "00-001"},
}


def _invoices_for_users(tenant):
    with in_tenant(tenant):
        settings_update(actor=None, key="invoices_config_for_users", data={"enable_invoices_for_users": True})


def test_given_invoices_for_users_when_invoice_section_complete_then_stored(tenant_a, world):
    _invoices_for_users(tenant_a)

    assert register(tenant_a, "parent", parent_payload(world, invoicesSettings=INVOICE)).status_code == 201

    with in_tenant(tenant_a):
        stored = User.objects.get().invoices_settings
    assert stored == {
        "invoices_enabled": True,
        "company_name": "Nowak sp. z o.o.",
        "vat_id": "",
        "address": {"street": "Polna 1", "city": "Warszawa", "post_code": "00-001"},
    }


def test_given_invoices_enabled_when_company_data_missing_then_each_required(tenant_a, world):
    _invoices_for_users(tenant_a)
    invoice = {"invoicesEnabled": True, "companyName": "", "address": {"street": "", "city": "", "postCode": ""}}

    response = register(tenant_a, "parent", parent_payload(world, invoicesSettings=invoice))

    assert_error(
        response,
        400,
        INVALID,
        {
            "invoicesSettings.companyName": REQUIRED,
            "invoicesSettings.address.street": REQUIRED,
            "invoicesSettings.address.city": REQUIRED,
            "invoicesSettings.address.postCode": REQUIRED,
        },
    )


def test_given_invoices_disabled_in_payload_when_company_data_missing_then_fine(tenant_a, world):
    _invoices_for_users(tenant_a)

    response = register(tenant_a, "parent", parent_payload(world, invoicesSettings={"invoicesEnabled": False}))

    assert response.status_code == 201


def test_given_invoices_for_users_off_when_invoice_section_sent_then_ignored(tenant_a, world):
    assert register(tenant_a, "parent", parent_payload(world, invoicesSettings=INVOICE)).status_code == 201

    with in_tenant(tenant_a):
        assert User.objects.get().invoices_settings["invoices_enabled"] is False


# Children -------------------------------------------------------------------------------------------------------


def test_given_child_without_classroom_when_registering_then_the_spec_message(tenant_a, world):
    children = [child_payload(world), child_payload(world, classroomId=None)]

    response = register(tenant_a, "parent", parent_payload(world, children=children))

    assert_error(response, 400, INVALID, {"children.1.classroomId": ["The child must be assigned to classroom."]})
    assert nothing_created(tenant_a)


def test_given_child_without_names_when_registering_then_both_required(tenant_a, world):
    children = [child_payload(world, firstName="", lastName=None)]

    response = register(tenant_a, "parent", parent_payload(world, children=children))

    assert_error(
        response,
        400,
        INVALID,
        {"children.0.firstName": REQUIRED, "children.0.lastName": ["This field may not be null."]},
    )


def test_given_invalid_second_child_when_registering_then_nothing_created(tenant_a, world):
    children = [child_payload(world, cardNumber="ABC123"), child_payload(world, cardNumber="abc12")]

    response = register(tenant_a, "parent", parent_payload(world, children=children))

    assert_error(response, 400, INVALID, {"children.1.cardNumber": ["Enter 6 to 10 digits or capital letters."]})
    assert nothing_created(tenant_a)


@pytest.mark.parametrize("card", ["12345", "ABCDEFGHIJK", "abc123", "AB 1234"])
def test_given_bad_card_number_when_registering_then_field_error(tenant_a, world, card):
    response = register(tenant_a, "parent", parent_payload(world, children=[child_payload(world, cardNumber=card)]))

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["children.0.cardNumber"]


def test_given_card_number_with_spaces_around_when_registering_then_trimmed(tenant_a, world):
    children = [child_payload(world, cardNumber="  0012345678 ")]

    assert register(tenant_a, "parent", parent_payload(world, children=children)).status_code == 201

    with in_tenant(tenant_a):
        assert Child.objects.get().card_number == "0012345678"


def test_given_card_number_twice_in_payload_when_registering_then_refused(tenant_a, world):
    children = [child_payload(world, cardNumber="ABC123"), child_payload(world, cardNumber="ABC123")]

    response = register(tenant_a, "parent", parent_payload(world, children=children))

    assert_error(response, 400, INVALID, {"children.1.cardNumber": ["The same card number is given twice."]})


def test_given_card_number_of_existing_child_when_registering_then_refused(tenant_a, world):
    other = make_user(tenant_a, ROLE_PARENT)
    with in_tenant(tenant_a):
        child_create(
            actor=None,
            parent=other,
            first_name="A",
            last_name="B",
            classroom=world.classroom,
            diet=world.diet,
            card_number="TAKEN1",
        )

    response = register(tenant_a, "parent", parent_payload(world, children=[child_payload(world, cardNumber="TAKEN1")]))

    assert_error(response, 400, INVALID, {"children.0.cardNumber": ["This card number is already used."]})


def test_given_diet_forbidding_allergens_when_child_has_allergens_then_refused_naming_them(tenant_a, world):
    """The diet would clear them and a registrant cannot confirm that (the form leaves them out for such a diet)."""
    child = child_payload(world, dietId=world.strict_diet.pk, allergies=[world.allergen.pk], allergiesNote="x")

    response = register(tenant_a, "parent", parent_payload(world, children=[child]))

    diet = world.strict_diet.name
    assert_error(
        response,
        400,
        INVALID,
        {
            "children.0.allergies": [
                f"Diet {diet} does not allow allergen changes: confirm removing the allergies {world.allergen.name}."
            ],
            "children.0.allergiesNote": [
                f"Diet {diet} does not allow allergen changes: confirm removing the allergy note."
            ],
        },
    )
    assert nothing_created(tenant_a)


def test_given_diet_forbidding_allergens_when_registering_in_polish_then_the_refusal_is_polish(tenant_a, world):
    child = child_payload(world, dietId=world.strict_diet.pk, allergies=[world.allergen.pk])

    response = register(tenant_a, "parent", parent_payload(world, children=[child]), locale="pl")

    assert response.json()["errors"] == {
        "children.0.allergies": [
            f"Dieta {world.strict_diet.name} nie pozwala na zmianę alergenów: potwierdź usunięcie alergii "
            f"{world.allergen.name}."
        ]
    }


def test_given_tenant_forbids_allergens_for_parents_when_child_has_allergens_then_refused(tenant_a, world):
    with in_tenant(tenant_a):
        settings_update(actor=None, key="parents_settings", data={"allow_changing_allergens": False})

    response = register(
        tenant_a, "parent", parent_payload(world, children=[child_payload(world, allergies=[world.allergen.pk])])
    )

    assert_error(response, 400, INVALID, {"children.0.allergies": ["Allergens cannot be changed for this diet."]})


def test_given_diet_not_served_at_institution_when_registering_child_then_refused(tenant_a, world):
    child = child_payload(world, dietId=world.foreign_diet.pk)

    response = register(tenant_a, "parent", parent_payload(world, children=[child]))

    assert_error(
        response, 400, INVALID, {"children.0.dietId": ["This diet is not available at the chosen institution."]}
    )


def test_given_classroom_of_other_institution_when_registering_child_then_refused(tenant_a, world):
    child = child_payload(world, classroomId=world.other_classroom.pk)

    response = register(tenant_a, "parent", parent_payload(world, children=[child]))

    assert_error(
        response, 400, INVALID, {"children.0.classroomId": ["The classroom does not belong to the chosen institution."]}
    )


def test_given_classroom_of_inactive_institution_or_unknown_when_registering_child_then_refused(tenant_a, world):
    with in_tenant(tenant_a):
        from kantyna.institutions.services import classroom_create

        closed = classroom_create(actor=None, institution=world.inactive_institution, name="X")

    for classroom_id in (closed.pk, 999999):
        child = child_payload(world, classroomId=classroom_id, institutionId=None)
        response = register(tenant_a, "parent", parent_payload(world, children=[child]))
        assert_error(response, 400, INVALID, {"children.0.classroomId": ["This choice is not available."]})


# E-mail already known -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("user_type", ["parent", "institution_worker"])
def test_given_email_already_a_user_here_when_registering_then_answered_as_a_new_one_and_the_owner_told_by_email(
    tenant_a, world, user_type
):
    """Issue 11: the answer used to say the e-mail was registered (account enumeration)."""
    existing = make_user(tenant_a, ROLE_PARENT, email="known@example.test", first_name="Halina")
    Account.objects.filter(pk=existing.account_id).update(locale="pl")

    def payload(email):  # no dining card: the second one would meet the first's card
        if user_type == "parent":
            return parent_payload(world, emailAddress=email)
        return worker_payload(world, emailAddress=email, cardNumber=None)

    fresh = register(tenant_a, user_type, payload(" NEW@example.test"), REMOTE_ADDR="10.3.0.1")
    known = register(tenant_a, user_type, payload(" KNOWN@example.test"), REMOTE_ADDR="10.3.0.2")

    assert (fresh.status_code, fresh.json()) == (201, {"email": "new@example.test"})
    assert (known.status_code, known.json()) == (201, {"email": "known@example.test"})
    assert fresh.headers.keys() == known.headers.keys()
    with in_tenant(tenant_a):
        assert User.objects.filter(account__email="known@example.test").get() == existing
        assert existing.account.has_usable_password()
        assert not Child.objects.filter(parent=existing).exists()
        assert not WorkerProfile.objects.filter(user=existing).exists()
        notice = ProcrastinateJob.objects.get(args__to=["known@example.test"]).args
        assert AuditEntry.objects.filter(action="registration.existing_email", target_id=str(existing.pk)).count() == 1
        assert list(RegistrationAttempt.objects.order_by("id").values_list("email", "ip_address")) == [
            ("new@example.test", "10.3.0.1"),
            ("known@example.test", "10.3.0.2"),
        ]
    assert notice["subject"] == "Kantyna: ktoś próbował zarejestrować się Twoim adresem e-mail"
    assert notice["text"].startswith("Dzień dobry Halina,")  # the owner's language and name, not the registrant's
    assert "z adresem e-mail known@example.test" in notice["text"]
    assert "http://alpha.localhost:8000/sso/login" in notice["text"]
    assert "http://alpha.localhost:8000/sso/forgot" in notice["text"]
    assert "/sso/reset/" not in notice["text"]
    assert Account.objects.get(pk=existing.account_id).check_password(DEFAULT_PASSWORD)


def test_given_email_already_a_user_here_when_registered_again_within_the_hour_then_one_notice(tenant_a, world):
    make_user(tenant_a, ROLE_PARENT, email="known@example.test")

    answers = [register(tenant_a, "parent", parent_payload(world, emailAddress="known@example.test")) for _ in range(3)]

    assert [(r.status_code, r.json()) for r in answers] == [(201, {"email": "known@example.test"})] * 3
    with in_tenant(tenant_a):
        assert ProcrastinateJob.objects.count() == 1
        assert RegistrationAttempt.objects.count() == 3  # each still counts for the per-address throttle


def test_given_email_already_a_user_here_when_english_owner_then_english_notice(tenant_a, world):
    make_user(tenant_a, ROLE_PARENT, email="known@example.test", first_name="Helen")
    Account.objects.filter(email="known@example.test").update(locale="en")

    register(tenant_a, "parent", parent_payload(world, emailAddress="known@example.test"), locale="pl")

    with in_tenant(tenant_a):
        notice = mail()
    assert notice["subject"] == "Kantyna: someone tried to register with your e-mail address"
    assert notice["text"].startswith("Hello Helen,\n\nSomeone, perhaps you, tried to register a new account")


def test_given_account_of_another_tenant_when_registering_then_one_login_for_both(tenant_a, tenant_b, world):
    elsewhere = make_user(tenant_b, ROLE_PARENT, email="both@example.test")

    response = register(tenant_a, "parent", parent_payload(world, emailAddress="both@example.test"))

    assert response.status_code == 201
    with in_tenant(tenant_a):
        user = User.objects.get()
        assert user.account_id == elsewhere.account_id
        message = mail()
    assert Account.objects.filter(email="both@example.test").count() == 1
    assert "sign in with your existing password" in message["text"]
    assert "/sso/reset/" not in message["text"]
    assert "http://alpha.localhost:8000/sso/forgot" in message["text"]
    signed_in = sign_in("both@example.test", DEFAULT_PASSWORD)
    assert sorted(tenant["slug"] for tenant in signed_in.json()["tenants"]) == ["alpha", "beta"]


# Registration fee -----------------------------------------------------------------------------------------------


def _fee_setting(tenant, *, on: bool) -> None:
    with in_tenant(tenant):
        settings_update(
            actor=None,
            key="parents_settings",
            data={"add_registration_fee": on, "registration_fee": {"amount": "25.00", "currency": "PLN"}},
        )


@pytest.mark.parametrize("user_type", ["parent", "institution_worker"])
def test_given_registration_fee_on_when_registering_then_charged_once(tenant_a, world, user_type):
    _fee_setting(tenant_a, on=True)
    payload = parent_payload(world) if user_type == "parent" else worker_payload(world)

    response = register(tenant_a, user_type, payload)

    assert response.status_code == 201, response.json()
    with in_tenant(tenant_a):
        user = User.objects.get()
        assert ledger_balance(user) == Decimal("-25.00")
        fees = LedgerTransaction.objects.filter(account__user=user, kind="fee")
        assert [row.amount for row in fees] == [Decimal("-25.00")]
        assert LedgerTransaction.objects.count() == 1


@pytest.mark.parametrize("user_type", ["parent", "institution_worker"])
def test_given_registration_fee_off_when_registering_then_nothing_charged(tenant_a, world, user_type):
    _fee_setting(tenant_a, on=False)
    payload = parent_payload(world) if user_type == "parent" else worker_payload(world)

    response = register(tenant_a, user_type, payload)

    assert response.status_code == 201, response.json()
    with in_tenant(tenant_a):
        assert ledger_balance(User.objects.get()) == Decimal("0")
        assert not LedgerTransaction.objects.exists()


def test_given_registration_fee_on_when_a_later_step_fails_then_the_fee_is_rolled_back(tenant_a, world, monkeypatch):
    _fee_setting(tenant_a, on=True)

    def refuse(**kwargs):
        raise ApiError("Error occured while processing your request.", status_code=500)

    monkeypatch.setattr("kantyna.registration.services._welcome_email", refuse)

    response = register(tenant_a, "parent", parent_payload(world))

    assert response.status_code == 500
    with in_tenant(tenant_a):
        assert not LedgerTransaction.objects.exists()
    assert nothing_created(tenant_a)


# Institution worker ---------------------------------------------------------------------------------------------


def test_given_valid_worker_when_registering_then_user_profile_group_and_allergies(tenant_a, world):
    response = register(tenant_a, "institution_worker", worker_payload(world, emailAddress="jan@example.test"))

    assert response.status_code == 201, response.json()
    with in_tenant(tenant_a):
        user = User.objects.get()
        assert response.json() == {"email": "jan@example.test"}
        assert user.roles == [ROLE_INSTITUTION_WORKER]
        assert user.bank_account_number == ""
        assert list(user.institutions.all()) == [world.institution]
        profile = WorkerProfile.objects.get(user=user)
        assert (profile.institution_id, profile.diet_id, profile.card_number) == (
            world.institution.pk,
            world.diet.pk,
            "AB12345",
        )
        assert profile.group_id == world.workers_group.pk
        assert list(profile.allergies.all()) == [world.allergen]
        assert profile.allergies_note == "Bez orzechów"
        assert "/sso/reset/" in mail()["text"]


def test_given_worker_with_bank_account_when_registering_then_not_stored(tenant_a, world):
    payload = worker_payload(world, bankAccountNumber="61 1090 1014 0000 0712 1981 2874")

    assert register(tenant_a, "institution_worker", payload).status_code == 201

    with in_tenant(tenant_a):
        assert User.objects.get().bank_account_number == ""


def test_given_worker_missing_institution_and_diet_when_registering_then_the_worker_sentence(tenant_a, world):
    response = register(tenant_a, "institution_worker", worker_payload(world, institutionId=None, dietId=None))

    assert_error(response, 400, WORKER_REQUIRED, {"institutionId": REQUIRED, "dietId": REQUIRED})
    assert nothing_created(tenant_a)


def test_given_worker_at_inactive_institution_when_registering_then_refused(tenant_a, world):
    payload = worker_payload(world, institutionId=world.inactive_institution.pk, institutionWorkersGroupId=None)

    response = register(tenant_a, "institution_worker", payload)

    assert_error(response, 400, INVALID, {"institutionId": ["This choice is not available."]})


def test_given_worker_group_and_diet_of_other_institution_when_registering_then_refused(tenant_a, world):
    payload = worker_payload(world, institutionId=world.other_institution.pk, dietId=world.strict_diet.pk)

    response = register(tenant_a, "institution_worker", payload)

    assert_error(
        response,
        400,
        INVALID,
        {
            "dietId": ["This diet is not available at the chosen institution."],
            "institutionWorkersGroupId": ["The group does not belong to the chosen institution."],
            "allergies": [
                f"Diet {world.strict_diet.name} does not allow allergen changes: confirm removing the allergies "
                f"{world.allergen.name}."
            ],
            "allergiesNote": [
                f"Diet {world.strict_diet.name} does not allow allergen changes: confirm removing the allergy note."
            ],
        },
    )


def test_given_diet_forbidding_allergens_when_worker_has_allergens_then_refused_naming_them(tenant_a, world):
    """As for a registrant's child: the diet would clear them and a registrant cannot confirm that."""
    payload = worker_payload(world, dietId=world.strict_diet.pk)

    response = register(tenant_a, "institution_worker", payload, locale="pl")

    diet = world.strict_diet.name
    assert_error(
        response,
        400,
        INVALID,
        {
            "allergies": [
                f"Dieta {diet} nie pozwala na zmianę alergenów: potwierdź usunięcie alergii {world.allergen.name}."
            ],
            "allergiesNote": [f"Dieta {diet} nie pozwala na zmianę alergenów: potwierdź usunięcie uwag o alergiach."],
        },
    )
    assert nothing_created(tenant_a)


# Who may register -----------------------------------------------------------------------------------------------


def test_given_unknown_user_type_when_registering_then_404(tenant_a, world):
    assert_error(register(tenant_a, "admin", parent_payload(world)), 404, "Not found.")


@pytest.mark.parametrize(
    ("register_as", "refused"), [("parent", "institution_worker"), ("institution_worker", "parent")]
)
def test_given_register_as_setting_when_other_type_registers_then_403(tenant_a, world, register_as, refused):
    with in_tenant(tenant_a):
        settings_update(actor=None, key="general", data={"register_as": register_as})
    payload = parent_payload(world) if refused == "parent" else worker_payload(world)

    assert_error(register(tenant_a, refused, payload), 403, "Forbidden.")
    assert nothing_created(tenant_a)


def test_given_registration_on_tenant_a_when_looking_at_tenant_b_then_nobody_there(tenant_a, tenant_b, world):
    make_world(tenant_b)

    assert register(tenant_a, "parent", parent_payload(world)).status_code == 201

    with in_tenant(tenant_b):
        assert not User.objects.exists()


def test_given_classroom_id_of_tenant_a_when_registering_on_tenant_b_then_unknown(tenant_a, tenant_b, world):
    world_b = make_world(tenant_b)
    payload = parent_payload(world_b, children=[child_payload(world_b, classroomId=world.classroom.pk + 1000)])

    response = register(tenant_b, "parent", payload)

    assert response.status_code == 400
    assert "children.0.classroomId" in response.json()["errors"]


# Throttling -----------------------------------------------------------------------------------------------------


def test_given_too_many_registrations_from_one_address_when_registering_again_then_429(settings, tenant_a, world):
    settings.REGISTRATIONS_PER_IP = 2
    for _ in range(2):
        assert register(tenant_a, "parent", parent_payload(world)).status_code == 201

    response = register(tenant_a, "parent", parent_payload(world))

    assert_error(response, 429, "Too many attempts. Please try again later.")
    other_address = register(tenant_a, "parent", parent_payload(world), REMOTE_ADDR="10.0.0.9")
    assert other_address.status_code == 201


def test_given_refused_registrations_when_counting_then_they_do_not_throttle(settings, tenant_a, world):
    settings.REGISTRATIONS_PER_IP = 1
    for _ in range(3):
        assert register(tenant_a, "parent", parent_payload(world, acceptedTerms=False)).status_code == 400

    assert register(tenant_a, "parent", parent_payload(world)).status_code == 201


def test_given_parent_registered_with_two_children_when_signed_in_then_sees_both(tenant_a, world):
    children = [child_payload(world, firstName="Zosia"), child_payload(world, firstName="Staś", cardNumber="STAS01")]
    assert (
        register(
            tenant_a, "parent", parent_payload(world, emailAddress="two@example.test", children=children)
        ).status_code
        == 201
    )
    with in_tenant(tenant_a):
        token = setup_token(mail()["text"])
    confirm = {"password": NEW_PASSWORD, "passwordConfirmation": NEW_PASSWORD}
    assert Api(tenant_a).post(f"auth/resetPassword/{token}", confirm).status_code == 200

    session = sign_in("two@example.test", NEW_PASSWORD).json()["token"]
    listed = Api(tenant_a, token=session).get("children")

    assert listed.status_code == 200
    assert sorted(item["firstName"] for item in listed.json()["items"]) == ["Staś", "Zosia"]


def test_given_a_meal_type_blocked_on_registration_when_registering_with_automark_then_it_is_autoselected(
    tenant_a, world
):
    # The registrant leaves the blocked meal type out: the server puts it back, with its default portion's item.
    child = child_payload(
        world, classroomId=world.plain_classroom.pk, calendarSubjectSettings={"automarkPresences": True}
    )

    response = register(tenant_a, "parent", parent_payload(world, children=[child]))

    assert response.status_code == 201, response.json()
    with in_tenant(tenant_a):
        settings = CalendarSubjectSettings.objects.get(child__isnull=False)
        assert list(settings.autoselected_meal_types.all()) == [world.meal_type]
        assert list(settings.autoselected_price_list_items.all()) == [world.item]


def test_given_a_meal_type_blocked_on_registration_when_registering_without_automark_then_nothing_autoselected(
    tenant_a, world
):
    child = child_payload(
        world, classroomId=world.plain_classroom.pk, calendarSubjectSettings={"automarkPresences": False}
    )

    response = register(tenant_a, "parent", parent_payload(world, children=[child]))

    assert response.status_code == 201, response.json()
    with in_tenant(tenant_a):
        settings = CalendarSubjectSettings.objects.get(child__isnull=False)
        assert (list(settings.autoselected_meal_types.all()), list(settings.autoselected_price_list_items.all())) == (
            [],
            [],
        )


def test_given_dining_cards_disabled_when_registering_with_a_card_then_refused_and_nothing_created(tenant_a, world):
    with in_tenant(tenant_a):
        settings_update(actor=None, key="orders_config", data={"dining_cards_enabled": False})
    cards_off = ["Dining cards are not used here: leave the card number empty."]
    parent = parent_payload(world, children=[child_payload(world, cardNumber="ABC123")])

    assert_error(register(tenant_a, "parent", parent), 400, INVALID, {"children.0.cardNumber": cards_off})
    assert_error(
        register(tenant_a, "institution_worker", worker_payload(world, cardNumber="ABC124")),
        400,
        INVALID,
        {"cardNumber": cards_off},
    )
    assert register(tenant_a, "institution_worker", worker_payload(world, cardNumber="")).status_code == 201
    with in_tenant(tenant_a):
        assert (Child.objects.count(), WorkerProfile.objects.filter(card_number__isnull=False).count()) == (0, 0)
