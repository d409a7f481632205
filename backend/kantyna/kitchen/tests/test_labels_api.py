"""Labels through the API: who gets labels on a day (`orders/getUsersForLabels`), the PDF by criteria
(`orders/printLabels`) and by chosen orders or items (`orders/labels/print`), the sheets (`orders/labels/layouts`).

The PDF's text is read back with `kantyna.testing.pdf.pdf_pages`, which decodes fpdf2's subset fonts through each
font's ToUnicode map: each label line is one text run, so the first label's lines are the first page's first runs."""

from __future__ import annotations

import math

import pytest

from kantyna.catalog.models import Allergen
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.kitchen.tests.helpers import make_kitchen_world, meal, more_children
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.factories import make_user
from kantyna.testing.pdf import pdf_pages
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db

RECEIVERS = "orders/getUsersForLabels"
PRINT = "orders/printLabels"
PRINT_CHOSEN = "orders/labels/print"


@pytest.fixture
def kw(tenant_a):
    """Tomorrow: Jan Nowak (allergic to gluten and milk, with a note) lunch and soup, Ola Nowak a small lunch, the
    worker Halina Wójcik lunch, a cancelled lunch of Ola's, and Zoe Kowalska (another institution) a vegetarian
    lunch."""
    with in_tenant(tenant_a):
        kw = make_kitchen_world(tenant_a)
        w, c = kw.world, kw.catalog
        gluten = Allergen.objects.create(name="Gluten", number=1)
        milk = Allergen.objects.create(name="Mleko", number=7)
        w.child2.allergies.set([milk, gluten])
        w.child2.allergies_note = "Tylko mleko roślinne"
        w.child2.save()
        w.worker_user.first_name, w.worker_user.last_name = "Halina", "Wójcik"
        w.worker_user.save()
        kw.items = {
            "jan_soup": meal(kw, child=w.child2, meal_type=c.soup),
            "jan_lunch": meal(kw, child=w.child2),
            "ola_lunch": meal(kw, child=w.child, portion=c.small, status="served"),
            "ola_cancelled": meal(kw, child=w.child, meal_type=c.soup, status="cancelled"),
            "worker_lunch": meal(kw, worker=w.worker),
            "zoe_lunch": meal(kw, child=kw.other_child, diet=c.vegetarian),
        }
    return kw


@pytest.fixture
def admin(tenant_a):
    return make_user(tenant_a, ROLE_ADMIN)


@pytest.fixture
def manager(tenant_a, kw):
    """An institutions admin of the world's institution (not Zoe's)."""
    user = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN)
    with in_tenant(tenant_a):
        user.institutions.set([kw.world.institution])
    return user


def _texts(content: bytes) -> list[list[str]]:
    return pdf_pages(content)


def test_given_tomorrows_orders_then_receivers_in_label_order_with_their_portions_and_the_label_count(
    tenant_a, kw, manager
):
    w, c, i = kw.world, kw.catalog, kw.items
    day = kw.day.isoformat()

    response = Api(tenant_a, manager).get(RECEIVERS)

    assert response.status_code == 200, response.content
    place = {"institution": w.institution.name}

    def portion(item, meal_type, dishes, diet="Standardowa", size="Normalna"):
        return {
            "itemId": item.pk,
            "orderId": item.order_id,
            "date": day,
            "mealType": meal_type,
            "dishes": dishes,
            "diet": diet,
            "portionSize": size,
            "clash": [],
        }

    assert response.json() == {
        "items": [
            {
                "subjectType": "child",
                "id": w.child2.pk,
                "firstName": "Jan",
                "lastName": "Nowak",
                **place,
                "classroom": w.classroom.name,
                "allergens": ["Gluten", "Mleko"],
                "allergiesNote": "Tylko mleko roślinne",
                "portions": [
                    portion(i["jan_soup"], "Zupa", ["Żurek"]),
                    portion(i["jan_lunch"], "Obiad", ["Pierogi ruskie", "Kompot"]),
                ],
            },
            {
                "subjectType": "child",
                "id": w.child.pk,
                "firstName": "Ola",
                "lastName": "Nowak",
                **place,
                "classroom": w.classroom.name,
                "allergens": [],
                "allergiesNote": "",
                "portions": [portion(i["ola_lunch"], "Obiad", ["Pierogi ruskie", "Kompot"], size="Mała")],
            },
            {
                "subjectType": "institution_worker",
                "id": w.worker.pk,
                "firstName": "Halina",
                "lastName": "Wójcik",
                **place,
                "classroom": None,
                "allergens": [],
                "allergiesNote": "",
                "portions": [portion(i["worker_lunch"], "Obiad", ["Pierogi ruskie", "Kompot"])],
            },
        ],
        "total": 3,
        "page": 1,
        "perPage": 50,
        "labels": 4,
    }
    assert c.soup.position < c.lunch.position


