"""Management commands: add_tenant (create a tenant) and seed_demo. Each creates schemas, hence `slow`."""

from datetime import date
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from rest_framework.test import APIClient

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.ordering.holidays import polish_public_holidays
from kantyna.ordering.models import FreeDay
from kantyna.tenancy.jobs import active_tenant_slugs
from kantyna.tenancy.models import Domain, Tenant
from kantyna.tenancy.services import in_tenant
from kantyna.tenancy.signals import tenant_created
from kantyna.testing import Api, make_user


def sign_in(email: str, password: str):
    return APIClient(HTTP_HOST="auth.localhost").post(
        "/sso/api/token", {"emailAddress": email, "password": password}, format="json"
    )


def row_counts(schemas: list[str]) -> dict[str, int]:
    counts = {}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT schemaname, tablename FROM pg_tables WHERE schemaname = ANY(%s) ORDER BY 1, 2", [schemas]
        )
        for schema, table in cursor.fetchall():
            cursor.execute(f'SELECT count(*) FROM "{schema}"."{table}"')
            counts[f"{schema}.{table}"] = cursor.fetchone()[0]
    return counts


@pytest.mark.slow
def test_given_new_slug_when_creating_tenant_then_its_admin_can_sign_in_and_slug_cannot_be_reused(tenant_a):
    out = StringIO()
    call_command(
        "add_tenant",
        slug="gamma",
        name="Gamma Catering",
        admin_email="boss@gamma.test",
        admin_password="Gamma-pass-123",
        stdout=out,
    )

    tenant = Tenant.objects.get(slug="gamma")
    assert (tenant.name, tenant.schema_name, tenant.is_demo, tenant.is_ready) == (
        "Gamma Catering",
        "t_gamma",
        False,
        True,
    )
    assert Domain.objects.get(tenant=tenant).domain == "gamma.localhost"
    assert "Tenant gamma created" in out.getvalue()
    response = sign_in("boss@gamma.test", "Gamma-pass-123")
    assert response.status_code == 200
    assert [t["slug"] for t in response.json()["tenants"]] == ["gamma"]
    me = Api(tenant, token=response.json()["token"]).get("auth/currentUser").json()
    assert (me["roles"], me["lastName"]) == (["ROLE_ADMIN"], "Gamma Catering")
    # The new tenant starts with next year's public holidays as free days for every institution.
    next_year = date.today().year + 1
    with in_tenant(tenant):
        free = set(FreeDay.objects.filter(institution__isnull=True).values_list("date", flat=True))
    assert {day for day, _name in polish_public_holidays(next_year)} <= free

    with pytest.raises(CommandError, match="already exists"):
        call_command("add_tenant", slug="gamma", name="Again", admin_email="x@gamma.test", stdout=StringIO())
    with pytest.raises(CommandError, match="already exists"):
        call_command("add_tenant", slug="alpha", name="Again", admin_email="x@alpha.test", stdout=StringIO())
    assert Tenant.objects.filter(slug="gamma").count() == 1


@pytest.mark.slow
def test_given_a_creation_stopped_half_way_when_adding_the_tenant_again_then_it_is_finished_and_ready_last(tenant_a):
    # Given a creation stopped while migrating (the row saved, not ready; the schema made, its tables not yet), and
    # a person of another tenant
    Tenant.objects.create(slug="delta", name="Delta Catering", schema_name="t_delta")
    Domain.objects.create(tenant=Tenant.objects.get(slug="delta"), domain="delta.localhost")
    with connection.cursor() as cursor:
        cursor.execute("CREATE SCHEMA t_delta")
    make_user(tenant_a, ROLE_ADMIN, email="boss@alpha.test", password="Alpha-pass-123")

    # Then nothing reaches it: no job, and signing in elsewhere lists (and enters) only complete tenants
    assert "delta" not in active_tenant_slugs()
    response = sign_in("boss@alpha.test", "Alpha-pass-123")
    assert response.status_code == 200
    assert [t["slug"] for t in response.json()["tenants"]] == ["alpha"]

    # When add_tenant is run again for it, watching the creation's last step before ready (tenant_created)
    seen = []

    def watch(sender, *, tenant, **kwargs):
        connection.set_schema_to_public()
        seen.append((Tenant.objects.get(slug=tenant.slug).is_ready, tenant.slug in active_tenant_slugs()))

    tenant_created.connect(watch, dispatch_uid="test.watch")
    try:
        call_command(
            "add_tenant",
            slug="delta",
            name="Delta Catering",
            admin_email="boss@delta.test",
            admin_password="Delta-pass-123",
            stdout=StringIO(),
        )
    finally:
        tenant_created.disconnect(dispatch_uid="test.watch")

    # Then it is finished (migrated, the public holidays offered, its admin), ready only once complete, one tenant
    tenant = Tenant.objects.get(slug="delta")
    assert seen == [(False, False)]
    assert tenant.is_ready is True
    assert "delta" in active_tenant_slugs()
    assert Tenant.objects.filter(slug="delta").count() == 1
    with in_tenant(tenant):
        assert FreeDay.objects.filter(institution__isnull=True).exists()
    response = sign_in("boss@delta.test", "Delta-pass-123")
    assert [t["slug"] for t in response.json()["tenants"]] == ["delta"]


