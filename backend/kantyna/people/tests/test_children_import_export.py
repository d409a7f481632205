"""Children export (XLSX, CSV, formula guard) and import (template, all or nothing, every bad cell, 1,000 rows in
a constant number of queries)."""

from __future__ import annotations

import csv
import io
from unittest import mock

import pytest
from openpyxl import load_workbook

from kantyna.audit.models import AuditEntry
from kantyna.catalog.services import diet_create
from kantyna.core.errors import DomainError, Problem
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT
from kantyna.people.models import CalendarSubjectSettings, Child
from kantyna.people.services.children import children_import
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.queries import capture_queries
from kantyna.testing.world import make_children_world

from .helpers import HEADER, institutions_admin, make_child, workbook


def upload(api: Api, file) -> object:
    return api.post("children/import", {"file": file}, format="multipart")


# Export -----------------------------------------------------------------------------------------------------


def test_export_xlsx_with_filters_and_formula_guard(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    make_child(tenant_a, world, parent=parent, first_name="=HYPERLINK(1)", allergies_note="+48 600")
    make_child(tenant_a, world, classroom=world.other_classroom)
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).post(
        f"children/export?institutionId={world.institution.pk}", {"format": "xlsx"}
    )
    assert response.status_code == 200
    assert "filename*=UTF-8''" in response["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:3] == ("ID", "First name", "Last name")
    assert len(rows) == 2
    assert rows[1][1] == "'=HYPERLINK(1)" and rows[1][8] == "'+48 600"
    assert rows[1][10] == parent.email


def test_export_csv(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world, first_name="@Ala")
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).post(
        f"children/export?classroomId={world.classroom.pk}", {"format": "csv"}
    )
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[1][:3] == [str(child.pk), "'@Ala", child.last_name]


def test_given_a_name_with_a_control_character_stored_when_exporting_then_both_formats_succeed_without_it(tenant_a):
    # Stored before the API refused control characters: openpyxl would refuse the whole workbook for it.
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world, first_name="Ala\x0bMa", allergies_note="=1\x1f+1")
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    xlsx = api.post("children/export", {"format": "xlsx"})
    csv_export = api.post("children/export", {"format": "csv"})

    assert (xlsx.status_code, csv_export.status_code) == (200, 200)
    sheet_row = list(load_workbook(io.BytesIO(xlsx.content)).active.iter_rows(values_only=True))[1]
    assert (sheet_row[0], sheet_row[1], sheet_row[8]) == (child.pk, "AlaMa", "'=1+1")
    csv_row = list(csv.reader(io.StringIO(csv_export.content.decode("utf-8-sig")), delimiter=";"))[1]
    assert (csv_row[1], csv_row[8]) == ("AlaMa", "'=1+1")


def test_export_is_staff_only_and_scoped(tenant_a):
    world = make_children_world(tenant_a)
    make_child(tenant_a, world)
    make_child(tenant_a, world, classroom=world.other_classroom)
    assert_error(Api(tenant_a, make_user(tenant_a, ROLE_PARENT)).post("children/export", {}), 403, "Forbidden.")
    response = Api(tenant_a, institutions_admin(tenant_a, world.institution)).post("children/export", {})
    rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    assert len(rows) == 2  # header + the one child of the admin's institution


# Import -----------------------------------------------------------------------------------------------------


def test_template_download(tenant_a):
    world = make_children_world(tenant_a)
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).get("children/import/template")
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content))
    assert [cell.value for cell in book.worksheets[0][1]] == HEADER
    classrooms = list(book.worksheets[1].iter_rows(values_only=True))
    assert (world.institution.slug, "1a") in classrooms


def test_import_creates_children_with_defaults(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    rows = [
        [
            "Ala",
            "Nowak",
            parent.email.upper(),
            world.institution.slug,
            "1B",
            world.diet.name,
            "IMP001",
            f"{world.allergen.number}",
            "orzechy",
            "",
        ],
        ["Ola", "Nowak", parent.email, world.institution.name, "1a", "", "", "", "", "ul. Polna 1"],
    ]
    with in_tenant(tenant_a):
        from kantyna.catalog.models import Diet

        Diet.objects.filter(pk=world.diet.pk).update(is_default=True)
    response = upload(Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)), workbook(rows))
    assert response.json() == {"status": True, "created": 2}, response.content
    with in_tenant(tenant_a):
        ala = Child.objects.get(parent=parent, first_name="Ala")
        assert ala.classroom_id == world.classroom_b.pk
        assert ala.price_lists_group_id == world.class_group.pk
        assert ala.card_number == "IMP001"
        assert list(ala.allergies.values_list("pk", flat=True)) == [world.allergen.pk]
        ola = Child.objects.get(parent=parent, first_name="Ola")
        assert (ola.diet_id, ola.general_note, ola.price_lists_group_id) == (
            world.diet.pk,
            "ul. Polna 1",
            world.default_group.pk,
        )
        assert CalendarSubjectSettings.objects.filter(child__in=[ala, ola]).count() == 2


