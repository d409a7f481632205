"""KSeF over HTTP: an institution's month invoice to a business buyer as FA(3) XML (valid, its sums the invoice's),
refused for uploaded files and consumers' invoices; sending it to KSeF through the job (the fake client, and the
API client against the local Ministry), once however often it is asked; the UPO kept with the KSeF number, or
asked for again later without ever sending the invoice anew; the KSeF settings' token never read back."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.models.fields.files import FieldFile
from lxml import etree
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.invoices import services
from kantyna.invoices.ksef.client import FAKE_UPO_NS, FakeKsefClient, KsefStatus, is_ksef_number
from kantyna.invoices.ksef.client import KsefState as ClientState
from kantyna.invoices.ksef.errors import KsefSendError
from kantyna.invoices.ksef.fa3 import NS, validate_fa3
from kantyna.invoices.ksef.tests.ministry import UPO_NS, VALID_TOKEN, Ministry, MinistryServer
from kantyna.invoices.models import InvoiceFile, KsefState
from kantyna.invoices.tests.helpers import GMINA_NIP, SELLER_NIP, enable_ksef, make_invoice_world
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.queries import assert_num_queries
from kantyna.testing.world import set_settings

pytestmark = pytest.mark.django_db


def jobs() -> list[dict]:
    return list(ProcrastinateJob.objects.filter(task_name=services.KSEF_TASK).values("args", "status"))


def run_jobs(tenant) -> None:
    """The worker's part: each waiting KSeF job's step, as the task runs it."""
    with in_tenant(tenant):
        for job in ProcrastinateJob.objects.filter(task_name=services.KSEF_TASK, status="todo").order_by("id"):
            with connection.cursor() as cursor:  # the model is read-only
                cursor.execute("UPDATE procrastinate_jobs SET status = 'succeeded' WHERE id = %s", [job.id])
            services.invoice_ksef_process(invoice_id=job.args["invoice_id"], attempt=job.args["attempt"])


@pytest.fixture
def setup(tenant_a):
    iw = make_invoice_world(tenant_a)
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        enable_ksef(iw.institution)
    api = Api(tenant_a, admin)
    created = api.post(f"invoicesFiles/createForInstitution/{iw.institution.pk}", {"month": f"{iw.month:%Y-%m}"})
    return iw, api, created.json()["id"]


def test_given_a_gmina_buyer_when_getting_the_ksef_xml_then_valid_fa3_with_the_invoice_sums(setup, tenant_a):
    _iw, api, pk = setup

    response = api.get(f"invoicesFiles/{pk}/ksefXml")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/xml"
    with in_tenant(tenant_a):
        invoice = InvoiceFile.objects.get(pk=pk)
    assert ".xml" in response["Content-Disposition"]
    assert validate_fa3(response.content) == []
    root = etree.fromstring(response.content)

    def text(path: str) -> str:
        return root.findtext(path, namespaces={"f": NS})

    assert text("f:Fa/f:P_2") == invoice.number
    assert Decimal(text("f:Fa/f:P_15")) == invoice.gross == Decimal("82.49")
    assert Decimal(text("f:Fa/f:P_13_2")) == invoice.net
    assert Decimal(text("f:Fa/f:P_14_2")) == invoice.vat
    assert text("f:Podmiot2/f:DaneIdentyfikacyjne/f:NIP") == GMINA_NIP
    assert text("f:Podmiot2/f:JST") == "1"
    assert text("f:Podmiot3/f:Rola") == "8"


def test_given_an_uploaded_file_or_a_consumer_when_getting_the_ksef_xml_then_refused(setup, tenant_a):
    iw, api, _pk = setup
    uploaded = api.post(
        "invoicesFiles",
        {"file": SimpleUploadedFile("f.pdf", b"%PDF-1.4 x"), "number": "Z/1", "month": "2026-10"},
        format="multipart",
    ).json()["id"]
    consumer = api.post(f"invoicesFiles/createForUser/{iw.parent.pk}", {"month": f"{iw.month:%Y-%m}"}).json()["id"]

    assert_error(api.get(f"invoicesFiles/{uploaded}/ksefXml"), 409, "An uploaded invoice file has no KSeF XML.")
    assert_error(
        api.get(f"invoicesFiles/{consumer}/ksefXml"),
        409,
        "This invoice's buyer has no NIP: a consumer's invoice does not go to KSeF.",
    )
    assert_error(
        api.post(f"invoicesFiles/{consumer}/sendToKsef"),
        409,
        "This invoice's buyer has no NIP: a consumer's invoice does not go to KSeF.",
    )
    with in_tenant(tenant_a):
        assert InvoiceFile.objects.get(pk=consumer).ksef_state == KsefState.NOT_SENT
        assert jobs() == []
    listed = {row["id"]: row["ksefApplicable"] for row in api.get("invoicesFiles").json()["items"]}
    assert listed == {uploaded: False, consumer: False, _pk: True}


def test_given_an_exempt_rate_then_the_basis_is_required_and_written(setup, tenant_a):
    iw, api, _pk = setup

    refused = api.put("common/settings/invoicesConfig", {"defaultVatRate": "zw", "exemptionBasis": " "})
    saved = api.put(
        "common/settings/invoicesConfig", {"defaultVatRate": "zw", "exemptionBasis": "art. 43 ust. 1 pkt 24 lit. a"}
    )
    pk = api.post(f"invoicesFiles/createForUser/{iw.worker_user.pk}", {"month": f"{iw.month:%Y-%m}"}).json()["id"]
    with in_tenant(tenant_a):
        iw.worker_user.invoices_settings = {}
        iw.worker_user.save()

    assert_error(refused, 400, "The given data was invalid.", {"exemptionBasis": ...})
    assert saved.status_code == 200 and saved.json()["exemptionBasis"] == "art. 43 ust. 1 pkt 24 lit. a"
    # The worker is a consumer: the XML is the institution's month, drawn again at the exempt rate.
    with in_tenant(tenant_a):
        InvoiceFile.objects.filter(kind="institution").delete()
    again = api.post(f"invoicesFiles/createForInstitution/{iw.institution.pk}", {"month": f"{iw.month:%Y-%m}"})
    xml = api.get(f"invoicesFiles/{again.json()['id']}/ksefXml").content
    assert b"art. 43 ust. 1 pkt 24 lit. a" in xml and b"<P_13_7>82.49</P_13_7>" in xml
    assert pk


def test_given_the_ksef_token_then_written_never_read_back_and_kept_when_sent_empty(setup, tenant_a):
    _iw, api, _pk = setup

    first = api.put("common/settings/invoicesConfig", {"ksefToken": "secret-token"})
    kept = api.put("common/settings/invoicesConfig", {"ksefToken": "", "paymentDueDays": 7})
    read = api.get("common/settings/invoicesConfig").json()

    assert first.json()["ksefTokenSet"] is True and "ksefToken" not in first.json()
    assert kept.json()["ksefTokenSet"] is True
    assert read["ksefTokenSet"] is True and "ksefToken" not in read and read["ksefEnabled"] is True
    with in_tenant(tenant_a):
        entry = AuditEntry.objects.filter(action="settings.invoices_config").latest("pk")
        assert "secret-token" not in str(entry.data)


def test_given_an_invoice_when_sent_to_ksef_then_the_job_gives_it_its_ksef_number_once(setup, tenant_a):
    _iw, api, pk = setup

    first = api.post(f"invoicesFiles/{pk}/sendToKsef")
    again = api.post(f"invoicesFiles/{pk}/sendToKsef")
    with in_tenant(tenant_a):
        assert len(jobs()) == 1
    run_jobs(tenant_a)
    after = api.post(f"invoicesFiles/{pk}/sendToKsef")
    one = api.get(f"invoicesFiles/{pk}").json()

    assert first.status_code == 200 and first.json()["ksefState"] == "sending"
    assert again.json()["ksefState"] == "sending"
    assert after.json()["ksefState"] == "accepted"
    assert one["ksefState"] == "accepted" and is_ksef_number(one["ksefNumber"]) and one["sentAt"]
    assert one["ksefNumber"].startswith(f"{SELLER_NIP}-")
    with in_tenant(tenant_a):
        assert len(jobs()) == 1
        actions = list(AuditEntry.objects.filter(action__startswith="invoice.ksef").values_list("action", flat=True))
        assert sorted(actions) == ["invoice.ksef_accepted", "invoice.ksef_send"]


def test_given_an_accepted_invoice_then_its_upo_is_kept_and_downloaded(setup, tenant_a):
    _iw, api, pk = setup
    before = api.get(f"invoicesFiles/{pk}/ksefUpo")
    api.post(f"invoicesFiles/{pk}/sendToKsef")
    sending = api.get(f"invoicesFiles/{pk}/ksefUpo")

    run_jobs(tenant_a)
    one = api.get(f"invoicesFiles/{pk}").json()
    response = api.get(f"invoicesFiles/{pk}/ksefUpo")

    assert_error(before, 404, "This invoice has no KSeF UPO yet.")
    assert_error(sending, 404, "This invoice has no KSeF UPO yet.")
    assert one["ksefState"] == "accepted" and one["ksefUpoAvailable"] is True
    assert response.status_code == 200
    assert response["Content-Type"] == "application/xml"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Disposition"].startswith("attachment; filename=")
    assert "-UPO.xml" in response["Content-Disposition"]
    root = etree.fromstring(response.content)
    assert root.tag == f"{{{FAKE_UPO_NS}}}Potwierdzenie"
    assert root.findtext("u:Dokument/u:NumerKSeFDokumentu", namespaces={"u": FAKE_UPO_NS}) == one["ksefNumber"]
    assert root.findtext("u:Dokument/u:NipSprzedawcy", namespaces={"u": FAKE_UPO_NS}) == SELLER_NIP
    with in_tenant(tenant_a):
        invoice = InvoiceFile.objects.get(pk=pk)
        assert invoice.ksef_upo.name.startswith(f"{connection.schema_name}/invoices/upo/")
        assert len(jobs()) == 1  # no further job: the UPO came with the number
    listed = {row["id"]: row["ksefUpoAvailable"] for row in api.get("invoicesFiles").json()["items"]}
    assert listed == {pk: True}


class CountingSends:
    """The job's client with its sends counted (`count`), the fake otherwise."""

    def __init__(self, monkeypatch):
        self.count = 0
        original = services.ksef_client

        def counting(**kwargs):
            client = original(**kwargs)
            real_send = client.send

            def send(xml):
                self.count += 1
                return real_send(xml)

            client.send = send
            return client

        monkeypatch.setattr(services, "ksef_client", counting)


