"""Ingredients through the HTTP API: the generic CRUD checks, their own rules, the XLSX import and template."""

from __future__ import annotations

import os
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import load_workbook

from kantyna.audit.models import AuditEntry
from kantyna.catalog.models import Allergen
from kantyna.catalog.services import allergen_create
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLES
from kantyna.meals import services
from kantyna.meals.models import Ingredient
from kantyna.meals.tests.helpers import eu_allergens, meal_with_recipe, xlsx_upload
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user

POWER_ROLES = frozenset({ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN})


class TestIngredientsApi(CrudApiTests):
    path = "ingredients"
    model = Ingredient
    read_roles = POWER_ROLES
    list_queries = 4  # session (account, revoked token and user in one) + count + page + allergens
    audit_prefix = "ingredient"
    changed_field = "name"

    def make_instance(self, tenant, index):
        allergens = eu_allergens()
        return services.ingredient_create(
            actor=None, name=f"Składnik {index} {Ingredient.objects.count()}", unit="g", allergens=[allergens[7]]
        )

    def create_payload(self, tenant):
        with in_tenant(tenant):
            milk = eu_allergens()[7]
        return {"name": "Mleko UHT", "unit": "ml", "allergensIds": [milk.pk]}

    def invalid_payload(self):
        return {"name": "", "unit": "kg", "allergensIds": [999999]}, {
            "name": ["This field may not be blank."],
            "unit": ['"kg" is not a valid choice.'],
            "allergensIds": ['Invalid pk "999999" - object does not exist.'],
        }

    def update_payload(self, instance):
        return {"name": f"{instance.name} (zmieniony)", "unit": "szt.", "allergensIds": []}


def admin_api(tenant):
    return Api(tenant, make_user(tenant, ROLE_ADMIN))


def test_given_an_ingredient_when_reading_it_then_allergens_and_meal_count_are_shown(tenant_a):
    with in_tenant(tenant_a):
        meal = meal_with_recipe("Naleśniki")
        flour = meal.ingredients.filter(ingredient__name__startswith="Mąka").first().ingredient

    body = admin_api(tenant_a).get(f"ingredients/{flour.pk}").json()

    assert body == {
        "id": flour.pk,
        "name": "Mąka do: Naleśniki",
        "unit": "g",
        "allergensIds": [flour.allergens.get().pk],
        "allergens": [{"id": flour.allergens.get().pk, "number": 1, "name": "Zboża zawierające gluten"}],
        "mealsCount": 1,
    }


def test_given_an_ingredient_in_a_meal_when_deleting_then_409_and_it_stays(tenant_a):
    with in_tenant(tenant_a):
        meal = meal_with_recipe()
        flour = meal.ingredients.first().ingredient

    response = admin_api(tenant_a).delete(f"ingredients/{flour.pk}")

    assert_error(response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert Ingredient.objects.filter(pk=flour.pk).exists()
        assert not AuditEntry.objects.filter(action="ingredient.delete").exists()


def test_given_a_name_differing_only_in_case_when_creating_then_400_names_the_field(tenant_a):
    with in_tenant(tenant_a):
        services.ingredient_create(actor=None, name="Marchew")

    response = admin_api(tenant_a).post("ingredients", {"name": "marchew", "unit": "g"})

    assert_error(
        response, 400, "The given data was invalid.", {"name": ["An ingredient with this name already exists."]}
    )


def test_given_ingredients_when_filtering_by_allergen_and_unit_and_sorting_then_the_list_follows(tenant_a):
    with in_tenant(tenant_a):
        allergens = eu_allergens()
        services.ingredient_create(actor=None, name="Mleko", unit="ml", allergens=[allergens[7]])
        services.ingredient_create(actor=None, name="Masło", unit="g", allergens=[allergens[7]])
        services.ingredient_create(actor=None, name="Jajko", unit="szt.", allergens=[allergens[3]])
    api = admin_api(tenant_a)

    with_milk = api.get("ingredients", {"allergenId": allergens[7].pk, "sort": "-name"}).json()
    in_pieces = api.get("ingredients", {"unit": "szt."}).json()
    searched = api.get("ingredients", {"search": "MA"}).json()

    assert [i["name"] for i in with_milk["items"]] == ["Mleko", "Masło"]
    assert [i["name"] for i in in_pieces["items"]] == ["Jajko"]
    assert [i["name"] for i in searched["items"]] == ["Masło"]


def test_given_ingredients_created_out_of_order_when_listing_without_sort_then_they_come_by_name(tenant_a):
    # The list counts meals (GROUP BY), which drops Meta.ordering: the view orders by name itself.
    with in_tenant(tenant_a):
        for name in ["Żurawina", "Cebula", "Marchew", "Jabłko"]:
            services.ingredient_create(actor=None, name=name)

    body = admin_api(tenant_a).get("ingredients").json()

    assert [i["name"] for i in body["items"]] == ["Cebula", "Jabłko", "Marchew", "Żurawina"]


def test_given_an_institutions_admin_with_menu_edit_when_creating_then_201(tenant_a):
    api = Api(tenant_a, make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["menu_edit"]))

    response = api.post("ingredients", {"name": "Koperek", "unit": "g"})

    assert response.status_code == 201, response.content


