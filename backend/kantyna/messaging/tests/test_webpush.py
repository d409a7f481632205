"""Web push: a notification reaches each browser its receiver subscribed, encrypted for the browser's keys and
signed with the server's VAPID key (checked against a local push service that decrypts what it got); a
subscription its push service answers 410 (or 404) for is deleted; the `webpush` calls register, update and forget
the caller's browser; endpoints outside the push services' allow-list are refused unless WEBPUSH_ANY_ENDPOINT."""

from __future__ import annotations

import time

import pytest

from kantyna.core.permissions import ROLE_PARENT
from kantyna.messaging.kinds import TICKET_ANSWERED
from kantyna.messaging.models import WebPushSubscription
from kantyna.messaging.services import notify
from kantyna.messaging.tasks import webpush_send
from kantyna.messaging.tests.helpers import deferred, run_deferred
from kantyna.messaging.tests.pushserver import Browser, PushServer, vapid_claims
from kantyna.messaging.webpush import vapid_key, vapid_public_key
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.network import FakeNetwork

pytestmark = pytest.mark.django_db

PARAMS = {"ticket_id": 7, "subject": "Zupa była zimna", "author": "Ewa Admin"}
JOB = "kantyna.messaging.tasks.webpush_send"


@pytest.fixture(autouse=True)
def vapid(settings, tmp_path):
    """A VAPID key of this test's own, made into its var/ as in development."""
    settings.VAR_DIR = tmp_path
    settings.VAPID_PRIVATE_KEY = ""
    settings.WEBPUSH_ANY_ENDPOINT = True
    vapid_key.cache_clear()
    yield
    vapid_key.cache_clear()


def make_parent(tenant, *, locale="en", push=True):
    parent = make_user(tenant, ROLE_PARENT, first_name="Anna")
    with in_tenant(tenant):
        parent.account.locale = locale
        parent.account.save()
        parent.notifications_settings = {
            **parent.notifications_settings,
            "email_notifications_enabled": False,
            "push_notifications_enabled": push,
        }
        parent.save()
    return parent


def subscribe(tenant, user, browser: Browser, endpoint: str, options=None):
    response = Api(tenant, user).post(
        "webpush", {"subscription": browser.subscription(endpoint), "options": options or {}}
    )
    assert response.status_code == 200, response.content
    return response


def test_the_development_key_is_made_into_var_once_and_its_public_key_is_served(tenant_a, tmp_path):
    parent = make_parent(tenant_a)

    body = Api(tenant_a, parent).get("webpush").json()

    assert (tmp_path / "vapid-private.pem").read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----")
    assert body == {"publicKey": vapid_public_key()}
    assert len(body["publicKey"]) == 87  # 65 bytes, base64url without padding


def test_given_a_subscribed_parent_when_notified_then_the_push_service_gets_a_signed_push_the_browser_can_read(
    tenant_a,
):
    parent = make_parent(tenant_a, locale="pl")
    browser = Browser()
    with PushServer() as server:
        subscribe(tenant_a, parent, browser, server.endpoint("anna"))
        with in_tenant(tenant_a):
            [notification] = notify([parent], TICKET_ANSWERED, PARAMS, link="/tickets?ticket=7")
            [job] = deferred(JOB)
            assert job == {"slug": tenant_a.slug, "notification_ids": [notification.pk]}
            [result] = run_deferred(webpush_send)

        assert result == {"sent": 1, "pruned": 0}
        [push] = server.received
    assert push.path == "/push/anna"
    assert push.headers["content-encoding"] == "aes128gcm"
    assert int(push.headers["ttl"]) > 0
    claims = vapid_claims(push.headers["authorization"], vapid_public_key())
    assert claims["aud"] == server.origin
    assert claims["sub"].startswith("mailto:")
    assert claims["exp"] > time.time()
    assert browser.decrypt(push.body) == {
        "title": "Nowa odpowiedź na Twoje zgłoszenie",
        "body": "Ewa Admin odpowiada na „Zupa była zimna”.",
        "url": "/tickets?ticket=7",
        "tag": f"notification-{notification.pk}",
    }


def test_given_two_browsers_when_notified_then_each_gets_its_own_encryption(tenant_a):
    parent = make_parent(tenant_a)
    phone, laptop = Browser(), Browser()
    with PushServer() as server:
        subscribe(tenant_a, parent, phone, server.endpoint("phone"))
        subscribe(tenant_a, parent, laptop, server.endpoint("laptop"))
        with in_tenant(tenant_a):
            notify([parent], TICKET_ANSWERED, PARAMS)
            run_deferred(webpush_send)
        by_path = {push.path: push for push in server.received}
    assert phone.decrypt(by_path["/push/phone"].body)["title"] == "New answer to your help ticket"
    assert laptop.decrypt(by_path["/push/laptop"].body)["title"] == "New answer to your help ticket"


@pytest.mark.parametrize("status", [410, 404])
def test_given_a_subscription_its_push_service_forgot_when_pushing_then_it_is_deleted(tenant_a, status):
    parent = make_parent(tenant_a)
    with PushServer(status=status) as server:
        subscribe(tenant_a, parent, Browser(), server.endpoint())
        with in_tenant(tenant_a):
            notify([parent], TICKET_ANSWERED, PARAMS)
            [result] = run_deferred(webpush_send)
            assert result == {"sent": 0, "pruned": 1}
            assert WebPushSubscription.objects.count() == 0


