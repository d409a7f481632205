"""The dashboard's selectors on a built world (tests/helpers.py): exact figures, what each institution sees, and
query counts that do not grow with the rows."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from kantyna.ordering.models import Absence
from kantyna.reports.selectors import dashboard as selectors
from kantyna.reports.selectors.dashboard import ChartPoint, Meal, PresenceRow, Ref
from kantyna.reports.tests.helpers import book, make_dashboard_world, meal
from kantyna.tenancy.services import in_tenant
from kantyna.testing.queries import assert_num_queries, capture_queries
from kantyna.testing.world import make_family

pytestmark = pytest.mark.django_db


@pytest.fixture
def dw(tenant_a):
    with in_tenant(tenant_a):
        yield make_dashboard_world(tenant_a)


# --- scope ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reachable", "asked", "expected"),
    [
        (None, None, None),
        (None, 7, {7}),
        ({1, 2}, None, {1, 2}),
        ({1, 2}, 2, {2}),
        ({1, 2}, 7, set()),
        (set(), None, set()),
    ],
)
def test_given_a_reach_and_a_filter_then_the_institutions_in_scope(reachable, asked, expected):
    assert selectors.institutions_in_scope(reachable, asked) == expected


# --- statistics -------------------------------------------------------------------------------------------------


def test_given_every_institution_then_todays_meals_receivers_balances_and_this_months_deposits(dw):
    result = selectors.statistics(today=dw.today, institution_ids=None)

    assert result == selectors.Statistics(
        date=dw.today,
        ordered=3,  # Ola's and Zoe's active lunches, Jan's served one; the cancelled soup and lunch are not ordered
        served=1,
        cancelled=2,
        active_children=4,  # Ewa is deactivated
        active_workers=1,
        balances_total=Decimal("54.50"),  # 100.00 - 30.00 - 15.50
        debtors=2,
        debt_total=Decimal("-45.50"),
        deposits_month=dw.today.replace(day=1),
        deposits_amount=Decimal("104.50"),  # last month's 40.00 is not this month's
        deposits_count=2,
    )


def test_given_the_world_institution_then_only_its_receivers_and_their_payers_money(dw):
    result = selectors.statistics(today=dw.today, institution_ids={dw.world.institution.pk})

    assert (result.ordered, result.served, result.cancelled) == (2, 1, 2)
    assert (result.active_children, result.active_workers) == (3, 1)
    assert (result.balances_total, result.debtors, result.debt_total) == (Decimal("70.00"), 1, Decimal("-30.00"))
    assert (result.deposits_amount, result.deposits_count) == (Decimal("100.00"), 1)


def test_given_the_other_institution_then_its_one_child_and_its_parents_debt(dw):
    result = selectors.statistics(today=dw.today, institution_ids={dw.other_institution.pk})

    assert (result.ordered, result.served, result.cancelled) == (1, 0, 0)
    assert (result.active_children, result.active_workers) == (1, 0)
    assert (result.balances_total, result.debtors, result.debt_total) == (Decimal("-15.50"), 1, Decimal("-15.50"))
    assert (result.deposits_amount, result.deposits_count) == (Decimal("4.50"), 1)


def test_given_no_institution_in_scope_then_every_figure_is_zero(dw):
    result = selectors.statistics(today=dw.today, institution_ids=set())

    assert (result.ordered, result.served, result.cancelled, result.active_children, result.active_workers) == (
        0,
        0,
        0,
        0,
        0,
    )
    assert (result.balances_total, result.debtors, result.debt_total) == (Decimal("0.00"), 0, Decimal("0.00"))
    assert (result.deposits_amount, result.deposits_count) == (Decimal("0.00"), 0)


def test_given_a_payer_charged_below_zero_then_they_count_among_the_debtors_by_their_balance(tenant_a, dw):
    """Debt is a payer's: their accounts summed (as `ledger_balance`)."""
    w = dw.world
    with in_tenant(tenant_a):
        book(w.parent, "charge", "-130.00")  # the parent goes to -30.00

        result = selectors.statistics(today=dw.today, institution_ids=None)

    assert (result.balances_total, result.debtors, result.debt_total) == (Decimal("-75.50"), 3, Decimal("-75.50"))


@pytest.mark.parametrize("scope", ["all", "one"])
def test_given_more_receivers_meals_and_money_then_the_statistics_take_the_same_five_queries(tenant_a, dw, scope):
    institution_ids = None if scope == "all" else {dw.world.institution.pk}
    with assert_num_queries(5):
        selectors.statistics(today=dw.today, institution_ids=institution_ids)

    with in_tenant(tenant_a):
        parent, children = make_family(tenant_a, dw.world.classroom, dw.catalog.standard, first_names=("A", "B", "C"))
        for child in children:
            meal(dw, child=child, status="served")
        book(parent, "deposit", "5.00")

    with assert_num_queries(5):
        result = selectors.statistics(today=dw.today, institution_ids=institution_ids)
    assert result.served == 4


