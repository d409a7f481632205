"""Reads of orders: who sees which order, the filtered list with its per-order figures, totals, counts.

Scope: an admin sees every order, an institutions admin the orders with a meal for a subject of their
institutions, a customer the orders they pay for. Every figure of a page comes from annotations, so the
list costs the same number of queries for 2 orders or 2,000."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import (
    Case,
    CharField,
    Count,
    Exists,
    Max,
    Min,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce, Concat

from kantyna.catalog.models import MealType
from kantyna.core.params import id_of
from kantyna.ordering.cutoff import cutoff_config, tenant_today
from kantyna.ordering.models import LIVE_STATUSES, Order, OrderItem
from kantyna.ordering.subjects import CHILD, WORKER, is_staff
from kantyna.people.models import Child, WorkerProfile
from kantyna.people.reach import Reach
from kantyna.pricing.models import PriceList

ITEM_RELATIONS = (
    "meal_type",
    "diet",
    "portion_size",
    "child__institution",
    "child__classroom",
    "worker__user",
    "worker__institution",
)


@dataclass(frozen=True)
class OrderFilters:
    """The list's filters (all optional). Date and place filters keep orders with at least one such meal."""

    date_from: date | None = None
    date_to: date | None = None
    institution_id: int | None = None
    classroom_id: int | None = None
    meal_type_id: int | None = None
    subject_type: str | None = None
    subject_id: int | None = None
    payer_id: int | None = None
    status: str | None = None
    kind: str | None = None
    search: str = ""

    def item_condition(self, prefix: str = "") -> Q:
        """The item-level part of the filters, as a condition on order items (`prefix` reaches them)."""
        condition = Q()
        if self.date_from is not None:
            condition &= Q(**{f"{prefix}date__gte": self.date_from})
        if self.date_to is not None:
            condition &= Q(**{f"{prefix}date__lte": self.date_to})
        if self.institution_id is not None:
            condition &= Q(**{f"{prefix}child__institution_id": self.institution_id}) | Q(
                **{f"{prefix}worker__institution_id": self.institution_id}
            )
        if self.classroom_id is not None:
            condition &= Q(**{f"{prefix}child__classroom_id": self.classroom_id})
        if self.meal_type_id is not None:
            condition &= Q(**{f"{prefix}meal_type_id": self.meal_type_id})
        # A subject type alone keeps that kind of meal receiver (children's meals, or workers' own).
        if self.subject_type == CHILD:
            condition &= (
                Q(**{f"{prefix}child_id": self.subject_id})
                if self.subject_id is not None
                else Q(**{f"{prefix}child__isnull": False})
            )
        elif self.subject_type == WORKER:
            condition &= (
                Q(**{f"{prefix}worker__user_id": self.subject_id})
                if self.subject_id is not None
                else Q(**{f"{prefix}worker__isnull": False})
            )
        return condition

    @property
    def has_item_condition(self) -> bool:
        return bool(self.item_condition())

    @property
    def has_order_condition(self) -> bool:
        """Whether a filter is about the order itself (`orders_matching` narrows by more than the items)."""
        return self.payer_id is not None or bool(self.status) or bool(self.kind) or bool(self.search)


def orders_visible_to(user) -> QuerySet[Order]:
    """Orders `user` may read, by the one row reach: an admin all, an institutions admin those with a meal for a
    subject of their institutions, a customer those they pay for."""
    reach = Reach(user)
    orders = Order.objects.all()
    if reach.everything:
        return orders
    condition = reach.paid_by_actor(payer="payer")
    if reach.is_institutions_admin:
        condition |= Q(Exists(OrderItem.objects.filter(reach.managed_subjects(), order=OuterRef("pk"))))
    return orders.filter(condition)


def items_visible_to(user) -> QuerySet[OrderItem]:
    """Order items `user` may read: an admin all, an institutions admin those of their institutions' subjects,
    a customer those of the orders they pay for."""
    reach = Reach(user)
    items = OrderItem.objects.all()
    if reach.everything:
        return items
    return items.filter(reach.managed_subjects() | reach.paid_by_actor(payer="order__payer"))


def _subject_names():
    """The order's distinct meal receiver names, sorted (as `ARRAY_AGG(DISTINCT ...)` would), from its own items:
    a correlated subquery whose names are looked up per item by primary key, so neither the grouped query nor
    this one joins a person table (joined, PostgreSQL hashed every user or worker of the tenant for each page)."""
    child_name = Child.objects.filter(pk=OuterRef("child_id")).values(
        name=Concat("first_name", Value(" "), "last_name", output_field=CharField())
    )
    worker_name = WorkerProfile.objects.filter(pk=OuterRef("worker_id")).values(
        name=Concat("user__first_name", Value(" "), "user__last_name", output_field=CharField())
    )
    names = (
        OrderItem.objects.filter(order=OuterRef("pk"))
        .values(
            name=Case(
                When(child__isnull=False, then=Subquery(child_name)),
                default=Subquery(worker_name),
                output_field=CharField(),
            )
        )
        .distinct()
        .order_by("name")
    )
    return ArraySubquery(names)


