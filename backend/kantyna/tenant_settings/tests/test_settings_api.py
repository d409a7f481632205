"""`common/settings/*`: defaults, round-trips, validation (nothing stored on refusal), audit, uploads."""

from __future__ import annotations

import re
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from kantyna.audit.models import AuditEntry
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.models import TenantSettings
from kantyna.tenant_settings.sections import SECTIONS
from kantyna.tenant_settings.selectors import settings_get
from kantyna.testing import Api, assert_error, make_user

INVALID = "The given data was invalid."
NOT_AN_AMOUNT = "Enter an amount as digits with an optional dot and at most two decimal places, e.g. 12.50."
ZERO = {"amount": "0.00", "currency": "PLN"}
VALID_NRB = "61109010140000071219812874"
INVALID_NRB = "61109010140000071219812875"  # one digit changed: the mod-97 check fails


def pln(amount: str) -> dict:
    return {"amount": amount, "currency": "PLN"}


DEFAULTS = {
    "fees": {
        "id": 1,
        "addManipulationFee": False,
        "defaultManipulationFee": ZERO,
        "addPaymentTransactionFee": False,
        "paymentTransactionFee": "0.00",
        "paymentTransactionFeeType": "amount",
        "orderChargeTime": "on_marking",
    },
    "parentsSettings": {
        "registrationFee": ZERO,
        "addRegistrationFee": False,
        "allowSelfRegistration": False,
        "hideInstitutionsListsFromParents": False,
        "ibanAccountNumberPart": "",
        "allowChangingAllergens": True,
        "allowChangingAllergensNote": True,
        "allowChangingDiets": False,
        "allowChangingClassrooms": False,
        "allowChangingInstitutions": False,
        "allowChangingCardNumbers": False,
        "hideIngredients": False,
        "balancePerChildren": False,
    },
    "ordersConfig": {
        "cardNumberLength": 10,
        "diningCardsEnabled": True,
        "orderDeadlineDaysBefore": 1,
        "orderDeadlineTime": "12:00",
        "publicHolidaysFreeDays": True,
        "terminalOrdersEnabled": False,
    },
    "paymentMethodsConfig": {
        "tpayEnabled": False,
        "tpayCollectEnabled": False,
        "przelewy24Enabled": False,
        "autopayEnabled": False,
        "allowOnlinePayments": False,
        "allowBankTransfers": True,
        "staticBankAccountNumber": "",
        "staticBankAccountNumber2": "",
        "minimumPaymentAmount": ZERO,
        # The P24 account's secrets are never returned: only whether one is stored.
        "przelewy24": {"merchantId": 0, "posId": 0, "crcSet": False, "apiKeySet": False, "sandbox": True},
        "tpay": {"merchantId": 0, "clientId": "", "clientSecretSet": False, "securityCodeSet": False, "sandbox": True},
        "autopay": {"serviceId": 0, "sharedKeySet": False, "sandbox": True},
    },
    "presencesMarkingConfig": {
        "allowAnyDiets": False,
        "allowNotes": True,
        "allowPrepaidOrders": False,
        "allowOnlyOneDietAndMealType": False,
        "allowSubscribedPayments": False,
        "requireLastMonthToBePaid": False,
    },
    "debitsConfig": {"applyAllowedDebit": False, "allowedDebit": ZERO},
    "invoicesConfig": {
        "invoicesEnabled": False,
        "numberingPattern": "FV/{number}/{month}/{year}",
        "paymentDueDays": 14,
        "defaultVatRate": "8",
        "exemptionBasis": "",
        "ksefEnabled": False,
        "ksefTokenSet": False,
    },
    "invoicesConfigForUsers": {"enableInvoicesForUsers": False, "requireInvoiceConfigForUsers": False},
    "fiscalConfig": {
        "fiscalizationEnabled": False,
        "register": "fake",
        "fiscalizeFrom": None,
        "registerUrl": "",
        "taxSymbol": "B",
        "itemName": "Posiłki - przedpłata",
    },
    "tenant/settings": {
        "registerAs": "parent",
        "uploadMaxFileSize": 10485760,
        "canSeePricesByDefault": True,
        "defaultLocale": "pl",
    },
    "companyDetails": {
        "name": "",
        "vatId": "",
        "street": "",
        "city": "",
        "postCode": "",
        "email": "",
        "phoneNumber": "",
        "bankAccountNumber": "",
        "termsUrl": "",
        "privacyPolicyUrl": "",
        "cateringTermsUrl": "",
        "logoUrl": None,
    },
}

