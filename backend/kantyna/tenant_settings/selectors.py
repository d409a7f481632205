"""Reads of tenant settings: stored values over the section's defaults."""

from __future__ import annotations

from kantyna.tenant_settings.models import TenantSettings
from kantyna.tenant_settings.sections import SECTIONS


def settings_row() -> TenantSettings:
    row, _ = TenantSettings.objects.get_or_create(singleton=True)
    return row


def section_defaults(key: str) -> dict:
    serializer = SECTIONS[key].serializer(data={})
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


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
