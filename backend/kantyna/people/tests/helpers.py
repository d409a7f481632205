"""People tests' helpers: children (made through the services, their API bodies, an institutions admin of some
institutions), the children import workbook, institution workers. Worlds are kantyna/testing/world.py's."""

from __future__ import annotations

import io
import itertools

from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from kantyna.catalog import services as catalog
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT
from kantyna.institutions.services import institution_create
from kantyna.people.models import Child, WorkerProfile
from kantyna.people.services import workers as services
from kantyna.people.services.children import child_create
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user, unique_email
from kantyna.testing.world import ChildrenWorld

_numbers = itertools.count(1)
_worker_numbers = iter(range(1, 10**6))

# Children ------------------------------------------------------------------------------------------------------


def make_child(tenant, world: ChildrenWorld, parent=None, **fields) -> Child:
    parent = parent or make_user(tenant, ROLE_PARENT)
    with in_tenant(tenant):
        fields.setdefault("first_name", "Ola")
        fields.setdefault("last_name", f"Nowak {next(_numbers)}")
        fields.setdefault("classroom", world.classroom)
        fields.setdefault("diet", world.diet)
        return child_create(actor=None, parent=parent, **fields)


def payload(world: ChildrenWorld, parent=None, **fields) -> dict:
    body = {
        "firstName": "Zosia",
        "lastName": "Kowalska",
        "institutionId": world.institution.pk,
        "classroomId": world.classroom.pk,
        "dietId": world.diet.pk,
        "allergies": [],
        "allergiesNote": "",
        "generalNote": "",
        "cardNumber": "",
    }
    if parent is not None:
        body["parentId"] = parent.pk
    body.update(fields)
    return body


def tenant_flags(tenant, key: str, **values) -> None:
    with in_tenant(tenant):
        settings_update(actor=None, key=key, data=values)


def institutions_admin(tenant, *institutions, permissions=("children_edit",)):
    user = make_user(tenant, ROLE_INSTITUTIONS_ADMIN, permissions=list(permissions))
    with in_tenant(tenant):
        user.institutions.set(institutions)
    return user


# The children import -------------------------------------------------------------------------------------------

HEADER = [
    "First name",
    "Last name",
    "Parent's e-mail",
    "Institution",
    "Classroom",
    "Diet",
    "Card number",
    "Allergens",
    "Allergies note",
    "General note",
]


def workbook(rows, header=HEADER) -> SimpleUploadedFile:
    book = Workbook()
    sheet = book.active
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return SimpleUploadedFile("dzieci.xlsx", out.getvalue())


# Institution workers ---------------------------------------------------------------------------------------------


def make_institution(name: str | None = None):
    number = next(_worker_numbers)
    return institution_create(
        actor=None, name=name or f"Urząd {number}", short_name=f"U{number}", slug=f"u-{number}", kind="school"
    )


def make_diet(name: str | None = None, **fields):
    return catalog.diet_create(actor=None, name=name or f"Dieta {next(_worker_numbers)}", **fields)


def make_worker(index: int = 0, *, institution=None, diet=None, email=None, **fields) -> WorkerProfile:
    return services.institution_worker_create(
        actor=None,
        email=email or unique_email("worker"),
        first_name=f"Anna{index}",
        last_name=f"Kowalska {index}",
        institution=institution or make_institution(),
        diet=diet or make_diet(),
        phone_number="600700800",
        send_password_link=False,
        **fields,
    )


def admin_api(tenant) -> Api:
    return Api(tenant, make_user(tenant, ROLE_ADMIN))
