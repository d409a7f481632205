"""Reads of children groups.

Members of a children group: the children who chose it (`child.child_group`), plus the children of its
classrooms who chose no group (the classrooms give the group its default members; a child's own choice of
another group wins). Archived children are not members. Each member says why: `child` or `classroom`."""

from __future__ import annotations

from django.db.models import Case, CharField, Count, Prefetch, Q, QuerySet, Value, When

from kantyna.people.models import Child, ChildrenGroup

VIA_CHILD = "child"
VIA_CLASSROOM = "classroom"


def children_groups_queryset() -> QuerySet[ChildrenGroup]:
    return ChildrenGroup.objects.prefetch_related(
        "classrooms__institution",
        Prefetch("children", queryset=Child.objects.order_by("id").only("id", "child_group_id")),
    ).annotate(children_count=Count("children", distinct=True))


def children_group_members(group: ChildrenGroup) -> QuerySet[Child]:
    by_classroom = Q(child_group__isnull=True, classroom__in=group.classrooms.all())
    return (
        Child.objects.filter(archived_at__isnull=True)
        .filter(Q(child_group=group) | by_classroom)
        .select_related("parent", "institution", "classroom")
        .annotate(
            via=Case(
                When(child_group=group, then=Value(VIA_CHILD)),
                default=Value(VIA_CLASSROOM),
                output_field=CharField(),
            )
        )
        .order_by("last_name", "first_name", "id")
    )
