"""Inputs no endpoint may fail on: bodies that are not a JSON object, too deep, too big, too many form fields,
pages and months out of range. Each is a 4xx in the error shape and changes nothing."""

import json

import pytest
from django.test import override_settings

from kantyna.core.params import ids_of
from kantyna.core.permissions import ROLE_ADMIN, ROLE_PARENT
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, assert_error, make_user
from kantyna.users.models import User

SETTINGS_PATH = "common/account/invoicesSettings"


def _invoices_settings(tenant, user):
    with in_tenant(tenant):
        return User.objects.get(pk=user.pk).invoices_settings


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[null, null]", "The request body must be a JSON object."),
        ('"text"', "The request body must be a JSON object."),
        ("null", "The request body must be a JSON object."),
        ("{", "The request body is not valid JSON."),
        ("[" * 100_000 + "]" * 100_000, "The request body is not valid JSON."),
        ('{"a":' * 40 + "1" + "}" * 40, "The request body is nested too deeply."),
    ],
)
def test_a_body_that_is_not_a_json_object_of_sane_depth_is_a_400_and_nothing_changes(tenant_a, body, message):
    user = make_user(tenant_a, ROLE_PARENT)
    before = _invoices_settings(tenant_a, user)

    response = Api(tenant_a, user).client.put(
        Api.url(SETTINGS_PATH), body, content_type="application/json", HTTP_USER_LOCALE="en"
    )

    assert_error(response, 400, message, {"nonFieldErrors": [message]})
    assert _invoices_settings(tenant_a, user) == before


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_json_body_over_the_size_limit_is_a_413_in_the_error_shape(tenant_a):
    user = make_user(tenant_a, ROLE_PARENT)
    body = json.dumps({"companyName": "x" * 2000})

    response = Api(tenant_a, user).client.put(Api.url(SETTINGS_PATH), body, content_type="application/json")

    assert_error(response, 413, "The request is too large.")


@override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=5)
def test_a_form_with_too_many_fields_is_a_400_in_the_error_shape(tenant_a):
    admin = make_user(tenant_a, ROLE_ADMIN)
    fields = {f"field{number}": "x" for number in range(10)}

    response = Api(tenant_a, admin).post("common/settings/companyDetails", fields, format="multipart")

    assert_error(
        response, 400, "The request could not be read.", {"nonFieldErrors": ["The request could not be read."]}
    )


@pytest.mark.parametrize("page", ["99999999999999999999", "1000001"])
def test_a_page_past_the_bound_is_a_400_not_a_database_error(tenant_a, page):
    admin = make_user(tenant_a, ROLE_ADMIN)

    response = Api(tenant_a, admin).get("administrators", {"page": page})

    assert_error(response, 400, "The given data was invalid.", {"page": ["Must be between 1 and 1000000."]})


@pytest.mark.parametrize("month", ["0000-00", "0001-01", "9999-12", "2026-13"])
def test_a_month_that_is_not_a_month_of_the_accepted_range_is_a_400(tenant_a, month):
    admin = make_user(tenant_a, ROLE_ADMIN)

    response = Api(tenant_a, admin).get("calendar/days/subjects", {"month": month})

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["month"]


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31"])
def test_a_day_outside_the_accepted_range_is_a_400(tenant_a, day):
    admin = make_user(tenant_a, ROLE_ADMIN)

    response = Api(tenant_a, admin).get("calendar/days/subjects", {"dateFrom": day, "dateTo": day})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {
            "dateFrom": ["Enter a date between 2000-01-01 and 2100-12-31."],
            "dateTo": ["Enter a date between 2000-01-01 and 2100-12-31."],
        },
    )


@pytest.mark.parametrize(
    ("text", "ids"),
    [("3,5, 8", [3, 5, 8]), ("²", None), ("٣", None), ("3,", None), ("9" * 19, None), ("", None)],
)
def test_ids_are_ascii_digits_within_a_bigint(text, ids):
    assert ids_of(text) == ids


def test_a_bulk_delete_of_ids_that_are_not_ids_is_a_400(tenant_a):
    admin = make_user(tenant_a, ROLE_ADMIN)

    response = Api(tenant_a, admin).delete("classrooms/bulkDelete/²")

    assert_error(
        response, 400, "The given data was invalid.", {"ids": ["Give classroom ids separated by commas, e.g. 3,5,8."]}
    )


def test_a_sign_in_with_credentials_of_another_json_type_is_a_400(tenant_a):
    response = Api(tenant_a).post("/sso/api/token", {"emailAddress": ["a@example.test"], "password": True})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"emailAddress": ["Not a valid string."], "password": ["Not a valid string."]},
    )
