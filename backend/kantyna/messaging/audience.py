"""Who a message or an announcement reaches: the one rule, read two ways.

An `Audience` names people by where they are (institutions, classrooms, children groups, workers groups), by role,
or one by one. `audience_users` answers "who is in it" (sending many messages, publishing); `Places.reaches` answers
"is this person in it" from the person's own places, read once (`places_of`), so a person's unseen announcements are
one query over the announcements whatever their number. The two agree: tests/test_audience.py checks every case
both ways.

- `everyone`: every active user of the tenant (then narrowed by `roles` if given).
- places: a parent through their active children (the child's institution, classroom, children group — its own
  group or a group its classroom belongs to), a worker through their profile (institution, workers group), an
  institutions admin through the institutions they manage.
- `roles` alone: everyone holding one of them; with places or `everyone`: only those of them holding one.
- `user_ids`: these people, whatever the rest says (a saved list's hand-picked members).
Archived or inactive people are never reached.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import Q, QuerySet

from kantyna.people.models import Child, ChildrenGroup, WorkerProfile
from kantyna.users.models import User


def _ids(values) -> frozenset[int]:
    return frozenset(int(value) for value in values or ())


@dataclass(frozen=True)
class Audience:
    everyone: bool = False
    institution_ids: frozenset[int] = frozenset()
    classroom_ids: frozenset[int] = frozenset()
    children_group_ids: frozenset[int] = frozenset()
    workers_group_ids: frozenset[int] = frozenset()
    roles: frozenset[str] = frozenset()
    user_ids: frozenset[int] = frozenset()

    @classmethod
    def of(cls, *, everyone=False, institution_ids=(), classroom_ids=(), children_group_ids=(), workers_group_ids=(),
           roles=(), user_ids=()) -> Audience:  # fmt: skip
        return cls(
            everyone=bool(everyone),
            institution_ids=_ids(institution_ids),
            classroom_ids=_ids(classroom_ids),
            children_group_ids=_ids(children_group_ids),
            workers_group_ids=_ids(workers_group_ids),
            roles=frozenset(roles or ()),
            user_ids=_ids(user_ids),
        )

    @property
    def has_places(self) -> bool:
        return bool(self.institution_ids or self.classroom_ids or self.children_group_ids or self.workers_group_ids)

    @property
    def is_empty(self) -> bool:
        return not (self.everyone or self.has_places or self.roles or self.user_ids)


@dataclass(frozen=True)
class Places:
    """Where one person is, for `reaches`."""

    user_id: int
    roles: frozenset[str]
    institution_ids: frozenset[int]
    classroom_ids: frozenset[int]
    children_group_ids: frozenset[int]
    workers_group_ids: frozenset[int]

    def reaches(self, audience: Audience) -> bool:
        if self.user_id in audience.user_ids:
            return True
        if audience.roles and not (self.roles & audience.roles):
            return False
        if audience.everyone or (audience.roles and not audience.has_places):
            return True
        return bool(
            self.institution_ids & audience.institution_ids
            or self.classroom_ids & audience.classroom_ids
            or self.children_group_ids & audience.children_group_ids
            or self.workers_group_ids & audience.workers_group_ids
        )


def _reachable_users() -> QuerySet[User]:
    return User.objects.filter(is_active=True, archived_at__isnull=True)


def _live_children() -> QuerySet[Child]:
    return Child.objects.filter(is_active=True, archived_at__isnull=True)


def _live_workers() -> QuerySet[WorkerProfile]:
    return WorkerProfile.objects.filter(archived_at__isnull=True)


def audience_users(audience: Audience) -> QuerySet[User]:
    """The active people `audience` reaches, each once (a queryset: count it, page it, or take its ids)."""
    users = _reachable_users()
    if audience.is_empty:
        return users.none()
    if audience.everyone or (audience.roles and not audience.has_places):
        matched = Q()
    else:
        matched = Q(pk__in=_place_user_ids(audience))
    if audience.roles:
        matched &= Q(roles__overlap=sorted(audience.roles))
    if audience.user_ids:
        matched |= Q(pk__in=sorted(audience.user_ids))
    return users.filter(matched)


def _place_user_ids(audience: Audience):
    """The ids of the people in the audience's places, as one subquery (a UNION of the three ways in)."""
    children = Q(pk__in=[])
    if audience.institution_ids:
        children |= Q(institution_id__in=sorted(audience.institution_ids))
    if audience.classroom_ids:
        children |= Q(classroom_id__in=sorted(audience.classroom_ids))
    if audience.children_group_ids:
        group_ids = sorted(audience.children_group_ids)
        children |= Q(child_group_id__in=group_ids) | Q(classroom__children_groups__in=group_ids)
    parents = _live_children().filter(children).values("parent_id")

    workers = Q(pk__in=[])
    if audience.institution_ids:
        workers |= Q(institution_id__in=sorted(audience.institution_ids))
    if audience.workers_group_ids:
        workers |= Q(group_id__in=sorted(audience.workers_group_ids))
    employed = _live_workers().filter(workers).values("user_id")

    managing = User.institutions.through.objects.filter(institution_id__in=sorted(audience.institution_ids)).values(
        "user_id"
    )
    return parents.union(employed, managing)


def places_of(user: User) -> Places:
    """`user`'s places, read in one query (array subqueries over their children, profile and institutions)."""
    children = _live_children().filter(parent_id=user.pk)
    workers = _live_workers().filter(user_id=user.pk)
    row = (
        User.objects.filter(pk=user.pk)
        .annotate(
            child_institutions=ArraySubquery(children.values("institution_id")),
            child_classrooms=ArraySubquery(children.values("classroom_id")),
            own_groups=ArraySubquery(children.filter(child_group_id__isnull=False).values("child_group_id")),
            classroom_groups=ArraySubquery(
                ChildrenGroup.classrooms.through.objects.filter(
                    classroom_id__in=children.values("classroom_id")
                ).values("childrengroup_id")
            ),
            worker_institutions=ArraySubquery(workers.values("institution_id")),
            worker_groups=ArraySubquery(workers.filter(group_id__isnull=False).values("group_id")),
            managed=ArraySubquery(User.institutions.through.objects.filter(user_id=user.pk).values("institution_id")),
        )
        .values(
            "roles",
            "child_institutions",
            "child_classrooms",
            "own_groups",
            "classroom_groups",
            "worker_institutions",
            "worker_groups",
            "managed",
        )
        .get()
    )
    return Places(
        user_id=user.pk,
        roles=frozenset(row["roles"]),
        institution_ids=_ids([*row["child_institutions"], *row["worker_institutions"], *row["managed"]]),
        classroom_ids=_ids(row["child_classrooms"]),
        children_group_ids=_ids([*row["own_groups"], *row["classroom_groups"]]),
        workers_group_ids=_ids(row["worker_groups"]),
    )
