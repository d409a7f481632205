from __future__ import annotations

from kantyna.identity.models import Account
from kantyna.users.models import User


def user_get_active_for_account(*, account: Account) -> User | None:
    user = User.objects.filter(account=account, is_active=True).first()
    if user is not None:
        user.account = account  # already loaded by the caller: spare a query
    return user


def user_status(user: User) -> str:
    if user.archived_at is not None:
        return "archived"
    return "active" if user.is_active else "inactive"
