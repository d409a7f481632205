"""The `webpush` calls x every persona (kantyna/testing/matrix.py): everyone who gets notifications (all but cooks)
reads the public key, registers, updates their browser and pings; a browser forgets itself by its endpoint, signed in
or not; a refusal changes nothing; tenant A's token on B's host is 401, and a browser registered in A is not known
in B."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kantyna.messaging.api.webpush import urlpatterns as webpush_urlpatterns
from kantyna.messaging.models import WebPushSubscription
from kantyna.messaging.tests.pushserver import Browser
from kantyna.messaging.webpush import vapid_key
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.matrix import (
    COOK,
    TENANT_USERS,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    route_coverage_test,
    routes_of,
)
from kantyna.testing.world import make_world

pytestmark = pytest.mark.django_db

RECEIVERS = TENANT_USERS - {COOK}
BROWSER = Browser()
ENDPOINT = "https://fcm.googleapis.com/fcm/send/matrix"
BODY = {"subscription": BROWSER.subscription(ENDPOINT), "options": {"lang": "pl"}}
REGISTERED = "https://fcm.googleapis.com/fcm/send/registered"

ROWS = [
    Row("public key", "GET", "webpush", RECEIVERS),
    Row("register", "POST", "webpush", RECEIVERS, body=BODY, writes=True),
    Row("update options", "PUT", "webpush", RECEIVERS, body={**BODY, "options": {"lang": "en"}}, writes=True),
    # The browser forgets itself, signed in or not (the app sends it at sign-out).
    Row(
        "forget",
        "DELETE",
        "webpush",
        RECEIVERS,
        body={"subscription": {"endpoint": REGISTERED}},
        public=True,
        writes=True,
    ),
    Row("ping", "PING", "webpush", RECEIVERS),
]


@pytest.fixture(autouse=True)
def vapid(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    settings.VAPID_PRIVATE_KEY = ""
    vapid_key.cache_clear()
    yield
    vapid_key.cache_clear()


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")
        WebPushSubscription.objects.create(user=world.parent, endpoint=REGISTERED, p256dh=BROWSER.p256dh, auth="x")
    return SimpleNamespace(world=world, ids={})


def state(tenant):
    with in_tenant(tenant):
        return list(WebPushSubscription.objects.order_by("pk").values_list("user_id", "endpoint", "options"))


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS,
    state,
    people=lambda world: Personas(
        parent=world.world.parent, worker=world.world.worker_user, institutions=[world.world.institution]
    ),
)


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(webpush_urlpatterns), area="webpush"
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)


def test_given_a_browser_registered_in_one_tenant_then_another_tenants_user_neither_sees_nor_deletes_it(
    world, tenant_a, tenant_b
):
    Api(tenant_a, world.world.parent).post("webpush", BODY)
    other = Api(tenant_b, make_user(tenant_b, "ROLE_PARENT"))

    assert other.ping("webpush").json() == {"status": True, "subscribed": False}
    other.delete("webpush", {"subscription": {"endpoint": ENDPOINT}})
    Api(tenant_b).delete("webpush", {"subscription": {"endpoint": ENDPOINT}})

    assert [endpoint for _user, endpoint, _options in state(tenant_a)] == [REGISTERED, ENDPOINT]
    assert state(tenant_b) == []
