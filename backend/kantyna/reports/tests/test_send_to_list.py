"""`POST reports/{type}/send` to a saved recipients list (issue 18): the job gets the body's addresses (To) and the
list's (Bcc; announcements' `report_recipients`, the automated reports' rule too), each once, lower-cased; only
who may read the lists (announcements.manage) names one; no address and no list is refused."""

from __future__ import annotations

import pytest
from django.core import mail
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.announcements.services import recipients_list_create
from kantyna.reports.tasks import send_report
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, assert_error, make_user

pytestmark = pytest.mark.django_db

NOVEMBER = {"dateFrom": "2026-11-01", "dateTo": "2026-11-30"}
SEND = "reports/ordersPerInstitution/send"
INVALID = "The given data was invalid."


@pytest.fixture
def admin(tenant_a):
    return make_user(tenant_a, "ROLE_ADMIN")


@pytest.fixture
def office_list(tenant_a, admin):
    with in_tenant(tenant_a):
        picked = make_user(tenant_a, "ROLE_PARENT", email="Picked@Example.test")
        make_user(tenant_a, "ROLE_COOK", email="kuchnia@example.test")
        return recipients_list_create(
            actor=admin, name="Biuro", roles=["ROLE_COOK"], emails=["Office@example.test"], members=[picked]
        )


def queued(tenant) -> list[tuple[list[str], list[str]]]:
    """Each send job's (To, Bcc)."""
    with in_tenant(tenant):
        jobs = ProcrastinateJob.objects.filter(task_name="kantyna.reports.tasks.send_report").order_by("id")
        return [(job.args["email_addresses"], job.args["bcc_addresses"]) for job in jobs]


def test_given_a_list_and_addresses_then_the_job_sends_to_both_each_once_lower_cased(tenant_a, admin, office_list):
    response = Api(tenant_a, admin).post(
        SEND, {"criteria": NOVEMBER, "emailAddresses": ["office@example.test"], "recipientsListId": office_list.pk}
    )

    assert (response.status_code, response.json()) == (200, {"status": True})
    assert queued(tenant_a) == [(["office@example.test"], ["picked@example.test", "kuchnia@example.test"])]


def test_given_only_a_list_then_its_addresses(tenant_a, admin, office_list):
    response = Api(tenant_a, admin).post(SEND, {"criteria": NOVEMBER, "recipientsListId": office_list.pk})

    assert response.status_code == 200, response.content
    assert queued(tenant_a) == [([], ["office@example.test", "picked@example.test", "kuchnia@example.test"])]


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (
            {"criteria": NOVEMBER},
            {"emailAddresses": ["Enter at least one e-mail address or choose a recipients list."]},
        ),
        ({"criteria": NOVEMBER, "emailAddresses": []}, {"emailAddresses": ...}),
        ({"criteria": NOVEMBER, "recipientsListId": 999999}, {"recipientsListId": ...}),
    ],
    ids=["nothing", "empty", "unknown list"],
)
def test_given_no_recipients_or_an_unknown_list_then_400_and_nothing_queued(tenant_a, admin, body, errors):
    response = Api(tenant_a, admin).post(SEND, body)

    assert_error(response, 400, INVALID, errors)
    assert queued(tenant_a) == []


def test_given_a_report_manager_who_may_not_read_the_lists_then_403_and_nothing_queued(tenant_a, office_list):
    with in_tenant(tenant_a):
        manager = make_user(tenant_a, "ROLE_MANAGE_REPORTS")

    response = Api(tenant_a, manager).post(SEND, {"criteria": NOVEMBER, "recipientsListId": office_list.pk})

    assert response.status_code == 403
    assert queued(tenant_a) == []


def test_the_send_job_mails_the_lists_addresses_in_bcc(tenant_a, admin):
    send_report.func(
        slug=tenant_a.slug,
        code="ordersPerInstitution",
        criteria={"date_from": "2026-11-01", "date_to": "2026-11-30"},
        file_format="csv",
        email_addresses=[],
        bcc_addresses=["a@example.test", "b@example.test"],
        actor_id=admin.pk,
        locale="en",
    )

    (message,) = mail.outbox
    assert (message.to, message.bcc) == ([], ["a@example.test", "b@example.test"])
    assert message.recipients() == ["a@example.test", "b@example.test"]
