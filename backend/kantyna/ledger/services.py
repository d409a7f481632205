"""Writes on the ledger. Everything that moves money goes through `ledger_post_bulk` (`ledger_post_many` is it
for one account): it locks the account rows in id order, skips entries whose idempotency key is already booked,
appends the rest and updates the cached balances in the same transaction. Rows are never changed or removed (a DB trigger enforces it); mistakes are fixed with
correction rows linked through `corrects`."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

from django.db import connection, transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from kantyna.audit.services import audit_record
from kantyna.core import locks
from kantyna.core.errors import DomainError
from kantyna.core.locks import advisory_xact_lock
from kantyna.core.money import money_amount
from kantyna.core.permissions import CUSTOMER_ROLES
from kantyna.core.serializers import money
from kantyna.ledger.locks import lock_ledger_account
from kantyna.ledger.models import LedgerAccount, LedgerTransaction, TransactionKind
from kantyna.ledger.signals import BELOW_ZERO, DEPOSITED, LedgerEvent, ledger_events
from kantyna.people.models import Child
from kantyna.tenant_settings.selectors import settings_get
from kantyna.users.models import User

KINDS = {choice.value for choice in TransactionKind}
_DEPOSIT = str(TransactionKind.DEPOSIT.value)  # a plain str: compared once per booked entry
# Sign of the amount a person types for a manual transaction of each kind (a correction is typed signed).
MANUAL_SIGNS = {
    TransactionKind.DEPOSIT: Decimal(1),
    TransactionKind.REFUND: Decimal(1),
    TransactionKind.PAYOUT: Decimal(-1),
    TransactionKind.FEE: Decimal(-1),
    TransactionKind.CHARGE: Decimal(-1),
}


@dataclass(frozen=True, slots=True)  # slots: a nightly run holds hundreds of thousands of them
class LedgerEntry:
    kind: str  # "deposit" | "charge" | "refund" | "fee" | "correction" | "payout"
    amount: Decimal  # signed: charges/fees/payouts negative, deposits/refunds positive
    idempotency_key: str  # unique in the tenant, e.g. f"charge:item:{item.pk}"
    reference_type: str = ""  # "order_item", "order", "payment", "user", ...
    reference_id: int | None = None
    description: str = ""
    booked_on: date | None = None  # the day it belongs to in reports (default today, tenant timezone)
    corrects_id: int | None = None  # a correction: the transaction it corrects


def _refuse_key_conflict(entry: LedgerEntry, account_id: int, booked: tuple[int, str, Decimal]) -> None:
    """A key already booked must describe the same movement (account, kind, amount): then posting it again is a
    replay. Anything else is refused (409), never answered with the other row as if it were this one."""
    if booked != (account_id, entry.kind, money_amount(entry.amount)):
        raise DomainError("ledger.key_conflict", field="idempotency_key")


def ledger_funds_floor() -> Decimal:
    """The lowest balance a payer may reach by charges: -allowed_debit when debits_config.apply_allowed_debit,
    else 0."""
    config = settings_get("debits_config")
    if not config.get("apply_allowed_debit"):
        return Decimal("0.00")
    return -abs(money_amount(config.get("allowed_debit")))


def balance_per_children() -> bool:
    return bool(settings_get("parents_settings").get("balance_per_children"))


def ledger_account_for(*, user: User, child: Child | None = None) -> LedgerAccount:
    """The payer's account; per child when parents_settings.balance_per_children is on (child ignored otherwise).
    Created on first use (concurrent first uses meet at the unique constraint and both get the same row)."""
    if child is not None and not balance_per_children():
        child = None
    if child is not None and child.parent_id != user.pk:
        raise DomainError("ledger.child_of_another_payer", field="child_id")
    account, _created = LedgerAccount.objects.get_or_create(user=user, child=child)
    return account


def ledger_post_many(
    *, actor: User | None, account: LedgerAccount, entries: list[LedgerEntry], check_funds: bool = False
) -> list[LedgerTransaction]:
    """Book `entries` on `account`, in order; returns one row per entry (the existing row for a key already booked
    with the same account, kind and amount; a key booked for anything else is refused with 409).

    `ledger_post_bulk` for one account. Must be called inside transaction.atomic(). With `check_funds`, refuses
    ("ledger.insufficient_funds", nothing booked) when the new entries take money and the balance after them would fall
    below the floor (-allowed_debit when debits_config.apply_allowed_debit, else 0). One "ledger.post" audit entry
    names the keys booked."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("ledger_post_many must run inside transaction.atomic()")
    result = ledger_post_bulk(
        actor=actor, entries_by_account={account.pk: entries}, check_funds=check_funds, audit_action=None
    )
    if result.refused:
        balance, change = result.shortfalls[account.pk]
        raise DomainError("ledger.insufficient_funds", extra={"balance": money(balance), "required": money(-change)})
    if result.created:
        account.balance = result.balances[account.pk]
        audit_record(
            actor=actor,
            action="ledger.post",
            target=account,
            data={
                "keys": [row.idempotency_key for row in result.created],
                "total": str(result.total),
                "balance_after": str(account.balance),
            },
        )
    return result.rows.get(account.pk, [])


