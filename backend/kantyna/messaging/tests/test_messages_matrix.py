"""Every messages endpoint x every persona (kantyna/testing/matrix.py): everyone but cooks reads their folders and
answers a message they received; administrators and institutions admins (the people of their institutions) start
one, to one person or to many; a message's file is its sender's and receivers' only (404 to anyone else); a refusal
changes nothing; tenant A's token on B's host is 401 and B's admin finds none of A's messages."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.messaging.api.messages import urlpatterns as messages_urlpatterns
from kantyna.messaging.models import Message, MessageAttachment, MessageReceipt
from kantyna.messaging.services import message_send
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.matrix import (
    ADMIN,
    COOK,
    IA,
    IA_WITHOUT,
    PARENT,
    TENANT_USERS,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    personas,
    route_coverage_test,
    routes_of,
)
from kantyna.testing.world import make_world

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n%%EOF\n"
READERS = TENANT_USERS - personas(COOK)
WRITERS = personas(ADMIN, IA, IA_WITHOUT)
# The parent received the message; every other reader holds the ability but not the message.
ON_PARENTS_MESSAGE = {"allowed": personas(PARENT), "hidden": READERS - personas(PARENT)}
MESSAGE = {"subject": "Zebranie", "text": "Zapraszamy."}


def _many(ids):
    return {**MESSAGE, "institutionIds": [ids["institution"]], "attachments": [SimpleUploadedFile("a.pdf", PDF)]}


ROWS = [
    Row("folder", "GET", "messages?folder=received", READERS),
    Row("send to one", "POST", "messages", WRITERS, body=lambda ids: {**MESSAGE, "receiverId": ids["parent"]}, ok=201, writes=True, foreign=400),
    Row("answer", "POST", "messages", body=lambda ids: {**MESSAGE, "replyToId": ids["message"]}, ok=201, writes=True, foreign=404, **ON_PARENTS_MESSAGE),
    Row("send to many", "POST", "messages/many", WRITERS, body=_many, ok=201, writes=True, multipart=True, foreign=400),
    Row("read", "POST", "messages/read", READERS, body=lambda ids: {"ids": [ids["message"]], "closed": True}, foreign=200),
    Row("receivers", "POST", "messages/receivers", WRITERS, body={"everyone": True}),
    Row("download", "GET", "messages/{message}/attachments/{attachment}/download", **ON_PARENTS_MESSAGE),
]  # fmt: skip


@pytest.fixture
def world(tenant_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")
        sender = make_user(tenant_a, ROLE_ADMIN)
        message = message_send(
            actor=sender,
            receiver_id=world.parent.pk,
            subject="Jadłospis",
            text="W załączniku.",
            attachments=[SimpleUploadedFile("jadlospis.pdf", PDF)],
        )
        attachment = message.attachments.get()
    ids = {"message": message.pk, "attachment": attachment.pk, "parent": world.parent.pk}
    return SimpleNamespace(world=world, ids={**ids, "institution": world.institution.pk})


def state(tenant):
    with in_tenant(tenant):
        return {
            "messages": list(Message.objects.order_by("pk").values_list("pk", "receivers_count")),
            "receipts": list(MessageReceipt.objects.order_by("pk").values_list("pk", "read_at", "closed_at")),
            "files": MessageAttachment.objects.count(),
        }


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS,
    state,
    people=lambda world: Personas(
        parent=world.world.parent, worker=world.world.worker_user, institutions=[world.world.institution]
    ),
)


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(messages_urlpatterns), area="messages"
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)


def test_given_another_tenants_admin_when_listing_then_none_of_this_tenants_messages(world, tenant_b):
    api = Api(tenant_b, make_user(tenant_b, ROLE_ADMIN))

    assert api.get("messages", {"folder": "sent"}).json()["items"] == []
    assert api.post("messages/receivers", {"everyone": True}).json()["total"] == 0
