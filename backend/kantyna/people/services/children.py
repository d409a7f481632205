"""Writes on children: create, update (with who-may-change-what), activation, archiving, classroom and card
changes, delete, and the bulk import. Keyword-only, atomic, audited; the API, the demo seed and registration
all go through here.

Who may change what (spec §6; `actor=None` is the system: seed, registration, import — everything allowed):
- institution, classroom, diet: staff who may edit children (admin, institutions admin with children_edit)
  always; anyone else (a parent) only with the tenant's parentsSettings flag allowChangingInstitutions /
  allowChangingClassrooms / allowChangingDiets. A parent choosing them for a new child is always allowed.
- allergies, allergiesNote: staff always; parents with allowChangingAllergens / allowChangingAllergensNote
  (also on create). When the diet does not allow changing allergens both are cleared, for everyone, but never
  silently: a write that would drop recorded allergies or a note (the child's or the request's) is refused
  (`allergies.would_be_cleared`, its problems naming them; people/services/allergies.py) unless it confirms the removal (`confirm_clear_allergies`).
  Every change of a child's allergies or note is audited in words (`child.allergies_change`).
- cardNumber: ordersConfig.diningCardsEnabled; to change it customers also need allowChangingCardNumbers,
  institutions admins children_edit; admins (and cooks, through changeCardNumber) may. A new child's first
  number needs only cards enabled.
- discount (hasDiscount, discountPercent, expirationDate), childGroup, parent: staff.
- subscribedPayments / orderingPrepaids: staff, and only while presencesMarkingConfig allows subscribed payments /
  prepaid orders.
- internalNote and a price lists group other than the default: admin only. Without a group (or with the
  default one, which the form fills in for everybody), the classroom's related group is used when the classroom
  is "default for members", else the group flagged default for children (spec §4).
A refused change is 400 with "You are not allowed to change this field." on that field; unchanged values pass."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import TypedDict

from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils import timezone

from kantyna.audit.models import AuditEntry
from kantyna.audit.services import audit_record
from kantyna.catalog.models import Allergen, Diet
from kantyna.catalog.selectors import diet_serves
from kantyna.core.errors import DomainError, Problem
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, has_ability
from kantyna.core.services import model_update
from kantyna.core.spreadsheets import RowError, import_rejected
from kantyna.institutions.models import Classroom, Institution
from kantyna.people.models import CalendarSubjectSettings, CalendarSubjectSettingsLog, Child
from kantyna.people.reach import Reach
from kantyna.people.selectors.history import child_has_history
from kantyna.people.services.allergies import (
    allergen_names,
    allergies_change_audit,
    allergies_change_entry,
    allergies_cleared_problems,
    clear_allergies_if_diet_forbids,
)
from kantyna.people.services.cards import (
    card_number_free,
    card_number_normalize,
    card_numbers_lock,
    card_numbers_taken,
)
from kantyna.people.services.subject_settings import (
    autoselections_prune,
    subject_settings_new,
    subject_settings_update,
)
from kantyna.people.signals import subject_institution_leaving
from kantyna.pricing.models import PriceListsGroup
from kantyna.pricing.selectors import default_children_group, members_price_lists_group, members_price_lists_group_id
from kantyna.tenant_settings.selectors import settings_get
from kantyna.users.models import User

# Field name → API key (for errors).
API_KEYS = {
    "institution": "institutionId",
    "classroom": "classroomId",
    "diet": "dietId",
    "allergies": "allergies",
    "allergies_note": "allergiesNote",
    "card_number": "cardNumber",
    "has_discount": "hasDiscount",
    "discount_percent": "discountPercent",
    "discount_expiration_date": "expirationDate",
    "child_group": "childGroupId",
    "parent": "parentId",
    "subscribed_payments": "subscribedPayments",
    "ordering_prepaids": "orderingPrepaids",
    "internal_note": "internalNote",
    "price_lists_group": "priceListsGroupId",
}
PARENT_FLAGS = {
    "institution": "allow_changing_institutions",
    "classroom": "allow_changing_classrooms",
    "diet": "allow_changing_diets",
    "allergies": "allow_changing_allergens",
    "allergies_note": "allow_changing_allergens_note",
}
CHOSEN_ON_CREATE = ("institution", "classroom", "diet")
STAFF_FIELDS = ("has_discount", "discount_percent", "discount_expiration_date", "child_group", "parent")
PLAIN_FIELDS = (
    "first_name",
    "last_name",
    "general_note",
    "allergies_note",
    "internal_note",
    "has_discount",
    "discount_percent",
    "discount_expiration_date",
    "child_group",
    "subscribed_payments",
    "ordering_prepaids",
)
MODEL_DEFAULTS = {
    "allergies_note": "",
    "internal_note": "",
    "has_discount": False,
    "discount_percent": Decimal("0"),
    "discount_expiration_date": None,
    "child_group": None,
    "subscribed_payments": False,
    "ordering_prepaids": False,
    "card_number": None,
}


def _roles(actor) -> set[str]:
    return set(getattr(actor, "roles", None) or [])


def is_children_staff(actor) -> bool:
    """Admin, or institutions admin with children_edit: may change every child field but admin-only ones."""
    return actor is None or has_ability(actor, "children.change_sensitive")


def _pk(value):
    return getattr(value, "pk", value)


def _same(current, new) -> bool:
    if isinstance(current, list | set | tuple) or isinstance(new, list | set | tuple):
        return {_pk(v) for v in current or ()} == {_pk(v) for v in new or ()}
    if isinstance(current, Decimal | int | float) and isinstance(new, Decimal | int | float):
        return Decimal(current) == Decimal(new)
    return _pk(current) == _pk(new)


def card_change_allowed(actor) -> bool:
    if actor is None:
        return True
    if not settings_get("orders_config")["dining_cards_enabled"]:
        return False
    roles = _roles(actor)
    if ROLE_ADMIN in roles:
        return True
    if ROLE_INSTITUTIONS_ADMIN in roles and "children_edit" in (actor.permissions or []):
        return True
    if roles & {"ROLE_PARENT", "ROLE_INSTITUTION_WORKER"}:
        return settings_get("parents_settings")["allow_changing_card_numbers"]
    if ROLE_INSTITUTIONS_ADMIN in roles:
        return False
    return has_ability(actor, "cards.edit")


def _check_rights(*, actor, child: Child | None, values: dict) -> None:
    """400 on every field `actor` changes without the right to (see the module docstring)."""
    if actor is None:
        return
    creating = child is None
    staff = is_children_staff(actor)
    admin = ROLE_ADMIN in _roles(actor)
    parents_settings = settings_get("parents_settings")
    presences = settings_get("presences_marking_config")
    problems: list[Problem] = []

    def current(field):
        if creating:
            return MODEL_DEFAULTS.get(field)
        if field == "allergies":
            return list(child.allergies.all())
        return getattr(child, field)

    for field, value in values.items():
        if field not in API_KEYS or field == "price_lists_group":
            continue
        if creating and field in (*CHOSEN_ON_CREATE, "parent"):  # the view decides whose child it is
            continue
        if _same(current(field), value):
            continue
        allowed = True
        if field in PARENT_FLAGS:
            allowed = staff or parents_settings[PARENT_FLAGS[field]]
        elif field in STAFF_FIELDS:
            allowed = staff
        elif field == "subscribed_payments":
            allowed = staff and presences["allow_subscribed_payments"]
        elif field == "ordering_prepaids":
            allowed = staff and presences["allow_prepaid_orders"]
        elif field == "internal_note":
            allowed = admin
        elif field == "card_number":
            # A new child's first card (registration, the parent's form) needs only cards to be enabled.
            allowed = settings_get("orders_config")["dining_cards_enabled"] if creating else card_change_allowed(actor)
        if not allowed:
            problems.append(Problem("child.field_not_allowed", API_KEYS[field]))
    if "price_lists_group" in values and not admin:
        group = values["price_lists_group"]
        unchanged = not creating and _same(child.price_lists_group, group)
        classroom = values.get("classroom") or (child.classroom if child else None)
        default = members_price_lists_group(classroom) if classroom else None
        if group is not None and not unchanged and not _same(default, group):
            problems.append(Problem("child.field_not_allowed", API_KEYS["price_lists_group"]))
    if problems:
        raise DomainError("invalid", problems=problems)


def _check_place(*, actor, values: dict, child: Child | None, diet: Diet) -> None:
    """Classroom required and inside the institution; an institutions admin only within their institutions; the
    diet served there (checked when the diet or the institution changes: a child keeps a diet it already has)."""
    classroom = values.get("classroom", child.classroom if child else None)
    if classroom is None:
        raise DomainError("child.classroom_required", field="classroom_id")
    institution = values.get("institution") or classroom.institution
    if classroom.institution_id != institution.pk:
        raise DomainError("child.classroom_outside_institution", field="classroom_id")
    values["institution"] = institution
    reach = Reach(actor).placement_institution_ids
    if reach is not None and institution.pk not in reach:
        raise DomainError("child.institution_out_of_reach", field="institution_id")
    moved = child is None or child.institution_id != institution.pk or child.diet_id != diet.pk
    if moved and not diet_serves(diet, institution):
        raise DomainError("child.diet_not_served", field="diet_id")


def _rights_checked(values: dict, diet: Diet) -> dict:
    """The values whose rights `_check_rights` checks: a diet that forbids allergen changes clears the allergies and
    note for everyone (with the writer's confirmation), so their values are not a change of the writer's."""
    if diet.allow_changing_allergens:
        return values
    return {field: value for field, value in values.items() if field not in ("allergies", "allergies_note")}


ALLERGIES_CHANGE = "child.allergies_change"


def _audit_changes(child: Child, before: dict, after: dict) -> dict:
    """A change's fields as [before, after] texts; allergies and their note have an entry of their own."""
    return {
        API_KEYS.get(field, field): [str(_pk(before.get(field))), str(_pk(value))]
        for field, value in after.items()
        if field not in ("allergies", "allergies_note") and not _same(before.get(field), value)
    }


@transaction.atomic
def child_create(
    *,
    actor,
    parent: User,
    first_name: str,
    last_name: str,
    classroom: Classroom | None,
    diet: Diet,
    card_number: str | None = None,
    allergies: Iterable[Allergen] = (),
    institution: Institution | None = None,
    price_lists_group: PriceListsGroup | None = None,
    calendar_subject_settings: dict | None = None,
    subject_notifications_settings: dict | None = None,
    confirm_clear_allergies: bool = False,
    **fields,
) -> Child:
    """A new child of `parent`. `fields`: allergies_note, general_note, internal_note, has_discount,
    discount_percent, discount_expiration_date, child_group, subscribed_payments, ordering_prepaids.
    Allergies given with a diet that forbids them are refused unless `confirm_clear_allergies`."""
    values = {
        "parent": parent,
        "classroom": classroom,
        "diet": diet,
        "allergies": list(allergies),
        "card_number": card_number_normalize(card_number),
        **fields,
    }
    if institution is not None:
        values["institution"] = institution
    if price_lists_group is not None:
        values["price_lists_group"] = price_lists_group
    _check_place(actor=actor, values=values, child=None, diet=diet)
    _check_rights(actor=actor, child=None, values=_rights_checked(values, diet))
    if "ROLE_PARENT" not in (parent.roles or []):
        raise DomainError("child.not_a_parent", field="parent_id")
    requested = (allergen_names(values["allergies"]), values.get("allergies_note", ""))
    cleared_for = clear_allergies_if_diet_forbids(
        values,
        diet=diet,
        allergies=values["allergies"],
        note=requested[1],
        confirmed=confirm_clear_allergies,
    )
    card_number_free(values["card_number"])
    if values.get("price_lists_group") is None:
        values["price_lists_group"] = members_price_lists_group(values["classroom"])
    allergies = values.pop("allergies")
    child = Child.objects.create(first_name=first_name, last_name=last_name, **values)
    child.allergies.set(allergies)
    subject_settings_update(
        actor=actor,
        child=child,
        calendar_subject_settings=calendar_subject_settings,
        subject_notifications_settings=subject_notifications_settings,
        audit=False,
    )
    audit_record(actor=actor, action="child.create", target=child, data={"cardNumber": child.card_number})
    # A new child's allergies read as added; ones the request gave and the diet cleared as removed.
    allergies_change_audit(
        actor=actor,
        action=ALLERGIES_CHANGE,
        target=child,
        before=requested if cleared_for else ([], ""),
        cleared_for=cleared_for,
    )
    return child


@transaction.atomic
def child_update(
    *,
    actor,
    instance: Child,
    calendar_subject_settings: dict | None = None,
    subject_notifications_settings: dict | None = None,
    confirm_clear_allergies: bool = False,
    **values,
) -> Child:
    """Change the given fields (a key left out keeps its value). See the module docstring for the rights.

    A write that sets the diet, the allergies or their note, with a diet that forbids allergen changes, clears both;
    the allergies and note stored or requested are dropped only with `confirm_clear_allergies`. A write that sets
    none of them (a classroom move) leaves them as they are."""
    child = Child.objects.select_for_update().get(pk=instance.pk)
    if "card_number" in values:
        values["card_number"] = card_number_normalize(values["card_number"])
    if "classroom" in values and values["classroom"] is None:
        raise DomainError("child.classroom_required", field="classroom_id")
    if "classroom" in values and "institution" not in values:
        values["institution"] = values["classroom"].institution
    place = {k: values[k] for k in ("classroom", "institution") if k in values}
    _check_place(actor=actor, values=place, child=child, diet=values.get("diet") or child.diet)
    values.update(place)
    _check_rights(actor=actor, child=child, values=_rights_checked(values, values.get("diet") or child.diet))
    if values.get("parent") is not None and "ROLE_PARENT" not in (values["parent"].roles or []):
        raise DomainError("child.not_a_parent", field="parent_id")
    diet = values.get("diet", child.diet)
    allergies_touched = bool({"diet", "allergies", "allergies_note"} & set(values))
    cleared_for = None
    if allergies_touched:
        stored_allergies = list(child.allergies.all())
        allergies_before = (allergen_names(stored_allergies), child.allergies_note)
        cleared_for = clear_allergies_if_diet_forbids(
            values,
            diet=diet,
            allergies=[*stored_allergies, *values.get("allergies", [])],
            note=child.allergies_note.strip() or values.get("allergies_note", ""),
            confirmed=confirm_clear_allergies,
        )
    if "card_number" in values and values["card_number"] != child.card_number:
        card_number_free(values["card_number"], child=child)
    classroom_changed = "classroom" in values and values["classroom"].pk != child.classroom_id
    if values.get("price_lists_group") is None and ("price_lists_group" in values or classroom_changed):
        values["price_lists_group"] = members_price_lists_group(values.get("classroom", child.classroom))

    if "institution" in values and getattr(values["institution"], "pk", None) != child.institution_id:
        subject_institution_leaving.send(sender=Child, actor=actor, child=child)

    before = {field: getattr(child, field) for field in values if field != "allergies"}
    allergies = values.pop("allergies", None)
    model_update(instance=child, fields=values, data=values)
    if allergies is not None:
        child.allergies.set(allergies)
    moved = {field for field in ("institution", "diet", "price_lists_group") if field in values}
    moved = {field for field in moved if not _same(before[field], values[field])}
    if moved:
        autoselections_prune(actor=actor, child=child, institution_changed="institution" in moved)
    if calendar_subject_settings is not None or subject_notifications_settings is not None:
        subject_settings_update(
            actor=actor,
            child=child,
            calendar_subject_settings=calendar_subject_settings,
            subject_notifications_settings=subject_notifications_settings,
            audit=False,
        )
    changes = _audit_changes(child, before, values)
    audit_record(actor=actor, action="child.update", target=child, data=changes)
    if allergies_touched:
        allergies_change_audit(
            actor=actor, action=ALLERGIES_CHANGE, target=child, before=allergies_before, cleared_for=cleared_for
        )
    if "cardNumber" in changes:
        audit_record(
            actor=actor,
            action="child.card_number_change",
            target=child,
            data={"old": before.get("card_number"), "new": child.card_number},
        )
    return child


def _set_state(*, actor, instance: Child, action: str, **fields) -> Child:
    child = Child.objects.select_for_update().get(pk=instance.pk)
    model_update(instance=child, fields=fields, data=fields)
    audit_record(actor=actor, action=f"child.{action}", target=child)
    return child


@transaction.atomic
def child_activate(*, actor, instance: Child) -> Child:
    return _set_state(actor=actor, instance=instance, action="activate", is_active=True)


@transaction.atomic
def child_deactivate(*, actor, instance: Child) -> Child:
    return _set_state(actor=actor, instance=instance, action="deactivate", is_active=False)


@transaction.atomic
def child_archive(*, actor, instance: Child) -> Child:
    """Archived children keep their history (orders, transactions) and leave lists and ordering."""
    return _set_state(actor=actor, instance=instance, action="archive", archived_at=timezone.now(), is_active=False)


@transaction.atomic
def child_unarchive(*, actor, instance: Child) -> Child:
    return _set_state(actor=actor, instance=instance, action="unarchive", archived_at=None, is_active=True)


@transaction.atomic
def child_change_classroom(*, actor, instance: Child, classroom: Classroom) -> Child:
    """`changeClassroom`: a move within or across institutions, with the same rights as the form."""
    return child_update(actor=actor, instance=instance, classroom=classroom)


@transaction.atomic
def child_change_card_number(*, actor, instance: Child, card_number: str | None) -> Child:
    """`changeCardNumber`: trimmed, empty → no card, unique across children and workers; audited with the old
    and new number."""
    if not card_change_allowed(actor):
        raise DomainError("child.field_not_allowed", field="card_number")
    number = card_number_normalize(card_number)
    child = Child.objects.select_for_update().get(pk=instance.pk)
    old = child.card_number
    if number != old:
        card_number_free(number, child=child)
        child.card_number = number
        child.save(update_fields=["card_number", "updated_at"])
    audit_record(actor=actor, action="child.card_number_change", target=child, data={"old": old, "new": number})
    return child


@transaction.atomic
def child_delete(*, actor, instance: Child) -> None:
    """A child with history (orders, transactions) is refused with 409: archive it instead."""
    if child_has_history(instance):
        raise DomainError("child.has_history")
    audit_record(actor=actor, action="child.delete", target=instance, data={"name": str(instance)})
    try:
        instance.delete()
    except (ProtectedError, RestrictedError):  # something not counted as history still refers to the child
        raise DomainError("record.in_use") from None


# Import ------------------------------------------------------------------------------------------------


# The sheet's column of each child field a refusal may name (kantyna.people.imports.HEADERS).
IMPORT_COLUMNS = {"allergies": "H", "allergies_note": "I"}


class ImportedChild(TypedDict):
    row: int  # the sheet's row number, for the report
    parent: User
    first_name: str
    last_name: str
    institution: Institution
    classroom: Classroom
    diet: Diet
    card_number: str | None
    allergies: list[Allergen]
    allergies_note: str
    general_note: str


@transaction.atomic
def children_import(*, actor, rows: list[ImportedChild], file_name: str = "") -> dict[str, int]:
    """Create every child of a validated file (kantyna.people.imports) at once: a constant number of queries
    whatever the number of rows. Card numbers are checked again under the card lock (a row may have been taken
    since the file was read: an import_rejected refusal listing their rows, nothing stored). A row whose diet
    forbids the allergies it gives is refused likewise: a file cannot confirm dropping them."""
    refused = [
        RowError(row["row"], IMPORT_COLUMNS[problem.field], problem)
        for row in rows
        for problem in allergies_cleared_problems(
            diet=row["diet"], allergies=row["allergies"], note=row["allergies_note"]
        )
    ]
    if refused:
        raise import_rejected(rows=refused)
    card_numbers_lock()
    taken = card_numbers_taken({row["card_number"] for row in rows if row["card_number"]})
    if taken:
        raise import_rejected(
            rows=[
                RowError(row["row"], "G", Problem("card.taken", "card_number"))
                for row in rows
                if row["card_number"] in taken
            ]
        )
    default_group = default_children_group()
    default_group_id = default_group.pk if default_group is not None else None
    children = []
    for row in rows:
        classroom = row["classroom"]
        child = Child(
            parent=row["parent"],
            first_name=row["first_name"],
            last_name=row["last_name"],
            institution=row["institution"],
            classroom=classroom,
            diet=row["diet"],
            card_number=row["card_number"],
            allergies_note=row["allergies_note"],
            general_note=row["general_note"],
            price_lists_group_id=members_price_lists_group_id(classroom, children_default_id=default_group_id),
        )
        child._imported_allergies = row["allergies"]
        children.append(child)
    Child.objects.bulk_create(children)
    Child.allergies.through.objects.bulk_create(
        [
            Child.allergies.through(child_id=child.pk, allergen_id=allergen.pk)
            for child in children
            for allergen in child._imported_allergies
        ]
    )
    settings = CalendarSubjectSettings.objects.bulk_create([subject_settings_new(child=child) for child in children])
    CalendarSubjectSettingsLog.objects.bulk_create(
        [
            CalendarSubjectSettingsLog(
                settings=item, old_automark_presences=None, new_automark_presences=item.automark_presences
            )
            for item in settings
        ]
    )
    AuditEntry.objects.bulk_create(
        entry
        for child in children
        if (
            entry := allergies_change_entry(
                actor=actor,
                action=ALLERGIES_CHANGE,
                target=child,
                before=([], ""),
                after=(allergen_names(child._imported_allergies), child.allergies_note),
                cleared_for=None,
            )
        )
        is not None
    )
    audit_record(actor=actor, action="child.import", data={"file": file_name, "created": len(children)})
    return {"created": len(children)}