def test_given_an_admin_then_every_institution_and_filters_by_institution_meal_type_and_page(tenant_a, kw, admin):
    api = Api(tenant_a, admin)
    w, c = kw.world, kw.catalog

    everyone = api.get(RECEIVERS).json()
    zoes = api.get(RECEIVERS, {"institutionsIds": str(kw.other_institution.pk)}).json()
    soups = api.get(RECEIVERS, {"mealTypesIds": str(c.soup.pk)}).json()
    second_page = api.get(RECEIVERS, {"perPage": 1, "page": 2, "institutionsIds": str(w.institution.pk)}).json()
    kitchens = api.get(RECEIVERS, {"kitchenId": kw.kitchen.pk}).json()

    assert (everyone["total"], everyone["labels"]) == (4, 5)
    assert [(r["firstName"], r["lastName"]) for r in zoes["items"]] == [("Zoe", "Kowalska")]
    assert [(r["firstName"], len(r["portions"])) for r in soups["items"]] == [("Jan", 1)]
    assert ([r["firstName"] for r in second_page["items"]], second_page["total"]) == (["Ola"], 3)
    # The kitchen prepares the world institution's lunch only.
    assert (kitchens["total"], kitchens["labels"]) == (3, 3)


def test_given_an_institutions_admin_asking_for_another_institution_then_nothing_of_it(tenant_a, kw, manager):
    answer = Api(tenant_a, manager).get(RECEIVERS, {"institutionsIds": str(kw.other_institution.pk)}).json()

    assert (answer["items"], answer["total"], answer["labels"]) == ([], 0, 0)


def test_given_print_then_a_pdf_whose_first_label_names_the_first_child_with_allergens_in_polish(tenant_a, kw, manager):
    w = kw.world

    response = Api(tenant_a, manager, locale="pl").post(PRINT, {"layout": "3x8"})

    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/pdf"
    assert f'filename="etykiety-{kw.day.isoformat()}.pdf"' in response["Content-Disposition"]
    assert response.content.startswith(b"%PDF")
    pages = _texts(response.content)
    assert len(pages) == 1
    assert pages[0][:7] == [
        "Jan Nowak",
        f"{w.institution.name} · {w.classroom.name}",
        f"{kw.day:%d.%m.%Y} · Zupa",
        "Żurek",
        "Dieta: Standardowa · Porcja: Normalna",
        "Alergeny: Gluten, Mleko",
        "Uwagi o alergiach: Tylko mleko roślinne",
    ]
    assert "Pracownik" in pages[0][-4]
    assert sum(run in {"Jan Nowak", "Ola Nowak", "Halina Wójcik"} for run in pages[0]) == 4


