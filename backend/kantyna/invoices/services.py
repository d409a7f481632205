"""Writes of invoices. Each creation runs in one transaction that first locks the numbering counter of its period:
creations are serialized there, so a second creation of the same deposit's or month's invoice finds the first
(and gets it back, never a second number), and a number is taken only by an invoice that is saved with it (a
failed creation rolls the counter back with it: no gaps). The PDF is drawn from an `InvoiceDocument` (document.py),
the same value the KSeF XML is written from."""

from __future__ import annotations

import logging
import uuid
from datetime import date, timedelta
from decimal import Decimal

from django.conf import settings as django_settings
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone
from procrastinate.contrib.django import app

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.uploads import store_upload, validate_upload
from kantyna.institutions.models import Institution
from kantyna.invoices import selectors
from kantyna.invoices.document import InvoiceDocument, Line, Party
from kantyna.invoices.ksef.client import KsefState as KsefClientState
from kantyna.invoices.ksef.client import is_xml, ksef_client
from kantyna.invoices.ksef.errors import KsefError, KsefInvalidInvoice
from kantyna.invoices.models import InvoiceCounter, InvoiceFile, InvoiceKind, KsefState
from kantyna.invoices.pdf import render_invoice_pdf
from kantyna.invoices.snapshots import document_to_json
from kantyna.ledger.models import LedgerTransaction, TransactionKind
from kantyna.ordering.cutoff import tenant_today
from kantyna.tenancy.jobs import defer_unless_waiting
from kantyna.tenancy.services import current_tenant_slug
from kantyna.tenant_settings.selectors import settings_get, settings_row, upload_max_file_size
from kantyna.users.models import User

logger = logging.getLogger(__name__)

UPLOAD_TYPES = ("pdf", "jpg", "png")
DEPOSIT_LINE = "Przedpłata na posiłki"


# Numbering ---------------------------------------------------------------------------------------------------


def numbering_period(pattern: str, issue_date: date) -> str:
    """The counter a number is taken from: per month when the pattern shows the month, else per year."""
    return f"{issue_date:%Y-%m}" if "{month}" in pattern else f"{issue_date:%Y}"


def format_number(pattern: str, number: int, issue_date: date) -> str:
    return (
        pattern.replace("{number}", str(number))
        .replace("{month}", f"{issue_date:%m}")
        .replace("{year}", f"{issue_date:%Y}")
    )


def _lock_counter(period: str) -> InvoiceCounter:
    """The period's counter row, locked until the caller's transaction ends (made first if missing; two first
    uses meet at the unique period and both then lock the one row)."""
    InvoiceCounter.objects.bulk_create([InvoiceCounter(period=period)], ignore_conflicts=True)
    return InvoiceCounter.objects.select_for_update().get(period=period)


def _take_number(counter: InvoiceCounter, pattern: str, issue_date: date) -> str:
    counter.last_number += 1
    counter.save(update_fields=["last_number"])
    return format_number(pattern, counter.last_number, issue_date)


# Parties -----------------------------------------------------------------------------------------------------


def party_as_dict(party: Party | None) -> dict | None:
    if party is None:
        return None
    return {
        "name": party.name,
        "street": party.street,
        "postal_code": party.postal_code,
        "city": party.city,
        "tax_id": party.tax_id,
    }


def _seller() -> tuple[Party, dict]:
    company = settings_get("company_details")
    if not company["name"]:
        raise DomainError("invoice.company_details_missing")
    seller = Party(
        name=company["name"],
        street=company["street"],
        postal_code=company["post_code"],
        city=company["city"],
        tax_id=company["vat_id"],
        email=company["email"],
    )
    return seller, company


def _logo() -> bytes | None:
    logo = settings_row().company_logo
    if not logo:
        return None
    try:
        with logo.open("rb") as handle:
            return handle.read()
    except (FileNotFoundError, OSError):
        return None


def user_party(user: User) -> Party:
    """A user as a buyer: their company from the invoice settings when invoices for users are on and they asked
    for them, else the person (a consumer: no NIP)."""
    data = user.invoices_settings or {}
    if settings_get("invoices_config_for_users")["enable_invoices_for_users"] and data.get("invoices_enabled"):
        address = data.get("address") or {}
        return Party(
            name=data.get("company_name") or user.full_name,
            street=address.get("street", ""),
            postal_code=address.get("post_code", ""),
            city=address.get("city", ""),
            tax_id=(data.get("vat_id") or "").replace("-", "").replace(" ", ""),
            email=user.email or "",
        )
    return Party(name=user.full_name, street="", postal_code="", city="", email=user.email or "")


