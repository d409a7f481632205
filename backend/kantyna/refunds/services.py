"""Writes of refunds. A payer asks (`return_request_create`), an admin accepts (`return_request_accept`, one or many)
or either cancels (`return_request_cancel`). Accepting locks the request row, then the payer's ledger account,
checks the amount against the asked amount and the balance as it is now, and books one payout under the key
`refund:{id}`: a double click or two admins accepting at once book it once (the second finds the request
accepted; the ledger's key would refuse a second row anyway)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.money import money_amount
from kantyna.core.permissions import CUSTOMER_ROLES, ROLE_PARENT
from kantyna.core.validators import nrb_is_valid
from kantyna.ledger.locks import lock_ledger_account
from kantyna.ledger.models import TransactionKind
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.people.models import Child
from kantyna.refunds.models import ReturnRequest, ReturnRequestState
from kantyna.refunds.signals import refund_accepted
from kantyna.users.models import User


def _bank_account_of(requester: User, typed: str | None) -> str:
    """Parents are refunded to the account in their profile (spec §6: parents may give a refund bank account);
    workers may keep none there, so a worker names the account in the request itself."""
    if ROLE_PARENT in (requester.roles or []):
        number = (requester.bank_account_number or "").replace(" ", "")
        if not number:
            raise DomainError("refund.bank_account_missing", field="bank_account_number")
    else:
        number = (typed or "").replace(" ", "")
        if not number:
            raise DomainError("refund.bank_account_required", field="bank_account_number")
    if not nrb_is_valid(number):
        raise DomainError("refund.bank_account_invalid", field="bank_account_number")
    return number


def _refuse_beyond_balance(amount: Decimal, account) -> None:
    """A refund is at most the (locked) account's balance, when asked and again when accepted."""
    if amount > account.balance:
        raise DomainError(
            "refund.exceeds_balance", field="amount", params={"balance": f"{max(account.balance, 0):.2f}"}
        )


def return_request_create(
    *,
    actor: User,
    amount: Decimal,
    reason: str = "",
    child: Child | None = None,
    bank_account_number: str | None = None,
) -> ReturnRequest:
    """The payer asks for `amount` (> 0, at most the balance of their account now) back to their bank account.
    One pending request per account: a second one is refused until the first is accepted or cancelled."""
    if not CUSTOMER_ROLES & set(actor.roles or []):
        raise DomainError("ledger.not_a_payer")
    amount = money_amount(amount)
    if amount <= 0:
        raise DomainError("ledger.amount_not_positive", field="amount")
    number = _bank_account_of(actor, bank_account_number)
    with transaction.atomic():
        # The account's row lock orders this against a concurrent request or accept on the same account.
        account = lock_ledger_account(ledger_account_for(user=actor, child=child))
        _refuse_beyond_balance(amount, account)
        if ReturnRequest.objects.filter(account=account, state=ReturnRequestState.PENDING).exists():
            raise DomainError("refund.pending_exists")
        request = ReturnRequest.objects.create(
            requester=actor, account=account, amount=amount, bank_account_number=number, reason=reason
        )
        audit_record(actor=actor, action="refund.create", target=request, data={"amount": str(amount)})
    return request


