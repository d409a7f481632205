"""Writes on tenant settings: validated per section, under a row lock, audited."""

from __future__ import annotations

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from rest_framework import serializers

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.uploads import store_upload, validate_image_upload
from kantyna.tenant_settings.models import TenantSettings
from kantyna.tenant_settings.sections import SECTIONS
from kantyna.tenant_settings.selectors import section_defaults, settings_get, upload_max_file_size


def _json_ready(data: dict) -> dict:
    """Decimals become strings: money never passes through float."""
    out = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out[key] = _json_ready(value)
        elif hasattr(value, "as_tuple"):
            out[key] = f"{value:.2f}"
        else:
            out[key] = value
    return out


def _merged(serializer, before: dict, data: dict) -> dict:
    """`data` over `before`; a nested section (a provider's account) is merged field by field too, and a secret
    sent empty (a form never shows the stored one) keeps the stored value."""
    merged = {**before, **data}
    for secret in getattr(serializer, "SECRETS", ()):
        if data.get(secret) in ("", None):
            merged[secret] = before.get(secret, "")
    for name, field in serializer.fields.items():
        if isinstance(field, serializers.Serializer) and isinstance(data.get(name), dict):
            nested = {**before.get(name, {}), **data[name]}
            for secret in getattr(field, "SECRETS", ()):
                if data[name].get(secret) in ("", None):
                    nested[secret] = before.get(name, {}).get(secret, "")
            merged[name] = nested
    return merged


def _masked(serializer, values: dict) -> dict:
    """`values` for the audit log: every secret a nested section declares (its SECRETS) reads "••••" when set and ""
    when not, so no key reaches users/activity."""
    masked = dict(values)
    for secret in getattr(serializer, "SECRETS", ()):
        if secret in values:
            masked[secret] = "••••" if values[secret] else ""
    for name, field in serializer.fields.items():
        secrets = getattr(field, "SECRETS", ())
        if secrets and isinstance(values.get(name), dict):
            masked[name] = {
                **values[name],
                **{secret: "••••" if values[name].get(secret) else "" for secret in secrets},
            }
    return masked


@transaction.atomic
def settings_update(*, actor, key: str, data: dict, logo: UploadedFile | None = None) -> dict:
    """Save a section. Fields missing from `data` keep their current values, so a form that shows part of a
    section cannot reset the rest; the whole result is validated."""
    section = SECTIONS[key]
    TenantSettings.objects.get_or_create(singleton=True)
    row = TenantSettings.objects.select_for_update().get(singleton=True)
    before = {**section_defaults_json(key), **row.values.get(key, {})}
    serializer = section.serializer(data=_merged(section.serializer(), before, data))
    serializer.is_valid(raise_exception=True)
    after = _json_ready(dict(serializer.validated_data))
    row.values = {**row.values, key: after}
    fields = ["values", "updated_at"]
    if logo is not None:
        if key != "company_details":
            raise DomainError("settings.logo_outside_company_details", field="logo")
        kind = validate_image_upload(logo, field="logo", limit=upload_max_file_size())
        replaced = row.company_logo.name
        store_upload(row.company_logo, logo, kind=kind)
        if replaced:
            transaction.on_commit(lambda: row.company_logo.storage.delete(replaced))
        fields.append("company_logo")
    row.save(update_fields=fields)
    audit_record(
        actor=actor,
        action=f"settings.{key}",
        data={"before": _masked(section.serializer(), before), "after": _masked(section.serializer(), after)},
    )
    return settings_get(key, row=row)


def section_defaults_json(key: str) -> dict:
    return _json_ready(section_defaults(key))