# (sent, expected answer) for each PUT section: every field changed from its default.
EDITS = {
    "fees": (
        {
            "addManipulationFee": True,
            "defaultManipulationFee": pln("1.5"),
            "addPaymentTransactionFee": True,
            "paymentTransactionFee": "2.5",
            "paymentTransactionFeeType": "percent",
            "orderChargeTime": "in_order_day",
        },
        {
            "id": 1,
            "addManipulationFee": True,
            "defaultManipulationFee": pln("1.50"),
            "addPaymentTransactionFee": True,
            "paymentTransactionFee": "2.50",
            "paymentTransactionFeeType": "percent",
            "orderChargeTime": "in_order_day",
        },
    ),
    "parentsSettings": (
        {
            **{key: not value for key, value in DEFAULTS["parentsSettings"].items() if isinstance(value, bool)},
            "registrationFee": pln("25.50"),
            "ibanAccountNumberPart": "1020",
        },
        None,
    ),
    "ordersConfig": (
        {
            "cardNumberLength": 6,
            "diningCardsEnabled": False,
            "orderDeadlineDaysBefore": 14,
            "orderDeadlineTime": "09:30",
            "publicHolidaysFreeDays": False,
            "terminalOrdersEnabled": True,
        },
        None,
    ),
    "presencesMarkingConfig": ({key: not value for key, value in DEFAULTS["presencesMarkingConfig"].items()}, None),
    "paymentMethodsConfig": (
        {
            "tpayEnabled": True,
            "tpayCollectEnabled": True,
            "przelewy24Enabled": True,
            "autopayEnabled": True,
            "allowOnlinePayments": True,
            "allowBankTransfers": False,
            "staticBankAccountNumber": "61 1090 1014 0000 0712 1981 2874",
            "staticBankAccountNumber2": VALID_NRB,
            "minimumPaymentAmount": pln("20.00"),
            "przelewy24": {"merchantId": 1, "posId": 2, "crc": "c", "apiKey": "k", "sandbox": False},
            "tpay": {"merchantId": 3, "clientId": "ci", "clientSecret": "cs", "securityCode": "sc", "sandbox": False},
            "autopay": {"serviceId": 4, "sharedKey": "sk", "sandbox": False},
        },
        {
            "tpayEnabled": True,
            "tpayCollectEnabled": True,
            "przelewy24Enabled": True,
            "autopayEnabled": True,
            "allowOnlinePayments": True,
            "allowBankTransfers": False,
            "staticBankAccountNumber": VALID_NRB,
            "staticBankAccountNumber2": VALID_NRB,
            "minimumPaymentAmount": pln("20.00"),
            "przelewy24": {"merchantId": 1, "posId": 2, "crcSet": True, "apiKeySet": True, "sandbox": False},
            "tpay": {
                "merchantId": 3,
                "clientId": "ci",
                "clientSecretSet": True,
                "securityCodeSet": True,
                "sandbox": False,
            },
            "autopay": {"serviceId": 4, "sharedKeySet": True, "sandbox": False},
        },
    ),
    "debitsConfig": ({"applyAllowedDebit": True, "allowedDebit": pln("50.00")}, None),
    "invoicesConfig": (
        {
            "invoicesEnabled": True,
            "numberingPattern": "INV/{number}/{year}",
            "paymentDueDays": 30,
            "defaultVatRate": "23",
            "exemptionBasis": "",
            "ksefEnabled": True,
            "ksefToken": "token-of-the-tenant",
        },
        {
            "invoicesEnabled": True,
            "numberingPattern": "INV/{number}/{year}",
            "paymentDueDays": 30,
            "defaultVatRate": "23",
            "exemptionBasis": "",
            "ksefEnabled": True,
            "ksefTokenSet": True,
        },
    ),
    "invoicesConfigForUsers": ({"enableInvoicesForUsers": True, "requireInvoiceConfigForUsers": True}, None),
    "fiscalConfig": (
        {
            "fiscalizationEnabled": True,
            "register": "novitus",
            "fiscalizeFrom": "2026-01-05",
            "registerUrl": "https://kasa.example.pl:8888",
            "taxSymbol": "A",
            "itemName": "Obiady szkolne",
        },
        None,
    ),
    "tenant/settings": (
        {"registerAs": "both", "uploadMaxFileSize": 2097152, "canSeePricesByDefault": False, "defaultLocale": "en"},
        None,
    ),
}
PUT_SECTIONS = [section.path for section in SECTIONS.values() if section.key != "company_details"]