def test_given_a_dish_with_a_childs_allergen_then_that_childs_label_warns_and_a_safe_childs_does_not(
    tenant_a, kw, manager
):
    """Jan (gluten, milk) and Ola (no allergens) both get lunch: pierogi (gluten) and compote. Jan's soup, żurek,
    has no allergens recorded. Only Jan's lunch label carries the warning, naming the allergen the dish contains."""
    with in_tenant(tenant_a):
        kw.meals["Pierogi ruskie"].allergens.set([Allergen.objects.get(name="Gluten")])
    i = kw.items

    answer = Api(tenant_a, manager).get(RECEIVERS).json()
    response = Api(tenant_a, manager, locale="pl").post(PRINT, {"layout": "3x8"})

    clashes = {portion["itemId"]: portion["clash"] for receiver in answer["items"] for portion in receiver["portions"]}
    assert clashes == {
        i["jan_soup"].pk: [],
        i["jan_lunch"].pk: ["Gluten"],
        i["ola_lunch"].pk: [],
        i["worker_lunch"].pk: [],
    }
    assert response.status_code == 200, response.content
    runs = _texts(response.content)[0]
    jan_soup, jan_lunch, ola_lunch = (runs.index("Jan Nowak"), runs.index("Jan Nowak", 1), runs.index("Ola Nowak"))
    assert runs[jan_lunch : jan_lunch + 2] == ["Jan Nowak", "UWAGA — ZAWIERA: Gluten"]
    assert runs[jan_soup + 1] == f"{kw.world.institution.name} · {kw.world.classroom.name}"
    assert runs[ola_lunch + 1] == f"{kw.world.institution.name} · {kw.world.classroom.name}"
    assert [run for run in runs if "ZAWIERA" in run] == ["UWAGA — ZAWIERA: Gluten"]


@pytest.mark.parametrize(("layout", "per_sheet"), [("3x7", 21), ("3x8", 24), ("2x7", 14)])
def test_given_more_labels_than_a_sheet_then_pages_are_labels_over_the_sheets_size_rounded_up(
    tenant_a, kw, admin, layout, per_sheet
):
    with in_tenant(tenant_a):
        for child in more_children(kw, 30):
            meal(kw, child=child)
    labels = 30 + 5

    response = Api(tenant_a, admin).post(PRINT, {"layout": layout})

    assert response.status_code == 200, response.content
    assert len(_texts(response.content)) == math.ceil(labels / per_sheet)


def test_given_used_positions_then_the_labels_start_after_them_and_may_need_one_more_sheet(tenant_a, kw, admin):
    api = Api(tenant_a, admin)

    fits = api.post(PRINT, {"layout": "3x7", "skip": 16})
    overflows = api.post(PRINT, {"layout": "3x7", "skip": 17})

    assert [len(_texts(fits.content)), len(_texts(overflows.content))] == [1, 2]


def test_given_chosen_orders_and_items_then_only_their_live_items_within_reach(tenant_a, kw, manager):
    i = kw.items
    body = {
        "ordersIds": [i["ola_lunch"].order_id, i["ola_cancelled"].order_id, i["zoe_lunch"].order_id],
        "itemsIds": [i["worker_lunch"].pk],
        "layout": "2x7",
    }

    response = Api(tenant_a, manager, locale="pl").post(PRINT_CHOSEN, body)

    assert response.status_code == 200, response.content
    names = [run for run in _texts(response.content)[0] if run in {"Ola Nowak", "Halina Wójcik", "Zoe Kowalska"}]
    assert names == ["Ola Nowak", "Halina Wójcik"]


@pytest.mark.parametrize(
    ("path", "body", "field", "message"),
    [
        (PRINT, {"layout": "4x4"}, "layout", None),
        (PRINT, {"layout": "3x8", "skip": 24}, "skip", "A sheet has 24 labels: skip fewer."),
        (PRINT_CHOSEN, {"layout": "3x8"}, "ordersIds", "Choose orders or order items."),
    ],
)
def test_given_a_wrong_sheet_or_nothing_chosen_then_a_field_error(tenant_a, kw, admin, path, body, field, message):
    response = Api(tenant_a, admin).post(path, body)

    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert list(errors) == [field]
    if message:
        assert errors[field] == [message]


