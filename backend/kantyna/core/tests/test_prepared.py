"""core.prepared.PreparedQuery: the rows of the queryset it was built from, whatever the values, the shape or the
tenant; the SQL compiled once per shape. core.prepared.Instances: the instances `select_related` builds."""

from __future__ import annotations

import pytest

from kantyna.core.permissions import ROLE_ADMIN, ROLE_PARENT
from kantyna.core.prepared import Instances, PreparedQuery
from kantyna.institutions.models import Classroom
from kantyna.people.models import Child
from kantyna.people.services.children import child_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user
from kantyna.testing.world import make_group, make_institution_with_classroom, make_world
from kantyna.users.models import User

COLUMNS = ("pk", "first_name", "roles", "settings", "account__email")


def users(pk, name, roles):
    return User.objects.filter(pk__in=pk, first_name=name, roles__contains=roles).order_by("pk").values_list(*COLUMNS)


def test_given_values_and_shapes_when_running_then_the_querysets_rows(tenant_a, tenant_b):
    with in_tenant(tenant_a):
        ala = make_user(tenant_a, ROLE_PARENT, first_name="Ala")
        ola = make_user(tenant_a, ROLE_PARENT, ROLE_ADMIN, first_name="Ala")
        make_user(tenant_a, ROLE_PARENT, first_name="Ola")
    with in_tenant(tenant_b):
        other = make_user(tenant_b, ROLE_PARENT, first_name="Ala")
    prepared = PreparedQuery(lambda ids, name: users(ids, name, [ROLE_PARENT]))

    with in_tenant(tenant_a):
        one = prepared(ids=[ala.pk], name="Ala")
        two = prepared(ids=[ola.pk, ala.pk], name="Ala")
        again = prepared(ids=[ola.pk], name="Ala")
        nobody = prepared(ids=[ala.pk], name="Ola")
        empty = prepared(ids=[], name="Ala")
        expected = list(users([ala.pk, ola.pk], "Ala", [ROLE_PARENT]))
    with in_tenant(tenant_b):
        elsewhere = prepared(ids=[other.pk], name="Ala")

    assert two == expected
    assert one == [expected[0]] and again == [expected[1]]
    assert one[0][2:4] == (["ROLE_PARENT"], {"can_see_prices": True})  # arrays and JSON as the ORM reads them
    assert nobody == [] and empty == []
    assert elsewhere == [(other.pk, "Ala", ["ROLE_PARENT"], {"can_see_prices": True}, other.account.email)]
    assert sorted(prepared._compiled) == [(("ids", 1), ("name", None)), (("ids", 2), ("name", None))]


def test_given_a_value_that_is_not_a_filter_value_when_preparing_then_refused(tenant_a):
    prepared = PreparedQuery(lambda name: User.objects.filter(first_name="x").values_list("pk"))

    with in_tenant(tenant_a), pytest.raises(ValueError, match="not found among the SQL's parameters"):
        prepared(name="Ala")


def test_a_distinct_query_ordered_by_columns_it_does_not_return_gives_the_querysets_rows(tenant_a):
    """DISTINCT with an ORDER BY on other columns selects those too (after its own): the rows are cut as the ORM
    cuts them."""
    with in_tenant(tenant_a):
        ala = make_user(tenant_a, ROLE_PARENT, first_name="Ala", last_name="Zet")
        ola = make_user(tenant_a, ROLE_PARENT, first_name="Ola", last_name="Abc")

        def names(ids):
            return User.objects.filter(pk__in=ids).order_by("last_name", "pk").values_list("first_name").distinct()

        prepared = PreparedQuery(names)

        assert prepared(ids=[ala.pk, ola.pk]) == list(names([ala.pk, ola.pk])) == [("Ola",), ("Ala",)]


