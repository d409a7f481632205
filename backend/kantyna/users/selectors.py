from __future__ import annotations

from kantyna.identity.models import Account
from kantyna.users.models import User


def user_get_active_for_account(*, account: Account) -> User | None:
    user = User.objects.filter(account=account, is_active=True).first()
    if user is not None:
        user.account = account  # already loaded by the caller: spare a query
    return user


def users_in_reach(*, actor: User, queryset=None):
    """Users the actor may see: everyone for an admin; for an institutions admin, parents with a child in
    one of their institutions and workers of those institutions (404 for the rest)."""
    from django.db.models import Exists, OuterRef, Q

    from kantyna.core.permissions import ROLE_ADMIN
    from kantyna.people.models import Child, WorkerProfile

    queryset = User.objects.all() if queryset is None else queryset
    if ROLE_ADMIN in actor.roles:
        return queryset
    institutions = actor.institutions.values("pk")
    child_there = Child.objects.filter(parent=OuterRef("pk"), institution__in=institutions)
    works_there = WorkerProfile.objects.filter(user=OuterRef("pk"), institution__in=institutions)
    return queryset.filter(Q(Exists(child_there)) | Q(Exists(works_there)))


def user_status(user: User) -> str:
    if user.archived_at is not None:
        return "archived"
    return "active" if user.is_active else "inactive"