def institution_parties(institution: Institution) -> tuple[Party, Party | None]:
    """(buyer, recipient): the institution's invoice buyer (a gmina) with the institution as recipient when one
    is set, else the institution itself."""
    own = Party(
        name=institution.name,
        street=institution.street,
        postal_code=institution.post_code,
        city=institution.city,
    )
    if not institution.invoice_buyer_name:
        return own, None
    buyer = Party(
        name=institution.invoice_buyer_name,
        street=institution.invoice_buyer_street,
        postal_code=institution.invoice_buyer_post_code,
        city=institution.invoice_buyer_city,
        tax_id=institution.invoice_buyer_tax_id,
    )
    return buyer, own


# Creation ----------------------------------------------------------------------------------------------------


def _config() -> dict:
    config = settings_get("invoices_config")
    if not config["invoices_enabled"]:
        raise DomainError("invoice.disabled")
    return config


def _month_end(month: date) -> date:
    return (month.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)


def _save(
    *,
    actor: User | None,
    kind: str,
    month: date,
    document: InvoiceDocument,
    transaction_row: LedgerTransaction | None = None,
    user: User | None = None,
    institution: Institution | None = None,
) -> InvoiceFile:
    invoice = InvoiceFile(
        kind=kind,
        number=document.number,
        month=month,
        issue_date=document.issue_date,
        transaction=transaction_row,
        user=user,
        institution=institution,
        buyer=party_as_dict(document.buyer),
        recipient=party_as_dict(document.recipient),
        document=document_to_json(document),
        net=document.net,
        vat=document.vat,
        gross=document.gross,
        file_kind="pdf",
        paid_at=timezone.now() if document.paid else None,
        paid_by=actor if document.paid else None,
        created_by=actor,
    )
    invoice.file.save(f"{uuid.uuid4().hex}.pdf", ContentFile(render_invoice_pdf(document, logo=_logo())), save=False)
    invoice.save()
    audit_record(
        actor=actor,
        action="invoice.create",
        target=invoice,
        data={"number": invoice.number, "kind": kind, "gross": str(invoice.gross)},
    )
    return invoice


def _document(
    *, config: dict, number: str, issue_date: date, sale_date: date, buyer: Party, lines, **extra
) -> InvoiceDocument:
    seller, company = _seller()
    transfer = extra.get("payment_method", "transfer") == "transfer"
    return InvoiceDocument(
        number=number,
        issue_date=issue_date,
        sale_date=sale_date,
        place_of_issue=company["city"],
        seller=seller,
        buyer=buyer,
        lines=tuple(lines),
        payment_due=issue_date + timedelta(days=config["payment_due_days"]) if transfer else None,
        bank_account=company["bank_account_number"] if transfer else "",
        **extra,
    )


@transaction.atomic
def invoice_create_for_transaction(*, actor: User | None, transaction_id: int) -> tuple[InvoiceFile, bool]:
    """The invoice of a deposit (paid already: a prepayment for meals), made out to its payer. (invoice, created):
    a second call gives the first invoice back."""
    config = _config()
    row = LedgerTransaction.objects.select_related("account__user").get(pk=transaction_id)
    if row.kind != TransactionKind.DEPOSIT or row.amount <= 0:
        raise DomainError("invoice.not_a_deposit")
    issue_date = tenant_today()
    counter = _lock_counter(numbering_period(config["numbering_pattern"], issue_date))
    existing = InvoiceFile.objects.filter(kind=InvoiceKind.TRANSACTION, transaction=row).first()
    if existing is not None:
        return existing, False
    user = row.account.user
    document = _document(
        config=config,
        number=_take_number(counter, config["numbering_pattern"], issue_date),
        issue_date=issue_date,
        sale_date=row.booked_on,
        buyer=user_party(user),
        lines=[Line(DEPOSIT_LINE, Decimal(1), row.amount, config["default_vat_rate"])],
        payment_method="prepaid",
        paid=True,
    )
    invoice = _save(
        actor=actor,
        kind=InvoiceKind.TRANSACTION,
        month=row.booked_on.replace(day=1),
        document=document,
        transaction_row=row,
        user=user,
    )
    return invoice, True


def _meal_lines(meals: list[selectors.MealsLine], vat_rate: str, month: date) -> list[Line]:
    label = f"{month:%m.%Y}"
    return [Line(f"{meal.meal_type} ({label})", Decimal(meal.count), meal.unit_price, vat_rate) for meal in meals]


