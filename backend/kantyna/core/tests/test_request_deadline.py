"""A request that waited for a web server thread past the deadline, or whose client has gone, is refused with 503 +
Retry-After in the error shape before anything is done for it (issue 15); the others are served.

The wait is what the web server's worker notes in the environ (`kantyna.core.gthread.QUEUED_AT`, a monotonic
time), given here as the test client's extra environ; the deadline is 500 ms (settings), 100 ms while the queue
stands (no request found a thread within 50 ms for a second). The middleware's monotonic clock is frozen at `NOW`
(its `time` module replaced), so a wait is exactly what a test says however long the test client takes to reach
the middleware on a busy machine."""

from __future__ import annotations

import socket
import time
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from kantyna.catalog.models import Diet
from kantyna.core import middleware
from kantyna.core.gthread import QUEUED_AT
from kantyna.core.middleware import queue_state, request_start_header_time
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user

UNAVAILABLE = {"message": "Service temporarily unavailable. Please try again in a moment.", "errors": {}}


NOW = 1_000_000.0


@pytest.fixture(autouse=True)
def frozen_clock(monkeypatch):
    """The middleware's monotonic time stands at NOW; wall time (the proxy's header) runs as usual."""
    monkeypatch.setattr(middleware, "time", SimpleNamespace(monotonic=lambda: NOW, time=time.time))


@pytest.fixture(autouse=True)
def queue_drained():
    """A request found a thread at once just now (no standing queue) unless a test says otherwise."""
    queue_state.last_prompt = queue_state.last_seen = NOW
    yield
    queue_state.last_prompt = queue_state.last_seen = time.monotonic()  # as the process found it, for other tests


def waited(seconds: float) -> dict:
    return {QUEUED_AT: NOW - seconds}


def assert_refused(response) -> None:
    assert response.status_code == 503, response.content[:300]
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"] == "2"
    assert response.json() == UNAVAILABLE


def test_given_request_waited_past_deadline_when_served_then_503_and_no_query(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    with CaptureQueriesContext(connection) as queries:
        response = client.get("auth/currentUser", **waited(0.6))

    assert_refused(response)
    assert len(queries) == 0


def test_given_write_waited_past_deadline_when_served_then_nothing_stored(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))
    with in_tenant(tenant_a):
        before = Diet.objects.count()

    response = client.post("diets", {"name": "Late diet"}, **waited(0.6))

    assert_refused(response)
    with in_tenant(tenant_a):
        assert Diet.objects.count() == before


def test_given_request_waited_under_deadline_when_served_then_answered(tenant_a):
    parent = make_user(tenant_a, "ROLE_PARENT")
    client = Api(tenant_a, parent)

    response = client.get("auth/currentUser", **waited(0.1))

    assert response.status_code == 200
    assert response.json()["id"] == parent.pk


def test_given_standing_queue_when_request_waited_past_short_deadline_then_503(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))
    queue_state.last_prompt = NOW - 1.5

    response = client.get("auth/currentUser", **waited(0.2))

    assert_refused(response)


def test_given_standing_queue_when_request_found_thread_at_once_then_answered_and_queue_no_longer_stands(tenant_a):
    parent = make_user(tenant_a, "ROLE_PARENT")
    client = Api(tenant_a, parent)
    queue_state.last_prompt = NOW - 1.5

    first = client.get("auth/currentUser", **waited(0.01))
    second = client.get("auth/currentUser", **waited(0.2))

    assert first.status_code == 200
    assert second.status_code == 200


def test_given_idle_process_when_first_request_waited_past_short_deadline_then_answered(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))
    queue_state.last_prompt = queue_state.last_seen = NOW - 60

    response = client.get("auth/currentUser", **waited(0.2))

    assert response.status_code == 200


def test_given_no_wait_noted_when_served_then_answered(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    response = client.get("auth/currentUser", **{QUEUED_AT: None})

    assert response.status_code == 200


@override_settings(REQUEST_QUEUE_DEADLINE_MS=0)
def test_given_deadline_off_when_request_waited_long_then_answered(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    response = client.get("auth/currentUser", **waited(30))

    assert response.status_code == 200


def test_given_page_request_waited_past_deadline_when_served_then_bilingual_503_page(tenant_a):
    client = Api(tenant_a)

    response = client.get("/", **waited(0.6))

    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert response["Content-Type"].startswith("text/html")
    assert "Temporarily unavailable" in response.content.decode()


def test_given_client_closed_its_connection_when_served_then_refused_and_no_query(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))
    server_end, client_end = socket.socketpair()
    client_end.close()

    try:
        with CaptureQueriesContext(connection) as queries:
            response = client.get("auth/currentUser", **{"gunicorn.socket": server_end})
    finally:
        server_end.close()

    assert_refused(response)
    assert len(queries) == 0


def test_given_client_still_connected_when_served_then_answered(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))
    server_end, client_end = socket.socketpair()

    try:
        response = client.get("auth/currentUser", **{"gunicorn.socket": server_end})
    finally:
        server_end.close()
        client_end.close()

    assert response.status_code == 200


@override_settings(REQUEST_START_HEADER=True)
def test_given_trusted_proxy_header_past_deadline_when_served_then_503(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    response = client.get("auth/currentUser", HTTP_X_REQUEST_START=f"t={time.time() - 0.6:.3f}")

    assert_refused(response)


def test_given_untrusted_proxy_header_past_deadline_when_served_then_answered(tenant_a):
    client = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    response = client.get("auth/currentUser", HTTP_X_REQUEST_START=f"t={time.time() - 60:.3f}")

    assert response.status_code == 200


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("t=1764213000.123", 1764213000.123),  # nginx t=${msec}: seconds
        ("1764213000123", 1764213000.123),  # milliseconds
        ("t=1764213000123456", 1764213000.123456),  # Apache t=%t: microseconds
        ("t=soon", None),
    ],
)
def test_request_start_header_units(value, expected):
    result = request_start_header_time(value)

    assert result == (pytest.approx(expected) if expected is not None else None)
