"""Menus in and out of files: the XLSX import (all or nothing, every bad row reported), its template, the PDF
prints and the DOCX export (Polish letters, safe file names, allergens, grammages unless hidden)."""

from __future__ import annotations

import io
import zipfile
from datetime import date
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from docx import Document
from openpyxl import Workbook, load_workbook

from kantyna.catalog.models import MealType
from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT
from kantyna.core.spreadsheets import guard_cell
from kantyna.institutions.models import Institution
from kantyna.meals.models import Ingredient, Meal, MealIngredient
from kantyna.meals.services import meal_create
from kantyna.menus.documents import ascii_file_name, safe_file_name
from kantyna.menus.models import MealsMenu, MealsMenuItem
from kantyna.menus.tests.world import make_menu, member, world
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def xlsx(rows, header=("Data", "Typ posiłku", "Posiłek")) -> SimpleUploadedFile:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(list(header))
    for row in rows:
        sheet.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile("jadłospis.xlsx", buffer.getvalue(), content_type=XLSX)


@pytest.fixture
def w(tenant_a):
    with in_tenant(tenant_a):
        return world()


@pytest.fixture
def admin(tenant_a):
    return Api(tenant_a, member(tenant_a, ROLE_ADMIN))


def import_body(w, file, **extra):
    return {
        "file": file,
        "name": "Import grudzień",
        "institutionsIds": [w.institution.pk],
        "dietsIds": [w.diet.pk],
        **extra,
    }


def test_import_creates_the_menu_with_its_cells_in_row_order(tenant_a, w, admin):
    file = xlsx(
        [
            (date(2026, 12, 1), "Obiad", "Pierogi ruskie"),
            ("2026-12-01", "obiad", "żurek z jajkiem"),
            (None, None, None),
            ("02.12.2026", "Śniadanie", "Owsianka z jabłkiem"),
        ]
    )

    response = admin.post("mealsMenus/importMealsMenuFromExcelFile", import_body(w, file), format="multipart")

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["name"], body["dateFrom"], body["dateTo"], body["itemsCount"]) == (
        "Import grudzień",
        "2026-12-01",
        "2026-12-02",
        3,
    )
    with in_tenant(tenant_a):
        items = MealsMenuItem.objects.filter(menu_id=body["id"]).order_by("date", "position")
        assert [(i.date.day, i.meal.name, i.position) for i in items] == [
            (1, "Pierogi ruskie", 0),
            (1, "Żurek z jajkiem", 1),
            (2, "Owsianka z jabłkiem", 0),
        ]


def test_given_bad_rows_when_importing_then_every_one_is_reported_and_nothing_is_stored(tenant_a, w, admin):
    with in_tenant(tenant_a):
        meal_create(actor=None, name="Pierogi ruskie")  # a second meal with that name: ambiguous
        before = MealsMenu.objects.count()
    file = xlsx(
        [
            ("2026-12-01", "Obiad", "Owsianka z jabłkiem"),
            ("31.02.2026", "Kolacja", "Pierogi ruskie"),
            ("", "Obiad", ""),
            ("2026-12-03", "", "Nieznane danie"),
        ]
    )

    response = admin.post("mealsMenus/importMealsMenuFromExcelFile", import_body(w, file), format="multipart")

    assert response.status_code == 400
    assert response.json() == {
        "message": "The file has errors; nothing was imported.",
        "errors": {
            "rows": [
                "Row 3, column A: „31.02.2026” is not a date (use YYYY-MM-DD or DD.MM.YYYY).",
                "Row 3, column B: There is no meal type „Kolacja”.",
                "Row 3, column C: Several meals are named „Pierogi ruskie”; rename one of them.",
                "Row 4, column A: The date is missing.",
                "Row 4, column C: The meal is missing.",
                "Row 5, column B: The meal type is missing.",
                "Row 5, column C: There is no meal „Nieznane danie”.",
            ]
        },
        "rows": [
            {"row": 3, "column": "A", "message": "„31.02.2026” is not a date (use YYYY-MM-DD or DD.MM.YYYY)."},
            {"row": 3, "column": "B", "message": "There is no meal type „Kolacja”."},
            {"row": 3, "column": "C", "message": "Several meals are named „Pierogi ruskie”; rename one of them."},
            {"row": 4, "column": "A", "message": "The date is missing."},
            {"row": 4, "column": "C", "message": "The meal is missing."},
            {"row": 5, "column": "B", "message": "The meal type is missing."},
            {"row": 5, "column": "C", "message": "There is no meal „Nieznane danie”."},
        ],
    }
    with in_tenant(tenant_a):
        assert MealsMenu.objects.count() == before


