"""Schema-driven fuzzing: every operation of schema.yml, with data that fits the schema and data that does not,
sent in-process to the WSGI app of tenant `alpha` (seeded with the demo catalogue, people and orders).

No request may end in a server error (5xx) and every response must match the schema's response for its status.
Status codes the schema does not list are not failures: every operation may also answer 401/403/404/405/413/429
in the error shape, and listing those on each of 376 operations would drown the schema in noise.

Each request runs in a savepoint that is rolled back afterwards, so every request sees the same seeded tenant
(deletes, sign-outs and e-mails leave nothing behind) and a database error cannot poison the next request.
A request the admin is refused (403) is sent again as a parent, so customer-only operations are fuzzed too.

A second, concurrent phase (issue 29) sends every write operation's first generated valid request FUZZ_CONCURRENT
(4) times at once, each in its own thread and database connection, committed: races (two requests both finding a
row or a key free, a stale read before a lock) show as 5xx only when the other request really commits. Its path ids
are taken from the rows the collection lists, so the requests reach a row instead of a 404. Any 5xx fails.

`make test` runs a bounded, derandomized pass (the same cases every run: CI is stable). `make fuzz` runs a longer
random one. Environment: FUZZ_EXAMPLES (cases per operation and mode), FUZZ_RANDOM=1 (random instead of
derandomized), FUZZ_OPERATIONS (a regular expression over "METHOD /path" to fuzz only some operations),
FUZZ_CONCURRENT (requests sent at once in the concurrent phase).
Plain `pytest` skips it (marker `fuzz`); by hand: `pytest -m fuzz -s -p no:xdist kantyna/core/tests/test_fuzz.py`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import time
from collections import defaultdict
from pathlib import Path

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection, transaction
from django.test import Client
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import response_schema_conformance

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import API_PREFIX, host_of, token_for
from kantyna.testing.concurrency import run_concurrently
from kantyna.testing.factories import make_user

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

SCHEMA_PATH = Path(__file__).resolve().parents[3] / "schema.yml"
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))
RANDOM = os.environ.get("FUZZ_RANDOM") == "1"
ONLY = re.compile(os.environ.get("FUZZ_OPERATIONS", ".*"))
CHECKS = [not_a_server_error, response_schema_conformance]
CONCURRENT = int(os.environ.get("FUZZ_CONCURRENT", "4"))
WRITES = {"POST", "PUT", "PATCH", "DELETE"}


class _RolledBack(Exception):
    pass


class RollbackEveryRequest:
    """Django's WSGI app, each request inside a savepoint that is always rolled back (body read inside it)."""

    def __init__(self):
        self.handler = WSGIHandler()

    def __call__(self, environ, start_response):
        captured = {}

        def remember(status, headers, exc_info=None):
            captured["start"] = (status, headers)
            return lambda data: None

        body = b""
        try:
            with transaction.atomic():
                result = self.handler(environ, remember)
                try:
                    body = b"".join(result)
                finally:
                    if hasattr(result, "close"):
                        result.close()
                raise _RolledBack
        except _RolledBack:
            pass
        finally:
            connection.set_schema_to_public()
        start_response(*captured["start"])
        return [body]


def _seed(tenant):
    from kantyna.demo.catalog import seed_catalog_and_people
    from kantyna.demo.data import PARENTS, WORKERS
    from kantyna.demo.ordering import seed_orders

    admin = make_user(tenant, ROLE_ADMIN)
    parents = [make_user(tenant, ROLE_PARENT) for _ in PARENTS]
    workers = [make_user(tenant, ROLE_INSTITUTION_WORKER) for _ in WORKERS]
    with in_tenant(tenant):
        seed_catalog_and_people(parents=parents, workers=workers)
        seed_orders(customers=[*parents, *workers])
    return admin, parents[0]


def _describe(failure) -> str:
    where = "/".join(str(part) for part in getattr(failure, "instance_path", ()))  # a schema violation's field
    text = str(failure.message).splitlines()[0][:160] if failure.message else ""
    return f"{failure.title}{f' at {where}' if where else ''}: {text}"


