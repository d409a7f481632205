"""Menu files through the HTTP API: the generic CRUD checks with multipart uploads, type and size checked by
content, download / show / print, and who may see or change which institution's files."""

from __future__ import annotations

import io
import re
from datetime import date

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT
from kantyna.menus.models import MealsMenuFile
from kantyna.menus.services import meals_menu_file_create
from kantyna.menus.tests.world import member, world
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def png_bytes(width: int = 40, height: int = 20) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(buffer, format="PNG")
    return buffer.getvalue()


def upload(name: str = "jadłospis.pdf", content: bytes = PDF, content_type: str = "application/pdf"):
    return SimpleUploadedFile(name, content, content_type=content_type)


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


class TestMealsMenusFilesApi(CrudApiTests):
    path = "mealsMenusFiles"
    model = MealsMenuFile
    write_roles = frozenset({ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN})
    multipart = True
    list_queries = 3  # session (1) + count + page (institution joined)
    audit_prefix = "meals_menu_file"
    changed_field = "name"

    def _api(self, tenant, role=ROLE_ADMIN):
        return _multipart(Api(tenant, member(tenant, role)))

    def make_instance(self, tenant, index):
        instance = meals_menu_file_create(
            actor=None, institution=world().institution, month=date(2026, 11, 1), name=f"Plik {index}", file=upload()
        )
        instance.payload_institution = instance.institution_id
        return instance

    def create_payload(self, tenant):
        with in_tenant(tenant):
            institution = world().institution
        return {"institutionId": institution.pk, "month": "2026-12", "name": "Grudzień", "file": upload()}

    def invalid_payload(self):
        return {"name": "", "month": "2026/12"}, {
            "institutionId": ["This field is required."],
            "month": ["Enter a month as YYYY-MM."],
            "name": ["This field may not be blank."],
        }

    def update_payload(self, instance):
        return {"institutionId": instance.payload_institution, "month": "2026-11", "name": f"{instance.name} (nowy)"}

    def test_without_token_the_download_is_401(self, tenant_a):
        """The list, the details and the writes without a token: the access matrix."""
        (instance,) = self._make(tenant_a)
        assert_error(Api(tenant_a).get(f"{self.path}/{instance.pk}/download"), 401, "Unauthenticated.")


def _multipart(api: Api) -> Api:
    """Uploads are multipart: the mixin's bodies are sent that way for this entity."""
    post, put = api.post, api.put
    api.post = lambda path, data=None, **kw: post(path, data, format="multipart", **kw)
    api.put = lambda path, data=None, **kw: put(path, data, format="multipart", **kw)
    return api


@pytest.fixture
def w(tenant_a):
    with in_tenant(tenant_a):
        return world()


@pytest.fixture
def admin(tenant_a):
    return _multipart(Api(tenant_a, member(tenant_a, ROLE_ADMIN)))