@transaction.atomic
def invoice_create_for_user(*, actor: User | None, user: User, month: date) -> tuple[InvoiceFile, bool]:
    """The invoice of the meals delivered in `month` to a parent's children or to a worker (paid from their
    balance). (invoice, created): a second call for the month gives the first back."""
    config = _config()
    month = month.replace(day=1)
    issue_date = tenant_today()
    counter = _lock_counter(numbering_period(config["numbering_pattern"], issue_date))
    existing = InvoiceFile.objects.filter(kind=InvoiceKind.USER, user=user, month=month).first()
    if existing is not None:
        return existing, False
    meals = selectors.delivered_meals(month=month, items=selectors.user_items(user))
    if not meals:
        raise DomainError("invoice.nothing_to_invoice", field="month")
    document = _document(
        config=config,
        number=_take_number(counter, config["numbering_pattern"], issue_date),
        issue_date=issue_date,
        sale_date=min(_month_end(month), issue_date),
        buyer=user_party(user),
        lines=_meal_lines(meals, config["default_vat_rate"], month),
        payment_method="prepaid",
        paid=True,
        period=(month, _month_end(month)),
    )
    return _save(actor=actor, kind=InvoiceKind.USER, month=month, document=document, user=user), True


@transaction.atomic
def invoice_create_for_institution(
    *, actor: User | None, institution: Institution, month: date
) -> tuple[InvoiceFile, bool]:
    """The invoice of the meals delivered in `month` to an institution's children and workers, to its buyer (a
    gmina, with the institution as recipient, or the institution), paid by transfer by the due date."""
    config = _config()
    month = month.replace(day=1)
    issue_date = tenant_today()
    counter = _lock_counter(numbering_period(config["numbering_pattern"], issue_date))
    existing = InvoiceFile.objects.filter(kind=InvoiceKind.INSTITUTION, institution=institution, month=month).first()
    if existing is not None:
        return existing, False
    meals = selectors.delivered_meals(month=month, items=selectors.institution_items(institution.pk))
    if not meals:
        raise DomainError("invoice.nothing_to_invoice", field="month")
    buyer, recipient = institution_parties(institution)
    document = _document(
        config=config,
        number=_take_number(counter, config["numbering_pattern"], issue_date),
        issue_date=issue_date,
        sale_date=min(_month_end(month), issue_date),
        buyer=buyer,
        recipient=recipient,
        lines=_meal_lines(meals, config["default_vat_rate"], month),
        period=(month, _month_end(month)),
    )
    invoice = _save(actor=actor, kind=InvoiceKind.INSTITUTION, month=month, document=document, institution=institution)
    return invoice, True


def invoice_upload_limit() -> int:
    """The largest invoice file accepted: the tenant's upload limit."""
    return upload_max_file_size()


@transaction.atomic
def invoice_upload(
    *,
    actor: User | None,
    upload: UploadedFile,
    number: str,
    month: date,
    user: User | None = None,
    institution: Institution | None = None,
    gross: Decimal | None = None,
) -> InvoiceFile:
    """An invoice made elsewhere (PDF, JPG or PNG, checked by its bytes), under its own number (unique among the
    tenant's invoices), for a user or an institution or neither."""
    kind = validate_upload(upload, field="file", allowed=UPLOAD_TYPES, limit=invoice_upload_limit())
    number = number.strip()
    if InvoiceFile.objects.filter(number=number).exists():
        raise DomainError("invoice.number_taken", field="number")
    invoice = InvoiceFile(
        kind=InvoiceKind.UPLOADED,
        number=number,
        month=month.replace(day=1),
        issue_date=tenant_today(),
        user=user,
        institution=institution,
        buyer={},
        gross=gross or Decimal("0.00"),
        file_kind=kind,
        original_name=(upload.name or "")[:255],
        created_by=actor,
    )
    store_upload(invoice.file, upload, kind=kind)
    invoice.save()
    audit_record(actor=actor, action="invoice.upload", target=invoice, data={"number": number})
    return invoice


@transaction.atomic
def invoice_mark_paid(*, actor: User | None, invoice_id: int) -> InvoiceFile:
    """Marking a paid invoice again changes nothing (a double click)."""
    invoice = InvoiceFile.objects.select_for_update().get(pk=invoice_id)
    if invoice.paid_at is not None:
        return invoice
    invoice.paid_at = timezone.now()
    invoice.paid_by = actor
    invoice.save(update_fields=["paid_at", "paid_by", "updated_at"])
    audit_record(actor=actor, action="invoice.paid", target=invoice, data={"number": invoice.number})
    return invoice


