"""Reads of invoices: who reaches which (admins every one; institutions admins their institutions'; parents and
workers their own) and the delivered meals an invoice of a month bills, summed in the database."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.invoices.document import InvoiceDocument
from kantyna.invoices.ksef.errors import KsefInvalidInvoice, KsefNotApplicable
from kantyna.invoices.ksef.fa3 import fa3_xml
from kantyna.invoices.models import InvoiceFile
from kantyna.invoices.snapshots import document_from_json
from kantyna.ordering.models import LIVE, OrderItem
from kantyna.ordering.selectors.receivers import items_of_institutions
from kantyna.tenant_settings.selectors import settings_get
from kantyna.users.models import User


@dataclass(frozen=True)
class InvoiceFilters:
    month: date | None = None
    kind: str | None = None
    paid: bool | None = None
    institution_id: int | None = None
    user_id: int | None = None


def invoices_visible(*, actor: User) -> QuerySet[InvoiceFile]:
    """The invoices `actor` reaches: admins every one, institutions admins those of their institutions (not the
    families' own), parents and workers those made out to them."""
    rows = InvoiceFile.objects.select_related("user", "institution")
    roles = set(actor.roles or [])
    if ROLE_ADMIN in roles:
        return rows
    reach = Q(user=actor)
    if ROLE_INSTITUTIONS_ADMIN in roles:
        reach |= Q(institution_id__in=actor.institutions.values("pk"))
    return rows.filter(reach)


def invoices_list(*, actor: User, filters: InvoiceFilters = InvoiceFilters()) -> QuerySet[InvoiceFile]:
    """Newest first (issue date, then id), narrowed by month billed, kind, paid or not, institution and user."""
    rows = invoices_visible(actor=actor)
    if filters.month:
        rows = rows.filter(month=filters.month.replace(day=1))
    if filters.kind:
        rows = rows.filter(kind=filters.kind)
    if filters.paid is not None:
        rows = rows.filter(paid_at__isnull=not filters.paid)
    if filters.institution_id:
        rows = rows.filter(institution_id=filters.institution_id)
    if filters.user_id:
        rows = rows.filter(user_id=filters.user_id)
    return rows.order_by("-issue_date", "-id")


def invoice_document(invoice: InvoiceFile) -> InvoiceDocument | None:
    """The document an invoice was printed from (None for an uploaded file): what its KSeF XML is written from."""
    if not invoice.document:
        return None
    return document_from_json(invoice.document)


def invoice_ksef_xml(invoice: InvoiceFile) -> bytes:
    """The invoice as KSeF FA(3) XML, written from the document it was printed from (valid against the official
    schema). Refused for an uploaded file (no document), a consumer's invoice (a buyer without NIP) and one KSeF
    would refuse. The buyer is a public body (JST) when the institution's invoice buyer is marked so; an exempt
    rate's legal basis and the payment date come from the settings and the invoice as they are now."""
    document = invoice_document(invoice)
    if document is None:
        raise DomainError("invoice.ksef_uploaded_file")
    institution = invoice.institution
    public_body = bool(
        institution is not None
        and institution.invoice_buyer_is_public_body
        and invoice.recipient  # the institution was the recipient, its invoice buyer the buyer
    )
    paid_on = timezone.localdate(invoice.paid_at) if invoice.paid_at else None
    try:
        return fa3_xml(
            document,
            created_at=invoice.created_at,
            buyer_is_jst=public_body,
            exemption_basis=settings_get("invoices_config")["exemption_basis"],
            paid_on=paid_on,
        )
    except KsefNotApplicable as error:
        raise DomainError("invoice.ksef_consumer") from error
    except KsefInvalidInvoice as error:
        raise DomainError("invoice.ksef_invalid", params={"reason": str(error)}) from error


def invoice_ksef_upo(invoice: InvoiceFile) -> bytes:
    """The UPO KSeF gave the accepted invoice (its official receipt, as KSeF wrote it). Refused while there is none:
    not sent, not accepted, or accepted and the UPO not fetched yet (the KSeF job asks again)."""
    if not invoice.ksef_upo:
        raise DomainError("invoice.ksef_upo_missing")
    try:
        with invoice.ksef_upo.open("rb") as handle:
            return handle.read()
    except FileNotFoundError as error:
        raise DomainError("invoice.ksef_upo_missing") from error


@dataclass(frozen=True)
class MealsLine:
    meal_type: str
    unit_price: Decimal
    count: int

    @property
    def amount(self) -> Decimal:
        return self.unit_price * self.count


def _month_bounds(month: date) -> tuple[date, date]:
    first = month.replace(day=1)
    following = (first.replace(day=28) + timedelta(days=4)).replace(day=1)
    return first, following


def delivered_meals(*, month: date, items: QuerySet[OrderItem]) -> list[MealsLine]:
    """The live (active or served: `ordering.models.LIVE`, the rule every meal count uses) meals of `month` among
    `items` (a user's, an institution's), per meal type and the price each was charged at (a discount gives its
    own line), in the meal types' order. Their sum is what the month's meals cost, to the grosz."""
    first, following = _month_bounds(month)
    rows = (
        items.filter(LIVE, date__gte=first, date__lt=following)
        .values("meal_type__name", "meal_type__position", "meal_type_id", "price")
        .annotate(count=Count("pk"), amount=Sum("price"))
        .order_by("meal_type__position", "meal_type__name", "meal_type_id", "-price")
    )
    return [MealsLine(row["meal_type__name"], row["price"], row["count"]) for row in rows]


def institution_items(institution_id: int) -> QuerySet[OrderItem]:
    """The meals of an institution: of its children and its workers where they are now (ordering's one rule, the
    reports count the same way)."""
    return items_of_institutions({institution_id})


def user_items(user: User) -> QuerySet[OrderItem]:
    """A user's meals: of their children (a parent) and their own (a worker)."""
    return OrderItem.objects.filter(Q(child__parent=user) | Q(worker__user=user))