# --- totals -----------------------------------------------------------------------------------------------------


def test_given_the_day_then_meals_per_institution_meal_type_and_diet_by_institution_name(dw):
    c, w = dw.catalog, dw.world

    rows = selectors.totals(day=dw.today, institution_ids=None)

    standard = Ref(c.standard.pk, "Standardowa")
    world_institution = Ref(w.institution.pk, w.institution.name)
    other = Ref(dw.other_institution.pk, dw.other_institution.name)
    lunch, soup = Ref(c.lunch.pk, c.lunch.name), Ref(c.soup.pk, c.soup.name)
    expected_world = [
        selectors.TotalRow(world_institution, soup, standard, ordered=0, served=0, cancelled=1),
        selectors.TotalRow(world_institution, lunch, standard, ordered=2, served=1, cancelled=1),
    ]
    expected_world.sort(key=lambda row: {c.soup.pk: c.soup.position, c.lunch.pk: c.lunch.position}[row.meal_type.id])
    expected_other = [selectors.TotalRow(other, lunch, standard, ordered=1, served=0, cancelled=0)]
    # Szkoła 8xx sorts before Szkoła 9xx... whatever their numbers: by name.
    expected = (
        expected_world + expected_other
        if w.institution.name.casefold() < dw.other_institution.name.casefold()
        else expected_other + expected_world
    )
    assert rows == expected


def test_given_an_institution_then_only_its_rows_and_another_day_has_none(dw):
    rows = selectors.totals(day=dw.today, institution_ids={dw.other_institution.pk})

    assert [(row.institution.id, row.ordered) for row in rows] == [(dw.other_institution.pk, 1)]
    assert selectors.totals(day=dw.today + timedelta(days=1), institution_ids=None) == []


def test_given_more_meals_then_the_totals_take_the_same_two_queries(tenant_a, dw):
    with assert_num_queries(2):
        selectors.totals(day=dw.today, institution_ids=None)
    with in_tenant(tenant_a):
        for child in make_family(tenant_a, dw.world.classroom, dw.catalog.standard, first_names=("A", "B"))[1]:
            meal(dw, child=child, meal_type=dw.catalog.snack)

    with assert_num_queries(2):
        rows = selectors.totals(day=dw.today, institution_ids=None)
    assert len(rows) == 4


# --- presences --------------------------------------------------------------------------------------------------


def _page(dw, mode, institution_ids=None, page=1, per_page=20):
    return selectors.presences(day=dw.today, mode=mode, institution_ids=institution_ids, page=page, per_page=per_page)


def test_given_the_present_mode_then_receivers_with_a_live_meal_by_surname_with_their_meals(dw):
    c, w = dw.catalog, dw.world
    lunch = Ref(c.lunch.pk, c.lunch.name)

    result = _page(dw, "present")

    world_institution = Ref(w.institution.pk, w.institution.name)
    assert result.total == 3
    assert result.rows == [
        PresenceRow("child", w.child2.pk, "Jan", "Nowak", world_institution, w.classroom.name, [Meal(lunch, "served")]),
        PresenceRow("child", w.child.pk, "Ola", "Nowak", world_institution, w.classroom.name, [Meal(lunch, "active")]),
        PresenceRow(
            "child",
            dw.other_child.pk,
            "Zoe",
            "Zielińska",
            Ref(dw.other_institution.pk, dw.other_institution.name),
            dw.other_child.classroom.name,
            [Meal(lunch, "active")],
        ),
    ]


def test_given_the_absent_mode_then_those_with_an_absence_or_only_cancelled_meals(tenant_a, dw):
    w = dw.world
    with in_tenant(tenant_a):
        Absence.objects.create(child=dw.third_child, date=dw.today)

        result = _page(dw, "absent")

    lunch = Ref(dw.catalog.lunch.pk, dw.catalog.lunch.name)
    assert [(row.type, row.id, row.meals) for row in result.rows] == [
        ("child", dw.third_child.pk, []),
        ("institution_worker", w.worker.pk, [Meal(lunch, "cancelled")]),
    ]
    assert result.rows[1].classroom is None
    assert result.total == 2


def test_given_the_not_ordered_mode_then_the_active_receivers_without_a_meal_or_absence(dw):
    result = _page(dw, "not_ordered")

    assert [(row.type, row.id, row.first_name) for row in result.rows] == [("child", dw.third_child.pk, "Ala")]


