"""Money events of the apps below messaging become notifications: a deposit booked by any channel (by hand, a bank
statement's batch, an online payment, worded "online payment paid"), a balance crossing from zero or more to below
zero, a refund accepted. Each booking defers one job in its transaction (none when it deposited nothing and crossed
nothing; none when it rolled back); the job makes exactly one notification per event, to the account's owner."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import transaction

from kantyna.core.permissions import ROLE_ADMIN, ROLE_PARENT
from kantyna.ledger.services import LedgerEntry, deposit_create, ledger_account_for, ledger_post, ledger_post_bulk
from kantyna.messaging.events import notify_events
from kantyna.messaging.models import Notification
from kantyna.messaging.money_kinds import BALANCE_BELOW_ZERO, DEPOSIT_BOOKED, PAYMENT_PAID, REFUND_ACCEPTED
from kantyna.messaging.tests.helpers import deferred, run_deferred, sent_emails
from kantyna.refunds.services import return_request_accept, return_request_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.queries import assert_num_queries

pytestmark = pytest.mark.django_db

JOB = "kantyna.messaging.events.notify_events"
PUSH_JOB = "kantyna.messaging.tasks.webpush_send"
_keys = iter(range(1, 10**6))


def make_parent(tenant, *, locale="en"):
    parent = make_user(tenant, ROLE_PARENT, first_name="Anna", bank_account_number="20102055581111123456789012")
    with in_tenant(tenant):
        parent.account.locale = locale
        parent.account.save()
    return parent


def book(user, kind: str, amount: str, reference_type: str = "") -> None:
    with transaction.atomic():
        ledger_post(
            actor=None,
            account=ledger_account_for(user=user),
            entry=LedgerEntry(
                kind=kind, amount=Decimal(amount), idempotency_key=f"test:{next(_keys)}", reference_type=reference_type
            ),
        )


def notifications() -> list[tuple]:
    return list(Notification.objects.order_by("pk").values_list("receiver_id", "kind", "params", "link"))


def test_given_an_admin_deposit_then_one_job_and_one_notification_worded_with_amount_and_balance(tenant_a):
    parent = make_parent(tenant_a)
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        deposit_create(actor=admin, user=parent, amount=Decimal("50"))
        assert len(deferred(JOB)) == 1

        assert run_deferred(notify_events) == [1]

        assert notifications() == [(parent.pk, DEPOSIT_BOOKED, {"amount": "50.00", "balance": "50.00"}, "/billing")]
        [email] = sent_emails()
    assert email["subject"] == "Deposit booked"
    assert "A deposit of 50.00 PLN was booked. Your balance: 50.00 PLN." in email["text"]
    bell = Api(tenant_a, parent, locale="pl").get("notifications/unread").json()
    assert [(n["title"], n["text"]) for n in bell["notifications"]] == [
        ("Wpłata zaksięgowana", "Zaksięgowano wpłatę 50.00 PLN. Twoje saldo: 50.00 PLN.")
    ]


def test_given_an_online_payment_paid_then_it_reads_online_payment_paid(tenant_a):
    parent = make_parent(tenant_a)
    with in_tenant(tenant_a):
        book(parent, "deposit", "30.00", reference_type="payment")
        run_deferred(notify_events)

        assert notifications() == [(parent.pk, PAYMENT_PAID, {"amount": "30.00", "balance": "30.00"}, "/billing")]


def test_given_a_bank_statements_batch_for_many_payers_then_one_job_and_one_notification_each(tenant_a):
    parents = [make_parent(tenant_a) for _ in range(3)]
    with in_tenant(tenant_a):
        accounts = {ledger_account_for(user=parent).pk: parent for parent in parents}
        with transaction.atomic():
            ledger_post_bulk(
                actor=None,
                entries_by_account={
                    pk: [LedgerEntry(kind="deposit", amount=Decimal("10"), idempotency_key=f"test:bank:{pk}")]
                    for pk in accounts
                },
            )
        assert len(deferred(JOB)) == 1
        assert run_deferred(notify_events) == [3]

        assert sorted(receiver for receiver, kind, *_ in notifications() if kind == DEPOSIT_BOOKED) == sorted(
            parent.pk for parent in parents
        )


# The job's statements whatever the number of events (it was 5 or 6 a person: 20 for 3, 173 for 30): the accounts
# with their users and logins, the notifications' INSERT, the tenant's slug (a job's schema has no tenant row), the
# e-mails' jobs, the push job, and the job's and notify_each's savepoints with their releases.
NOTIFY_QUERIES = 9


@pytest.mark.parametrize("payers", [3, 30])
def test_given_many_accounts_crossing_below_zero_in_one_booking_then_each_is_notified_in_their_language_at_a_constant_cost(
    tenant_a, payers
):
    parents = [make_parent(tenant_a, locale=("pl", "en")[index % 2]) for index in range(payers)]
    subscribed = parents[::3]
    with in_tenant(tenant_a):
        for parent in subscribed:
            parent.notifications_settings = {**parent.notifications_settings, "push_notifications_enabled": True}
            parent.save(update_fields=["notifications_settings"])
        charges = {
            ledger_account_for(user=parent).pk: [
                LedgerEntry(kind="charge", amount=Decimal("-4.50"), idempotency_key=f"test:night:{parent.pk}")
            ]
            for parent in parents
        }
        with transaction.atomic():  # the nightly run: every account from zero to below it in one booking
            ledger_post_bulk(actor=None, entries_by_account=charges, return_rows=False)
        [job] = deferred(JOB)

        with assert_num_queries(NOTIFY_QUERIES):
            made = notify_events(**job)

        made_notifications = notifications()
        emails = {email["to"][0]: (email["subject"], email["text"]) for email in sent_emails()}
        pushes = deferred(PUSH_JOB)
        notification_of = dict(Notification.objects.values_list("receiver_id", "pk"))
    assert made == payers
    assert sorted(made_notifications) == sorted(
        (parent.pk, BALANCE_BELOW_ZERO, {"amount": "-4.50", "balance": "-4.50"}, "/billing") for parent in parents
    )
    worded = {
        "pl": ("Saldo poniżej zera", "Twoje saldo spadło poniżej zera: -4.50 PLN. Prosimy o doładowanie."),
        "en": ("Balance below zero", "Your balance fell below zero: -4.50 PLN. Please top it up."),
    }
    assert sorted(emails) == sorted(parent.email for parent in parents)
    for parent in parents:
        subject, text = emails[parent.email]
        assert (subject, worded[parent.account.locale][1] in text) == (worded[parent.account.locale][0], True)
    assert pushes == [
        {"slug": tenant_a.slug, "notification_ids": sorted(notification_of[parent.pk] for parent in subscribed)}
    ]


def test_given_charges_that_keep_the_balance_at_zero_or_more_then_no_job(tenant_a):
    parent = make_parent(tenant_a)
    with in_tenant(tenant_a):
        book(parent, "deposit", "20.00")
        before = len(deferred(JOB))
        book(parent, "charge", "-20.00")  # down to exactly zero: not below

        assert len(deferred(JOB)) == before


def test_given_a_charge_crossing_below_zero_then_one_notification_and_none_while_it_stays_below(tenant_a):
    parent = make_parent(tenant_a)
    with in_tenant(tenant_a):
        book(parent, "deposit", "5.00")
        book(parent, "charge", "-12.50")
        book(parent, "charge", "-1.00")  # already below: no new crossing
        run_deferred(notify_events)

        assert [(kind, params) for _receiver, kind, params, _link in notifications()] == [
            (DEPOSIT_BOOKED, {"amount": "5.00", "balance": "5.00"}),
            (BALANCE_BELOW_ZERO, {"amount": "-12.50", "balance": "-7.50"}),
        ]


def test_given_a_rolled_back_deposit_then_no_job_and_nobody_is_notified(tenant_a):
    parent = make_parent(tenant_a)
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        with transaction.atomic():
            deposit_create(actor=admin, user=parent, amount=Decimal("50"))
            transaction.set_rollback(True)

        assert deferred(JOB) == []
        assert notifications() == []


def test_given_a_refund_accepted_then_the_requester_is_notified_once(tenant_a):
    parent = make_parent(tenant_a)
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        book(parent, "deposit", "40.00")
        request = return_request_create(actor=parent, amount=Decimal("25"))
        return_request_accept(actor=admin, request_id=request.pk, amount=Decimal("20"))
        return_request_accept(actor=admin, request_id=request.pk, amount=Decimal("20"))  # a double click
        run_deferred(notify_events)

        assert [(kind, params, link) for _receiver, kind, params, link in notifications()] == [
            (DEPOSIT_BOOKED, {"amount": "40.00", "balance": "40.00"}, "/billing"),
            (REFUND_ACCEPTED, {"amount": "20.00"}, "/returnRequests"),
        ]


def _statements(entries_by_account: dict, *, listening: bool) -> list[str]:
    """The SQL `ledger_post_bulk` sends for a booking (as the nightly run books: return_rows=False), with messaging
    listening to the ledger's events or not."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from kantyna.ledger.signals import ledger_events
    from kantyna.messaging.events import on_ledger_events

    if not listening:
        ledger_events.disconnect(dispatch_uid="messaging.ledger_events")
    try:
        with CaptureQueriesContext(connection) as captured, transaction.atomic():
            ledger_post_bulk(actor=None, entries_by_account=entries_by_account, return_rows=False)
            transaction.set_rollback(True)
    finally:
        ledger_events.connect(on_ledger_events, dispatch_uid="messaging.ledger_events")
    return [query["sql"] for query in captured.captured_queries]


