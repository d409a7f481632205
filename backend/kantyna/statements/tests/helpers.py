"""The statements tests' world: a tenant with individual account numbers, three payers (Anna: a parent with a
child, Bartek: a parent, Celina: an institution worker) and the fixture statements filled with their numbers."""

from __future__ import annotations

from pathlib import Path
from string import Template
from types import SimpleNamespace

from django.core.files.uploadedfile import SimpleUploadedFile

from kantyna.catalog.services import diet_create
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.ledger.selectors import payer_nrb, payer_reference
from kantyna.people.services.children import child_create
from kantyna.people.services.workers import worker_profile_create
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.factories import make_user

FIXTURES = Path(__file__).parent / "fixtures"
BANK_PART = "10201026"


def make_statement_world(tenant) -> SimpleNamespace:
    anna = make_user(tenant, ROLE_PARENT, first_name="Anna", last_name="Nowak")
    bartek = make_user(tenant, ROLE_PARENT, first_name="Bartosz", last_name="Wiśniewski")
    celina = make_user(tenant, ROLE_INSTITUTION_WORKER, first_name="Celina", last_name="Zając")
    with in_tenant(tenant):
        settings_update(actor=None, key="parents_settings", data={"iban_account_number_part": BANK_PART})
        school = institution_create(
            actor=None, name="Szkoła Podstawowa nr 7", short_name="SP 7", slug="sp-s7", kind="school"
        )
        classroom = classroom_create(actor=None, institution=school, name="1A")
        diet = diet_create(actor=None, name="Zwykła")
        ola = child_create(actor=None, parent=anna, first_name="Ola", last_name="Nowak", classroom=classroom, diet=diet)
        worker_profile_create(actor=None, user=celina, institution=school, diet=diet)
    return SimpleNamespace(tenant=tenant, anna=anna, bartek=bartek, celina=celina, ola=ola, school=school)


def statement_bytes(world, name: str) -> bytes:
    """A fixture template filled with the world's account numbers and references."""
    raw = (FIXTURES / name).read_bytes()
    encoding = "cp1250" if "mbank" in name else "utf-8"
    values = {
        "anna_nrb": payer_nrb(bank_part=BANK_PART, user_id=world.anna.pk),
        "anna_ref": payer_reference(world.anna.pk),
        "bartek_ref": payer_reference(world.bartek.pk),
    }
    return Template(raw.decode(encoding)).substitute(values).encode(encoding)


def upload(world, name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name.removesuffix(".tmpl"), statement_bytes(world, name), content_type="text/plain")
