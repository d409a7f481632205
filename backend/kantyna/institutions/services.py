"""Writes on institutions, classrooms and districts."""

from __future__ import annotations

from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.institutions.models import Classroom, Institution
from kantyna.pricing.models import PriceListsGroup


@transaction.atomic
def institution_create(*, actor, name: str, short_name: str, slug: str, kind: str, **fields) -> Institution:
    institution = Institution.objects.create(name=name, short_name=short_name, slug=slug, kind=kind, **fields)
    audit_record(actor=actor, action="institution.create", target=institution)
    return institution


@transaction.atomic
def classroom_create(
    *,
    actor,
    institution: Institution,
    name: str,
    related_price_lists_group: PriceListsGroup | None = None,
    has_default_price_lists_group_for_members: bool = False,
) -> Classroom:
    classroom = Classroom.objects.create(
        institution=institution,
        name=name,
        related_price_lists_group=related_price_lists_group,
        has_default_price_lists_group_for_members=has_default_price_lists_group_for_members,
    )
    audit_record(actor=actor, action="classroom.create", target=classroom)
    return classroom
