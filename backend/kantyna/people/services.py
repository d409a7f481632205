"""Writes on meal receivers. The people issue adds the full child form rules; these are the core writes."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from kantyna.audit.services import audit_record
from kantyna.catalog.models import Allergen, Diet
from kantyna.core.exceptions import ApiError
from kantyna.institutions.models import Classroom, Institution
from kantyna.people.models import Child, WorkerProfile
from kantyna.users.models import User

CARD_IN_USE = _("This card number is already used.")


def _card_number_free(card_number: str | None) -> None:
    if card_number and (
        Child.objects.filter(card_number=card_number).exists()
        or WorkerProfile.objects.filter(card_number=card_number).exists()
    ):
        raise ApiError("The given data was invalid.", errors={"cardNumber": [CARD_IN_USE]})


@transaction.atomic
def child_create(
    *,
    actor,
    parent: User,
    first_name: str,
    last_name: str,
    classroom: Classroom,
    diet: Diet,
    card_number: str | None = None,
    allergies: list[Allergen] = (),
    **fields,
) -> Child:
    _card_number_free(card_number)
    child = Child.objects.create(
        parent=parent,
        first_name=first_name,
        last_name=last_name,
        institution=classroom.institution,
        classroom=classroom,
        diet=diet,
        card_number=card_number,
        **fields,
    )
    child.allergies.set(allergies)
    audit_record(actor=actor, action="child.create", target=child)
    return child


@transaction.atomic
def worker_profile_create(
    *, actor, user: User, institution: Institution, diet: Diet, card_number: str | None = None
) -> WorkerProfile:
    _card_number_free(card_number)
    profile = WorkerProfile.objects.create(user=user, institution=institution, diet=diet, card_number=card_number)
    user.institutions.add(institution)
    audit_record(actor=actor, action="worker_profile.create", target=profile)
    return profile
