"""Test data made through the real services, so tests exercise the same code paths as the API."""

from __future__ import annotations

import itertools

from kantyna.core.permissions import PERMISSIONS, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT, ROLES
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant

DEFAULT_PASSWORD = "Secret-pass-123"
_sequence = itertools.count(1)


def unique_email(prefix: str = "user") -> str:
    return f"{prefix}{next(_sequence)}@example.test"


def make_user(
    tenant: Tenant,
    *roles: str,
    permissions=(),
    email: str | None = None,
    password: str = DEFAULT_PASSWORD,
    **fields,
):
    """Create a user of `tenant` (a parent when no role is given) through `users.services.user_create`.

    The global account is reused when `email` already has one (the password then stays the account's)."""
    from kantyna.users.services.accounts import user_create

    roles = roles or (ROLE_PARENT,)
    fields.setdefault("first_name", "Test")
    fields.setdefault("last_name", f"User {next(_sequence)}")
    with in_tenant(tenant):
        user = user_create(
            actor=None,
            email=email or unique_email(roles[0].removeprefix("ROLE_").lower().replace("_", "-")),
            roles=list(roles),
            permissions=list(permissions),
            password=password,
            **fields,
        )
        user.account  # noqa: B018 - load the account while inside the schema's connection state
    return user


def make_role_user(tenant: Tenant, role: str, **kwargs):
    """One user holding only `role`. An institutions admin gets no permission unless `permissions` says."""
    return make_user(tenant, role, **kwargs)


def make_role_users(tenant: Tenant, roles=ROLES) -> dict:
    """`{role: user}` with one user per role (ROLE_USERS), for per-role permission tests."""
    return {role: make_role_user(tenant, role) for role in roles}


ALL_PERMISSIONS = tuple(PERMISSIONS)
INSTITUTIONS_ADMIN = ROLE_INSTITUTIONS_ADMIN
