"""Permission matrices: one row per endpoint (method + path), called by every persona of a tenant, with the
expected answer of each and the proof that a refusal changed nothing.

A row says which personas the endpoint serves (`allowed`, answered `ok`) and which hold the ability but are out
of its reach (`hidden`, 404: another family's child does not exist for you); every other user of the tenant gets
403 and a caller without a token 401 (a `public` row serves everyone). Institutions admins come twice: `ia` holds the row's `permission` (every
permission when the row names none), `ia_without` holds every permission but that one (none when the row names
none); both manage the world's institution, so what refuses `ia_without` is the permission, not the reach.

`run_row` calls the endpoint once per persona, each inside a savepoint rolled back afterwards, so every persona
meets the same data and a test costs one world, not one per persona. `assert_matrix` compares the whole table
at once (a failure lists every persona that answered otherwise) and checks that each refusal left `state`
unchanged and, for `writes` rows, that each allowed call did change it.

A matrix module takes its tests from factories, each assigned to a `test_...` name of the module:
`persona_matrix_test` (every row called by every persona: `make_personas`, `run_row`, `assert_matrix`),
`cross_tenant_test` (the one test of tenant isolation) and `route_coverage_test` (every route of the area has a
row).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import transaction
from django.urls import URLPattern, URLResolver, resolve

from kantyna.core.permissions import (
    PERMISSIONS,
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_EMPLOYEE,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_PARENT,
    ROLE_TICKET_ADMIN,
)
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import API_PREFIX, Api
from kantyna.testing.factories import make_user

ADMIN = "admin"
IA = "ia"
IA_WITHOUT = "ia_without"
COOK = "cook"
PARENT = "parent"
WORKER = "worker"
TICKET_ADMIN = "ticket_admin"
REPORT_MANAGER = "report_manager"
EMPLOYEE = "employee"
ANONYMOUS = "anonymous"

PERSONAS = (ADMIN, IA, IA_WITHOUT, COOK, PARENT, WORKER, TICKET_ADMIN, REPORT_MANAGER, EMPLOYEE, ANONYMOUS)
TENANT_USERS = frozenset(PERSONAS) - {ANONYMOUS}
STAFF_ROLES = {COOK: ROLE_COOK, TICKET_ADMIN: ROLE_TICKET_ADMIN, REPORT_MANAGER: ROLE_MANAGE_REPORTS}

MESSAGES = {401: "Unauthenticated.", 403: "Forbidden.", 404: "Not found."}


def personas(*names: str) -> frozenset[str]:
    return frozenset(names)


@dataclass(frozen=True)
class Row:
    """One endpoint as one persona table. `path` and `body` are formatted with the test's ids (`{child}`...);
    `body` may be a callable of those ids."""

    name: str
    method: str
    path: str
    allowed: frozenset[str]
    permission: str | None = None
    hidden: frozenset[str] = frozenset()
    body: dict | Callable[[dict], dict] | None = None
    ok: int = 200
    writes: bool = False
    # What tenant B's admin gets on B's host for this path/body of A's ids; None: 404 when the path names an id
    # of A, else not asked (nothing of A in the call).
    foreign: int | None = None
    # Served to everyone, with or without a token (sign-in help, the tenant's public settings): every persona,
    # anonymous too, gets `ok`.
    public: bool = False
    multipart: bool = False  # the body is uploaded as multipart/form-data

    def __str__(self) -> str:
        return self.name

    def expected(self, persona: str) -> int:
        if self.public:
            return self.ok
        if persona == ANONYMOUS:
            return 401
        if persona in self.allowed:
            return self.ok
        if persona in self.hidden:
            return 404
        return 403

    def expected_table(self) -> dict[str, tuple[int, str | None]]:
        return {persona: (self.expected(persona), MESSAGES.get(self.expected(persona))) for persona in PERSONAS}

    def foreign_expected(self) -> int | None:
        """`foreign`, else 404 when the path itself names one of A's rows."""
        if self.foreign is not None:
            return self.foreign
        return 404 if "{" in self.path.split("?")[0] else None

    def url(self, ids: dict) -> str:
        return self.path.format(**ids)

    def payload(self, ids: dict):
        if callable(self.body):
            return self.body(ids)
        return self.body

    def call(self, api: Api, ids: dict):
        method = getattr(api, self.method.lower())
        if self.multipart:
            return method(self.url(ids), self.payload(ids), format="multipart")
        return method(self.url(ids), self.payload(ids))


