"""The fiscal settings' printer address: the server calls it on a tenant's say, so an address of the server's own
network (loopback, private, link-local, or a name answering one) is refused when saved, with a field error, unless
the deployment allows it (FISCAL_REGISTER_ANY_ADDRESS: a server beside its printer, development, e2e). Every call
checks it again (core.outbound): this is the early, clear refusal."""

from __future__ import annotations

import pytest

from kantyna.testing import Api, assert_error, make_user
from kantyna.testing.network import FakeNetwork

pytestmark = pytest.mark.django_db

PATH = "common/settings/fiscalConfig"
REFUSED_EN = (
    "Enter a public address of the printer: this server does not call addresses of its own network "
    "(loopback, private or link-local)."
)
REFUSED_PL = (
    "Podaj publiczny adres drukarki: ten serwer nie łączy się z adresami własnej sieci "
    "(lokalnymi, prywatnymi ani link-local)."
)


@pytest.fixture
def network(monkeypatch, settings):
    settings.FISCAL_REGISTER_ANY_ADDRESS = False
    return FakeNetwork(
        monkeypatch,
        names={
            "drukarka.lan": [["192.168.1.20"]],
            "kasa.example.pl": [["91.198.174.192"]],
            "kasa.nieznana.invalid": [[]],
        },
    )


def printer(url: str) -> dict:
    return {"fiscalizationEnabled": True, "register": "novitus", "registerUrl": url}


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8888",
        "http://10.0.0.1:8888",
        "http://[::1]:8888",
        "http://169.254.169.254/latest",
        "http://drukarka.lan:8888",  # a name answering a private address
    ],
)
def test_given_an_address_of_the_servers_own_network_when_saving_then_refused_and_nothing_saved(tenant_a, network, url):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))
    before = api.get(PATH).json()

    refused = api.put(PATH, printer(url))

    assert_error(refused, 400, "The given data was invalid.", {"registerUrl": [REFUSED_EN]})
    assert api.get(PATH).json() == before


def test_the_refusal_is_worded_in_polish_for_a_polish_speaking_admin(tenant_a, network):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"), locale="pl")

    refused = api.put(PATH, printer("http://192.168.1.20:8888"))

    assert refused.status_code == 400
    assert refused.json()["errors"] == {"registerUrl": [REFUSED_PL]}


def test_given_a_public_address_or_a_name_not_resolving_now_then_saved(tenant_a, network):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    public = api.put(PATH, printer("http://kasa.example.pl:8888"))
    unresolved = api.put(PATH, printer("https://kasa.nieznana.invalid:8888"))

    assert public.status_code == 200 and public.json()["registerUrl"] == "http://kasa.example.pl:8888"
    assert unresolved.status_code == 200 and unresolved.json()["registerUrl"] == "https://kasa.nieznana.invalid:8888"


def test_given_a_server_allowed_its_own_network_then_a_local_printer_is_saved(tenant_a, network, settings):
    settings.FISCAL_REGISTER_ANY_ADDRESS = True
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    saved = api.put(PATH, printer("http://192.168.1.20:8888"))

    assert saved.status_code == 200 and saved.json()["registerUrl"] == "http://192.168.1.20:8888"
    assert network.lookups == []
