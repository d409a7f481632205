"""Events of the apps below messaging turned into notifications (docs/architecture.md: a lower app asks, it does
not import). The ledger's `ledger_events` (a deposit booked by any channel, a balance crossing below zero), refunds'
`refund_accepted` and ordering's `missing_orders_reminded` are heard here inside the transaction that made them;
each defers one `notify_events` job in it, so a rolled-back change notifies nobody and the change itself pays one
INSERT at most. The job, after commit, calls `notify_each()` once for all its events (the one rule: the bell, e-mail,
web push per the person's settings, in bulk). Connected in MessagingConfig.ready."""

from __future__ import annotations

from datetime import date

from django.db import connection, transaction
from django_tenants.utils import schema_context
from procrastinate.contrib.django import app

from kantyna.core.quiet import is_quiet
from kantyna.ledger.models import ONLINE_PAYMENT_REFERENCE, LedgerAccount
from kantyna.ledger.signals import BELOW_ZERO, DEPOSITED, LedgerEvent, ledger_events
from kantyna.messaging.money_kinds import (
    BALANCE_BELOW_ZERO,
    DEPOSIT_BOOKED,
    MISSING_ORDERS,
    PAYMENT_PAID,
    REFUND_ACCEPTED,
)
from kantyna.messaging.services import Notice, notify_each
from kantyna.ordering.signals import missing_orders_reminded
from kantyna.refunds.models import ReturnRequest
from kantyna.refunds.signals import refund_accepted
from kantyna.users.models import User

LINKS = {DEPOSIT_BOOKED: "/billing", PAYMENT_PAID: "/billing", BALANCE_BELOW_ZERO: "/billing"}
REFUND_LINK = "/returnRequests"
CALENDAR_LINK = "/calendar/user"


def _ledger_event(event: LedgerEvent) -> dict:
    if event.event == DEPOSITED:
        kind = PAYMENT_PAID if event.reference_type == ONLINE_PAYMENT_REFERENCE else DEPOSIT_BOOKED
    else:
        assert event.event == BELOW_ZERO
        kind = BALANCE_BELOW_ZERO
    return {
        "kind": kind,
        "account_id": event.account_id,
        "amount": f"{event.amount:.2f}",
        "balance": f"{event.balance:.2f}",
    }


def on_ledger_events(sender, events: list[LedgerEvent], **kwargs) -> None:
    if is_quiet():  # setup, not news (the demo seed)
        return
    # The active schema names the tenant without a query (its slug may need one outside a request).
    notify_events.defer(schema=connection.schema_name, events=[_ledger_event(event) for event in events])


def on_refund_accepted(sender, request: ReturnRequest, **kwargs) -> None:
    if is_quiet():  # setup, not news (the demo seed)
        return
    event = {"kind": REFUND_ACCEPTED, "request_id": request.pk, "amount": f"{request.accepted_amount:.2f}"}
    notify_events.defer(schema=connection.schema_name, events=[event])


def on_missing_orders_reminded(sender, reminders: list[tuple[int, date, list[str]]], **kwargs) -> None:
    if is_quiet():  # setup, not news (the demo seed)
        return
    # The reminder's e-mail went already (ordering's own, richer one): the bell and the push only.
    events = [
        {"kind": MISSING_ORDERS, "user_id": user_id, "day": day.strftime("%d.%m.%Y"), "names": ", ".join(names)}
        for user_id, day, names in reminders
    ]
    notify_events.defer(schema=connection.schema_name, events=events)


def connect() -> None:
    ledger_events.connect(on_ledger_events, dispatch_uid="messaging.ledger_events")
    refund_accepted.connect(on_refund_accepted, dispatch_uid="messaging.refund_accepted")
    missing_orders_reminded.connect(on_missing_orders_reminded, dispatch_uid="messaging.missing_orders")


@app.task(queue="emails", retry=3)
def notify_events(*, schema: str, events: list[dict]) -> int:
    """One notification per event to the person it concerns (a ledger account's owner, a refund's requester, a
    reminded payer), all made by one `notify_each` in one transaction, so a retried job does not notify twice and a
    nightly run that took hundreds of balances below zero costs as many statements as one. Returns how many were
    made."""
    with schema_context(schema), transaction.atomic():
        account_ids = {event["account_id"] for event in events if "account_id" in event}
        accounts = LedgerAccount.objects.select_related("user__account").in_bulk(account_ids)
        request_ids = {event["request_id"] for event in events if "request_id" in event}
        requests = ReturnRequest.objects.select_related("requester__account").in_bulk(request_ids)
        user_ids = {event["user_id"] for event in events if "user_id" in event}
        users = User.objects.select_related("account").in_bulk(user_ids)
        notices = []
        for event in events:
            params = {key: value for key, value in event.items() if key in ("amount", "balance", "day", "names")}
            if "account_id" in event:
                if (account := accounts.get(event["account_id"])) is not None:
                    notices.append(Notice(account.user, event["kind"], params, link=LINKS[event["kind"]]))
            elif "request_id" in event:
                if (request := requests.get(event["request_id"])) is not None:
                    notices.append(Notice(request.requester, event["kind"], params, link=REFUND_LINK))
            elif (user := users.get(event["user_id"])) is not None:
                notices.append(Notice(user, event["kind"], params, link=CALENDAR_LINK, email=False))
        return len(notify_each(notices))