def test_bad_file_imports_nothing_and_reports_every_bad_cell(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    make_child(tenant_a, world, card_number="TAKEN1")
    rows = [
        ["Ala", "Nowak", parent.email, world.institution.slug, "1a", world.diet.name, "", "", "", ""],  # fine
        ["", "Nowak", "nobody@example.test", "no-such-school", "1a", "Keto", "TAKEN1", "Mango", "", ""],
        ["Ela", "Nowak", parent.email, world.institution.slug, "9z", world.diet.name, "abc", "", "", ""],
        ["Iza", "Nowak", parent.email, world.institution.slug, "", world.diet.name, "DUP001", "", "", ""],
        ["Ewa", "Nowak", parent.email, world.institution.slug, "1a", world.diet.name, "DUP001", "", "", ""],
    ]
    with in_tenant(tenant_a):
        count = Child.objects.count()
    response = upload(Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)), workbook(rows))
    assert response.status_code == 400
    body = response.json()
    assert body["message"] == "The file has errors; nothing was imported."
    assert [(row["row"], row["column"]) for row in body["rows"]] == [
        (3, "A"),
        (3, "C"),
        (3, "D"),
        (3, "F"),
        (3, "G"),
        (3, "H"),
        (4, "E"),
        (4, "G"),
        (5, "E"),
        (6, "G"),
    ]
    assert body["rows"][-1]["message"] == "This card number is already in row 5."
    assert body["errors"]["rows"][0] == "Row 3, column A: This field is required."
    with in_tenant(tenant_a):
        assert Child.objects.count() == count


def test_given_a_line_break_in_a_name_cell_when_importing_then_the_cell_is_refused_but_notes_keep_theirs(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    school = world.institution.slug
    rows = [
        ["Ala\nMaria", "Nowak", parent.email, school, "1a", world.diet.name, "", "", "Orzechy\norzeszki", ""],
        ["Ola", "Nowak", parent.email, school, "1a", world.diet.name, "", "", "", "Odbiera\u202ebabcia"],
    ]
    with in_tenant(tenant_a):
        count = Child.objects.count()

    response = upload(Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)), workbook(rows))

    assert response.status_code == 400
    assert response.json()["rows"] == [
        {"row": 2, "column": "A", "message": "Enter a single line, without tabs or line breaks."},
        {"row": 3, "column": "J", "message": "The text contains an invisible character (U+202E); remove it."},
    ]
    with in_tenant(tenant_a):
        assert Child.objects.count() == count


def test_given_a_diet_of_another_institution_when_importing_then_the_row_is_refused(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    with in_tenant(tenant_a):
        elsewhere = diet_create(actor=None, name="Tylko w przedszkolu", institutions=[world.other_institution])
        count = Child.objects.count()
    rows = [
        ["Ala", "Nowak", parent.email, world.institution.slug, "1a", world.diet.name, "", "", "", ""],
        ["Ola", "Nowak", parent.email, world.institution.slug, "1a", elsewhere.name, "", "", "", ""],
    ]

    response = upload(Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)), workbook(rows))

    assert response.status_code == 400
    assert response.json()["rows"] == [
        {"row": 3, "column": "F", "message": "This diet is not served in the chosen institution."}
    ]
    with in_tenant(tenant_a):
        assert Child.objects.count() == count


def test_given_cards_taken_after_the_file_was_read_when_importing_then_the_rows_are_listed_and_nothing_created(
    tenant_a,
):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    make_child(tenant_a, world, card_number="RACE01")
    make_child(tenant_a, world, card_number="RACE03")
    with in_tenant(tenant_a):
        count = Child.objects.count()
    rows = [
        ["Ala", "Nowak", parent.email, world.institution.slug, "1a", world.diet.name, "RACE01", "", "", ""],
        ["Ola", "Nowak", parent.email, world.institution.slug, "1a", world.diet.name, "FREE02", "", "", ""],
        ["Ela", "Nowak", parent.email, world.institution.slug, "1a", world.diet.name, "RACE03", "", "", ""],
    ]

    # The file was read while the cards were still free; another save took them before the import's lock.
    with mock.patch("kantyna.people.imports.card_numbers_taken", return_value=set()):
        response = upload(Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)), workbook(rows))

    assert response.status_code == 400
    assert response.json()["rows"] == [
        {"row": 2, "column": "G", "message": "This card number is already used."},
        {"row": 4, "column": "G", "message": "This card number is already used."},
    ]
    with in_tenant(tenant_a):
        assert Child.objects.count() == count


def test_import_refuses_a_file_with_wrong_headers(tenant_a):
    response = upload(Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)), workbook([["a"]], header=["Name", "Surname"]))
    assert response.status_code == 400
    assert response.json()["errors"]["file"][0].startswith("The first row must hold the column headers")