def orders_matching(*, user, filters: OrderFilters) -> QuerySet[Order]:
    """Visible orders matching `filters`, without the list's figures (what item reads narrow by)."""
    orders = orders_visible_to(user)
    if filters.has_item_condition:
        matching = OrderItem.objects.filter(filters.item_condition(), order=OuterRef("pk"))
        orders = orders.filter(Exists(matching))
    if filters.payer_id is not None:
        orders = orders.filter(payer_id=filters.payer_id)
    if filters.status:
        orders = orders.filter(status=filters.status)
    if filters.kind:
        orders = orders.filter(kind=filters.kind)
    if filters.search:
        orders = orders.filter(_search_condition(filters.search))
    return orders


def order_list(*, user, filters: OrderFilters) -> QuerySet[Order]:
    """Visible orders matching `filters`, each with its date range, meal counts, gross amount (live meals) and
    the names of its meal receivers (the export's every row; a page of the list reads `order_page_with_figures`)."""
    return orders_with_figures(orders_matching(user=user, filters=filters))


def orders_with_figures(orders: QuerySet[Order]) -> QuerySet[Order]:
    """`orders` with the list's figures: one grouped query over their items, newest order first."""
    return (
        orders.select_related("payer", "created_by")
        .annotate(
            date_from=Min("items__date"),
            date_to=Max("items__date"),
            items_count=Count("items"),
            active_items_count=Count("items", filter=Q(items__status=OrderItem.Status.ACTIVE)),
            served_items_count=Count("items", filter=Q(items__status=OrderItem.Status.SERVED)),
            gross_amount=Coalesce(
                Sum("items__price", filter=Q(items__status__in=LIVE_STATUSES)), Value(Decimal("0.00"))
            ),
            subject_names=_subject_names(),
        )
        .order_by("-created_at", "-id")  # Meta.ordering does not apply to a grouped query
    )


def order_list_rows(*, user, filters: OrderFilters) -> QuerySet[Order]:
    """The list's rows without figures, in the list's order: what a page is cut from and counted on (no join to
    the items, so neither the count nor the page aggregates a tenant's whole month of meals)."""
    return orders_matching(user=user, filters=filters).order_by("-created_at", "-id")


def order_page_with_figures(page: QuerySet) -> QuerySet[Order]:
    """The orders of `page` (a sliced `.values("pk")` of `order_list_rows`) with the list's figures: the page is
    cut first, then only its orders' items are aggregated (one query, the page as a subquery)."""
    return orders_with_figures(Order.objects.filter(pk__in=page))


def _search_condition(search: str) -> Q:
    condition = Q()
    for word in search.split():
        named = Exists(
            OrderItem.objects.filter(order=OuterRef("pk")).filter(
                Q(child__first_name__icontains=word)
                | Q(child__last_name__icontains=word)
                | Q(worker__user__first_name__icontains=word)
                | Q(worker__user__last_name__icontains=word)
            )
        )
        word_condition = Q(payer__first_name__icontains=word) | Q(payer__last_name__icontains=word) | Q(named)
        if (order_id := id_of(word)) is not None:
            word_condition |= Q(pk=order_id)
        condition &= word_condition
    return condition


def order_items_of(*, user, filters: OrderFilters) -> QuerySet[OrderItem]:
    """The meals of the orders `order_list` would answer, narrowed by the item-level filters.

    Without an order-level filter (payer, status, kind, search) the orders' condition is implied by the items'
    own: an item `items_visible_to` reads belongs to an order `orders_visible_to` reads (its payer is the actor,
    or the item itself is about a managed subject), and an item matching the item-level filters makes its order
    match them. So the `order__in` semi-join (an index lookup by order for every item of the day: 20,000 for the
    kitchen's summary) is left out; the rows are the same."""
    items = items_visible_to(user).filter(filters.item_condition())
    if filters.has_order_condition:
        items = items.filter(order__in=orders_matching(user=user, filters=filters).values("pk"))
    return items


def order_totals(*, user, filters: OrderFilters) -> dict:
    """Meals by status and the gross amount of live meals (active and served), for the list's filters."""
    orders = orders_matching(user=user, filters=filters)  # no figures: counting them needs no grouping
    orders_count = orders.count()
    items = OrderItem.objects.filter(filters.item_condition(), order__in=orders.values("pk"))
    figures = items.aggregate(
        active=Count("pk", filter=Q(status=OrderItem.Status.ACTIVE)),
        cancelled=Count("pk", filter=Q(status=OrderItem.Status.CANCELLED)),
        served=Count("pk", filter=Q(status=OrderItem.Status.SERVED)),
        gross_amount=Coalesce(Sum("price", filter=Q(status__in=LIVE_STATUSES)), Value(Decimal("0.00"))),
    )
    return {
        "orders_count": orders_count,
        "items": {key: figures[key] for key in ("active", "cancelled", "served")},
        "gross_amount": figures["gross_amount"],
    }