def test_no_input_makes_the_server_fail_or_answer_off_schema(tenant_a):
    """Given the seeded tenant, when every operation is sent generated valid and invalid requests,
    then none answers 5xx and every answer matches the schema."""
    admin, parent = _seed(tenant_a)
    tokens = {"admin": token_for(admin), "parent": token_for(parent)}
    base_url = f"http://{host_of(tenant_a)}"
    schema = schemathesis.openapi.from_path(SCHEMA_PATH)
    schema.app = RollbackEveryRequest()
    failures: dict[str, dict[str, str]] = defaultdict(dict)
    server_errors = 0
    requests = 0

    def send(case):
        nonlocal server_errors, requests
        response = None
        for role in ("admin", "parent"):
            headers = {"Authorization": f"Bearer {tokens[role]}", "User-Locale": "en"}
            response = case.call(base_url=base_url, headers=headers)
            requests += 1
            if response.status_code != 403:
                break
        if response.status_code >= 500:
            server_errors += 1
        try:
            case.validate_response(response, checks=CHECKS, headers=headers)
        except FailureGroup as group:  # one failure per broken check
            for failure in group.exceptions:
                key = f"{case.operation.label} → {response.status_code} {_describe(failure)}"
                failures[key].setdefault("reproduce", case.as_curl_command(headers=headers))

    # Django's test client does the same: closing "old" connections would end the test's transaction.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    quiet = [logging.getLogger(name) for name in ("django.request", "django.security")]
    levels = [logger.level for logger in quiet]
    for logger in quiet:
        logger.setLevel(logging.ERROR)  # thousands of expected 4xx warnings; server errors still show
    try:
        for result in schema.get_all_operations():
            operation = result.ok()
            if not ONLY.search(operation.label):
                continue
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

                @settings(
                    max_examples=EXAMPLES,
                    derandomize=not RANDOM,
                    database=None,
                    deadline=None,
                    suppress_health_check=list(HealthCheck),
                )
                @given(case=operation.as_strategy(generation_mode=mode))
                def fuzz(case):
                    send(case)

                # An operation without inputs has no invalid request to generate.
                with contextlib.suppress(Unsatisfiable):
                    fuzz()
    finally:
        for logger, level in zip(quiet, levels, strict=True):
            logger.setLevel(level)
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)

    report = "\n".join(f"{key}\n    {value['reproduce']}" for key, value in sorted(failures.items()))
    print(f"\nfuzzing: {requests} requests, {server_errors} server errors, {len(failures)} failure classes")
    assert not failures, f"{len(failures)} failure classes:\n{report}"


# The concurrent phase --------------------------------------------------------------------------------------------


def _first_valid_case(operation):
    """The operation's first generated valid request (the same every run unless FUZZ_RANDOM), or None."""
    cases = []

    @settings(
        max_examples=1,
        derandomize=not RANDOM,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE))
    def first(case):
        cases.append(case)

    with contextlib.suppress(Unsatisfiable):
        first()
    return cases[0] if cases else None


def _collections(path: str, name: str):
    """Where the rows a path parameter names are listed: the path before it (`mealTypes` for
    `mealTypes/{id}/markAsDefault`), then the collection its name says (`institutionId` -> `institutions`)."""
    yield path.split("{" + name + "}")[0].rstrip("/")
    base = re.sub(r"(_id|Id)$", "", name)
    if base != name:
        camel = re.sub(r"_(.)", lambda match: match.group(1).upper(), base)
        yield API_PREFIX + ("children" if camel == "child" else f"{camel}s")


