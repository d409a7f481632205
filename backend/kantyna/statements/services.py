"""Writes of bank statement imports: upload (parse, match, store the file and its lines at once, or refuse and
store nothing), change one line's match, and confirm (book every matched credit as a deposit in one transaction,
through the ledger's bulk posting: a credit's fingerprint is its deposit's idempotency key, so a transfer seen
in two statements is booked once)."""

from __future__ import annotations

from django.core.files.uploadedfile import UploadedFile
from django.db import connection, transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.core import locks
from kantyna.core.errors import DomainError
from kantyna.core.locks import advisory_xact_lock
from kantyna.core.permissions import CUSTOMER_ROLES
from kantyna.core.uploads import validate_upload
from kantyna.ledger.models import BANK_TRANSFER_REFERENCE, LedgerAccount, LedgerTransaction
from kantyna.ledger.services import LedgerEntry, balance_per_children, ledger_post_bulk
from kantyna.people.models import Child
from kantyna.statements.matching import ledger_key, statement_match
from kantyna.statements.models import BOOKABLE, FileStatus, ImportedPayment, ImportedPaymentsFile, MatchKind
from kantyna.statements.parsers import CSV_PROFILES, StatementUnreadable, parse_statement
from kantyna.statements.selectors import possibly_imported
from kantyna.tenant_settings.selectors import upload_max_file_size
from kantyna.users.models import User

REFERENCE_TYPE = BANK_TRANSFER_REFERENCE


def statement_import(
    *, actor: User, upload: UploadedFile, file_format: str | None = None, csv_profile: str = "generic"
) -> ImportedPaymentsFile:
    """Read `upload` (format given or detected), match its lines and store the file with them. A file that is not
    a statement or is damaged is refused ("statement.unreadable") before anything is written. A matched credit
    that is possibly imported already (`selectors.possibly_imported`) is only suggested."""
    validate_upload(upload, field="file", allowed=("text",), limit=upload_max_file_size())
    upload.seek(0)
    data = upload.read()
    try:
        file_format, lines = parse_statement(data, file_format=file_format, profile=csv_profile)
    except StatementUnreadable:
        raise DomainError("statement.unreadable", field="file") from None
    matches = statement_match(lines)
    with transaction.atomic():
        imported = ImportedPaymentsFile.objects.create(
            name=(upload.name or "statement")[:255],
            file_format=file_format,
            csv_profile=csv_profile if file_format == "csv" and csv_profile in CSV_PROFILES else "",
            uploaded_by=actor,
        )
        _copy_items(
            [
                (
                    imported.pk,
                    position,
                    match.fingerprint,
                    line.booked_on,
                    line.amount,
                    line.currency[:3],
                    line.sender_name[:255],
                    line.sender_account[:40],
                    line.title[:500],
                    line.counter_account[:40],
                    line.bank_reference[:100],
                    match.kind,
                    match.skip_reason,
                    match.user_id,
                    match.child_id,
                )
                for position, (line, match) in enumerate(zip(lines, matches, strict=True), start=1)
            ]
        )
        # A credit that looks booked from another file (the same transfer exported in another format has another
        # fingerprint) is not booked on its own: it waits as a suggestion, with its payer, until an admin accepts.
        imported.items.filter(match_kind__in=(MatchKind.ACCOUNT, MatchKind.TITLE)).filter(possibly_imported()).update(
            match_kind=MatchKind.SUGGESTED
        )
        audit_record(
            actor=actor,
            action="statement.import",
            target=imported,
            data={"format": file_format, "lines": len(lines)},
        )
    return imported


ITEM_COLUMNS = (
    "file_id",
    "position",
    "fingerprint",
    "booked_on",
    "amount",
    "currency",
    "sender_name",
    "sender_account",
    "title",
    "counter_account",
    "bank_reference",
    "match_kind",
    "skip_reason",
    "user_id",
    "child_id",
)


