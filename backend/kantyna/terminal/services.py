"""Serving at the terminal (issue 13): a card scan, a meal marked as served by hand, a presence ordered on the spot.

Each command is one transaction that
1. claims its log entry by the device's `client_scan_id` (unique): a replay — the same queue sent twice, or two
   requests of one scan at once (the second waits on the index, then reads the first's entry) — answers what
   the first answer was and changes nothing — only to the same user for the same card, item or subject and day
   (else `scan.client_id_conflict`, nothing read back);
2. locks the receiver's live items of the day (`SELECT ... FOR UPDATE`, in id order as ordering's cancel does):
   two terminals scanning one card queue here, the second then sees the meal served;
3. serves the active ones (status, time, who), or decides the refusal;
4. words the answer through the API's `answer` (status, the body's JSON text, message) and stores it with the
   entry, so the log holds refusals too and a replay returns the same bytes.
A card scan makes three statements in its transaction (the hot path, issue 13): the claim with the card's holder
(for those who reach everyone), the locked items with the dish of the day, then one write for the items served,
the audit entry and the entry's answer (`core.writes`).
Refusals are returned (`ScanOutcome.refusal`, a `DomainError` not raised), never raised inside the block: the
entry must commit with them. Errors that are not scans (an item out of reach, ordering's own refusals of a
presence) are raised and leave no entry.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.db import connection, transaction
from django.utils import timezone

from kantyna.audit.services import audit_entry
from kantyna.core import writes
from kantyna.core.errors import DomainError
from kantyna.ordering.cutoff import tenant_now, tenant_today
from kantyna.ordering.models import OrderItem
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.ordering.subjects import CHILD_RELATIONS, WORKER_RELATIONS, subject_of_child, subject_of_worker
from kantyna.people.models import Child, WorkerProfile
from kantyna.tenant_settings.selectors import settings_get
from kantyna.terminal.models import ScannedCardEntry
from kantyna.terminal.selectors import (
    CHILD,
    WORKER,
    Item,
    Serving,
    card_lookups,
    card_number_clean,
    locked_items,
    locked_serving_of,
    receiver_by_card,
    receiver_of,
    receiver_of_lookups,
    serving_of,
    user_ref,
)

Result = ScannedCardEntry.Result
Source = ScannedCardEntry.Source
# How far back a device's own scan time is taken as the serving time (an offline queue synced later).
SCANNED_AT_TRUSTED_FOR = timedelta(days=7)


def serving_day_check(day: date, now: datetime) -> None:
    """Meals are served today or on the last 7 days (a device's offline queue synced later, a correction), never on
    a day to come: serving freezes a day (a served item can no longer be cancelled by the parent), and an order on
    the spot would be placed and charged past the cut-off that the terminal's right overrides."""
    today = tenant_today(now)
    if not today - SCANNED_AT_TRUSTED_FOR <= day <= today:
        raise DomainError("terminal.day_not_served", field="date")


@dataclass
class ScanOutcome:
    """What a command decided: the entry, the result, the receiver with the day's items, the ids served now, and
    the refusal (None when served). `replayed`: the entry answered before; its stored answer is the answer.
    `writes`: the serving's statements, run with the entry's answer in one statement (`_finish`)."""

    entry: ScannedCardEntry
    result: str = ""
    serving: Serving | None = None
    served_now: list[int] = field(default_factory=list)
    refusal: DomainError | None = None
    replayed: bool = False
    # The allergens of the receiver that the dishes of a `check` contain (or of the clash an alternative replaced).
    clash_allergens: list[str] = field(default_factory=list)
    writes: list[writes.Statement] = field(default_factory=list)


# The API's wording of an outcome: (HTTP status, the body's JSON text as the API renders it, message).
Answer = Callable[[ScanOutcome], tuple[int, str, str]]


def new_client_scan_id() -> str:
    return str(uuid.uuid4())


def served_time(scanned_at: datetime | None, now: datetime) -> datetime:
    """The device's scan time when it is in the last 7 days (an offline scan synced later), else now."""
    if scanned_at is not None and now - SCANNED_AT_TRUSTED_FOR <= scanned_at <= now:
        return scanned_at
    return now


def _replay(client_scan_id: str, *, actor, target: dict) -> ScanOutcome | None:
    """The stored answer of `client_scan_id`, only to the user who scanned it and for the same command target
    (the entry's `target` fields); an id already used by someone else or for another scan is refused before any
    of its data is read back."""
    entry = ScannedCardEntry.objects.filter(client_scan_id=client_scan_id).first()
    if entry is None:
        return None
    if entry.served_by_id != actor.pk or any(getattr(entry, name) != value for name, value in target.items()):
        raise DomainError("scan.client_id_conflict")
    return ScanOutcome(entry=entry, result=entry.result, replayed=True)


def _claim(
    client_scan_id: str, *, target: dict, lookups: list | None = None, **fields
) -> tuple[ScannedCardEntry | None, ScanOutcome | None, list | None]:
    """(the entry this call claimed, None, the `lookups`' rows) or (None, the replay of the entry the id already
    has, None). One statement, `INSERT ... ON CONFLICT (client_scan_id) DO NOTHING RETURNING id`, with the
    `lookups` (a card's holder: `selectors.card_lookups`) read in the same round trip (`core.writes`). Two first
    uses at once meet at the unique index: the second waits for the first to commit, inserts nothing, then replays
    the first's entry."""
    entry = ScannedCardEntry(client_scan_id=client_scan_id, **fields)
    claim = writes.insert(entry, on_conflict_do_nothing="client_scan_id", returning_pk=True)
    found = None
    if lookups:
        answered = writes.run_with_lookups(claim, lookups)
        claimed, found = answered if answered is not None else (None, None)
    else:
        claimed = next(iter(writes.run_together(claim)), None)
    if claimed is None:
        return None, _replay(client_scan_id, actor=fields["served_by"], target=target), None
    entry.pk = claimed[0]
    entry._state.adding = False
    entry._state.db = connection.alias
    return entry, None, found


# What `_finish` decides about a claimed entry (the rest was stored by the claim).
_DECIDED = (
    "result", "child_id", "worker_id", "institution_id", "served_item_ids", "served_by_id", "needs_follow_up",
    "message", "status_code", "response_body",
)  # fmt: skip


# Answers that need no follow-up when an offline queue brings them: served, or the cook's own choice on a clash.
_DECIDED_BY_THE_COOK = (Result.SERVED, Result.ALTERNATIVE_SERVED, Result.NOT_SERVED)


def _clock(moment: datetime) -> str:
    return tenant_now(moment).strftime("%H:%M")


def _serve(*, actor, items: list[Item], at: datetime, outcome: ScanOutcome, offline: bool) -> None:
    """Serve the active items among the locked `items`, or refuse: already served (a duplicate when an offline
    scan meets a meal another scan served)."""
    active = [item for item in items if item.status == OrderItem.Status.ACTIVE]
    if not active:
        last = max(items, key=lambda item: (item.served_at or at, item.pk))
        moment = _clock(last.served_at or at)
        if offline:
            who = last.served_by.name if last.served_by is not None else "?"
            outcome.result = Result.DUPLICATE
            outcome.refusal = DomainError("scan.duplicate", params={"time": moment, "name": who})
        else:
            outcome.result = Result.ALREADY_SERVED
            outcome.refusal = DomainError("scan.already_served", params={"time": moment})
        return
    ids = [item.pk for item in active]
    served_by = user_ref(actor)
    for item in active:
        item.status, item.served_at, item.served_by = OrderItem.Status.SERVED, at, served_by
    outcome.result = Result.SERVED
    outcome.served_now = ids
    # Written by `_finish` with the entry, in one statement (the items are locked until the commit).
    outcome.writes += [
        writes.update(OrderItem, ids, status=OrderItem.Status.SERVED, served_at=at, served_by_id=actor.pk),
        writes.insert(audit_entry(actor=actor, action="order_items.serve", target=None, data={"items": ids})),
    ]


def _serve_or_check(
    *, actor, items: list[Item], at: datetime, outcome: ScanOutcome, offline: bool, clash_decision: str | None
) -> None:
    """Serve the receiver's active items unless one's dish contains an allergen of theirs (issue 30: the one clash
    rule, `Serving.verdict_of`): then nothing is served and the answer is `check`, until the cook's choice comes
    with the scan again — `alternative_served` serves them (an alternative meal was handed out), `not_served`
    serves nothing and leaves them active. A choice made on the device offline (from the roster's clash) is
    taken as made, even when the menu changed since: the cook saw what the device showed. Refusals (already
    served) come first, as for any scan."""
    active = [item for item in items if item.status == OrderItem.Status.ACTIVE]
    verdicts = [outcome.serving.verdict_of(item) for item in active]
    outcome.clash_allergens = list(dict.fromkeys(name for one in verdicts for name in one.allergen_names))
    if active and clash_decision == Result.NOT_SERVED:
        outcome.result = Result.NOT_SERVED
        return
    if outcome.clash_allergens and clash_decision is None:
        outcome.result = Result.CHECK
        return
    _serve(actor=actor, items=items, at=at, outcome=outcome, offline=offline)
    if outcome.result == Result.SERVED and clash_decision == Result.ALTERNATIVE_SERVED:
        outcome.result = Result.ALTERNATIVE_SERVED


def _finish(outcome: ScanOutcome, *, actor, offline: bool, answer: Answer) -> ScanOutcome:
    """Word the answer and store it with the entry (the log row and the replay), with the serving's writes: one
    statement."""
    entry = outcome.entry
    receiver = outcome.serving.receiver if outcome.serving is not None else None
    status_code, body, message = answer(outcome)
    entry.result = outcome.result
    entry.child_id = receiver.child_id if receiver is not None else None
    entry.worker_id = receiver.worker_id if receiver is not None else None
    entry.institution_id = receiver.institution["id"] if receiver is not None else None
    entry.served_item_ids = outcome.served_now
    entry.served_by_id = actor.pk
    entry.needs_follow_up = offline and outcome.result not in _DECIDED_BY_THE_COOK
    entry.message = message
    entry.status_code = status_code
    entry.response_body = body
    writes.run_together(
        *outcome.writes,
        writes.update(ScannedCardEntry, [entry.pk], **{name: getattr(entry, name) for name in _DECIDED}),
    )
    return outcome


@transaction.atomic
def scan_card(
    *,
    actor,
    card_number: str,
    day: date,
    meal_type_ids: list[int],
    answer: Answer,
    client_scan_id: str | None = None,
    scanned_at: datetime | None = None,
    terminal_id: str = "",
    offline: bool = False,
    clash_decision: str | None = None,
    now: datetime | None = None,
) -> ScanOutcome:
    """A card scanned for `day` and the meal types being served: every active item of them is served, or the
    scan is refused (unknown card — also outside the actor's reach —, inactive receiver, no order, already
    served, an offline duplicate), or, when a dish contains one of the receiver's allergens, answered `check`
    until the cook's `clash_decision` (`_serve_or_check`). Always one log entry per client scan id. A day
    outside `serving_day_check` is refused before anything is logged."""
    now = now or timezone.now()
    serving_day_check(day, now)
    card = card_number_clean(card_number)[:64]
    lookups = card_lookups(actor=actor, card_number=card_number)
    entry, replay, found = _claim(
        client_scan_id or new_client_scan_id(),
        target={"source": Source.CARD, "card_number": card, "date": day},
        lookups=lookups,
        card_number=card,
        date=day,
        meal_type_ids=sorted(set(meal_type_ids)),
        source=Source.CARD,
        offline=offline,
        scanned_at=scanned_at,
        received_at=now,
        served_by=actor,
        terminal_id=terminal_id or "",
    )
    if replay is not None:
        return replay
    outcome = ScanOutcome(entry=entry)
    if lookups is not None:
        receiver = receiver_of_lookups(found)
    else:
        receiver = receiver_by_card(actor=actor, card_number=card_number)
    if receiver is None:
        outcome.result = Result.UNKNOWN_CARD
        outcome.refusal = DomainError("scan.unknown_card")
    elif not receiver.is_active:
        outcome.serving = Serving(receiver)
        outcome.result = Result.INACTIVE
        outcome.refusal = (
            DomainError("scan.inactive") if receiver.type == CHILD else DomainError("scan.worker_inactive")
        )
    else:
        outcome.serving = locked_serving_of(receiver, day=day, meal_type_ids=meal_type_ids)
        items = outcome.serving.items
        if not items:
            outcome.result = Result.NO_ORDER
            outcome.refusal = DomainError("scan.no_order")
        else:
            _serve_or_check(
                actor=actor,
                items=items,
                at=served_time(scanned_at, now),
                outcome=outcome,
                offline=offline,
                clash_decision=clash_decision,
            )
    return _finish(outcome, actor=actor, offline=offline, answer=answer)


@transaction.atomic
def mark_as_scanned(
    *, actor, item_id: int, answer: Answer, client_scan_id: str | None = None, now: datetime | None = None
) -> ScanOutcome:
    """A day's item served by hand (no card at hand). Cancelled, unknown or out of reach: not found (no entry);
    already served: refused with the scan, logged."""
    now = now or timezone.now()
    client_scan_id = client_scan_id or new_client_scan_id()
    fields = ("date", "meal_type_id", "child_id", "worker_id")
    day, meal_type_id, child_id, worker_id = OrderItem.objects.filter(pk=item_id).values_list(*fields).first() or (
        (None,) * len(fields)
    )
    target = {
        "source": Source.MANUAL,
        "date": day,
        "meal_type_ids": [meal_type_id],
        "child_id": child_id,
        "worker_id": worker_id,
    }
    replay = _replay(client_scan_id, actor=actor, target=target)
    if replay is not None:
        return replay
    item = next(iter(locked_items(pk=item_id)), None)
    receiver = None
    if item is not None:
        if item.child_id is not None:
            receiver = receiver_of(actor=actor, type=CHILD, id=item.child_id)
        else:
            worker = WorkerProfile.objects.filter(pk=item.worker_id).values_list("user_id", flat=True).first()
            receiver = receiver_of(actor=actor, type=WORKER, id=worker)
    if receiver is None:
        raise DomainError("record.not_found")
    serving_day_check(item.date, now)
    entry, replay, _found = _claim(
        client_scan_id,
        target=target,
        card_number=receiver.card_number or "",
        date=item.date,
        meal_type_ids=[item.meal_type_id],
        source=Source.MANUAL,
        received_at=now,
        served_by=actor,
    )
    if replay is not None:
        return replay
    outcome = ScanOutcome(entry=entry, serving=serving_of(receiver, day=item.date, items=[item]))
    _serve(actor=actor, items=[item], at=now, outcome=outcome, offline=False)
    return _finish(outcome, actor=actor, offline=False, answer=answer)


@transaction.atomic
def presence_on_the_spot(
    *,
    actor,
    type: str,
    id: int,
    day: date,
    meal_type_ids: list[int],
    answer: Answer,
    client_scan_id: str | None = None,
    now: datetime | None = None,
) -> ScanOutcome:
    """Someone without an order is served: the missing items are ordered through ordering's `items_place` (the
    cut-off overridden for the terminal, priced and charged as usual, the payer's funds checked, no manipulation
    fee) and served at once. Only when the tenant enables `ordersConfig.terminalOrdersEnabled`; ordering's own
    refusals are raised (nothing is ordered nor logged)."""
    now = now or timezone.now()
    serving_day_check(day, now)
    client_scan_id = client_scan_id or new_client_scan_id()
    receiver = receiver_of(actor=actor, type=type, id=id)
    if receiver is None:
        raise DomainError("record.not_found")
    target = {
        "source": Source.PRESENCE,
        "child_id": receiver.child_id,
        "worker_id": receiver.worker_id,
        "date": day,
    }
    replay = _replay(client_scan_id, actor=actor, target=target)
    if replay is not None:
        return replay
    if not settings_get("orders_config").get("terminal_orders_enabled"):
        raise DomainError("terminal.orders_disabled")
    entry, replay, _found = _claim(
        client_scan_id,
        target=target,
        card_number=receiver.card_number or "",
        date=day,
        meal_type_ids=sorted(set(meal_type_ids)),
        source=Source.PRESENCE,
        received_at=now,
        served_by=actor,
    )
    if replay is not None:
        return replay
    if receiver.type == CHILD:
        subject = subject_of_child(Child.objects.select_related(*CHILD_RELATIONS).get(pk=receiver.pk))
    else:
        subject = subject_of_worker(WorkerProfile.objects.select_related(*WORKER_RELATIONS).get(pk=receiver.pk))
    items_place(
        actor=actor,
        subject=subject,
        requests=[ItemRequest(date=day, meal_type_id=meal_type_id) for meal_type_id in sorted(set(meal_type_ids))],
        at_terminal=True,
        manipulation_fee=None,
        check_funds=True,
        now=now,
    )
    outcome = ScanOutcome(entry=entry, serving=locked_serving_of(receiver, day=day, meal_type_ids=meal_type_ids))
    items = outcome.serving.items
    if items:
        _serve(actor=actor, items=items, at=now, outcome=outcome, offline=False)
    else:  # every meal type skipped by ordering (none placed, none live): nothing to serve
        outcome.result = Result.NO_ORDER
        outcome.refusal = DomainError("scan.no_order")
    return _finish(outcome, actor=actor, offline=False, answer=answer)
