"""The one HTTPS call to a provider's JSON API (`providers.base.json_http_call`), against a real HTTP server on
127.0.0.1 (reachable as the local fakes are, with PAYMENTS_FAKE): whatever a provider answers, an adapter gets a
status and an object, or a `ProviderError` (which the reconciliation counts and passes over), never an exception
that stops the run. Without PAYMENTS_FAKE this machine is never called, nor a redirect followed."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from kantyna.payments.providers.base import ProviderError, json_http_call


@pytest.fixture
def provider(settings):
    """A server answering every GET with the status and body set on `provider.answer`, which the server may call
    (as the local fakes of a development deployment)."""
    settings.PAYMENTS_FAKE = True

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            server.calls += 1
            status, body = server.answer
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", "http://127.0.0.1:9/elsewhere")
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    server.answer = (200, b"{}")
    server.calls = 0
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def call(server) -> tuple[int, dict]:
    return json_http_call("GET", f"http://127.0.0.1:{server.server_port}/status", {}, None, provider="test")


def test_given_a_json_object_then_it_is_the_answer(provider):
    provider.answer = (200, b'{"data": {"status": 1}}')

    assert call(provider) == (200, {"data": {"status": 1}})


@pytest.mark.parametrize("body", [b"[1, 2]", b'"paid"', b"null", b"not json"])
def test_given_a_success_that_is_not_a_json_object_then_it_is_a_provider_error(provider, body):
    provider.answer = (200, body)

    with pytest.raises(ProviderError) as refusal:
        call(provider)

    assert str(refusal.value).startswith("test: ")


@pytest.mark.parametrize(("body", "answer"), [(b'{"error": "no"}', {"error": "no"}), (b"[1]", {}), (b"<html>", {})])
def test_given_an_error_status_then_its_body_is_read_as_an_object_or_empty(provider, body, answer):
    provider.answer = (500, body)

    assert call(provider) == (500, answer)


def test_given_a_redirect_then_it_is_a_provider_error_and_not_followed(provider):
    provider.answer = (302, b"{}")

    with pytest.raises(ProviderError) as refusal:
        call(provider)

    assert str(refusal.value) == "test: 127.0.0.1: the address redirected to another address (302)"
    assert provider.calls == 1


def test_given_a_deployment_without_the_local_fakes_then_this_machine_is_not_called(provider, settings):
    settings.PAYMENTS_FAKE = False

    with pytest.raises(ProviderError) as refusal:
        call(provider)

    assert str(refusal.value) == "test: 127.0.0.1: the address is not a public address"
    assert provider.calls == 0
