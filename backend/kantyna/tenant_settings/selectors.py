"""Reads of tenant settings: stored values over the section's defaults."""

from __future__ import annotations

import copy
from contextlib import contextmanager
from contextvars import ContextVar

from django.db.models import Exists

from kantyna.core.prepared import Instances, PreparedQuery
from kantyna.tenant_settings.models import TenantSettings
from kantyna.tenant_settings.sections import SECTIONS

_SNAPSHOT: ContextVar[list | None] = ContextVar("tenant_settings_snapshot", default=None)
# The row, compiled once per process (core.prepared): read by most calls that order or show a calendar.
_ROW = Instances(TenantSettings)
_ROWS = PreparedQuery(lambda: TenantSettings.objects.filter(singleton=True).values_list(*_ROW.columns))


def settings_row() -> TenantSettings:
    """The tenant's settings row: read on each call, or once per `settings_snapshot` block."""
    held = _SNAPSHOT.get()
    if held:
        return held[0]
    found = _ROW.of(_ROWS())
    row = found[0] if found else TenantSettings.objects.get_or_create(singleton=True)[0]
    if held is not None:
        held.append(row)
    return row


@contextmanager
def settings_snapshot():
    """Inside the block `settings_row()` (so every `settings_get`) reads the row once, at its first call, and
    answers that row afterwards: for a service that reads settings in many places for one action (marking three
    subjects read it ~11 times) and changes none of them. A nested block shares the outer one. Per thread and
    task (a context variable), so concurrent requests never share a row."""
    if _SNAPSHOT.get() is not None:
        yield
        return
    token = _SNAPSHOT.set([])
    try:
        yield
    finally:
        _SNAPSHOT.reset(token)


# The sections' defaults, validated once per process: they are constants of the code (no stored value, no date, no
# language), and running a section's serializer on every read was ~3 ms of Python (a marking reads settings ~8 times).
_DEFAULTS: dict[str, dict] = {}


def section_defaults(key: str) -> dict:
    """The section's default values (a fresh copy each call: callers may change what they get)."""
    defaults = _DEFAULTS.get(key)
    if defaults is None:
        serializer = SECTIONS[key].serializer(data={})
        serializer.is_valid(raise_exception=True)
        defaults = _DEFAULTS[key] = dict(serializer.validated_data)
    return copy.deepcopy(defaults)


def upload_max_file_size() -> int:
    """The largest upload the tenant accepts, in bytes."""
    return settings_get("general")["upload_max_file_size"]


def settings_get(key: str, *, row: TenantSettings | None = None) -> dict:
    """The section's values as Python data (snake_case keys, money as {"amount", "currency"})."""
    row = row or settings_row()
    values = {**section_defaults(key), **row.values.get(key, {})}
    if key == "company_details":
        values["logo_url"] = row.company_logo.url if row.company_logo else None
    return values


def settings_hold(key: str, **values) -> Exists:
    """An SQL condition over no outer row: whether the tenant's stored settings of section `key` hold `values`
    (JSON-comparable). A default is not stored until the section is saved: ask only for values other than the
    defaults. For a query that must know a setting without a round trip of its own (evaluated once per statement)."""
    stored = {f"values__{key}__{field}": value for field, value in values.items()}
    return Exists(TenantSettings.objects.filter(singleton=True, **stored))
