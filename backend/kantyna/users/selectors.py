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
    """The customer's balance. The ledger issue replaces this with the cached ledger balance."""
    return Decimal("0.00")


def user_active_orders_amount(*, user: User) -> Decimal:
    """Total gross amount of the user's active orders. The ordering issue replaces this with a real sum."""
    return Decimal("0.00")
