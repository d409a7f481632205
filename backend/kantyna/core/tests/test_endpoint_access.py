"""Every `/api/frontend/` endpoint of config/urls_api.py x every role: the expected status, and a refused
call changes nothing. Without a token, every non-public endpoint answers 401."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.forms.models import model_to_dict
from django.urls import URLPattern, get_resolver

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_PARENT,
    ROLES,
)
from kantyna.identity.models import Account
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.sections import SECTIONS
from kantyna.tenant_settings.selectors import settings_get
from kantyna.testing import DEFAULT_PASSWORD, Api, assert_error, make_user
from kantyna.users.models import User

PUBLIC = "public"
TENANT = "tenant.access"
ADMIN = "settings.manage"
PROFILE = "profile.edit"
LEAVE = "account.delete"
ALLOWED = {
    TENANT: set(ROLES),
    ADMIN: {ROLE_ADMIN},
    PROFILE: {ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT, ROLE_INSTITUTION_WORKER, ROLE_COOK},
    LEAVE: {ROLE_PARENT, ROLE_INSTITUTION_WORKER},
}


@dataclass(frozen=True)
class Endpoint:
    method: str
    path: str
    access: str
    body: dict | None = None
    format: str = "json"
    public_status: int = 200  # what a public endpoint answers to this body

    def __str__(self) -> str:
        return f"{self.method} {self.path}"

    def call(self, api: Api):
        method = getattr(api, self.method.lower())
        if self.method == "GET":
            return method(self.path, self.body)
        return method(self.path, self.body, format=self.format)


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

ENDPOINTS = [
    # public
    Endpoint("GET", "tenant/status", PUBLIC),
    Endpoint("GET", "auth/termsUrls", PUBLIC),
    Endpoint("GET", "auth/cateringTermsOfUse", PUBLIC),
    Endpoint("GET", "common/settings/registerAs", PUBLIC),
    Endpoint("GET", "common/settings/companyTermsUrl", PUBLIC),
    Endpoint("GET", "common/settings/parentsSettings/allowSelfRegistration", PUBLIC),
    Endpoint("POST", "auth/sendPasswordResetToken", PUBLIC, {"emailAddress": "someone@example.test"}),
    Endpoint(
        "POST",
        "auth/resetPassword/not-a-token",
        PUBLIC,
        {"password": NEW_PASSWORD, "passwordConfirmation": NEW_PASSWORD},
        public_status=400,
    ),
    # any user of the tenant
    Endpoint("GET", "auth/currentUser", TENANT),
    Endpoint("PUT", "auth/currentUser/locale", TENANT, {"locale": "en"}),
    Endpoint("GET", "auth/currentUser/balance", TENANT),
    Endpoint("GET", "orders/totalAmounts", TENANT, {"status": "active"}),
    Endpoint("GET", "notifications/unread", TENANT, {"perPage": 5}),
    Endpoint("GET", "announcements/unseen", TENANT),
    Endpoint("POST", "auth/logout", TENANT),
    *[
        Endpoint("GET", f"common/settings/{section.path}", TENANT)
        for section in SECTIONS.values()
        if section.key != "debits_config"
    ],
    Endpoint("GET", "common/settings/uploadMaxFileSize", TENANT),
    Endpoint("GET", "common/settings/fiscalizationEnabled", TENANT),
    Endpoint("GET", "common/settings/parentsSettings/hideIngredients", TENANT),
    Endpoint("GET", "institutionSettings/institutions/hiddenGrammages", TENANT),
    # administrators only
    Endpoint("GET", "common/settings/debitsConfig", ADMIN),
    *[Endpoint("PUT", f"common/settings/{path}", ADMIN, change) for path, change in SECTION_CHANGES.items()],
    Endpoint("POST", "common/settings/companyDetails", ADMIN, {"name": "New name"}, format="multipart"),
    # own profile
    Endpoint(
        "PUT",
        "common/account/password",
        PROFILE,
        {"currentPassword": DEFAULT_PASSWORD, "password": NEW_PASSWORD, "passwordConfirmation": NEW_PASSWORD},
    ),
    Endpoint("PUT", "common/account/phoneNumbers", PROFILE, {"phoneNumber": "501 234 567", "phoneNumber2": ""}),
    Endpoint(
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
    Endpoint(
        "PUT",
        "common/account/notificationsSettings",
        PROFILE,
        {"notificationsPlacement": "bottom-left", "emailNotificationsEnabled": False, "pushNotificationsEnabled": True},
    ),
    Endpoint("PUT", "common/account/calendarSettings", PROFILE, {"showGrammages": True}),
    # customers leaving the tenant
    Endpoint("POST", "auth/deleteAccount", LEAVE, {"password": DEFAULT_PASSWORD}),
    Endpoint("POST", "users/account/remove", LEAVE, {"password": DEFAULT_PASSWORD}),
]
PRIVATE = [endpoint for endpoint in ENDPOINTS if endpoint.access != PUBLIC]


def expected_status(endpoint: Endpoint, role: str) -> int:
    if endpoint.access == PUBLIC:
        return endpoint.public_status
    return 200 if role in ALLOWED[endpoint.access] else 403


def state(tenant, user) -> dict:
    """Everything a refused call could have touched."""
    with in_tenant(tenant):
        return {
            "settings": {key: settings_get(key) for key in SECTIONS},
            "audit": list(AuditEntry.objects.values_list("id", flat=True)),
            "user": model_to_dict(User.objects.get(pk=user.pk)),
            "account": Account.objects.filter(pk=user.account_id).values("password", "token_version", "locale").get(),
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
    """Routes of later areas (included urlconfs, other view modules) are covered by those areas' tests."""
    routes = {
        str(pattern.pattern)
        for pattern in get_resolver("config.urls_api").url_patterns
        if isinstance(pattern, URLPattern) and pattern.callback.__module__.startswith(FOUNDATION_MODULES)
    }
    covered = {endpoint.path for endpoint in ENDPOINTS} | {
        "auth/resetPassword/<str:token>",
        "common/settings/parentsSettings/<str:flag>",
    }
    covered -= {"auth/resetPassword/not-a-token", "common/settings/parentsSettings/hideIngredients"}
    assert routes == covered


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=str)
def test_given_role_when_calling_endpoint_then_expected_status(tenant_a, endpoint, role):
    user = make_user(tenant_a, role)
    api = Api(tenant_a, user)
    before = state(tenant_a, user)

    response = endpoint.call(api)

    expected = expected_status(endpoint, role)
    assert response.status_code == expected, response.content[:300]
    if expected == 403:
        assert_error(response, 403, "Forbidden.")
        assert state(tenant_a, user) == before
    elif endpoint.method != "GET" and endpoint.access != PUBLIC:
        assert response.json() != {}


@pytest.mark.parametrize("endpoint", PRIVATE, ids=str)
def test_given_no_token_when_calling_private_endpoint_then_401(tenant_a, endpoint):
    admin = make_user(tenant_a, ROLE_ADMIN)
    before = state(tenant_a, admin)
    assert_error(endpoint.call(Api(tenant_a)), 401, "Unauthenticated.")
    assert state(tenant_a, admin) == before


@pytest.mark.parametrize("endpoint", [e for e in ENDPOINTS if e.access == PUBLIC], ids=str)
def test_given_no_token_when_calling_public_endpoint_then_served(tenant_a, endpoint):
    assert endpoint.call(Api(tenant_a)).status_code == endpoint.public_status


@pytest.mark.parametrize("endpoint", [e for e in ENDPOINTS if e.access == PUBLIC], ids=str)
def test_given_invalid_token_when_calling_public_endpoint_then_still_served(tenant_a, endpoint):
    assert endpoint.call(Api(tenant_a, token="garbage")).status_code == endpoint.public_status
