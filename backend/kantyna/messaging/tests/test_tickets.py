"""Help tickets: anyone opens one in a category of the tenant's variant; who sees which ticket; filters and paging;
an answer and the closing notify the author (bell and e-mail); a closed ticket takes no more answers."""

from __future__ import annotations

import pytest
from django.test import override_settings

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_TICKET_ADMIN
from kantyna.messaging.models import Notification, Ticket, TicketMessage
from kantyna.messaging.tests.helpers import sent_emails
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.assertions import assert_error
from kantyna.testing.queries import assert_num_queries
from kantyna.testing.world import make_school, make_world
from kantyna.users.models import User

pytestmark = pytest.mark.django_db

BODY = {"category": "meals", "subject": "Zimna zupa", "text": "Zupa w piątek była zimna."}


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")
        world.parent.account.locale = "en"
        world.parent.account.save()
    world.ticket_admin = make_user(tenant_a, ROLE_TICKET_ADMIN, first_name="Tomasz", last_name="Pomocny")
    return world


def open_ticket(tenant, user, **changes) -> int:
    response = Api(tenant, user).post("helpTickets", {**BODY, **changes})
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_given_a_parent_when_opening_a_ticket_then_it_is_open_with_the_childrens_institution(world, tenant_a):
    ticket_id = open_ticket(tenant_a, world.parent)

    with in_tenant(tenant_a):
        ticket = Ticket.objects.get(pk=ticket_id)
    assert (ticket.author_id, ticket.category, ticket.subject, ticket.state, ticket.institution_id) == (
        world.parent.pk,
        "meals",
        "Zimna zupa",
        "open",
        world.institution.pk,
    )


def test_given_variant_a_when_opening_in_a_variant_b_category_then_refused_and_nothing_stored(world, tenant_a):
    response = Api(tenant_a, world.parent).post("helpTickets", {**BODY, "category": "meals_quality"})

    assert_error(response, 400, "The given data was invalid.", {"category": ["Choose one of the listed categories."]})
    with in_tenant(tenant_a):
        assert Ticket.objects.count() == 0


def test_given_a_variant_b_tenant_when_asking_the_categories_then_variant_b(world, tenant_a):
    api = Api(tenant_a, world.parent)
    assert api.get("tickets/categories").json()["categories"][0] == "complaints"

    with override_settings(TICKET_CATEGORIES_B_TENANTS=[tenant_a.slug]):
        categories = api.get("tickets/categories").json()["categories"]
        created = api.post("helpTickets", {**BODY, "category": "payments_and_settlements"})

    assert categories == [
        "meals_quality",
        "service_quality",
        "meals_availability",
        "lunch_card",
        "technical_support",
        "payments_and_settlements",
        "other",
    ]
    assert created.status_code == 201


def test_given_tickets_when_listing_then_each_sees_their_reach_and_filters_narrow(world, tenant_a):
    parents_ticket = open_ticket(tenant_a, world.parent)
    workers_ticket = open_ticket(tenant_a, world.worker_user, category="orders")
    elsewhere = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["tickets_manage"])
    ia = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["tickets_manage"])
    with in_tenant(tenant_a):
        ia.institutions.set([world.institution])

    def ids(user, **query):
        return [item["id"] for item in Api(tenant_a, user).get("tickets", query).json()["items"]]

    assert ids(world.ticket_admin) == [workers_ticket, parents_ticket]
    assert ids(ia) == [workers_ticket, parents_ticket]
    assert ids(elsewhere) == []
    assert ids(world.parent) == [parents_ticket]
    assert ids(world.worker_user) == [workers_ticket]
    assert ids(world.ticket_admin, category="orders") == [workers_ticket]
    assert ids(world.ticket_admin, state="closed") == []
    assert ids(world.ticket_admin, institutionId=world.institution.pk, perPage=1, page=2) == [parents_ticket]
    assert ids(world.ticket_admin, dateFrom="2000-01-01", dateTo="2000-01-31") == []


def test_given_tickets_when_listing_then_two_queries_whatever_their_number(world, tenant_a):
    for _ in range(3):
        open_ticket(tenant_a, world.parent)
    api = Api(tenant_a, world.ticket_admin)
    api.get("tickets")  # the session's first read warms per-process caches

    with in_tenant(tenant_a):
        from kantyna.messaging.selectors import tickets_list

        with assert_num_queries(2):  # the count and the page with authors, institutions and answers counted
            rows = [
                (t.author.full_name, t.institution.name, t.answers_count)
                for t in tickets_list(actor=world.ticket_admin)[:20]
            ] + [tickets_list(actor=world.ticket_admin).count()]
    assert len(rows) == 4


