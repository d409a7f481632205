"""Reads of the ledger: balances, the visible part of the ledger for a caller, filtered transaction lists,
totals and month reports. Reports are set-based (one grouped query), never one query per payer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import connection
from django.db.models import Count, DecimalField, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce, TruncMonth
from django.utils.translation import gettext_lazy as _

from kantyna.core.dates import month_bounds
from kantyna.core.money import to_grosze
from kantyna.core.permissions import CUSTOMER_ROLES, ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.core.prepared import PreparedQuery
from kantyna.identity.models import Account
from kantyna.ledger.fiscal_states import with_fiscal_probe
from kantyna.ledger.models import LedgerAccount, LedgerTransaction, TransactionKind
from kantyna.people.models import Child, WorkerProfile
from kantyna.people.reach import Reach
from kantyna.tenant_settings.selectors import settings_get
from kantyna.users.models import User

ZERO = Decimal("0.00")
MONEY = DecimalField(max_digits=14, decimal_places=2)
KIND_VALUES = [kind.value for kind in TransactionKind]


def _sum(expression="amount", **condition):
    return Coalesce(Sum(expression, filter=Q(**condition) if condition else None), Value(ZERO), output_field=MONEY)


# --- balances -------------------------------------------------------------------------------------------------


# Compiled once per process (core.prepared): every marking answers the payer's balance. Grouped by the one payer
# (a prepared query is a `values_list`): one row, or none without an account.
_BALANCE = PreparedQuery(
    lambda user_id: (
        LedgerAccount.objects.filter(user_id=user_id)
        .values("user_id")
        .annotate(total=Sum("balance"))
        .order_by()
        .values_list("total")
    )
)


def ledger_balance(user: User | int) -> Decimal:
    """The payer's balance: the cached balances of all their accounts (one per child when kept per child)."""
    user_id = user.pk if isinstance(user, User) else user
    rows = _BALANCE(user_id=user_id)
    return to_grosze((rows[0][0] if rows else None) or ZERO)


def ledger_last_month_unpaid(user_ids, today: date) -> set[int]:
    """The payers (of `user_ids`) whose ledger closed last month below zero and who have not paid it since: the
    closing balance plus every credit (deposit, refund, positive correction) booked this month is still below
    zero. This month's charges do not count against it: they are this month's, not last month's (one query)."""
    month_start = today.replace(day=1)
    rows = (
        LedgerTransaction.objects.filter(account__user_id__in=user_ids)
        .values("account__user_id")
        .annotate(
            closing=_sum(booked_on__lt=month_start),
            paid_since=_sum(booked_on__gte=month_start, amount__gt=0),
        )
        .filter(closing__lt=0)
        .order_by()
    )
    return {row["account__user_id"] for row in rows if row["closing"] + row["paid_since"] < 0}


def ledger_balance_for(account: LedgerAccount) -> Decimal:
    return LedgerAccount.objects.values_list("balance", flat=True).get(pk=account.pk)


def ledger_balance_mismatches() -> list[dict]:
    """Accounts whose cached balance differs from SUM(amount) of their transactions (one query)."""
    return list(
        LedgerAccount.objects.annotate(total=_sum("transactions__amount"))
        .exclude(balance=F("total"))
        .values("id", "user_id", "child_id", "balance", "total")
        .order_by("id")
    )


def per_children_balance(parent: User) -> list[dict]:
    """The parent's balances: the account not tied to a child first (child None), then one row per child
    (0 when the child has no account yet)."""
    accounts = {account.child_id: account.balance for account in LedgerAccount.objects.filter(user=parent)}
    rows = [{"child_id": None, "child_name": "", "balance": accounts.get(None, ZERO)}]
    for child in Child.objects.filter(parent=parent).order_by("first_name", "last_name", "id"):
        rows.append({"child_id": child.pk, "child_name": str(child), "balance": accounts.get(child.pk, ZERO)})
    return rows


# --- who sees what --------------------------------------------------------------------------------------------


def institutions_q(institution_ids, *, prefix: str = "") -> Q:
    """Accounts (or, with prefix "account__", their transactions) of payers in the institutions: a child account
    of a child there, a parent's general account when one of their children is there, a worker there."""
    user_ref = OuterRef(f"{prefix}user")
    return (
        Q(**{f"{prefix}child__institution_id__in": institution_ids})
        | (
            Q(**{f"{prefix}child__isnull": True})
            & Exists(Child.objects.filter(parent=user_ref, institution_id__in=institution_ids))
        )
        | Exists(WorkerProfile.objects.filter(user=user_ref, institution_id__in=institution_ids))
    )