@transaction.atomic
def invoice_delete(*, actor: User | None, invoice_id: int) -> None:
    """Remove an invoice and its files (its KSeF UPO too). Its number is not given again (a later invoice takes the
    next one): the office deletes a wrong invoice knowing the series keeps the gap, and the audit trail says which
    it was."""
    invoice = InvoiceFile.objects.select_for_update().get(pk=invoice_id)
    names = [field.name for field in (invoice.file, invoice.ksef_upo) if field.name]
    storage = invoice.file.storage
    audit_record(
        actor=actor,
        action="invoice.delete",
        target=invoice,
        data={"number": invoice.number, "kind": invoice.kind, "gross": str(invoice.gross)},
    )
    invoice.delete()
    for name in names:
        transaction.on_commit(lambda name=name: storage.delete(name))


# KSeF --------------------------------------------------------------------------------------------------------

KSEF_TASK = "kantyna.invoices.tasks.ksef_send"
KSEF_QUEUE = "ksef"
# Pauses (seconds) between asking KSeF about a sent invoice still being processed: a few minutes apart, growing,
# then the invoice is failed (it may be sent again; KSeF's number, if it comes, is in KSeF under the reference).
KSEF_POLL_DELAYS = (60, 120, 240, 480, 900, 1800)
KSEF_FIELDS = ["ksef_state", "ksef_reference", "ksef_number", "ksef_error", "sent_at"]


def _ksef_config() -> dict:
    config = settings_get("invoices_config")
    if not config["ksef_enabled"]:
        raise DomainError("invoice.ksef_disabled")
    if django_settings.KSEF_CLIENT != "fake" and not config["ksef_token"]:
        raise DomainError("invoice.ksef_token_missing")
    return config


def _defer_ksef(invoice_id: int, *, attempt: int = 0, delay: int = 0) -> None:
    """The invoice's KSeF job, on commit of the caller's transaction (the job row is written in it). At most one
    waits per invoice."""
    slug = current_tenant_slug()
    lock = f"ksef-{slug}-{invoice_id}"
    configure = {"name": KSEF_TASK, "queue": KSEF_QUEUE, "lock": lock, "queueing_lock": lock}
    if delay:
        configure["schedule_in"] = {"seconds": delay}
    defer_unless_waiting(app.configure_task(**configure), slug=slug, invoice_id=invoice_id, attempt=attempt)


@transaction.atomic
def invoice_send_to_ksef(*, actor: User | None, invoice_id: int) -> InvoiceFile:
    """Queue the invoice for KSeF (`tasks.ksef_send` sends it and asks for its KSeF number). An invoice being sent
    or accepted already is not sent again (a double click, two office workers at once: the row lock orders them);
    an accepted one still without its UPO has the job ask KSeF for the UPO again (nothing sent); a rejected or
    failed one is sent anew. The XML is written first, so an invoice KSeF cannot take is refused here, with its
    reason, and nothing is queued."""
    _ksef_config()
    invoice = InvoiceFile.objects.select_for_update(of=("self",)).select_related("institution").get(pk=invoice_id)
    if invoice.ksef_state == KsefState.ACCEPTED and not invoice.ksef_upo:
        _defer_ksef(invoice.pk)  # its UPO is asked for again (after the job's last try); nothing is sent
        return invoice
    if invoice.ksef_state in (KsefState.SENDING, KsefState.ACCEPTED):
        return invoice
    selectors.invoice_ksef_xml(invoice)
    invoice.ksef_state = KsefState.SENDING
    invoice.ksef_reference = ""
    invoice.ksef_number = ""
    invoice.ksef_error = ""
    invoice.sent_at = None
    invoice.save(update_fields=[*KSEF_FIELDS, "updated_at"])
    audit_record(actor=actor, action="invoice.ksef_send", target=invoice, data={"number": invoice.number})
    _defer_ksef(invoice.pk)
    return invoice


def _ksef_finish(invoice: InvoiceFile, state: str, *, number: str = "", error: str = "") -> None:
    invoice.ksef_state = state
    invoice.ksef_number = number
    invoice.ksef_error = error[:2000]
    invoice.save(update_fields=[*KSEF_FIELDS, "updated_at"])
    audit_record(
        actor=None,
        action="invoice.ksef_accepted"
        if state == KsefState.ACCEPTED
        else ("invoice.ksef_rejected" if state == KsefState.REJECTED else "invoice.ksef_failed"),
        target=invoice,
        data={"number": invoice.number, "ksef_number": number, "error": invoice.ksef_error},
    )


