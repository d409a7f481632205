"""Every foundation endpoint of config/urls_api.py (sign-in help, the current user, the tenant's settings, one's own
profile, leaving the tenant) x every persona: the expected status, and a refusal changes nothing
(kantyna/testing/matrix.py). Public endpoints serve everyone, with or without a token (even an invalid one).

Who may call what: the tenant's public texts and settings are public; the current user, the read-only settings and
the unread counters any user of the tenant (`tenant.access`); the settings' writes and the debits configuration
administrators only (`settings.manage`); one's own profile (`profile.edit`) everyone but the ticket admins, the
report managers and the employees; leaving the tenant (`account.delete`) customers only."""

from __future__ import annotations

import pytest
from django.forms.models import model_to_dict
from django.urls import URLPattern

from config import urls_api
from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.identity.models import Account
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.sections import SECTIONS
from kantyna.tenant_settings.selectors import settings_get
from kantyna.testing import DEFAULT_PASSWORD, Api, make_user
from kantyna.testing.matrix import (
    ADMIN,
    COOK,
    IA,
    IA_WITHOUT,
    PARENT,
    TENANT_USERS,
    WORKER,
    Row,
    assert_matrix,
    make_personas,
    personas,
    run_row,
)
from kantyna.users.models import User

pytestmark = pytest.mark.django_db

TENANT = TENANT_USERS  # tenant.access
SETTINGS = personas(ADMIN)  # settings.manage
PROFILE = personas(ADMIN, IA, IA_WITHOUT, PARENT, WORKER, COOK)  # profile.edit
LEAVE = personas(PARENT, WORKER)  # account.delete


def row(method: str, path: str, allowed: frozenset = frozenset(), body=None, **options) -> Row:
    return Row(f"{method} {path}", method, path, allowed, body=body, **options)


def public(method: str, path: str, body=None, status: int = 200) -> Row:
    return row(method, path, body=body, ok=status, public=True)


# A change for each section, so a refused PUT can be shown to have stored nothing.
SECTION_CHANGES = {
    "parentsSettings": {"hideIngredients": True},
    "fees": {"addManipulationFee": True},
    "ordersConfig": {"cardNumberLength": 8},
    "presencesMarkingConfig": {"allowNotes": False},
    "paymentMethodsConfig": {"tpayEnabled": True},
    "debitsConfig": {"applyAllowedDebit": True},
    "invoicesConfig": {"paymentDueDays": 30},
    "invoicesConfigForUsers": {"enableInvoicesForUsers": True},
    "fiscalConfig": {"fiscalizationEnabled": True},
    "tenant/settings": {"registerAs": "both"},
}
NEW_PASSWORD = "Changed-pass-321"

