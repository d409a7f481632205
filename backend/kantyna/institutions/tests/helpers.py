"""Test data for institutions, classrooms and districts, made through the services."""

from __future__ import annotations

import itertools

from kantyna.catalog.services import diet_create
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.institutions import services
from kantyna.institutions.models import Institution
from kantyna.people.services.children import child_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user

_numbers = itertools.count(1)

# Passes the mod-97 check (PL61 1090 1014 0000 0712 1981 2874, a documented example account).
VALID_NRB = "61109010140000071219812874"


def make_institution(**fields) -> Institution:
    """Call inside the tenant's schema."""
    number = next(_numbers)
    fields.setdefault("name", f"Szkoła Podstawowa nr {number}")
    fields.setdefault("short_name", f"SP {number}")
    fields.setdefault("slug", f"sp-{number}")
    fields.setdefault("kind", "school")
    return services.institution_create(actor=None, **fields)


def add_child(tenant, classroom):
    """A child in `classroom` (inside the tenant's schema), with a parent and a diet made for it."""
    parent = make_user(tenant)
    with in_tenant(tenant):
        diet = diet_create(actor=None, name=f"Dieta {next(_numbers)}")
        return child_create(
            actor=None, parent=parent, first_name="Ola", last_name="Nowak", classroom=classroom, diet=diet
        )


def admin_api(tenant) -> Api:
    return Api(tenant, make_user(tenant, ROLE_ADMIN))


def role_api_seeing_everything(tenant, role: str) -> Api:
    """A user of `role`; an institutions admin is assigned every institution existing now, so per-role
    tests see the row under test (scoping has its own tests)."""
    user = make_user(tenant, role)
    if role == ROLE_INSTITUTIONS_ADMIN:
        with in_tenant(tenant):
            user.institutions.set(Institution.objects.all())
    return Api(tenant, user)