def visible_accounts_q(actor: User, *, prefix: str = "") -> Q:
    """What part of the ledger `actor` sees: everything (admin), their institutions' payers (institutions
    admin), their own accounts (customer); nothing otherwise."""
    reach = Reach(actor)
    if reach.everything:
        return Q()
    roles = reach.roles
    condition = Q(pk__in=[])
    if reach.is_institutions_admin:
        condition |= institutions_q(list(reach.institution_ids), prefix=prefix)
    if roles & CUSTOMER_ROLES:
        condition |= Q(**{f"{prefix}user": actor})
    return condition


def is_staff_viewer(actor: User) -> bool:
    return bool({ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN} & set(actor.roles or []))


def visible_payers(actor: User) -> QuerySet[User]:
    """Payers (parents and workers) the actor may see balances of."""
    return Reach(actor).payers()


# --- transaction lists ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TransactionFilters:
    user_id: int | None = None
    child_id: int | None = None
    kind: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    institution_id: int | None = None
    search: str = ""


def transactions_visible(actor: User) -> QuerySet[LedgerTransaction]:
    return LedgerTransaction.objects.filter(visible_accounts_q(actor, prefix="account__"))


def transactions_filter(queryset: QuerySet[LedgerTransaction], filters: TransactionFilters) -> QuerySet:
    if filters.user_id:
        queryset = queryset.filter(account__user_id=filters.user_id)
    if filters.child_id:
        queryset = queryset.filter(account__child_id=filters.child_id)
    if filters.kind:
        queryset = queryset.filter(kind=filters.kind)
    if filters.date_from:
        queryset = queryset.filter(booked_on__gte=filters.date_from)
    if filters.date_to:
        queryset = queryset.filter(booked_on__lte=filters.date_to)
    if filters.institution_id:
        queryset = queryset.filter(institutions_q([filters.institution_id], prefix="account__"))
    for word in filters.search.split():
        queryset = queryset.filter(
            Q(account__user__first_name__icontains=word)
            | Q(account__user__last_name__icontains=word)
            | Q(account__user__account__email__icontains=word)
            | Q(account__child__first_name__icontains=word)
            | Q(account__child__last_name__icontains=word)
            | Q(description__icontains=word)
            | Q(idempotency_key__icontains=word)
        )
    return queryset