@dataclass
class BulkPostResult:
    """What `ledger_post_bulk` did: the rows per account id (existing rows for keys already booked, in entry order),
    the accounts refused for lack of funds (nothing booked on them) and the total booked."""

    rows: dict[int, list[LedgerTransaction]]
    refused: list[int]
    total: Decimal
    created: list[LedgerTransaction] = field(default_factory=list)  # the rows booked now, in entry order
    balances: dict[int, Decimal] = field(default_factory=dict)  # the new balance of each account booked on
    shortfalls: dict[int, tuple[Decimal, Decimal]] = field(default_factory=dict)  # refused: (balance, change)
    booked: int = 0  # the number of rows booked now (also with return_rows=False)


def _validate(entries: list[LedgerEntry]) -> None:
    for entry in entries:
        if entry.kind not in KINDS:
            raise ValueError(f"unknown ledger kind {entry.kind!r}")
        if not entry.idempotency_key:
            raise ValueError("a ledger entry needs an idempotency key")


def ledger_post_bulk(
    *,
    actor: User | None,
    entries_by_account: dict[int, list[LedgerEntry]],
    check_funds: bool = False,
    audit_action: str | None = "ledger.post_bulk",
    return_rows: bool = True,
) -> BulkPostResult:
    """Book many accounts' entries at once (the nightly automark, mass deposits): a constant number of statements
    whatever the number of accounts. Must be called inside transaction.atomic().

    Locks every account in one `SELECT ... FOR UPDATE ORDER BY id` (one order for everyone: no deadlocks with
    `ledger_post_many` or another bulk run), skips keys already booked (one query; 409 when such a row is on
    another account or of another kind or amount), inserts the new rows with
    balance_after computed per account in entry order, updates every cached balance in one
    `UPDATE ... FROM (VALUES ...)` and writes one audit row for the batch. With `check_funds`, an account whose
    balance after its new entries would fall below the floor gets nothing and its id is returned in `refused`
    (no error: the caller decides what to do with those). `return_rows=False` skips building model instances
    (`rows` is then empty): the automark books hundreds of thousands of rows and needs none back.
    `audit_action=None` leaves the audit entry to the caller (`ledger_post_many` words its own).

    A key names one movement of one account (`charge:item:{id}`, `payment:{id}`), so the account locks are what
    makes a repeated key a replay. A caller whose keys come from outside (typed by a person) could send one key
    for two accounts at once, which those locks do not serialise: it takes the key's advisory lock first
    (`transaction_create`)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("ledger_post_bulk must run inside transaction.atomic()")
    for entries in entries_by_account.values():
        _validate(entries)
    entries_by_account = {pk: entries for pk, entries in entries_by_account.items() if entries}
    if not entries_by_account:
        return BulkPostResult(rows={}, refused=[], total=Decimal("0.00"))

    account_ids = sorted(entries_by_account)
    balances = dict(
        LedgerAccount.objects.select_for_update().filter(pk__in=account_ids).order_by("pk").values_list("pk", "balance")
    )
    missing = set(account_ids) - set(balances)
    if missing:
        raise LedgerAccount.DoesNotExist(f"ledger accounts {sorted(missing)} do not exist")
    keys = [entry.idempotency_key for pk in account_ids for entry in entries_by_account[pk]]
    booked = _existing_keys(keys)
    for pk in account_ids:
        for entry in entries_by_account[pk]:
            if entry.idempotency_key in booked:
                _refuse_key_conflict(entry, pk, booked[entry.idempotency_key])
    existing_keys = set(booked)
    existing: dict[str, LedgerTransaction] = {}
    if return_rows and existing_keys:
        existing = {
            row.idempotency_key: row
            for row in LedgerTransaction.objects.filter(idempotency_key__in=list(existing_keys))
        }

    # Amounts brought to grosze once per distinct value: a nightly run books hundreds of thousands of entries over
    # a few dozen prices.
    amounts: dict[Decimal, Decimal] = {}

    def amount_of(entry: LedgerEntry) -> Decimal:
        amount = amounts.get(entry.amount)
        if amount is None:
            amount = amounts[entry.amount] = money_amount(entry.amount)
        return amount

    floor = None  # read once, when an account first takes money under check_funds
    today = timezone.localdate()
    author_id = getattr(actor, "pk", None)
    seen: set[str] = set(existing_keys)
    new_rows: list[tuple] = []
    new_balances: dict[int, Decimal] = {}
    refused: list[int] = []
    shortfalls: dict[int, tuple[Decimal, Decimal]] = {}
    total = Decimal("0.00")
    events: list[LedgerEvent] = []  # deposits and crossings below zero: none in a nightly run of charges
    for pk in account_ids:
        new_entries = []
        for entry in entries_by_account[pk]:
            if entry.idempotency_key not in seen:
                seen.add(entry.idempotency_key)
                new_entries.append(entry)
        if not new_entries:
            continue
        change = sum((amount_of(entry) for entry in new_entries), Decimal("0.00"))
        if check_funds and change < 0 and floor is None:
            floor = ledger_funds_floor()
        if check_funds and change < 0 and balances[pk] + change < floor:
            refused.append(pk)
            shortfalls[pk] = (balances[pk], change)
            for entry in new_entries:
                seen.discard(entry.idempotency_key)
            continue
        running = balances[pk]
        for entry in new_entries:
            amount = amount_of(entry)
            running += amount
            if entry.kind == _DEPOSIT:
                events.append(
                    LedgerEvent(
                        DEPOSITED, pk, amount, running, entry.reference_type, entry.reference_id, entry.idempotency_key
                    )
                )
            new_rows.append(
                (
                    pk,
                    entry.kind,
                    amount,
                    running,
                    entry.reference_type,
                    entry.reference_id,
                    entry.description[:500],
                    author_id,
                    entry.idempotency_key,
                    entry.booked_on or today,
                    entry.corrects_id,
                )
            )
        new_balances[pk] = running
        total += change
        if balances[pk] >= 0 > running:
            events.append(LedgerEvent(BELOW_ZERO, pk, change, running))

    created: dict[str, LedgerTransaction] = {}
    if new_rows:
        if return_rows:
            ids, created_at = _insert_rows(new_rows)
        else:
            _copy_rows(new_rows)
        if return_rows:
            for pk, row in zip(ids, new_rows, strict=True):
                instance = LedgerTransaction(id=pk, created_at=created_at, **dict(zip(ROW_FIELDS, row, strict=True)))
                instance._state.adding = False
                created[instance.idempotency_key] = instance
        _update_balances(new_balances)
        if audit_action is not None:
            audit_record(
                actor=actor,
                action=audit_action,
                data={
                    "accounts": len(new_balances),
                    "rows": len(new_rows),
                    "total": str(total),
                    "refused": refused[:1000],
                },
            )
    if events:
        ledger_events.send(sender=LedgerEvent, events=events)
    refused_set = set(refused)
    rows = (
        {
            pk: [created.get(entry.idempotency_key) or existing[entry.idempotency_key] for entry in entries]
            for pk, entries in entries_by_account.items()
            if pk not in refused_set
        }
        if return_rows
        else {}
    )
    return BulkPostResult(
        rows=rows,
        refused=refused,
        total=total,
        created=list(created.values()),
        balances=new_balances,
        shortfalls=shortfalls,
        booked=len(new_rows),
    )


ROW_FIELDS = (
    "account_id",
    "kind",
    "amount",
    "balance_after",
    "reference_type",
    "reference_id",
    "description",
    "author_id",
    "idempotency_key",
    "booked_on",
    "corrects_id",
)
BULK_CHUNK = 50_000


def _existing_keys(keys: list[str]) -> dict[str, tuple[int, str, Decimal]]:
    """The keys among `keys` already booked, with the (account id, kind, amount) of their rows, one
    `= ANY(array)` query per 50,000 keys."""
    table = connection.ops.quote_name(LedgerTransaction._meta.db_table)
    found: dict[str, tuple[int, str, Decimal]] = {}
    with connection.cursor() as cursor:
        for start in range(0, len(keys), BULK_CHUNK):
            cursor.execute(
                f"SELECT idempotency_key, account_id, kind, amount FROM {table} "
                "WHERE idempotency_key = ANY(%s::varchar[])",
                [keys[start : start + BULK_CHUNK]],
            )
            found.update((key, (account_id, kind, amount)) for key, account_id, kind, amount in cursor.fetchall())
    return found


# The types of ROW_FIELDS + created_at, fiscalized, for the binary COPY.
COPY_TYPES = (
    "int8",
    "varchar",
    "numeric",
    "numeric",
    "varchar",
    "int8",
    "varchar",
    "int8",
    "varchar",
    "date",
    "int8",
    "timestamptz",
    "bool",
)


def _copy_rows(rows: list[tuple]) -> None:
    """Append ledger rows with a binary `COPY ... FROM STDIN` (faster than INSERT for the nightly run's hundreds of
    thousands of rows, and no text to format and parse; no ids come back, so only when the caller wants no
    rows)."""
    table = connection.ops.quote_name(LedgerTransaction._meta.db_table)
    created_at = timezone.now()
    columns = ", ".join((*ROW_FIELDS, "created_at", "fiscalized"))
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN (FORMAT BINARY)") as copy,
    ):
        copy.set_types(COPY_TYPES)
        for row in rows:
            copy.write_row((*row, created_at, False))


def _insert_rows(rows: list[tuple]) -> tuple[list[int], datetime]:
    """Insert ledger rows with one `INSERT ... SELECT FROM unnest(...)` per 50,000 (the ORM's per-object work would
    dominate a nightly run); returns the new ids in the order of `rows` (matched by idempotency key) and the
    created_at stamped on them."""
    table = connection.ops.quote_name(LedgerTransaction._meta.db_table)
    created_at = timezone.now()
    sql = f"""
        INSERT INTO {table} (account_id, kind, amount, balance_after, reference_type, reference_id, description,
                             author_id, idempotency_key, booked_on, corrects_id, created_at, fiscalized)
        SELECT a, k, am, ba, rt, ri, de, au, ik, bo, co, %s, false
        FROM unnest(%s::bigint[], %s::varchar[], %s::numeric[], %s::numeric[], %s::varchar[], %s::bigint[],
                    %s::varchar[], %s::bigint[], %s::varchar[], %s::date[], %s::bigint[]) WITH ORDINALITY
             AS t(a, k, am, ba, rt, ri, de, au, ik, bo, co, n)
        ORDER BY n
        RETURNING id, idempotency_key
    """
    ids: list[int] = []
    with connection.cursor() as cursor:
        for start in range(0, len(rows), BULK_CHUNK):
            chunk = rows[start : start + BULK_CHUNK]
            columns = [list(column) for column in zip(*chunk, strict=True)]
            cursor.execute(sql, [created_at, *columns])
            id_of = {key: pk for pk, key in cursor.fetchall()}
            ids += [id_of[row[8]] for row in chunk]
    return ids, created_at


def _update_balances(balances: dict[int, Decimal]) -> None:
    """Set many cached balances in one `UPDATE ... FROM (VALUES ...)` per 10,000 accounts."""
    table = connection.ops.quote_name(LedgerAccount._meta.db_table)
    items = sorted(balances.items())
    with connection.cursor() as cursor:
        for start in range(0, len(items), 10_000):
            chunk = items[start : start + 10_000]
            values = ", ".join(["(%s::bigint, %s::numeric)"] * len(chunk))
            params = [value for pair in chunk for value in pair]
            cursor.execute(
                f"UPDATE {table} AS a SET balance = v.balance FROM (VALUES {values}) AS v(id, balance) "
                "WHERE a.id = v.id",
                params,
            )


def ledger_post(
    *, actor: User | None, account: LedgerAccount, entry: LedgerEntry, check_funds: bool = False
) -> LedgerTransaction:
    return ledger_post_many(actor=actor, account=account, entries=[entry], check_funds=check_funds)[0]


def _payer_check(user: User) -> None:
    if not CUSTOMER_ROLES & set(user.roles or []):
        raise DomainError("ledger.not_a_payer", field="user_id")


@transaction.atomic
def transaction_create(
    *,
    actor: User | None,
    user: User,
    kind: str,
    amount: Decimal,
    child: Child | None = None,
    description: str = "",
    booked_on: date | None = None,
    idempotency_key: str | None = None,
) -> LedgerTransaction:
    """A transaction booked by staff (transactions.edit): deposit, payout, fee or correction. `amount` is what the
    person typed: positive for deposits, payouts and fees (the sign follows the kind), signed for corrections.
    The caller's `idempotency_key` lives in its own namespace, `manual:{actor id}:{key}` (stable for the same
    person retrying), so it can never take a key the system books under (`charge:item:…`, `refund:item:…`)."""
    _payer_check(user)
    amount = money_amount(amount)
    if kind == TransactionKind.CORRECTION:
        if amount == 0:
            raise DomainError("ledger.correction_zero", field="amount")
    else:
        if amount <= 0:
            raise DomainError("ledger.amount_not_positive", field="amount")
        amount = amount * MANUAL_SIGNS[kind]
    key = f"manual:{getattr(actor, 'pk', None) or 'system'}:{idempotency_key or uuid.uuid4()}"
    # A key typed by a person may be sent for two payers at once. The account locks serialise one account's
    # writers only, so both would find the key free and the second insert would fail on its unique index (a 500).
    # Under the key's lock the second finds the first's row: a replay, or 409 for another payer or amount.
    advisory_xact_lock(locks.LEDGER_KEYS, key)
    account = ledger_account_for(user=user, child=child)
    return ledger_post(
        actor=actor,
        account=account,
        entry=LedgerEntry(
            kind=kind,
            amount=amount,
            idempotency_key=key,
            reference_type="user",
            reference_id=user.pk,
            description=description,
            booked_on=booked_on,
        ),
    )


def deposit_create(
    *,
    actor: User | None,
    user: User,
    amount: Decimal,
    child: Child | None = None,
    description: str = "",
    booked_on: date | None = None,
    idempotency_key: str | None = None,
) -> LedgerTransaction:
    """A manual deposit (cash at the office, a transfer matched by hand)."""
    return transaction_create(
        actor=actor,
        user=user,
        kind=TransactionKind.DEPOSIT,
        amount=amount,
        child=child,
        description=description,
        booked_on=booked_on,
        idempotency_key=idempotency_key,
    )


def transaction_effective_amount(row: LedgerTransaction) -> Decimal:
    """The row's amount with every correction of it applied."""
    corrected = row.corrections.aggregate(total=Sum("amount"))["total"] or Decimal("0.00")
    return row.amount + corrected