INVALID_CASES = [
    (
        "paymentMethodsConfig",
        {"staticBankAccountNumber": INVALID_NRB},
        {"staticBankAccountNumber": ["Enter a valid 26-digit bank account number."]},
    ),
    (
        "paymentMethodsConfig",
        {"staticBankAccountNumber2": "12345"},
        {"staticBankAccountNumber2": ["Enter a valid 26-digit bank account number."]},
    ),
    (
        "fees",
        {"defaultManipulationFee": pln("1.505")},
        {"defaultManipulationFee.amount": ["Enter at most two decimal places."]},
    ),
    (
        "paymentMethodsConfig",
        {"minimumPaymentAmount": pln("10.001")},
        {"minimumPaymentAmount.amount": ["Enter at most two decimal places."]},
    ),
    (
        "fees",
        {"paymentTransactionFeeType": "percent", "paymentTransactionFee": "100.01"},
        {"paymentTransactionFee": ["A percentage cannot exceed 100."]},
    ),
    ("fees", {"paymentTransactionFee": "-1"}, {"paymentTransactionFee": ["The amount cannot be negative."]}),
    (
        "fees",
        {"defaultManipulationFee": pln("-0.50")},
        {"defaultManipulationFee.amount": ["The amount cannot be negative."]},
    ),
    (
        "fees",
        {"defaultManipulationFee": pln("1000.01")},
        {"defaultManipulationFee.amount": ["Enter an amount of at most 1000.00 PLN."]},
    ),
    ("fees", {"paymentTransactionFee": "1_000"}, {"paymentTransactionFee": [NOT_AN_AMOUNT]}),
    ("fees", {"paymentTransactionFee": 2.5}, {"paymentTransactionFee": [NOT_AN_AMOUNT]}),
    (
        "parentsSettings",
        {"registrationFee": pln("-20.00")},
        {"registrationFee.amount": ["The amount cannot be negative."]},
    ),
    ("parentsSettings", {"registrationFee": pln("\uff11\uff12")}, {"registrationFee.amount": [NOT_AN_AMOUNT]}),
    ("debitsConfig", {"allowedDebit": pln("-50.00")}, {"allowedDebit.amount": ["The amount cannot be negative."]}),
    (
        "debitsConfig",
        {"allowedDebit": pln("100000.01")},
        {"allowedDebit.amount": ["Enter an amount of at most 100000.00 PLN."]},
    ),
    ("debitsConfig", {"allowedDebit": pln("1e3")}, {"allowedDebit.amount": [NOT_AN_AMOUNT]}),
    (
        "paymentMethodsConfig",
        {"minimumPaymentAmount": pln("99999999999")},
        {"minimumPaymentAmount.amount": ["Enter an amount of at most 100000.00 PLN."]},
    ),
    ("fees", {"orderChargeTime": "never"}, {"orderChargeTime": ['"never" is not a valid choice.']}),
    ("ordersConfig", {"orderDeadlineTime": "25:00"}, {"orderDeadlineTime": ["Enter a time as HH:MM."]}),
    ("ordersConfig", {"orderDeadlineTime": "9:30"}, {"orderDeadlineTime": ["Enter a time as HH:MM."]}),
    (
        "ordersConfig",
        {"cardNumberLength": 5},
        {"cardNumberLength": ["Ensure this value is greater than or equal to 6."]},
    ),
    (
        "ordersConfig",
        {"orderDeadlineDaysBefore": 15},
        {"orderDeadlineDaysBefore": ["Ensure this value is less than or equal to 14."]},
    ),
    ("parentsSettings", {"ibanAccountNumberPart": "12a"}, {"ibanAccountNumberPart": ["Enter up to 8 digits."]}),
    (
        "debitsConfig",
        {"allowedDebit": {"amount": "5.00", "currency": "EUR"}},
        {"allowedDebit.currency": ['"EUR" is not a valid choice.']},
    ),
    ("invoicesConfig", {"numberingPattern": "FV/{year}"}, {"numberingPattern": ["The pattern must contain {number}."]}),
    (
        "invoicesConfig",
        {"defaultVatRate": "zw"},
        {"exemptionBasis": ["Enter the legal basis of the exemption (e.g. art. 43 ust. 1 pkt 24)."]},
    ),
    (
        "tenant/settings",
        {"uploadMaxFileSize": 1048575},
        {"uploadMaxFileSize": ["Ensure this value is greater than or equal to 1048576."]},
    ),
    ("tenant/settings", {"defaultLocale": "de"}, {"defaultLocale": ['"de" is not a valid choice.']}),
]