def test_upload_is_stored_with_its_kind_size_and_original_name(tenant_a, w, admin, media_root):
    content = png_bytes()
    response = admin.post(
        "mealsMenusFiles",
        {
            "institutionId": w.institution.pk,
            "month": "2026-11",
            "name": "Jadłospis listopad",
            "file": upload("menu listopad.png", content, "image/png"),
        },
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert {k: body[k] for k in ("month", "name", "kind", "size", "originalName", "institutionName")} == {
        "month": "2026-11",
        "name": "Jadłospis listopad",
        "kind": "png",
        "size": len(content),
        "originalName": "menu listopad.png",
        "institutionName": "Szkoła Podstawowa nr 1",
    }
    with in_tenant(tenant_a):
        stored = MealsMenuFile.objects.get(pk=body["id"]).file.name
    assert re.fullmatch(rf"{tenant_a.schema_name}/menus/2026-11/[0-9a-f]{{32}}\.png", stored), stored
    assert (media_root / stored).read_bytes() == content


def test_given_png_bytes_named_html_when_uploading_then_stored_as_png_shown_as_png_and_not_under_media(
    tenant_a, tenant_b, w, admin, media_root
):
    response = admin.post(
        "mealsMenusFiles",
        {
            "institutionId": w.institution.pk,
            "month": "2026-11",
            "name": "Listopad",
            "file": upload("jadlospis.html", png_bytes(), "text/html"),
        },
    )

    assert response.status_code == 201, response.content
    assert (response.json()["kind"], response.json()["originalName"]) == ("png", "jadlospis.html")
    with in_tenant(tenant_a):
        stored = MealsMenuFile.objects.get(pk=response.json()["id"]).file.name
    assert re.fullmatch(rf"{tenant_a.schema_name}/menus/2026-11/[0-9a-f]{{32}}\.png", stored), stored
    shown = Api(tenant_a, member(tenant_a, ROLE_PARENT)).get(f"mealsMenusFiles/{response.json()['id']}/show")
    assert (shown.status_code, shown["Content-Type"], shown["X-Content-Type-Options"]) == (200, "image/png", "nosniff")
    assert shown["Content-Disposition"].startswith('inline; filename="Listopad.png"')
    # Only through the API, with its visibility rules: never by path, on this tenant's host or another's.
    assert Api(tenant_a).get(f"/media/{stored}").status_code == 404
    assert Api(tenant_b).get(f"/media/{stored}").status_code == 404
    assert_error(
        Api(tenant_b, make_user(tenant_b, ROLE_ADMIN)).get(f"mealsMenusFiles/{response.json()['id']}/show"),
        404,
        "Not found.",
    )


@pytest.mark.parametrize(
    ("name", "content"),
    [("menu.pdf", b"GIF89a not a pdf"), ("menu.xlsx", b"PK\x03\x04 a zip is not a menu")],
)
def test_given_a_file_of_another_type_when_uploading_then_400_by_content(tenant_a, w, admin, name, content):
    response = admin.post(
        "mealsMenusFiles",
        {"institutionId": w.institution.pk, "month": "2026-11", "name": "X", "file": upload(name, content)},
    )
    assert_error(
        response, 400, "The given data was invalid.", {"file": ["Unsupported file type: allowed pdf, jpg, png."]}
    )
    with in_tenant(tenant_a):
        assert not MealsMenuFile.objects.exists()


def test_given_a_file_over_the_limit_when_uploading_then_400(tenant_a, w, admin):
    with in_tenant(tenant_a):
        settings_update(actor=None, key="general", data={"upload_max_file_size": 1024 * 1024})
    big = PDF + b"0" * (1024 * 1024)

    response = admin.post(
        "mealsMenusFiles",
        {"institutionId": w.institution.pk, "month": "2026-11", "name": "X", "file": upload(content=big)},
    )

    assert_error(response, 400, "The given data was invalid.", {"file": ["The file is too large: the limit is 1 MB."]})


def test_create_needs_a_file(tenant_a, w, admin):
    response = admin.post("mealsMenusFiles", {"institutionId": w.institution.pk, "month": "2026-11", "name": "X"})
    assert_error(response, 400, "The given data was invalid.", {"file": ["Choose a file."]})


def test_replacing_the_file_removes_the_old_one(tenant_a, w, admin, media_root, django_capture_on_commit_callbacks):
    created = admin.post(
        "mealsMenusFiles", {"institutionId": w.institution.pk, "month": "2026-11", "name": "X", "file": upload()}
    ).json()
    with in_tenant(tenant_a):
        old = MealsMenuFile.objects.get(pk=created["id"]).file.name

    with django_capture_on_commit_callbacks(execute=True):
        response = admin.put(
            f"mealsMenusFiles/{created['id']}",
            {
                "institutionId": w.institution.pk,
                "month": "2026-11",
                "name": "X",
                "file": upload("nowy.png", png_bytes(), "image/png"),
            },
        )

    assert (response.status_code, response.json()["kind"]) == (200, "png")
    assert not (media_root / old).exists()


def test_deleting_removes_the_stored_file(tenant_a, w, admin, django_capture_on_commit_callbacks):
    created = admin.post(
        "mealsMenusFiles", {"institutionId": w.institution.pk, "month": "2026-11", "name": "X", "file": upload()}
    ).json()
    with in_tenant(tenant_a):
        stored = MealsMenuFile.objects.get(pk=created["id"]).file.name

    with django_capture_on_commit_callbacks(execute=True):
        assert admin.delete(f"mealsMenusFiles/{created['id']}").json() == {"status": True}
    assert not default_storage.exists(stored)


def test_download_show_and_print(tenant_a, w, admin):
    created = admin.post(
        "mealsMenusFiles",
        {"institutionId": w.institution.pk, "month": "2026-11", "name": "Jadłospis żółty", "file": upload()},
    ).json()
    parent = Api(tenant_a, member(tenant_a, ROLE_PARENT))

    download = parent.get(f"mealsMenusFiles/{created['id']}/download")
    show = parent.get(f"mealsMenusFiles/{created['id']}/show")
    printed = parent.post(f"mealsMenusFiles/{created['id']}/print")

    assert (download.status_code, download.content, download["Content-Type"]) == (200, PDF, "application/pdf")
    assert download["Content-Disposition"] == (
        "attachment; filename=\"Jadlospis_zolty.pdf\"; filename*=UTF-8''Jad%C5%82ospis%20%C5%BC%C3%B3%C5%82ty.pdf"
    )
    assert show["Content-Disposition"].startswith("inline; ")
    assert (printed.status_code, printed.content) == (200, PDF)


def test_printing_an_image_gives_a_one_page_pdf(tenant_a, w, admin):
    created = admin.post(
        "mealsMenusFiles",
        {
            "institutionId": w.institution.pk,
            "month": "2026-11",
            "name": "Zdjęcie",
            "file": upload("a.png", png_bytes(400, 200), "image/png"),
        },
    ).json()

    printed = admin.post(f"mealsMenusFiles/{created['id']}/print")

    assert (printed.status_code, printed["Content-Type"]) == (200, "application/pdf")
    assert printed.content.startswith(b"%PDF-")
    assert b"/Count 1" in printed.content


def test_files_of_other_institutions_are_not_visible_nor_changeable(tenant_a, w):
    with in_tenant(tenant_a):
        theirs = meals_menu_file_create(
            actor=None, institution=w.other_institution, month=date(2026, 11, 1), name="Obcy", file=upload()
        )
    for role in (ROLE_PARENT, ROLE_INSTITUTIONS_ADMIN):
        api = _multipart(Api(tenant_a, member(tenant_a, role)))
        assert api.get("mealsMenusFiles").json()["total"] == 0
        assert_error(api.get(f"mealsMenusFiles/{theirs.pk}/download"), 404, "Not found.")
    manager = _multipart(Api(tenant_a, member(tenant_a, ROLE_INSTITUTIONS_ADMIN)))
    response = manager.post(
        "mealsMenusFiles",
        {"institutionId": w.other_institution.pk, "month": "2026-11", "name": "X", "file": upload()},
    )
    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"institutionId": ["You can only choose institutions you manage."]},
    )


def test_list_filters_by_institution_and_month(tenant_a, w, admin):
    with in_tenant(tenant_a):
        for month, institution in ((11, w.institution), (12, w.institution), (11, w.other_institution)):
            meals_menu_file_create(
                actor=None, institution=institution, month=date(2026, month, 1), name=f"{month}", file=upload()
            )
    found = admin.get("mealsMenusFiles", {"institutionId": w.institution.pk, "month": "2026-11"}).json()
    assert [(item["name"], item["month"]) for item in found["items"]] == [("11", "2026-11")]
    assert [i["month"] for i in admin.get("mealsMenusFiles", {"sort": "month"}).json()["items"]] == [
        "2026-11",
        "2026-11",
        "2026-12",
    ]
