"""The KSeF clients: the fake (deterministic, stateless, official number format) and the KSeF 2.0 API client
against a local server playing the Ministry with its own keys (tests/ministry.py): authentication with a KSeF
token, the encrypted online session, the invoice's status and UPO, and every refusal as a clear error."""

from __future__ import annotations

import pytest
from lxml import etree

from kantyna.invoices.ksef.api import ApiKsefClient
from kantyna.invoices.ksef.client import (
    FAKE_UPO_NS,
    KSEF_API_URLS,
    FakeKsefClient,
    KsefState,
    crc8,
    is_ksef_number,
    ksef_client,
)
from kantyna.invoices.ksef.errors import KsefInvalidInvoice, KsefSendError
from kantyna.invoices.ksef.fa3 import fa3_xml

from .helpers import CREATED_AT, SELLER_NIP, company_invoice, gmina_invoice
from .ministry import UPO_NS, VALID_TOKEN, Ministry, MinistryServer


@pytest.fixture(autouse=True)
def local_ministry(settings):
    """The Ministry is played on 127.0.0.1, which the client calls only where the deployment allows it."""
    settings.KSEF_ANY_ADDRESS = True


@pytest.fixture
def xml() -> bytes:
    return fa3_xml(company_invoice(), created_at=CREATED_AT)


def test_the_ksef_number_check_digits_are_the_official_crc8():
    # The Ministry's example number (faktury/numer-ksef.md).
    assert f"{crc8(b'5265877635-20250826-0100001AF629'):02X}" == "AF"
    assert is_ksef_number("5265877635-20250826-0100001AF629-AF")
    assert not is_ksef_number("5265877635-20250826-0100001AF629-AE")
    assert not is_ksef_number("5265877635-20250826-0100001af629-AF")


def test_the_fake_accepts_a_valid_invoice_with_a_deterministic_number(xml):
    fake = FakeKsefClient()
    submission = fake.send(xml)
    status = FakeKsefClient().status(submission.reference_number)  # another instance: nothing kept in memory

    assert status.state == KsefState.ACCEPTED
    assert status.code == 200
    assert is_ksef_number(status.ksef_number)
    assert status.ksef_number.startswith(f"{SELLER_NIP}-20260302-")
    assert status.ksef_number.encode() in status.upo
    assert fake.send(xml) == submission
    other = fa3_xml(gmina_invoice(), created_at=CREATED_AT, buyer_is_jst=True)
    assert fake.status(fake.send(other).reference_number).ksef_number != status.ksef_number


def test_the_fake_upo_is_shaped_as_the_ministrys_and_marked_fake(xml):
    fake = FakeKsefClient()
    reference = fake.send(xml).reference_number
    number = fake.status(reference).ksef_number

    upo = etree.fromstring(fake.upo(reference, number))

    def text(path: str) -> str:
        return upo.findtext(path, namespaces={"u": FAKE_UPO_NS})

    assert upo.tag == f"{{{FAKE_UPO_NS}}}Potwierdzenie" and FAKE_UPO_NS != UPO_NS
    assert text("u:NazwaPodmiotuPrzyjmujacego") == "Kantyna: FakeKsefClient - nie wysłano do KSeF"
    assert text("u:NumerReferencyjnySesji") == reference
    assert text("u:Dokument/u:NipSprzedawcy") == SELLER_NIP
    assert text("u:Dokument/u:NumerKSeFDokumentu") == number
    assert text("u:Dokument/u:DataNadaniaNumeruKSeF") == "2026-03-02T00:00:00+00:00"
    assert text("u:KodFormularza") == "FA (3)"
    with pytest.raises(KsefSendError, match="no UPO"):
        fake.upo(reference, "1234563218-20260302-000000000000-00")
    with pytest.raises(KsefSendError, match="no UPO"):
        fake.upo("nonsense", "")


def test_the_fake_refuses_what_the_schema_refuses(xml):
    with pytest.raises(KsefInvalidInvoice, match="schema refuses"):
        FakeKsefClient().send(xml.replace(b"<P_15>", b"<P_15>x"))
    assert FakeKsefClient().status("nonsense").state == KsefState.REJECTED


def test_the_setting_chooses_the_client(settings):
    settings.KSEF_CLIENT = "fake"
    assert isinstance(ksef_client(), FakeKsefClient)

    settings.KSEF_CLIENT = "api"
    settings.KSEF_API_URL = KSEF_API_URLS["demo"]
    client = ksef_client(nip=SELLER_NIP, token="secret")
    assert isinstance(client, ApiKsefClient)
    assert client.base_url == "https://api-demo.ksef.mf.gov.pl/v2"
    with pytest.raises(KsefSendError, match="KSeF token"):
        ksef_client(nip=SELLER_NIP)

    settings.KSEF_CLIENT = "ftp"
    with pytest.raises(ValueError, match="KSEF_CLIENT"):
        ksef_client()


def test_the_environments_are_the_official_ones():
    assert KSEF_API_URLS == {
        "test": "https://api-test.ksef.mf.gov.pl/v2",
        "demo": "https://api-demo.ksef.mf.gov.pl/v2",
        "production": "https://api.ksef.mf.gov.pl/v2",
    }


def upo_number(upo: bytes) -> str:
    """The KSeF number a UPO of the Ministry's confirms."""
    return etree.fromstring(upo).findtext("u:Dokument/u:NumerKSeFDokumentu", namespaces={"u": UPO_NS})


