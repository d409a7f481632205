"""`institutionSettings/{id}` and `institutionSettings/groupUpdate` through the HTTP API."""

from __future__ import annotations

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN, ROLES
from kantyna.institutions.models import Institution
from kantyna.institutions.tests.helpers import make_institution
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user


def _settings_of(tenant, *institutions):
    with in_tenant(tenant):
        return list(
            Institution.objects.filter(pk__in=[i.pk for i in institutions])
            .order_by("pk")
            .values_list("hide_grammages", "ordering_note")
        )


def test_given_an_institution_when_the_admin_puts_its_settings_then_they_are_stored_and_audited(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = api.put(
        f"institutionSettings/{institution.pk}", {"hideGrammages": True, "orderingNote": "Zamówienia do 9:00."}
    )

    assert (response.status_code, response.json()) == (
        200,
        {"hideGrammages": True, "orderingNote": "Zamówienia do 9:00.", "termsUrl": ""},
    )
    assert _settings_of(tenant_a, institution) == [(True, "Zamówienia do 9:00.")]
    with in_tenant(tenant_a):
        assert AuditEntry.objects.filter(action="institution.settings", target_id=str(institution.pk)).count() == 1
    assert api.get("institutionSettings/institutions/hiddenGrammages").json() == {"institutionsIds": [institution.pk]}


def test_given_three_institutions_when_two_are_group_updated_then_only_those_change(tenant_a):
    with in_tenant(tenant_a):
        first, second, third = make_institution(), make_institution(), make_institution()
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = api.put(
        "institutionSettings/groupUpdate", {"institutionsIds": [first.pk, third.pk], "hideGrammages": True}
    )

    assert (response.status_code, response.json()) == (200, {"status": True})
    assert _settings_of(tenant_a, first, second, third) == [(True, ""), (False, ""), (True, "")]


def test_given_no_institutions_when_group_updating_then_400_and_nothing_changes(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = api.put("institutionSettings/groupUpdate", {"institutionsIds": [], "hideGrammages": True})

    assert_error(
        response, 400, "The given data was invalid.", {"institutionsIds": ["Choose at least one institution."]}
    )
    assert _settings_of(tenant_a, institution) == [(False, "")]


@pytest.mark.parametrize("role", [role for role in ROLES if role != ROLE_ADMIN])
def test_given_a_non_admin_when_changing_settings_then_403_and_nothing_changes(tenant_a, role):
    with in_tenant(tenant_a):
        institution = make_institution()
    api = Api(tenant_a, make_user(tenant_a, role))

    assert_error(api.put(f"institutionSettings/{institution.pk}", {"hideGrammages": True}), 403, "Forbidden.")
    assert_error(
        api.put("institutionSettings/groupUpdate", {"institutionsIds": [institution.pk], "hideGrammages": True}),
        403,
        "Forbidden.",
    )
    assert _settings_of(tenant_a, institution) == [(False, "")]


def test_given_another_tenants_institution_when_putting_its_settings_then_404_or_400_and_nothing_changes(
    tenant_a, tenant_b
):
    with in_tenant(tenant_a):
        institution = make_institution()
    admin_b = Api(tenant_b, make_user(tenant_b, ROLE_ADMIN))

    assert_error(admin_b.put(f"institutionSettings/{institution.pk}", {"hideGrammages": True}), 404, "Not found.")
    response = admin_b.put(
        "institutionSettings/groupUpdate", {"institutionsIds": [institution.pk], "hideGrammages": True}
    )
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["institutionsIds"]
    assert _settings_of(tenant_a, institution) == [(False, "")]