class Session:
    """The admin's and the parent's tokens for the concurrent phase. A write committed by the phase may sign one
    out (a logout, a new password, a deactivation): `renew` then issues a new token, or makes a new user when the
    old one can no longer sign in, so the rest of the phase is not answered 401."""

    def __init__(self, tenant, admin, parent):
        self.tenant = tenant
        self.users = {"admin": admin, "parent": parent}
        self.roles = {"admin": ROLE_ADMIN, "parent": ROLE_PARENT}
        self.tokens = {role: token_for(user) for role, user in self.users.items()}
        self.client = Client(HTTP_HOST=host_of(tenant), HTTP_USER_LOCALE="en")

    def get(self, path: str, role: str = "admin"):
        response = self.client.get(path, HTTP_AUTHORIZATION=f"Bearer {self.tokens[role]}")
        connection.set_schema_to_public()
        return response

    def headers(self, role: str) -> dict:
        return {"Authorization": f"Bearer {self.tokens[role]}", "User-Locale": "en"}

    def renew(self) -> None:
        for role, user in self.users.items():
            if self.get(API_PREFIX + "auth/currentUser", role).status_code == 200:
                continue
            self.tokens[role] = token_for(user)
            if self.get(API_PREFIX + "auth/currentUser", role).status_code != 200:
                self.users[role] = make_user(self.tenant, self.roles[role])
                self.tokens[role] = token_for(self.users[role])

    def reach_rows(self, case) -> None:
        """Each integer path parameter set to the first row its collection lists, where one lists any."""
        for name, value in list((case.path_parameters or {}).items()):
            if not isinstance(value, int):
                continue
            for collection in _collections(case.operation.path, name):
                response = self.get(collection)
                body = response.json() if response.status_code == 200 else None
                rows = body.get("items") if isinstance(body, dict) else body
                if isinstance(rows, list) and rows and isinstance(rows[0], dict) and "id" in rows[0]:
                    case.path_parameters[name] = rows[0]["id"]
                    break


class CommitEveryRequest:
    """Django's WSGI app as served: each request commits (or fails) on its own thread's connection."""

    def __init__(self):
        self.handler = WSGIHandler()

    def __call__(self, environ, start_response):
        try:
            return self.handler(environ, start_response)
        finally:
            connection.set_schema_to_public()


@pytest.mark.django_db(transaction=True)
def test_no_write_sent_several_times_at_once_makes_the_server_fail(tenant_a):
    """Given the seeded tenant, committed, when each write operation's first valid request (aimed at a listed row)
    is sent several times at once, each in its own thread and connection, then none answers 5xx."""
    session = Session(tenant_a, *_seed(tenant_a))
    connection.set_schema_to_public()
    base_url = f"http://{host_of(tenant_a)}"
    schema = schemathesis.openapi.from_path(SCHEMA_PATH)
    schema.app = CommitEveryRequest()
    failures: dict[str, str] = {}
    batches = 0
    started = time.monotonic()

    def send_at_once(case, role: str) -> list[int]:
        headers = session.headers(role)
        statuses: list[int] = [0] * CONCURRENT

        def send(index):
            def job():
                statuses[index] = case.call(base_url=base_url, headers=headers).status_code

            return job

        outcomes = run_concurrently(tenant_a, *[send(index) for index in range(CONCURRENT)])
        connection.set_schema_to_public()
        for outcome in outcomes:
            if outcome is not None:
                failures.setdefault(f"{case.operation.label} raised {outcome!r}"[:300], case.as_curl_command(headers))
        return statuses

    quiet = [logging.getLogger(name) for name in ("django.request", "django.security")]
    levels = [logger.level for logger in quiet]
    for logger in quiet:
        logger.setLevel(logging.ERROR)  # expected 4xx warnings; server errors still show
    try:
        for result in schema.get_all_operations():
            operation = result.ok()
            if operation.method.upper() not in WRITES or not ONLY.search(operation.label):
                continue
            case = _first_valid_case(operation)
            if case is None:
                continue
            session.reach_rows(case)
            statuses = send_at_once(case, "admin")
            if set(statuses) == {403}:  # customer-only operations
                statuses = send_at_once(case, "parent")
            batches += 1
            if any(status >= 500 for status in statuses):
                failures.setdefault(
                    f"{case.operation.label} → {sorted(statuses)}", case.as_curl_command(session.headers("admin"))
                )
            if any(200 <= status < 300 for status in statuses):
                session.renew()
    finally:
        for logger, level in zip(quiet, levels, strict=True):
            logger.setLevel(level)
        connection.set_schema_to_public()

    report = "\n".join(f"{key}\n    {reproduce}" for key, reproduce in sorted(failures.items()))
    print(
        f"\nconcurrent fuzzing: {batches} writes sent {CONCURRENT} times at once in {time.monotonic() - started:.0f} s,"
        f" {len(failures)} failures"
    )
    assert not failures, f"{len(failures)} writes failed when sent at once:\n{report}"