# Import -----------------------------------------------------------------------------------------------------


def import_file(api, upload):
    return api.post("ingredients/import", {"file": upload}, format="multipart")


def test_given_a_valid_file_when_importing_then_new_rows_are_created_and_known_names_updated(tenant_a):
    with in_tenant(tenant_a):
        eu_allergens()
        services.ingredient_create(actor=None, name="Mleko 3,2%", unit="g")
    upload = xlsx_upload(
        [
            ["Mąka pszenna", "g", "1"],
            ["mleko 3,2%", "ML", "Mleko"],
            [None, None, None],
            ["Jajko", "szt", "3; 7"],
            ["Pomidor", "g", None],
        ]
    )

    response = import_file(admin_api(tenant_a), upload)

    assert (response.status_code, response.json()) == (200, {"status": True, "created": 3, "updated": 1})
    with in_tenant(tenant_a):
        stored = {i.name: (i.unit, sorted(a.number for a in i.allergens.all())) for i in Ingredient.objects.all()}
        assert stored == {
            "Jajko": ("szt.", [3, 7]),
            "Mleko 3,2%": ("ml", [7]),
            "Mąka pszenna": ("g", [1]),
            "Pomidor": ("g", []),
        }
        assert AuditEntry.objects.get(action="ingredient.import").data == {
            "file": "składniki.xlsx",
            "created": 3,
            "updated": 1,
        }


def test_given_bad_rows_when_importing_then_400_reports_every_one_and_nothing_is_stored(tenant_a):
    with in_tenant(tenant_a):
        eu_allergens()
    upload = xlsx_upload(
        [
            ["Mąka pszenna", "g", "1"],
            ["", "g", ""],
            ["Cukier", "kg", "99, Kiwi"],
            ["mąka PSZENNA", "g", ""],
            ['=HYPERLINK("x")', "g", ""],  # a formula has no value to import
        ]
    )

    response = import_file(admin_api(tenant_a), upload)

    assert response.status_code == 400
    assert response.json() == {
        "message": "The file has errors; nothing was imported.",
        "errors": {
            "rows": [
                "Row 3, column A: The name is required.",
                "Row 4, column B: The unit must be one of: g, ml, szt.",
                "Row 4, column C: Unknown allergen: 99.",
                "Row 4, column C: Unknown allergen: Kiwi.",
                "Row 5, column A: This ingredient is already in row 2.",
                "Row 6, column A: The name is required.",
            ]
        },
        "rows": [
            {"row": 3, "column": "A", "message": "The name is required."},
            {"row": 4, "column": "B", "message": "The unit must be one of: g, ml, szt."},
            {"row": 4, "column": "C", "message": "Unknown allergen: 99."},
            {"row": 4, "column": "C", "message": "Unknown allergen: Kiwi."},
            {"row": 5, "column": "A", "message": "This ingredient is already in row 2."},
            {"row": 6, "column": "A", "message": "The name is required."},
        ],
    }
    with in_tenant(tenant_a):
        assert Ingredient.objects.count() == 0
        assert not AuditEntry.objects.filter(action="ingredient.import").exists()


def test_given_a_tab_in_a_name_cell_when_importing_then_the_row_is_refused_and_nothing_stored(tenant_a):
    upload = xlsx_upload([["Mąka\tpszenna", "g", ""], ["Cukier", "g", ""]])

    response = import_file(admin_api(tenant_a), upload)

    assert response.status_code == 400
    assert response.json()["rows"] == [
        {"row": 2, "column": "A", "message": "Enter a single line, without tabs or line breaks."}
    ]
    with in_tenant(tenant_a):
        assert Ingredient.objects.count() == 0


def test_given_polish_locale_when_import_fails_then_row_messages_are_polish(tenant_a):
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN), locale="pl")

    response = import_file(api, xlsx_upload([["Sól", "łyżka", ""]]))

    assert response.json()["rows"] == [{"row": 2, "column": "B", "message": "Jednostka musi być jedną z: g, ml, szt."}]


@pytest.mark.parametrize(
    ("upload", "errors"),
    [
        (
            SimpleUploadedFile("skladniki.xlsx", b"%PDF-1.4 not a workbook"),
            {"file": ["Unsupported file type: allowed xlsx."]},
        ),
        (
            SimpleUploadedFile("skladniki.xlsx", b"PK\x03\x04 a zip but not a workbook"),
            {"file": ["The file is not a valid XLSX workbook."]},
        ),
    ],
    ids=["pdf", "broken-zip"],
)
def test_given_a_file_that_is_not_a_workbook_when_importing_then_400_on_the_file(tenant_a, upload, errors):
    response = import_file(admin_api(tenant_a), upload)

    assert response.status_code == 400
    assert response.json()["errors"] == errors


