"""One error shape for the whole API: `{"message": "...", "errors": {...}}` with camelCase (nested) keys."""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions

from kantyna.core.api.errors import api_exception_handler
from kantyna.core.exceptions import ApiError, error_body
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.selectors import settings_get
from kantyna.testing import Api, assert_error, make_user
from kantyna.users.models import User

INVALID = "The given data was invalid."


def test_given_invalid_nested_data_when_putting_then_400_with_camel_case_dotted_keys(tenant_a):
    user = make_user(tenant_a, "ROLE_PARENT")
    payload = {
        "invoicesEnabled": True,
        "companyName": " ",
        "vatId": "",
        "address": {"street": "", "city": "Kraków", "postCode": ""},
    }

    response = Api(tenant_a, user).put("common/account/invoicesSettings", payload)

    assert_error(
        response,
        400,
        INVALID,
        {
            "companyName": ["This field is required."],
            "address.street": ["This field is required."],
            "address.postCode": ["This field is required."],
        },
    )
    with in_tenant(tenant_a):
        assert User.objects.get(pk=user.pk).invoices_settings["invoices_enabled"] is False


def test_given_polish_locale_when_invalid_then_message_stable_and_field_texts_translated(tenant_a):
    user = make_user(tenant_a, "ROLE_PARENT")
    response = Api(tenant_a, user, locale="pl").put("auth/currentUser/locale", {})
    assert_error(response, 400, INVALID, {"locale": ["To pole jest wymagane."]})


def test_given_forbidden_action_when_calling_then_403_shape_and_nothing_changed(tenant_a):
    parent = make_user(tenant_a, "ROLE_PARENT")
    with in_tenant(tenant_a):
        before = settings_get("fees")
    response = Api(tenant_a, parent).put("common/settings/fees", {"addManipulationFee": True})
    assert_error(response, 403, "Forbidden.")
    with in_tenant(tenant_a):
        assert settings_get("fees") == before


def test_given_unknown_api_path_when_calling_then_404_shape(tenant_a):
    assert_error(Api(tenant_a).get("no/such/endpoint"), 404, "Not found.")
    assert_error(Api(tenant_a).get("/api/unknown"), 404, "Not found.")


def test_given_wrong_method_when_calling_then_405_shape(tenant_a):
    user = make_user(tenant_a, "ROLE_ADMIN")
    assert_error(Api(tenant_a, user).delete("auth/currentUser"), 405, "Method not allowed.")


def test_given_malformed_json_when_putting_then_400_shape(tenant_a):
    user = make_user(tenant_a, "ROLE_ADMIN")
    response = Api(tenant_a, user).client.put(
        "/api/frontend/common/settings/fees", data="{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert set(response.json()) == {"message", "errors"}


def test_given_django_validation_error_when_handled_then_400_with_field_errors():
    response = api_exception_handler(DjangoValidationError({"post_code": ["Bad."]}), {})
    assert (response.status_code, response.data) == (400, {"message": INVALID, "errors": {"postCode": ["Bad."]}})


def test_given_non_field_error_only_when_handled_then_it_becomes_the_message():
    response = api_exception_handler(exceptions.ValidationError(["Orders are closed."]), {})
    assert response.data == {"message": "Orders are closed.", "errors": {"nonFieldErrors": ["Orders are closed."]}}


def test_given_list_of_nested_errors_when_handled_then_indexed_keys():
    detail = {"order_items": [{}, {"meal_type": ["Required."]}]}
    response = api_exception_handler(exceptions.ValidationError(detail), {})
    assert response.data["errors"] == {"orderItems.1.mealType": ["Required."]}


def test_given_django_404_and_permission_denied_when_handled_then_404_and_403():
    assert api_exception_handler(Http404(), {}).data == {"message": "Not found.", "errors": {}}
    denied = api_exception_handler(DjangoPermissionDenied(), {})
    assert (denied.status_code, denied.data) == (403, {"message": "Forbidden.", "errors": {}})


def test_given_api_error_when_handled_then_its_status_message_and_errors():
    response = api_exception_handler(ApiError("Custom.", errors={"some_field": ["x"]}, status_code=409), {})
    assert (response.status_code, response.data) == (409, {"message": "Custom.", "errors": {"someField": ["x"]}})


def test_given_unexpected_exception_when_handled_then_500_generic_message():
    response = api_exception_handler(ValueError("boom"), {})
    assert (response.status_code, response.data) == (
        500,
        {"message": "Error occured while processing your request.", "errors": {}},
    )


def test_given_throttled_when_handled_then_429_catalogue_message():
    response = api_exception_handler(exceptions.Throttled(), {})
    assert (response.status_code, response.data["message"]) == (429, "Too many attempts. Please try again later.")


def test_error_body_camelizes_dotted_paths():
    assert error_body("M", {"address.post_code": ["x"], "items.0.unit_price": ["y"]}) == {
        "message": "M",
        "errors": {"address.postCode": ["x"], "items.0.unitPrice": ["y"]},
    }