def test_given_the_upo_not_ready_then_accepted_all_the_same_and_the_upo_asked_for_later_never_sending_again(
    setup, tenant_a, monkeypatch
):
    _iw, api, pk = setup
    sends = CountingSends(monkeypatch)
    real_upo = FakeKsefClient.upo
    ready = {"after": 2}  # the UPO fails twice more after the acceptance, then comes

    def without_upo(self, reference):
        # Accepted, the UPO not made yet: KSeF's answer between giving the number and writing the receipt.
        return KsefStatus(state=ClientState.ACCEPTED, ksef_number=self.number(reference), code=200)

    def upo(self, reference, number):
        if ready["after"]:
            ready["after"] -= 1
            raise KsefSendError("KSeF answered 404 to GET .../upo")
        return real_upo(self, reference, number)

    monkeypatch.setattr(FakeKsefClient, "status", without_upo)
    monkeypatch.setattr(FakeKsefClient, "upo", upo)
    api.post(f"invoicesFiles/{pk}/sendToKsef")

    run_jobs(tenant_a)
    accepted = api.get(f"invoicesFiles/{pk}").json()
    with in_tenant(tenant_a):
        waiting = [job["args"]["attempt"] for job in jobs() if job["status"] == "todo"]
    run_jobs(tenant_a)
    run_jobs(tenant_a)
    still = api.get(f"invoicesFiles/{pk}/ksefUpo")
    run_jobs(tenant_a)

    assert accepted["ksefState"] == "accepted" and is_ksef_number(accepted["ksefNumber"])
    assert accepted["ksefUpoAvailable"] is False
    assert waiting == [1]
    assert_error(still, 404, "This invoice has no KSeF UPO yet.")
    one = api.get(f"invoicesFiles/{pk}").json()
    assert one["ksefUpoAvailable"] is True and one["ksefNumber"] == accepted["ksefNumber"]
    assert accepted["ksefNumber"].encode() in api.get(f"invoicesFiles/{pk}/ksefUpo").content
    assert sends.count == 1
    with in_tenant(tenant_a):
        assert [job["status"] for job in jobs()] == ["succeeded"] * 4
        actions = list(AuditEntry.objects.filter(action__startswith="invoice.ksef").values_list("action", flat=True))
        assert sorted(actions) == ["invoice.ksef_accepted", "invoice.ksef_send"]