def api_client(base_url: str, **options) -> ApiKsefClient:
    return ApiKsefClient(base_url=base_url, nip=SELLER_NIP, token=VALID_TOKEN, poll_interval=0, **options)


def test_the_api_client_sends_an_invoice_through_an_online_session(xml):
    with MinistryServer(Ministry(auth_polls_in_progress=2, invoice_polls_in_progress=1)) as (ministry, url):
        client = api_client(url)
        submission = client.send(xml)
        first = client.status(submission.reference_number)
        second = client.status(submission.reference_number)

        assert first.state == KsefState.PROCESSING and first.code == 150
        assert second.state == KsefState.ACCEPTED
        assert is_ksef_number(second.ksef_number)
        assert second.ksef_number.startswith(f"{SELLER_NIP}-20260302-")
        assert upo_number(second.upo) == second.ksef_number

        session, invoice = submission.reference_number.split("/")
        assert ministry.sessions[session].closed
        assert ministry.sessions[session].invoices[invoice]["xml"] == xml  # decrypted byte for byte
        assert ministry.calls[:9] == [
            "POST /auth/challenge",
            "GET /security/public-key-certificates",
            "POST /auth/ksef-token",
            f"GET /auth/{ministry.calls[3].split('/')[-1]}",
            ministry.calls[3],
            ministry.calls[3],
            "POST /auth/token/redeem",
            "POST /sessions/online",
            f"POST /sessions/online/{session}/invoices",
        ]
        assert ministry.calls[9] == f"POST /sessions/online/{session}/close"
        # The access token is kept while it is valid: the status calls did not authenticate again.
        assert ministry.calls.count("POST /auth/challenge") == 1


def test_the_same_invoice_twice_is_a_duplicate(xml):
    with MinistryServer() as (_ministry, url):
        client = api_client(url)
        client.send(xml)
        again = client.status(client.send(xml).reference_number)
        assert again.state == KsefState.REJECTED
        assert (again.code, again.description) == (440, "Duplikat faktury")


def test_a_wrong_ksef_token_is_a_clear_error(xml):
    with MinistryServer() as (ministry, url):
        client = ApiKsefClient(base_url=url, nip=SELLER_NIP, token="wrong", poll_interval=0)
        with pytest.raises(KsefSendError, match="450") as caught:
            client.send(xml)
        assert caught.value.params == {"status": 450}
        assert not ministry.sessions


def test_an_authentication_that_never_ends_times_out(xml):
    with (
        MinistryServer(Ministry(auth_polls_in_progress=10)) as (_ministry, url),
        pytest.raises(KsefSendError, match="in time"),
    ):
        api_client(url, poll_attempts=3).send(xml)


def test_a_failure_of_the_ministry_is_a_send_error_and_the_session_is_closed(xml):
    with MinistryServer(Ministry(fail_with={"^/sessions/online/": 500})) as (ministry, url):
        with pytest.raises(KsefSendError, match=r"500.*Awaria"):
            api_client(url).send(xml)
        # The invoice upload failed; the close was tried all the same (and failed the same way, only logged).
        assert [call for call in ministry.calls if call.startswith("POST /sessions/online/")][-1].endswith("/close")

    with (
        MinistryServer(Ministry(fail_with={"^/sessions/online$": 503})) as (_ministry, url),
        pytest.raises(KsefSendError, match="503"),
    ):
        api_client(url).send(xml)


def test_an_accepted_invoice_whose_upo_is_not_ready_yet(xml):
    with MinistryServer(Ministry(fail_with={"/upo$": 404})) as (ministry, url):
        client = api_client(url)
        reference = client.send(xml).reference_number
        status = client.status(reference)
        assert status.state == KsefState.ACCEPTED
        assert is_ksef_number(status.ksef_number)
        assert status.upo is None

        ministry.fail_with.clear()
        assert upo_number(client.status(reference).upo) == status.ksef_number
        # Asked for on its own, as the job does for an accepted invoice without it: nothing is sent again.
        assert upo_number(client.upo(reference, status.ksef_number)) == status.ksef_number
        assert (
            sum(call.startswith("POST /sessions/online/") and call.endswith("/invoices") for call in ministry.calls)
            == 1
        )
        with pytest.raises(KsefSendError, match="404"):
            client.upo(reference, "1234563218-20260302-000000000000-00")


def test_an_invalid_invoice_is_refused_before_any_call(xml):
    with MinistryServer() as (ministry, url):
        with pytest.raises(KsefInvalidInvoice):
            api_client(url).send(xml.replace(b"<P_15>", b"<P_15>x"))
        assert ministry.calls == []


def test_given_a_ksef_address_on_the_servers_own_network_then_nothing_is_sent_unless_allowed(xml, settings):
    settings.KSEF_ANY_ADDRESS = False

    with MinistryServer() as (ministry, url), pytest.raises(KsefSendError) as refused:
        api_client(url).send(xml)

    assert (
        str(refused.value)
        == "KSeF could not be reached (POST /auth/challenge): 127.0.0.1: the address is not a public address"
    )
    assert ministry.calls == []


def test_an_unreachable_ksef_and_a_foreign_reference():
    client = ApiKsefClient(base_url="http://127.0.0.1:9/v2", nip=SELLER_NIP, token="t", timeout=2)
    with pytest.raises(KsefSendError, match="could not be reached"):
        client.status("a/b")
    with pytest.raises(ValueError, match="reference"):
        client.status("FAKE-1234563218-20260302-ABCDEF012345")
