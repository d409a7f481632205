"""`auth/currentUser/locale`, `common/account/*` and `auth/deleteAccount`: validation, storage, audit."""

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.identity.models import Account
from kantyna.tenancy.services import in_tenant
from kantyna.testing import DEFAULT_PASSWORD, Api, assert_error, make_user
from kantyna.users.models import User

INVALID = "The given data was invalid."


@pytest.fixture
def parent(tenant_a):
    return make_user(tenant_a, "ROLE_PARENT")


@pytest.fixture
def api(tenant_a, parent):
    return Api(tenant_a, parent)


def reload(tenant, user) -> User:
    with in_tenant(tenant):
        return User.objects.select_related("account").get(pk=user.pk)


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_given_supported_locale_when_putting_then_stored_on_account(tenant_a, parent, api, locale):
    response = api.put("auth/currentUser/locale", {"locale": locale})
    assert (response.status_code, response.json()) == (200, {"locale": locale})
    assert Account.objects.get(pk=parent.account_id).locale == locale
    assert api.get("auth/currentUser").json()["locale"] == locale


def test_given_unsupported_locale_when_putting_then_400_and_unchanged(tenant_a, parent, api):
    assert_error(
        api.put("auth/currentUser/locale", {"locale": "de"}), 400, INVALID, {"locale": ['"de" is not a valid choice.']}
    )
    assert Account.objects.get(pk=parent.account_id).locale == "pl"


@pytest.mark.parametrize(
    ("sent", "stored"),
    [("501 234 567", "501234567"), ("501234567", "501234567"), ("123 4567", "1234567"), ("1234567", "1234567")],
)
def test_given_valid_phone_when_putting_then_stored_without_spaces(tenant_a, parent, api, sent, stored):
    response = api.put("common/account/phoneNumbers", {"phoneNumber": sent, "phoneNumber2": "600 700 800"})
    assert response.status_code == 200
    assert response.json() == {"phoneNumber": stored, "phoneNumber2": "600700800"}
    user = reload(tenant_a, parent)
    assert (user.phone_number, user.phone_number2) == (stored, "600700800")
    body = api.get("auth/currentUser").json()
    assert (body["phoneNumber"], body["phoneNumber2"]) == (stored, "600700800")


def test_given_second_phone_omitted_when_putting_then_blank(tenant_a, parent, api):
    response = api.put("common/account/phoneNumbers", {"phoneNumber": "501234567"})
    assert response.json() == {"phoneNumber": "501234567", "phoneNumber2": ""}
    assert api.get("auth/currentUser").json()["phoneNumber2"] is None


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"phoneNumber": "12345"}, "phoneNumber"),
        ({"phoneNumber": "50 1234 567"}, "phoneNumber"),
        ({"phoneNumber": "+48501234567"}, "phoneNumber"),
        ({"phoneNumber": "501234567", "phoneNumber2": "abc"}, "phoneNumber2"),
    ],
)
def test_given_invalid_phone_when_putting_then_400_and_unchanged(tenant_a, parent, api, payload, field):
    assert_error(
        api.put("common/account/phoneNumbers", payload),
        400,
        INVALID,
        {field: ["Enter 7 or 9 digits, optionally separated by spaces."]},
    )
    user = reload(tenant_a, parent)
    assert (user.phone_number, user.phone_number2) == ("", "")


def test_given_missing_phone_when_putting_then_400(tenant_a, api):
    assert_error(api.put("common/account/phoneNumbers", {}), 400, INVALID, {"phoneNumber": ["This field is required."]})


def test_given_invoices_disabled_when_putting_blank_fields_then_accepted(tenant_a, parent, api):
    payload = {
        "invoicesEnabled": False,
        "companyName": "",
        "vatId": "",
        "address": {"street": "", "city": "", "postCode": ""},
    }
    response = api.put("common/account/invoicesSettings", payload)
    assert (response.status_code, response.json()) == (200, payload)


def test_given_invoices_enabled_when_complete_then_stored_and_audited(tenant_a, parent, api):
    payload = {
        "invoicesEnabled": True,
        "companyName": "Firma Jana",
        "vatId": "5261040828",
        "address": {"street": "Długa 1", "city": "Gdańsk", "postCode": "80-001"},
    }
    response = api.put("common/account/invoicesSettings", payload)
    assert (response.status_code, response.json()) == (200, payload)
    assert api.get("auth/currentUser").json()["invoicesSettings"] == payload
    assert reload(tenant_a, parent).invoices_settings == {
        "invoices_enabled": True,
        "company_name": "Firma Jana",
        "vat_id": "5261040828",
        "address": {"street": "Długa 1", "city": "Gdańsk", "post_code": "80-001"},
    }
    with in_tenant(tenant_a):
        entry = AuditEntry.objects.get(action="user.profile.invoices_settings")
    assert (entry.actor_user_id, entry.target_id) == (parent.id, str(parent.id))


def test_given_invoices_enabled_when_fields_missing_then_400_with_each_field(tenant_a, parent, api):
    payload = {
        "invoicesEnabled": True,
        "companyName": "",
        "vatId": "",
        "address": {"street": "", "city": "", "postCode": ""},
    }
    required = ["This field is required."]
    assert_error(
        api.put("common/account/invoicesSettings", payload),
        400,
        INVALID,
        {"companyName": required, "address.street": required, "address.city": required, "address.postCode": required},
    )
    assert reload(tenant_a, parent).invoices_settings["invoices_enabled"] is False


