"""Row reach: which institutions, classrooms, children, workers and users an actor may see, decided in one place
(spec section 6). Abilities (`core.permissions`) say what an actor may do; `Reach(actor)` says on which rows.

- Admins (and the system, `actor=None`) reach every row.
- An institutions admin reaches the institutions assigned to them and the children, workers and users there.
- A parent reaches their own children; an institution worker their own worker profile.
- Customers see only active institutions; cooks and other staff every institution (the kitchen and the
  terminal name them).
- Menus are read where one belongs (`served_institution_ids`): kitchen and office staff everywhere, an
  institutions admin in their institutions, a worker in their own, a parent in their children's.
- Cooks reach every child: they look children up by dining card and assign cards at the terminal. What they
  may do with a child stops at their abilities (`cards.edit`, `terminal.use`): no ordering ability is granted
  to a cook, so ordering's commands stay closed to them. At the terminal they serve every worker too
  (`served_workers`).

The CRUD base in core does not know this module: an API view names it (`reach_class = Reach`) and the rows it
scopes (`reach_rows = "children"`), see `core.viewsets.CrudViewSet.scope_queryset`.
"""

from __future__ import annotations

from functools import cached_property

from django.db.models import Exists, OuterRef, Q, QuerySet

from kantyna.core.permissions import (
    CUSTOMER_ROLES,
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_EMPLOYEE,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_PARENT,
    ROLE_TICKET_ADMIN,
)
from kantyna.institutions.models import Classroom, Institution
from kantyna.people.models import Child, WorkerProfile
from kantyna.users.models import User

# Kitchen and office staff serve or support every institution, so they read what is shared with all (menus).
SERVING_EVERYWHERE_ROLES = frozenset({ROLE_ADMIN, ROLE_COOK, ROLE_TICKET_ADMIN, ROLE_MANAGE_REPORTS, ROLE_EMPLOYEE})