def test_given_the_upo_never_comes_then_the_job_stops_and_sending_again_only_asks_for_the_upo(
    setup, tenant_a, monkeypatch
):
    _iw, api, pk = setup
    sends = CountingSends(monkeypatch)
    real_upo = FakeKsefClient.upo
    monkeypatch.setattr(FakeKsefClient, "upo", lambda self, reference, number: b"<html>Service Unavailable")
    api.post(f"invoicesFiles/{pk}/sendToKsef")

    for _ in range(len(services.KSEF_POLL_DELAYS) + 2):
        run_jobs(tenant_a)
    with in_tenant(tenant_a):
        tries = ProcrastinateJob.objects.filter(task_name=services.KSEF_TASK).count()
    monkeypatch.setattr(FakeKsefClient, "upo", real_upo)
    again = api.post(f"invoicesFiles/{pk}/sendToKsef")
    run_jobs(tenant_a)

    # The send's job, then one per pause: what is no XML is never kept.
    assert tries == 1 + len(services.KSEF_POLL_DELAYS)
    assert again.status_code == 200
    assert again.json()["ksefState"] == "accepted" and again.json()["ksefUpoAvailable"] is False
    assert api.get(f"invoicesFiles/{pk}").json()["ksefUpoAvailable"] is True
    assert sends.count == 1
    with in_tenant(tenant_a):
        assert ProcrastinateJob.objects.filter(task_name=services.KSEF_TASK).count() == tries + 1
        assert InvoiceFile.objects.get(pk=pk).ksef_state == KsefState.ACCEPTED