@pytest.fixture
def admin(tenant_a):
    return make_user(tenant_a, "ROLE_ADMIN")


@pytest.fixture
def admin_api(tenant_a, admin):
    return Api(tenant_a, admin)


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def stored(tenant) -> dict:
    with in_tenant(tenant):
        return {key: settings_get(key) for key in SECTIONS} | {"audit": AuditEntry.objects.count()}


def png_bytes(width: int = 1, height: int = 1) -> bytes:
    """A real, minimal PNG image."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


@pytest.mark.parametrize("path", list(DEFAULTS))
def test_given_nothing_stored_when_getting_section_then_exact_defaults(tenant_a, admin_api, path):
    response = admin_api.get(f"common/settings/{path}")
    assert response.status_code == 200
    assert response.json() == DEFAULTS[path]


@pytest.mark.parametrize("path", PUT_SECTIONS)
def test_given_edited_values_when_putting_section_then_saved_and_returned(tenant_a, admin_api, path):
    sent, expected = EDITS[path]
    expected = expected or sent
    assert expected != DEFAULTS[path]

    response = admin_api.put(f"common/settings/{path}", sent)

    assert response.status_code == 200, response.content
    assert response.json() == expected
    assert admin_api.get(f"common/settings/{path}").json() == expected


def test_every_put_section_has_an_edit_case():
    assert set(EDITS) == set(PUT_SECTIONS)


def test_given_partial_put_when_saving_then_missing_fields_keep_current_values(tenant_a, admin_api):
    admin_api.put("common/settings/ordersConfig", EDITS["ordersConfig"][0])
    response = admin_api.put("common/settings/ordersConfig", {"cardNumberLength": 8})
    assert response.json() == {**EDITS["ordersConfig"][0], "cardNumberLength": 8}
    assert admin_api.get("common/settings/ordersConfig").json() == response.json()


def test_given_money_values_when_stored_then_decimal_strings_not_floats(tenant_a, admin_api):
    admin_api.put("common/settings/fees", EDITS["fees"][0])
    with in_tenant(tenant_a):
        fees = TenantSettings.objects.get().values["fees"]
    assert fees["default_manipulation_fee"] == {"amount": "1.50", "currency": "PLN"}
    assert fees["payment_transaction_fee"] == "2.50"


@pytest.mark.parametrize(("path", "payload", "errors"), INVALID_CASES)
def test_given_invalid_values_when_putting_then_400_and_nothing_stored(tenant_a, admin_api, path, payload, errors):
    before = stored(tenant_a)
    assert_error(admin_api.put(f"common/settings/{path}", payload), 400, INVALID, errors)
    assert stored(tenant_a) == before


def test_given_valid_put_when_saving_then_audit_entry_with_actor_and_before_after(tenant_a, admin, admin_api):
    admin_api.put("common/settings/fees", {"addManipulationFee": True})

    with in_tenant(tenant_a):
        entry = AuditEntry.objects.get(action="settings.fees")
    assert (entry.actor_user_id, entry.actor_email) == (admin.id, admin.account.email)
    assert entry.data["before"]["add_manipulation_fee"] is False
    assert entry.data["after"]["add_manipulation_fee"] is True


# --- company details (multipart) ---

COMPANY = {
    "name": "Smakosz sp. z o.o.",
    "vatId": "5261040828",
    "street": "Marszałkowska 84",
    "city": "Warszawa",
    "postCode": "00-514",
    "email": "kontakt@smakosz.example",
    "phoneNumber": "22 123 45 67",
    "bankAccountNumber": VALID_NRB,
    "termsUrl": "https://smakosz.example/terms",
    "privacyPolicyUrl": "https://smakosz.example/privacy",
    "cateringTermsUrl": "https://smakosz.example/catering",
}


def test_given_company_details_with_png_logo_when_posting_then_stored_with_logo_url(tenant_a, admin_api, media):
    logo = SimpleUploadedFile("logo.png", png_bytes(), content_type="image/png")

    response = admin_api.post("common/settings/companyDetails", {**COMPANY, "logo": logo}, format="multipart")

    assert response.status_code == 200, response.content
    body = response.json()
    assert re.fullmatch(rf"/media/{tenant_a.schema_name}/company/[0-9a-f]{{32}}\.png", body["logoUrl"]), body
    assert {key: body[key] for key in COMPANY} == COMPANY
    assert admin_api.get("common/settings/companyDetails").json() == body
    with in_tenant(tenant_a):
        assert TenantSettings.objects.get().company_logo.read() == png_bytes()


def test_given_png_bytes_named_html_when_posting_logo_then_stored_under_a_random_png_name_and_served_as_png(
    tenant_a, admin_api, media
):
    logo = SimpleUploadedFile("logo.html", png_bytes(), content_type="text/html")

    response = admin_api.post("common/settings/companyDetails", {"name": "Smakosz", "logo": logo}, format="multipart")

    assert response.status_code == 200, response.content
    url = response.json()["logoUrl"]
    assert re.fullmatch(rf"/media/{tenant_a.schema_name}/company/[0-9a-f]{{32}}\.png", url), url
    assert [path.name for path in media.rglob("*") if path.is_file()] == [url.rsplit("/", 1)[1]]
    served = Api(tenant_a).get(url)  # no token: an <img> sends none
    assert served.status_code == 200
    assert served["Content-Type"] == "image/png"
    assert served["X-Content-Type-Options"] == "nosniff"
    assert served["Content-Disposition"] == 'inline; filename="logo.png"'
    assert b"".join(served.streaming_content) == png_bytes()


def test_given_tenant_a_logo_when_tenant_b_asks_for_its_path_then_404(tenant_a, tenant_b, admin_api, media):
    logo = SimpleUploadedFile("logo.png", png_bytes(), content_type="image/png")
    url = admin_api.post("common/settings/companyDetails", {"logo": logo}, format="multipart").json()["logoUrl"]

    assert Api(tenant_b).get(url).status_code == 404
    assert Api(tenant_b, make_user(tenant_b, "ROLE_ADMIN")).get(url).status_code == 404
    assert Api(tenant_a).get(url).status_code == 200


def test_given_a_replaced_logo_then_the_old_file_is_deleted_and_its_path_is_404(
    tenant_a, admin_api, media, django_capture_on_commit_callbacks
):
    first = admin_api.post(
        "common/settings/companyDetails", {"logo": SimpleUploadedFile("a.png", png_bytes())}, format="multipart"
    ).json()["logoUrl"]
    with django_capture_on_commit_callbacks(execute=True):
        second = admin_api.post(
            "common/settings/companyDetails", {"logo": SimpleUploadedFile("b.png", png_bytes(2, 2))}, format="multipart"
        ).json()["logoUrl"]

    assert first != second
    assert Api(tenant_a).get(first).status_code == 404
    assert [path.name for path in media.rglob("*") if path.is_file()] == [second.rsplit("/", 1)[1]]
    assert b"".join(Api(tenant_a).get(second).streaming_content) == png_bytes(2, 2)


@pytest.mark.parametrize("legacy_name", ["company/logo.png", "company/logo.html"])
def test_given_a_logo_stored_under_its_old_shared_name_then_it_still_resolves_as_png_for_its_tenant_only(
    tenant_a, tenant_b, media, legacy_name
):
    (media / "company").mkdir()
    (media / legacy_name).write_bytes(png_bytes())
    with in_tenant(tenant_a):
        TenantSettings.objects.update_or_create(singleton=True, defaults={"company_logo": legacy_name})

    served = Api(tenant_a).get(f"/media/{legacy_name}")

    assert served.status_code == 200
    assert (served["Content-Type"], served["X-Content-Type-Options"]) == ("image/png", "nosniff")
    assert b"".join(served.streaming_content) == png_bytes()
    assert Api(tenant_b).get(f"/media/{legacy_name}").status_code == 404


def test_given_a_media_path_that_is_not_the_tenants_logo_then_404(tenant_a, media):
    (media / tenant_a.schema_name / "menus").mkdir(parents=True)
    (media / tenant_a.schema_name / "menus" / "menu.png").write_bytes(png_bytes())

    assert Api(tenant_a).get(f"/media/{tenant_a.schema_name}/menus/menu.png").status_code == 404
    assert Api(tenant_a).get("/media/../config/settings.py").status_code == 404


def test_given_company_details_without_logo_when_posting_then_logo_url_null(tenant_a, admin_api, media):
    response = admin_api.post("common/settings/companyDetails", {"name": "Bez logo"}, format="multipart")
    assert response.status_code == 200
    assert response.json() == {**DEFAULTS["companyDetails"], "name": "Bez logo"}


def test_given_company_terms_when_saved_then_public_terms_endpoints_return_them(tenant_a, admin_api, media):
    anonymous = Api(tenant_a)
    assert anonymous.get("common/settings/companyTermsUrl").json() == {"companyTermsUrl": None}
    assert anonymous.get("auth/termsUrls").json() == {
        "termsAndConditionsUrl": None,
        "privacyPolicyUrl": None,
        "cateringTermsUrl": None,
    }
    assert anonymous.get("auth/cateringTermsOfUse").json() == {"url": None}

    admin_api.post("common/settings/companyDetails", COMPANY, format="multipart")

    assert anonymous.get("common/settings/companyTermsUrl").json() == {"companyTermsUrl": COMPANY["termsUrl"]}
    assert anonymous.get("auth/termsUrls").json() == {
        "termsAndConditionsUrl": COMPANY["termsUrl"],
        "privacyPolicyUrl": COMPANY["privacyPolicyUrl"],
        "cateringTermsUrl": COMPANY["cateringTermsUrl"],
    }
    assert anonymous.get("auth/cateringTermsOfUse").json() == {"url": COMPANY["cateringTermsUrl"]}


@pytest.mark.parametrize(
    ("payload", "errors"),
    [
        ({"bankAccountNumber": INVALID_NRB}, {"bankAccountNumber": ["Enter a valid 26-digit bank account number."]}),
        ({"vatId": "123"}, {"vatId": ["Enter 10 digits."]}),
        ({"postCode": "00514"}, {"postCode": ["Enter a post code as 00-000."]}),
        ({"termsUrl": "not a url"}, {"termsUrl": ["Enter a valid URL."]}),
    ],
)
def test_given_invalid_company_details_when_posting_then_400_and_nothing_stored(
    tenant_a, admin_api, media, payload, errors
):
    before = stored(tenant_a)
    assert_error(admin_api.post("common/settings/companyDetails", payload, format="multipart"), 400, INVALID, errors)
    assert stored(tenant_a) == before


def test_given_fake_png_when_posting_logo_then_400_and_nothing_stored(tenant_a, admin_api, media):
    before = stored(tenant_a)
    fake = SimpleUploadedFile("logo.png", b"this is text, not an image", content_type="image/png")

    response = admin_api.post("common/settings/companyDetails", {**COMPANY, "logo": fake}, format="multipart")

    assert_error(response, 400, INVALID, {"logo": ["Unsupported file type: allowed png, jpg, webp."]})
    assert stored(tenant_a) == before
    assert not list(media.rglob("*.png"))


def test_given_small_upload_limit_when_logo_above_it_then_400_and_at_limit_accepted(tenant_a, admin_api, media):
    assert admin_api.put("common/settings/tenant/settings", {"uploadMaxFileSize": 1048576}).status_code == 200
    assert admin_api.get("common/settings/uploadMaxFileSize").json() == {"uploadMaxFileSize": 1048576}
    image = png_bytes()
    too_big = SimpleUploadedFile("big.png", image + b"\x00" * (1048577 - len(image)), content_type="image/png")
    before = stored(tenant_a)

    response = admin_api.post("common/settings/companyDetails", {"name": "X", "logo": too_big}, format="multipart")

    assert_error(response, 400, INVALID, {"logo": ["The file is too large: the limit is 1 MB."]})
    assert stored(tenant_a) == before
    at_limit = SimpleUploadedFile("ok.png", image + b"\x00" * (1048576 - len(image)), content_type="image/png")
    ok = admin_api.post("common/settings/companyDetails", {"name": "X", "logo": at_limit}, format="multipart")
    assert ok.status_code == 200


# --- single values and the landing page ---


def test_given_parents_flag_when_getting_then_its_value(tenant_a, admin_api):
    assert admin_api.get("common/settings/parentsSettings/hideIngredients").json() == {"hideIngredients": False}
    assert admin_api.get("common/settings/parentsSettings/registrationFee").json() == {"registrationFee": ZERO}
    admin_api.put("common/settings/parentsSettings", {"hideIngredients": True})
    assert admin_api.get("common/settings/parentsSettings/hideIngredients").json() == {"hideIngredients": True}


@pytest.mark.parametrize("flag", ["noSuchFlag", "hide_ingredients_x", "__class__"])
def test_given_unknown_parents_flag_when_getting_then_404(tenant_a, admin_api, flag):
    assert_error(admin_api.get(f"common/settings/parentsSettings/{flag}"), 404, "Not found.")


def test_given_self_registration_when_toggled_then_tenant_status_and_public_flags_follow(tenant_a, admin_api):
    anonymous = Api(tenant_a)
    tenant_info = {"slug": "alpha", "name": "Alpha Catering", "demo": False, "defaultLocale": "pl"}
    assert anonymous.get("tenant/status").json() == {"tenant": tenant_info, "loginUrl": "/sso/login", "data": None}
    assert anonymous.get("common/settings/parentsSettings/allowSelfRegistration").json() == {
        "allowSelfRegistration": False
    }
    assert anonymous.get("common/settings/registerAs").json() == {"registerAs": "parent"}

    admin_api.put("common/settings/parentsSettings", {"allowSelfRegistration": True})
    admin_api.put("common/settings/tenant/settings", {"registerAs": "institution_worker", "defaultLocale": "en"})

    assert anonymous.get("tenant/status").json() == {
        "tenant": {**tenant_info, "defaultLocale": "en"},
        "loginUrl": "/sso/login",
        "data": {"registerAs": "institution_worker"},
    }
    assert anonymous.get("common/settings/parentsSettings/allowSelfRegistration").json() == {
        "allowSelfRegistration": True
    }
    assert anonymous.get("common/settings/registerAs").json() == {"registerAs": "institution_worker"}


def test_given_fiscal_config_when_saved_then_fiscalization_enabled_follows(tenant_a, admin_api):
    assert admin_api.get("common/settings/fiscalizationEnabled").json() == {"fiscalizationEnabled": False}
    admin_api.put("common/settings/fiscalConfig", {"fiscalizationEnabled": True})
    assert admin_api.get("common/settings/fiscalizationEnabled").json() == {"fiscalizationEnabled": True}


def test_given_fiscalization_enabled_without_a_day_then_it_starts_today_and_disabling_clears_the_day(
    tenant_a, admin_api
):
    enabled = admin_api.put("common/settings/fiscalConfig", {"fiscalizationEnabled": True}).json()
    disabled = admin_api.put("common/settings/fiscalConfig", {"fiscalizationEnabled": False}).json()

    assert enabled["fiscalizeFrom"] == timezone.localdate().isoformat()
    assert (disabled["fiscalizationEnabled"], disabled["register"], disabled["fiscalizeFrom"]) == (False, "fake", None)
    assert_error(
        admin_api.put("common/settings/fiscalConfig", {"register": "elsewhere"}),
        400,
        "The given data was invalid.",
        {"register": ...},
    )


def test_given_a_novitus_printer_without_its_address_then_refused_and_nothing_saved(tenant_a, admin_api):
    before = admin_api.get("common/settings/fiscalConfig").json()

    for data, field in (
        ({"register": "novitus", "registerUrl": ""}, "registerUrl"),
        ({"register": "novitus", "registerUrl": "kasa w biurze"}, "registerUrl"),
        ({"register": "novitus", "registerUrl": "http://kasa.example.pl:8888", "taxSymbol": "H"}, "taxSymbol"),
        ({"register": "novitus", "registerUrl": "http://kasa.example.pl:8888", "itemName": ""}, "itemName"),
    ):
        assert_error(
            admin_api.put("common/settings/fiscalConfig", {"fiscalizationEnabled": True, **data}),
            400,
            "The given data was invalid.",
            {field: ...},
        )

    assert admin_api.get("common/settings/fiscalConfig").json() == before


def test_given_no_institution_hides_grammages_then_the_list_is_empty(tenant_a, admin_api):
    assert admin_api.get("institutionSettings/institutions/hiddenGrammages").json() == {"institutionsIds": []}
