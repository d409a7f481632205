"""Writes on menus, their items and menu files. Keyword-only, atomic, audited; the API, the importer and the
demo seed all go through here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, timedelta

from django.core.files.storage import default_storage
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.catalog.models import Diet, MealType
from kantyna.core.errors import DomainError
from kantyna.core.services import model_update
from kantyna.core.uploads import store_upload, validate_upload
from kantyna.institutions.models import Institution
from kantyna.meals.models import Meal
from kantyna.menus.importing import read_menu_rows
from kantyna.menus.models import MAX_MENU_DAYS, MealsMenu, MealsMenuFile, MealsMenuItem
from kantyna.menus.selectors import dates_between
from kantyna.tenant_settings.selectors import upload_max_file_size

MENU_FILE_TYPES = ("pdf", "jpg", "png")

# (date, meal type, meal): how callers describe an item; positions follow the order within a cell.
ItemSpec = tuple[date, MealType, Meal]


def _check_dates(date_from: date, date_to: date) -> None:
    if date_to < date_from:
        raise DomainError("menu.ends_before_start", field="date_to")
    if (date_to - date_from).days + 1 > MAX_MENU_DAYS:
        raise DomainError("menu.too_long", field="date_to", params={"days": MAX_MENU_DAYS})


def _check_inside(menu: MealsMenu, days: Iterable[date], field: str) -> None:
    if any(day < menu.date_from or day > menu.date_to for day in days):
        raise DomainError("menu.date_outside", field=field, params={"from": menu.date_from, "to": menu.date_to})


def _bulk_items(menu: MealsMenu, items: Iterable[ItemSpec]) -> list[MealsMenuItem]:
    """Items in cell order; a meal given twice for one cell is kept once."""
    rows, positions, seen = [], {}, set()
    for day, meal_type, meal in items:
        key = (day, meal_type.pk, meal.pk)
        if key in seen:
            continue
        seen.add(key)
        cell = (day, meal_type.pk)
        positions[cell] = positions.get(cell, -1) + 1
        rows.append(MealsMenuItem(menu=menu, date=day, meal_type=meal_type, meal=meal, position=positions[cell]))
    return MealsMenuItem.objects.bulk_create(rows)


@transaction.atomic
def meals_menu_create(
    *,
    actor,
    name: str,
    date_from: date,
    date_to: date,
    institutions: Sequence[Institution],
    diets: Sequence[Diet],
    items: Iterable[ItemSpec] = (),
) -> MealsMenu:
    _check_dates(date_from, date_to)
    items = list(items)
    menu = MealsMenu.objects.create(name=name, date_from=date_from, date_to=date_to)
    _check_inside(menu, (day for day, _mt, _m in items), "items")
    menu.institutions.set(institutions)
    menu.diets.set(diets)
    created = _bulk_items(menu, items)
    audit_record(actor=actor, action="meals_menu.create", target=menu, data={"items": len(created)})
    return menu


def _first_outside(menu: MealsMenu, date_from: date, date_to: date) -> date | None:
    return (
        menu.items.exclude(date__gte=date_from, date__lte=date_to)
        .order_by("date")
        .values_list("date", flat=True)
        .first()
    )


@transaction.atomic
def meals_menu_update(
    *,
    actor,
    instance: MealsMenu,
    name: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    institutions: Sequence[Institution] | None = None,
    diets: Sequence[Diet] | None = None,
) -> MealsMenu:
    """Change the header. Narrowing the dates is refused while meals are planned outside the new dates, so no
    planned day disappears silently."""
    new_from = date_from or instance.date_from
    new_to = date_to or instance.date_to
    _check_dates(new_from, new_to)
    outside = _first_outside(instance, new_from, new_to)
    if outside is not None:
        field = "date_from" if outside < new_from else "date_to"
        raise DomainError("menu.meals_outside_new_dates", field=field, params={"date": outside})
    header = {"name": name, "date_from": date_from, "date_to": date_to}
    header = {attribute: value for attribute, value in header.items() if value is not None}
    changed = [attribute for attribute, value in header.items() if getattr(instance, attribute) != value]
    model_update(instance=instance, fields=header, data=header)
    if institutions is not None:
        instance.institutions.set(institutions)
        changed.append("institutions")
    if diets is not None:
        instance.diets.set(diets)
        changed.append("diets")
    audit_record(actor=actor, action="meals_menu.update", target=instance, data={"fields": sorted(changed)})
    return instance


@transaction.atomic
def meals_menu_set_cells(
    *, actor, instance: MealsMenu, cells: Sequence[tuple[date, MealType, Sequence[Meal]]]
) -> MealsMenu:
    """Replace the meals of each given cell (date x meal type) by the given ones, in that order; an empty list
    empties the cell. Cells not named stay as they are."""
    _check_inside(instance, (day for day, _mt, _m in cells), "cells")
    for day, meal_type, _meals in cells:
        instance.items.filter(date=day, meal_type=meal_type).delete()
    created = _bulk_items(instance, [(day, meal_type, meal) for day, meal_type, meals in cells for meal in meals])
    instance.save(update_fields=["updated_at"])
    audit_record(
        actor=actor,
        action="meals_menu.set_cells",
        target=instance,
        data={"cells": [[day.isoformat(), meal_type.pk] for day, meal_type, _meals in cells], "items": len(created)},
    )
    return instance


@transaction.atomic
def meals_menu_update_parts(
    *,
    actor,
    instance: MealsMenu,
    cells: Sequence[tuple[date, MealType, Sequence[Meal]]] | None = None,
    **header,
) -> MealsMenu:
    """A partial update (PUT updateParts): any header field given, and/or some cells. Both in one transaction, so
    widening the dates and filling the new days succeed or fail together."""
    if header:
        meals_menu_update(actor=actor, instance=instance, **header)
    if cells:
        meals_menu_set_cells(actor=actor, instance=instance, cells=cells)
    return instance


@transaction.atomic
def meals_menu_delete(*, actor, instance: MealsMenu) -> None:
    """Nothing refers to a menu (orders point at price list items), so its items go with it."""
    audit_record(
        actor=actor,
        action="meals_menu.delete",
        target=instance,
        data={"name": instance.name, "items": instance.items.count()},
    )
    instance.delete()


@transaction.atomic
def meals_menu_create_similar(
    *,
    actor,
    source: MealsMenu,
    name: str,
    date_from: date | None = None,
    institutions: Sequence[Institution] | None = None,
    diets: Sequence[Diet] | None = None,
) -> MealsMenu:
    """A copy of `source` under a new name; with `date_from` the whole menu moves by the same number of days
    (choose a date on the same weekday to keep Mondays on Mondays)."""
    shift = timedelta(days=(date_from - source.date_from).days) if date_from else timedelta(0)
    items = [
        (item.date + shift, item.meal_type, item.meal) for item in source.items.select_related("meal_type", "meal")
    ]
    menu = meals_menu_create(
        actor=actor,
        name=name,
        date_from=source.date_from + shift,
        date_to=source.date_to + shift,
        institutions=list(source.institutions.all()) if institutions is None else institutions,
        diets=list(source.diets.all()) if diets is None else diets,
        items=items,
    )
    audit_record(actor=actor, action="meals_menu.create_similar", target=menu, data={"source": source.pk})
    return menu


def _copy(menu: MealsMenu, pairs: Sequence[tuple[date, date]], meal_type: MealType | None) -> int:
    """Copy the items of each source date to its target date, replacing what the target held (the whole day, or
    the one meal type)."""
    sources = menu.items.filter(date__in={source for source, _target in pairs})
    if meal_type is not None:
        sources = sources.filter(meal_type=meal_type)
    by_date: dict[date, list[MealsMenuItem]] = {}
    for item in sources.select_related("meal_type", "meal").order_by("date", "position", "id"):
        by_date.setdefault(item.date, []).append(item)
    if not by_date:
        raise DomainError("menu.nothing_to_copy", field="date")
    targets = menu.items.filter(date__in={target for _source, target in pairs})
    if meal_type is not None:
        targets = targets.filter(meal_type=meal_type)
    targets.delete()
    created = _bulk_items(
        menu,
        [(target, item.meal_type, item.meal) for source, target in pairs for item in by_date.get(source, [])],
    )
    return len(created)


def _check_targets(menu: MealsMenu, source_days: set[date], targets: Sequence[date]) -> None:
    if not targets:
        raise DomainError("menu.no_copy_targets", field="target_dates")
    _check_inside(menu, targets, "target_dates")
    if source_days & set(targets):
        raise DomainError("menu.copy_onto_itself", field="target_dates")


@transaction.atomic
def meals_menu_copy_day(*, actor, instance: MealsMenu, date: date, target_dates: Sequence[date]) -> int:
    _check_inside(instance, [date], "date")
    _check_targets(instance, {date}, target_dates)
    copied = _copy(instance, [(date, target) for target in sorted(set(target_dates))], None)
    audit_record(
        actor=actor,
        action="meals_menu.copy_day",
        target=instance,
        data={"date": date.isoformat(), "targets": sorted(d.isoformat() for d in set(target_dates)), "items": copied},
    )
    return copied


@transaction.atomic
def meals_menu_copy_days(*, actor, instance: MealsMenu, date_from: date, date_to: date, target_date_from: date) -> int:
    """Copy a range of days onto the same number of days starting at `target_date_from` (a week onto the next
    week, say). The two ranges may not overlap: the copy would read what it has just written."""
    if date_to < date_from:
        raise DomainError("menu.ends_before_start", field="date_to")
    _check_inside(instance, [date_from, date_to], "date_from")
    sources = dates_between(date_from, date_to)
    targets = [target_date_from + (day - date_from) for day in sources]
    _check_inside(instance, [targets[0], targets[-1]], "target_date_from")
    if targets[0] <= date_to and targets[-1] >= date_from:
        raise DomainError("menu.copy_overlaps", field="target_date_from")
    copied = _copy(instance, list(zip(sources, targets, strict=True)), None)
    audit_record(
        actor=actor,
        action="meals_menu.copy_days",
        target=instance,
        data={"from": date_from.isoformat(), "to": date_to.isoformat(), "target": target_date_from.isoformat()},
    )
    return copied


@transaction.atomic
def meals_menu_copy_meal_type(
    *, actor, instance: MealsMenu, date: date, meal_type: MealType, target_dates: Sequence[date]
) -> int:
    _check_inside(instance, [date], "date")
    _check_targets(instance, {date}, target_dates)
    copied = _copy(instance, [(date, target) for target in sorted(set(target_dates))], meal_type)
    audit_record(
        actor=actor,
        action="meals_menu.copy_meal_type",
        target=instance,
        data={"date": date.isoformat(), "meal_type": meal_type.pk, "items": copied},
    )
    return copied


@transaction.atomic
def meals_menu_import(
    *,
    actor,
    upload: UploadedFile,
    name: str,
    institutions: Sequence[Institution],
    diets: Sequence[Diet],
    date_from: date | None = None,
    date_to: date | None = None,
) -> MealsMenu:
    """A new menu from an XLSX file (see importing.py for its layout). All or nothing: one bad row and nothing is
    stored; the answer lists every bad row."""

    items = read_menu_rows(upload, date_from=date_from, date_to=date_to)
    days = [day for day, _mt, _m in items]
    menu = meals_menu_create(
        actor=actor,
        name=name,
        date_from=date_from or min(days),
        date_to=date_to or max(days),
        institutions=institutions,
        diets=diets,
        items=items,
    )
    audit_record(actor=actor, action="meals_menu.import", target=menu, data={"file": upload.name, "items": len(items)})
    return menu


def _store_file(instance: MealsMenuFile, upload: UploadedFile, kind: str) -> None:
    instance.kind = kind
    instance.size = upload.size
    instance.original_name = upload.name[:255]
    store_upload(instance.file, upload, kind=kind)


def _delete_stored(name: str) -> None:
    if name and default_storage.exists(name):
        default_storage.delete(name)


@transaction.atomic
def meals_menu_file_create(
    *, actor, institution: Institution, month: date, name: str, file: UploadedFile
) -> MealsMenuFile:
    kind = validate_upload(file, field="file", allowed=MENU_FILE_TYPES, limit=upload_max_file_size())
    instance = MealsMenuFile(institution=institution, month=month.replace(day=1), name=name)
    _store_file(instance, file, kind)
    try:
        instance.save()
        audit_record(actor=actor, action="meals_menu_file.create", target=instance, data={"file": instance.file.name})
    except Exception:
        # The stored bytes are not part of the transaction: a refused row must not leave its file behind.
        _delete_stored(instance.file.name)
        raise
    return instance


@transaction.atomic
def meals_menu_file_update(
    *,
    actor,
    instance: MealsMenuFile,
    institution: Institution | None = None,
    month: date | None = None,
    name: str | None = None,
    file: UploadedFile | None = None,
) -> MealsMenuFile:
    """Replacing the file removes the old one from storage once the change is committed."""
    fields = []
    if institution is not None and institution != instance.institution:
        instance.institution = institution
        fields.append("institution")
    if month is not None and month.replace(day=1) != instance.month:
        instance.month = month.replace(day=1)
        fields.append("month")
    if name is not None and name != instance.name:
        instance.name = name
        fields.append("name")
    if file is not None:
        kind = validate_upload(file, field="file", allowed=MENU_FILE_TYPES, limit=upload_max_file_size())
        old = instance.file.name
        _store_file(instance, file, kind)
        fields.append("file")
        transaction.on_commit(lambda: _delete_stored(old))
    instance.save()
    audit_record(actor=actor, action="meals_menu_file.update", target=instance, data={"fields": fields})
    return instance


@transaction.atomic
def meals_menu_file_delete(*, actor, instance: MealsMenuFile) -> None:
    stored = instance.file.name
    audit_record(
        actor=actor, action="meals_menu_file.delete", target=instance, data={"name": instance.name, "file": stored}
    )
    instance.delete()
    transaction.on_commit(lambda: _delete_stored(stored))
