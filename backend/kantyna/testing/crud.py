"""One generic test class for every CRUD endpoint (as NetBox's APIViewTestCases).

Subclass `CrudApiTests` in a `Test...` class and describe the entity; you get, through the HTTP API:
list shape and pagination, a query-count baseline that does not grow with the number of rows, retrieve,
create (201 + id, audited), invalid create (400, nothing stored), update (200), delete (`{"status": true}`),
who may call what as permission-matrix rows (kantyna/testing/matrix.py: every role for every action, no token
401, a refusal changes nothing), and tenant isolation (another tenant's id is 404; another tenant's token is 401). See docs/adding-an-entity.md.
"""

from __future__ import annotations

from typing import ClassVar

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_EMPLOYEE,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_PARENT,
    ROLE_TICKET_ADMIN,
    ROLES,
)
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.matrix import (
    ADMIN,
    ANONYMOUS,
    COOK,
    EMPLOYEE,
    IA,
    PARENT,
    REPORT_MANAGER,
    TICKET_ADMIN,
    WORKER,
    Row,
    assert_cross_tenant,
    assert_matrix,
    run_row,
)

# Each role's user (as the entity's `_api` makes it) is the matrix persona of that role; `ia` is the institutions
# admin `_api` makes (no permission unless the entity's `_api` grants one).
ROLE_PERSONAS = {
    ROLE_ADMIN: ADMIN,
    ROLE_INSTITUTIONS_ADMIN: IA,
    ROLE_PARENT: PARENT,
    ROLE_INSTITUTION_WORKER: WORKER,
    ROLE_COOK: COOK,
    ROLE_TICKET_ADMIN: TICKET_ADMIN,
    ROLE_MANAGE_REPORTS: REPORT_MANAGER,
    ROLE_EMPLOYEE: EMPLOYEE,
}
ACTIONS = ("list", "retrieve", "create", "update", "delete")


def _rewound(body: dict):
    """The body for each persona's call: its uploaded files read again from their start."""

    def payload(_ids: dict) -> dict:
        for value in body.values():
            if hasattr(value, "seek"):
                value.seek(0)
        return body

    return payload


class CrudApiTests:
    path: ClassVar[str]  # e.g. "allergens"
    model: ClassVar[type]
    read_roles: ClassVar[frozenset[str]] = frozenset(ROLES)
    write_roles: ClassVar[frozenset[str]] = frozenset({ROLE_ADMIN})
    # Roles that list only the rows within their reach and for whom another's row does not exist (404).
    reach_roles: ClassVar[frozenset[str]] = frozenset()
    multipart: ClassVar[bool] = False  # bodies are uploaded as multipart/form-data
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

    # Who may call what: one matrix row per action (kantyna/testing/matrix.py) ------------------------------------
    def _access_row(self, action: str, tenant, instance) -> Row:
        """The action as a matrix row for `_access_users`' personas: `read_roles` read (`reach_roles` too, but
        another's row does not exist for them), `write_roles` create; a refused update or delete changes
        nothing (an allowed one is `test_update`'s and `test_delete`'s)."""
        readers, reachers, writers = (
            frozenset(ROLE_PERSONAS[role] for role in roles)
            for roles in (self.read_roles, self.reach_roles, self.write_roles)
        )
        detail = f"{self.path}/{instance.pk}"
        if action == "list":
            return Row("list", "GET", self.path, readers | reachers)
        if action == "retrieve":
            return Row("retrieve", "GET", detail, readers, hidden=reachers, foreign=404)
        if action == "create":
            body = _rewound(self.create_payload(tenant))
            return Row("create", "POST", self.path, writers, body=body, ok=201, writes=True, multipart=self.multipart)
        if action == "update":
            body = _rewound(self.update_payload(instance))
            return Row("update", "PUT", detail, frozenset(), body=body, foreign=404, multipart=self.multipart)
        assert action == "delete", action
        return Row("delete", "DELETE", detail, frozenset(), foreign=404)

    def _access_users(self, tenant, action: str) -> dict:
        """`{persona: user}`: each role's user as `_api` makes it (the persona of its role, ROLE_PERSONAS), and
        anonymous; an update or a delete is asked of the roles that may not write only."""
        roles = ROLES if action not in ("update", "delete") else [r for r in ROLES if r not in self.write_roles]
        return {**{ROLE_PERSONAS[role]: self._api(tenant, role).user for role in roles}, ANONYMOUS: None}

    def _access_state(self, tenant, instance):
        """What a refused call could change: how many rows, the instance's columns, the audit trail."""
        count = self._count(tenant)
        with in_tenant(tenant):
            return (
                count,
                list(self.model.objects.filter(pk=instance.pk).values()),
                AuditEntry.objects.count(),
            )

    @pytest.mark.parametrize("action", ACTIONS)
    def test_each_persona_calls_only_if_allowed(self, tenant_a, action):
        (instance,) = self._make(tenant_a)
        row = self._access_row(action, tenant_a, instance)
        users = self._access_users(tenant_a, action)

        result = run_row(tenant_a, row, users, {}, lambda: self._access_state(tenant_a, instance))

        assert_matrix(row, result)

    def test_other_tenant_gets_nothing(self, tenant_a, tenant_b):
        """A's token on B's host is 401 for every action; B's admin finds none of A's rows (nor lists them)."""
        (instance,) = self._make(tenant_a)
        for action in ACTIONS:
            assert_cross_tenant(
                self._access_row(action, tenant_a, instance),
                tenant_a=tenant_a,
                tenant_b=tenant_b,
                ids={},
                state_a=lambda: self._access_state(tenant_a, instance),
                state_b=lambda: self._count(tenant_b),
            )
        admin_b = self._api(tenant_b)
        assert instance.pk not in [item["id"] for item in admin_b.get(self.path, {"perPage": 9999}).json()["items"]]