def test_given_reads_of_different_shapes_when_run_bound_then_each_ones_rows_in_its_order_in_one_statement(tenant_a):
    from kantyna.core.prepared import run_bound
    from kantyna.testing.queries import capture_queries

    with in_tenant(tenant_a):
        ala = make_user(tenant_a, ROLE_PARENT, first_name="Ala", last_name="Zet")
        ola = make_user(tenant_a, ROLE_PARENT, ROLE_ADMIN, first_name="Ala", last_name="Abc")
        by_name = PreparedQuery(
            lambda name: User.objects.filter(first_name=name).order_by("-pk").values_list("pk", "roles", "settings")
        )
        emails = PreparedQuery(lambda pk: User.objects.filter(pk=pk).values_list("account__email"))
        with capture_queries() as queries:
            users_rows, email_rows, nobody = run_bound(
                by_name.bound(name="Ala"), emails.bound(pk=ala.pk), emails.bound(pk=0)
            )
        expected = list(by_name.build(name="Ala"))

    assert len(queries) == 1
    assert (
        users_rows
        == expected
        == [(ola.pk, ["ROLE_PARENT", "ROLE_ADMIN"], ola.settings), (ala.pk, ["ROLE_PARENT"], ala.settings)]
    )
    assert email_rows == [(ala.account.email,)]
    assert nobody == []


def test_given_a_statement_prepared_in_one_tenant_when_run_in_another_then_that_tenants_rows(tenant_a, tenant_b):
    """The hot paths' statements are kept prepared per connection (`prepared_cursor`): PostgreSQL parses a prepared
    statement again when the search_path changed, so each tenant reads its own rows."""
    from django.db import connection

    by_name = PreparedQuery(lambda name: User.objects.filter(first_name=name).order_by().values_list("pk", "last_name"))
    with in_tenant(tenant_a):
        ala = make_user(tenant_a, ROLE_PARENT, first_name="Ala", last_name="A")
    with in_tenant(tenant_b):
        ola = make_user(tenant_b, ROLE_PARENT, first_name="Ala", last_name="B")

    reads = []
    for tenant in (tenant_a, tenant_a, tenant_b, tenant_a, tenant_b):
        with in_tenant(tenant):
            reads.append(by_name(name="Ala"))
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s", ['%"first_name" = $1%'])
        (prepared,) = cursor.fetchone()

    assert reads == [[(ala.pk, "A")], [(ala.pk, "A")], [(ola.pk, "B")], [(ala.pk, "A")], [(ola.pk, "B")]]
    assert prepared >= 1


def fields(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


def test_instances_from_rows_are_the_select_related_ones_relations_cached(tenant_a, django_assert_num_queries):
    """Given two children, one in a classroom with a members' price lists group (a nested relation) and one in a
    classroom without (NULL), when built by `Instances` from the rows of its columns, then every field of each
    instance and of each relation is the one `select_related` gives, and reading a relation runs no query."""
    relations = ("parent", "classroom", "diet", "classroom__related_price_lists_group")
    loaded = Instances(Child, relations)
    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")
        grouped = Classroom.objects.get(pk=world.classroom.pk)
        grouped.related_price_lists_group = make_group("Klasa")
        grouped.save()
        _, plain = make_institution_with_classroom(99)
        lone = child_create(
            actor=None,
            parent=world.parent,
            first_name="Ewa",
            last_name="Nowak",
            classroom=plain,
            diet=world.catalog.standard,
        )
        ids = [world.child.pk, lone.pk]
        expected = list(Child.objects.filter(pk__in=ids).select_related(*relations).order_by("pk"))
        built = loaded.of(Child.objects.filter(pk__in=ids).order_by("pk").values_list(*loaded.columns))

    assert [fields(child) for child in built] == [fields(child) for child in expected]
    with django_assert_num_queries(0):
        for child, same in zip(built, expected, strict=True):
            assert fields(child.parent) == fields(same.parent) and fields(child.diet) == fields(same.diet)
            assert fields(child.classroom) == fields(same.classroom)
            group, same_group = child.classroom.related_price_lists_group, same.classroom.related_price_lists_group
            assert (group and fields(group)) == (same_group and fields(same_group))
    assert built[0].classroom.related_price_lists_group.name == "Klasa"
    assert built[1].classroom.related_price_lists_group is None
    assert not built[0]._state.adding
