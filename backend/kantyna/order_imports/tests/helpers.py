"""The orders files tests' world: the shared priced world (kantyna/testing/world.py: a school with classroom, a
parent with Ola and Jan Nowak, a worker; children's lunch 12.50, soup 5.00) with card numbers, and orders files
built in memory as CSV or XLSX."""

from __future__ import annotations

import csv
from io import BytesIO, StringIO

from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from kantyna.people.models import Child, WorkerProfile
from kantyna.testing.world import World, make_world

HEADER = ["Numer karty", "Imię", "Nazwisko", "Placówka", "Klasa", "Data", "Data do", "Rodzaj posiłku"]


def make_orders_world(tenant) -> World:
    """Call inside the tenant's schema. Ola's card is OLA001, Jan's JAN001, the worker's PRAC01."""
    world = make_world(tenant)
    Child.objects.filter(pk=world.child.pk).update(card_number="OLA001")
    Child.objects.filter(pk=world.child2.pk).update(card_number="JAN001")
    WorkerProfile.objects.filter(pk=world.worker.pk).update(card_number="PRAC01")
    world.child.refresh_from_db()
    world.child2.refresh_from_db()
    world.worker.refresh_from_db()
    return world


def row(*, card="", first="", last="", institution="", classroom="", day="", day_to="", meal="Obiad") -> list:
    return [card, first, last, institution, classroom, day.isoformat() if hasattr(day, "isoformat") else day,
            day_to.isoformat() if hasattr(day_to, "isoformat") else day_to, meal]  # fmt: skip


def csv_bytes(rows: list[list], *, header=HEADER, delimiter=";") -> bytes:
    out = StringIO()
    csv.writer(out, delimiter=delimiter).writerows([header, *rows])
    return out.getvalue().encode("utf-8")


def xlsx_bytes(rows: list[list], *, header=HEADER) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(header)
    for values in rows:
        sheet.append(values)
    out = BytesIO()
    workbook.save(out)
    return out.getvalue()


def csv_upload(rows: list[list], name: str = "zamowienia.csv", **kwargs) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, csv_bytes(rows, **kwargs), content_type="text/csv")


def xlsx_upload(rows: list[list], name: str = "zamowienia.xlsx") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, xlsx_bytes(rows), content_type="application/octet-stream")
