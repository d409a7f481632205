"""Events of the apps below messaging turned into notifications (docs/architecture.md: a lower app asks, it does
not import). The ledger's `ledger_events` (a deposit booked by any channel, a balance crossing below zero) and
refunds' `refund_accepted` are heard here inside the booking's transaction; each defers one `notify_events` job in
it, so a rolled-back booking notifies nobody and the booking itself pays one INSERT at most. The job, after commit,
calls `notify()` (the one rule: the bell, e-mail, web push per the person's settings). Connected in
MessagingConfig.ready."""

from __future__ import annotations

from django.db import connection, transaction
from django_tenants.utils import schema_context
from procrastinate.contrib.django import app

from kantyna.ledger.models import LedgerAccount
from kantyna.ledger.signals import BELOW_ZERO, DEPOSITED, LedgerEvent, ledger_events
from kantyna.messaging.money_kinds import BALANCE_BELOW_ZERO, DEPOSIT_BOOKED, PAYMENT_PAID, REFUND_ACCEPTED
from kantyna.messaging.services import notify
from kantyna.refunds.models import ReturnRequest
from kantyna.refunds.signals import refund_accepted

# A deposit of an online payment (payments books it with this reference type) reads "online payment paid".
ONLINE_PAYMENT_REFERENCE = "payment"
LINKS = {DEPOSIT_BOOKED: "/billing", PAYMENT_PAID: "/billing", BALANCE_BELOW_ZERO: "/billing"}
REFUND_LINK = "/returnRequests"


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
    # The active schema names the tenant without a query (its slug may need one outside a request).
    notify_events.defer(schema=connection.schema_name, events=[_ledger_event(event) for event in events])


def on_refund_accepted(sender, request: ReturnRequest, **kwargs) -> None:
    event = {"kind": REFUND_ACCEPTED, "request_id": request.pk, "amount": f"{request.accepted_amount:.2f}"}
    notify_events.defer(schema=connection.schema_name, events=[event])


def connect() -> None:
    ledger_events.connect(on_ledger_events, dispatch_uid="messaging.ledger_events")
    refund_accepted.connect(on_refund_accepted, dispatch_uid="messaging.refund_accepted")


@app.task(queue="emails", retry=3)
def notify_events(*, schema: str, events: list[dict]) -> int:
    """One notification per event to the person it concerns (a ledger account's owner, a refund's requester), all
    in one transaction, so a retried job does not notify twice. Returns how many were made."""
    made = 0
    with schema_context(schema), transaction.atomic():
        account_ids = {event["account_id"] for event in events if "account_id" in event}
        accounts = LedgerAccount.objects.select_related("user__account").in_bulk(account_ids)
        request_ids = {event["request_id"] for event in events if "request_id" in event}
        requests = ReturnRequest.objects.select_related("requester__account").in_bulk(request_ids)
        for event in events:
            params = {key: value for key, value in event.items() if key in ("amount", "balance")}
            if "account_id" in event:
                account = accounts.get(event["account_id"])
                if account is not None:
                    made += len(notify([account.user], event["kind"], params, link=LINKS[event["kind"]]))
            elif (request := requests.get(event["request_id"])) is not None:
                made += len(notify([request.requester], event["kind"], params, link=REFUND_LINK))
    return made
