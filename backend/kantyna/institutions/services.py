"""Writes on institutions, classrooms and districts. Keyword-only, atomic, audited; the demo seed and the API
both go through here.

Nothing may dangle (docs/adding-an-entity.md): an institution that anything still refers to is refused and
should be deactivated instead; a classroom with children or a district with institutions is refused too.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Model

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError, Problem
from kantyna.core.services import model_update
from kantyna.institutions.models import Classroom, District, Institution

# Districts ----------------------------------------------------------------------------------------------------


@transaction.atomic
def district_create(*, actor, name: str) -> District:
    district = District.objects.create(name=name)
    audit_record(actor=actor, action="district.create", target=district)
    return district


@transaction.atomic
def district_update(*, actor, instance: District, name: str) -> District:
    instance.name = name
    instance.save(update_fields=["name"])
    audit_record(actor=actor, action="district.update", target=instance)
    return instance


@transaction.atomic
def district_delete(*, actor, instance: District) -> None:
    if instance.institutions.exists():
        raise DomainError("district.in_use")
    audit_record(actor=actor, action="district.delete", target=instance, data={"name": instance.name})
    instance.delete()


# Institutions -------------------------------------------------------------------------------------------------


@transaction.atomic
def institution_create(
    *,
    actor,
    name: str,
    short_name: str,
    slug: str,
    kind: str,
    district: District | None = None,
    street: str = "",
    city: str = "",
    post_code: str = "",
    terms_url: str = "",
    ordering_note: str = "",
    regular_payments_bank_account_number: str = "",
    hide_grammages: bool = False,
    invoice_buyer_name: str = "",
    invoice_buyer_tax_id: str = "",
    invoice_buyer_street: str = "",
    invoice_buyer_post_code: str = "",
    invoice_buyer_city: str = "",
    invoice_buyer_is_public_body: bool = False,
) -> Institution:
    institution = Institution.objects.create(
        invoice_buyer_name=invoice_buyer_name,
        invoice_buyer_tax_id=invoice_buyer_tax_id,
        invoice_buyer_street=invoice_buyer_street,
        invoice_buyer_post_code=invoice_buyer_post_code,
        invoice_buyer_city=invoice_buyer_city,
        invoice_buyer_is_public_body=invoice_buyer_is_public_body,
        name=name,
        short_name=short_name,
        slug=slug,
        kind=kind,
        district=district,
        street=street,
        city=city,
        post_code=post_code,
        terms_url=terms_url,
        ordering_note=ordering_note,
        regular_payments_bank_account_number=regular_payments_bank_account_number,
        hide_grammages=hide_grammages,
    )
    audit_record(actor=actor, action="institution.create", target=institution)
    return institution


@transaction.atomic
def institution_update(*, actor, instance: Institution, **fields) -> Institution:
    """Every field but `is_active`, which changes only through activate / deactivate."""
    fields.pop("is_active", None)
    model_update(instance=instance, fields=fields, data=fields)
    audit_record(actor=actor, action="institution.update", target=instance, data={"fields": sorted(fields)})
    return instance


@transaction.atomic
def institution_set_active(*, actor, instance: Institution, active: bool) -> Institution:
    """Deactivated institutions disappear from customers' lists; nothing else about them changes.
    Setting the state it already has records nothing."""
    if instance.is_active != active:
        instance.is_active = active
        instance.save(update_fields=["is_active"])
        audit_record(
            actor=actor, action="institution.activate" if active else "institution.deactivate", target=instance
        )
    return instance


def _institution_references(instance: Institution) -> list[Problem]:
    """What still refers to the institution and how many, one problem each, for the refusal."""
    problems = [
        Problem("institution.has_classrooms", "institution", {"count": instance.classrooms.count()}),
        Problem("institution.has_children", "institution", {"count": instance.children.count()}),
        Problem("institution.has_workers", "institution", {"count": instance.workers.count()}),
        Problem("institution.has_menus", "institution", {"count": instance.menus.count()}),
        Problem("institution.has_admins", "institution", {"count": instance.users.count()}),
    ]
    routes = list(instance.route_stops.order_by("route_number__number").values_list("route_number__number", flat=True))
    problems.append(
        Problem("institution.on_routes", "institution", {"count": len(routes), "routes": ", ".join(routes)})
    )
    return [problem for problem in problems if problem.params["count"]]


@transaction.atomic
def institution_delete(*, actor, instance: Institution) -> None:
    """Refused (409) while classrooms, children, workers, menus, institutions admins or delivery routes (their
    stops) refer to it; the refusal lists them. Its diet links and meal type settings go with it: they only describe the institution."""
    references = _institution_references(instance)
    if references:
        raise DomainError("institution.in_use", problems=references)
    audit_record(actor=actor, action="institution.delete", target=instance, data={"name": instance.name})
    instance.diets.clear()
    instance.delete()


# Classrooms ---------------------------------------------------------------------------------------------------


@transaction.atomic
def classroom_create(
    *,
    actor,
    institution: Institution,
    name: str,
    # A pricing.PriceListsGroup: the classroom refers to it by name (pricing sits above institutions).
    related_price_lists_group: Model | None = None,
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


@transaction.atomic
def classroom_update(*, actor, instance: Classroom, **fields) -> Classroom:
    """A classroom with children stays in its institution: each child also records the institution, and moving
    the classroom would split the two."""
    institution = fields.get("institution")
    if institution is not None and institution.pk != instance.institution_id and instance.children.exists():
        raise DomainError("classroom.has_children_to_move", field="institution_id")
    model_update(instance=instance, fields=fields, data=fields)
    audit_record(actor=actor, action="classroom.update", target=instance, data={"fields": sorted(fields)})
    return instance


def _occupied(classrooms) -> list[Problem]:
    """One problem per classroom that still has children: its name, institution and how many."""
    rows = (
        Classroom.objects.filter(pk__in=[c.pk for c in classrooms])
        .annotate(children_count=Count("children"))
        .filter(children_count__gt=0)
        .select_related("institution")
        .order_by("institution__name", "name")
    )
    return [
        Problem(
            "classroom.occupied",
            "classrooms",
            {"classroom": row.name, "institution": row.institution.short_name, "count": row.children_count},
        )
        for row in rows
    ]


def _delete_classrooms(*, actor, classrooms: list[Classroom], action: str, target=None) -> None:
    # Lock first, so a child added meanwhile to one of them cannot slip between the check and the delete.
    locked = list(Classroom.objects.select_for_update().filter(pk__in=[c.pk for c in classrooms]).order_by("pk"))
    occupied = _occupied(locked)
    if occupied:
        raise DomainError("classrooms.in_use", problems=occupied)
    audit_record(
        actor=actor,
        action=action,
        target=target,
        data={"ids": [c.pk for c in locked], "names": [c.name for c in locked]},
    )
    Classroom.objects.filter(pk__in=[c.pk for c in locked]).delete()


@transaction.atomic
def classroom_delete(*, actor, instance: Classroom) -> None:
    """Refused (409) while children are in it: they would be left without a classroom."""
    if instance.children.exists():
        raise DomainError("classroom.in_use")
    audit_record(actor=actor, action="classroom.delete", target=instance, data={"name": instance.name})
    instance.delete()


@transaction.atomic
def classrooms_bulk_delete(*, actor, classrooms: list[Classroom]) -> None:
    """All or nothing: if any of them still has children, none is deleted and the refusal lists those."""
    _delete_classrooms(actor=actor, classrooms=classrooms, action="classroom.bulk_delete")


@transaction.atomic
def institution_classrooms_reset(*, actor, institution: Institution) -> int:
    """Remove every classroom of the institution (e.g. before a new school year). All or nothing, like the bulk
    delete: while any classroom still has children, nothing is removed and the refusal lists those classrooms,
    so the administrator moves the children first and never ends with half the classrooms gone."""
    classrooms = list(institution.classrooms.all())
    _delete_classrooms(
        actor=actor,
        classrooms=classrooms,
        action="institution.classrooms_reset",
        target=institution,
    )
    return len(classrooms)


@transaction.atomic
def institutions_settings_update(*, actor, institutions: list[Institution], **settings) -> None:
    """Apply the same per-institution settings (hide grammages, ordering note, terms link) to many at once."""
    allowed = {"hide_grammages", "ordering_note", "terms_url"}
    unknown = set(settings) - allowed
    if unknown:
        raise ValueError(f"not institution settings: {sorted(unknown)}")
    Institution.objects.filter(pk__in=[institution.pk for institution in institutions]).update(**settings)
    for institution in institutions:
        audit_record(actor=actor, action="institution.settings", target=institution, data={"fields": sorted(settings)})
