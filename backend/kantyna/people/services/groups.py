"""Writes on children groups and institution workers groups. Keyword-only, atomic, audited.

Deleting a group with members is allowed: its children / workers become ungrouped (the SPA confirms first)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.core.services import model_update
from kantyna.institutions.models import Classroom, Institution
from kantyna.people.models import Child, ChildrenGroup, InstitutionWorkersGroup
from kantyna.pricing.models import PriceListsGroup


@transaction.atomic
def children_group_create(*, actor, name: str, classrooms: Iterable[Classroom] | None = None) -> ChildrenGroup:
    group = ChildrenGroup.objects.create(name=name)
    if classrooms:
        group.classrooms.set(list(classrooms))
    audit_record(actor=actor, action="children_group.create", target=group)
    return group


@transaction.atomic
def children_group_update(
    *, actor, instance: ChildrenGroup, name: str, classrooms: Iterable[Classroom] | None = None
) -> ChildrenGroup:
    """`classrooms`, when given, replaces the group's classrooms; None leaves them as they are."""
    instance.name = name
    instance.save()
    data: dict = {"fields": ["name"]}
    if classrooms is not None:
        data |= _classrooms_set(instance, classrooms)
    audit_record(actor=actor, action="children_group.update", target=instance, data=data)
    return instance


def _classrooms_set(group: ChildrenGroup, classrooms: Iterable[Classroom]) -> dict:
    wanted = {classroom.pk for classroom in classrooms}
    current = set(group.classrooms.values_list("pk", flat=True))
    group.classrooms.set(sorted(wanted))
    return {"classrooms_added": sorted(wanted - current), "classrooms_removed": sorted(current - wanted)}


@transaction.atomic
def children_group_set_classrooms(*, actor, instance: ChildrenGroup, classrooms: Iterable[Classroom]) -> ChildrenGroup:
    """The group's classrooms are exactly `classrooms` (their children are its default members)."""
    changes = _classrooms_set(instance, classrooms)
    audit_record(actor=actor, action="children_group.classrooms", target=instance, data=changes)
    return instance


@transaction.atomic
def children_group_set_children(*, actor, instance: ChildrenGroup, children: Iterable[Child]) -> ChildrenGroup:
    """Exactly `children` are in the group by their own choice (`child.child_group`): the listed ones join it
    (leaving any other group), the group's other children are removed from it."""
    wanted = {child.pk for child in children}
    current = set(Child.objects.filter(child_group=instance).values_list("pk", flat=True))
    removed = sorted(current - wanted)
    added = sorted(wanted - current)
    Child.objects.filter(pk__in=removed).update(child_group=None)
    Child.objects.filter(pk__in=added).update(child_group=instance)
    audit_record(
        actor=actor,
        action="children_group.children",
        target=instance,
        data={"children_added": added, "children_removed": removed},
    )
    return instance


@transaction.atomic
def children_group_delete(*, actor, instance: ChildrenGroup) -> None:
    members = Child.objects.filter(child_group=instance).count()
    audit_record(
        actor=actor,
        action="children_group.delete",
        target=instance,
        data={"name": instance.name, "children_ungrouped": members},
    )
    instance.delete()  # children's child_group is SET_NULL


@transaction.atomic
def workers_group_create(
    *,
    actor,
    name: str,
    institution: Institution | None = None,
    price_lists_group: PriceListsGroup | None = None,
) -> InstitutionWorkersGroup:
    group = InstitutionWorkersGroup.objects.create(
        name=name, institution=institution, price_lists_group=price_lists_group
    )
    audit_record(actor=actor, action="workers_group.create", target=group)
    return group


@transaction.atomic
def workers_group_update(*, actor, instance: InstitutionWorkersGroup, **fields) -> InstitutionWorkersGroup:
    model_update(instance=instance, fields=fields, data=fields)
    audit_record(actor=actor, action="workers_group.update", target=instance, data={"fields": sorted(fields)})
    return instance


@transaction.atomic
def workers_group_delete(*, actor, instance: InstitutionWorkersGroup) -> None:
    members = instance.workers.count()
    audit_record(
        actor=actor,
        action="workers_group.delete",
        target=instance,
        data={"name": instance.name, "workers_ungrouped": members},
    )
    instance.delete()  # workers' group is SET_NULL