def test_import_errors_are_in_polish_by_default(tenant_a, w):
    api = Api(tenant_a, member(tenant_a, ROLE_ADMIN), locale=None)
    response = api.post(
        "mealsMenus/importMealsMenuFromExcelFile",
        import_body(w, xlsx([("2026-12-01", "Kolacja", "Pierogi ruskie")])),
        format="multipart",
    )
    assert response.json()["rows"] == [{"row": 2, "column": "B", "message": "Nie ma typu posiłku „Kolacja”."}]
    assert response.json()["errors"] == {"rows": ["Wiersz 2, kolumna B: Nie ma typu posiłku „Kolacja”."]}


def test_given_dates_when_importing_rows_outside_them_are_reported(tenant_a, w, admin):
    body = import_body(w, xlsx([("2027-01-04", "Obiad", "Pierogi ruskie")]), dateFrom="2026-12-01", dateTo="2026-12-31")
    response = admin.post("mealsMenus/importMealsMenuFromExcelFile", body, format="multipart")
    assert response.status_code == 400
    assert response.json() == {
        "message": "The file has errors; nothing was imported.",
        "errors": {"rows": ["Row 2, column A: 04.01.2027 is outside the menu's dates."]},
        "rows": [{"row": 2, "column": "A", "message": "04.01.2027 is outside the menu's dates."}],
    }


@pytest.mark.parametrize(
    ("file", "message", "refusal"),
    [
        (SimpleUploadedFile("a.xlsx", b"%PDF-1.4 not a sheet"), "Unsupported file type: allowed xlsx.", False),
        (SimpleUploadedFile("a.xlsx", b"PK\x03\x04broken zip"), "The file is not a valid XLSX workbook.", True),
        ("wrong header", "The first row must name the columns: Data, Typ posiłku, Posiłek.", True),
        ("no rows", "The file has no menu rows.", True),
        ("over a year", "A menu may cover at most 366 days.", True),
    ],
)
def test_given_a_wrong_file_when_importing_then_400_on_file(tenant_a, w, admin, file, message, refusal):
    if file == "wrong header":
        file = xlsx([("2026-12-01", "Obiad", "Pierogi ruskie")], header=("Dzień", "Co", "Danie"))
    elif file == "no rows":
        file = xlsx([])
    elif file == "over a year":
        file = xlsx([("2026-01-01", "Obiad", "Pierogi ruskie"), ("2027-01-02", "Obiad", "Pierogi ruskie")])
    response = admin.post("mealsMenus/importMealsMenuFromExcelFile", import_body(w, file), format="multipart")
    if refusal:
        assert response.status_code == 400
        assert response.json() == {
            "message": "The file has errors; nothing was imported.",
            "errors": {"file": [message]},
            "rows": [],
        }
    else:
        assert_error(response, 400, "The given data was invalid.", {"file": [message]})


def test_given_a_file_over_the_limit_when_importing_then_400(tenant_a, w, admin):
    with in_tenant(tenant_a):
        settings_update(actor=None, key="general", data={"upload_max_file_size": 1024 * 1024})
    big = SimpleUploadedFile("a.xlsx", b"PK\x03\x04" + b"0" * (1024 * 1024), content_type=XLSX)
    response = admin.post("mealsMenus/importMealsMenuFromExcelFile", import_body(w, big), format="multipart")
    assert_error(response, 400, "The given data was invalid.", {"file": ["The file is too large: the limit is 1 MB."]})


