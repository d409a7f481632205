"""Writes on institution workers: a worker is a tenant `users.User` with ROLE_INSTITUTION_WORKER and a
`WorkerProfile` (institution, diet, card, group, discount). Keyword-only, atomic, audited.

Status: active (user active, profile not archived), inactive (user deactivated: no sign-in, every token
revoked), archived (kept for history, deactivated too; `activate` brings an archived worker back). The
commands (activate, deactivate, archive, password reset/set) are the users' lifecycle services acting on the
worker's user (`users.api.people_common.PersonCommandsMixin`); `worker_profile_follow_user` mirrors the
archive flag on the profile.

Allergies: a diet that forbids allergen changes clears the allergies and their note, never silently, as for a
child (people/services/allergies.py): a write that would drop recorded or requested ones is refused unless it
confirms (`confirm_clear_allergies`), and every change of them is audited in words (`worker_profile.allergies_change`)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.catalog.models import Allergen, Diet
from kantyna.catalog.selectors import diet_serves
from kantyna.core.errors import DomainError, Problem
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER
from kantyna.core.services import model_update
from kantyna.identity.services import password_reset_request
from kantyna.institutions.models import Institution
from kantyna.people.models import InstitutionWorkersGroup, WorkerProfile
from kantyna.people.services.allergies import (
    allergen_names,
    allergies_change_audit,
    clear_allergies_if_diet_forbids,
)
from kantyna.people.services.cards import card_number_free, card_number_normalize
from kantyna.people.services.subject_settings import autoselections_prune
from kantyna.people.signals import subject_institution_leaving
from kantyna.users.history import user_has_history
from kantyna.users.models import User
from kantyna.users.services import lifecycle
from kantyna.users.services.accounts import user_create

# Profile fields the API may set besides institution, diet and card (the model's names).
PROFILE_FIELDS = frozenset(
    {
        "allergies_note",
        "general_note",
        "internal_note",
        "group",
        "price_lists_group",
        "has_discount",
        "discount_percent",
        "discount_expiration_date",
    }
)
USER_FIELDS = frozenset({"first_name", "last_name", "phone_number", "phone_number2"})
ALLERGIES_CHANGE = "worker_profile.allergies_change"


def _apply_worker_rules(*, instance: WorkerProfile | None, values: dict, confirm_clear_allergies: bool) -> Diet | None:
    """The rules of a worker's profile (as `children` has a child's), on the fields given in `values` (model
    names; a field left out keeps the profile's value): the diet is served in the institution, the group is of
    that institution (or of none), a discount has its percent. Then the diet decides the allergies (a write setting
    the diet, allergies or note with a diet that forbids changing them clears both, once confirmed: the diet that
    cleared them is returned) and without a discount its percent and expiry are cleared in `values`."""
    institution = values.get("institution", getattr(instance, "institution", None))
    diet = values.get("diet", getattr(instance, "diet", None))
    group = values["group"] if "group" in values else getattr(instance, "group", None)
    has_discount = values.get("has_discount", getattr(instance, "has_discount", False))
    discount_percent = values.get("discount_percent", getattr(instance, "discount_percent", 0))
    problems = []
    if not diet_serves(diet, institution):
        problems.append(Problem("child.diet_not_served", "diet_id"))
    if group is not None and group.institution_id not in (None, institution.pk):
        problems.append(Problem("worker.group_of_another_institution", "group_id"))
    if has_discount and not discount_percent:
        problems.append(Problem("discount.percent_required", "discount_percent"))
    if problems:
        raise DomainError("invalid", problems=problems)
    cleared_for = None
    if instance is None or {"diet", "allergies", "allergies_note"} & set(values):
        # What would go: the stored allergies and note and the requested ones.
        stored = list(instance.allergies.all()) if instance is not None else []
        stored_note = instance.allergies_note if instance is not None else ""
        if "allergies" in values:
            values["allergies"] = list(values["allergies"])
        cleared_for = clear_allergies_if_diet_forbids(
            values,
            diet=diet,
            allergies=[*stored, *values.get("allergies", [])],
            note=stored_note.strip() or values.get("allergies_note", ""),
            confirmed=confirm_clear_allergies,
        )
    if not has_discount:
        values["discount_percent"] = 0
        values["discount_expiration_date"] = None
    return cleared_for


@transaction.atomic
def worker_profile_create(
    *,
    actor,
    user: User,
    institution: Institution,
    diet: Diet,
    card_number: str | None = None,
    allergies: Iterable[Allergen] = (),
    group: InstitutionWorkersGroup | None = None,
    **fields,
) -> WorkerProfile:
    """Make `user` a meal receiver. `fields`: allergies_note, general_note, internal_note, price_lists_group,
    has_discount, discount_percent, discount_expiration_date. The allergies given are stored as they are (callers
    apply the diet's rule: `institution_worker_create`, registration's check) and audited as added."""
    unknown = set(fields) - PROFILE_FIELDS
    if unknown:
        raise TypeError(f"Unknown worker profile fields: {sorted(unknown)}")
    card_number = card_number_normalize(card_number)
    card_number_free(card_number)
    profile = WorkerProfile.objects.create(
        user=user, institution=institution, diet=diet, card_number=card_number, group=group, **fields
    )
    allergies = list(allergies)
    if allergies:
        profile.allergies.set(allergies)
    user.institutions.add(institution)
    audit_record(actor=actor, action="worker_profile.create", target=profile)
    allergies_change_audit(actor=actor, action=ALLERGIES_CHANGE, target=profile, before=([], ""), cleared_for=None)
    return profile


@transaction.atomic
def institution_worker_create(
    *,
    actor,
    email: str,
    first_name: str,
    last_name: str,
    institution: Institution,
    diet: Diet,
    phone_number: str = "",
    phone_number2: str = "",
    card_number: str | None = None,
    allergies: Iterable[Allergen] = (),
    is_active: bool = True,
    send_password_link: bool = True,
    locale: str = "pl",
    confirm_clear_allergies: bool = False,
    **profile_fields,
) -> WorkerProfile:
    """A new tenant user (reusing the global account of the same e-mail: one login across tenants; the same
    e-mail twice in this tenant is a field error) and its profile. A new account gets a password set-up link.
    Allergies given with a diet that forbids them are refused unless `confirm_clear_allergies`."""
    profile_fields = {"institution": institution, "diet": diet, "allergies": allergies, **profile_fields}
    profile_fields["allergies"] = list(allergies)
    requested = (allergen_names(profile_fields["allergies"]), profile_fields.get("allergies_note", ""))
    cleared_for = _apply_worker_rules(
        instance=None, values=profile_fields, confirm_clear_allergies=confirm_clear_allergies
    )
    user = user_create(
        actor=actor,
        email=email,
        first_name=first_name,
        last_name=last_name,
        roles=[ROLE_INSTITUTION_WORKER],
        locale=locale,
        phone_number=phone_number,
        phone_number2=phone_number2,
        is_active=is_active,
        deactivated_at=None if is_active else timezone.now(),
    )
    profile = worker_profile_create(actor=actor, user=user, card_number=card_number, **profile_fields)
    audit_record(actor=actor, action="institution_worker.create", target=profile, data={"user_id": user.pk})
    if cleared_for is not None:  # the requested allergies read as removed by the diet
        allergies_change_audit(
            actor=actor, action=ALLERGIES_CHANGE, target=profile, before=requested, cleared_for=cleared_for
        )
    if send_password_link and is_active and not user.account.has_usable_password():
        password_reset_request(email=user.account.email, tenant_slug=_tenant_slug(), locale=locale)
    return profile


def _tenant_slug() -> str:
    tenant = getattr(connection, "tenant", None)
    return getattr(tenant, "slug", "") or ""


@transaction.atomic
def institution_worker_update(
    *,
    actor,
    instance: WorkerProfile,
    allergies: Iterable[Allergen] | None = None,
    is_active: bool | None = None,
    email: str | None = None,
    confirm_clear_allergies: bool = False,
    **fields,
) -> WorkerProfile:
    """Replace the worker's fields. The e-mail is the global account's login and is not changed here
    (`email` is accepted and ignored); `is_active` goes through activate / deactivate. A write setting the diet,
    allergies or note with a diet that forbids allergen changes clears both; stored or requested ones are dropped
    only with `confirm_clear_allergies`. A write setting none of them leaves them as they are."""
    if allergies is not None:
        fields["allergies"] = allergies
    allergies_touched = bool({"diet", "allergies", "allergies_note"} & set(fields))
    allergies_before = (
        (allergen_names(instance.allergies.all()), instance.allergies_note) if allergies_touched else None
    )
    cleared_for = _apply_worker_rules(instance=instance, values=fields, confirm_clear_allergies=confirm_clear_allergies)
    allergies = fields.pop("allergies", None)
    user = instance.user
    user_fields = {name: value for name, value in fields.items() if name in USER_FIELDS}
    profile_fields = {name: value for name, value in fields.items() if name not in USER_FIELDS}
    unknown = set(profile_fields) - PROFILE_FIELDS - {"institution", "diet", "card_number"}
    if unknown:
        raise TypeError(f"Unknown worker fields: {sorted(unknown)}")
    changes = [name for name, value in user_fields.items() if getattr(user, name) != value]
    changes += [name for name, value in profile_fields.items() if getattr(instance, name) != value]
    if "card_number" in profile_fields and profile_fields["card_number"] != instance.card_number:
        profile_fields["card_number"] = card_number_normalize(profile_fields["card_number"])
        card_number_free(profile_fields["card_number"], worker=instance)
        audit_record(
            actor=actor,
            action="worker_profile.card_number",
            target=instance,
            data={"old": instance.card_number, "new": profile_fields["card_number"]},
        )
    old_institution_id = instance.institution_id
    new_institution = profile_fields.get("institution")
    if new_institution is not None and new_institution.pk != old_institution_id:
        subject_institution_leaving.send(sender=WorkerProfile, actor=actor, worker=instance)
    moved = {
        name
        for name in ("institution", "diet", "price_lists_group")
        if name in profile_fields and getattr(instance, f"{name}_id") != getattr(profile_fields[name], "pk", None)
    }
    model_update(instance=instance, fields=profile_fields, data=profile_fields)
    if moved:
        autoselections_prune(actor=actor, worker=instance, institution_changed="institution" in moved)
    if instance.institution_id != old_institution_id:
        user.institutions.remove(old_institution_id)
        user.institutions.add(instance.institution_id)
    if allergies is not None:
        allergies = list(allergies)
        if {a.pk for a in allergies} != {a.pk for a in instance.allergies.all()}:
            changes.append("allergies")
        instance.allergies.set(allergies)
    model_update(instance=user, fields=user_fields, data=user_fields)
    audit_record(actor=actor, action="institution_worker.update", target=instance, data={"fields": changes})
    if allergies_touched:
        allergies_change_audit(
            actor=actor, action=ALLERGIES_CHANGE, target=instance, before=allergies_before, cleared_for=cleared_for
        )
    if is_active is not None and is_active != (user.is_active and instance.archived_at is None):
        if is_active:
            lifecycle.user_activate(actor=actor, user=user)
            worker_profile_follow_user(user=user)
        else:
            lifecycle.user_deactivate(actor=actor, user=user)
    return instance


def worker_profile_follow_user(*, user: User) -> WorkerProfile:
    """The profile's archive flag follows its user's (orders read the profile's): called after
    `users.services.lifecycle` activates (unarchives) or archives a worker's user."""
    profile = user.worker_profile
    if profile.archived_at != user.archived_at:
        profile.archived_at = user.archived_at
        profile.save(update_fields=["archived_at"])
    return profile


@transaction.atomic
def institution_worker_delete(*, actor, instance: WorkerProfile) -> None:
    """Refused (409) when the worker has history; else the profile and this tenant's user go. The global
    account stays (it may sign in to other tenants); with no tenant user here it has no access to this one."""
    user = instance.user
    if user_has_history(user):
        raise DomainError("worker.has_history", field="id")
    audit_record(
        actor=actor,
        action="institution_worker.delete",
        target=instance,
        data={"user_id": user.pk, "name": user.full_name, "email": user.account.email},
    )
    instance.delete()
    user.institutions.clear()
    user.delete()
