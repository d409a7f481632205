"""Writes on staff accounts: administrators, cooks, institutions admins, ticket admins and report managers.
One set of services parameterised by role; the lifecycle commands are in lifecycle.py."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_INSTITUTIONS_ADMIN, effective_permissions
from kantyna.core.services import model_update
from kantyna.users.history import user_has_history
from kantyna.users.models import User
from kantyna.users.services.accounts import user_create
from kantyna.users.services.lifecycle import (
    admin_removal_check,
    user_activate,
    user_change_email,
    user_deactivate,
)

STAFF_FIELDS = ("phone_number",)


@transaction.atomic
def staff_create(
    *,
    actor,
    role: str,
    email_address: str,
    first_name: str,
    last_name: str,
    is_active: bool = True,
    permissions: list[str] | None = None,
    institutions=None,
    **fields,
) -> User:
    user = user_create(
        actor=actor,
        email=email_address,
        first_name=first_name,
        last_name=last_name,
        roles=[role],
        permissions=list(permissions or []) if role == ROLE_INSTITUTIONS_ADMIN else [],
        is_active=is_active,
        deactivated_at=None if is_active else timezone.now(),
        **{name: value for name, value in fields.items() if name in STAFF_FIELDS},
    )
    if role == ROLE_INSTITUTIONS_ADMIN and institutions:
        user.institutions.set(institutions)
    return user


@transaction.atomic
def staff_update(
    *,
    actor,
    instance: User,
    email_address: str | None = None,
    is_active: bool | None = None,
    permissions: list[str] | None = None,
    institutions=None,
    **fields,
) -> User:
    if email_address is not None:
        user_change_email(actor=actor, user=instance, email=email_address)
    is_institutions_admin = ROLE_INSTITUTIONS_ADMIN in instance.roles
    data = dict(fields)
    if permissions is not None and is_institutions_admin:
        data["permissions"] = effective_permissions(instance.roles, permissions)
    model_update(instance=instance, fields=("first_name", "last_name", *STAFF_FIELDS, "permissions"), data=data)
    if institutions is not None and is_institutions_admin:
        instance.institutions.set(institutions)
    audit_record(
        actor=actor,
        action="user.update",
        target=instance,
        data={"fields": sorted(fields), "permissions": instance.permissions if is_institutions_admin else None},
    )
    if is_active is not None and is_active != instance.is_active:
        (user_activate if is_active else user_deactivate)(actor=actor, user=instance)
    return instance


@transaction.atomic
def staff_delete(*, actor, instance: User) -> None:
    """Not oneself nor the last active administrator; refused (409) with history: deactivate instead."""
    admin_removal_check(actor=actor, user=instance)
    if user_has_history(instance):
        raise DomainError("staff.has_history", field="id")
    audit_record(
        actor=actor,
        action="user.delete",
        target=instance,
        data={"email": instance.account.email, "name": instance.full_name, "roles": instance.roles},
    )
    instance.delete()
