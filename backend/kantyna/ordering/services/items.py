"""The ordering core (DESIGN.md §4): placing and cancelling order items. Every way of ordering — the calendar,
the orders screens, bulk presences, automarking — ends here, so the rules live in one place:

- access: the subject comes from `subject_resolve` (the caller's reach); `items_cancel` checks it again;
- the subject and its institution are active; free days refuse; the cut-off refuses customers (staff may
  override it); meal types the institution does not serve refuse; the diet is the subject's unless
  `allowAnyDiets`; with `allowOnlyOneDietAndMealType` a day holds one meal; notes only with `allowNotes`;
- at most one live item per subject, day and meal type: the partial unique index decides, rows go in with
  ON CONFLICT DO NOTHING, so two tabs marking the same day cannot double-order (the loser's request is skipped);
- money: with `order_charge_time = on_marking` the items are charged in the same transaction (refused with
  409 "Insufficient funds." below the allowed debit), with `in_order_day` a daily job charges them (a customer
  is still refused when the balance cannot cover every uncharged meal); a cancel refunds what was charged, to
  the account the charge was taken from; the manipulation fee is one "fee" entry per marking action.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.money import money_amount
from kantyna.core.permissions import CUSTOMER_ROLES, has_ability
from kantyna.core.prepared import Instances, PreparedQuery
from kantyna.core.serializers import money
from kantyna.ledger.locks import lock_ledger_account
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.selectors import ledger_last_month_unpaid
from kantyna.ledger.services import (
    LedgerEntry,
    balance_per_children,
    ledger_account_for,
    ledger_funds_floor,
    ledger_post_many,
)
from kantyna.ordering.cutoff import Cutoff, cutoff_config, tenant_today
from kantyna.ordering.models import LIVE, Absence, FreeDay, Order, OrderItem
from kantyna.ordering.pricing import SUBJECT_AUDIENCE, Pricer
from kantyna.ordering.subjects import (
    Subject,
    is_staff,
)
from kantyna.ordering.texts import item_ledger_description
from kantyna.people.reach import Reach
from kantyna.tenant_settings.selectors import settings_get, settings_row, settings_snapshot

DEFAULT_FEE = object()  # items_place(manipulation_fee=DEFAULT_FEE): the tenant's rule


@dataclass(frozen=True)
class ItemRequest:
    date: date
    meal_type_id: int
    portion_size_id: int | None = None  # default portion size when None
    diet_id: int | None = None  # the subject's diet unless allowAnyDiets
    price_list_item_id: int | None = None  # explicit choice (must match meal type/diet/portion & be visible)
    note: str = ""


@dataclass
class PlaceResult:
    order: Order | None
    created: list[OrderItem] = field(default_factory=list)
    skipped: list[ItemRequest] = field(default_factory=list)  # already live (or lost a race to another mark)
    replayed: bool = False  # the idempotency key was seen before: nothing new was done
    fee: Decimal = Decimal("0.00")

    @property
    def total(self) -> Decimal:
        return sum((item.price for item in self.created), Decimal("0.00"))


def _require_last_month_paid(payer, today: date) -> None:
    """presencesMarkingConfig.requireLastMonthToBePaid: a customer whose balance closed last month below zero
    orders again once it is settled by a payment (staff may still order for them)."""
    if payer.pk in ledger_last_month_unpaid([payer.pk], today):
        raise DomainError("order.last_month_unpaid", field="subject")


def _require_funds_for_uncharged(account: LedgerAccount, fee: Decimal) -> None:
    """With in_order_day charging nothing is booked at marking, so a customer's funds are checked against what is
    already promised: under the account's lock, its balance minus every uncharged live item it will pay for (the
    ones just placed included) minus the fee must stay at or above the funds floor (else 409, as at marking)."""
    locked = lock_ledger_account(account)
    scope = {"child_id": account.child_id} if balance_per_children() else {}
    uncharged = OrderItem.objects.filter(
        LIVE, order__payer_id=account.user_id, charged_at__isnull=True, **scope
    ).aggregate(total=Sum("price"))["total"] or Decimal("0.00")
    if uncharged + fee > 0 and locked.balance - uncharged - fee < ledger_funds_floor():
        raise DomainError(
            "ledger.insufficient_funds", extra={"balance": money(locked.balance), "required": money(uncharged + fee)}
        )


def refuse_closed_day(day: date) -> None:
    """The one refusal of a change to a day past its cut-off: ordering, cancelling or an absence."""
    raise DomainError("order.day_closed", field="date", params={"date": day})


def refuse_served(item: OrderItem, *, field: str = "items") -> None:
    """The one refusal of cancelling a served meal (409 `order_item.served`), by anyone: a parent's cancel or
    absence, and staff's too, past the cut-off or not — a served meal was eaten, so its charge stands. Giving
    the money back is a different matter (a ledger correction or refund), not a cancel."""
    raise DomainError("order_item.served", field=field, params={"date": item.date})


# The reads of every marking, compiled once per process (core.prepared); many institutions (the nightly job) or a
# long list of days run the ORM as before. `subject`: a subject's `item_filter` (child_id or worker_id).
_FREE_DAYS = PreparedQuery(
    lambda institution_ids, first, last: (
        FreeDay.objects.filter(date__range=(first, last))
        .filter(Q(institution__isnull=True) | Q(institution_id__in=institution_ids))
        .values_list("institution_id", "date")
    )
)
_LIVE = PreparedQuery(
    lambda dates, **subject: (
        OrderItem.objects.filter(LIVE, **subject, date__in=dates).order_by().values_list("date", "meal_type_id")
    ),
    max_list=31,
)
# Items as the calendar and the marking's answer show them: with their meal type, diet and portion size.
_ITEM = Instances(OrderItem, ("meal_type", "diet", "portion_size"))
_ORDER_ACTIVE_ITEMS = PreparedQuery(
    lambda order_id, dates, **subject: (
        OrderItem.objects.filter(order_id=order_id, status=OrderItem.Status.ACTIVE, **subject, date__in=dates)
        .order_by("date", "meal_type__position", "id")
        .values_list(*_ITEM.columns)
    ),
    max_list=31,
)


def free_days_for(institution_ids: Iterable[int], first: date, last: date) -> dict[int | None, set[date]]:
    """Free days in [first, last]: `{None: global days, institution id: its own days}` (one query)."""
    days: dict[int | None, set[date]] = defaultdict(set)
    for institution_id, day in _FREE_DAYS(institution_ids=list(institution_ids), first=first, last=last):
        days[institution_id].add(day)
    return days


def is_free(days: dict[int | None, set[date]], institution_id: int, day: date) -> bool:
    return day in days.get(None, ()) or day in days.get(institution_id, ())


def manipulation_fee_for(actor, *, add: bool | None = None, amount=None, row=None) -> Decimal | None:
    """The fee of one marking action. Customers pay the tenant's default when `add_manipulation_fee` is on
    (what they send is ignored); staff choose (`add`, `amount`, defaulting to the tenant's default amount)."""
    fees = settings_get("fees", row=row)
    if actor is None:
        return None
    if is_staff(actor):
        if not add:
            return None
        fee = money_amount(amount) if amount not in (None, "", {}) else money_amount(fees["default_manipulation_fee"])
        return fee if fee > 0 else None
    if not fees.get("add_manipulation_fee"):
        return None
    fee = money_amount(fees["default_manipulation_fee"])
    return fee if fee > 0 else None


def _item_subject_name(item: OrderItem) -> str:
    return str(item.child) if item.child_id else item.worker.user.full_name


def _charge_entries(items: list[OrderItem], subject_name: str) -> list[LedgerEntry]:
    return [
        LedgerEntry(
            kind="charge",
            amount=-item.price,
            idempotency_key=f"charge:item:{item.pk}",
            reference_type="order_item",
            reference_id=item.pk,
            description=item_ledger_description(
                subject_name=subject_name, meal_type_name=item.meal_type.name, day=item.date
            ),
        )
        for item in items
        if item.price > 0
    ]


@dataclass(frozen=True)
class _Placing:
    """One call of `items_place`: who places for whom, into which order and under which rules. The keyword
    arguments travel together through the steps as this one object."""

    actor: Any
    subject: Subject
    order: Order | None  # the order to add to; None: a new one for this action
    kind: str
    override: bool  # staff asked to override the cut-off (ignored for customers)
    automarked: bool
    idempotency_key: str | None
    manipulation_fee: Any  # DEFAULT_FEE: the tenant's rule; else the fee to take (None: none)
    check_funds: bool | None  # None: customers' funds are checked, staff's are not
    now: datetime
    cutoff: Cutoff | None
    pricer: Pricer | None

    @property
    def staff(self) -> bool:
        return is_staff(self.actor)


def _require_active(subject: Subject) -> None:
    if not subject.is_active:
        raise DomainError("order.subject_inactive", field="subject")
    if not subject.institution.is_active:
        raise DomainError("order.institution_inactive", field="subject")


def _claim_key(placing: _Placing) -> tuple[Order | None, PlaceResult | None]:
    """The one check of the idempotency key: (the order this call claimed for the key, None), or (None, the replay
    of the order the key already made). A key used by another payer is refused (409). Concurrent first uses meet
    at the key's unique index: the second waits for the first to commit and then replays its order (or claims the
    key when the first rolled back). With a given order (adding to it) the key is only looked up."""
    key = placing.idempotency_key
    if not key:
        return None, None
    existing = Order.objects.filter(idempotency_key=key).first()
    if existing is None and placing.order is None:
        try:
            with transaction.atomic():
                claimed = Order.objects.create(
                    payer=placing.subject.payer, created_by=placing.actor, kind=placing.kind, idempotency_key=key
                )
            return claimed, None
        except IntegrityError:
            existing = Order.objects.get(idempotency_key=key)
    if existing is None:
        return None, None
    if existing.payer_id != placing.subject.payer.pk:
        raise DomainError("order.key_reused", field="idempotencyKey")
    return None, PlaceResult(order=existing, created=list(existing.items.all()), replayed=True)


def _checked_requests(placing: _Placing, requests: list[ItemRequest], config: dict, cutoff: Cutoff) -> list:
    """`requests` deduplicated per (date, meal type) in one order for everyone (concurrent inserts then lock rows
    in the same order), refused on free days, closed days, notes, diets and one meal a day."""
    unique: dict[tuple[date, int], ItemRequest] = {}
    for request in requests:
        unique.setdefault((request.date, request.meal_type_id), request)
    requests = [unique[key] for key in sorted(unique)]
    subject = placing.subject
    free = free_days_for([subject.institution.pk], requests[0].date, requests[-1].date)
    for request in requests:
        if is_free(free, subject.institution.pk, request.date):
            raise DomainError("order.free_day", field="date", params={"date": request.date})
        if not placing.override and not cutoff.is_open(request.date, placing.now):
            refuse_closed_day(request.date)
        if request.note and not config.get("allow_notes"):
            raise DomainError("order.notes_not_allowed", field="note")
        if request.diet_id and request.diet_id != subject.diet.pk and not config.get("allow_any_diets"):
            raise DomainError("order.diet_not_allowed", field="dietId")
    if config.get("allow_only_one_diet_and_meal_type"):
        per_day = defaultdict(int)
        for request in requests:
            per_day[request.date] += 1
        if any(count > 1 for count in per_day.values()):
            raise DomainError("order.only_one_meal", field="mealTypeId")
    return requests


def _priced_rows(
    placing: _Placing, requests: list[ItemRequest], config: dict
) -> tuple[list[OrderItem], list[ItemRequest]]:
    """The unsaved items to insert, priced, and the requests skipped because the day and meal type is live."""
    subject = placing.subject
    dates = sorted({request.date for request in requests})
    pricer = placing.pricer or Pricer(
        [subject], dates[0], dates[-1], for_role=None if placing.staff else SUBJECT_AUDIENCE
    )
    live = set(_LIVE(dates=dates, **subject.item_filter))
    live_days = {day for day, _meal_type in live}
    rows: list[OrderItem] = []
    skipped: list[ItemRequest] = []
    for request in requests:
        if (request.date, request.meal_type_id) in live:
            skipped.append(request)
            continue
        if config.get("allow_only_one_diet_and_meal_type") and request.date in live_days:
            raise DomainError("order.only_one_meal", field="mealTypeId")
        if not pricer.meal_type_available(subject, request.meal_type_id):
            raise DomainError("order.meal_type_unavailable", field="mealTypeId")
        item = pricer.choose(
            subject,
            request.date,
            meal_type_id=request.meal_type_id,
            diet_id=request.diet_id or subject.diet.pk,
            portion_size_id=request.portion_size_id,
            price_list_item_id=request.price_list_item_id,
        )
        if item is None:
            raise DomainError("order.no_price", field="mealTypeId", params={"date": request.date})
        price = pricer.price(subject, request.date, item)
        rows.append(
            OrderItem(
                **subject.item_fields,
                date=request.date,
                meal_type_id=item.meal_type_id,
                diet_id=item.diet_id,
                portion_size_id=item.portion_size_id,
                price_list_item=item,
                unit_price=price.unit_price,
                discount_percent=price.discount_percent,
                price=price.price,
                note=request.note or "",
                automarked=placing.automarked,
            )
        )
    return rows, skipped


def _write_items(
    placing: _Placing,
    order: Order,
    before: set[int],
    rows: list[OrderItem],
    requests: list[ItemRequest],
    skipped: list[ItemRequest],
) -> tuple[list[OrderItem], list[ItemRequest]]:
    """Insert `rows` into `order`, whose items were `before` (ON CONFLICT DO NOTHING: the partial unique index
    decides between two tabs); returns the items created and the requests skipped, those that lost a race
    included."""
    subject = placing.subject
    dates = sorted({request.date for request in requests})
    for new_item in rows:
        new_item.order = order
    OrderItem.objects.bulk_create(rows, ignore_conflicts=True)
    rows = _ORDER_ACTIVE_ITEMS(order_id=order.pk, dates=dates, **subject.item_filter)
    created = [item for item in _ITEM.of(rows) if item.pk not in before]
    created_keys = {(item.date, item.meal_type_id) for item in created}
    skipped += [
        request
        for request in requests
        if (request.date, request.meal_type_id) not in created_keys and request not in skipped
    ]
    return created, skipped


def _charges_at_marking(settings) -> bool:
    return settings_get("fees", row=settings).get("order_charge_time", "on_marking") == "on_marking"


def _post_charges(placing: _Placing, order: Order, created: list[OrderItem], settings) -> Decimal:
    """Charge the created items now (order_charge_time = on_marking: `_charges_at_marking`; they were inserted with
    `charged_at` set, and a refusal here rolls them back with the charges) and take the action's manipulation fee,
    or with in_order_day check a customer's funds against every uncharged meal; returns the fee taken."""
    actor, subject = placing.actor, placing.subject
    fee = (
        manipulation_fee_for(actor, row=settings)
        if placing.manipulation_fee is DEFAULT_FEE
        else placing.manipulation_fee
    )
    fee = money_amount(fee) if fee else Decimal("0.00")
    entries: list[LedgerEntry] = []
    charge_now = _charges_at_marking(settings)
    if charge_now:
        entries += _charge_entries(created, subject.name)
    if fee > 0:
        entries.append(
            LedgerEntry(
                kind="fee",
                amount=-fee,
                idempotency_key=f"fee:order:{order.pk}:{created[0].pk}",
                reference_type="order",
                reference_id=order.pk,
                description=str(_("Manipulation fee")),
            )
        )
    funds = (not placing.staff) if placing.check_funds is None else placing.check_funds
    if not charge_now and funds and CUSTOMER_ROLES & set(getattr(actor, "roles", None) or []):
        _require_funds_for_uncharged(ledger_account_for(user=subject.payer, child=subject.child), fee)
    if entries:
        account = ledger_account_for(user=subject.payer, child=subject.child)
        ledger_post_many(actor=actor, account=account, entries=entries, check_funds=funds)
    return fee


@transaction.atomic
@settings_snapshot()  # the settings row read once for the whole action (the ledger reads it too)
def items_place(
    *,
    actor,
    subject: Subject,
    requests: list[ItemRequest],
    order: Order | None = None,
    kind: str = "regular",
    staff_override: bool = False,
    at_terminal: bool = False,
    automarked: bool = False,
    idempotency_key: str | None = None,
    manipulation_fee=DEFAULT_FEE,
    check_funds: bool | None = None,
    now: datetime | None = None,
    cutoff: Cutoff | None = None,
    pricer: Pricer | None = None,
) -> PlaceResult:
    """Order `requests` for `subject` (one Order for the action, or into `order`). Requests for a day and meal
    type already live are skipped, not refused: marking twice is harmless. Returns the created items.

    The steps: the subject is active → the idempotency key, checked once → last month paid → the requests
    checked → priced → written → charged → audited.

    `at_terminal`: the terminal serves the meals at once (a presence on the spot, `terminal.use`): the cut-off is
    overridden for whoever may use the terminal, a cook too; every other rule stays."""
    placing = _Placing(
        actor=actor,
        subject=subject,
        order=order,
        kind=kind,
        override=(staff_override and is_staff(actor)) or (at_terminal and has_ability(actor, "terminal.use")),
        automarked=automarked,
        idempotency_key=idempotency_key,
        manipulation_fee=manipulation_fee,
        check_funds=check_funds,
        now=now or timezone.now(),
        cutoff=cutoff,
        pricer=pricer,
    )
    _require_active(subject)
    claimed, replay = _claim_key(placing)
    if replay is not None:
        return replay

    def nothing_placed(skipped: list[ItemRequest] = ()) -> PlaceResult:
        if claimed is not None:  # the key stays free: this call made no order
            claimed.delete()
        return PlaceResult(order=order, skipped=list(skipped))

    if not requests:
        return nothing_placed()
    settings = settings_row()
    config = settings_get("presences_marking_config", row=settings)
    if config.get("require_last_month_to_be_paid") and not placing.staff:
        _require_last_month_paid(subject.payer, tenant_today(placing.now))
    requests = _checked_requests(placing, requests, config, cutoff or cutoff_config(row=settings))
    rows, skipped = _priced_rows(placing, requests, config)
    if not rows:
        return nothing_placed(skipped)

    if _charges_at_marking(settings):
        for row in rows:  # charged in this transaction by _post_charges, or not inserted at all
            row.charged_at = placing.now
    target = order or claimed or Order.objects.create(payer=subject.payer, created_by=actor, kind=kind)
    before = set(order.items.values_list("pk", flat=True)) if order is not None else set()
    created, skipped = _write_items(placing, target, before, rows, requests, skipped)
    if not created:
        if not before:
            target.delete()
        return PlaceResult(order=target if before else None, skipped=skipped)

    # Marking a presence on a day withdraws the absence recorded for it.
    Absence.objects.filter(**subject.item_filter, date__in=sorted({item.date for item in created})).delete()
    fee = _post_charges(placing, target, created, settings)
    audit_record(
        actor=actor,
        action="order_items.place",
        target=target,
        data={
            "subject": f"{subject.type}/{subject.id}",
            "items": [item.pk for item in created],
            "automarked": automarked,
            "override": placing.override,
        },
    )
    return PlaceResult(order=target, created=created, skipped=skipped, fee=fee)


def _check_reach(actor, items: list[OrderItem]) -> None:
    """Every item belongs to a subject `actor` may reach (else 404, as for a subject)."""
    if actor is None:
        return
    child_ids = {item.child_id for item in items if item.child_id}
    worker_ids = {item.worker_id for item in items if item.worker_id}
    reach = Reach(actor)
    reachable_children = set(reach.children().filter(pk__in=child_ids).values_list("pk", flat=True))
    reachable_workers = set(reach.workers().filter(pk__in=worker_ids).values_list("pk", flat=True))
    if child_ids - reachable_children or worker_ids - reachable_workers:
        raise DomainError("record.not_found")


@transaction.atomic
def items_cancel(
    *,
    actor,
    items: Iterable[OrderItem],
    staff_override: bool = False,
    now: datetime | None = None,
    cutoff: Cutoff | None = None,
) -> list[OrderItem]:
    """Cancel the live items among `items` (already cancelled ones are left alone: a repeated cancel is
    harmless) and refund what was charged. After the cut-off customers are refused; staff may override. A
    served item refuses the whole call, for everyone (`refuse_served`). Returns the items this call cancelled."""
    now = now or timezone.now()
    override = staff_override and is_staff(actor)
    ids = sorted({item.pk for item in items})
    if not ids:
        return []
    # Lock in one order for everyone; the daily charge and the terminal lock the same rows.
    locked = list(
        OrderItem.objects.select_for_update(of=("self",))
        .filter(pk__in=ids)
        .select_related("meal_type", "child", "worker__user", "order__payer")
        .order_by("pk")
    )
    _check_reach(actor, locked)
    cutoff = cutoff or cutoff_config()
    to_cancel = []
    for item in locked:
        if item.status == OrderItem.Status.CANCELLED:
            continue
        if item.status == OrderItem.Status.SERVED:
            refuse_served(item)  # before the cut-off: the clearer reason
        if not override and not cutoff.is_open(item.date, now):
            refuse_closed_day(item.date)
        to_cancel.append(item)
    if not to_cancel:
        return []
    OrderItem.objects.filter(pk__in=[item.pk for item in to_cancel]).update(
        status=OrderItem.Status.CANCELLED, cancelled_at=now, cancelled_by=actor
    )
    charged = []
    for item in to_cancel:
        item.status = OrderItem.Status.CANCELLED
        item.cancelled_at = now
        item.cancelled_by = actor
        if item.charged_at is not None and item.price > 0:
            charged.append(item)
    # A refund goes back to the account the charge was taken from, whatever parents_settings.balance_per_children
    # says now (it may have been switched since): the account of the item's `charge:item:{pk}` row.
    charged_from = dict(
        LedgerTransaction.objects.filter(idempotency_key__in=[f"charge:item:{item.pk}" for item in charged])
        .order_by()
        .values_list("reference_id", "account_id")
    )
    refunds: dict[int, list[OrderItem]] = defaultdict(list)
    for item in charged:
        account_id = charged_from.get(item.pk) or ledger_account_for(user=item.order.payer, child=item.child).pk
        refunds[account_id].append(item)
    accounts = LedgerAccount.objects.in_bulk(list(refunds))
    for account_id, refunded in sorted(refunds.items()):
        ledger_post_many(
            actor=actor,
            account=accounts[account_id],
            entries=[
                LedgerEntry(
                    kind="refund",
                    amount=item.price,
                    idempotency_key=f"refund:item:{item.pk}",
                    reference_type="order_item",
                    reference_id=item.pk,
                    # Named like the charge it reverses, so a statement pairs them at a glance.
                    description=item_ledger_description(
                        subject_name=_item_subject_name(item), meal_type_name=item.meal_type.name, day=item.date
                    ),
                )
                for item in refunded
            ],
        )
    # An order whose every item is cancelled is cancelled too.
    order_ids = {item.order_id for item in to_cancel}
    Order.objects.filter(pk__in=order_ids).exclude(items__status__in=["active", "served"]).update(
        status=Order.Status.CANCELLED
    )
    audit_record(
        actor=actor,
        action="order_items.cancel",
        target=None,
        data={"items": [item.pk for item in to_cancel], "override": override},
    )
    return to_cancel