@pytest.mark.parametrize("slug", ["auth", "Bad_Slug", "x", "9lives"])
def test_given_invalid_or_reserved_slug_when_creating_tenant_then_command_error_and_nothing_created(tenant_a, slug):
    with pytest.raises(CommandError):
        call_command("add_tenant", slug=slug, name="Nope", admin_email="x@nope.test", stdout=StringIO())
    assert not Tenant.objects.filter(slug=slug).exists()


@pytest.fixture(scope="class")
def demo_seeded_on_a_saturday(django_db_setup, django_db_blocker):
    """The demo seeded once for the tests of `TestSeededDemo` (seeding takes ~30 s), on a Saturday, inside a
    transaction rolled back after them (each test's own transaction is a savepoint in it). Yields that Saturday."""
    from datetime import timedelta

    from django.db import transaction

    from kantyna.demo import ordering as demo_ordering
    from kantyna.ordering.cutoff import tenant_today
    from kantyna.testing.tenants import ensure_tenant

    with django_db_blocker.unblock(), transaction.atomic():
        ensure_tenant("alpha")
        today = tenant_today()
        saturday = today + timedelta(days=(5 - today.weekday()) % 7)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(demo_ordering, "tenant_today", lambda: saturday)
            call_command("seed_demo", stdout=StringIO())
        connection.set_schema_to_public()
        yield saturday
        connection.set_schema_to_public()
        transaction.set_rollback(True)


@pytest.mark.slow
# pytest-xdist (`-n 2`, `--dist load`) sends each worker consecutive tests, so one worker nearly always runs both and
# the demo is seeded once per run; split, each worker seeds its own. Not `--dist loadgroup`: it sends ungrouped tests
# one by one, and the suite took 1.7 times as long.
class TestSeededDemo:
    def test_given_seeded_demo_when_seeding_again_then_nothing_new(self, demo_seeded_on_a_saturday, tenant_a):
        assert set(Tenant.objects.values_list("slug", flat=True)) >= {"demo", "acme"}
        schemas = ["public", "t_demo", "t_acme"]
        before = row_counts(schemas)
        connection.set_schema_to_public()

        out = StringIO()
        call_command("seed_demo", stdout=out)

        assert row_counts(schemas) == before
        assert "created" not in out.getvalue()
        assert sign_in("admin@demo.kantyna.pl", "kantyna-demo").status_code == 200

    def test_given_a_weekend_when_seeding_the_demo_then_the_last_school_day_is_ordered_for_the_terminal(
        self, demo_seeded_on_a_saturday, tenant_a
    ):
        """The cook has someone to serve whatever the day: on a weekend, Friday's meals (within the terminal's
        window of today and the last 7 days) are ordered by the admin past the cut-off."""
        from datetime import timedelta

        from kantyna.demo import ordering as demo_ordering
        from kantyna.ordering.models import OrderItem

        saturday = demo_seeded_on_a_saturday
        friday = saturday - timedelta(days=1)

        with in_tenant(Tenant.objects.get(slug="demo")), pytest.MonkeyPatch.context() as patch:
            patch.setattr(demo_ordering, "tenant_today", lambda: saturday)
            assert demo_ordering._serving_day() == friday
            assert OrderItem.objects.filter(date=friday, status=OrderItem.Status.ACTIVE).count() > 10
