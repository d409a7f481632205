"""What an activity entry says, as data the SPA words in the reader's language: the entry's stable `action` code
picks the sentence (frontend locales usersActivity.json, `actions.<code, dots as underscores>`, a `variant`
param picking a more precise one), `params` fill it and `changes` list what a change set, field by field.

Values stay typed for the SPA to format: a date as "YYYY-MM-DD", money as {amount, currency}, booleans as
booleans. Internals (idempotency keys, row ids, flags such as `override`) are read here to find what they name
and are never passed on. One query per kind of thing a page of entries names."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal

from kantyna.audit.models import AuditEntry
from kantyna.audit.selectors import audit_target_names
from kantyna.core.registry import Registry
from kantyna.core.serializers import money

Details = dict  # {"params": dict, "changes": list[dict]}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _dates(values: Iterable) -> list[str]:
    return sorted({str(value) for value in values})


def _changes_before_after(before: dict, after: dict) -> list[dict]:
    keys = list(dict.fromkeys([*before, *after]))
    return [
        {"field": _camel(key), "before": before.get(key), "after": after.get(key)}
        for key in keys
        if before.get(key) != after.get(key)
    ]


# A child's change records each value as text, a related row as its id: (the field named without "Id", model).
_CHILD_REFERENCES = {
    "institutionId": ("institution", "institutions.institution"),
    "classroomId": ("classroom", "institutions.classroom"),
    "dietId": ("diet", "catalog.diet"),
    "childGroupId": ("childGroup", "people.childrengroup"),
    "parentId": ("parent", "users.user"),
}
_CHILD_TEXTS = {"True": True, "False": False, "None": None, "": None}


def _child_changes(entry: AuditEntry) -> list[tuple[str, object, object]]:
    return [
        (field, pair[0], pair[1])
        for field, pair in (entry.data or {}).items()
        if isinstance(pair, list) and len(pair) == 2
    ]


def _changes(entry: AuditEntry, page: _Page) -> list[dict]:
    """The fields a change set, from the shapes services record: {before: {...}, after: {...}}, a card number's
    {old, new}, or a child's {field: [before, after]} (texts and ids, turned back into values and names)."""
    data = entry.data or {}
    if isinstance(data.get("before"), dict) and isinstance(data.get("after"), dict):
        return _changes_before_after(data["before"], data["after"])
    if entry.action.startswith(("child.card_number", "worker_profile.card_number")) and "new" in data:
        return [{"field": "cardNumber", "before": data.get("old") or None, "after": data.get("new") or None}]
    if entry.action in ("child.allergies_change", "worker_profile.allergies_change"):
        before, after = data.get("note_before") or None, data.get("note_after") or None
        return [{"field": "allergiesNote", "before": before, "after": after}] if before != after else []
    if entry.action == "child.update":
        changes = []
        for field, before, after in _child_changes(entry):
            if field in _CHILD_REFERENCES:
                name, label = _CHILD_REFERENCES[field]
                changes.append({"field": name, "before": page.name(label, before), "after": page.name(label, after)})
            else:
                changes.append(
                    {
                        "field": field,
                        "before": _CHILD_TEXTS.get(before, before) if isinstance(before, str) else before,
                        "after": _CHILD_TEXTS.get(after, after) if isinstance(after, str) else after,
                    }
                )
        return changes
    return []


# Rows that entries name in apps above audit (ledger transactions, order items) are read by those apps: each
# registers a loader in its AppConfig.ready, so audit knows nothing above it. Loaders run in the order of
# registration (INSTALLED_APPS, lowest app first), so one may use what a lower app's loader read.
PageLoader = Callable[["_Page", list[AuditEntry]], None]
# `loader(page, entries)` sets on the page what its app's entries name (read once per kind).
_PAGE_LOADERS: Registry[PageLoader] = Registry()
register_page_loader = _PAGE_LOADERS.register


