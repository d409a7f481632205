"""Writes of fiscal receipts. The office queues deposits (one, a selection, or every pending one); the job
(`tasks.register_due_tenant`, every 5 minutes and right after a queueing) registers what is due on the tenant's
cash register.

Never doubled: a receipt row per ledger transaction is unique (claiming inserts with ON CONFLICT DO NOTHING), each
step of a registration holds the receipt's row lock, and what the register must be told next (its memo) is
committed before it is called again, so a retry after a timeout finishes the first sale instead of making another. Never lost: a
failed call leaves the receipt `failed` with its error, counted and audited, and the job tries it again after a
growing pause (`backoff`); a crash before the save leaves it pending for the next run."""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from procrastinate.contrib.django import app

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.core.tasks import send_email
from kantyna.fiscal.models import FiscalReceipt, ReceiptState
from kantyna.fiscal.registers import RegisterError, Sale, register_for
from kantyna.fiscal.selectors import FiscalSettings, deposits_to_fiscalize, fiscal_settings, receipts_due
from kantyna.ledger.models import LedgerTransaction, TransactionKind, deposit_method
from kantyna.tenancy.jobs import defer_unless_waiting, tenant_lock
from kantyna.tenancy.services import current_tenant_slug
from kantyna.tenant_settings.selectors import settings_get, settings_snapshot
from kantyna.users.models import User

logger = logging.getLogger(__name__)

REGISTER_TASK = "kantyna.fiscal.tasks.register_due_tenant"
QUEUE = "fiscal"
# One run registers at most this many receipts; the next run (5 minutes) takes the rest.
BATCH = 200
MAX_BACKOFF = timedelta(hours=6)
# A run stops after this many receipts failed one after another: the register is most likely down, and each call
# to a silent printer waits its whole timeout, so a batch of them would hold a job worker for an hour. The rest stay
# due for the next run.
FAILURES_TO_STOP = 3


def backoff(attempts: int) -> timedelta:
    """The pause before trying a failed receipt again: 2, 4, 8... minutes, at most 6 hours."""
    return min(timedelta(minutes=2 ** min(attempts, 12)), MAX_BACKOFF)


@dataclass
class QueueResult:
    """What a fiscalize command did: the transaction ids queued (or registered already), each refused one with its
    reason."""

    queued: list[int] = field(default_factory=list)
    refused: list[tuple[int, DomainError]] = field(default_factory=list)


def _require_enabled() -> FiscalSettings:
    settings = fiscal_settings()
    if not settings.enabled:
        raise DomainError("fiscal.disabled")
    return settings


def _claim(rows: Iterable[LedgerTransaction]) -> None:
    """A pending receipt for each row that has none; a row claimed already (by a click or the job at the same
    moment) keeps its receipt."""
    FiscalReceipt.objects.bulk_create(
        [FiscalReceipt(transaction_id=row.pk, amount=row.amount) for row in rows], ignore_conflicts=True
    )


def _defer_registration() -> None:
    """The tenant's registration job, on commit of the caller's transaction (the job row is written in it). At most
    one waits per tenant: a second click while one waits adds nothing, the waiting run sees every due receipt."""
    slug = current_tenant_slug()
    lock = tenant_lock(REGISTER_TASK, slug)  # the periodic fan-out's: one waits and one runs per tenant
    job = app.configure_task(name=REGISTER_TASK, queue=QUEUE, lock=lock, queueing_lock=lock)
    defer_unless_waiting(job, slug=slug)


@transaction.atomic
def fiscal_receipts_queue(*, actor, transaction_ids: list[int]) -> QueueResult:
    """Queue these transactions for registration now (a failed one is tried again at once). Each must be a
    deposit; one registered already counts as done (a double click), one refused is reported with its reason."""
    _require_enabled()
    wanted = list(dict.fromkeys(transaction_ids))
    rows = {row.pk: row for row in LedgerTransaction.objects.filter(pk__in=wanted).only("id", "kind", "amount")}
    result = QueueResult()
    for pk in wanted:
        row = rows.get(pk)
        if row is None:
            result.refused.append((pk, DomainError("record.not_found")))
        elif row.kind != TransactionKind.DEPOSIT:
            result.refused.append((pk, DomainError("fiscal.not_a_sale")))
        else:
            result.queued.append(pk)
    if result.queued:
        _claim(rows[pk] for pk in result.queued)
        FiscalReceipt.objects.filter(transaction_id__in=result.queued).exclude(state=ReceiptState.REGISTERED).update(
            next_attempt_at=None
        )
        audit_record(actor=actor, action="fiscal.queue", data={"ids": result.queued})
        _defer_registration()
    return result


@transaction.atomic
def fiscal_receipts_queue_all(*, actor) -> int:
    """Queue every deposit not registered yet since fiscalization was enabled, failed ones included (tried again at
    once). Answers how many receipts wait for the register."""
    settings = _require_enabled()
    _claim(deposits_to_fiscalize(settings).only("id", "amount"))
    waiting = FiscalReceipt.objects.exclude(state=ReceiptState.REGISTERED)
    waiting.update(next_attempt_at=None)
    count = waiting.count()
    audit_record(actor=actor, action="fiscal.queue_all", data={"count": count})
    if count:
        _defer_registration()
    return count