def transactions_list(*, actor: User, filters: TransactionFilters) -> QuerySet[LedgerTransaction]:
    """Rows with what the list shows (payer, child, author, the sum of their corrections, whether any may have a
    fiscal state: `fiscal_states.with_fiscal_probe`) in one query."""
    corrections = (
        LedgerTransaction.objects.filter(corrects=OuterRef("pk"))
        .values("corrects")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    return with_fiscal_probe(
        transactions_filter(transactions_visible(actor), filters)
        .select_related("account__user", "account__child", "author")
        .annotate(
            corrections_total=Coalesce(Subquery(corrections, output_field=MONEY), Value(ZERO), output_field=MONEY)
        )
    )


def transactions_totals(*, actor: User, filters: TransactionFilters) -> dict:
    """Sums per kind and the total of the filtered rows, with their count (one query)."""
    queryset = transactions_filter(transactions_visible(actor), filters)
    totals = queryset.aggregate(count=Count("pk"), total=_sum(), **{kind: _sum(kind=kind) for kind in KIND_VALUES})
    return {"count": totals.pop("count"), "total": totals.pop("total"), "by_kind": totals}


# --- payers and reports ---------------------------------------------------------------------------------------


def payers_with_balance(
    *,
    actor: User,
    search: str = "",
    institution_id: int | None = None,
    negative: bool = False,
    below: Decimal | None = None,
) -> QuerySet[User]:
    """Payers with `balance` (sum of their cached account balances) annotated, in one query. The balance is a
    correlated subquery, not a join grouped per payer: a page (ORDER BY name LIMIT 20) computes it for its own
    rows only and the count leaves it out, where the grouped join summed every payer's accounts for each."""
    balances = (
        LedgerAccount.objects.filter(user=OuterRef("pk")).order_by().values("user").annotate(total=Sum("balance"))
    )
    queryset = (
        visible_payers(actor)
        .select_related("account")
        .annotate(balance=Coalesce(Subquery(balances.values("total")), Value(ZERO), output_field=MONEY))
    )
    if institution_id:
        queryset = queryset.filter(
            Exists(Child.objects.filter(parent=OuterRef("pk"), institution_id=institution_id))
            | Exists(WorkerProfile.objects.filter(user=OuterRef("pk"), institution_id=institution_id))
        )
    for word in search.split():
        queryset = queryset.filter(
            Q(first_name__icontains=word) | Q(last_name__icontains=word) | Q(account__email__icontains=word)
        )
    if negative:
        queryset = queryset.filter(balance__lt=0)
    if below is not None:
        queryset = queryset.filter(balance__lt=below)
    return queryset.order_by("last_name", "first_name", "pk")


END_OF_MONTH_COLUMNS = (
    "user_id",
    "first_name",
    "last_name",
    "email",
    "opening_balance",
    "deposits",
    "charges",
    "corrections",
    "balance",
)


@dataclass(frozen=True)
class EndOfMonthPage:
    total: int
    rows: list[tuple]  # END_OF_MONTH_COLUMNS; the amounts as text with 2 decimals ("-12.50")


def end_of_month_balances(
    *,
    actor: User,
    month: date,
    search: str = "",
    institution_id: int | None = None,
    negative: bool = False,
    offset: int = 0,
    limit: int | None = None,
) -> EndOfMonthPage:
    """Each visible payer's balance at the end of `month` from booked_on (not the cached balance), with the
    month's movements, by last name, first name, id; `limit` rows from `offset` and the count of all.
    Payers with no row up to then are left out.

    One query: the ledger rows are aggregated per account first (a hash aggregate over the ledger alone, no
    join per row), the per-account sums are joined to their payers and summed per payer, and the count comes
    with the page (`COUNT(*) OVER ()`); only a page past the end asks for the count apart. The amounts come
    as text rounded to the grosz, so a report of 15,000 payers is not 75,000 Decimals formatted in Python."""
    first, last = month_bounds(month)
    queryset = transactions_visible(actor).filter(booked_on__lte=last)
    if institution_id:
        queryset = queryset.filter(institutions_q([institution_id], prefix="account__"))
    for word in search.split():
        queryset = queryset.filter(
            Q(account__user__first_name__icontains=word)
            | Q(account__user__last_name__icontains=word)
            | Q(account__user__account__email__icontains=word)
        )
    per_account = (
        queryset.values("account_id")
        .annotate(
            opening_balance=_sum(booked_on__lt=first),
            deposits=_sum(booked_on__gte=first, kind__in=["deposit", "refund"]),
            charges=_sum(booked_on__gte=first, kind__in=["charge", "fee", "payout"]),
            corrections=_sum(booked_on__gte=first, kind="correction"),
            balance=_sum(),
        )
        .order_by()
    )
    inner, params = per_account.query.sql_with_params()
    sums = ", ".join(f"ROUND(SUM(p.{name}), 2)::text" for name in END_OF_MONTH_COLUMNS[4:])
    per_payer = f"""
        WITH per_account AS ({inner})
        SELECT u.id, u.first_name, u.last_name, i.email, {sums}, COUNT(*) OVER ()
          FROM per_account p
          JOIN {LedgerAccount._meta.db_table} a ON a.id = p.account_id
          JOIN {User._meta.db_table} u ON u.id = a.user_id
          JOIN {Account._meta.db_table} i ON i.id = u.account_id
         GROUP BY u.id, i.id
        {"HAVING SUM(p.balance) < 0" if negative else ""}
    """
    with connection.cursor() as cursor:
        cursor.execute(
            f"{per_payer} ORDER BY u.last_name, u.first_name, u.id LIMIT %s OFFSET %s", [*params, limit, offset]
        )
        rows = cursor.fetchall()
        if rows:
            return EndOfMonthPage(total=rows[0][-1], rows=[row[:-1] for row in rows])
        if not offset:
            return EndOfMonthPage(total=0, rows=[])
        cursor.execute(f"SELECT COUNT(*) FROM ({per_payer}) counted", params)
        return EndOfMonthPage(total=cursor.fetchone()[0], rows=[])


def monthly_summaries(
    *,
    actor: User,
    date_from: date,
    date_to: date,
    user_id: int | None = None,
    child_id: int | None = None,
    institution_id: int | None = None,
) -> list[dict]:
    """Per month of the range: deposits, charges, refunds, fees, payouts, corrections and the closing balance
    (the opening balance before the range plus the running total). Two queries whatever the range."""
    first, _ = month_bounds(date_from)
    _, last = month_bounds(date_to)
    queryset = transactions_filter(
        transactions_visible(actor),
        TransactionFilters(user_id=user_id, child_id=child_id, institution_id=institution_id),
    )
    opening = queryset.filter(booked_on__lt=first).aggregate(total=_sum())["total"]
    grouped = {
        row["month"]: row
        for row in queryset.filter(booked_on__range=(first, last))
        .annotate(month=TruncMonth("booked_on"))
        .values("month")
        .annotate(total=_sum(), **{kind: _sum(kind=kind) for kind in KIND_VALUES})
        .order_by("month")
    }
    rows = []
    running = opening
    cursor = first
    while cursor <= last:
        row = grouped.get(cursor) or {}
        running += row.get("total", ZERO)
        rows.append(
            {
                "month": cursor.strftime("%Y-%m"),
                **{kind: row.get(kind, ZERO) for kind in KIND_VALUES},
                "total": row.get("total", ZERO),
                "closing_balance": running,
            }
        )
        cursor = date(cursor.year + cursor.month // 12, cursor.month % 12 + 1, 1)
    return rows


# --- bank transfer details ------------------------------------------------------------------------------------


def payer_nrb(*, bank_part: str, user_id: int) -> str:
    """The payer's individual account number (NRB): the tenant's 8-digit bank part (parents_settings.
    iban_account_number_part, left-padded with zeros), the payer id as 16 digits, and the mod-97 check digits
    computed as for an IBAN with country PL (so `core.validators.nrb_is_valid` accepts it)."""
    bban = bank_part.zfill(8) + str(user_id).zfill(16)
    check = 98 - int(bban + "252100") % 97
    return f"{check:02d}{bban}"


def payer_from_nrb(*, bank_part: str, number: str) -> int | None:
    """The payer id an individual account number (`payer_nrb`'s rule) names, or None when `number` is not one of
    this tenant's (another bank part, wrong check digits, not 26 digits). A statement line is matched by it."""
    if not bank_part or len(number) != 26 or not number.isdigit() or number[2:10] != bank_part.zfill(8):
        return None
    user_id = int(number[10:])
    return user_id if user_id and payer_nrb(bank_part=bank_part, user_id=user_id) == number else None


# The payer's reference in a transfer's title (a tenant with one static account tells payers apart by it): the
# letters then the payer id, 6 digits at least. `payer_reference` writes it, `payers_referenced` reads it back.
PAYER_REFERENCE_PREFIX = "KNT"
PAYER_REFERENCE_RE = re.compile(rf"{PAYER_REFERENCE_PREFIX}[\s/-]?(\d{{6,16}})(?!\d)", re.IGNORECASE)


def payer_reference(user_id: int) -> str:
    return f"{PAYER_REFERENCE_PREFIX}{user_id:06d}"


def payers_referenced(title: str) -> set[int]:
    """The payer ids whose reference appears in `title`."""
    return {int(number) for number in PAYER_REFERENCE_RE.findall(title or "") if int(number)}


def payer_bank_part() -> str:
    """The tenant's 8-digit bank part of individual account numbers ("" when payers share one static account)."""
    return settings_get("parents_settings").get("iban_account_number_part") or ""


def bank_transfer_details(*, user: User) -> dict:
    """What a payer needs to top up by bank transfer: the recipient, their own account number (None when the
    tenant has not set its bank part) and the title that identifies them."""

    bank_part = payer_bank_part()
    company = settings_get("company_details")
    tenant_name = getattr(getattr(connection, "tenant", None), "name", "") or ""
    return {
        "account_number": payer_nrb(bank_part=bank_part, user_id=user.pk) if bank_part else None,
        "recipient_name": company.get("name") or tenant_name,
        "recipient_address": " ".join(
            part for part in (company.get("street"), company.get("post_code"), company.get("city")) if part
        ),
        # The payer's number first: a bank statement line may be cut short, and the number identifies them.
        "title": str(_("Top-up %(number)s %(name)s")) % {"number": payer_reference(user.pk), "name": user.full_name},
        "balance": ledger_balance(user),
    }


def user_balance(*, user: User) -> Decimal:
    """The customer's balance: the cached ledger balance over all their accounts."""
    return ledger_balance(user)


RECENT_TRANSACTIONS = 10


def user_recent_transactions(*, actor: User, user: User, limit: int = RECENT_TRANSACTIONS) -> list:
    """The user's latest ledger rows that `actor` may see (the ledger's list, newest first), in one query."""
    return list(transactions_list(actor=actor, filters=TransactionFilters(user_id=user.pk))[:limit])
