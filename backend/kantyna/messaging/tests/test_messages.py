"""Messages (issue 18): to one person or to an audience (the one audience rule, narrowed to the writer's reach), with
files checked like the tickets'; the received, sent and closed folders; read and closed states set idempotently; the
files read by the sender and the receivers only; the bell knows of unread messages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN
from kantyna.messaging.audience import Audience
from kantyna.messaging.models import Message, MessageAttachment, MessageReceipt, Notification
from kantyna.messaging.selectors import bell
from kantyna.messaging.services import message_send_many
from kantyna.messaging.tests.helpers import sent_emails
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.assertions import assert_error
from kantyna.testing.queries import assert_num_queries, capture_queries
from kantyna.testing.world import make_world

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def worlds(tenant_a):
    with in_tenant(tenant_a):
        return make_world(tenant_a, money=""), make_world(tenant_a, money="")


@pytest.fixture
def admin(tenant_a):
    return make_user(tenant_a, ROLE_ADMIN, first_name="Ewa", last_name="Admin")


def received(api, **params) -> list[dict]:
    return api.get("messages", {"folder": "received", **params}).json()["items"]


def test_given_an_institution_when_sending_to_many_with_a_pdf_then_its_people_receive_it_and_others_do_not(
    worlds, tenant_a, admin
):
    here, there = worlds
    body = {
        "institutionIds": [here.institution.pk],
        "subject": "Zebranie",
        "text": "Zapraszamy rodziców.",
        "attachments": [SimpleUploadedFile("plan.pdf", PDF)],
    }

    created = Api(tenant_a, admin).post("messages/many", body, format="multipart")

    assert created.status_code == 201, created.content
    assert created.json()["receiversCount"] == 2  # the parent and the worker of that institution
    message_id = created.json()["id"]
    parent = Api(tenant_a, here.parent)
    [item] = received(parent)
    assert (item["subject"], item["sender"]["fullName"], item["readAt"]) == ("Zebranie", "Ewa Admin", None)
    assert received(parent, unread="true") == [item]
    [attachment] = item["attachments"]
    assert (attachment["name"], attachment["kind"], attachment["size"]) == ("plan.pdf", "pdf", len(PDF))
    url = f"messages/{message_id}/attachments/{attachment['id']}/download"
    for reader in (parent, Api(tenant_a, admin)):
        response = reader.get(url)
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert b"".join(response.streaming_content) == PDF
    outsider = Api(tenant_a, there.parent)
    assert received(outsider) == []
    assert outsider.get(url).status_code == 404
    assert Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).get(url).status_code == 404  # not the sender
    with in_tenant(tenant_a):
        notified = set(Notification.objects.filter(kind="message.received").values_list("receiver", flat=True))
    assert notified == {here.parent.pk, here.worker_user.pk}
    assert parent.get("notifications/unread").json()["hasUnreadMessages"] is True
    [sent] = Api(tenant_a, admin).get("messages", {"folder": "sent"}).json()["items"]
    assert (sent["receiversCount"], sent["readCount"], sent["receiver"]) == (2, 0, None)


def test_given_a_message_when_read_then_closed_then_reopened_then_it_moves_between_folders_and_repeats_change_nothing(
    worlds, tenant_a, admin
):
    here, _ = worlds
    created = Api(tenant_a, admin).post("messages", {"receiverId": here.parent.pk, "subject": "S", "text": "T"})
    message_id = created.json()["id"]
    parent = Api(tenant_a, here.parent)

    assert parent.post("messages/read", {"ids": [message_id]}).json() == {"status": True}
    [item] = received(parent)
    read_at = item["readAt"]
    assert read_at is not None
    assert parent.post("messages/read", {"ids": [message_id]}).status_code == 200
    assert received(parent)[0]["readAt"] == read_at  # a second click keeps the first reading
    assert received(parent, unread="true") == []
    assert parent.get("notifications/unread").json()["hasUnreadMessages"] is False

    parent.post("messages/read", {"ids": [message_id], "closed": True})
    assert received(parent) == []
    [closed] = parent.get("messages", {"folder": "closed"}).json()["items"]
    assert closed["closedAt"] is not None
    parent.post("messages/read", {"ids": [message_id], "closed": False})
    assert [m["id"] for m in received(parent)] == [message_id]
    [sent] = Api(tenant_a, admin).get("messages", {"folder": "sent"}).json()["items"]
    assert (sent["receiver"]["fullName"], sent["readCount"]) == (here.parent.full_name, 1)


def test_given_no_ids_when_reading_then_the_whole_received_folder_and_no_one_elses(worlds, tenant_a, admin):
    here, there = worlds
    api = Api(tenant_a, admin)
    for person in (here.parent, here.parent, there.parent):
        api.post("messages", {"receiverId": person.pk, "subject": "S", "text": "T"})

    Api(tenant_a, here.parent).post("messages/read", {})

    with in_tenant(tenant_a):
        assert MessageReceipt.objects.filter(receiver=here.parent, read_at__isnull=True).count() == 0
        assert MessageReceipt.objects.filter(receiver=there.parent, read_at__isnull=True).count() == 1


def test_given_a_parent_when_answering_a_message_then_it_goes_to_its_sender_only(worlds, tenant_a, admin):
    here, there = worlds
    message_id = (
        Api(tenant_a, admin).post("messages", {"receiverId": here.parent.pk, "subject": "S", "text": "T"}).json()["id"]
    )
    parent = Api(tenant_a, here.parent)

    answer = parent.post("messages", {"replyToId": message_id, "subject": "Re: S", "text": "Dziękuję"})

    assert answer.status_code == 201, answer.content
    [item] = received(Api(tenant_a, admin))
    assert (item["subject"], item["replyToId"], item["sender"]["id"]) == ("Re: S", message_id, here.parent.pk)
    assert_error(
        parent.post("messages", {"receiverId": there.parent.pk, "subject": "S", "text": "T"}), 403, "Forbidden."
    )
    own = parent.post("messages", {"replyToId": answer.json()["id"], "subject": "S", "text": "T"})
    assert_error(
        own,
        400,
        "The given data was invalid.",
        {"replyToId": ["You can only answer a message you received, to its sender."]},
    )
    other = Api(tenant_a, there.parent).post("messages", {"replyToId": message_id, "subject": "S", "text": "T"})
    assert_error(other, 404, "Not found.")


def test_given_an_institutions_admin_when_writing_then_only_to_people_of_their_institutions(worlds, tenant_a):
    here, there = worlds
    head = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN)
    with in_tenant(tenant_a):
        head.institutions.set([here.institution])
    api = Api(tenant_a, head)

    everyone = api.post("messages/many", {"everyone": True, "subject": "S", "text": "T"})
    outside = api.post("messages", {"receiverId": there.parent.pk, "subject": "S", "text": "T"})
    only_there = api.post("messages/many", {"institutionIds": [there.institution.pk], "subject": "S", "text": "T"})

    assert everyone.status_code == 201
    with in_tenant(tenant_a):
        receivers = set(MessageReceipt.objects.values_list("receiver", flat=True))
    assert receivers == {here.parent.pk, here.worker_user.pk}
    assert_error(
        outside, 400, "The given data was invalid.", {"receiverId": ["This person cannot receive your message."]}
    )
    assert_error(only_there, 400, "No one you may write to is in this audience.")
    counted = api.post("messages/receivers", {"everyone": True, "perPage": 1}).json()
    assert counted["total"] == 2 and len(counted["items"]) == 1


def test_given_an_empty_audience_when_sending_to_many_then_a_clear_refusal_and_nothing_sent(worlds, tenant_a, admin):
    response = Api(tenant_a, admin).post("messages/many", {"subject": "S", "text": "T"})

    assert_error(response, 400, "Choose who receives the message.")
    with in_tenant(tenant_a):
        assert Message.objects.count() == 0


def test_given_everyone_when_sending_then_cooks_and_the_sender_are_left_out(worlds, tenant_a, admin):
    cook = make_user(tenant_a, ROLE_COOK)

    created = Api(tenant_a, admin).post("messages/many", {"everyone": True, "subject": "S", "text": "T"})

    assert created.status_code == 201
    with in_tenant(tenant_a):
        receivers = set(MessageReceipt.objects.values_list("receiver", flat=True))
    assert cook.pk not in receivers and admin.pk not in receivers
    assert {w.parent.pk for w in worlds} <= receivers


def test_given_rich_text_with_a_script_when_sending_then_only_the_allowed_formatting_is_kept(worlds, tenant_a, admin):
    html = '<p onclick="x()">Hej <strong>wszystkim</strong><script>alert(1)</script> <a href="javascript:x()">a</a></p>'

    Api(tenant_a, admin).post(
        "messages", {"receiverId": worlds[0].parent.pk, "subject": "S", "text": html, "rich": True}
    )

    with in_tenant(tenant_a):
        text = Message.objects.get().text
    assert "<strong>wszystkim</strong>" in text
    assert "script" not in text and "onclick" not in text and "javascript" not in text


def test_given_a_page_named_pdf_when_attaching_then_refused_and_nothing_stored(worlds, tenant_a, admin, tmp_path):
    page = SimpleUploadedFile("plan.pdf", b"<html><script>alert(1)</script></html>")
    body = {"receiverId": worlds[0].parent.pk, "subject": "S", "text": "T", "attachments": [page]}

    response = Api(tenant_a, admin).post("messages", body, format="multipart")

    assert_error(
        response, 400, "The given data was invalid.", {"attachments": ["Unsupported file type: allowed pdf, jpg, png."]}
    )
    with in_tenant(tenant_a):
        assert (Message.objects.count(), MessageAttachment.objects.count()) == (0, 0)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_given_an_attachment_of_another_message_when_asked_through_this_one_then_not_found(worlds, tenant_a, admin):
    api = Api(tenant_a, admin)
    to = worlds[0].parent.pk
    first = api.post(
        "messages",
        {"receiverId": to, "subject": "S", "text": "T", "attachments": [SimpleUploadedFile("a.pdf", PDF)]},
        format="multipart",
    ).json()["id"]
    second = api.post("messages", {"receiverId": to, "subject": "S", "text": "T"}).json()["id"]
    with in_tenant(tenant_a):
        attachment = MessageAttachment.objects.get(message_id=first).pk

    assert api.get(f"messages/{second}/attachments/{attachment}/download").status_code == 404


def test_given_a_larger_audience_when_sending_then_the_same_queries(tenant_a, admin, worlds):
    """A message to many is one message row, its receipts in bulk and one notification insert: the queries do not
    grow with the audience (up to RECEIPTS_BATCH receivers a batch)."""
    here, _ = worlds

    def queries(audience: Audience) -> int:
        with in_tenant(tenant_a), capture_queries() as captured:
            message_send_many(actor=admin, audience=audience, subject="S", text="T")
        return len(captured)

    assert queries(Audience.of(institution_ids=[here.institution.pk])) == queries(Audience.of(everyone=True))
    with in_tenant(tenant_a):
        assert list(Message.objects.values_list("receivers_count", flat=True)) == [4, 2]


def test_the_folder_is_a_fixed_number_of_queries_whatever_the_page_size_and_the_files(worlds, tenant_a, admin):
    api = Api(tenant_a, admin)
    to = worlds[0].parent.pk
    for i in range(6):
        files = [SimpleUploadedFile(f"{j}.pdf", PDF) for j in range(i % 3)]
        api.post(
            "messages", {"receiverId": to, "subject": f"S{i}", "text": "T", "attachments": files}, format="multipart"
        )
    parent = Api(tenant_a, worlds[0].parent)

    def queries(per_page: int) -> int:
        with capture_queries() as captured:
            assert len(parent.get("messages", {"perPage": per_page}).json()["items"]) == per_page
        return len(captured)

    # The session, the count, the page, its files.
    assert queries(1) == queries(6) == 4


def test_given_an_unread_message_and_many_notifications_the_bell_is_still_one_query(worlds, tenant_a, admin):
    here, _ = worlds
    Api(tenant_a, admin).post("messages", {"receiverId": here.parent.pk, "subject": "S", "text": "T"})
    with in_tenant(tenant_a):
        Notification.objects.bulk_create(
            [
                Notification(
                    receiver=here.parent, kind="ticket.answered", created_at=timezone.now() - timedelta(days=1)
                )
                for _ in range(50)
            ]
        )
        with assert_num_queries(1):
            found = bell(actor=here.parent, per_page=5)
    assert found.has_unread_messages is True and found.unread == 51


def test_a_message_notifies_by_e_mail_in_the_receivers_language(worlds, tenant_a, admin):
    Api(tenant_a, admin).post("messages", {"receiverId": worlds[0].parent.pk, "subject": "Zebranie", "text": "T"})

    with in_tenant(tenant_a):
        [email] = sent_emails()
    assert "Zebranie" in email["text"]


def test_given_no_audience_when_listing_receivers_then_the_people_picker_searches_everyone_in_reach(worlds, tenant_a):
    here, there = worlds
    head = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN)
    with in_tenant(tenant_a):
        head.institutions.set([here.institution])
    api = Api(tenant_a, head)

    everyone = api.post("messages/receivers", {}).json()
    found = api.post("messages/receivers", {"search": here.parent.last_name}).json()

    assert {person["id"] for person in everyone["items"]} == {here.parent.pk, here.worker_user.pk}
    assert here.parent.pk in {person["id"] for person in found["items"]}
    assert there.parent.pk not in {person["id"] for person in found["items"]}
