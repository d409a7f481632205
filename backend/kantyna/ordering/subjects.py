"""Calendar subjects (meal receivers, DESIGN.md §4): a child, or an institution worker, addressed in the API
as `{type}/{id}` — `child/<Child id>` or `institution_worker/<the worker's User id>` (so a worker ordering for
themselves can use currentUser.id).

`subject_resolve` is the one place that decides who may reach a subject: a parent their own children, a worker
themselves, an admin everyone, an institutions admin the subjects of their institutions. Anything else is
404, never 403 (another family's child does not exist for you)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from kantyna.catalog.models import Diet
from kantyna.core.errors import DomainError
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_INSTITUTIONS_ADMIN,
)
from kantyna.institutions.models import Institution
from kantyna.people.models import Child, SubjectType, WorkerProfile
from kantyna.people.reach import Reach
from kantyna.pricing.models import PriceListItem
from kantyna.pricing.selectors import child_own_price_lists_group_id
from kantyna.users.models import User

CHILD = SubjectType.CHILD.value
WORKER = SubjectType.INSTITUTION_WORKER.value
TYPES = (CHILD, WORKER)
PARENTS_AUDIENCE = str(PriceListItem.HiddenFor.PARENTS.value)
WORKERS_AUDIENCE = str(PriceListItem.HiddenFor.WORKERS.value)

CHILD_RELATIONS = ("parent", "institution", "classroom", "diet", "classroom__related_price_lists_group")
WORKER_RELATIONS = ("user", "institution", "diet")


@dataclass(frozen=True, eq=False)
class Subject:
    type: str
    id: int
    payer: User
    institution: Institution
    diet: Diet
    name: str
    child: Child | None = None
    worker: WorkerProfile | None = None
    # The group pricing this subject when it is its own (child's group, or the classroom's group for members);
    # None: the tenant's default group for its kind (resolved by pricing).
    own_price_lists_group_id: int | None = None
    discount_percent: Decimal = Decimal("0")
    discount_expiration_date: date | None = None
    classroom_id: int | None = None
    extra: dict = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, int]:
        return (self.type, self.id)

    @property
    def audience(self) -> str:
        """The `hiddenFor` value of the people who order for this subject."""
        return PARENTS_AUDIENCE if self.type == CHILD else WORKERS_AUDIENCE

    @property
    def item_filter(self) -> dict:
        """Keyword filter of this subject's order items and absences."""
        return {"child_id": self.child.pk} if self.child is not None else {"worker_id": self.worker.pk}

    @property
    def item_key(self) -> tuple[int | None, int | None]:
        """(child id, worker profile id), as order items and absences name this subject: the key of their rows
        in set-based reads."""
        return (self.child.pk if self.child is not None else None, self.worker.pk if self.worker is not None else None)

    @property
    def item_fields(self) -> dict:
        return {"child": self.child} if self.child is not None else {"worker": self.worker}

    @property
    def is_active(self) -> bool:
        if self.child is not None:
            return self.child.is_active and self.child.archived_at is None
        return self.worker.archived_at is None and self.payer.is_active

    def discount_on(self, day: date) -> Decimal:
        """The discount that applies on `day`: until its expiry date, inclusive."""
        if not self.discount_percent:
            return Decimal("0")
        if self.discount_expiration_date is not None and day > self.discount_expiration_date:
            return Decimal("0")
        return Decimal(self.discount_percent)


def subject_of_child(child: Child) -> Subject:
    return Subject(
        type=CHILD,
        id=child.pk,
        payer=child.parent,
        institution=child.institution,
        diet=child.diet,
        name=f"{child.first_name} {child.last_name}",
        child=child,
        own_price_lists_group_id=child_own_price_lists_group_id(child),
        discount_percent=child.discount_percent if child.has_discount else Decimal("0"),
        discount_expiration_date=child.discount_expiration_date,
        classroom_id=child.classroom_id,
    )


def subject_of_worker(worker: WorkerProfile) -> Subject:
    return Subject(
        type=WORKER,
        id=worker.user_id,
        payer=worker.user,
        institution=worker.institution,
        diet=worker.diet,
        name=worker.user.full_name,
        worker=worker,
        own_price_lists_group_id=worker.price_lists_group_id,
        discount_percent=worker.discount_percent if worker.has_discount else Decimal("0"),
        discount_expiration_date=worker.discount_expiration_date,
    )


def _roles(actor) -> set[str]:
    return set(getattr(actor, "roles", None) or [])


def is_staff(actor) -> bool:
    return bool(_roles(actor) & {ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN})


def subject_resolve(type: str, id: int, *, actor) -> Subject:
    """The subject `{type}/{id}` if `actor` may reach it, else refused as not found (404)."""
    try:
        pk = int(id)
    except (TypeError, ValueError):
        raise DomainError("record.not_found") from None
    reach = Reach(actor)
    if type == CHILD:
        child = reach.children().select_related(*CHILD_RELATIONS).filter(pk=pk).first()
        if child is not None:
            return subject_of_child(child)
    elif type == WORKER:
        worker = reach.workers().select_related(*WORKER_RELATIONS).filter(user_id=pk).first()
        if worker is not None:
            return subject_of_worker(worker)
    raise DomainError("record.not_found")


def subjects_of_user(user: User) -> list[Subject]:
    """The subjects a customer orders for: their active children and, for a worker, themselves."""
    subjects = [
        subject_of_child(child)
        for child in Child.objects.filter(parent=user, archived_at__isnull=True).select_related(*CHILD_RELATIONS)
    ]
    worker = WorkerProfile.objects.filter(user=user, archived_at__isnull=True).select_related(*WORKER_RELATIONS)
    subjects += [subject_of_worker(profile) for profile in worker]
    return subjects