def fiscal_register_check(*, register: str, options: dict) -> None:
    """Whether the register (as configured by `options`, maybe not saved yet) answers; nothing is registered."""
    try:
        register_for(register, options).check()
    except RegisterError as error:
        raise DomainError("fiscal.register_unreachable", field="register_url", params={"reason": str(error)}) from error


def _failed_receipt_for_update(transaction_id: int) -> FiscalReceipt:
    """The deposit's receipt under its row lock, for a person settling it: a deposit without one, or one the
    register may be working on (pending: the job holds or will take it), is refused."""
    row = LedgerTransaction.objects.only("id", "kind").get(pk=transaction_id)
    if row.kind != TransactionKind.DEPOSIT:
        raise DomainError("fiscal.not_a_sale")
    receipt = FiscalReceipt.objects.select_for_update(of=("self",)).filter(transaction_id=transaction_id).first()
    if receipt is None:
        raise DomainError("fiscal.no_receipt")
    if receipt.state == ReceiptState.PENDING:
        raise DomainError("fiscal.receipt_pending")
    return receipt


@transaction.atomic
def fiscal_receipt_register_by_hand(
    *, actor, transaction_id: int, receipt_number: str, now: datetime | None = None
) -> FiscalReceipt:
    """A person found the failed deposit's receipt in the printer's reports (or printed one by hand) and records
    its number: the receipt is registered as the register would have. The same number again answers the receipt
    as it is (a double click); another number on a registered receipt is refused, as is a pending one (the
    register may still print it)."""
    receipt_number = receipt_number.strip()
    receipt = _failed_receipt_for_update(transaction_id)
    if receipt.state == ReceiptState.REGISTERED:
        if receipt.receipt_number == receipt_number:
            return receipt
        raise DomainError("fiscal.receipt_registered", params={"number": receipt.receipt_number})
    _registered(
        receipt,
        receipt_number,
        now or timezone.now(),
        actor=actor,
        action="fiscal.register_by_hand",
        error=receipt.last_error,
    )
    return receipt


@transaction.atomic
def fiscal_receipt_send_anew(*, actor, transaction_id: int) -> FiscalReceipt:
    """A person checked the printer's reports and found the failed deposit not printed: the register's memo is
    forgotten, so the job starts a new sale instead of asking about the old one (a NoviApi request the printer no
    longer knows is never sent again on its own). Its attempts are kept; only a failed receipt is sent anew."""
    _require_enabled()
    receipt = _failed_receipt_for_update(transaction_id)
    if receipt.state == ReceiptState.REGISTERED:
        raise DomainError("fiscal.receipt_registered", params={"number": receipt.receipt_number})
    previous = {"memo": receipt.register_memo, "error": receipt.last_error}
    receipt.register_memo = {}
    receipt.state = ReceiptState.PENDING
    receipt.next_attempt_at = None
    receipt.save()
    audit_record(
        actor=actor,
        action="fiscal.send_anew",
        target=receipt,
        data={"amount": str(receipt.amount), "transaction_id": transaction_id, **previous},
    )
    _defer_registration()
    return receipt


# A registration takes a few steps (a printer stores, is told to print, then answers the number); more than this in
# one run means the register is still working: the next run goes on.
MAX_STEPS = 5


def fiscal_receipt_register(*, receipt_id: int, now: datetime | None = None) -> FiscalReceipt:
    """Register one receipt on the tenant's cash register (the job's step). A registered receipt is answered as it
    is; while fiscalization is off nothing is sent. Each of the register's steps runs under the receipt's row lock
    and commits its memo before the next one (registers/__init__.py): a second registration of the same receipt
    waits, then goes on from where the first stopped."""
    settings = fiscal_settings()
    now = now or timezone.now()
    # A register's reasons are kept in the tenant's language: the office reads them in the transactions list.
    with translation.override(settings_get("general")["default_locale"]):
        for number in range(MAX_STEPS):
            receipt, again = _register_step(receipt_id, settings, now, first=number == 0)
            if not again:
                break
    return receipt


def _register_step(
    receipt_id: int, settings: FiscalSettings, now: datetime, *, first: bool
) -> tuple[FiscalReceipt, bool]:
    with transaction.atomic():
        receipt = (
            FiscalReceipt.objects.select_for_update(of=("self",))
            .select_related("transaction__account__user")
            .get(pk=receipt_id)
        )
        if receipt.state == ReceiptState.REGISTERED or not settings.enabled:
            return receipt, False
        row = receipt.transaction
        sale = Sale(
            key=receipt.idempotency_key,
            amount=receipt.amount,
            booked_on=row.booked_on,
            description=row.description,
            buyer=row.account.user.full_name,
            paid=deposit_method(row.reference_type),
        )
        if first:
            receipt.attempts += 1
        # A sale the register holds is finished on that register, even if the tenant has chosen another since.
        if not receipt.register_memo:
            receipt.register = settings.register
        try:
            step = register_for(receipt.register, settings.options).step(sale, dict(receipt.register_memo))
        # Whatever the adapter raises (its refusal, a timeout, a bug in it) is a failed attempt, kept and retried: no
        # database work happens inside this `try`, so nothing of ours is half done.
        except Exception as error:  # noqa: BLE001
            _failed(receipt, error, now)
            return receipt, False
        receipt.register_memo = step.memo
        if not step.receipt_number:
            # On its way (an earlier failure no longer holds): the memo is kept, the register asked again at once or
            # in the next run.
            receipt.state = ReceiptState.PENDING
            receipt.last_error = ""
            receipt.next_attempt_at = None
            receipt.save()
            return receipt, step.again
        _registered(receipt, step.receipt_number, now, actor=None, action="fiscal.register")
    return receipt, False