def test_given_an_answer_and_the_closing_then_the_author_is_notified_and_reads_the_conversation(world, tenant_a):
    ticket_id = open_ticket(tenant_a, world.parent)
    admin = Api(tenant_a, world.ticket_admin)

    answered = admin.post(f"tickets/{ticket_id}/answers", {"text": "Przepraszamy, sprawdzimy."})
    closed = admin.post(f"tickets/{ticket_id}/close")

    assert answered.status_code == 201 and closed.json() == {"status": True}
    details = Api(tenant_a, world.parent).get(f"tickets/{ticket_id}").json()
    assert details["state"] == "closed"
    assert details["closedBy"]["fullName"] == "Tomasz Pomocny"
    assert [(m["author"]["fullName"], m["text"]) for m in details["messages"]] == [
        ("Tomasz Pomocny", "Przepraszamy, sprawdzimy.")
    ]
    bell = Api(tenant_a, world.parent).get("notifications/unread", {"perPage": 5}).json()
    assert bell["unreadNotifications"] == 2
    assert [n["title"] for n in bell["notifications"]] == [
        "Your help ticket was closed",
        "New answer to your help ticket",
    ]
    assert bell["notifications"][1]["link"] == f"/tickets?ticket={ticket_id}"
    with in_tenant(tenant_a):
        emails = sent_emails()
    assert [(e["to"], e["subject"]) for e in emails] == [
        ([world.ticket_admin.account.email], "Nowe zgłoszenie"),
        ([world.parent.account.email], "New answer to your help ticket"),
        ([world.parent.account.email], "Your help ticket was closed"),
    ]


def notified(tenant, kind: str) -> set[int]:
    with in_tenant(tenant):
        return set(Notification.objects.filter(kind=kind).values_list("receiver_id", flat=True))


def test_given_a_new_ticket_then_the_ticket_admins_and_its_institutions_managers_are_told(world, tenant_a):
    head = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["tickets_manage"])
    head_without = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN)
    head_elsewhere = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["tickets_manage"])
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        head.institutions.set([world.institution])
        head_without.institutions.set([world.institution])
        head_elsewhere.institutions.set([make_school(99)])

    ticket_id = open_ticket(tenant_a, world.parent)

    assert notified(tenant_a, "ticket.opened") == {world.ticket_admin.pk, head.pk}
    bell = Api(tenant_a, world.ticket_admin).get("notifications/unread", {"perPage": 5}).json()
    assert [(n["title"], n["link"]) for n in bell["notifications"]] == [
        ("New help ticket", f"/tickets?ticket={ticket_id}")
    ]
    assert admin.pk not in notified(tenant_a, "ticket.opened")


def test_given_no_ticket_admin_then_the_administrators_are_told_of_a_new_ticket(world, tenant_a):
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        User.objects.filter(pk=world.ticket_admin.pk).update(is_active=False)

    open_ticket(tenant_a, world.parent)

    assert notified(tenant_a, "ticket.opened") == {admin.pk}


def test_given_the_author_writing_in_their_ticket_then_who_answered_is_told_else_its_handlers(world, tenant_a):
    other_admin = make_user(tenant_a, ROLE_TICKET_ADMIN)
    ticket_id = open_ticket(tenant_a, world.parent)
    author = Api(tenant_a, world.parent)

    before_answers = author.post(f"tickets/{ticket_id}/answers", {"text": "Jeszcze jedno."})
    assert before_answers.status_code == 201
    assert notified(tenant_a, "ticket.author_wrote") == {world.ticket_admin.pk, other_admin.pk}
    with in_tenant(tenant_a):
        Notification.objects.filter(kind="ticket.author_wrote").delete()

    Api(tenant_a, world.ticket_admin).post(f"tickets/{ticket_id}/answers", {"text": "Sprawdzamy."})
    after_answer = author.post(f"tickets/{ticket_id}/answers", {"text": "Dziękuję."})

    assert after_answer.status_code == 201
    assert notified(tenant_a, "ticket.author_wrote") == {world.ticket_admin.pk}


def test_given_a_closed_ticket_when_answering_or_closing_again_then_refused_and_nothing_changes(world, tenant_a):
    ticket_id = open_ticket(tenant_a, world.parent)
    admin = Api(tenant_a, world.ticket_admin)
    admin.post(f"tickets/{ticket_id}/close")
    with in_tenant(tenant_a):
        before = (TicketMessage.objects.count(), Notification.objects.count())

    answer = admin.post(f"tickets/{ticket_id}/answers", {"text": "Za późno."})
    again = admin.post(f"tickets/{ticket_id}/close")

    assert_error(answer, 409, "This ticket is closed.")
    assert_error(again, 409, "This ticket is already closed.")
    with in_tenant(tenant_a):
        assert (TicketMessage.objects.count(), Notification.objects.count()) == before
