"""Announcements end to end through the API: published to one institution with a PDF, a parent there sees it once
among the unseen (until marked seen), a parent elsewhere never; the list shows receivers what is valid today and the
administrator everything; the text is sanitized; bad input is refused whole; files are read only by receivers."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from kantyna.announcements.models import Announcement, AnnouncementAttachment, AnnouncementSeen
from kantyna.announcements.services import clean_text
from kantyna.core.permissions import ROLE_ADMIN, ROLE_PARENT
from kantyna.messaging.models import Notification
from kantyna.messaging.tests.helpers import sent_emails
from kantyna.ordering.cutoff import tenant_today
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.assertions import assert_error
from kantyna.testing.queries import assert_num_queries
from kantyna.testing.world import make_catalog, make_family, make_institution_with_classroom

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def town(tenant_a):
    with in_tenant(tenant_a):
        catalog = make_catalog()
        school, classroom = make_institution_with_classroom(1)
        other_school, other_classroom = make_institution_with_classroom(2)
        here, _ = make_family(tenant_a, classroom, catalog.standard, first_names=("Ola",))
        elsewhere, _ = make_family(tenant_a, other_classroom, catalog.standard, first_names=("Jan",))
        admin = make_user(tenant_a, ROLE_ADMIN)
    return type(
        "Town",
        (),
        {"school": school, "other_school": other_school, "here": here, "elsewhere": elsewhere, "admin": admin},
    )


def body(**overrides):
    today = tenant_today()
    return {"title": "Zmiana jadłospisu", "text": "<p>Od <strong>poniedziałku</strong> nowe menu.</p>",
            "validFrom": today.isoformat(), "validTo": (today + timedelta(days=7)).isoformat(), **overrides}  # fmt: skip


def publish(api, **overrides):
    response = api.post("announcements", body(**overrides), format="multipart")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_given_an_announcement_for_one_institution_when_parents_navigate_then_only_its_parent_sees_it_once(
    town, tenant_a
):
    admin, here, elsewhere = Api(tenant_a, town.admin), Api(tenant_a, town.here), Api(tenant_a, town.elsewhere)

    announcement_id = publish(admin, institutionIds=[town.school.pk], attachments=[SimpleUploadedFile("menu.pdf", PDF)])

    [shown] = here.get("announcements/unseen").json()["items"]
    assert (shown["id"], shown["title"], shown["institutionIds"]) == (
        announcement_id,
        "Zmiana jadłospisu",
        [town.school.pk],
    )
    assert shown["text"] == "<p>Od <strong>poniedziałku</strong> nowe menu.</p>"
    [attachment] = shown["attachments"]
    assert (attachment["name"], attachment["kind"]) == ("menu.pdf", "pdf")
    assert elsewhere.get("announcements/unseen").json()["items"] == []
    assert here.post("announcements/markAllAsSeen").json() == {"status": True}
    assert here.get("announcements/unseen").json() == {"items": [], "total": 0, "page": 1, "perPage": 50}
    assert here.post("announcements/markAllAsSeen").status_code == 200  # nothing left: nothing written twice
    # Still in the list, with its file for its receivers only.
    assert [row["id"] for row in here.get("announcements").json()["items"]] == [announcement_id]
    assert elsewhere.get("announcements").json()["items"] == []
    download = f"announcements/{announcement_id}/attachments/{attachment['id']}/download"
    response = here.get(download)
    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    assert b"".join(response.streaming_content) == PDF
    assert elsewhere.get(download).status_code == 404
    assert elsewhere.get(f"announcements/{announcement_id}").status_code == 404
    # A new one is unseen again; the seen one is not.
    second = publish(admin, everyone="true", title="Dla wszystkich")
    assert [row["id"] for row in here.get("announcements/unseen").json()["items"]] == [second]
    with in_tenant(tenant_a):
        assert AnnouncementSeen.objects.filter(user=town.here).count() == 1
        notified = list(Notification.objects.filter(kind="announcement.published").values_list("receiver_id", "params"))
    assert [receiver for receiver, params in notified if params == {"title": "Zmiana jadłospisu"}] == [town.here.pk]


def test_given_dates_when_listing_then_receivers_see_what_is_valid_today_and_the_admin_everything(town, tenant_a):
    admin = Api(tenant_a, town.admin)
    today = tenant_today()
    current = publish(admin, everyone="true", title="Teraz")
    publish(admin, everyone="true", title="Za tydzień", validFrom=(today + timedelta(days=7)).isoformat(), validTo="")
    publish(admin, everyone="true", title="Było", validFrom=(today - timedelta(days=9)).isoformat(),
            validTo=(today - timedelta(days=1)).isoformat())  # fmt: skip

    parent = Api(tenant_a, town.here)
    assert [row["id"] for row in parent.get("announcements").json()["items"]] == [current]
    assert [row["id"] for row in parent.get("announcements/unseen").json()["items"]] == [current]
    assert admin.get("announcements").json()["total"] == 3
    assert [row["title"] for row in admin.get("announcements?search=tydz").json()["items"]] == ["Za tydzień"]


def test_given_a_script_in_the_text_when_publishing_then_only_the_allowed_formatting_is_kept(town, tenant_a):
    text = (
        '<h2 onclick="x()">Ważne</h2><script>alert(1)</script><p style="color:red">Tekst <a href="javascript:x()">'
        'zły</a> <a href="https://example.test/menu">dobry</a><img src=x onerror=alert(1)></p>'
    )
    announcement_id = publish(Api(tenant_a, town.admin), text=text, everyone="true")

    shown = Api(tenant_a, town.here).get(f"announcements/{announcement_id}").json()["text"]
    assert shown == (
        '<h2>Ważne</h2><p>Tekst <a rel="noopener noreferrer">zły</a> '
        '<a href="https://example.test/menu" rel="noopener noreferrer">dobry</a></p>'
    )
    assert clean_text("<ul><li><em>a</em><u>b</u></li></ul><blockquote>c</blockquote>") == (
        "<ul><li><em>a</em><u>b</u></li></ul><blockquote>c</blockquote>"
    )


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        (
            {},
            "everyone",
            "Choose who receives the announcement: everyone, institutions, classrooms, roles or a recipients list.",
        ),
        (
            {"everyone": "true", "validTo": "2020-01-01"},
            "validTo",
            "The end date cannot be earlier than the start date.",
        ),
        ({"everyone": "true", "text": "<script>x</script>"}, "text", "Write the announcement's text."),
        ({"institutionIds": [999999]}, "institutionIds", "Some of the institutions do not exist."),
        ({"roles": ["ROLE_KING"]}, "roles", None),
        ({"everyone": "true", "validFrom": "jutro"}, "validFrom", None),
    ],
    ids=["no audience", "ends before start", "empty text", "unknown institution", "unknown role", "bad date"],
)
def test_given_bad_input_when_publishing_then_400_on_the_field_and_nothing_stored(
    town, tenant_a, overrides, field, message
):
    response = Api(tenant_a, town.admin).post("announcements", body(**overrides), format="multipart")

    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert any(key.split(".")[0] == field for key in errors), errors
    if message:
        assert errors[field] == [message]
    with in_tenant(tenant_a):
        assert Announcement.objects.count() == 0


def test_given_a_page_named_pdf_when_attaching_then_refused_and_nothing_stored(town, tenant_a, tmp_path):
    page = SimpleUploadedFile("menu.pdf", b"<html><script>alert(1)</script></html>")

    response = Api(tenant_a, town.admin).post(
        "announcements", body(everyone="true", attachments=[page]), format="multipart"
    )

    assert_error(
        response, 400, "The given data was invalid.", {"attachments": ["Unsupported file type: allowed pdf, jpg, png."]}
    )
    with in_tenant(tenant_a):
        assert (Announcement.objects.count(), AnnouncementAttachment.objects.count()) == (0, 0)
    assert [path for path in tmp_path.rglob("*") if path.is_file()] == []


def test_given_an_announcement_when_editing_then_files_are_added_and_deleted_one_by_one(
    town, tenant_a, tmp_path, django_capture_on_commit_callbacks
):
    admin = Api(tenant_a, town.admin)
    announcement_id = publish(admin, everyone="true", attachments=[SimpleUploadedFile("a.pdf", PDF)])

    updated = admin.post(
        f"announcements/{announcement_id}",
        body(title="Nowy tytuł", roles=[ROLE_PARENT], attachments=[SimpleUploadedFile("b.pdf", PDF)]),
        format="multipart",
    )

    assert updated.status_code == 200, updated.content
    data = updated.json()
    assert (data["title"], data["everyone"], data["roles"]) == ("Nowy tytuł", False, [ROLE_PARENT])
    first, second = data["attachments"]
    assert (first["name"], second["name"]) == ("a.pdf", "b.pdf")
    with django_capture_on_commit_callbacks(execute=True):
        deleted = admin.delete(f"announcements/{announcement_id}/attachments/{first['id']}/delete")
    assert deleted.json() == {"status": True}
    assert [a["name"] for a in admin.get(f"announcements/{announcement_id}").json()["attachments"]] == ["b.pdf"]
    assert len([path for path in tmp_path.rglob("*") if path.is_file()]) == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert admin.delete(f"announcements/{announcement_id}").json() == {"status": True}
    with in_tenant(tenant_a):
        assert (Announcement.objects.count(), AnnouncementAttachment.objects.count()) == (0, 0)
    assert [path for path in tmp_path.rglob("*") if path.is_file()] == []


def test_given_many_announcements_when_listing_and_asking_for_unseen_then_the_queries_do_not_grow(town, tenant_a):
    admin = Api(tenant_a, town.admin)
    for number in range(6):
        publish(admin, everyone="true", title=f"Ogłoszenie {number}", attachments=[SimpleUploadedFile("a.pdf", PDF)])
    parent = Api(tenant_a, town.here)

    # the caller, their places, the announcements, their files (+ the count of the list's page)
    with assert_num_queries(4):
        assert len(parent.get("announcements/unseen").json()["items"]) == 6
    with assert_num_queries(5):
        assert len(parent.get("announcements").json()["items"]) == 6
    with assert_num_queries(3):  # the caller, their places, one INSERT … SELECT
        parent.post("announcements/markAllAsSeen")
    with in_tenant(tenant_a):
        assert AnnouncementSeen.objects.filter(user=town.here).count() == 6


def test_given_a_date_far_away_when_publishing_then_the_day_counts(town, tenant_a):
    publish(Api(tenant_a, town.admin), everyone="true", validFrom=date(2099, 1, 1).isoformat(), validTo="")
    assert Api(tenant_a, town.here).get("announcements/unseen").json()["items"] == []


def test_given_a_polish_admin_and_parent_when_publishing_then_the_refusal_and_the_email_read_polish(town, tenant_a):
    with in_tenant(tenant_a):
        town.here.account.locale = "pl"
        town.here.account.save()
        town.here.notifications_settings = {**town.here.notifications_settings, "email_notifications_enabled": True}
        town.here.save()
    admin = Api(tenant_a, town.admin, locale="pl")

    refused = admin.post("announcements", body(), format="multipart")
    publish(admin, institutionIds=[town.school.pk], title="Wycieczka")

    assert refused.json()["errors"]["everyone"] == [
        "Wybierz odbiorców ogłoszenia: wszyscy, placówki, klasy, role lub lista odbiorców."
    ]
    with in_tenant(tenant_a):
        [email] = sent_emails()
    assert email["to"] == [town.here.account.email]
    assert email["subject"] == "Nowe ogłoszenie"
    assert "„Wycieczka”: przeczytaj je w ogłoszeniach." in email["text"]


def test_given_one_published_after_the_dialog_opened_when_marking_the_shown_ones_then_it_stays_unseen(town, tenant_a):
    admin, parent = Api(tenant_a, town.admin), Api(tenant_a, town.here)
    shown = publish(admin, everyone="true", title="Pierwsze")
    assert [row["id"] for row in parent.get("announcements/unseen").json()["items"]] == [shown]
    later = publish(admin, everyone="true", title="Późniejsze")

    assert parent.post("announcements/markAllAsSeen", {"ids": [shown, 999999]}).json() == {"status": True}

    assert [row["id"] for row in parent.get("announcements/unseen").json()["items"]] == [later]
