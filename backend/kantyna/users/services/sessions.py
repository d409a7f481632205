"""A sign-in as the tenants see it: which tenants the account may enter, and the `user.sign_in` audit row in each.
The credentials and the token are identity's; the users are this app's."""

from __future__ import annotations

from django_tenants.utils import schema_context

from kantyna.audit.services import audit_record
from kantyna.identity.models import Account
from kantyna.identity.services import TenantAccess, account_authenticate
from kantyna.identity.tokens import IssuedToken, token_issue
from kantyna.tenancy.models import Tenant, schema_name_for
from kantyna.tenancy.services import tenant_origin
from kantyna.users.models import User


def account_tenants(*, account: Account) -> list[TenantAccess]:
    """Tenants where the account has an active user. One query per tenant schema: sign-in only."""
    found = []
    for tenant in Tenant.objects.serving().order_by("name"):
        with schema_context(tenant.schema_name):
            if User.objects.filter(account=account, is_active=True).exists():
                found.append(TenantAccess(slug=tenant.slug, name=tenant.name, url=tenant_origin(tenant.slug)))
    return found


def session_start(*, email: str, password: str, ip_address: str | None) -> tuple[IssuedToken, list[TenantAccess]]:
    account = account_authenticate(email=email, password=password, ip_address=ip_address)
    tenants = account_tenants(account=account)
    _audit_sign_in(account=account, tenants=tenants, ip_address=ip_address)
    return token_issue(account_id=account.pk, token_version=account.token_version), tenants


def _audit_sign_in(*, account: Account, tenants: list[TenantAccess], ip_address: str | None) -> None:
    """A `user.sign_in` audit row in each tenant where the account has an active user (`users/activity`)."""
    for access in tenants:
        with schema_context(schema_name_for(access.slug)):
            user = User.objects.filter(account=account, is_active=True).first()
            if user is not None:
                user.account = account
                audit_record(actor=user, action="user.sign_in", target=user, data={"ip_address": ip_address or ""})
