"""The orders extras through the HTTP API: an order's confirmation (PDF), the list as XLSX / CSV, the kitchen's
summary per day and meal type, the meal types of the listed orders; per role and scope, tenant isolation, query
counts, the formula guard of spreadsheet cells."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta

import pytest
from django.utils import timezone
from openpyxl import load_workbook

from kantyna.core.permissions import (
    ROLE_COOK,
    ROLE_PARENT,
)
from kantyna.ordering.cutoff import tenant_zone
from kantyna.ordering.models import Order
from kantyna.ordering.services.items import ItemRequest
from kantyna.ordering.tests.helpers import admin, institutions_admin, next_monday, place
from kantyna.people.models import Child
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.pdf import pdf_texts
from kantyna.testing.queries import assert_num_queries
from kantyna.testing.world import make_world, set_settings
from kantyna.users.models import User

pytestmark = pytest.mark.django_db

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def child_order(tenant, world, *days, meal_type=None, child=None, order=None) -> Order:
    meal_type = meal_type or world.catalog.lunch
    requests = [ItemRequest(day, meal_type.pk) for day in days]
    return place(tenant, world.parent, "child", (child or world.child).pk, requests, order=order)


def worker_order(tenant, world, *days) -> Order:
    requests = [ItemRequest(day, world.catalog.lunch.pk) for day in days]
    return place(tenant, world.worker_user, "institution_worker", world.worker_user.pk, requests)


def cancel_item(tenant, order, day) -> None:
    with in_tenant(tenant):
        item = order.items.get(date=day)
    response = Api(tenant, admin(tenant)).post(f"orders/{order.pk}/items/{item.pk}/cancel")
    assert response.status_code == 200, response.content


def day_text(day) -> str:
    return f"{day:%d.%m.%Y}"


def created_text(tenant, order) -> str:
    with in_tenant(tenant):
        order.refresh_from_db()
        return f"{timezone.localtime(order.created_at, tenant_zone()):%d.%m.%Y %H:%M}"


# Confirmation (PDF) ------------------------------------------------------------------------------------


def test_given_a_parents_order_when_downloading_its_confirmation_then_a_polish_pdf_with_meals_and_total(
    world, tenant_a
):
    with in_tenant(tenant_a):
        set_settings("company_details", name="Kuchnia Źródło sp. z o.o.")
    monday = next_monday()
    order = child_order(tenant_a, world, monday, monday + timedelta(1))
    cancel_item(tenant_a, order, monday + timedelta(1))

    response = Api(tenant_a, world.parent, locale=None).get(f"orders/{order.pk}/confirmation")

    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    assert response["Content-Disposition"] == (
        f'attachment; filename="potwierdzenie-zamowienia-{order.pk}.pdf"; '
        f"filename*=UTF-8''potwierdzenie-zamowienia-{order.pk}.pdf"
    )
    assert response.content.startswith(b"%PDF-")
    receiver = f"Ola Nowak ({world.institution.name}, {world.classroom.name})"
    assert pdf_texts(response.content) == [
        "Kuchnia Źródło sp. z o.o.",
        f"Potwierdzenie zamówienia nr {order.pk}",
        "Utworzono",
        created_text(tenant_a, order),
        "Płatnik",
        world.parent.full_name,
        "Odbiorca posiłku",
        receiver,
        "Status",
        "Aktywne",
        "Rodzaj",
        "Zwykłe",
        *("Data", "Rodzaj posiłku", "Porcja", "Cena", "Status"),
        *(day_text(monday), "Obiad", "Normalna", "12,50 zł", "Aktywny"),
        *(day_text(monday + timedelta(1)), "Obiad", "Normalna", "12,50 zł", "Anulowany"),
        "Razem: 12,50 zł",
        "Suma obejmuje posiłki aktywne i wydane.",
        "Strona 1 z 1",
    ]


def test_given_an_order_for_two_receivers_when_an_admin_downloads_it_in_english_then_a_receiver_column(world, tenant_a):
    monday = next_monday()
    order = child_order(tenant_a, world, monday)
    child_order(tenant_a, world, monday, meal_type=world.catalog.soup, child=world.child2, order=order)
    with in_tenant(tenant_a):
        Order.objects.filter(pk=order.pk).update(note="Bez orzechów")

    response = Api(tenant_a, admin(tenant_a)).get(f"orders/{order.pk}/confirmation")

    assert response.status_code == 200
    assert response["Content-Disposition"].startswith(f'attachment; filename="order-confirmation-{order.pk}.pdf";')
    place_name = f"({world.institution.name}, {world.classroom.name})"
    ola, jan = f"Ola Nowak {place_name}", f"Jan Nowak {place_name}"
    assert pdf_texts(response.content) == [
        tenant_a.name,
        f"Order confirmation no. {order.pk}",
        "Created",
        created_text(tenant_a, order),
        "Payer",
        world.parent.full_name,
        "Meal receivers",
        jan,
        ola,
        "Status",
        "Active",
        "Kind",
        "Regular",
        "Note",
        "Bez orzechów",
        *("Date", "Meal receiver", "Meal type", "Portion size", "Price", "Status"),
        *(day_text(monday), jan, "Zupa", "Normalna", "5.00 PLN", "Active"),
        *(day_text(monday), ola, "Obiad", "Normalna", "12.50 PLN", "Active"),
        "Total: 17.50 PLN",
        "The total counts active and served meals.",
        "Page 1 of 1",
    ]


def test_given_a_payer_who_may_not_see_prices_when_downloading_then_no_prices_and_no_total(world, tenant_a):
    order = child_order(tenant_a, world, next_monday())
    with in_tenant(tenant_a):
        User.objects.filter(pk=world.parent.pk).update(settings={"can_see_prices": False})

    texts = pdf_texts(Api(tenant_a, world.parent).get(f"orders/{order.pk}/confirmation").content)

    assert texts[texts.index("Date") :] == [
        *("Date", "Meal type", "Portion size", "Status"),
        *(day_text(next_monday()), "Obiad", "Normalna", "Active"),
        "Page 1 of 1",
    ]
    assert not any("PLN" in text or "Total" in text for text in texts)


def test_given_each_role_when_downloading_a_confirmation_then_only_who_may_read_the_order_gets_it(world, tenant_a):
    order = child_order(tenant_a, world, next_monday())
    with in_tenant(tenant_a):
        other = make_world(tenant_a)
    path = f"orders/{order.pk}/confirmation"

    def answer(user):
        return Api(tenant_a, user).get(path)

    assert answer(admin(tenant_a)).status_code == 200
    assert answer(world.parent).status_code == 200
    assert answer(institutions_admin(tenant_a, world.institution, "children_edit")).status_code == 200
    assert_error(answer(make_user(tenant_a, ROLE_PARENT)), 404, "Not found.")
    assert_error(answer(world.worker_user), 404, "Not found.")
    assert_error(answer(institutions_admin(tenant_a, other.institution, "children_edit")), 404, "Not found.")
    assert_error(answer(institutions_admin(tenant_a, world.institution)), 403, "Forbidden.")
    assert_error(answer(make_user(tenant_a, ROLE_COOK)), 403, "Forbidden.")
    assert_error(Api(tenant_a).get(path), 401, "Unauthenticated.")
    assert_error(Api(tenant_a, admin(tenant_a)).get("orders/999999/confirmation"), 404, "Not found.")


def test_given_a_workers_own_order_when_the_worker_downloads_it_then_200(world, tenant_a):
    order = worker_order(tenant_a, world, next_monday())

    response = Api(tenant_a, world.worker_user).get(f"orders/{order.pk}/confirmation")

    assert response.status_code == 200
    texts = pdf_texts(response.content)
    assert f"{world.worker_user.full_name} ({world.institution.name})" in texts
    assert "20.00 PLN" in texts and "Total: 20.00 PLN" in texts


def test_given_another_tenant_when_downloading_a_confirmation_then_404_and_its_token_is_refused(
    world, tenant_a, tenant_b
):
    order = child_order(tenant_a, world, next_monday())
    path = f"orders/{order.pk}/confirmation"

    assert_error(Api(tenant_b, admin(tenant_b)).get(path), 404, "Not found.")
    assert_error(Api(tenant_a, token=Api(tenant_b, admin(tenant_b)).token).get(path), 401, "Unauthenticated.")


def test_confirmation_query_count_does_not_grow_with_meals(world, tenant_a):
    monday = next_monday()
    api = Api(tenant_a, admin(tenant_a))
    small = child_order(tenant_a, world, monday)
    large = child_order(tenant_a, world, *(monday + timedelta(days) for days in range(1, 6)))
    # session (account, revoked token and user in one) + order + its meals (prefetch) + company details
    with assert_num_queries(4):
        assert api.get(f"orders/{small.pk}/confirmation").status_code == 200
    with assert_num_queries(4):
        assert api.get(f"orders/{large.pk}/confirmation").status_code == 200


# The list as a spreadsheet ---------------------------------------------------------------------------------


def csv_rows(response) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:]), delimiter=";"))


def created_moment(tenant, order):
    with in_tenant(tenant):
        order.refresh_from_db()
        return timezone.localtime(order.created_at, tenant_zone()).replace(tzinfo=None, second=0, microsecond=0)


def test_given_orders_when_an_admin_exports_csv_in_polish_then_the_filtered_list_with_amounts(world, tenant_a):
    monday = next_monday()
    first = child_order(tenant_a, world, monday, monday + timedelta(1))
    cancel_item(tenant_a, first, monday + timedelta(1))
    worker_order(tenant_a, world, monday)
    with in_tenant(tenant_a):
        Order.objects.filter(pk=first.pk).update(note='=HYPERLINK("http://x")')

    response = Api(tenant_a, admin(tenant_a), locale=None).post(
        f"orders/export?subjectType=child&institutionId={world.institution.pk}", {"format": "csv"}
    )

    assert (response.status_code, response["Content-Type"]) == (200, "text/csv; charset=utf-8")
    today = timezone.localdate(timezone=tenant_zone()).isoformat()
    assert response["Content-Disposition"].startswith(f'attachment; filename="zamowienia-{today}.csv";')
    created = created_moment(tenant_a, first)
    assert csv_rows(response) == [
        [
            "Nr",
            "Utworzono",
            "Płatnik",
            "Odbiorcy posiłków",
            "Od",
            "Do",
            "Posiłki",
            "Aktywne posiłki",
            "Kwota (zł)",
            "Rodzaj",
            "Status",
            "Uwagi",
        ],
        [
            str(first.pk),
            f"{created:%Y-%m-%d %H:%M}",
            world.parent.full_name,
            "Ola Nowak",
            monday.isoformat(),
            (monday + timedelta(1)).isoformat(),
            "2",
            "1",
            "12,50",
            "Zwykłe",
            "Aktywne",
            '\'=HYPERLINK("http://x")',
        ],
    ]


def test_given_orders_when_exporting_xlsx_in_english_then_typed_cells_and_a_guarded_note(world, tenant_a):
    monday = next_monday()
    order = child_order(tenant_a, world, monday)
    with in_tenant(tenant_a):
        Order.objects.filter(pk=order.pk).update(note="@SUM(A1)")

    response = Api(tenant_a, admin(tenant_a)).post("orders/export", {"format": "xlsx"})

    assert (response.status_code, response["Content-Type"]) == (200, XLSX_TYPE)
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet.title == "Orders"
    assert [[cell.value for cell in row] for row in sheet.iter_rows()] == [
        [
            "No.",
            "Created",
            "Payer",
            "Meal receivers",
            "From",
            "To",
            "Meals",
            "Active meals",
            "Amount (PLN)",
            "Kind",
            "Status",
            "Note",
        ],
        [
            order.pk,
            created_moment(tenant_a, order),
            world.parent.full_name,
            "Ola Nowak",
            datetime.combine(monday, datetime.min.time()),
            datetime.combine(monday, datetime.min.time()),
            1,
            1,
            12.5,
            "Regular",
            "Active",
            "'@SUM(A1)",
        ],
    ]


def test_given_a_receiver_named_with_a_control_character_when_exporting_xlsx_then_it_is_left_out(world, tenant_a):
    # A vertical tab in a child's name, stored before the API refused it, used to fail every admin's export.
    child_order(tenant_a, world, next_monday())
    with in_tenant(tenant_a):
        Child.objects.filter(pk=world.child.pk).update(first_name="Ola\x0b")
        Order.objects.update(note="Uwaga\x0c\x1b")

    response = Api(tenant_a, admin(tenant_a)).post("orders/export", {"format": "xlsx"})

    assert response.status_code == 200
    row = [cell.value for cell in list(load_workbook(io.BytesIO(response.content)).active.iter_rows())[1]]
    assert (row[3], row[11]) == ("Ola Nowak", "Uwaga")


def test_given_a_parent_without_prices_when_exporting_then_only_their_orders_and_no_amounts(world, tenant_a):
    monday = next_monday()
    own = child_order(tenant_a, world, monday)
    worker_order(tenant_a, world, monday)
    with in_tenant(tenant_a):
        User.objects.filter(pk=world.parent.pk).update(settings={"can_see_prices": False})

    rows = csv_rows(Api(tenant_a, world.parent).post("orders/export", {"format": "csv"}))

    assert rows[0] == [
        *("No.", "Created", "Payer", "Meal receivers", "From", "To", "Meals", "Active meals"),
        *("Kind", "Status", "Note"),
    ]
    assert [row[0] for row in rows[1:]] == [str(own.pk)]


def test_given_a_bad_format_or_filter_when_exporting_then_400_in_the_error_shape(world, tenant_a):
    api = Api(tenant_a, admin(tenant_a))

    assert_error(
        api.post("orders/export", {"format": "pdf"}),
        400,
        "The given data was invalid.",
        {"format": ['"pdf" is not a valid choice.']},
    )
    assert_error(
        api.post("orders/export?dateFrom=yesterday", {"format": "csv"}),
        400,
        "The given data was invalid.",
        {"dateFrom": ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."]},
    )


def test_export_query_count_does_not_grow_with_orders(world, tenant_a):
    monday = next_monday()
    api = Api(tenant_a, admin(tenant_a))
    child_order(tenant_a, world, monday)
    # session (account, revoked token and user in one) + the orders with their figures
    with assert_num_queries(2):
        assert api.post("orders/export", {"format": "csv"}).status_code == 200
    for days in range(1, 5):
        child_order(tenant_a, world, monday + timedelta(days))
    with assert_num_queries(2):
        assert api.post("orders/export", {"format": "csv"}).status_code == 200


# The kitchen's summary and the meal types filter -------------------------------------------------------------


def test_given_meals_of_two_institutions_when_staff_ask_the_summary_then_live_meals_per_day_and_meal_type(
    world, tenant_a
):
    monday = next_monday()
    order = child_order(tenant_a, world, monday, monday + timedelta(1))
    child_order(tenant_a, world, monday, child=world.child2)
    child_order(tenant_a, world, monday, meal_type=world.catalog.soup)
    cancel_item(tenant_a, order, monday + timedelta(1))
    worker_order(tenant_a, world, monday + timedelta(1))
    with in_tenant(tenant_a):
        other = make_world(tenant_a)
    child_order(tenant_a, other, monday)
    c = world.catalog

    def row(day, meal_type, count, amount):
        return {
            "date": day.isoformat(),
            "mealTypeId": meal_type.pk,
            "mealTypeName": meal_type.name,
            "count": count,
            "amount": {"amount": amount, "currency": "PLN"},
        }

    as_admin = Api(tenant_a, admin(tenant_a)).get(f"orders/summary?dateFrom={monday}&dateTo={monday + timedelta(6)}")
    as_institutions_admin = Api(tenant_a, institutions_admin(tenant_a, world.institution, "children_edit")).get(
        "orders/summary"
    )

    assert as_admin.status_code == 200
    assert as_admin.json() == [
        row(monday, c.soup, 1, "5.00"),
        row(monday, c.lunch, 3, "37.50"),
        row(monday + timedelta(1), c.lunch, 1, "20.00"),
    ]
    assert as_institutions_admin.json() == [
        row(monday, c.soup, 1, "5.00"),
        row(monday, c.lunch, 2, "25.00"),
        row(monday + timedelta(1), c.lunch, 1, "20.00"),
    ]


def test_given_a_day_when_asking_the_summary_then_items_are_read_without_the_orders_unless_an_order_filter(
    world, tenant_a
):
    monday = next_monday()
    child_order(tenant_a, world, monday)
    worker_order(tenant_a, world, monday)
    api = Api(tenant_a, admin(tenant_a))
    day = f"dateFrom={monday}&dateTo={monday}"
    api.get(f"orders/summary?{day}")

    with assert_num_queries(2) as plain:  # the session + the grouped items
        all_meals = api.get(f"orders/summary?{day}").json()
    with assert_num_queries(2) as by_payer:
        parents_meals = api.get(f"orders/summary?{day}&payerId={world.parent.pk}").json()

    assert [row["count"] for row in all_meals] == [2]
    assert [row["count"] for row in parents_meals] == [1]
    # Every item of a day belongs to an order the list shows: no semi-join by order for each of them.
    assert '"ordering_order"' not in plain[-1]
    assert '"ordering_order"' in by_payer[-1]


def test_given_customers_and_cooks_when_asking_the_summary_then_403_and_another_tenant_401(world, tenant_a, tenant_b):
    child_order(tenant_a, world, next_monday())

    assert_error(Api(tenant_a, world.parent).get("orders/summary"), 403, "Forbidden.")
    assert_error(Api(tenant_a, world.worker_user).get("orders/summary"), 403, "Forbidden.")
    assert_error(Api(tenant_a, make_user(tenant_a, ROLE_COOK)).get("orders/summary"), 403, "Forbidden.")
    assert_error(
        Api(tenant_a, institutions_admin(tenant_a, world.institution)).get("orders/summary"), 403, "Forbidden."
    )
    assert Api(tenant_b, admin(tenant_b)).get("orders/summary").json() == []
    assert_error(
        Api(tenant_a, token=Api(tenant_b, admin(tenant_b)).token).get("orders/summary"), 401, "Unauthenticated."
    )


def test_given_orders_when_asking_their_meal_types_then_options_ignoring_the_meal_type_filter(world, tenant_a):
    monday = next_monday()
    child_order(tenant_a, world, monday)
    child_order(tenant_a, world, monday, meal_type=world.catalog.soup, child=world.child2)
    with in_tenant(tenant_a):
        other = make_world(tenant_a)
    child_order(tenant_a, other, monday, meal_type=other.catalog.snack)
    c = world.catalog
    expected = [{"value": c.soup.pk, "text": "Zupa"}, {"value": c.lunch.pk, "text": "Obiad"}]

    as_parent = Api(tenant_a, world.parent).get(f"orders/mealTypes?mealTypeId={c.lunch.pk}")
    as_admin = Api(tenant_a, admin(tenant_a)).get(f"orders/mealTypes?institutionId={world.institution.pk}")

    assert (as_parent.status_code, as_parent.json()) == (200, expected)
    assert as_admin.json() == expected
    assert Api(tenant_a, world.parent).get(f"orders?mealTypeId={c.soup.pk}").json()["total"] == 1
    assert_error(Api(tenant_a, make_user(tenant_a, ROLE_COOK)).get("orders/mealTypes"), 403, "Forbidden.")