def _correction_target(row: LedgerTransaction) -> LedgerTransaction:
    if row.kind == TransactionKind.CORRECTION and row.corrects_id:
        raise DomainError("ledger.correcting_a_correction", field="id")
    return row


@transaction.atomic
def transaction_correct(
    *, actor: User | None, row: LedgerTransaction, amount: Decimal, description: str = ""
) -> LedgerTransaction:
    """Manual "edit": the transaction should have been `amount` (signed, as shown in the list). Books a correction
    row with the difference, linked through `corrects`; the original row stays as it was."""
    _correction_target(row)
    lock_ledger_account(row.account_id)
    difference = money_amount(amount) - transaction_effective_amount(row)
    if difference == 0:
        raise DomainError("ledger.amount_unchanged", field="amount")
    correction = ledger_post(
        actor=actor,
        account=row.account,
        entry=LedgerEntry(
            kind=TransactionKind.CORRECTION,
            amount=difference,
            idempotency_key=f"correction:{row.pk}:{uuid.uuid4()}",
            reference_type=row.reference_type,
            reference_id=row.reference_id,
            description=description or str(_("Correction of transaction #%(id)s") % {"id": row.pk}),
            corrects_id=row.pk,
        ),
    )
    audit_record(actor=actor, action="ledger.correct", target=row, data={"correction_id": correction.pk})
    return correction