def test_the_hook_costs_no_statement_when_charges_deposit_nothing_and_cross_nothing(tenant_a):
    parents = [make_parent(tenant_a) for _ in range(5)]
    with in_tenant(tenant_a):
        for parent in parents:
            book(parent, "deposit", "100.00")
        charges = {
            ledger_account_for(user=parent).pk: [
                LedgerEntry(kind="charge", amount=Decimal("-9.50"), idempotency_key=f"test:night:{parent.pk}:{day}")
                for day in range(3)
            ]
            for parent in parents
        }

        quiet, listening = _statements(charges, listening=False), _statements(charges, listening=True)

    assert len(listening) == len(quiet)


def test_a_deposit_or_a_crossing_costs_one_insert_of_a_job_per_booking(tenant_a):
    parents = [make_parent(tenant_a) for _ in range(3)]
    with in_tenant(tenant_a):
        book(parents[0], "deposit", "5.00")
        entries = {
            ledger_account_for(user=parents[0]).pk: [  # crosses below zero
                LedgerEntry(kind="charge", amount=Decimal("-9.50"), idempotency_key="test:cross")
            ],
            **{
                ledger_account_for(user=parent).pk: [
                    LedgerEntry(kind="deposit", amount=Decimal("10"), idempotency_key=f"test:dep:{parent.pk}")
                ]
                for parent in parents[1:]
            },
        }

        quiet, listening = _statements(entries, listening=False), _statements(entries, listening=True)

    assert len(listening) == len(quiet) + 1
    [extra] = [sql for sql in listening if "procrastinate" in sql]
    assert "procrastinate_defer" in extra or "INSERT" in extra.upper()


