"""Order items by where their receivers are: the one rule "the meals of an institution's receivers, where they are
now" (a child's or worker's current institution, not where they were when the meal was ordered), used by the
reports' figures and the institutions' invoices alike."""

from __future__ import annotations

from django.db.models import F, Q, QuerySet
from django.db.models.functions import Coalesce

from kantyna.ordering.models import OrderItem
from kantyna.people.models import Child, WorkerProfile


def items_of_institutions(
    institution_ids: set[int] | None, *, with_place: bool = False, **condition
) -> QuerySet[OrderItem]:
    """Order items (every status) matching `condition`, of receivers of `institution_ids` (None: every one). The
    receiver's institution (`place_id`) is joined only when narrowing or asked for (`with_place`)."""
    items = OrderItem.objects.filter(**condition)
    if with_place:
        items = items.annotate(place_id=Coalesce(F("child__institution_id"), F("worker__institution_id")))
    if institution_ids is None:
        return items
    # The receivers of the institutions as two sets the database builds once (hashed), not a join of every item to
    # its child and worker filtered afterwards.
    return items.filter(
        Q(child_id__in=Child.objects.filter(institution_id__in=institution_ids).values("pk"))
        | Q(worker_id__in=WorkerProfile.objects.filter(institution_id__in=institution_ids).values("pk"))
    )