def _registered(receipt: FiscalReceipt, number: str, now: datetime, *, actor, action: str, **audited) -> None:
    """The receipt registered with `number` (by the register, or by a person from its reports), its deposit marked
    fiscalized, audited as `action` with `audited` beside the amount, transaction and number. Under its row lock."""
    receipt.state = ReceiptState.REGISTERED
    receipt.receipt_number = number
    receipt.last_error = ""
    receipt.registered_at = now
    receipt.next_attempt_at = None
    receipt.save()
    # The ledger's trigger lets this one column change on a booked row.
    LedgerTransaction.objects.filter(pk=receipt.transaction_id).update(fiscalized=True)
    audit_record(
        actor=actor,
        action=action,
        target=receipt,
        data={
            "amount": str(receipt.amount),
            "transaction_id": receipt.transaction_id,
            "receipt_number": number,
            **audited,
        },
    )


def _failed(receipt: FiscalReceipt, error: Exception, now: datetime) -> None:
    reason = str(error) if isinstance(error, RegisterError) else f"{type(error).__name__}: {error}"
    if isinstance(error, RegisterError) and error.memo is not None:
        receipt.register_memo = error.memo
    receipt.state = ReceiptState.FAILED
    receipt.last_error = reason[:500]
    receipt.next_attempt_at = now + backoff(receipt.attempts)
    receipt.save()
    audit_record(
        actor=None,
        action="fiscal.failed",
        target=receipt,
        data={"amount": str(receipt.amount), "transaction_id": receipt.transaction_id, "error": receipt.last_error},
    )
    logger.warning("Fiscal receipt %s failed (attempt %s): %s", receipt.pk, receipt.attempts, error)


@dataclass
class RunResult:
    registered: int = 0
    failed: int = 0

    def as_dict(self) -> dict:
        return {"registered": self.registered, "failed": self.failed}


def _report_failures(failed: list[FiscalReceipt]) -> None:
    """E-mail the tenant's administrators (each in their language) about receipts that failed for the first time in
    this run: how many and the first reason. Their retries do not mail again; the list shows their state."""
    if not failed:
        return
    admins = User.objects.filter(roles__contains=[ROLE_ADMIN], is_active=True, account__is_active=True)
    by_locale: dict[str, list[str]] = defaultdict(list)
    for locale, email in admins.values_list("account__locale", "account__email").order_by("account__email"):
        by_locale[locale or "pl"].append(email)
    for locale, emails in by_locale.items():
        with translation.override(locale):
            subject = ngettext(
                "%(count)s deposit could not be fiscalized",
                "%(count)s deposits could not be fiscalized",
                len(failed),
            ) % {"count": len(failed)}
            text = _(
                "Deposits the cash register did not register: %(count)s. The reason: %(reason)s\n\n"
                "They are tried again automatically. Their state is shown in the transactions list (the fiscal "
                "receipt column), where they can also be sent again."
            ) % {"count": len(failed), "reason": failed[0].last_error}
        with transaction.atomic():
            send_email.defer(to=emails, subject=subject, text=text)


def fiscal_register_due(*, now: datetime | None = None, limit: int = BATCH) -> RunResult:
    """The job's run for the active tenant: claim the deposits fiscalization concerns, then register the receipts
    that are due (pending, or failed and past their pause); the administrators hear of new failures."""
    # Every receipt's registration reads the fiscal and general settings: read once for the run.
    with settings_snapshot():
        return _register_due(now=now, limit=limit)


def _register_due(*, now: datetime | None, limit: int) -> RunResult:
    result = RunResult()
    settings = fiscal_settings()
    if not settings.enabled:
        return result
    now = now or timezone.now()
    with transaction.atomic():
        _claim(deposits_to_fiscalize(settings).only("id", "amount")[: limit * 5])
    first_failures = []
    failed_in_a_row = 0
    for receipt_id in list(receipts_due(now).values_list("id", flat=True)[:limit]):
        receipt = fiscal_receipt_register(receipt_id=receipt_id, now=now)
        if receipt.state == ReceiptState.FAILED:
            result.failed += 1
            failed_in_a_row += 1
            if receipt.attempts == 1:
                first_failures.append(receipt)
            if failed_in_a_row >= FAILURES_TO_STOP:
                break
            continue
        failed_in_a_row = 0
        if receipt.state == ReceiptState.REGISTERED:
            result.registered += 1
    _report_failures(first_failures)
    return result