ROWS = [
    # public
    public("GET", "tenant/status"),
    public("GET", "auth/termsUrls"),
    public("GET", "auth/cateringTermsOfUse"),
    public("GET", "common/settings/registerAs"),
    public("GET", "common/settings/companyTermsUrl"),
    public("GET", "common/settings/parentsSettings/allowSelfRegistration"),
    public("POST", "auth/sendPasswordResetToken", {"emailAddress": "someone@example.test"}),
    public(
        "POST",
        "auth/resetPassword/not-a-token",
        {"password": NEW_PASSWORD, "passwordConfirmation": NEW_PASSWORD},
        status=400,
    ),
    # any user of the tenant
    row("GET", "auth/currentUser", TENANT),
    row("PUT", "auth/currentUser/locale", TENANT, {"locale": "en"}),
    row("GET", "auth/currentUser/balance", TENANT),
    row("GET", "orders/totalAmounts", TENANT, {"status": "active"}),
    row("POST", "auth/logout", TENANT),
    *[
        row("GET", f"common/settings/{section.path}", TENANT)
        for section in SECTIONS.values()
        if section.key != "debits_config"
    ],
    row("GET", "common/settings/uploadMaxFileSize", TENANT),
    row("GET", "common/settings/fiscalizationEnabled", TENANT),
    row("GET", "common/settings/parentsSettings/hideIngredients", TENANT),
    row("GET", "institutionSettings/institutions/hiddenGrammages", TENANT),
    # administrators only
    row("GET", "common/settings/debitsConfig", SETTINGS),
    *[row("PUT", f"common/settings/{path}", SETTINGS, change) for path, change in SECTION_CHANGES.items()],
    row("POST", "common/settings/companyDetails", SETTINGS, {"name": "New name"}, multipart=True),
    # own profile
    row(
        "PUT",
        "common/account/password",
        PROFILE,
        {"currentPassword": DEFAULT_PASSWORD, "password": NEW_PASSWORD, "passwordConfirmation": NEW_PASSWORD},
    ),
    row("PUT", "common/account/phoneNumbers", PROFILE, {"phoneNumber": "501 234 567", "phoneNumber2": ""}),
    # parents only (profile.refund_account)
    row(
        "PUT", "common/account/bankAccountNumber", personas(PARENT), {"bankAccountNumber": "60102010260000042270201111"}
    ),
    row(
        "PUT",
        "common/account/invoicesSettings",
        PROFILE,
        {
            "invoicesEnabled": True,
            "companyName": "Firma",
            "vatId": "5261040828",
            "address": {"street": "Długa 1", "city": "Gdańsk", "postCode": "80-001"},
        },
    ),
    row(
        "PUT",
        "common/account/notificationsSettings",
        PROFILE,
        {"notificationsPlacement": "bottom-left", "emailNotificationsEnabled": False, "pushNotificationsEnabled": True},
    ),
    row("PUT", "common/account/calendarSettings", PROFILE, {"showGrammages": True}),
    # customers leaving the tenant
    row("POST", "auth/deleteAccount", LEAVE, {"password": DEFAULT_PASSWORD}),
    row("POST", "users/account/remove", LEAVE, {"password": DEFAULT_PASSWORD}),
]
PUBLIC_ROWS = [r for r in ROWS if r.public]


def state(tenant) -> dict:
    """Everything a refused call could have touched: the settings, the audit trail, every user and account."""
    with in_tenant(tenant):
        return {
            "settings": {key: settings_get(key) for key in SECTIONS},
            "audit": list(AuditEntry.objects.values_list("id", flat=True)),
            "users": [model_to_dict(user) for user in User.objects.order_by("pk")],
            "accounts": list(Account.objects.order_by("pk").values("pk", "password", "token_version", "locale")),
        }


# The shell's counters served by the ledger's and ordering's api (auth/currentUser/balance, orders/totalAmounts)
# are routed in urls_api itself, like the foundation's.
FOUNDATION_MODULES = (
    "kantyna.identity.",
    "kantyna.users.",
    "kantyna.tenant_settings.",
    "kantyna.ledger.api.views",
    "kantyna.ordering.api.orders",
)


def test_the_table_covers_every_foundation_route_of_urls_api():
    """Routes of later areas (included urlconfs, other view modules) are covered by those areas' matrices."""
    routes = {
        str(pattern.pattern)
        for pattern in urls_api.declared  # as declared: the apps' includes are served flattened (core.routes)
        if isinstance(pattern, URLPattern) and pattern.callback.__module__.startswith(FOUNDATION_MODULES)
    }
    covered = {r.path for r in ROWS} | {"auth/resetPassword/<str:token>", "common/settings/parentsSettings/<str:flag>"}
    covered -= {"auth/resetPassword/not-a-token", "common/settings/parentsSettings/hideIngredients"}
    assert routes == covered


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing(tenant_a, row):
    users = make_personas(
        tenant_a,
        row,
        parent=make_user(tenant_a, ROLE_PARENT),
        worker=make_user(tenant_a, ROLE_INSTITUTION_WORKER),
    )

    result = run_row(tenant_a, row, users, {}, lambda: state(tenant_a))

    assert_matrix(row, result)
    if row.method != "GET" and not row.public:
        answered_nothing = [persona for persona in row.allowed if result.bodies[persona].strip() == b"{}"]
        assert not answered_nothing, f"an allowed write answered an empty object: {answered_nothing}"


@pytest.mark.parametrize("row", PUBLIC_ROWS, ids=str)
def test_given_invalid_token_when_calling_public_endpoint_then_still_served(tenant_a, row):
    assert row.call(Api(tenant_a, token="garbage"), {}).status_code == row.ok