def test_given_the_storage_failing_then_the_acceptance_and_the_reference_are_kept_and_the_upo_stored_later(
    setup, tenant_a, monkeypatch
):
    _iw, api, pk = setup
    sends = CountingSends(monkeypatch)
    api.post(f"invoicesFiles/{pk}/sendToKsef")
    real_save = FieldFile.save

    def failing(self, name, content, save=True):
        if self.field.name == "ksef_upo":
            raise OSError("disk full")
        return real_save(self, name, content, save=save)

    with monkeypatch.context() as patched:
        patched.setattr(FieldFile, "save", failing)
        run_jobs(tenant_a)
    with in_tenant(tenant_a):
        invoice = InvoiceFile.objects.get(pk=pk)
    run_jobs(tenant_a)

    assert invoice.ksef_state == KsefState.ACCEPTED and invoice.ksef_reference and invoice.ksef_number
    assert not invoice.ksef_upo
    assert api.get(f"invoicesFiles/{pk}").json()["ksefUpoAvailable"] is True
    assert sends.count == 1


def test_given_the_api_client_when_the_ministry_has_no_upo_yet_then_accepted_and_the_upo_fetched_later(
    setup, tenant_a, settings
):
    _iw, api, pk = setup
    with in_tenant(tenant_a):
        set_settings("invoices_config", ksef_token=VALID_TOKEN)
    with MinistryServer(Ministry(nip=SELLER_NIP, auth_polls_in_progress=0, fail_with={r"/upo$": 500})) as (
        ministry,
        url,
    ):
        settings.KSEF_CLIENT = "api"
        settings.KSEF_API_URL = url
        settings.KSEF_ANY_ADDRESS = True  # the Ministry played on this machine
        api.post(f"invoicesFiles/{pk}/sendToKsef")

        run_jobs(tenant_a)
        accepted = api.get(f"invoicesFiles/{pk}").json()
        ministry.fail_with.clear()
        run_jobs(tenant_a)
        upo = api.get(f"invoicesFiles/{pk}/ksefUpo")

    assert accepted["ksefState"] == "accepted" and accepted["ksefUpoAvailable"] is False
    assert is_ksef_number(accepted["ksefNumber"])
    assert upo.status_code == 200
    root = etree.fromstring(upo.content)
    assert root.findtext("u:Dokument/u:NumerKSeFDokumentu", namespaces={"u": UPO_NS}) == accepted["ksefNumber"]
    assert sum(call.endswith("/invoices") and call.startswith("POST") for call in ministry.calls) == 1
    assert [call for call in ministry.calls if call.endswith("/upo")] == [
        f"GET /sessions/{accepted_session(ministry)}/invoices/ksef/{accepted['ksefNumber']}/upo"
    ] * 2


