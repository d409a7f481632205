"""Automated reports sent to a saved recipients list (issue 18): a run goes to the report's addresses and the list's
(its own addresses, its people's e-mails), each once, lower-cased; a list a report is sent to is not deleted; only
who may read the lists (announcements.manage) chooses one."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from django.core import mail

from kantyna.announcements.models import RecipientsList
from kantyna.announcements.services import recipients_list_create
from kantyna.audit.models import AuditEntry
from kantyna.automated_reports import services
from kantyna.automated_reports.models import AutomatedReport, AutomatedReportRun
from kantyna.automated_reports.tasks import send_run
from kantyna.automated_reports.tests.helpers import make_report, payload
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.factories import make_user

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 11, 10, 6, 0, tzinfo=UTC)


@pytest.fixture
def admin(tenant_a):
    return make_user(tenant_a, "ROLE_ADMIN")


@pytest.fixture
def manager(tenant_a):
    return make_user(tenant_a, "ROLE_MANAGE_REPORTS")


def people_list(tenant, admin, *, name="Księgowość") -> tuple[RecipientsList, list]:
    """A list of two addresses (one also the report's own, in capitals), a hand-picked person and everyone of a role
    (an inactive one of the role is not reached)."""
    with in_tenant(tenant):
        picked = make_user(tenant, "ROLE_PARENT", email="Picked@Example.test")
        kitchen = make_user(tenant, "ROLE_COOK", email="kuchnia@example.test")
        gone = make_user(tenant, "ROLE_COOK", email="gone@example.test")
        gone.is_active = False
        gone.save(update_fields=["is_active"])
        recipients = recipients_list_create(
            actor=admin,
            name=name,
            roles=["ROLE_COOK"],
            emails=["SZEF@example.test", "biuro@example.test"],
            members=[picked],
        )
        return recipients, [picked, kitchen]


def test_the_send_job_mails_the_reports_and_the_lists_addresses_each_once_lower_cased(tenant_a, admin):
    recipients, _people = people_list(tenant_a, admin)
    with in_tenant(tenant_a):
        report = make_report(
            admin,
            frequency="daily",
            relative_period="yesterday",
            send_time=time(6, 0),
            day_of_month=None,
            recipients_list=recipients,
        )
        AutomatedReport.objects.filter(pk=report.pk).update(active_since=NOW - timedelta(days=30))
        services.due_reports_send(now=NOW)
        run = AutomatedReportRun.objects.get()

    assert send_run(slug=tenant_a.slug, run_id=run.pk) == "sent"

    [message] = mail.outbox
    # The report's own addresses in To; the list's (its people: they do not see each other's) in Bcc, each once.
    assert message.to == ["ksiegowosc@example.test", "szef@example.test"]
    assert message.bcc == ["biuro@example.test", "picked@example.test", "kuchnia@example.test"]


def test_given_a_list_and_no_addresses_then_the_report_is_stored_and_answers_the_lists_name(tenant_a, admin):
    recipients, _people = people_list(tenant_a, admin)

    response = Api(tenant_a, admin).post("automatedReports", payload(emailAddresses=[], recipientsListId=recipients.pk))

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["emailAddresses"], body["recipientsListId"], body["recipientsListName"]) == (
        [],
        recipients.pk,
        "Księgowość",
    )


def test_given_a_report_manager_who_may_not_read_the_lists_then_choosing_one_is_refused_keeping_one_is_not(
    tenant_a, admin, manager
):
    recipients, _people = people_list(tenant_a, admin)
    api = Api(tenant_a, manager)

    refused = api.post("automatedReports", payload(recipientsListId=recipients.pk))
    with in_tenant(tenant_a):
        report = make_report(admin, recipients_list=recipients)
    kept = api.put(f"automatedReports/{report.pk}", payload(name="Nowa nazwa", recipientsListId=recipients.pk))

    assert refused.status_code == 403
    assert kept.status_code == 200, kept.content
    with in_tenant(tenant_a):
        assert list(AutomatedReport.objects.values_list("name", "recipients_list")) == [("Nowa nazwa", recipients.pk)]


def test_given_a_list_a_report_is_sent_to_when_deleting_it_then_409_naming_the_report_and_nothing_changes(
    tenant_a, admin
):
    recipients, _people = people_list(tenant_a, admin)
    with in_tenant(tenant_a):
        make_report(admin, name="Zamówienia miesięcznie", recipients_list=recipients)
        audits = AuditEntry.objects.count()

    response = Api(tenant_a, admin).delete(f"recipients/{recipients.pk}")

    assert response.status_code == 409, response.content
    assert "“Zamówienia miesięcznie”" in str(response.json()), response.json()
    with in_tenant(tenant_a):
        assert RecipientsList.objects.filter(pk=recipients.pk).exists()
        assert AutomatedReport.objects.get().recipients_list_id == recipients.pk
        assert AuditEntry.objects.count() == audits


def test_given_the_report_moved_off_the_list_then_the_list_is_deleted(tenant_a, admin):
    recipients, _people = people_list(tenant_a, admin)
    with in_tenant(tenant_a):
        report = make_report(admin, recipients_list=recipients)
    api = Api(tenant_a, admin)

    moved = api.put(f"automatedReports/{report.pk}", payload(recipientsListId=None))
    deleted = api.delete(f"recipients/{recipients.pk}")

    assert (moved.status_code, deleted.status_code) == (200, 200), (moved.content, deleted.content)
    with in_tenant(tenant_a):
        assert not RecipientsList.objects.exists()
