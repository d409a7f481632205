"""Test infrastructure shared by every area (helpers in kantyna/testing/).

Two tenants, `alpha` and `beta`, are created once per test database (so once per xdist worker) with
migrated schemas. Tests reach them through `tenant_a` / `tenant_b`, which re-create only the public rows
when a transactional test's flush removed them; the schemas stay.

Transactional tests (`@pytest.mark.django_db(transaction=True)`) need two extra steps, both automatic:
- their flush must TRUNCATE ... CASCADE, because tenant tables reference public ones (users → accounts);
  Django does that when `available_apps` is set, so it is set to every installed app;
- what they committed inside the tenant schemas is emptied after them (the flush does not see it).
"""

from __future__ import annotations

import pytest
from django.db import connection

from kantyna.tenancy.selectors import tenant_cache_clear
from kantyna.testing import testdb
from kantyna.testing.api import Api
from kantyna.testing.factories import make_role_users, make_user
from kantyna.testing.tenants import create_test_tenants, ensure_tenant, tenant_schemas, truncate_tenant_schemas


def pytest_configure(config):
    from django.conf import settings

    config.addinivalue_line("markers", "slow: creates tenant schemas (several seconds)")
    config.addinivalue_line("markers", "ledger_unbalanced: unbalances a ledger on purpose (no balance check after)")
    config.addinivalue_line("filterwarnings", "ignore:No directory at:UserWarning")  # whitenoise, no static build
    # Password hashing cost is not what these tests measure.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _is_transactional(item) -> bool:
    marker = item.get_closest_marker("django_db")
    if marker is not None and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")):
        return True
    if marker is not None and marker.args and marker.args[0]:
        return True
    fixtures = getattr(item, "fixturenames", ())
    return "transactional_db" in fixtures or "live_server" in fixtures


def pytest_collection_modifyitems(items):
    from django.conf import settings

    for item in items:
        marker = item.get_closest_marker("django_db")
        if _is_transactional(item) and (marker is None or marker.kwargs.get("available_apps") is None):
            kwargs = dict(marker.kwargs) if marker is not None else {}
            kwargs.update(transaction=True, available_apps=list(settings.INSTALLED_APPS))
            item.add_marker(pytest.mark.django_db(**kwargs), append=False)


@pytest.fixture(scope="session")
def django_db_setup(
    request,
    django_test_environment,
    django_db_blocker,
    django_db_keepdb,
    django_db_createdb,
    django_db_modify_db_settings,
):
    """pytest-django's fixture (every database, none serialized: no test asks for `serialized_rollback`), plus the
    tenants; with several xdist workers built once per run and copied (kantyna/testing/testdb.py)."""
    from django.test.utils import setup_databases, teardown_databases

    verbosity = request.config.option.verbose
    keepdb = django_db_keepdb and not django_db_createdb

    def build():
        db_cfg = setup_databases(verbosity=verbosity, interactive=False, keepdb=keepdb, serialized_aliases=set())
        create_test_tenants()
        return db_cfg

    with django_db_blocker.unblock():
        db_cfg = testdb.setup_database(request.config, build) if testdb.shared_build(request.config) else build()
    yield
    if not django_db_keepdb:
        with django_db_blocker.unblock():
            teardown_databases(db_cfg, verbosity=verbosity)


def pytest_sessionfinish(session):
    """The xdist controller, after its workers: the template database they built (kantyna/testing/testdb.py)."""
    config = session.config
    workers = config.getoption("numprocesses", default=None) or 0
    if not hasattr(config, "workerinput") and workers > 1 and not config.getvalue("reuse_db"):
        testdb.drop_template(config)


@pytest.fixture
def tenant_a(db):
    return ensure_tenant("alpha")


@pytest.fixture
def tenant_b(db):
    return ensure_tenant("beta")


@pytest.fixture(autouse=True)
def _public_schema_after_test():
    tenant_cache_clear()  # every test starts without tenants kept from another (query counts alike in any order)
    yield
    connection.set_schema_to_public()


@pytest.fixture(autouse=True)
def _clean_tenant_schemas_after_transactional_test(request):
    if not _is_transactional(request.node):
        yield
        return
    request.getfixturevalue("transactional_db")  # so that this teardown runs before the flush
    yield
    truncate_tenant_schemas()


@pytest.fixture(autouse=True)
def _ledger_balanced_after_test(request):
    """Every test that touches the tenants ends with their ledgers balanced: each cached account balance equals
    SUM(amount) of its transactions (`ledger_balance_mismatches`, one query per tenant schema), whatever the test
    did, so the whole suite proves it. Defined after the transactional cleaner so that it checks before the
    tenant schemas are emptied. `@pytest.mark.ledger_unbalanced` opts a test out (one that breaks it on purpose)."""
    if not {"tenant_a", "tenant_b"} & set(getattr(request.node, "fixturenames", ())) or request.node.get_closest_marker(
        "ledger_unbalanced"
    ):
        yield
        return
    # Set up the database first so that this teardown runs while the test's data is still there.
    request.getfixturevalue("transactional_db" if _is_transactional(request.node) else "db")
    yield
    from kantyna.ledger.selectors import ledger_balance_mismatches

    problems = {}
    try:
        for schema in tenant_schemas():
            connection.set_schema(schema)
            mismatches = ledger_balance_mismatches()
            if mismatches:
                problems[schema] = mismatches
    finally:
        connection.set_schema_to_public()
    assert not problems, f"cached ledger balances differ from the sum of their transactions: {problems}"


@pytest.fixture
def api():
    """`api(tenant, user=None, token=None)` → an `Api` client on `<slug>.localhost`."""
    return Api


@pytest.fixture
def user_factory():
    """`make_user(tenant, *roles, permissions=(), email=None, password=..., **fields)`."""
    return make_user


@pytest.fixture
def role_users(tenant_a):
    """ROLE_USERS: one user per role in tenant alpha, as `{role: user}`."""
    return make_role_users(tenant_a)