def test_given_wrong_headers_or_no_rows_when_importing_then_400_explains(tenant_a):
    api = admin_api(tenant_a)

    wrong_headers = import_file(api, xlsx_upload([["Sól", "g", ""]], header=("Produkt", "Ilość", "")))
    empty = import_file(api, xlsx_upload([]))

    assert wrong_headers.json() == {
        "message": "The file has errors; nothing was imported.",
        "errors": {"file": ["The first row must hold the column headers of the template: Name, Unit, Allergens."]},
        "rows": [],
    }
    assert empty.json()["errors"] == {"file": ["The file has no rows to import."]}
    with in_tenant(tenant_a):
        assert Ingredient.objects.count() == 0


def test_given_a_file_over_the_upload_limit_when_importing_then_400_and_nothing_stored(tenant_a):
    with in_tenant(tenant_a):
        settings_update(actor=None, key="general", data={"upload_max_file_size": 1024 * 1024})
    # Checked before the content is read: the size alone refuses it.
    big = SimpleUploadedFile("duzy.xlsx", b"PK\x03\x04" + os.urandom(1024 * 1024))

    response = import_file(admin_api(tenant_a), big)

    assert_error(response, 400, "The given data was invalid.", {"file": ["The file is too large: the limit is 1 MB."]})
    with in_tenant(tenant_a):
        assert Ingredient.objects.count() == 0


def test_given_no_file_when_importing_then_400(tenant_a):
    assert_error(
        admin_api(tenant_a).post("ingredients/import", {}, format="multipart"),
        400,
        "The given data was invalid.",
        {"file": ["No file was submitted."]},
    )


@pytest.mark.parametrize("role", ROLES)
def test_each_role_imports_only_if_allowed(tenant_a, role):
    api = Api(tenant_a, make_user(tenant_a, role))

    response = import_file(api, xlsx_upload([["Sól", "g", ""]]))

    if role == ROLE_ADMIN:
        assert response.status_code == 200
    else:
        assert_error(response, 403, "Forbidden.")
        with in_tenant(tenant_a):
            assert Ingredient.objects.count() == 0


def test_given_another_tenants_token_when_importing_then_401_and_nothing_stored(tenant_a, tenant_b):
    token_b = Api(tenant_b, make_user(tenant_b, ROLE_ADMIN)).token

    response = import_file(Api(tenant_a, token=token_b), xlsx_upload([["Sól", "g", ""]]))

    assert_error(response, 401, "Unauthenticated.")
    with in_tenant(tenant_a):
        assert Ingredient.objects.count() == 0


def test_the_template_is_an_xlsx_with_headers_and_the_tenants_allergens_guarded(tenant_a):
    with in_tenant(tenant_a):
        eu_allergens()
        allergen_create(actor=None, name="=Kiwi")
    api = Api(tenant_a, make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN), locale="pl")

    response = api.get("ingredients/import/template")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert response["Content-Disposition"] == 'attachment; filename="skladniki-szablon.xlsx"'
    workbook = load_workbook(BytesIO(response.content))
    ingredients, legend = workbook.worksheets
    assert [c.value for c in ingredients[1]] == ["Nazwa", "Jednostka", "Alergeny"]
    assert ingredients.max_row == 1
    rows = [[c.value for c in row] for row in legend.iter_rows()]
    assert rows[:3] == [["Numer", "Nazwa"], [1, "Zboża zawierające gluten"], [2, "Skorupiaki"]]
    assert rows[-1] == [None, "'=Kiwi"]


def test_given_an_allergen_named_with_a_control_character_when_downloading_the_template_then_it_is_left_out(
    tenant_a,
):
    # Stored before the API refused control characters: openpyxl would refuse the whole workbook for one.
    with in_tenant(tenant_a):
        allergen_create(actor=None, name="Kiwi")
        Allergen.objects.filter(name="Kiwi").update(name="Ki\x0bwi")
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN), locale="en")

    response = api.get("ingredients/import/template")

    assert response.status_code == 200
    legend = load_workbook(BytesIO(response.content)).worksheets[1]
    assert [[c.value for c in row] for row in legend.iter_rows()] == [["Number", "Name"], [None, "Kiwi"]]


def test_given_the_template_filled_in_when_importing_then_it_is_accepted(tenant_a):
    with in_tenant(tenant_a):
        eu_allergens()
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN), locale="en")
    workbook = load_workbook(BytesIO(api.get("ingredients/import/template").content))
    workbook.worksheets[0].append(["Seler", "g", "Seler"])
    out = BytesIO()
    workbook.save(out)

    response = import_file(api, SimpleUploadedFile("filled.xlsx", out.getvalue()))

    assert response.json() == {"status": True, "created": 1, "updated": 0}