def _ksef_keep_upo(invoice: InvoiceFile, upo: bytes | None, *, attempt: int) -> None:
    """Store the accepted invoice's UPO; without one (KSeF has not made it yet, it could not be fetched, what came
    is no XML, the storage failed) the invoice stays accepted and the job asks again later (`KSEF_POLL_DELAYS`,
    counted by `attempt` from 0 at acceptance), only for the UPO. Writes in a savepoint: a failure here never
    undoes the accepted state, nor the reference that keeps the invoice from being sent twice."""
    if is_xml(upo):
        try:
            with transaction.atomic():
                invoice.ksef_upo.save(f"{uuid.uuid4().hex}.xml", ContentFile(upo), save=False)
                invoice.save(update_fields=["ksef_upo", "updated_at"])
        except OSError:
            logger.warning("the KSeF UPO of invoice %s could not be stored", invoice.pk, exc_info=True)
            invoice.ksef_upo = None
        else:
            return
    if attempt < len(KSEF_POLL_DELAYS):
        _defer_ksef(invoice.pk, attempt=attempt + 1, delay=KSEF_POLL_DELAYS[attempt])
    else:
        # Sending it to KSeF again asks anew (services.invoice_send_to_ksef), never sending the invoice.
        logger.warning("KSeF gave no UPO of invoice %s (%s) after %s tries", invoice.pk, invoice.ksef_number, attempt)


def _ksef_fetch_upo(invoice: InvoiceFile, *, attempt: int) -> None:
    """An accepted invoice's UPO asked for again (the job's run after an acceptance without it)."""
    config = settings_get("invoices_config")
    nip = settings_get("company_details")["vat_id"]
    try:
        upo = ksef_client(nip=nip, token=config["ksef_token"]).upo(invoice.ksef_reference, invoice.ksef_number)
    except (KsefError, DomainError):
        logger.warning("the KSeF UPO of invoice %s is not available yet", invoice.pk, exc_info=True)
        upo = None
    _ksef_keep_upo(invoice, upo, attempt=attempt)


@transaction.atomic
def invoice_ksef_process(*, invoice_id: int, attempt: int = 0) -> str:
    """The job's step: send the invoice when it has no reference yet, then ask KSeF about it. Accepted: its KSeF
    number is stored, and its UPO (else asked for again later, `_ksef_keep_upo`); rejected or unsendable: why;
    still processing: asked again later (`KSEF_POLL_DELAYS`), then failed. An accepted invoice without its UPO only
    has the UPO asked for. Runs under the invoice's row lock, so two runs never send it twice. Returns the state."""
    invoice = (
        InvoiceFile.objects.select_for_update(of=("self",)).select_related("institution").filter(pk=invoice_id).first()
    )
    if invoice is not None and invoice.ksef_state == KsefState.ACCEPTED and not invoice.ksef_upo:
        _ksef_fetch_upo(invoice, attempt=attempt)
        return invoice.ksef_state
    if invoice is None or invoice.ksef_state != KsefState.SENDING:
        return invoice.ksef_state if invoice else "gone"
    config = settings_get("invoices_config")
    nip = settings_get("company_details")["vat_id"]
    try:
        client = ksef_client(nip=nip, token=config["ksef_token"])
        if not invoice.ksef_reference:
            xml = selectors.invoice_ksef_xml(invoice)
            invoice.ksef_reference = client.send(xml).reference_number
            invoice.sent_at = timezone.now()
            invoice.save(update_fields=["ksef_reference", "sent_at", "updated_at"])
        answer = client.status(invoice.ksef_reference)
    except KsefInvalidInvoice as error:
        _ksef_finish(invoice, KsefState.REJECTED, error=str(error))
        return invoice.ksef_state
    except (KsefError, DomainError) as error:
        _ksef_finish(invoice, KsefState.FAILED, error=str(error))
        return invoice.ksef_state
    if answer.state == KsefClientState.ACCEPTED:
        _ksef_finish(invoice, KsefState.ACCEPTED, number=answer.ksef_number)
        _ksef_keep_upo(invoice, answer.upo, attempt=0)
    elif answer.state == KsefClientState.REJECTED:
        _ksef_finish(invoice, KsefState.REJECTED, error=f"{answer.code or ''} {answer.description}".strip())
    elif attempt < len(KSEF_POLL_DELAYS):
        _defer_ksef(invoice.pk, attempt=attempt + 1, delay=KSEF_POLL_DELAYS[attempt])
    else:
        _ksef_finish(invoice, KsefState.FAILED, error="KSeF did not answer in time")
    return invoice.ksef_state