def accepted_session(ministry) -> str:
    (session,) = ministry.sessions
    return session


def test_given_ksef_still_processing_then_asked_again_later_and_failed_after_the_last_try(setup, tenant_a, monkeypatch):
    _iw, api, pk = setup
    monkeypatch.setattr(
        "kantyna.invoices.ksef.client.FakeKsefClient.status",
        lambda self, reference: KsefStatus(state=ClientState.PROCESSING),
    )
    sends = CountingSends(monkeypatch)
    api.post(f"invoicesFiles/{pk}/sendToKsef")

    for _ in range(len(services.KSEF_POLL_DELAYS) + 1):
        run_jobs(tenant_a)

    with in_tenant(tenant_a):
        invoice = InvoiceFile.objects.get(pk=pk)
        assert invoice.ksef_state == KsefState.FAILED and invoice.ksef_reference and invoice.ksef_error
        assert sends.count == 1
        assert ProcrastinateJob.objects.filter(task_name=services.KSEF_TASK).count() == 1 + len(
            services.KSEF_POLL_DELAYS
        )
    # Failed: it may be sent again.
    assert api.post(f"invoicesFiles/{pk}/sendToKsef").json()["ksefState"] == "sending"


def test_given_ksef_off_then_sending_is_refused(setup, tenant_a):
    _iw, api, pk = setup
    with in_tenant(tenant_a):
        set_settings("invoices_config", ksef_enabled=False)

    assert_error(api.post(f"invoicesFiles/{pk}/sendToKsef"), 409, "KSeF is turned off.")
    with in_tenant(tenant_a):
        assert jobs() == [] and InvoiceFile.objects.get(pk=pk).ksef_state == KsefState.NOT_SENT


def test_given_the_ksef_xml_then_a_fixed_number_of_queries(setup, tenant_a):
    _iw, api, pk = setup
    api.get(f"invoicesFiles/{pk}/ksefXml")  # warm the caches of the session check

    # The caller (session check), the invoice (institution joined), the settings.
    with in_tenant(tenant_a), assert_num_queries(3) as queries:
        response = api.get(f"invoicesFiles/{pk}/ksefXml")

    assert response.status_code == 200, queries


def test_given_the_ksef_upo_then_a_fixed_number_of_queries(setup, tenant_a):
    _iw, api, pk = setup
    api.post(f"invoicesFiles/{pk}/sendToKsef")
    run_jobs(tenant_a)
    api.get(f"invoicesFiles/{pk}/ksefUpo")  # warm the caches of the session check

    # The caller (session check), the invoice (institution joined).
    with in_tenant(tenant_a), assert_num_queries(2) as queries:
        response = api.get(f"invoicesFiles/{pk}/ksefUpo")

    assert response.status_code == 200, queries
