"""`ledger_post_bulk`: many accounts booked in a constant number of statements (the nightly automark)."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test.utils import CaptureQueriesContext

from kantyna.audit.models import AuditEntry
from kantyna.core.api.errors import KEY_CONFLICT, as_api_error
from kantyna.core.errors import DomainError
from kantyna.core.serializers import money
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post_bulk
from kantyna.ledger.tests.helpers import book, set_settings
from kantyna.tenancy.services import in_tenant

pytestmark = pytest.mark.django_db


def charges(prefix: str, *amounts: str) -> list[LedgerEntry]:
    return [
        LedgerEntry(kind="charge", amount=-Decimal(amount), idempotency_key=f"{prefix}:{index}")
        for index, amount in enumerate(amounts)
    ]


@pytest.fixture
def payers(tenant_a, user_factory):
    users = [user_factory(tenant_a) for _ in range(3)]
    with in_tenant(tenant_a):
        yield users, [ledger_account_for(user=user) for user in users]


def post(entries_by_account, **options):
    with transaction.atomic():
        return ledger_post_bulk(actor=None, entries_by_account=entries_by_account, **options)


def test_given_entries_for_many_accounts_when_posted_then_each_account_gets_its_rows_in_order(payers):
    users, accounts = payers
    book(users[0], "deposit", "30.00")

    result = post(
        {
            accounts[0].pk: charges("a", "10.00", "7.50"),
            accounts[1].pk: [LedgerEntry(kind="deposit", amount=Decimal("20.00"), idempotency_key="b:0")],
        }
    )

    assert result.refused == [] and result.total == Decimal("2.50")
    first = result.rows[accounts[0].pk]
    assert [row.balance_after for row in first] == [Decimal("20.00"), Decimal("12.50")]
    assert all(row.pk for row in first)
    assert LedgerTransaction.objects.get(pk=first[1].pk).balance_after == Decimal("12.50")
    balances = dict(LedgerAccount.objects.values_list("pk", "balance"))
    assert balances[accounts[0].pk] == Decimal("12.50")
    assert balances[accounts[1].pk] == Decimal("20.00")
    assert balances[accounts[2].pk] == Decimal("0.00")
    assert AuditEntry.objects.filter(action="ledger.post_bulk").count() == 1
    assert ledger_balance_mismatches() == []


def test_given_the_same_batch_when_posted_again_then_nothing_new_is_booked(payers):
    users, accounts = payers
    book(users[0], "deposit", "30.00")
    batch = {accounts[0].pk: charges("a", "10.00", "5.00")}
    first = post(batch, check_funds=True)

    again = post(batch, check_funds=True)

    assert again.total == Decimal("0.00") and again.refused == []
    assert [row.pk for row in again.rows[accounts[0].pk]] == [row.pk for row in first.rows[accounts[0].pk]]
    assert LedgerTransaction.objects.filter(kind="charge").count() == 2
    assert LedgerAccount.objects.get(pk=accounts[0].pk).balance == Decimal("15.00")
    assert AuditEntry.objects.filter(action="ledger.post_bulk").count() == 1


def test_given_funded_and_unfunded_accounts_when_checked_then_only_the_unfunded_are_refused(payers):
    users, accounts = payers
    book(users[0], "deposit", "20.00")
    book(users[1], "deposit", "5.00")

    result = post(
        {
            accounts[0].pk: charges("a", "10.00", "10.00"),  # exactly to zero: allowed
            accounts[1].pk: charges("b", "4.00", "4.00"),  # 5.00 - 8.00 < 0: refused
            accounts[2].pk: charges("c", "1.00"),  # nothing deposited: refused
        },
        check_funds=True,
    )

    assert result.refused == [accounts[1].pk, accounts[2].pk]
    assert set(result.rows) == {accounts[0].pk}
    balances = dict(LedgerAccount.objects.values_list("pk", "balance"))
    assert balances == {accounts[0].pk: Decimal("0.00"), accounts[1].pk: Decimal("5.00"), accounts[2].pk: Decimal("0")}
    assert not LedgerTransaction.objects.filter(idempotency_key__startswith="b:").exists()
    assert ledger_balance_mismatches() == []


def test_given_an_allowed_debit_when_checked_then_the_floor_is_minus_the_debit(payers):
    _users, accounts = payers
    set_settings("debits_config", apply_allowed_debit=True, allowed_debit=money("10.00"))

    result = post({accounts[0].pk: charges("a", "10.00"), accounts[1].pk: charges("b", "10.01")}, check_funds=True)

    assert result.refused == [accounts[1].pk]
    assert LedgerAccount.objects.get(pk=accounts[0].pk).balance == Decimal("-10.00")


def test_without_check_funds_then_balances_may_go_negative(payers):
    _users, accounts = payers

    result = post({accounts[0].pk: charges("a", "3.00")})

    assert result.refused == [] and LedgerAccount.objects.get(pk=accounts[0].pk).balance == Decimal("-3.00")


def test_the_number_of_statements_does_not_grow_with_the_accounts(tenant_a, user_factory):
    users = [user_factory(tenant_a) for _ in range(12)]
    with in_tenant(tenant_a):
        accounts = [ledger_account_for(user=user) for user in users]
        deposits = {
            account.pk: [LedgerEntry(kind="deposit", amount=Decimal("9.00"), idempotency_key=f"d:{account.pk}")]
            for account in accounts
        }
        from django.db import connection

        with CaptureQueriesContext(connection) as captured:
            post(deposits, return_rows=False)
        # savepoint/lock/keys/insert/update/audit/release: constant, not per account
        assert len(captured.captured_queries) <= 8
        assert set(LedgerAccount.objects.values_list("balance", flat=True)) == {Decimal("9.00")}
        out = StringIO()
        call_command("ledger_check", "--schema", tenant_a.schema_name, stdout=out)
        assert "Ledger balanced" in out.getvalue()


def test_given_bad_entries_then_it_refuses(payers):
    _users, accounts = payers
    with pytest.raises(ValueError):
        post({accounts[0].pk: [LedgerEntry(kind="bogus", amount=Decimal(1), idempotency_key="x")]})
    assert post({}).rows == {}


def test_given_a_key_booked_on_another_account_when_posted_in_bulk_then_409_and_nothing_booked(payers):
    users, accounts = payers
    book(users[0], "deposit", "30.00", key="shared")

    with pytest.raises(DomainError) as raised:
        post(
            {
                accounts[1].pk: [LedgerEntry(kind="deposit", amount=Decimal("5.00"), idempotency_key="fresh")],
                accounts[2].pk: [LedgerEntry(kind="deposit", amount=Decimal("30.00"), idempotency_key="shared")],
            }
        )

    assert raised.value.code == "ledger.key_conflict"
    refused = as_api_error(raised.value)
    assert refused.status_code == 409
    assert refused.message == KEY_CONFLICT
    assert list(LedgerTransaction.objects.values_list("idempotency_key", flat=True)) == ["shared"]
    assert dict(LedgerAccount.objects.values_list("pk", "balance")) == {
        accounts[0].pk: Decimal("30.00"),
        accounts[1].pk: Decimal("0.00"),
        accounts[2].pk: Decimal("0.00"),
    }


def test_given_a_key_booked_with_the_same_account_kind_and_amount_when_posted_in_bulk_then_it_is_a_replay(payers):
    users, accounts = payers
    book(users[0], "deposit", "30.00", key="same")

    result = post({accounts[0].pk: [LedgerEntry(kind="deposit", amount=Decimal("30.00"), idempotency_key="same")]})

    assert result.total == Decimal("0.00") and result.refused == []
    assert LedgerTransaction.objects.count() == 1