def _copy_items(rows: list[tuple]) -> None:
    """Store a statement's lines with one `COPY ... FROM STDIN` (20,000 lines: the ORM's bulk_create spends seconds
    building its INSERT)."""
    table = connection.ops.quote_name(ImportedPayment._meta.db_table)
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {table} ({', '.join(ITEM_COLUMNS)}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row(row)


def _draft(file: ImportedPaymentsFile) -> None:
    if file.status != FileStatus.DRAFT:
        raise DomainError("statement.already_confirmed")


@transaction.atomic
def statement_item_update(
    *, actor: User, item: ImportedPayment, user: User | None, child: Child | None = None
) -> ImportedPayment:
    """Set the payer a credit goes to (and the child, when balances are kept per child), or none. Only a draft
    file's credits that can be booked (not skipped, not already imported) change."""
    file = ImportedPaymentsFile.objects.select_for_update().get(pk=item.file_id)
    _draft(file)
    if item.match_kind in (MatchKind.SKIPPED, MatchKind.ALREADY_IMPORTED):
        raise DomainError("statement.item_not_bookable")
    if user is not None and not CUSTOMER_ROLES & set(user.roles or []):
        raise DomainError("ledger.not_a_payer", field="user_id")
    if child is not None and (user is None or child.parent_id != user.pk):
        raise DomainError("ledger.child_of_another_payer", field="child_id")
    if child is not None and not balance_per_children():
        child = None
    before = {"user_id": item.user_id, "child_id": item.child_id, "match_kind": item.match_kind}
    item.user, item.child = user, child
    item.match_kind = MatchKind.MANUAL if user is not None else MatchKind.NONE
    item.save(update_fields=["user", "child", "match_kind"])
    audit_record(
        actor=actor,
        action="statement.item_update",
        target=file,
        data={
            "item": item.pk,
            "before": before,
            "after": {"user_id": item.user_id, "child_id": item.child_id, "match_kind": item.match_kind},
        },
    )
    return item


def _accounts(pairs: set[tuple[int, int | None]]) -> dict[tuple[int, int | None], int]:
    """The ledger account id of each (user, child) pair, the missing ones created (three queries)."""
    users = {user_id for user_id, _child in pairs}

    def existing():
        return {
            (user_id, child_id): pk
            for pk, user_id, child_id in LedgerAccount.objects.filter(user_id__in=users).values_list(
                "pk", "user_id", "child_id"
            )
        }

    found = existing()
    missing = pairs - set(found)
    if missing:
        LedgerAccount.objects.bulk_create(
            [LedgerAccount(user_id=user_id, child_id=child_id) for user_id, child_id in sorted(missing, key=str)],
            ignore_conflicts=True,
        )
        found = existing()
    return found


def _link_deposits(file: ImportedPaymentsFile) -> int:
    """Point each line at the deposit booked for it (one UPDATE joined on the deposit's reference); how many."""
    items = connection.ops.quote_name(ImportedPayment._meta.db_table)
    ledger = connection.ops.quote_name(LedgerTransaction._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {items} AS i SET transaction_id = t.id FROM {ledger} AS t "
            "WHERE i.file_id = %s AND t.reference_type = %s AND t.reference_id = i.id AND t.kind = 'deposit'",
            [file.pk, REFERENCE_TYPE],
        )
        return cursor.rowcount


@transaction.atomic
def statement_confirm(*, actor: User, file: ImportedPaymentsFile) -> dict:
    """Book one deposit per matched credit (by account, by title, or set by hand; suggestions are not booked)
    in this transaction, with bulk queries. Credits whose key another file booked meanwhile become already
    imported. A confirmed file cannot be confirmed again. Returns the number and sum booked.

    Confirmations of one tenant run one at a time: two files holding the same transfer, matched to different
    payers, lock different accounts, so without this both would pass the key check and one would fail on the
    ledger's unique key instead of finding the transfer already imported."""
    advisory_xact_lock(locks.STATEMENT_CONFIRM)
    file = ImportedPaymentsFile.objects.select_for_update().get(pk=file.pk)
    _draft(file)
    items = list(file.items.filter(match_kind__in=BOOKABLE, user__isnull=False).order_by("position"))
    booked = set(
        LedgerTransaction.objects.filter(idempotency_key__in=[ledger_key(i.fingerprint) for i in items]).values_list(
            "idempotency_key", flat=True
        )
    )
    late = [item for item in items if ledger_key(item.fingerprint) in booked]
    items = [item for item in items if ledger_key(item.fingerprint) not in booked]
    per_child = balance_per_children()
    accounts = _accounts({(item.user_id, item.child_id if per_child else None) for item in items})
    entries: dict[int, list[LedgerEntry]] = {}
    for item in items:
        account = accounts[(item.user_id, item.child_id if per_child else None)]
        entries.setdefault(account, []).append(
            LedgerEntry(
                kind="deposit",
                amount=item.amount,
                idempotency_key=ledger_key(item.fingerprint),
                reference_type=REFERENCE_TYPE,
                reference_id=item.pk,
                description=(item.title or item.sender_name)[:500],
                booked_on=item.booked_on,
            )
        )
    result = ledger_post_bulk(actor=actor, entries_by_account=entries, audit_action=None, return_rows=False)
    booked_count = _link_deposits(file)
    # Lines whose key was booked before this file (or by another file meanwhile) are already imported.
    file.items.filter(match_kind__in=BOOKABLE, user__isnull=False, transaction__isnull=True).update(
        match_kind=MatchKind.ALREADY_IMPORTED
    )
    file.status = FileStatus.CONFIRMED
    file.confirmed_by = actor
    file.confirmed_at = timezone.now()
    file.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    summary = {"count": booked_count, "total": result.total}
    audit_record(
        actor=actor,
        action="statement.confirm",
        target=file,
        data={"count": summary["count"], "total": str(summary["total"]), "already_imported": len(late)},
    )
    return summary
