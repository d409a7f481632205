"""The printer's address is typed by a tenant's admin, so the server's calls to it go through the one outbound
client (core.outbound): a printer URL that redirects to a service of the server's own network is not followed,
and what any address answered is never shown back, neither by the settings' check (`fiscal/registerCheck`) nor on
a failed receipt: the register says what failed in its own words. Here the printer is at printer.example, a
public address the test network routes to a server on 127.0.0.1; the server does not allow its own network."""

from __future__ import annotations

import pytest

from kantyna.fiscal.models import FiscalReceipt
from kantyna.fiscal.services import fiscal_register_due
from kantyna.fiscal.tests.helpers import book, enable, make_admin, make_parent
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.network import FakeNetwork, LocalServer, Served

PUBLIC = "1.1.1.1"
SECRET = b"INTERNAL-SECRET aws_secret_access_key=wJalrXUtnFEMI/K7MDENG"


@pytest.fixture
def internal(monkeypatch, settings):
    """A service of the server's own network holding a secret, and the test network (printer.example public)."""
    settings.FISCAL_REGISTER_ANY_ADDRESS = False
    FakeNetwork(monkeypatch, names={"printer.example": [[PUBLIC]]}, routes=[PUBLIC])
    with LocalServer(Served(body=SECRET, headers={"Content-Type": "text/plain"})) as server:
        yield server


def redirecting_to(internal) -> Served:
    return Served(status=302, body=b"", headers={"Location": f"{internal.url}/latest/meta-data/iam"})


def test_given_a_printer_address_redirecting_to_an_internal_service_when_checked_then_not_followed_nor_shown(
    tenant_a, internal
):
    enable(tenant_a)
    api = Api(tenant_a, make_admin(tenant_a))
    with LocalServer(redirecting_to(internal)) as printer:
        checked = api.post(
            "fiscal/registerCheck", {"register": "novitus", "registerUrl": f"http://printer.example:{printer.port}"}
        )

    assert_error(
        checked,
        400,
        "The given data was invalid.",
        {
            "registerUrl": [
                "The cash register did not answer as expected: The printer's address answered GET /api/v1 with a "
                "redirect (302) to another address, which this server does not follow."
            ]
        },
    )
    assert printer.served.requests == [("/api/v1", f"printer.example:{printer.port}")]
    assert internal.served.requests == []
    assert b"INTERNAL-SECRET" not in checked.content


@pytest.mark.parametrize(
    "served",
    [
        Served(status=500, body=SECRET, headers={"Content-Type": "text/plain"}),
        Served(status=404, body=b'{"exception": {"code": "INTERNAL-SECRET", "description": "x"}}'),
        Served(status=403, body=b'{"message": "INTERNAL-SECRET"}'),
    ],
)
def test_given_an_address_answering_an_error_when_checked_then_its_status_is_said_and_not_its_body(
    tenant_a, internal, served
):
    enable(tenant_a)
    api = Api(tenant_a, make_admin(tenant_a))
    with LocalServer(served) as server:
        checked = api.post(
            "fiscal/registerCheck", {"register": "novitus", "registerUrl": f"http://printer.example:{server.port}"}
        )

    assert checked.status_code == 400
    assert checked.json()["errors"]["registerUrl"] == [
        f"The cash register did not answer as expected: The printer answered {served.status} to GET /api/v1: "
        "no reason given"
    ]
    assert b"INTERNAL-SECRET" not in checked.content


def test_given_a_printer_address_redirecting_when_registering_then_the_receipt_fails_saying_so(tenant_a, internal):
    with LocalServer(redirecting_to(internal)) as printer:
        enable(tenant_a, register="novitus", register_url=f"http://printer.example:{printer.port}")
        row = book(tenant_a, make_parent(tenant_a))

        with in_tenant(tenant_a):
            fiscal_register_due()

    with in_tenant(tenant_a):
        failed = FiscalReceipt.objects.get(transaction_id=row.pk)
    assert failed.state == "failed"
    assert failed.last_error == (
        "The printer's address answered GET /api/v1/token with a redirect (302) to another address, which this "
        "server does not follow."
    )
    assert internal.served.requests == []