def ia_permissions(row: Row) -> tuple[list[str], list[str]]:
    """(`ia`'s permissions, `ia_without`'s)."""
    if row.permission is None:
        return list(PERMISSIONS), []
    return [row.permission], [p for p in PERMISSIONS if p != row.permission]


def make_personas(tenant, row: Row, *, parent, worker, institutions=()) -> dict[str, Any]:
    """`{persona: user}` (None for anonymous): the world's parent and worker, new staff users, and the two
    institutions admins of `institutions`."""
    with_permission, without_permission = ia_permissions(row)
    users = {
        ADMIN: make_user(tenant, ROLE_ADMIN),
        IA: make_user(tenant, ROLE_INSTITUTIONS_ADMIN, permissions=with_permission),
        IA_WITHOUT: make_user(tenant, ROLE_INSTITUTIONS_ADMIN, permissions=without_permission),
        PARENT: parent,
        WORKER: worker,
        EMPLOYEE: make_user(tenant, ROLE_EMPLOYEE),
        ANONYMOUS: None,
        **{persona: make_user(tenant, role) for persona, role in STAFF_ROLES.items()},
    }
    assert ROLE_PARENT in parent.roles and ROLE_INSTITUTION_WORKER in worker.roles
    with in_tenant(tenant):
        for persona in (IA, IA_WITHOUT):
            users[persona].institutions.set(institutions)
    return users


def outcome(response) -> tuple[int, str | None]:
    """The status, with the error message when the status is one of the refusals a matrix expects (the whole body
    when it is not the one error shape without field errors, as `assert_error` demands)."""
    if response.status_code in MESSAGES:
        body = response.json()
        if set(body) == {"message", "errors"} and body["errors"] == {}:
            return response.status_code, body["message"]
        return response.status_code, body
    return response.status_code, None


def _body(response) -> bytes:
    """The response's bytes, a streamed file's too (the test client closes it once read)."""
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content)
    return response.content


@dataclass
class MatrixResult:
    outcomes: dict[str, tuple[int, str | None]] = field(default_factory=dict)
    bodies: dict[str, bytes] = field(default_factory=dict)
    changed: dict[str, bool] = field(default_factory=dict)


def run_row(tenant, row: Row, users: dict, ids: dict, state: Callable[[], Any]) -> MatrixResult:
    """Each persona of `users` (every one from `make_personas`) calls the row in a savepoint that is rolled back:
    all meet the same data."""
    result = MatrixResult()
    for persona in PERSONAS:
        if persona not in users:
            continue
        user = users[persona]
        api = Api(tenant, user)
        with transaction.atomic():
            before = state()
            response = row.call(api, ids)
            result.changed[persona] = state() != before
            transaction.set_rollback(True)
        result.outcomes[persona] = outcome(response)
        result.bodies[persona] = _body(response)[:300]
    return result


def assert_matrix(row: Row, result: MatrixResult) -> None:
    expected = {persona: status for persona, status in row.expected_table().items() if persona in result.outcomes}
    assert result.outcomes == expected, {
        persona: {"got": got, "expected": expected[persona], "body": result.bodies[persona]}
        for persona, got in result.outcomes.items()
        if got != expected[persona]
    }
    refused_but_changed = [
        persona for persona, (status, _message) in result.outcomes.items() if status >= 400 and result.changed[persona]
    ]
    assert not refused_but_changed, f"a refused call changed the data: {refused_but_changed}"
    if row.writes:
        allowed_unchanged = [persona for persona in row.allowed if not result.changed.get(persona, True)]
        assert not allowed_unchanged, f"an allowed write changed nothing: {allowed_unchanged}"


@dataclass(frozen=True)
class Personas:
    """The world's users `make_personas` takes: its parent, its institution worker and the institutions its two
    institutions admins manage."""

    parent: Any
    worker: Any
    institutions: tuple | list = ()


def persona_matrix_test(
    rows,
    state: Callable[[Any], Any],
    *,
    people: Callable[[Any], Personas],
    ids: Callable[[Any], dict] = lambda world: world.ids,
):
    """The persona test of a matrix module, parametrized by its `rows`: for each row, every persona of
    `make_personas` (the world's users: `people(world)`) calls it through `run_row` with the row's ids (`ids(world)`)
    and `state(tenant)`, and `assert_matrix` judges the table. Assign it to a `test_...` name of the module (which
    has `world` and `tenant_a` fixtures); a module whose test does more than that keeps its own."""

    @pytest.mark.parametrize("row", rows, ids=str)
    def test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing(
        world, tenant_a, row
    ):
        who = people(world)
        users = make_personas(tenant_a, row, parent=who.parent, worker=who.worker, institutions=who.institutions)

        result = run_row(tenant_a, row, users, ids(world), lambda: state(tenant_a))

        assert_matrix(row, result)

    return test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing


def assert_cross_tenant(row: Row, *, tenant_a, tenant_b, ids: dict, state_a, state_b) -> None:
    """Tenant A's admin token on tenant B's host: 401. Tenant B's admin asking for A's ids on B's host: the row's
    `foreign` status (404: they do not exist there). Neither tenant's data changes."""
    admin_a = make_user(tenant_a, ROLE_ADMIN)
    admin_b = make_user(tenant_b, ROLE_ADMIN)
    before_a, before_b = state_a(), state_b()

    response = row.call(Api(tenant_b, token=Api(tenant_a, admin_a).token), ids)
    assert outcome(response) == (401, MESSAGES[401]), response.content[:300]
    foreign = row.foreign_expected()
    if foreign is not None:
        response = row.call(Api(tenant_b, admin_b), ids)
        assert outcome(response) == (foreign, MESSAGES.get(foreign)), response.content[:300]

    assert state_a() == before_a
    assert state_b() == before_b


def cross_tenant_test(rows, state: Callable[[Any], Any], *, ids: Callable[[Any], dict] = lambda world: world.ids):
    """The cross-tenant test of a matrix module, parametrized by its `rows`: for each row, `assert_cross_tenant`
    with the module's `world` fixture (`ids(world)`: the row's ids) and `state(tenant)`. Assign it to a
    `test_...` name of the module."""

    @pytest.mark.parametrize("row", rows, ids=str)
    def test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes(
        world, tenant_a, tenant_b, row
    ):
        assert_cross_tenant(
            row,
            tenant_a=tenant_a,
            tenant_b=tenant_b,
            ids=ids(world),
            state_a=lambda: state(tenant_a),
            state_b=lambda: state(tenant_b),
        )

    return test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes


def route_coverage_test(
    rows, routes: set[tuple[str, str]], *, area: str, ids: Callable[[Any], dict] = lambda world: world.ids
):
    """The route coverage test of a matrix module: every route and method of the area (`routes`, from `routes_of`)
    has a row and every row calls one of them, so a new endpoint cannot ship untested. Assign it to a `test_...`
    name of the module (which has a `world` fixture; `ids(world)`: the rows' ids)."""

    def test_the_table_covers_every_route_and_method_of_the_area(world):
        covered = {route_of(row, ids(world)) for row in rows}
        assert routes - covered == set(), "routes without a row"
        assert covered - routes == set(), f"rows of no {area} route"

    return test_the_table_covers_every_route_and_method_of_the_area


def routes_of(urlpatterns) -> set[tuple[str, str]]:
    """`(view class name, HTTP method)` for every route of `urlpatterns` and every method its view answers."""
    found = set()
    for pattern in urlpatterns:
        if isinstance(pattern, URLResolver):
            found |= routes_of(pattern.url_patterns)
            continue
        assert isinstance(pattern, URLPattern)
        view = pattern.callback
        cls = getattr(view, "cls", None) or getattr(view, "view_class", None)
        actions = getattr(view, "actions", None)
        if actions:  # a router's viewset route: its method → action map
            # DRF adds `head` to the map at the route's first GET in the process: not a route of its own.
            found |= {
                (f"{cls.__name__}.{action}", method.upper()) for method, action in actions.items() if method != "head"
            }
            continue
        methods = [m for m in getattr(cls, "http_method_names", ()) if m not in ("options", "head", "trace")]
        found |= {(cls.__name__, m.upper()) for m in methods if hasattr(cls, m)}
    return found


def route_of(row: Row, ids: dict) -> tuple[str, str]:
    """The `routes_of` key a row calls (resolved on the tenant URLconf)."""
    path = row.url(ids).split("?")[0]
    match = resolve(API_PREFIX + path, urlconf="config.urls_tenant")
    cls = getattr(match.func, "cls", None) or getattr(match.func, "view_class", None)
    actions = getattr(match.func, "actions", None)
    if actions:
        return f"{cls.__name__}.{actions[row.method.lower()]}", row.method.upper()
    return cls.__name__, row.method.upper()
