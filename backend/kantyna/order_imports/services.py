"""Writes of orders files: upload (read, check, store the file with every row's outcome; nothing is ordered) and
confirm (order the OK rows through ordering's `items_place`, the one way every order is placed: the same prices,
cut-off, free days, charges and ledger rows as any admin's order).

Confirmation is one transaction holding the file's row lock (a second confirmation, even a concurrent one, waits
and then finds the file confirmed: `orders_file.already_confirmed`), with each row in its own savepoint: a row that
became invalid since the check (the cut-off passed, the child left, someone ordered that day meanwhile) is
recorded as failed with ordering's reason and the others are still ordered. Per row rather than all or nothing
because the rows are independent people's meals: one late row must not cost a whole school its lunches, and the
report says which rows were not ordered and why. Each row's order carries an idempotency key made of the file and
the row, so even without the lock a row could never be ordered twice."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError, Problem
from kantyna.order_imports.checking import CheckedRow, check_rows
from kantyna.order_imports.models import FileStatus, ImportedOrderRow, ImportedOrdersFile, RowStatus
from kantyna.order_imports.reading import RawRow, read_upload
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.tenant_settings.selectors import upload_max_file_size
from kantyna.users.models import User


def order_key(file_id: int, position: int) -> str:
    """The idempotency key of the order a file's row places."""
    return f"orders-file:{file_id}:row:{position}"


def jsonable(params) -> dict:
    return {name: value.isoformat() if isinstance(value, date) else value for name, value in dict(params).items()}


def raw_of(row: ImportedOrderRow) -> RawRow:
    return RawRow(
        position=row.position,
        card_number=row.card_number,
        first_name=row.first_name,
        last_name=row.last_name,
        institution=row.institution_name,
        classroom=row.classroom_name,
        date_text=row.date_text,
        date_to_text=row.date_to_text,
        meal_type=row.meal_type_name,
    )


def _row(file: ImportedOrdersFile, checked: CheckedRow) -> ImportedOrderRow:
    raw, subject, problem = checked.raw, checked.subject, checked.problem
    return ImportedOrderRow(
        file=file,
        position=raw.position,
        card_number=raw.card_number,
        first_name=raw.first_name,
        last_name=raw.last_name,
        institution_name=raw.institution,
        classroom_name=raw.classroom,
        date_text=raw.date_text,
        date_to_text=raw.date_to_text,
        meal_type_name=raw.meal_type,
        child=subject.child if subject is not None else None,
        worker=subject.worker if subject is not None else None,
        meal_type_id=checked.meal_type_id,
        date_from=raw.date_from,
        date_to=raw.date_to if raw.date_to_text else None,
        days=[day.isoformat() for day in checked.days] if problem is None else [],
        skipped_days=[day.isoformat() for day in checked.skipped_days],
        items_count=len(checked.days) if problem is None else 0,
        amount=checked.amount if problem is None else Decimal("0.00"),
        status=RowStatus.OK if problem is None else RowStatus.PROBLEM,
        problem_code=problem.code if problem is not None else "",
        problem_params=jsonable(problem.params) if problem is not None else {},
    )


def orders_file_upload(
    *, actor: User, upload: UploadedFile, override_cutoff: bool = False, now: datetime | None = None
) -> ImportedOrdersFile:
    """Read `upload` (XLSX or CSV), check every row and store the file with its report. A file that is too large,
    not a spreadsheet or without the template's headers is refused whole and nothing is stored. Nothing is
    ordered."""
    file_format, raws = read_upload(upload, limit=upload_max_file_size())
    checked, _lookups = check_rows(raws, now=now or timezone.now(), override=override_cutoff)
    with transaction.atomic():
        imported = ImportedOrdersFile.objects.create(
            name=(upload.name or "orders")[:255],
            file_format=file_format,
            override_cutoff=override_cutoff,
            uploaded_by=actor,
        )
        ImportedOrderRow.objects.bulk_create([_row(imported, row) for row in checked])
        ok = sum(1 for row in checked if row.ok)
        audit_record(
            actor=actor,
            action="orders_file.upload",
            target=imported,
            data={"format": file_format, "rows": len(checked), "ok": ok, "problems": len(checked) - ok},
        )
    return imported


def _fail(row: ImportedOrderRow, problem: Problem | DomainError) -> None:
    row.status = RowStatus.FAILED
    row.problem_code = problem.code
    row.problem_params = jsonable(problem.params)


@transaction.atomic
def orders_file_confirm(*, actor: User, file: ImportedOrdersFile, now: datetime | None = None) -> dict:
    """Order every OK row (checked again first: those no longer valid fail with the reason), each as one order of
    its days through `items_place`, keyed by the file and the row. A confirmed file is refused
    (`orders_file.already_confirmed`). Returns the rows ordered and failed, the meals ordered and their total."""
    file = ImportedOrdersFile.objects.select_for_update().get(pk=file.pk)
    if file.status != FileStatus.CHECKED:
        raise DomainError("orders_file.already_confirmed")
    now = now or timezone.now()
    rows = list(file.rows.filter(status=RowStatus.OK).order_by("position"))
    rechecked, lookups = check_rows([raw_of(row) for row in rows], now=now, override=file.override_cutoff)
    ordered = failed = items = 0
    total = Decimal("0.00")
    for row, checked in zip(rows, rechecked, strict=True):
        if checked.problem is not None:
            _fail(row, checked.problem)
            failed += 1
            continue
        try:
            with transaction.atomic():
                result = items_place(
                    actor=actor,
                    subject=checked.subject,
                    requests=[ItemRequest(date=day, meal_type_id=checked.meal_type_id) for day in checked.days],
                    staff_override=file.override_cutoff,
                    idempotency_key=order_key(file.pk, row.position),
                    now=now,
                    cutoff=lookups.cutoff,
                    pricer=lookups.pricer,
                )
        except DomainError as error:
            _fail(row, error)
            failed += 1
            continue
        if not result.created:  # ordered meanwhile by someone else: nothing new
            _fail(row, Problem("orders_file.already_ordered", "date", {"date": checked.days[0]}))
            failed += 1
            continue
        row.status = RowStatus.ORDERED
        row.order = result.order
        row.ordered_count = len(result.created)
        row.amount = result.total
        ordered += 1
        items += row.ordered_count
        total += row.amount
    ImportedOrderRow.objects.bulk_update(
        rows, ["status", "problem_code", "problem_params", "order", "ordered_count", "amount"]
    )
    file.status = FileStatus.CONFIRMED
    file.confirmed_by = actor
    file.confirmed_at = now
    file.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    summary = {"ordered": ordered, "failed": failed, "items": items, "total": total}
    audit_record(
        actor=actor,
        action="orders_file.confirm",
        target=file,
        data={"ordered": ordered, "failed": failed, "items": items, "total": str(total)},
    )
    return summary
