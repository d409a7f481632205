"""The notification service (services.notify) and the bell (`notifications/unread`, `notifications/read`): one row per
person, an e-mail where the person's settings ask for it, worded in the reader's language; the bell's count and page
in one query however many notifications a person has; cooks get none."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from kantyna.core.permissions import ROLE_COOK, ROLE_PARENT
from kantyna.messaging.kinds import TICKET_ANSWERED
from kantyna.messaging.models import Notification
from kantyna.messaging.selectors import bell
from kantyna.messaging.services import notify
from kantyna.messaging.tests.helpers import sent_emails
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.queries import assert_num_queries

pytestmark = pytest.mark.django_db

PARAMS = {"ticket_id": 7, "subject": "Zupa była zimna", "author": "Ewa Admin"}


def make_parent(tenant, *, locale="en", emails=True):
    parent = make_user(tenant, ROLE_PARENT, first_name="Anna")
    with in_tenant(tenant):
        parent.account.locale = locale
        parent.account.save()
        parent.notifications_settings = {**parent.notifications_settings, "email_notifications_enabled": emails}
        parent.save()
    return parent


def test_given_two_people_when_notified_then_a_row_each_and_an_email_only_to_who_wants_emails(tenant_a):
    wants = make_parent(tenant_a, locale="en")
    does_not = make_parent(tenant_a, emails=False)
    with in_tenant(tenant_a):
        created = notify([wants, does_not], TICKET_ANSWERED, PARAMS, link="/tickets?ticket=7")

        assert sorted(n.receiver_id for n in created) == sorted([wants.pk, does_not.pk])
        assert Notification.objects.filter(kind=TICKET_ANSWERED, link="/tickets?ticket=7").count() == 2
        [email] = sent_emails()
    assert email["to"] == [wants.account.email]
    assert email["subject"] == "New answer to your help ticket"
    assert "Hello Anna," in email["text"]
    assert "Ewa Admin answered “Zupa była zimna”." in email["text"]
    assert "/tickets?ticket=7" in email["text"]


def test_given_a_polish_receiver_when_notified_then_the_email_is_polish(tenant_a):
    parent = make_parent(tenant_a, locale="pl")
    with in_tenant(tenant_a):
        notify([parent], TICKET_ANSWERED, PARAMS)
        [email] = sent_emails()
    assert email["subject"] == "Nowa odpowiedź na Twoje zgłoszenie"
    assert "Ewa Admin odpowiada na „Zupa była zimna”." in email["text"]


def test_given_a_cook_when_notified_then_nothing_is_stored_nor_sent(tenant_a):
    cook = make_user(tenant_a, ROLE_COOK)
    with in_tenant(tenant_a):
        assert notify([cook], TICKET_ANSWERED, PARAMS) == []
        assert Notification.objects.count() == 0
        assert sent_emails() == []


def test_given_a_rolled_back_change_when_notifying_inside_it_then_no_row_and_no_email(tenant_a):
    from django.db import transaction

    parent = make_parent(tenant_a)
    with in_tenant(tenant_a):
        with transaction.atomic():
            notify([parent], TICKET_ANSWERED, PARAMS)
            transaction.set_rollback(True)
        assert (Notification.objects.count(), sent_emails()) == (0, [])


def test_given_notifications_when_polling_then_the_unread_count_and_the_latest_page_worded_in_the_readers_language(
    tenant_a,
):
    parent = make_parent(tenant_a, emails=False)
    with in_tenant(tenant_a):
        now = timezone.now()
        Notification.objects.bulk_create(
            [
                Notification(
                    receiver=parent,
                    kind=TICKET_ANSWERED,
                    params={**PARAMS, "subject": f"T{i}"},
                    created_at=now - timedelta(minutes=i),
                    read_at=now if i >= 4 else None,
                )
                for i in range(7)
            ]
        )

    english = Api(tenant_a, parent).get("notifications/unread", {"perPage": 2}).json()
    polish = Api(tenant_a, parent, locale="pl").get("notifications/unread", {"perPage": 2}).json()

    assert english["status"] is True
    assert english["unreadNotifications"] == 4
    assert english["hasUnreadMessages"] is False
    assert english["readAt"] is not None
    assert [(n["title"], n["text"], n["readAt"]) for n in english["notifications"]] == [
        ("New answer to your help ticket", "Ewa Admin answered “T0”.", None),
        ("New answer to your help ticket", "Ewa Admin answered “T1”.", None),
    ]
    assert polish["notifications"][0]["text"] == "Ewa Admin odpowiada na „T0”."


def test_given_a_person_with_10000_notifications_when_polling_then_one_query_answers_count_and_page(tenant_a):
    parent = make_parent(tenant_a, emails=False)
    with in_tenant(tenant_a):
        now = timezone.now()
        Notification.objects.bulk_create(
            [
                Notification(
                    receiver=parent, kind=TICKET_ANSWERED, params=PARAMS, created_at=now - timedelta(seconds=i)
                )
                for i in range(10_000)
            ],
            batch_size=2_000,
        )
        Notification.objects.filter(created_at__lt=now - timedelta(seconds=5_999)).update(read_at=now)

        with assert_num_queries(1):
            found = bell(actor=parent, per_page=5)

    assert found.unread == 6_000
    assert found.read_at == now
    assert [n.created_at for n in found.latest] == [now - timedelta(seconds=i) for i in range(5)]


def test_given_a_cook_when_polling_then_empty_without_a_query(tenant_a):
    cook = make_user(tenant_a, ROLE_COOK)
    with in_tenant(tenant_a), assert_num_queries(0):
        found = bell(actor=cook, per_page=5)
    assert (found.unread, found.read_at, found.latest) == (0, None, [])


def test_given_nobody_notified_when_polling_then_the_empty_answer(tenant_a):
    parent = make_parent(tenant_a)

    body = Api(tenant_a, parent).get("notifications/unread", {"perPage": 5}).json()

    assert body == {
        "status": True,
        "readAt": None,
        "unreadNotifications": 0,
        "hasUnreadMessages": False,
        "notifications": [],
    }


def unread_of(tenant, user) -> list[int]:
    with in_tenant(tenant):
        return list(
            Notification.objects.filter(receiver=user, read_at__isnull=True).order_by("pk").values_list("pk", flat=True)
        )


def test_given_unread_notifications_when_reading_all_then_all_are_read_and_others_untouched(tenant_a):
    parent, other = make_parent(tenant_a, emails=False), make_parent(tenant_a, emails=False)
    with in_tenant(tenant_a):
        notify([parent, other], TICKET_ANSWERED, PARAMS)
        notify([parent], TICKET_ANSWERED, PARAMS)

    response = Api(tenant_a, parent).post("notifications/read")

    assert response.json() == {"status": True}
    assert unread_of(tenant_a, parent) == []
    assert len(unread_of(tenant_a, other)) == 1


def test_given_ids_when_reading_then_only_those_of_the_callers_are_read(tenant_a):
    parent, other = make_parent(tenant_a, emails=False), make_parent(tenant_a, emails=False)
    with in_tenant(tenant_a):
        first, _other = notify([parent, other], TICKET_ANSWERED, PARAMS)
        second = notify([parent], TICKET_ANSWERED, PARAMS)[0]
    others = unread_of(tenant_a, other)

    Api(tenant_a, parent).post("notifications/read", {"ids": [first.pk, *others]})

    assert unread_of(tenant_a, parent) == [second.pk]
    assert unread_of(tenant_a, other) == others