class _Page:
    """What the entries of a page name, read once per kind."""

    def __init__(self, entries: list[AuditEntry]):
        self.transactions: dict = {}
        self.corrected: dict = {}
        self.items: dict = {}
        for load in _PAGE_LOADERS:
            load(self, entries)
        referenced = [
            (AuditEntry(target_type=_CHILD_REFERENCES[field][1], target_id=str(value)))
            for entry in entries
            if entry.action == "child.update"
            for field, before, after in _child_changes(entry)
            if field in _CHILD_REFERENCES
            for value in (before, after)
        ]
        self.names = audit_target_names(referenced)

    def name(self, label: str, value) -> str | None:
        """The name of the row `value` (an id as text) of `label`; None for none, "#id" for one since deleted."""
        if value in (None, "", "None"):
            return None
        return self.names.get((label, str(value))) or f"#{value}"

    def items_params(self, ids: list) -> dict:
        items = [self.items[item_id] for item_id in ids if item_id in self.items]
        return {
            "count": len(ids),
            "dates": _dates(item.date for item in items),
            "mealTypes": sorted({item.meal_type.name for item in items}),
            "amount": money(sum((item.price for item in items), Decimal("0.00"))),
        }


def _ledger_post(entry: AuditEntry, page: _Page) -> dict:
    rows = [page.transactions[key] for key in entry.data.get("keys", []) if key in page.transactions]
    kinds = {row.kind for row in rows}
    params: dict = {
        "count": len(entry.data.get("keys", [])),
        "amount": money(abs(Decimal(entry.data.get("total") or "0"))),
        "balanceAfter": money(Decimal(entry.data.get("balance_after") or "0")),
    }
    if len(kinds) == 1:
        params["variant"] = kinds.pop()
    meals = [page.items[row.reference_id] for row in rows if row.reference_type == "order_item"]
    if len(rows) == 1 and len(meals) == 1:
        params["variant"] = f"{params.get('variant', 'mixed')}_meal"
        params["date"] = str(meals[0].date)
        params["mealType"] = meals[0].meal_type.name
    return params


def _ledger_bulk(entry: AuditEntry, _page: _Page) -> dict:
    return {
        "count": entry.data.get("rows", 0),
        "accounts": entry.data.get("accounts", 0),
        "amount": money(abs(Decimal(entry.data.get("total") or "0"))),
    }


def _ledger_correction(entry: AuditEntry, page: _Page) -> dict:
    row = page.corrected.get(int(entry.target_id)) if entry.target_id.isdigit() else None
    if row is None:
        return {}
    return {"amount": money(abs(row.amount)), "date": str(row.booked_on), "variant": row.kind}


def _items(entry: AuditEntry, page: _Page) -> dict:
    params = page.items_params(entry.data.get("items", []))
    if entry.data.get("automarked"):
        params["variant"] = "automarked"
    return params


def _dates_param(entry: AuditEntry, _page: _Page) -> dict:
    return {"dates": _dates(entry.data.get("dates", [])), "count": len(entry.data.get("cancelled", []))}


def _free_day(entry: AuditEntry, _page: _Page) -> dict:
    params = {key: entry.data[key] for key in ("date", "name") if entry.data.get(key)}
    if entry.data.get("cancelled_items"):
        params["count"] = entry.data["cancelled_items"]
        params["variant"] = "cancelled"
    return params


def _public_holidays(entry: AuditEntry, _page: _Page) -> dict:
    return {"year": entry.data.get("year"), "dates": _dates(entry.data.get("dates", []))}


def _automark_run(entry: AuditEntry, _page: _Page) -> dict:
    return {
        "subjects": entry.data.get("subjects", 0),
        "count": entry.data.get("items", 0),
        "amount": money(Decimal(entry.data.get("charged") or "0")),
    }


def _allergies_change(entry: AuditEntry, _page: _Page) -> dict:
    """Which allergens a child or a worker gained and lost (names, as called then); the variant says what changed, or that a diet
    forbidding allergen changes removed them with the writer's confirmation (the note's change is in `changes`)."""
    data = entry.data or {}
    added, removed = data.get("added") or [], data.get("removed") or []
    params: dict = {"added": added, "removed": removed}
    if data.get("cleared_for_diet"):
        params["diet"] = data["cleared_for_diet"]
        params["variant"] = "diet" if removed else "diet_note"
    else:
        params["variant"] = {(True, True): "added_removed", (True, False): "added", (False, True): "removed"}.get(
            (bool(added), bool(removed)), "note"
        )
    return params