def test_given_no_live_orders_chosen_then_400_nothing_to_label(tenant_a, kw, admin):
    api = Api(tenant_a, admin)

    empty_day = api.post(PRINT, {"date": (kw.day.replace(year=kw.day.year + 1)).isoformat()})
    cancelled_only = api.post(PRINT_CHOSEN, {"itemsIds": [kw.items["ola_cancelled"].pk]})

    for response in (empty_day, cancelled_only):
        assert response.status_code == 400
        assert response.json()["message"] == "No portions to label: no live orders match the choice."


def test_given_the_layouts_then_the_three_standard_sheets(tenant_a, admin):
    response = Api(tenant_a, admin).get("orders/labels/layouts")

    assert response.status_code == 200
    assert [(s["code"], s["perSheet"], s["width"], s["height"], s["top"], s["left"]) for s in response.json()] == [
        ("3x8", 24, 70.0, 37.0, 0.5, 0.0),
        ("3x7", 21, 70.0, 42.3, 0.45, 0.0),
        ("2x7", 14, 105.0, 42.3, 0.45, 0.0),
    ]


def _queries(call) -> int:
    with capture_queries() as queries:
        response = call()
    assert response.status_code == 200, response.content
    return len(queries)


@pytest.mark.parametrize("path", [RECEIVERS, PRINT])
def test_given_more_labels_then_the_same_number_of_queries(tenant_a, kw, admin, path):
    api = Api(tenant_a, admin)

    def call():
        return api.get(path, {"kitchenId": kw.kitchen.pk}) if path == RECEIVERS else api.post(path, {})

    call()  # warm the per-process caches (settings, tenant)
    few = _queries(call)
    with in_tenant(tenant_a):
        children = more_children(kw, 15)
        allergen = Allergen.objects.create(name="Seler", number=9)
        kw.meals["Pierogi ruskie"].allergens.set([allergen])  # every new child's lunch clashes
        for child in children:
            child.allergies.add(allergen)
            meal(kw, child=child, portion=kw.catalog.small)
    many = _queries(call)

    # The session, (the kitchen of the query,) the items, the children's and the workers' allergens, the menu cells.
    assert few == many == (6 if path == RECEIVERS else 5), (few, many)


def test_given_more_labels_than_one_file_holds_then_400_and_the_advice_to_narrow(tenant_a, kw, admin, monkeypatch):
    monkeypatch.setattr("kantyna.kitchen.selectors.labels.MAX_LABELS", 4)

    response = Api(tenant_a, admin, locale="pl").post(PRINT, {})

    assert response.status_code == 400
    assert response.json()["message"] == (
        "Za dużo etykiet na jeden plik (5, najwyżej 4): wybierz mniej placówek lub rodzajów posiłków."
    )


@pytest.mark.parametrize("path", [PRINT, PRINT_CHOSEN])
def test_given_more_labels_than_one_file_holds_then_refused_before_any_label_is_built(
    tenant_a, kw, admin, monkeypatch, path
):
    monkeypatch.setattr("kantyna.kitchen.selectors.labels.MAX_LABELS", 4)
    api = Api(tenant_a, admin)
    body = {} if path == PRINT else {"itemsIds": [item.pk for item in kw.items.values()]}

    with capture_queries() as queries:
        response = api.post(path, body)

    assert response.status_code == 400, response.content
    assert response.json()["message"] == (
        "5 labels are too many for one file (at most 4): choose fewer institutions or meal types."
    )
    # The items are read 5 at most (one over the limit), then counted; no allergens, no menu cells.
    assert [sql for sql in queries if "LIMIT 5" in sql and '"ordering_orderitem"' in sql] != []
    assert [sql for sql in queries if "COUNT(*)" in sql] != []
    assert [sql for sql in queries if "allerg" in sql.lower() or "menu" in sql.lower()] == []
