"""The ledger's service contract: posting, idempotency, funds checks, corrections, append-only rows."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.db import transaction
from django.db.utils import DatabaseError
from django.utils import translation

from kantyna.core.api.errors import INSUFFICIENT_FUNDS, KEY_CONFLICT, as_api_error
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.selectors import ledger_balance, user_balance
from kantyna.ledger.services import (
    LedgerEntry,
    deposit_create,
    ledger_account_for,
    ledger_post_many,
    registration_fee_charge,
    transaction_correct,
    transaction_reverse,
)
from kantyna.ledger.tests.helpers import book, make_child, set_settings
from kantyna.people.selectors.history import child_has_history
from kantyna.tenancy.services import in_tenant
from kantyna.users.history import user_has_history

pytestmark = pytest.mark.django_db


@pytest.fixture
def parent(tenant_a, user_factory):
    return user_factory(tenant_a)


def test_given_entries_when_posted_then_rows_are_appended_and_the_cached_balance_follows(tenant_a, parent):
    with in_tenant(tenant_a):
        with transaction.atomic():
            account = ledger_account_for(user=parent)
            rows = ledger_post_many(
                actor=None,
                account=account,
                entries=[
                    LedgerEntry(kind="deposit", amount=Decimal("50.00"), idempotency_key="d1"),
                    LedgerEntry(
                        kind="charge",
                        amount=Decimal("-12.50"),
                        idempotency_key="c1",
                        reference_type="order_item",
                        reference_id=7,
                    ),
                ],
            )
        assert [row.balance_after for row in rows] == [Decimal("50.00"), Decimal("37.50")]
        assert rows[1].booked_on == date.today() or rows[1].booked_on is not None
        account.refresh_from_db()
        assert account.balance == Decimal("37.50")
        assert ledger_balance(parent) == Decimal("37.50")
        assert user_balance(user=parent) == Decimal("37.50")


def test_given_a_key_already_booked_when_posted_again_then_the_existing_row_is_returned_and_nothing_added(
    tenant_a, parent
):
    with in_tenant(tenant_a):
        first = book(parent, "deposit", "20.00", key="same")
        again = book(parent, "deposit", "20.00", key="same")
        assert again.pk == first.pk
        assert LedgerTransaction.objects.count() == 1
        assert ledger_balance(parent) == Decimal("20.00")


def test_given_a_key_booked_on_another_account_or_for_another_amount_when_posted_then_409_and_nothing_added(
    tenant_a, parent, user_factory
):
    other = user_factory(tenant_a)
    with in_tenant(tenant_a):
        book(parent, "refund", "12.50", key="refund:item:1")
        for user, kind, amount in (
            (other, "refund", "12.50"),
            (parent, "refund", "10.00"),
            (parent, "deposit", "12.50"),
        ):
            with pytest.raises(DomainError) as raised:
                book(user, kind, amount, key="refund:item:1")
            assert raised.value.code == "ledger.key_conflict"
            with translation.override("en"):  # the tenant's language is Polish; the texts asserted are English
                refused = as_api_error(raised.value)
            assert refused.status_code == 409
            assert refused.message == KEY_CONFLICT
            assert refused.errors == {"idempotency_key": ["This key was already used for another transaction."]}
        assert LedgerTransaction.objects.count() == 1
        assert ledger_balance(parent) == Decimal("12.50")
        assert ledger_balance(other) == Decimal("0.00")


def test_given_a_batch_with_a_duplicate_key_when_posted_then_it_is_booked_once(tenant_a, parent):
    with in_tenant(tenant_a), transaction.atomic():
        account = ledger_account_for(user=parent)
        rows = ledger_post_many(
            actor=None,
            account=account,
            entries=[LedgerEntry(kind="deposit", amount=Decimal("5"), idempotency_key="x")] * 2,
        )
        assert rows[0].pk == rows[1].pk
        assert account.balance == Decimal("5.00")


def test_given_too_little_money_when_charging_with_check_funds_then_409_and_nothing_booked(tenant_a, parent):
    with in_tenant(tenant_a):
        book(parent, "deposit", "10.00")
        with pytest.raises(DomainError) as raised:
            book(parent, "charge", "-10.01", check_funds=True)
        assert raised.value.code == "ledger.insufficient_funds"
        refused = as_api_error(raised.value)
        assert refused.message == INSUFFICIENT_FUNDS
        assert refused.status_code == 409
        assert refused.extra == {
            "balance": {"amount": "10.00", "currency": "PLN"},
            "required": {"amount": "10.01", "currency": "PLN"},
        }
        assert ledger_balance(parent) == Decimal("10.00")
        book(parent, "charge", "-10.00", check_funds=True)
        assert ledger_balance(parent) == Decimal("0.00")


def test_given_an_allowed_debit_when_charging_then_the_balance_may_go_down_to_minus_it(tenant_a, parent):
    with in_tenant(tenant_a):
        set_settings("debits_config", apply_allowed_debit=True, allowed_debit={"amount": "30.00", "currency": "PLN"})
        book(parent, "charge", "-30.00", check_funds=True)
        with pytest.raises(DomainError, match=r"ledger\.insufficient_funds"):
            book(parent, "charge", "-0.01", check_funds=True)
        assert ledger_balance(parent) == Decimal("-30.00")


def test_given_an_allowed_debit_not_applied_when_charging_then_the_floor_is_zero(tenant_a, parent):
    with in_tenant(tenant_a):
        set_settings("debits_config", apply_allowed_debit=False, allowed_debit={"amount": "30.00", "currency": "PLN"})
        with pytest.raises(DomainError, match=r"ledger\.insufficient_funds"):
            book(parent, "charge", "-1.00", check_funds=True)


def test_given_balances_per_child_when_posting_then_each_child_has_its_own_account(tenant_a, parent):
    with in_tenant(tenant_a):
        set_settings("parents_settings", balance_per_children=True)
        ola, ala = make_child(parent), make_child(parent, first_name="Ala")
        book(parent, "deposit", "10.00", child=ola)
        book(parent, "deposit", "5.00", child=ala)
        assert ledger_account_for(user=parent, child=ola).balance == Decimal("10.00")
        assert ledger_account_for(user=parent, child=ala).balance == Decimal("5.00")
        assert ledger_balance(parent) == Decimal("15.00")
        assert child_has_history(ola)


def test_given_balances_not_per_child_when_posting_for_a_child_then_the_parent_account_is_used(tenant_a, parent):
    with in_tenant(tenant_a):
        child = make_child(parent)
        assert ledger_account_for(user=parent, child=child) == ledger_account_for(user=parent)
        assert LedgerAccount.objects.filter(user=parent).count() == 1


def test_given_a_transaction_when_corrected_then_a_linked_correction_books_the_difference(
    tenant_a, parent, user_factory
):
    with in_tenant(tenant_a):
        admin = user_factory(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        deposit = deposit_create(actor=admin, user=parent, amount=Decimal("50.00"))
        correction = transaction_correct(actor=admin, row=deposit, amount=Decimal("45.00"))
        assert correction.kind == "correction"
        assert correction.amount == Decimal("-5.00")
        assert correction.corrects_id == deposit.pk
        assert ledger_balance(parent) == Decimal("45.00")
        reversal = transaction_reverse(actor=admin, row=deposit)
        assert reversal.amount == Decimal("-45.00")
        assert ledger_balance(parent) == Decimal("0.00")
        with pytest.raises(DomainError):
            transaction_reverse(actor=admin, row=deposit)
        assert user_has_history(parent) and user_has_history(admin)


def test_given_a_registration_fee_when_charged_twice_then_it_is_booked_once(tenant_a, parent):
    with in_tenant(tenant_a):
        assert registration_fee_charge(user=parent) is None
        set_settings(
            "parents_settings", add_registration_fee=True, registration_fee={"amount": "25.00", "currency": "PLN"}
        )
        first = registration_fee_charge(user=parent)
        second = registration_fee_charge(user=parent)
        assert first.pk == second.pk
        assert first.idempotency_key == f"fee:registration:{parent.pk}"
        assert ledger_balance(parent) == Decimal("-25.00")


def test_given_staff_when_a_deposit_is_made_for_them_then_it_is_refused(tenant_a, user_factory):
    with in_tenant(tenant_a):
        admin = user_factory(tenant_a, ROLE_ADMIN)
        worker = user_factory(tenant_a, ROLE_INSTITUTION_WORKER)
    with in_tenant(tenant_a):
        with pytest.raises(DomainError):
            deposit_create(actor=None, user=admin, amount=Decimal("1"))
        assert deposit_create(actor=None, user=worker, amount=Decimal("1")).amount == Decimal("1.00")


def test_given_a_booked_row_when_updated_or_deleted_in_sql_then_the_database_refuses(tenant_a, parent):
    with in_tenant(tenant_a):
        row = book(parent, "deposit", "10.00")
        with pytest.raises(DatabaseError), transaction.atomic():
            LedgerTransaction.objects.filter(pk=row.pk).update(amount=Decimal("99.00"))
        with pytest.raises(DatabaseError), transaction.atomic():
            LedgerTransaction.objects.filter(pk=row.pk).delete()
        LedgerTransaction.objects.filter(pk=row.pk).update(fiscalized=True)
        row.refresh_from_db()
        assert row.fiscalized and row.amount == Decimal("10.00")