def _flag(key: str) -> Callable[[AuditEntry, _Page], dict]:
    def params(entry: AuditEntry, _page: _Page) -> dict:
        value = entry.data.get(key)
        return {"value": value, "variant": "on" if value else "off"}

    return params


def _count_of(key: str) -> Callable[[AuditEntry, _Page], dict]:
    def params(entry: AuditEntry, _page: _Page) -> dict:
        value = entry.data.get(key)
        return {"count": len(value) if isinstance(value, list) else (value or 0)}

    return params


def _amount(entry: AuditEntry, _page: _Page) -> dict:
    return {"amount": money(Decimal(entry.data.get("amount") or "0"))}


def _fiscal_receipt(entry: AuditEntry, _page: _Page) -> dict:
    data = entry.data or {}
    return {
        "amount": money(Decimal(data.get("amount") or "0")),
        "receiptNumber": data.get("receipt_number") or "",
        "error": data.get("error") or "",
    }


def _invoice(entry: AuditEntry, _page: _Page) -> dict:
    return {"number": entry.data.get("number") or ""}


def _invoice_ksef(entry: AuditEntry, _page: _Page) -> dict:
    data = entry.data
    return {
        "number": data.get("number") or "",
        "ksefNumber": data.get("ksef_number") or "",
        "error": data.get("error") or "",
    }


def _locale(entry: AuditEntry, _page: _Page) -> dict:
    return {"variant": entry.data.get("locale") or ""}


PARAMS: dict[str, Callable[[AuditEntry, _Page], dict]] = {
    "ledger.post": _ledger_post,
    "ledger.post_bulk": _ledger_bulk,
    "automark.charge": _ledger_bulk,
    "order_items.charge_day": _ledger_bulk,
    "ledger.correct": _ledger_correction,
    "ledger.reverse": _ledger_correction,
    "order_items.place": _items,
    "order_items.cancel": _items,
    "order_items.serve": _items,
    "absence.mark": _dates_param,
    "absence.remove": _dates_param,
    "free_day.create": _free_day,
    "free_day.update": _free_day,
    "free_day.delete": _free_day,
    "free_day.public_holidays": _public_holidays,
    "automark.run": _automark_run,
    "user.payments_overdue": _flag("payments_overdue"),
    "user.locale": _locale,
    "order.cancel": _count_of("items"),
    "child.import": _count_of("created"),
    "child.allergies_change": _allergies_change,
    "worker_profile.allergies_change": _allergies_change,
    "refund.create": _amount,
    "refund.accept": _amount,
    "refund.cancel": _amount,
    "refund.paid": _count_of("ids"),
    "message.send": _count_of("receivers"),
    "fiscal.queue": _count_of("ids"),
    "fiscal.queue_all": _count_of("count"),
    "fiscal.register": _fiscal_receipt,
    "fiscal.failed": _fiscal_receipt,
    "fiscal.register_by_hand": _fiscal_receipt,
    "fiscal.send_anew": _fiscal_receipt,
    "invoice.create": _invoice,
    "invoice.upload": _invoice,
    "invoice.paid": _invoice,
    "invoice.delete": _invoice,
    "invoice.ksef_send": _invoice,
    "invoice.ksef_accepted": _invoice_ksef,
    "invoice.ksef_rejected": _invoice_ksef,
    "invoice.ksef_failed": _invoice_ksef,
}


def activity_details(entries: Iterable[AuditEntry]) -> dict[int, Details]:
    """Each entry's {params, changes}, by entry id."""
    entries = list(entries)
    page = _Page(entries)
    out: dict[int, Details] = {}
    for entry in entries:
        describe = PARAMS.get(entry.action)
        params = describe(entry, page) if describe is not None else {}
        out[entry.pk] = {"params": params, "changes": _changes(entry, page)}
    return out