class Reach:
    """The rows `actor` reaches; each method narrows a queryset of its kind (the model's manager when omitted)."""

    def __init__(self, actor):
        self.actor = actor
        self.roles: set[str] = set(getattr(actor, "roles", None) or [])
        # The system (no actor) and admins reach everything.
        self.everything = actor is None or ROLE_ADMIN in self.roles
        self.is_institutions_admin = ROLE_INSTITUTIONS_ADMIN in self.roles

    @property
    def reaches_every_child(self) -> bool:
        """Whether `children()` leaves every child (admins, the system, cooks who are not institutions admins)."""
        return self.everything or (ROLE_COOK in self.roles and not self.is_institutions_admin)

    @property
    def serves_every_worker(self) -> bool:
        """Whether `served_workers()` leaves every worker (admins, the system, cooks who are not institutions
        admins)."""
        return self.everything or (ROLE_COOK in self.roles and not self.is_institutions_admin)

    @cached_property
    def institution_ids(self) -> set[int] | None:
        """None: every institution (admin, system); the institutions an institutions admin manages; else none."""
        if self.everything:
            return None
        if self.is_institutions_admin:
            return set(self.actor.institutions.values_list("id", flat=True))
        return set()

    @property
    def reported_institution_ids(self) -> set[int] | None:
        """The institutions a report covers (reports and automated reports, issue 17): None (every one) for the
        system, admins and report managers (who send the office's reports about every institution); an institutions
        admin's institutions; none for anyone else."""
        if ROLE_MANAGE_REPORTS in self.roles and not self.is_institutions_admin:
            return None
        return self.institution_ids

    @cached_property
    def served_institution_ids(self) -> set[int] | None:
        """The institutions whose shared content (menus) the actor reads: None (every one) for the system, admins,
        cooks and office staff; else an institutions admin's institutions, a worker's own (assigned, or of their
        worker profile) and a parent's children's."""
        if self.actor is None or self.roles & SERVING_EVERYWHERE_ROLES:
            return None
        ids: set[int] = set()
        if self.is_institutions_admin or ROLE_INSTITUTION_WORKER in self.roles:
            ids.update(self.actor.institutions.values_list("id", flat=True))
        if ROLE_INSTITUTION_WORKER in self.roles:
            ids.update(Institution.objects.filter(workers__user=self.actor).values_list("id", flat=True))
        if ROLE_PARENT in self.roles:
            ids.update(Institution.objects.filter(children__parent=self.actor).values_list("id", flat=True))
        return ids

    @property
    def placement_institution_ids(self) -> set[int] | None:
        """Where the actor may place a child or a worker: None (anywhere) but for an institutions admin, who
        places only within their institutions (parents place their own children wherever they like)."""
        return self.institution_ids if self.is_institutions_admin else None

    def _assigned_institutions(self) -> QuerySet:
        """The institutions linked to the actor (an institutions admin's, a worker's mirrored one), as a subquery."""
        return self.actor.institutions.values("pk")

    # --- institutions -----------------------------------------------------------------------------------------

    def institutions(self, queryset: QuerySet[Institution] | None = None) -> QuerySet[Institution]:
        """Admins every institution; an institutions admin those assigned to them; customers only active ones (a
        deactivated institution takes no new children or orders); cooks and other staff every one."""
        queryset = Institution.objects.all() if queryset is None else queryset
        if self.everything:
            return queryset
        if self.is_institutions_admin:
            return queryset.filter(pk__in=self._assigned_institutions())
        if self.roles & CUSTOMER_ROLES:
            return queryset.filter(is_active=True)
        return queryset

    def classrooms(self, queryset: QuerySet[Classroom] | None = None) -> QuerySet[Classroom]:
        """The classrooms of the institutions the actor reaches."""
        queryset = Classroom.objects.all() if queryset is None else queryset
        if self.everything:
            return queryset
        return queryset.filter(institution__in=self.institutions())

    # --- children and workers ---------------------------------------------------------------------------------

    def children(self, queryset: QuerySet[Child] | None = None) -> QuerySet[Child]:
        """Every child for an admin and a cook; an institutions admin's institutions' children; a parent's own
        children. Anything else is none (so: 404)."""
        queryset = Child.objects.all() if queryset is None else queryset
        if self.everything:
            return queryset
        condition = Q(pk__in=[])
        if ROLE_PARENT in self.roles:
            condition |= Q(parent=self.actor)
        if self.is_institutions_admin:
            condition |= Q(institution__in=self._assigned_institutions())
        elif ROLE_COOK in self.roles:
            return queryset  # cooks look children up by card and assign cards; their abilities stop anything else
        return queryset.filter(condition)

    def workers(self, queryset: QuerySet[WorkerProfile] | None = None) -> QuerySet[WorkerProfile]:
        """Every worker for an admin; an institutions admin's institutions' workers; a worker their own profile."""
        queryset = WorkerProfile.objects.all() if queryset is None else queryset
        if self.everything:
            return queryset
        condition = Q(pk__in=[])
        if ROLE_INSTITUTION_WORKER in self.roles:
            condition |= Q(user=self.actor)
        if self.is_institutions_admin:
            condition |= Q(institution__in=self._assigned_institutions())
        return queryset.filter(condition)

    def served_workers(self, queryset: QuerySet[WorkerProfile] | None = None) -> QuerySet[WorkerProfile]:
        """The workers whose meals the actor serves at the terminal: a cook every worker (the kitchen serves every
        institution), anyone else those of `workers()`."""
        queryset = WorkerProfile.objects.all() if queryset is None else queryset
        if ROLE_COOK in self.roles and not self.is_institutions_admin:
            return queryset
        return self.workers(queryset)

    def managed_subjects(self, *, child: str = "child", worker: str = "worker") -> Q:
        """A condition on rows about a meal receiver (`child` and `worker` name the relations, as on an order
        item): the children and workers of an institutions admin's institutions; none for anyone else (an admin's
        `everything` is checked first by the caller)."""
        if not self.is_institutions_admin:
            return Q(pk__in=[])
        institutions = self._assigned_institutions()
        return Q(**{f"{child}__institution__in": institutions}) | Q(**{f"{worker}__institution__in": institutions})

    def paid_by_actor(self, *, payer: str = "payer") -> Q:
        """A condition on rows paid for by someone (`payer` names the relation): a customer's own; none for staff
        (customers pay for their and their children's meals)."""
        if self.actor is not None and self.roles & CUSTOMER_ROLES:
            return Q(**{payer: self.actor})
        return Q(pk__in=[])

    # --- users ------------------------------------------------------------------------------------------------

    def _users_there(self) -> Q:
        """Parents with a child in one of the actor's institutions and workers of those institutions."""
        institutions = self._assigned_institutions()
        child_there = Child.objects.filter(parent=OuterRef("pk"), institution__in=institutions)
        works_there = WorkerProfile.objects.filter(user=OuterRef("pk"), institution__in=institutions)
        return Q(Exists(child_there)) | Q(Exists(works_there))

    def users(self, queryset: QuerySet[User] | None = None) -> QuerySet[User]:
        """Users the actor manages: everyone for an admin; else parents with a child in one of the actor's
        institutions and workers of those institutions (404 for the rest)."""
        queryset = User.objects.all() if queryset is None else queryset
        if self.everything:
            return queryset
        return queryset.filter(self._users_there())

    def payers(self, queryset: QuerySet[User] | None = None) -> QuerySet[User]:
        """Payers (parents and workers) whose money the actor may see: every one for an admin, an institutions
        admin's institutions' payers, a customer themselves."""
        queryset = User.objects.all() if queryset is None else queryset
        payers = queryset.filter(roles__overlap=list(CUSTOMER_ROLES))
        if self.everything:
            return payers
        condition = Q(pk__in=[])
        if self.is_institutions_admin:
            condition |= self._users_there()
        if self.roles & CUSTOMER_ROLES:
            condition |= Q(pk=self.actor.pk)
        return payers.filter(condition)