@transaction.atomic
def return_request_accept(*, actor: User, request_id: int, amount: Decimal | None = None) -> ReturnRequest:
    """Accept the request with `amount` (its asked amount when None): at most the asked amount and the balance now;
    books the payout (`refund:{id}`). Accepting an accepted request again with the same amount changes nothing
    (a double click); anything else on a request that is not pending is refused."""
    request = ReturnRequest.objects.select_for_update().get(pk=request_id)
    amount = request.amount if amount is None else money_amount(amount)
    if request.state == ReturnRequestState.ACCEPTED and request.accepted_amount == amount:
        return request
    if request.state != ReturnRequestState.PENDING:
        raise DomainError("refund.not_pending")
    if amount <= 0:
        raise DomainError("ledger.amount_not_positive", field="amount")
    if amount > request.amount:
        raise DomainError("refund.more_than_asked", field="amount", params={"asked": f"{request.amount:.2f}"})
    account = lock_ledger_account(request.account_id)
    _refuse_beyond_balance(amount, account)
    row = ledger_post(
        actor=actor,
        account=account,
        entry=LedgerEntry(
            kind=TransactionKind.PAYOUT,
            amount=-amount,
            idempotency_key=f"refund:{request.pk}",
            reference_type="return_request",
            reference_id=request.pk,
            description=_("Refund #%(id)s") % {"id": request.pk},
        ),
    )
    request.state = ReturnRequestState.ACCEPTED
    request.accepted_amount = amount
    request.accepted_by = actor
    request.accepted_at = timezone.now()
    request.transaction = row
    request.save(update_fields=["state", "accepted_amount", "accepted_by", "accepted_at", "transaction"])
    audit_record(
        actor=actor, action="refund.accept", target=request, data={"amount": str(amount), "transaction_id": row.pk}
    )
    refund_accepted.send(sender=ReturnRequest, request=request)
    return request


@dataclass
class BulkResult:
    """What a bulk command did: the ids it applied to, and each refused id with its reason."""

    done: list[int] = field(default_factory=list)
    refused: list[tuple[int, DomainError]] = field(default_factory=list)


def return_requests_bulk_accept(*, actor: User, request_ids: list[int]) -> BulkResult:
    """Accept each request at its asked amount, each in its own transaction: one refused (no longer pending, more
    than the balance now, not found) is reported with its reason and leaves the others accepted."""
    result = BulkResult()
    for request_id in dict.fromkeys(request_ids):
        try:
            return_request_accept(actor=actor, request_id=request_id)
        except ReturnRequest.DoesNotExist:
            result.refused.append((request_id, DomainError("record.not_found")))
        except DomainError as error:
            result.refused.append((request_id, error))
        else:
            result.done.append(request_id)
    return result


@transaction.atomic
def return_request_cancel(*, actor: User, request_id: int) -> ReturnRequest:
    """Cancel a pending request (its requester or an admin; the API layer decides who reaches it)."""
    request = ReturnRequest.objects.select_for_update().get(pk=request_id)
    if request.state == ReturnRequestState.CANCELLED:
        return request
    if request.state != ReturnRequestState.PENDING:
        raise DomainError("refund.not_pending")
    request.state = ReturnRequestState.CANCELLED
    request.cancelled_by = actor
    request.cancelled_at = timezone.now()
    request.save(update_fields=["state", "cancelled_by", "cancelled_at"])
    audit_record(actor=actor, action="refund.cancel", target=request, data={"amount": str(request.amount)})
    return request


def return_requests_mark_paid(*, actor: User, request_ids: list[int]) -> BulkResult:
    """The office says the bank sent these refunds: accepted ones become paid (and leave the bank file); any other
    (pending, cancelled, already paid, not found) is reported and left as it was."""
    result = BulkResult()
    wanted = list(dict.fromkeys(request_ids))
    with transaction.atomic():
        rows = {row.pk: row for row in ReturnRequest.objects.select_for_update().filter(pk__in=wanted).order_by("pk")}
        now = timezone.now()
        for request_id in wanted:
            row = rows.get(request_id)
            if row is None:
                result.refused.append((request_id, DomainError("record.not_found")))
            elif row.state != ReturnRequestState.ACCEPTED:
                result.refused.append((request_id, DomainError("refund.not_accepted")))
            else:
                result.done.append(request_id)
        ReturnRequest.objects.filter(pk__in=result.done).update(
            state=ReturnRequestState.PAID, paid_at=now, paid_by=actor
        )
        if result.done:
            audit_record(actor=actor, action="refund.paid", data={"ids": result.done})
    return result
