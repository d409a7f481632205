"""Every report takes the same number of queries however many rows it covers: grouped in the database, never
read row by row. Each report is made twice, before and after a new school with a family, their meals and their
money are added, as an admin and as an institutions admin of both schools."""

from __future__ import annotations

import pytest
from django.db import connection

from kantyna.reports.catalog import REPORT_TYPES, render_report
from kantyna.reports.tests.report_world import DAY1, DAY2, make_reports_world, meal
from kantyna.tenancy.services import in_tenant
from kantyna.testing import make_user
from kantyna.testing.queries import capture_queries
from kantyna.testing.world import deposit, make_family, make_institution_with_classroom

pytestmark = pytest.mark.django_db

# Every report's criteria: a serializer ignores the keys it does not take (`date`: a report at a date).
CRITERIA = {"dateFrom": "2026-11-01", "dateTo": "2026-11-30", "date": "2026-11-30"}


def grow(tenant, rw):
    """A new school with a family of three children, each with two meals a day on both days, and their money."""
    c = rw.catalog
    institution, classroom = make_institution_with_classroom(950 + len(connection.queries))
    parent, children = make_family(tenant, classroom, c.standard, first_names=("Adam", "Ewa", "Iga"))
    for child in children:
        for day in (DAY1, DAY2):
            for meal_type in (c.soup, c.lunch):
                meal(day=day, price="7.00", child=child, meal_type=meal_type, diet=c.standard, portion=c.normal)
    deposit(parent, "50.00")
    return institution


def made_queries(code: str, actor, file_format: str) -> int:
    with capture_queries() as queries:
        render_report(code, CRITERIA, file_format, actor=actor)
    return len(queries)


@pytest.mark.parametrize("code", sorted(REPORT_TYPES))
@pytest.mark.parametrize("file_format", ["xlsx", "pdf"])
def test_given_more_rows_when_a_report_is_made_then_the_same_number_of_queries(tenant_a, code, file_format):
    with in_tenant(tenant_a):
        rw = make_reports_world(tenant_a)
        admin = make_user(tenant_a, "ROLE_ADMIN")
        institutions_admin = make_user(tenant_a, "ROLE_INSTITUTIONS_ADMIN")
        institutions_admin.institutions.set([rw.world.institution, rw.other_institution])
        made_queries(code, admin, file_format)  # the tenant's settings row is made at its first read
        before = [made_queries(code, actor, file_format) for actor in (admin, institutions_admin)]
        added = grow(tenant_a, rw)
        institutions_admin.institutions.add(added)
        after = [made_queries(code, actor, file_format) for actor in (admin, institutions_admin)]

    assert after == before
    assert max(before) <= 8, before


def test_the_orders_report_takes_three_queries_for_an_admin(tenant_a):
    """The grouped sums, the institutions' names, the meal types' names."""
    with in_tenant(tenant_a):
        make_reports_world(tenant_a)
        admin = make_user(tenant_a, "ROLE_ADMIN")
        assert made_queries("ordersPerInstitution", admin, "xlsx") == 3
