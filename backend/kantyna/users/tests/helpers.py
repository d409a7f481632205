"""People the users tests build on, made through the owning apps' services."""

from __future__ import annotations

import itertools

from kantyna.catalog.services import diet_create
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.people.services.children import child_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user

_sequence = itertools.count(1)


def admin_api(tenant, locale: str = "en") -> Api:
    return Api(tenant, make_user(tenant, ROLE_ADMIN), locale=locale)


def make_institution(tenant):
    number = next(_sequence)
    with in_tenant(tenant):
        return institution_create(
            actor=None, name=f"Szkoła nr {number}", short_name=f"SP{number}", slug=f"sp-{number}", kind="school"
        )


def make_child(tenant, parent, institution=None, **fields):
    number = next(_sequence)
    institution = institution or make_institution(tenant)
    with in_tenant(tenant):
        classroom = classroom_create(actor=None, institution=institution, name=f"{number}a")
        diet = diet_create(actor=None, name=f"Dieta {number}")
        return child_create(
            actor=None,
            parent=parent,
            first_name="Zosia",
            last_name=f"Kowalska {number}",
            classroom=classroom,
            diet=diet,
            **fields,
        )


def institutions_admin(tenant, institution, permissions=("parents_view", "parents_edit")):
    user = make_user(tenant, ROLE_INSTITUTIONS_ADMIN, permissions=list(permissions))
    with in_tenant(tenant):
        user.institutions.add(institution)
    return user
