"""Reads of orders files: the files with their counts and totals (one query per page), one file's rows filtered by
outcome with the people they name (a constant number of queries whatever the page)."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Count, DecimalField, Q, QuerySet, Sum, Value
from django.db.models.functions import Coalesce

from kantyna.order_imports.models import ImportedOrderRow, ImportedOrdersFile, RowStatus

ZERO = Decimal("0.00")
MONEY = DecimalField(max_digits=14, decimal_places=2)
# The report's filters: which row statuses each one lists.
ROW_FILTERS = {
    "ok": (RowStatus.OK, RowStatus.ORDERED),
    "problems": (RowStatus.PROBLEM, RowStatus.FAILED),
}


def _sum(field: str, status: str, zero=ZERO):
    return Coalesce(Sum(f"rows__{field}", filter=Q(rows__status=status)), Value(zero), output_field=MONEY)


def files_list() -> QuerySet[ImportedOrdersFile]:
    counts = {f"{status}_count": Count("rows", filter=Q(rows__status=status)) for status in RowStatus.values}
    return (
        ImportedOrdersFile.objects.select_related("uploaded_by", "confirmed_by")
        .annotate(
            **counts,
            rows_count=Count("rows"),
            to_order_items=Coalesce(Sum("rows__items_count", filter=Q(rows__status=RowStatus.OK)), 0),
            to_order_amount=_sum("amount", RowStatus.OK),
            ordered_items=Coalesce(Sum("rows__ordered_count", filter=Q(rows__status=RowStatus.ORDERED)), 0),
            ordered_amount=_sum("amount", RowStatus.ORDERED),
        )
        .order_by("-uploaded_at", "-id")
    )  # an aggregating query ignores Meta.ordering


def file_rows(*, file: ImportedOrdersFile, status: str | None = None) -> QuerySet[ImportedOrderRow]:
    """The file's rows in sheet order (`status`: a ROW_FILTERS name), with the person and meal type they named."""
    queryset = file.rows.select_related("child", "worker__user", "meal_type").order_by("position")
    if status:
        queryset = queryset.filter(status__in=ROW_FILTERS[status])
    return queryset
