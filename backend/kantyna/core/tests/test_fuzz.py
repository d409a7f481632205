"""Schema-driven fuzzing: every operation of schema.yml, with data that fits the schema and data that does not,
sent in-process to the WSGI app of tenant `alpha` (seeded with the demo catalogue, people and orders).

No request may end in a server error (5xx) and every response must match the schema's response for its status.
Status codes the schema does not list are not failures: every operation may also answer 401/403/404/405/413/429
in the error shape, and listing those on each of 376 operations would drown the schema in noise.

Each request runs in a savepoint that is rolled back afterwards, so every request sees the same seeded tenant
(deletes, sign-outs and e-mails leave nothing behind) and a database error cannot poison the next request.
A request the admin is refused (403) is sent again as a parent, so customer-only operations are fuzzed too.

`make test` runs a bounded, derandomized pass (the same cases every run: CI is stable). `make fuzz` runs a longer
random one. Environment: FUZZ_EXAMPLES (cases per operation and mode), FUZZ_RANDOM=1 (random instead of
derandomized), FUZZ_OPERATIONS (a regular expression over "METHOD /path" to fuzz only some operations).
Plain `pytest` skips it (marker `fuzz`); by hand: `pytest -m fuzz -s -p no:xdist kantyna/core/tests/test_fuzz.py`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
from collections import defaultdict
from pathlib import Path

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import response_schema_conformance

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import host_of, token_for
from kantyna.testing.factories import make_user

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

SCHEMA_PATH = Path(__file__).resolve().parents[3] / "schema.yml"
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))
RANDOM = os.environ.get("FUZZ_RANDOM") == "1"
ONLY = re.compile(os.environ.get("FUZZ_OPERATIONS", ".*"))
CHECKS = [not_a_server_error, response_schema_conformance]


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