def test_given_a_missing_orders_reminder_then_one_notification_per_payer_and_day_and_no_second_email(tenant_a):
    from kantyna.messaging.money_kinds import MISSING_ORDERS
    from kantyna.ordering.tests.test_missing_orders_reminders import FRIDAY, remind, turn_on
    from kantyna.testing.world import make_world

    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")
        world.parent.account.locale = "pl"
        world.parent.account.save()
        turn_on({"child": world.child})
        turn_on({"child": world.child2})

        assert remind() == {"receivers": 2, "emails": 1}
        run_deferred(notify_events)

        assert notifications() == [
            (
                world.parent.pk,
                MISSING_ORDERS,
                {"day": FRIDAY.strftime("%d.%m.%Y"), "names": "Jan Nowak, Ola Nowak"},
                "/calendar/user",
            )
        ]
        [email] = sent_emails()  # the reminder's own
    assert email["subject"].startswith("Brak zamówionych posiłków")
    bell = Api(tenant_a, world.parent, locale="pl").get("notifications/unread").json()
    assert [(n["title"], n["text"]) for n in bell["notifications"]] == [
        ("Niezamówione posiłki", f"Na {FRIDAY.strftime('%d.%m.%Y')} nic nie jest zamówione dla: Jan Nowak, Ola Nowak.")
    ]


def test_changes_made_quietly_as_setup_notify_nobody(tenant_a):
    """The demo seed books its history under `quiet()`: no deposit of it is news."""
    from kantyna.core.quiet import quiet

    parent = make_parent(tenant_a)
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a), quiet():
        deposit_create(actor=admin, user=parent, amount=Decimal("50"))
        book(parent, "charge", "-80.00")

        assert deferred(JOB) == []
