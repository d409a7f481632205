"""Write helpers every service shares."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from django.db import models

ModelT = TypeVar("ModelT", bound=models.Model)


def model_update(*, instance: ModelT, fields: Iterable[str], data: Mapping[str, Any]) -> tuple[ModelT, bool]:
    """Set each of `fields` that `data` holds on `instance` and save only the ones whose value changed (with
    `updated_at` when the model has one); a many-to-many field is `set()` after the save. Returns the instance
    and whether anything was written.

    The audit entry stays with the caller: audit sits above core, and each service words its entry (action,
    which fields it names) itself."""
    model_fields = {field.name: field for field in instance._meta.get_fields()}
    update_fields: list[str] = []
    many_to_many: dict[str, Any] = {}
    for name in fields:
        if name not in data:
            continue
        field = model_fields.get(name)
        if field is None:
            raise TypeError(f"{type(instance).__name__} has no field {name!r}")
        value = data[name]
        if field.many_to_many:
            many_to_many[name] = value
        elif getattr(instance, name) != value:
            setattr(instance, name, value)
            update_fields.append(name)
    if update_fields:
        if "updated_at" in model_fields and "updated_at" not in update_fields:
            update_fields.append("updated_at")  # auto_now fills it in on save
        instance.save(update_fields=update_fields)
    for name, value in many_to_many.items():
        getattr(instance, name).set(value)
    return instance, bool(update_fields or many_to_many)
