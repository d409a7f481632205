"""Writes on tenant users. Each is atomic and leaves an audit entry."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.permissions import PERMISSIONS, ROLES, effective_permissions
from kantyna.core.services import model_update
from kantyna.identity.models import Account
from kantyna.identity.services import account_password_verify, account_set_password, token_revoke
from kantyna.identity.tokens import IssuedToken
from kantyna.users.models import User


@transaction.atomic
def user_create(
    *,
    actor: User | None,
    email: str,
    first_name: str,
    last_name: str,
    roles: list[str],
    permissions: list[str] | None = None,
    password: str | None = None,
    locale: str = "pl",
    **fields,
) -> User:
    """Create this tenant's user for an e-mail, reusing the global account when it exists (one login)."""
    unknown = [role for role in roles if role not in ROLES]
    if unknown or not roles:
        if unknown:
            raise DomainError("user.unknown_role", field="roles")
        raise DomainError("user.role_required", field="roles")
    bad = [p for p in permissions or [] if p not in PERMISSIONS]
    if bad:
        raise DomainError("user.unknown_permission", field="permissions")
    account = Account.objects.filter(email=Account.objects.normalize(email)).first()
    if account is None:
        account = Account.objects.create_user(email=email, password=password, locale=locale)
    elif User.objects.filter(account=account).exists():
        raise DomainError("user.email_taken", field="email_address")
    user = User.objects.create(
        account=account,
        first_name=first_name,
        last_name=last_name,
        roles=roles,
        permissions=effective_permissions(roles, permissions or []) if "ROLE_INSTITUTIONS_ADMIN" in roles else [],
        **fields,
    )
    audit_record(actor=actor, action="user.create", target=user, data={"roles": roles})
    return user


@transaction.atomic
def user_set_locale(*, user: User, locale: str) -> None:
    Account.objects.filter(pk=user.account_id).update(locale=locale)
    user.account.locale = locale
    audit_record(actor=user, action="user.locale", target=user, data={"locale": locale})


@transaction.atomic
def user_update_profile(*, user: User, section: str, **fields) -> User:
    """Update one profile section (phone numbers, invoices, notifications or calendar settings)."""
    model_update(instance=user, fields=fields, data=fields)
    audit_record(actor=user, action=f"user.profile.{section}", target=user)
    return user


def user_change_password(*, user: User, current_password: str, password: str, ip_address: str | None) -> IssuedToken:
    """The current password is checked through the sign-in's throttle (429 past its limits)."""
    account = user.account
    if not account_password_verify(account=account, password=current_password, ip_address=ip_address):
        raise DomainError("user.current_password_wrong", field="current_password")
    with transaction.atomic():
        issued = account_set_password(account=account, password=password)
        audit_record(actor=user, action="user.password", target=user)
    return issued


def user_delete_own_account(*, user: User, password: str, token_claims: dict, ip_address: str | None) -> None:
    """A customer leaves this tenant: the user is deactivated (history stays for the ledger) and the
    token used is revoked. The global account remains for the customer's other tenants. The password is
    checked through the sign-in's throttle, before the transaction, so that a wrong one stays counted."""
    if not account_password_verify(account=user.account, password=password, ip_address=ip_address):
        raise DomainError("user.password_wrong", field="password")
    with transaction.atomic():
        user.is_active = False
        user.deactivated_at = timezone.now()
        user.save(update_fields=["is_active", "deactivated_at", "updated_at"])
        token_revoke(jti=token_claims["jti"], expires_at=token_claims["expires_at"])
        audit_record(actor=user, action="user.delete_own_account", target=user)
