"""Writes on parents: tenant users with ROLE_PARENT. Creation reuses the global account of the e-mail
(one login across tenants); the lifecycle commands (activate, archive, passwords...) are in lifecycle.py."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_PARENT
from kantyna.core.services import model_update
from kantyna.users.history import user_has_history
from kantyna.users.models import User
from kantyna.users.services.accounts import user_create
from kantyna.users.services.lifecycle import user_activate, user_change_email, user_deactivate

PARENT_FIELDS = (
    "phone_number",
    "phone_number2",
    "bank_account_number",
    "invoices_settings",
    "internal_note",
    "payments_overdue",
)


@transaction.atomic
def parent_create(
    *, actor, email_address: str, first_name: str, last_name: str, is_active: bool = True, **fields
) -> User:
    """An e-mail already used by a user of this tenant is refused (field error, nothing created)."""
    unknown = set(fields) - set(PARENT_FIELDS)
    if unknown:
        raise TypeError(f"Unknown parent fields: {sorted(unknown)}")
    return user_create(
        actor=actor,
        email=email_address,
        first_name=first_name,
        last_name=last_name,
        roles=[ROLE_PARENT],
        is_active=is_active,
        deactivated_at=None if is_active else timezone.now(),
        **fields,
    )


@transaction.atomic
def parent_update(
    *, actor, instance: User, email_address: str | None = None, is_active: bool | None = None, **fields
) -> User:
    """`is_active`, when it changes, goes through activate / deactivate (deactivation revokes tokens)."""
    if email_address is not None:
        user_change_email(actor=actor, user=instance, email=email_address)
    model_update(instance=instance, fields=fields, data=fields)
    audit_record(actor=actor, action="user.update", target=instance, data={"fields": sorted(fields)})
    if is_active is not None and is_active != instance.is_active:
        (user_activate if is_active else user_deactivate)(actor=actor, user=instance)
    return instance


@transaction.atomic
def parent_delete(*, actor, instance: User) -> None:
    """Refused (409) when the parent has children or history (orders, transactions): archive instead.
    The global account stays: it may sign in to other tenants."""
    if instance.children.exists() or user_has_history(instance):
        raise DomainError("parent.has_history", field="id")
    audit_record(
        actor=actor,
        action="user.delete",
        target=instance,
        data={"email": instance.account.email, "name": instance.full_name, "roles": instance.roles},
    )
    instance.delete()
