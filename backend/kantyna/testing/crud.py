"""One generic test class for every CRUD endpoint (as NetBox's APIViewTestCases).

Subclass `CrudApiTests` in a `Test...` class and describe the entity; you get, through the HTTP API:
list shape and pagination, a query-count baseline that does not grow with the number of rows, retrieve,
create (201 + id, audited), invalid create (400, nothing stored), update (200), delete (`{"status": true}`),
per-role access for every action (a refusal changes nothing), no token (401), and tenant isolation
(another tenant's id is 404; another tenant's token is 401). See docs/adding-an-entity.md.
"""

from __future__ import annotations

from typing import ClassVar

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN, ROLES
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user


class CrudApiTests:
    path: ClassVar[str]  # e.g. "allergens"
    model: ClassVar[type]
    read_roles: ClassVar[frozenset[str]] = frozenset(ROLES)
    write_roles: ClassVar[frozenset[str]] = frozenset({ROLE_ADMIN})
    list_queries: ClassVar[int]  # the measured baseline for a page of rows
    audit_prefix: ClassVar[str]  # e.g. "allergen": create writes "allergen.create"

    # Describe the entity -------------------------------------------------------------------------
    def make_instance(self, tenant, index: int):
        """Create one row in `tenant` (already inside its schema) through the services; distinct per index."""
        raise NotImplementedError

    def create_payload(self, tenant) -> dict:
        """A valid POST body (camelCase)."""
        raise NotImplementedError

    def invalid_payload(self) -> tuple[dict, dict]:
        """A POST body the server must refuse, and the exact `errors` it answers."""
        raise NotImplementedError

    def update_payload(self, instance) -> dict:
        """A valid PUT body changing something visible in `changed_field`."""
        raise NotImplementedError

    changed_field: ClassVar[str]  # camelCase key of the response that update_payload changes

    # Helpers ---------------------------------------------------------------------------------------
    def _make(self, tenant, count: int = 1) -> list:
        with in_tenant(tenant):
            return [self.make_instance(tenant, index) for index in range(count)]

    def _count(self, tenant) -> int:
        with in_tenant(tenant):
            return self.model.objects.count()

    def _api(self, tenant, role: str = ROLE_ADMIN) -> Api:
        return Api(tenant, make_user(tenant, role))

    # The tests -------------------------------------------------------------------------------------
    def test_list_answers_a_page(self, tenant_a):
        self._make(tenant_a, 3)
        response = self._api(tenant_a).get(self.path, {"page": 1, "perPage": 2})
        assert response.status_code == 200, response.content
        body = response.json()
        assert set(body) == {"items", "total", "page", "perPage"}
        assert (len(body["items"]), body["total"], body["page"], body["perPage"]) == (2, self._count(tenant_a), 1, 2)

    def test_list_query_count_does_not_grow_with_rows(self, tenant_a, django_assert_num_queries):
        api = self._api(tenant_a)
        self._make(tenant_a, 2)
        with django_assert_num_queries(self.list_queries):
            assert api.get(self.path).status_code == 200
        self._make(tenant_a, 5)
        with django_assert_num_queries(self.list_queries):
            assert api.get(self.path).status_code == 200

    def test_retrieve(self, tenant_a):
        (instance,) = self._make(tenant_a)
        response = self._api(tenant_a).get(f"{self.path}/{instance.pk}")
        assert response.status_code == 200, response.content
        assert response.json()["id"] == instance.pk

    def test_create_answers_201_with_id_and_is_audited(self, tenant_a):
        before = self._count(tenant_a)
        response = self._api(tenant_a).post(self.path, self.create_payload(tenant_a))
        assert response.status_code == 201, response.content
        created_id = response.json()["id"]
        assert isinstance(created_id, int)
        assert self._count(tenant_a) == before + 1
        with in_tenant(tenant_a):
            assert AuditEntry.objects.filter(action=f"{self.audit_prefix}.create", target_id=str(created_id)).exists()

    def test_invalid_create_is_refused_and_stores_nothing(self, tenant_a):
        before = self._count(tenant_a)
        payload, errors = self.invalid_payload()
        assert_error(self._api(tenant_a).post(self.path, payload), 400, "The given data was invalid.", errors)
        assert self._count(tenant_a) == before

    def test_update(self, tenant_a):
        (instance,) = self._make(tenant_a)
        payload = self.update_payload(instance)
        response = self._api(tenant_a).put(f"{self.path}/{instance.pk}", payload)
        assert response.status_code == 200, response.content
        assert response.json()[self.changed_field] == payload[self.changed_field]
        assert (
            self._api(tenant_a).get(f"{self.path}/{instance.pk}").json()[self.changed_field]
            == payload[self.changed_field]
        )

    def test_delete(self, tenant_a):
        (instance,) = self._make(tenant_a)
        response = self._api(tenant_a).delete(f"{self.path}/{instance.pk}")
        assert (response.status_code, response.json()) == (200, {"status": True})
        with in_tenant(tenant_a):
            assert not self.model.objects.filter(pk=instance.pk).exists()

    @pytest.mark.parametrize("role", ROLES)
    def test_each_role_reads_only_if_allowed(self, tenant_a, role):
        (instance,) = self._make(tenant_a)
        api = self._api(tenant_a, role)
        expected = 200 if role in self.read_roles else 403
        assert api.get(self.path).status_code == expected
        assert api.get(f"{self.path}/{instance.pk}").status_code == expected

    @pytest.mark.parametrize("role", ROLES)
    def test_each_role_writes_only_if_allowed(self, tenant_a, role):
        (instance,) = self._make(tenant_a)
        api = self._api(tenant_a, role)
        before = self._count(tenant_a)
        if role in self.write_roles:
            assert api.post(self.path, self.create_payload(tenant_a)).status_code == 201
            assert self._count(tenant_a) == before + 1
            return
        original = api.get(f"{self.path}/{instance.pk}").json() if role in self.read_roles else None
        assert_error(api.post(self.path, self.create_payload(tenant_a)), 403, "Forbidden.")
        assert_error(api.put(f"{self.path}/{instance.pk}", self.update_payload(instance)), 403, "Forbidden.")
        assert_error(api.delete(f"{self.path}/{instance.pk}"), 403, "Forbidden.")
        assert self._count(tenant_a) == before
        if original is not None:
            assert api.get(f"{self.path}/{instance.pk}").json() == original

    def test_without_token_is_401(self, tenant_a):
        (instance,) = self._make(tenant_a)
        anonymous = Api(tenant_a)
        assert_error(anonymous.get(self.path), 401, "Unauthenticated.")
        assert_error(anonymous.get(f"{self.path}/{instance.pk}"), 401, "Unauthenticated.")
        assert_error(anonymous.post(self.path, self.create_payload(tenant_a)), 401, "Unauthenticated.")

    def test_other_tenant_gets_nothing(self, tenant_a, tenant_b):
        (instance,) = self._make(tenant_a)
        admin_b = self._api(tenant_b)
        assert_error(admin_b.get(f"{self.path}/{instance.pk}"), 404, "Not found.")
        assert_error(admin_b.put(f"{self.path}/{instance.pk}", self.update_payload(instance)), 404, "Not found.")
        assert_error(admin_b.delete(f"{self.path}/{instance.pk}"), 404, "Not found.")
        assert instance.pk not in [item["id"] for item in admin_b.get(self.path, {"perPage": 9999}).json()["items"]]
        token_a = self._api(tenant_a).token
        assert_error(Api(tenant_b, token=token_a).get(self.path), 401, "Unauthenticated.")
        with in_tenant(tenant_a):
            assert self.model.objects.filter(pk=instance.pk).exists()