def test_import_is_admin_only(tenant_a):
    world = make_children_world(tenant_a)
    for user in (make_user(tenant_a, ROLE_PARENT), institutions_admin(tenant_a, world.institution)):
        assert_error(upload(Api(tenant_a, user), workbook([])), 403, "Forbidden.")
    assert_error(
        Api(tenant_a, make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN)).get("children/import/template"), 403, "Forbidden."
    )


def test_import_of_1000_rows_takes_a_constant_number_of_queries(tenant_a):
    world = make_children_world(tenant_a)
    parents = [make_user(tenant_a, ROLE_PARENT) for _ in range(5)]
    rows = [
        [
            f"Dziecko{index}",
            "Masowe",
            parents[index % 5].email,
            world.institution.slug,
            "1a" if index % 2 else "1b",
            world.diet.name,
            f"M{index:05d}",
            str(world.allergen.number) if index % 3 == 0 else "",
            "",
            "",
        ]
        for index in range(1000)
    ]
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    with capture_queries() as queries:
        response = upload(api, workbook(rows))
    assert response.json() == {"status": True, "created": 1000}, response.content[:500]
    assert len(queries) <= 40, str(queries)
    with in_tenant(tenant_a):
        assert Child.objects.filter(last_name="Masowe").count() == 1000
        assert Child.allergies.through.objects.filter(child__last_name="Masowe").count() == 334


def test_polish_template_filled_in_imports(tenant_a):
    """The template speaks the user's language; its headers are accepted back."""
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    admin = make_user(tenant_a, ROLE_ADMIN)
    template = Api(tenant_a, admin, locale="pl").get("children/import/template")
    book = load_workbook(io.BytesIO(template.content))
    header = [cell.value for cell in book.worksheets[0][1]]
    assert header[:3] == ["Imię", "Nazwisko", "E-mail rodzica"]
    filled = workbook(
        [["Jan", "Kos", parent.email, world.institution.slug, "1a", world.diet.name, "", "", "", ""]], header=header
    )
    assert upload(Api(tenant_a, admin, locale="pl"), filled).json() == {"status": True, "created": 1}


def test_given_allergies_with_a_diet_forbidding_changes_when_importing_then_the_row_is_refused_with_the_reason(
    tenant_a,
):
    """A file cannot confirm dropping allergies, so a row whose diet would clear them is refused, never emptied."""
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    strict = world.strict_diet.name
    rows = [
        ["Ala", "Nowak", parent.email, world.institution.slug, "1a", strict, "", "", "", ""],  # nothing to lose
        ["Ola", "Nowak", parent.email, world.institution.slug, "1a", strict, "", world.allergen.name, "mleko", ""],
    ]
    with in_tenant(tenant_a):
        count = Child.objects.count()

    response = upload(Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)), workbook(rows))

    assert response.status_code == 400
    assert response.json()["rows"] == [
        {
            "row": 3,
            "column": "H",
            "message": f"Diet {strict} does not allow allergen changes: confirm removing the allergies "
            f"{world.allergen.name}.",
        },
        {
            "row": 3,
            "column": "I",
            "message": f"Diet {strict} does not allow allergen changes: confirm removing the allergy note.",
        },
    ]
    with in_tenant(tenant_a):
        assert Child.objects.count() == count


def test_given_a_row_whose_diet_came_to_forbid_allergies_when_the_import_stores_it_then_nothing_is_created(tenant_a):
    """The service refuses such a row too (a diet changed between reading the file and storing it)."""
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    row = {
        "row": 2,
        "parent": parent,
        "first_name": "Ola",
        "last_name": "Nowak",
        "institution": world.institution,
        "classroom": world.classroom,
        "diet": world.strict_diet,
        "card_number": None,
        "allergies": [world.allergen],
        "allergies_note": "",
        "general_note": "",
    }
    with in_tenant(tenant_a):
        count = Child.objects.count()
        with pytest.raises(DomainError) as refused:
            children_import(actor=None, rows=[row])
        assert Child.objects.count() == count
    assert refused.value.code == "import.rejected"
    assert refused.value.extra["rows"] == [
        {"row": 2, "column": "H", "message": Problem("allergies.allergens_would_be_cleared", "allergies", mock.ANY)}
    ]


def test_imported_allergies_are_audited_per_child(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    rows = [
        ["Ala", "Nowak", parent.email, world.institution.slug, "1a", world.diet.name, "", world.allergen.name, "", ""],
        ["Ola", "Nowak", parent.email, world.institution.slug, "1a", world.diet.name, "", "", "", ""],
    ]

    response = upload(Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)), workbook(rows))

    assert response.json() == {"status": True, "created": 2}
    with in_tenant(tenant_a):
        ala = Child.objects.get(parent=parent, first_name="Ala")
        entries = AuditEntry.objects.filter(
            action="child.allergies_change",
            target_id__in=[str(pk) for pk in Child.objects.filter(parent=parent).values_list("pk", flat=True)],
        )
        assert [(entry.target_id, entry.data) for entry in entries] == [
            (str(ala.pk), {"added": [world.allergen.name], "removed": [], "note_before": "", "note_after": ""})
        ]
