from __future__ import annotations

from kantyna.identity.models import Account
from kantyna.users.models import User


def user_get_active_for_account(*, account: Account) -> User | None:
    # One user per account (one-to-one): no ORDER BY to build on every request.
    user = next(iter(User.objects.filter(account=account, is_active=True).order_by()[:1]), None)
    if user is not None:
        user.account = account  # already loaded by the caller: spare a query
    return user


def user_status(user: User) -> str:
    if user.archived_at is not None:
        return "archived"
    return "active" if user.is_active else "inactive"
