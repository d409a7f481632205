"""Commands every kind of tenant user shares (parents, workers, staff): activate, deactivate, archive,
password reset e-mail, password set by staff, payments-overdue flag, user settings. Atomic and audited.

Workers' endpoints (people app) can call these too: they take the user and the actor, nothing else."""

from __future__ import annotations

from django.db import connection, transaction
from django.utils import timezone
from django_tenants.utils import schema_context

from kantyna.audit.models import AuditEntry
from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.identity.models import Account
from kantyna.identity.services import account_revoke_all_tokens, account_set_password, password_reset_request
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import current_tenant_slug
from kantyna.users.models import User


def admin_removal_check(*, actor, user: User) -> None:
    """An administrator cannot switch off or remove themselves, nor the last active administrator (409)."""
    if ROLE_ADMIN not in user.roles:
        return
    if actor is not None and actor.pk == user.pk:
        raise DomainError("admin.removes_self", field="id")
    others = (
        User.objects.select_for_update()
        .filter(roles__contains=[ROLE_ADMIN], is_active=True)
        .exclude(pk=user.pk)
        .values_list("pk", flat=True)
    )
    if not list(others):
        raise DomainError("admin.last_active", field="id")


@transaction.atomic
def user_activate(*, actor, user: User) -> User:
    """Activate; an archived user is unarchived by activation (the spec names no separate unarchive)."""
    was_archived = user.archived_at is not None
    user.is_active = True
    user.deactivated_at = None
    user.archived_at = None
    user.save(update_fields=["is_active", "deactivated_at", "archived_at", "updated_at"])
    audit_record(actor=actor, action="user.activate", target=user, data={"unarchived": was_archived})
    return user


@transaction.atomic
def user_deactivate(*, actor, user: User, action: str = "user.deactivate") -> User:
    """Deactivate and revoke every token of the account (it signs in again on its other tenants)."""
    admin_removal_check(actor=actor, user=user)
    user.is_active = False
    user.deactivated_at = user.deactivated_at or timezone.now()
    user.save(update_fields=["is_active", "deactivated_at", "updated_at"])
    account_revoke_all_tokens(account=user.account)
    audit_record(actor=actor, action=action, target=user)
    return user


@transaction.atomic
def user_archive(*, actor, user: User) -> User:
    """Archive = deactivate and mark archived; history (orders, ledger) keeps pointing at the row.
    A parent's children are not archived with them: they are archived (or moved) on their own."""
    user.archived_at = user.archived_at or timezone.now()
    user.save(update_fields=["archived_at", "updated_at"])
    return user_deactivate(actor=actor, user=user, action="user.archive")


@transaction.atomic
def user_reset_password(*, actor, user: User, locale: str | None = None) -> None:
    """E-mail the person a password reset link (valid on this tenant's sign-in site), in their language."""
    password_reset_request(
        email=user.account.email,
        tenant_slug=current_tenant_slug(),
        locale=locale or user.account.locale,
    )
    audit_record(actor=actor, action="user.reset_password", target=user)


def user_set_password(*, actor, user: User, password: str) -> None:
    """Staff set a person's password (Django's validators apply); every earlier token is revoked."""
    with transaction.atomic():
        account_set_password(account=user.account, password=password)
        audit_record(actor=actor, action="user.set_password", target=user)


@transaction.atomic
def user_set_payments_overdue(*, actor, user: User, payments_overdue: bool = True) -> User:
    user.payments_overdue = payments_overdue
    user.save(update_fields=["payments_overdue", "updated_at"])
    audit_record(actor=actor, action="user.payments_overdue", target=user, data={"payments_overdue": payments_overdue})
    return user


def _audit_many(*, actor, action: str, users: list[User], data: dict) -> None:
    AuditEntry.objects.bulk_create(
        AuditEntry(
            actor_user_id=getattr(actor, "pk", None),
            actor_email=getattr(getattr(actor, "account", None), "email", "") or "",
            action=action,
            target_type=User._meta.label_lower,
            target_id=str(user.pk),
            data=data,
        )
        for user in users
    )


@transaction.atomic
def users_bulk_payments_overdue(*, actor, users: list[User], payments_overdue: bool = True) -> int:
    """One UPDATE for all, one audit row per user (bulk_create). The caller resolved every id (all or nothing)."""
    changed = User.objects.filter(pk__in=[user.pk for user in users]).update(
        payments_overdue=payments_overdue, updated_at=timezone.now()
    )
    _audit_many(
        actor=actor,
        action="user.payments_overdue",
        users=users,
        data={"payments_overdue": payments_overdue, "bulk": True},
    )
    return changed


@transaction.atomic
def user_settings_update(*, actor, user: User, settings: dict) -> User:
    """Merge the given keys into the user's settings (e.g. can_see_prices); other keys stay."""
    user.settings = {**(user.settings or {}), **settings}
    user.save(update_fields=["settings", "updated_at"])
    audit_record(actor=actor, action="user.settings", target=user, data={"settings": settings})
    return user


@transaction.atomic
def users_settings_group_update(*, actor, users: list[User], settings: dict) -> None:
    for user in users:
        user.settings = {**(user.settings or {}), **settings}
        user.updated_at = timezone.now()
    User.objects.bulk_update(users, ["settings", "updated_at"])
    _audit_many(actor=actor, action="user.settings", users=users, data={"settings": settings, "bulk": True})


def account_used_elsewhere(*, account: Account) -> bool:
    """Whether the account has a user in another tenant (one query per tenant: only when an e-mail changes)."""

    current = connection.schema_name
    for schema in Tenant.objects.ready().exclude(schema_name=current).values_list("schema_name", flat=True):
        with schema_context(schema):
            if User.objects.filter(account_id=account.pk).exists():
                return True
    return False


@transaction.atomic
def user_change_email(*, actor, user: User, email: str) -> None:
    """Change the login e-mail of a user's account. Refused when the e-mail belongs to another account, or
    when the account also signs in to another tenant (the other tenant's data would follow the new e-mail)."""
    email = Account.objects.normalize(email)
    account = user.account
    if email == account.email:
        return
    if Account.objects.filter(email=email).exclude(pk=account.pk).exists():
        raise DomainError("user.email_taken", field="email_address")
    if account_used_elsewhere(account=account):
        raise DomainError("user.email_shared_with_other_tenants", field="email_address")
    old = account.email
    account.email = email
    account.save(update_fields=["email"])
    audit_record(actor=actor, action="user.email", target=user, data={"old": old, "new": email})