def order_get(*, user, order_id: int) -> Order | None:
    """One visible order with its meals; an institutions admin sees only the meals of their institutions."""
    items = OrderItem.objects.select_related(*ITEM_RELATIONS).order_by("date", "meal_type__position", "id")
    reach = Reach(user)
    if not reach.everything and reach.is_institutions_admin:
        items = items_visible_to(user).select_related(*ITEM_RELATIONS).order_by("date", "meal_type__position", "id")
    return (
        orders_visible_to(user)
        .select_related("payer", "created_by")
        .prefetch_related(Prefetch("items", queryset=items))
        .filter(pk=order_id)
        .first()
    )


def orders_count(*, user, filters: OrderFilters) -> int:
    return orders_matching(user=user, filters=filters).count()


def live_items_grouped_by_dates(*, user, filters: OrderFilters) -> list[dict]:
    """Live meals per date, meal type and diet, by date:
    `[{date, count, meal_types: [{id, name, count, diets: [{id, name, count}]}]}]` (one query)."""
    items = order_items_of(user=user, filters=filters).filter(status__in=LIVE_STATUSES)
    rows = (
        items.values("date", "meal_type_id", "meal_type__name", "meal_type__position", "diet_id", "diet__name")
        .annotate(count=Count("pk"))
        .order_by("date", "meal_type__position", "meal_type_id", "diet__name", "diet_id")
    )
    by_date: dict[date, dict] = {}
    for row in rows:
        day = by_date.setdefault(row["date"], {"date": row["date"], "count": 0, "meal_types": []})
        meal_types = day["meal_types"]
        if not meal_types or meal_types[-1]["id"] != row["meal_type_id"]:
            meal_types.append({"id": row["meal_type_id"], "name": row["meal_type__name"], "count": 0, "diets": []})
        meal_types[-1]["count"] += row["count"]
        meal_types[-1]["diets"].append({"id": row["diet_id"], "name": row["diet__name"], "count": row["count"]})
        day["count"] += row["count"]
    return list(by_date.values())


def live_items_summary(*, user, filters: OrderFilters) -> list[dict]:
    """The kitchen's summary: live meals per date and meal type, by date then meal type (as the meal types are
    ordered): `[{date, meal_type_id, meal_type_name, count, amount}]`, `amount` the meals' gross price (one
    query)."""
    items = order_items_of(user=user, filters=filters).filter(status__in=LIVE_STATUSES)
    rows = (
        items.values("date", "meal_type_id", "meal_type__name", "meal_type__position")
        .annotate(count=Count("pk"), amount=Sum("price"))
        .order_by("date", "meal_type__position", "meal_type__name", "meal_type_id")
    )
    return [
        {
            "date": row["date"],
            "meal_type_id": row["meal_type_id"],
            "meal_type_name": row["meal_type__name"],
            "count": row["count"],
            "amount": row["amount"],
        }
        for row in rows
    ]


def meal_types_in_orders(*, user, filters: OrderFilters) -> QuerySet[MealType]:
    """The meal types of the meals (any status) of the orders the list shows for `filters`: the options of the
    list's meal type filter, which itself is left out (choosing one keeps the others offered)."""
    items = order_items_of(user=user, filters=replace(filters, meal_type_id=None))
    return MealType.objects.filter(pk__in=items.values("meal_type_id")).order_by("position", "name", "id")


def active_future_items(item_filter: dict, *, on: date | None = None) -> QuerySet[OrderItem]:
    """A subject's active meals after today (`item_filter`: `{"child": ...}` or `{"worker": ...}`): what moving
    it to another institution cancels, and what the child form counts before asking."""
    return OrderItem.objects.filter(**item_filter, status=OrderItem.Status.ACTIVE, date__gt=on or tenant_today())


def subject_active_future_items_count(subject, *, on: date | None = None) -> int:
    return active_future_items(subject.item_filter, on=on).count()


def subject_orders(*, user, subject) -> QuerySet[Order]:
    """Visible orders holding a meal of `subject`, without figures (`order_list_rows`: a page of them takes its
    figures from `order_page_with_figures`)."""
    filters = OrderFilters(subject_type=subject.type, subject_id=subject.id)
    return order_list_rows(user=user, filters=filters)


def price_list_has_prepaids(price_list: PriceList) -> bool:
    """Whether prepaid orders (orders of kind `prepaid`) were priced from this list, through their items."""
    return OrderItem.objects.filter(price_list_item__price_list=price_list, order__kind=Order.Kind.PREPAID).exists()


def future_items_to_cancel(*, actor, child: Child | None = None, worker=None):
    """The subject's active meals that moving it to another institution cancels: from tomorrow on (tenant
    timezone); for a caller who is not staff only from the first day still open for ordering (the meals already
    closed are served at the old institution: the kitchen has planned them)."""
    items = active_future_items({"child": child} if child is not None else {"worker": worker})
    if not is_staff(actor):
        items = items.filter(date__gte=cutoff_config().first_open_day())
    return items


def child_active_future_orders_count(child: Child, *, actor) -> int:
    """How many active orders of `child` moving it to another institution cancels (`future_items_to_cancel`), which
    the child form asks the user to confirm first."""
    return future_items_to_cancel(actor=actor, child=child).count()