def test_given_invoices_without_address_when_putting_then_400(tenant_a, api):
    assert_error(
        api.put("common/account/invoicesSettings", {"invoicesEnabled": False, "companyName": "", "vatId": ""}),
        400,
        INVALID,
        {"address": ["This field is required."]},
    )


@pytest.mark.parametrize("placement", ["top-right", "top-left", "bottom-right", "bottom-left"])
def test_given_valid_placement_when_putting_notifications_then_stored(tenant_a, parent, api, placement):
    payload = {
        "notificationsPlacement": placement,
        "emailNotificationsEnabled": False,
        "pushNotificationsEnabled": True,
    }
    response = api.put("common/account/notificationsSettings", payload)
    assert (response.status_code, response.json()) == (200, payload)
    assert api.get("auth/currentUser").json()["notificationsSettings"] == payload


@pytest.mark.parametrize("placement", ["center", "Top-Right", "top_right", ""])
def test_given_invalid_placement_when_putting_notifications_then_400_and_unchanged(tenant_a, parent, api, placement):
    payload = {
        "notificationsPlacement": placement,
        "emailNotificationsEnabled": False,
        "pushNotificationsEnabled": True,
    }
    assert_error(
        api.put("common/account/notificationsSettings", payload),
        400,
        INVALID,
        {"notificationsPlacement": [f'"{placement}" is not a valid choice.']},
    )
    assert reload(tenant_a, parent).notifications_settings["notifications_placement"] == "top-right"


def test_given_calendar_settings_when_putting_then_stored(tenant_a, parent, api):
    response = api.put("common/account/calendarSettings", {"showGrammages": True})
    assert (response.status_code, response.json()) == (200, {"showGrammages": True})
    assert api.get("auth/currentUser").json()["calendarSettings"] == {"showGrammages": True}
    assert_error(
        api.put("common/account/calendarSettings", {"showGrammages": "maybe"}),
        400,
        INVALID,
        {"showGrammages": ["Must be a valid boolean."]},
    )
    assert reload(tenant_a, parent).calendar_settings == {"show_grammages": True}


def test_given_wrong_password_when_deleting_account_then_400_and_user_stays_active(tenant_a, parent, api):
    assert_error(
        api.post("auth/deleteAccount", {"password": "wrong"}),
        400,
        INVALID,
        {"password": ["The password is incorrect."]},
    )
    assert reload(tenant_a, parent).is_active is True
    assert api.get("auth/currentUser").status_code == 200


def test_given_right_password_when_deleting_account_then_user_inactive_token_dead_other_tenant_usable(
    tenant_a, tenant_b, parent, api
):
    make_user(tenant_b, "ROLE_PARENT", email=parent.account.email)

    response = api.post("auth/deleteAccount", {"password": DEFAULT_PASSWORD})

    assert (response.status_code, response.json()) == (200, {"status": True})
    user = reload(tenant_a, parent)
    assert user.is_active is False and user.deactivated_at is not None
    assert_error(api.get("auth/currentUser"), 401, "Unauthenticated.")
    assert Account.objects.get(pk=parent.account_id).is_active is True
    fresh = Api(tenant_a, parent)  # a new token of the same account: still no user in alpha
    assert_error(fresh.get("auth/currentUser"), 401, "Unauthenticated.")
    assert Api(tenant_b, token=fresh.token).get("auth/currentUser").status_code == 200
    with in_tenant(tenant_a):
        assert AuditEntry.objects.filter(action="user.delete_own_account", actor_user_id=parent.id).count() == 1


def test_given_polish_locale_when_a_field_is_invalid_then_its_message_is_polish_and_the_message_stays_english(
    tenant_a,
):
    """`message` is the stable English sentence the SPA translates; field messages follow `user-locale`."""
    from kantyna.testing.api import Api
    from kantyna.testing.assertions import assert_error
    from kantyna.testing.factories import make_user

    api = Api(tenant_a, make_user(tenant_a), locale="pl")

    response = api.put("common/account/phoneNumbers", {"phoneNumber": "12345"})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"phoneNumber": ["Podaj 7 lub 9 cyfr, opcjonalnie oddzielonych spacjami."]},
    )


def test_given_a_parent_when_setting_the_refund_account_then_stored_without_spaces_and_shown(tenant_a):
    parent = make_user(tenant_a)
    api = Api(tenant_a, parent)

    response = api.put("common/account/bankAccountNumber", {"bankAccountNumber": "60 1020 1026 0000 0422 7020 1111"})

    assert response.json() == {"bankAccountNumber": "60102010260000042270201111"}
    assert api.get("auth/currentUser").json()["bankAccountNumber"] == "60102010260000042270201111"


def test_given_a_wrong_checksum_when_setting_the_refund_account_then_400_and_nothing_stored(tenant_a):
    parent = make_user(tenant_a, bank_account_number="60102010260000042270201111")

    response = Api(tenant_a, parent).put(
        "common/account/bankAccountNumber", {"bankAccountNumber": "60102010260000042270201112"}
    )

    assert_error(response, 400, INVALID, {"bankAccountNumber": ["Enter a valid 26-digit bank account number."]})
    with in_tenant(tenant_a):
        parent.refresh_from_db()
    assert parent.bank_account_number == "60102010260000042270201111"
