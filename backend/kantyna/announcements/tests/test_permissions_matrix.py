"""Every announcements and recipients endpoint x every persona (kantyna/testing/matrix.py): everyone reads the list,
their unseen ones and marks them seen; an announcement for the world's institution is read (with its file) by those it
reaches — its parent and worker, the institutions admins managing it, the administrator — and is 404 for the rest;
only administrators publish, change, delete and keep recipients lists; a refusal changes nothing; tenant A's token on
B's host is 401 and B's admin finds none of A's rows."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from kantyna.announcements.api.urls import urlpatterns as announcements_urlpatterns
from kantyna.announcements.models import Announcement, AnnouncementAttachment, AnnouncementSeen, RecipientsList
from kantyna.announcements.services import announcement_create, recipients_list_create
from kantyna.ordering.cutoff import tenant_today
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.matrix import (
    ADMIN,
    IA,
    IA_WITHOUT,
    PARENT,
    TENANT_USERS,
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

PDF = b"%PDF-1.4\n%%EOF\n"
ANNOUNCEMENT = "announcements/{announcement}"
ADMINS = personas(ADMIN)
REACHED = personas(ADMIN, IA, IA_WITHOUT, PARENT, WORKER)
READ = {"allowed": REACHED, "hidden": TENANT_USERS - REACHED}


def announcement_body(ids):
    return {
        "title": "Nowe",
        "text": "<p>Treść</p>",
        "validFrom": tenant_today().isoformat(),
        "institutionIds": [ids["institution"]],
        "attachments": [SimpleUploadedFile("plan.pdf", PDF)],
    }


LIST_BODY = {"name": "Kuchnia", "roles": ["ROLE_COOK"], "emails": ["kuchnia@example.test"]}

ROWS = [
    Row("list", "GET", "announcements", TENANT_USERS),
    Row("unseen", "GET", "announcements/unseen", TENANT_USERS),
    Row("mark all as seen", "POST", "announcements/markAllAsSeen", TENANT_USERS),
    Row("publish", "POST", "announcements", ADMINS, body=announcement_body, ok=201, writes=True, multipart=True),
    Row("details", "GET", ANNOUNCEMENT, **READ),
    Row("update", "POST", ANNOUNCEMENT, ADMINS, body=announcement_body, writes=True, multipart=True),
    Row("delete", "DELETE", ANNOUNCEMENT, ADMINS, writes=True),
    Row("download", "GET", ANNOUNCEMENT + "/attachments/{attachment}/download", **READ),
    Row("attachment delete", "DELETE", ANNOUNCEMENT + "/attachments/{attachment}/delete", ADMINS, writes=True),
    Row("recipients", "GET", "recipients", ADMINS),
    Row("recipients list", "GET", "recipients/{recipients}", ADMINS),
    Row("recipients create", "POST", "recipients", ADMINS, body=LIST_BODY, ok=201, writes=True),
    Row("recipients update", "PUT", "recipients/{recipients}", ADMINS, body=LIST_BODY, writes=True),
    # PATCH: the router maps it to partial_update, for which no ability is declared: closed to everyone.
    Row("recipients patch", "PATCH", "recipients/{recipients}", personas(), body={"name": "Nowa"}, foreign=403),
    Row("recipients delete", "DELETE", "recipients/{recipients}", ADMINS, writes=True),
]


@pytest.fixture
def world(tenant_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")
        admin = make_user(tenant_a, "ROLE_ADMIN")
        announcement = announcement_create(
            actor=admin,
            title="Plan",
            text="<p>Plan</p>",
            valid_from=tenant_today(),
            institution_ids=[world.institution.pk],
            attachments=[SimpleUploadedFile("plan.pdf", PDF)],
        )
        recipients = recipients_list_create(actor=admin, name="Rodzice", roles=["ROLE_PARENT"])
        attachment = announcement.attachments.get()
    ids = {
        "announcement": announcement.pk,
        "attachment": attachment.pk,
        "recipients": recipients.pk,
        "institution": world.institution.pk,
    }
    return SimpleNamespace(world=world, ids=ids)


def state(tenant):
    with in_tenant(tenant):
        return {
            "announcements": list(Announcement.objects.order_by("pk").values_list("pk", "title", "institution_ids")),
            "attachments": list(AnnouncementAttachment.objects.order_by("pk").values_list("pk", flat=True)),
            "seen": AnnouncementSeen.objects.count(),
            "lists": list(RecipientsList.objects.order_by("pk").values_list("pk", "name", "roles")),
        }


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS,
    state,
    people=lambda world: Personas(
        parent=world.world.parent, worker=world.world.worker_user, institutions=[world.world.institution]
    ),
)


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(announcements_urlpatterns), area="announcements"
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)


def test_given_another_tenants_admin_when_listing_then_none_of_this_tenants_rows(world, tenant_b):
    api = Api(tenant_b, make_user(tenant_b, "ROLE_ADMIN"))

    assert api.get("announcements").json()["items"] == []
    assert api.get("recipients").json()["items"] == []
    assert api.get("announcements/unseen").json()["items"] == []
