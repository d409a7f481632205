"""Every notifications and help tickets endpoint x every persona (kantyna/testing/matrix.py): anyone opens a ticket and
reads the categories and the bell; the queue is read and worked by administrators, ticket admins and institutions
admins with tickets_manage (their institutions'), customers their own tickets (another's is 404); a refusal changes
nothing, an allowed write changes something; tenant A's token on B's host is 401 and B's admin finds none of A's
tickets."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from kantyna.messaging.api.messages import urlpatterns as messages_urlpatterns
from kantyna.messaging.api.urls import urlpatterns as messaging_urlpatterns
from kantyna.messaging.models import Notification, Ticket, TicketMessage
from kantyna.messaging.services import ticket_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.matrix import (
    ADMIN,
    IA,
    PARENT,
    TENANT_USERS,
    TICKET_ADMIN,
    WORKER,
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

TICKET = "tickets/{ticket}"
MANAGERS = personas(ADMIN, IA, TICKET_ADMIN)
VIEWERS = MANAGERS | personas(PARENT, WORKER)
# The parent's ticket: the worker holds the ability but not the ticket.
ON_PARENTS_TICKET = {"allowed": MANAGERS | personas(PARENT), "hidden": personas(WORKER), "permission": "tickets_manage"}

ROWS = [
    Row("bell", "GET", "notifications/unread?perPage=5", TENANT_USERS),
    Row("read all", "POST", "notifications/read", TENANT_USERS),
    Row("categories", "GET", "tickets/categories", TENANT_USERS),
    Row("create", "POST", "helpTickets", TENANT_USERS, body={"category": "other", "subject": "S", "text": "T"}, ok=201, writes=True),
    Row("list", "GET", "tickets?state=open", VIEWERS, permission="tickets_manage"),
    Row("details", "GET", TICKET, **ON_PARENTS_TICKET),
    Row("answer", "POST", TICKET + "/answers", body={"text": "Odpowiedź"}, ok=201, writes=True, **ON_PARENTS_TICKET),
    Row("close", "POST", TICKET + "/close", writes=True, **ON_PARENTS_TICKET),
    Row("attachment", "GET", TICKET + "/attachments/{attachment}", **ON_PARENTS_TICKET),
]  # fmt: skip


@pytest.fixture
def world(tenant_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")
        ticket = ticket_create(
            actor=world.parent,
            category="meals",
            subject="Zimna zupa",
            text="Była zimna.",
            attachments=[SimpleUploadedFile("zdjecie.pdf", b"%PDF-1.4\n%%EOF\n")],
        )
        attachment = ticket.attachments.get()
    return SimpleNamespace(world=world, ids={"ticket": ticket.pk, "attachment": attachment.pk})


def state(tenant):
    with in_tenant(tenant):
        return {
            "tickets": list(Ticket.objects.order_by("pk").values_list("pk", "state")),
            "messages": TicketMessage.objects.count(),
            "notifications": list(Notification.objects.order_by("pk").values_list("pk", "read_at")),
        }


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS,
    state,
    people=lambda world: Personas(
        parent=world.world.parent, worker=world.world.worker_user, institutions=[world.world.institution]
    ),
)


# Messages have their own table (test_messages_matrix.py).
test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(messaging_urlpatterns) - routes_of(messages_urlpatterns), area="messaging"
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)


def test_given_another_tenants_admin_when_listing_then_none_of_this_tenants_tickets(world, tenant_b):
    api = Api(tenant_b, make_user(tenant_b, "ROLE_ADMIN"))

    assert api.get("tickets").json()["items"] == []
