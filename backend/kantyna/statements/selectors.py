"""Reads of bank statement imports: the files with their counts (one query per page), one file's summary and
its lines filtered by what they were matched to (a constant number of queries whatever the page)."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import (
    BooleanField,
    Count,
    DecimalField,
    Exists,
    ExpressionWrapper,
    OuterRef,
    Q,
    QuerySet,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce

from kantyna.statements.models import BOOKABLE, ImportedPayment, ImportedPaymentsFile, MatchKind

ZERO = Decimal("0.00")
MONEY = DecimalField(max_digits=14, decimal_places=2)
MATCHED = (MatchKind.ACCOUNT, MatchKind.TITLE, MatchKind.MANUAL)
# The review page's filters: which match kinds each one lists.
ITEM_FILTERS = {
    "matched": MATCHED,
    "suggested": (MatchKind.SUGGESTED,),
    "unmatched": (MatchKind.NONE,),
    "already_imported": (MatchKind.ALREADY_IMPORTED,),
    "skipped": (MatchKind.SKIPPED,),
}
TO_BOOK = Q(items__match_kind__in=BOOKABLE, items__user__isnull=False)


def _counts() -> dict:
    counts = {
        f"{name}_count": Count("items", filter=Q(items__match_kind__in=kinds)) for name, kinds in ITEM_FILTERS.items()
    }
    return {
        **counts,
        "items_count": Count("items"),
        "to_book_count": Count("items", filter=TO_BOOK),
        "to_book_sum": Coalesce(Sum("items__amount", filter=TO_BOOK), Value(ZERO), output_field=MONEY),
        "booked_count": Count("items", filter=Q(items__transaction__isnull=False)),
        "booked_sum": Coalesce(
            Sum("items__amount", filter=Q(items__transaction__isnull=False)), Value(ZERO), output_field=MONEY
        ),
    }


def files_list() -> QuerySet[ImportedPaymentsFile]:
    return ImportedPaymentsFile.objects.select_related("uploaded_by", "confirmed_by").annotate(**_counts())


def file_get(pk: int) -> ImportedPaymentsFile:
    return files_list().get(pk=pk)


def possibly_imported() -> Exists:
    """Whether a credit looks like one already booked from another statement file: the same date, amount and
    sender account (not empty) under another fingerprint. The same transfer exported as MT940 and as CSV gets two
    fingerprints (the CSV carries no bank reference), so it is not recognised as already imported; this says
    "possibly already imported" for the admin to decide: the import leaves such a credit suggested, not booked,
    and skips nothing. Annotated as `possibly_imported`."""
    return (
        Exists(
            ImportedPayment.objects.filter(
                booked_on=OuterRef("booked_on"),
                amount=OuterRef("amount"),
                sender_account=OuterRef("sender_account"),
                transaction__isnull=False,
            )
            .exclude(file_id=OuterRef("file_id"))
            .exclude(fingerprint=OuterRef("fingerprint"))
        )
        & Q(amount__gt=0)
        & ~Q(sender_account="")
        & ~Q(match_kind__in=(MatchKind.ALREADY_IMPORTED, MatchKind.SKIPPED))
    )


def file_items(*, file: ImportedPaymentsFile, kind: str | None = None, search: str = "") -> QuerySet[ImportedPayment]:
    """The file's lines (with their payer and child, and `possibly_imported`) listed under `kind` (an ITEM_FILTERS
    name), searched by sender, title, account or payer name."""
    queryset = (
        file.items.select_related("user", "child")
        .annotate(possibly_imported=ExpressionWrapper(possibly_imported(), output_field=BooleanField()))
        .order_by("position")
    )
    if kind:
        queryset = queryset.filter(match_kind__in=ITEM_FILTERS[kind])
    for word in search.split():
        queryset = queryset.filter(
            Q(sender_name__icontains=word)
            | Q(title__icontains=word)
            | Q(sender_account__icontains=word)
            | Q(counter_account__icontains=word)
            | Q(user__first_name__icontains=word)
            | Q(user__last_name__icontains=word)
        )
    return queryset