def test_import_is_refused_to_parents_and_to_institutions_admins_for_other_institutions(tenant_a, w):
    parent = Api(tenant_a, member(tenant_a, ROLE_PARENT))
    file = xlsx([("2026-12-01", "Obiad", "Pierogi ruskie")])
    assert_error(
        parent.post("mealsMenus/importMealsMenuFromExcelFile", import_body(w, file), format="multipart"),
        403,
        "Forbidden.",
    )
    manager = Api(tenant_a, member(tenant_a, ROLE_INSTITUTIONS_ADMIN))
    body = {
        **import_body(w, xlsx([("2026-12-01", "Obiad", "Pierogi ruskie")])),
        "institutionsIds": [w.other_institution.pk],
    }
    assert_error(
        manager.post("mealsMenus/importMealsMenuFromExcelFile", body, format="multipart"),
        400,
        "The given data was invalid.",
        {"institutionsIds": ["You can only choose institutions you manage."]},
    )


def test_the_template_lists_meal_types_and_meals_and_guards_formulas(tenant_a, w, admin):
    with in_tenant(tenant_a):
        meal_create(actor=None, name="=HYPERLINK(1)")

    response = admin.get("mealsMenus/importMealsMenuFromExcelFile/template")

    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="Jadlospis_-_szablon_importu.xlsx"')
    workbook = load_workbook(io.BytesIO(response.content))
    assert [c.value for c in workbook["Jadłospis"][1]] == ["Data", "Typ posiłku", "Posiłek"]
    assert [r[0].value for r in workbook["Typy posiłków"].iter_rows(min_row=2)] == ["Śniadanie", "Obiad"]
    assert "'=HYPERLINK(1)" in [r[0].value for r in workbook["Posiłki"].iter_rows(min_row=2)]


def test_given_names_with_control_characters_stored_when_downloading_the_template_then_they_are_left_out(
    tenant_a, w, admin
):
    # Stored before the API refused control characters: openpyxl would refuse the whole workbook for one.
    with in_tenant(tenant_a):
        meal_create(actor=None, name="Zupa\x0bdnia")
        MealType.objects.filter(pk=w.lunch.pk).update(name="Obiad\x1f")

    response = admin.get("mealsMenus/importMealsMenuFromExcelFile/template")

    assert response.status_code == 200
    workbook = load_workbook(io.BytesIO(response.content))
    assert [r[0].value for r in workbook["Typy posiłków"].iter_rows(min_row=2)] == ["Śniadanie", "Obiad"]
    assert "Zupadnia" in [r[0].value for r in workbook["Posiłki"].iter_rows(min_row=2)]


# --- prints and exports -----------------------------------------------------------------------------------------


@pytest.fixture
def menu(tenant_a, w):
    with in_tenant(tenant_a):
        flour = Ingredient.objects.create(name="Mąka pszenna")
        MealIngredient.objects.create(meal=w.meals[2], ingredient=flour, portion_size=w.portion, grammage=Decimal("80"))
        return make_menu(w, name="Jadłospis \u2013 źdźbło żółwia")


def pdf_text(content: bytes) -> str:
    """The PDF's text through pdftotext when available (poppler), else the raw bytes are checked for a page."""
    import shutil
    import subprocess

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    result = subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True)
    return result.stdout.decode("utf-8")


def test_print_is_a_pdf_with_polish_letters_allergens_and_grammages(tenant_a, menu):
    api = Api(tenant_a, member(tenant_a, ROLE_COOK), locale=None)

    response = api.post(f"mealsMenus/{menu.pk}/print", {"month": "2026-11"})

    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    assert response["Content-Disposition"] == (
        'attachment; filename="Jadlospis_zdzblo_zolwia_2026-11.pdf"; '
        "filename*=UTF-8''Jad%C5%82ospis%20%E2%80%93%20%C5%BAd%C5%BAb%C5%82o%20%C5%BC%C3%B3%C5%82wia%202026-11.pdf"
    )
    text = pdf_text(response.content)
    for expected in (
        "Jadłospis \u2013 źdźbło żółwia",
        "Listopad 2026",
        "Żurek z jajkiem",
        "Alergeny: 1, 3, 7",
        "Mąka pszenna 80 g",
    ):
        assert expected in text, expected
    assert "Poniedziałek" in text