def test_given_an_institution_then_only_its_receivers(dw):
    result = _page(dw, "present", institution_ids={dw.other_institution.pk})

    assert [row.id for row in result.rows] == [dw.other_child.pk]
    assert _page(dw, "present", institution_ids=set()).total == 0


def test_given_pages_then_each_holds_its_share_and_the_total_is_all(dw):
    first = _page(dw, "present", per_page=2)
    second = _page(dw, "present", page=2, per_page=2)
    beyond = _page(dw, "present", page=5, per_page=2)

    assert (first.total, second.total, beyond.total) == (3, 3, 3)
    assert [row.first_name for row in first.rows + second.rows] == ["Jan", "Ola", "Zoe"]
    assert beyond.rows == []


@pytest.mark.parametrize("mode", selectors.PRESENCE_MODES)
def test_given_more_receivers_then_a_page_takes_the_same_three_queries(tenant_a, dw, mode):
    with capture_queries() as few:
        _page(dw, mode)
    with in_tenant(tenant_a):
        for child in make_family(tenant_a, dw.world.classroom, dw.catalog.standard, first_names=("A", "B", "C"))[1]:
            if mode != "not_ordered":
                meal(dw, child=child, status="active" if mode == "present" else "cancelled")

    with capture_queries() as many:
        result = _page(dw, mode)

    assert result.total > 1
    assert len(few) == len(many) == (2 if mode == "not_ordered" else 3), many


# --- charts -----------------------------------------------------------------------------------------------------


def test_given_a_month_then_one_point_a_day_meals_by_their_day_and_deposits_by_booking(tenant_a, dw):
    w = dw.world
    with in_tenant(tenant_a):
        meal(dw, child=w.child, day=date(2025, 2, 3))
        meal(dw, child=w.child2, day=date(2025, 2, 3), status="served")
        meal(dw, child=w.child, day=date(2025, 2, 28), status="cancelled")
        meal(dw, child=w.child, day=date(2025, 3, 1))
        book(w.parent, "deposit", "12.50", day=date(2025, 2, 3))
        book(w.parent, "deposit", "7.50", day=date(2025, 2, 3))
        book(w.parent, "charge", "-10.00", day=date(2025, 2, 3))

        result = selectors.chart(period="month", anchor=date(2025, 2, 14), institution_ids=None)

    assert (result.period, result.date_from, result.date_to) == ("month", date(2025, 2, 1), date(2025, 2, 28))
    assert len(result.points) == 28
    points = {point.date: point for point in result.points}
    assert points[date(2025, 2, 3)] == ChartPoint(date(2025, 2, 3), 2, 1, 0, Decimal("20.00"), 2)
    assert points[date(2025, 2, 28)] == ChartPoint(date(2025, 2, 28), 0, 0, 1, Decimal("0.00"), 0)
    assert points[date(2025, 2, 4)] == ChartPoint(date(2025, 2, 4), 0, 0, 0, Decimal("0.00"), 0)


def test_given_a_year_then_one_point_a_month(tenant_a, dw):
    w = dw.world
    with in_tenant(tenant_a):
        meal(dw, child=w.child, day=date(2025, 2, 3))
        meal(dw, child=w.child, day=date(2025, 2, 20))
        meal(dw, worker=w.worker, day=date(2025, 11, 5))
        meal(dw, child=dw.other_child, day=date(2025, 11, 6))
        book(w.parent, "deposit", "12.50", day=date(2025, 2, 3))
        book(dw.other_parent, "deposit", "3.00", day=date(2025, 11, 30))

        result = selectors.chart(period="year", anchor=date(2025, 6, 1), institution_ids=None)
        narrowed = selectors.chart(period="year", anchor=date(2025, 6, 1), institution_ids={w.institution.pk})

    assert [point.date for point in result.points] == [date(2025, month, 1) for month in range(1, 13)]
    assert [(point.ordered, point.deposits_amount) for point in result.points if point.ordered] == [
        (2, Decimal("12.50")),
        (2, Decimal("3.00")),
    ]
    assert [(point.ordered, point.deposits_amount) for point in narrowed.points if point.ordered] == [
        (2, Decimal("12.50")),
        (1, Decimal("0.00")),
    ]


def test_given_more_meals_and_deposits_then_the_chart_takes_the_same_two_queries(tenant_a, dw):
    with assert_num_queries(2):
        selectors.chart(period="month", anchor=dw.today, institution_ids={dw.world.institution.pk})
    with in_tenant(tenant_a):
        for offset in range(1, 5):
            meal(dw, child=dw.world.child, day=dw.today.replace(day=1) + timedelta(days=offset))
            book(dw.world.parent, "deposit", "1.00", day=dw.today.replace(day=1) + timedelta(days=offset))

    with assert_num_queries(2):
        selectors.chart(period="year", anchor=dw.today, institution_ids={dw.world.institution.pk})