@transaction.atomic
def transaction_reverse(*, actor: User | None, row: LedgerTransaction, description: str = "") -> LedgerTransaction:
    """Manual "delete": a correction row that cancels what is left of the transaction (its net becomes zero)."""
    _correction_target(row)
    lock_ledger_account(row.account_id)
    remaining = transaction_effective_amount(row)
    if remaining == 0:
        raise DomainError("ledger.already_reversed")
    correction = ledger_post(
        actor=actor,
        account=row.account,
        entry=LedgerEntry(
            kind=TransactionKind.CORRECTION,
            amount=-remaining,
            idempotency_key=f"reversal:{row.pk}:{uuid.uuid4()}",
            reference_type=row.reference_type,
            reference_id=row.reference_id,
            description=description or str(_("Reversal of transaction #%(id)s") % {"id": row.pk}),
            corrects_id=row.pk,
        ),
    )
    audit_record(actor=actor, action="ledger.reverse", target=row, data={"correction_id": correction.pk})
    return correction


@transaction.atomic
def registration_fee_charge(*, user: User, actor: User | None = None) -> LedgerTransaction | None:
    """The tenant's one-off registration fee (parents_settings.add_registration_fee / registration_fee), charged
    once per payer (key `fee:registration:{user.pk}`); None when the tenant charges none."""
    config = settings_get("parents_settings")
    amount = money_amount(config.get("registration_fee"))
    if not config.get("add_registration_fee") or amount <= 0:
        return None
    return ledger_post(
        actor=actor,
        account=ledger_account_for(user=user),
        entry=LedgerEntry(
            kind=TransactionKind.FEE,
            amount=-amount,
            idempotency_key=f"fee:registration:{user.pk}",
            reference_type="user",
            reference_id=user.pk,
            description=str(_("Registration fee")),
        ),
    )