def test_print_hides_grammages_for_an_institution_that_hides_them(tenant_a, w, menu, admin):
    with in_tenant(tenant_a):
        Institution.objects.filter(pk=w.institution.pk).update(hide_grammages=True)
    text = pdf_text(admin.post(f"mealsMenus/{menu.pk}/print", {"month": "2026-11"}).content)
    assert "Mąka pszenna" not in text
    assert "Pierogi ruskie" in text


def test_print_by_diet_has_a_section_per_diet(tenant_a, w, menu, admin):
    with in_tenant(tenant_a):
        menu.diets.add(w.other_diet)

    text = pdf_text(admin.post(f"mealsMenus/{menu.pk}/printByDiet", {}).content)
    assert "Diet: Standardowa" in text and "Diet: Wegetariańska" in text

    only = admin.post(f"mealsMenus/{menu.pk}/printByDiet", {"dietId": w.other_diet.pk})
    assert "Wegetarianska" in only["Content-Disposition"]


def test_print_by_diet_refuses_a_diet_not_on_the_menu(tenant_a, w, menu, admin):
    response = admin.post(f"mealsMenus/{menu.pk}/printByDiet", {"dietId": w.other_diet.pk})
    assert_error(response, 400, "The given data was invalid.", {"dietId": ["This diet is not on the menu."]})


def test_export_docx_has_the_grid_in_polish(tenant_a, w, menu):
    api = Api(tenant_a, member(tenant_a, ROLE_PARENT), locale=None)

    response = api.post("mealsMenusExport/docx", {"mealsMenuId": menu.pk})

    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    assert zipfile.is_zipfile(io.BytesIO(response.content))
    document = Document(io.BytesIO(response.content))
    assert document.paragraphs[0].text == "Jadłospis \u2013 źdźbło żółwia"
    table = document.tables[0]
    assert [c.text for c in table.rows[0].cells] == ["Dzień", "Śniadanie", "Obiad"]
    assert table.rows[1].cells[0].text == "Poniedziałek\n02.11.2026"
    assert table.rows[1].cells[2].text.startswith("Żurek z jajkiem\nAlergeny: 1, 3")


def test_given_a_meal_named_with_a_control_character_when_exporting_docx_then_it_is_left_out(tenant_a, w, menu):
    # python-docx refuses the whole document for a control character stored before the API refused them.
    with in_tenant(tenant_a):
        Meal.objects.filter(pk=w.meals[1].pk).update(name="Żurek\x0b z jajkiem")
        MealsMenu.objects.filter(pk=menu.pk).update(name="Jadłospis\x07")
    api = Api(tenant_a, member(tenant_a, ROLE_PARENT), locale=None)

    response = api.post("mealsMenusExport/docx", {"mealsMenuId": menu.pk})

    assert response.status_code == 200, response.content
    document = Document(io.BytesIO(response.content))
    assert document.paragraphs[0].text == "Jadłospis"
    assert document.tables[0].rows[1].cells[2].text.startswith("Żurek z jajkiem\nAlergeny: 1, 3")


def test_export_docx_of_a_menu_not_visible_is_404(tenant_a, w, menu):
    api = Api(tenant_a, member(tenant_a, ROLE_PARENT, institution=w.other_institution))
    assert_error(api.post("mealsMenusExport/docx", {"mealsMenuId": menu.pk}), 404, "Not found.")


def test_safe_names_and_guarded_cells():
    assert safe_file_name('../../etc/"passwd"\n') == "etc-passwd"
    assert ascii_file_name("Łódź \u2013 żółć.pdf") == "Lodz_zolc.pdf"
    assert [guard_cell(v) for v in ("=1+1", "+48", "-5", "@a", "\tx", "\rx", "Zupa", 5)] == [
        "'=1+1",
        "'+48",
        "'-5",
        "'@a",
        "'\tx",
        "'\rx",
        "Zupa",
        5,
    ]