def test_given_a_push_service_error_when_pushing_then_the_subscription_stays(tenant_a):
    parent = make_parent(tenant_a)
    with PushServer(status=500) as server:
        subscribe(tenant_a, parent, Browser(), server.endpoint())
        with in_tenant(tenant_a):
            notify([parent], TICKET_ANSWERED, PARAMS)
            assert run_deferred(webpush_send) == [{"sent": 0, "pruned": 0}]
            assert WebPushSubscription.objects.count() == 1


def test_given_a_push_services_name_answering_a_private_address_when_pushing_then_nothing_is_posted(
    tenant_a, settings, monkeypatch
):
    # An endpoint comes from a browser: the server calls only public addresses, checked when it connects.
    settings.WEBPUSH_ANY_ENDPOINT = False
    settings.WEBPUSH_ALLOWED_HOSTS = [".push.example"]
    network = FakeNetwork(monkeypatch, names={"fcm.push.example": [["10.0.0.7"]]}, routes=["10.0.0.7"])
    parent = make_parent(tenant_a)
    subscribe(tenant_a, parent, Browser(), "https://fcm.push.example/push/a")
    with in_tenant(tenant_a):
        notify([parent], TICKET_ANSWERED, PARAMS)

        assert run_deferred(webpush_send) == [{"sent": 0, "pruned": 0}]
        assert WebPushSubscription.objects.count() == 1
    assert network.lookups == ["fcm.push.example"]
    assert network.dialled == []


def test_given_push_notifications_off_when_notified_then_no_push_job(tenant_a):
    parent = make_parent(tenant_a, push=False)
    with in_tenant(tenant_a):
        notify([parent], TICKET_ANSWERED, PARAMS)
        assert deferred(JOB) == []


def test_given_a_rolled_back_change_when_notifying_then_no_push_job(tenant_a):
    from django.db import transaction

    parent = make_parent(tenant_a)
    with in_tenant(tenant_a):
        with transaction.atomic():
            notify([parent], TICKET_ANSWERED, PARAMS)
            transaction.set_rollback(True)
        assert deferred(JOB) == []


def test_subscribing_switches_pushes_on_and_put_updates_the_options_and_delete_forgets(tenant_a):
    parent = make_parent(tenant_a, push=False)
    browser = Browser()
    endpoint = "http://127.0.0.1:9/push/a"
    api = Api(tenant_a, parent)

    subscribe(tenant_a, parent, browser, endpoint, options={"lang": "pl"})
    assert api.ping("webpush").json() == {"status": True, "subscribed": True}
    api.put("webpush", {"subscription": browser.subscription(endpoint), "options": {"lang": "en"}})
    with in_tenant(tenant_a):
        parent.refresh_from_db()
        assert parent.notifications_settings["push_notifications_enabled"] is True
        assert list(WebPushSubscription.objects.values_list("user_id", "endpoint", "options")) == [
            (parent.pk, endpoint, {"lang": "en"})
        ]
    assert api.delete("webpush", {"subscription": {"endpoint": endpoint}}).json() == {"status": True}
    assert api.ping("webpush").json() == {"status": True, "subscribed": False}


def test_a_browser_subscribed_again_by_another_person_is_theirs_and_signing_out_forgets_it_without_a_session(
    tenant_a,
):
    first, second = make_parent(tenant_a), make_parent(tenant_a)
    browser, endpoint = Browser(), "http://127.0.0.1:9/push/shared"
    subscribe(tenant_a, first, browser, endpoint)
    subscribe(tenant_a, second, browser, endpoint)
    with in_tenant(tenant_a):
        assert list(WebPushSubscription.objects.values_list("user_id", flat=True)) == [second.pk]

    response = Api(tenant_a).delete("webpush", {"subscription": {"endpoint": endpoint}})

    assert response.json() == {"status": True}
    with in_tenant(tenant_a):
        assert WebPushSubscription.objects.count() == 0


@pytest.mark.parametrize(
    ("endpoint", "ok"),
    [
        ("https://fcm.googleapis.com/fcm/send/abc", True),
        ("https://updates.push.services.mozilla.com/wpush/v2/abc", True),
        ("https://web.push.apple.com/abc", True),
        ("http://fcm.googleapis.com/fcm/send/abc", False),  # not https
        ("https://127.0.0.1:8443/push", False),
        ("https://evil.example/fcm.googleapis.com", False),
        ("https://fcm.googleapis.com.evil.example/x", False),
    ],
)
def test_in_production_only_https_endpoints_of_known_push_services_are_accepted(tenant_a, settings, endpoint, ok):
    settings.WEBPUSH_ANY_ENDPOINT = False
    parent = make_parent(tenant_a)

    response = Api(tenant_a, parent).post("webpush", {"subscription": Browser().subscription(endpoint)})

    if ok:
        assert response.status_code == 200, response.content
    else:
        assert response.status_code == 400
        assert response.json()["errors"] == {"subscription.endpoint": ["This push service is not accepted."]}


@pytest.mark.parametrize(
    ("keys", "field"),
    [
        ({"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}, "subscription.keys.p256dh"),
        ({"p256dh": Browser().p256dh, "auth": "AAAA"}, "subscription.keys.auth"),
        ({"p256dh": "!!!", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}, "subscription.keys.p256dh"),
    ],
)
def test_bad_keys_are_refused_with_a_field_error_and_nothing_is_stored(tenant_a, keys, field):
    parent = make_parent(tenant_a)
    body = {"subscription": {"endpoint": "http://127.0.0.1:9/push", "keys": keys}}

    response = Api(tenant_a, parent).post("webpush", body)

    assert response.status_code == 400
    assert field in response.json()["errors"]
    with in_tenant(tenant_a):
        assert WebPushSubscription.objects.count() == 0
