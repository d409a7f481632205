from __future__ import annotations

from decimal import Decimal

from kantyna.identity.models import Account
from kantyna.users.models import User


def user_get_active_for_account(*, account: Account) -> User | None:
    user = User.objects.filter(account=account, is_active=True).first()
    if user is not None:
        user.account = account  # already loaded by the caller: spare a query
    return user


def user_balance(*, user: User) -> Decimal:
    """The customer's balance: the cached ledger balance over all their accounts."""
    from kantyna.ledger.selectors import ledger_balance

    return ledger_balance(user)


RECENT_TRANSACTIONS = 10


def user_recent_transactions(*, actor: User, user: User, limit: int = RECENT_TRANSACTIONS) -> list:
    """The user's latest ledger rows that `actor` may see (the ledger's list, newest first), in one query."""
    from kantyna.ledger.selectors import TransactionFilters, transactions_list

    return list(transactions_list(actor=actor, filters=TransactionFilters(user_id=user.pk))[:limit])


def user_active_orders_amount(*, user: User) -> Decimal:
    """Total gross amount of the user's active orders: the prices of their live items from today on."""
    from kantyna.ordering.selectors.calendar import active_orders_amount

    return active_orders_amount(user)


def user_status(user: User) -> str:
    if user.archived_at is not None:
        return "archived"
    return "active" if user.is_active else "inactive"
