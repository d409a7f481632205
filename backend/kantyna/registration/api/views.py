"""`auth/register/*`: anonymous calls of the registration page (spec §2, §3, §5, §7).

Closed registration (`parents_settings.allow_self_registration` off) answers 403 `Forbidden.` on every call
here: the paths exist, the tenant refuses them. A user type that `general.register_as` does not offer is
refused the same way; an unknown user type is 404."""

from __future__ import annotations

import hashlib
import json

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from kantyna.catalog.models import Diet
from kantyna.core.api.params import query_data
from kantyna.core.client import client_ip
from kantyna.core.errors import DomainError
from kantyna.core.exceptions import ApiError
from kantyna.core.serializers import money
from kantyna.pricing import selectors as pricing
from kantyna.pricing.api.serializers import GroupedItemsQuerySerializer, GroupedItemsSerializer
from kantyna.pricing.models import PriceListItem
from kantyna.registration import selectors, services
from kantyna.registration.api import serializers as s
from kantyna.tenant_settings.selectors import settings_get

INVALID = "The given data was invalid."
OPTIONS_MAX_AGE = 60  # seconds: option lists change rarely; the ETag makes a revalidation cheap


def flatten_errors(detail, prefix: str = "") -> dict[str, list[str]]:
    """Serializer errors as the API's flat paths: `children.0.first_name`, `invoices_settings.address.city`."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            path = key if key == "non_field_errors" and not prefix else f"{prefix}{key}"
            if isinstance(value, dict):
                out.update(flatten_errors(value, f"{path}."))
            elif isinstance(value, list) and value and isinstance(value[0], dict):
                for index, item in enumerate(value):
                    out.update(flatten_errors(item, f"{path}.{index}."))
            else:
                out[path] = [str(item) for item in (value if isinstance(value, list) else [value])]
    return out


class AnonymousView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if not selectors.registration_is_open():
            raise PermissionDenied()


def cached_response(request, data: dict) -> Response:
    """200 with a short Cache-Control and an ETag of the body; 304 when the client already has it."""
    etag = '"' + hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:32] + '"'
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={OPTIONS_MAX_AGE}", "Vary": "user-locale"}
    if etag in [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]:
        return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
    return Response(data, headers=headers)


SLUG_PARAMETER = OpenApiParameter(
    "institutionSlug",
    str,
    required=False,
    description="Only this institution (and its classrooms). Required to see any institution when the tenant "
    "hides its institution lists from parents.",
)


class ChildOptionsView(AnonymousView):
    """`GET auth/register/childOptions`: what the parent variant and the child form in registration mode offer."""

    @extend_schema(parameters=[SLUG_PARAMETER], responses=s.ChildOptionsSerializer)
    def get(self, request):
        options = selectors.registration_child_options(institution_slug=request.query_params.get("institutionSlug"))
        data = s.ChildOptionsSerializer(options, context={"meal_types_ids": options["meal_types_ids"]}).data
        return cached_response(request, data)


class InstitutionWorkerOptionsView(AnonymousView):
    """`GET auth/register/institutionWorkerOptions`: loaded when the user chooses to register as a worker."""

    @extend_schema(parameters=[SLUG_PARAMETER], responses=s.WorkerOptionsSerializer)
    def get(self, request):
        options = selectors.registration_worker_options(institution_slug=request.query_params.get("institutionSlug"))
        data = s.WorkerOptionsSerializer(options, context={"meal_types_ids": options["meal_types_ids"]}).data
        return cached_response(request, data)


class GroupedItemsView(AnonymousView):
    """`GET auth/register/groupedItems`: the child form's meal types with portion sizes and price list items for
    a price lists group, diet and institution, as `priceLists/groupedItems` answers a signed-in parent (items
    hidden for parents left out). Prices only when the tenant shows prices by default. A path the spec does not
    name: the registration form needs it before the registrant has an account."""

    @extend_schema(parameters=[GroupedItemsQuerySerializer], responses=GroupedItemsSerializer)
    def get(self, request):
        data = query_data(request, GroupedItemsQuerySerializer)
        diet = data.get("diet_id") or Diet.objects.filter(is_default=True).first()
        price_list, categories = pricing.price_list_grouped_items(
            data["price_lists_group_id"],
            data.get("date") or pricing.today(),
            diet=diet,
            institution=data.get("institution_id"),
            for_role=PriceListItem.HiddenFor.PARENTS,
        )
        show = settings_get("general")["can_see_prices_by_default"]
        for category in categories:
            for meal_type in category["meal_types"]:
                for portion in meal_type["portion_sizes"]:
                    item = portion["price_list_item"]
                    portion["price_list_item"] = {
                        "id": item.pk,
                        "price": money(item.price) if show else None,
                        "hidden": item.hidden,
                        "hidden_for": item.hidden_for,
                        "hidden_weekdays": item.hidden_weekdays,
                    }
        ref = (
            {"id": price_list.pk, "name": price_list.name, "valid_from": price_list.valid_from} if price_list else None
        )
        return cached_response(request, GroupedItemsSerializer({"price_list": ref, "categories": categories}).data)


class RegisterView(AnonymousView):
    """`POST auth/register/{userType}` (parent | institution_worker): 201 `{email}`; an e-mail with a
    password set-up link follows. An e-mail already registered here gets the same answer, and its account an
    e-mail saying so (no account enumeration). Throttled per client address (429)."""

    @extend_schema(
        operation_id="auth_register_create",
        parameters=[OpenApiParameter("userType", str, OpenApiParameter.PATH, enum=list(selectors.USER_TYPES))],
        request=s.RegisterSerializer,
        responses={
            201: inline_serializer("Registered", {"email": serializers.EmailField()}),
            400: OpenApiResponse(description="Validation: the spec's sentence when required fields are missing"),
            403: OpenApiResponse(description="Registration closed, or this user type not offered"),
            429: OpenApiResponse(description="Too many registrations from this address"),
        },
    )
    def post(self, request, userType: str):  # the spec names the path parameter userType
        user_type = userType
        if user_type not in selectors.USER_TYPES:
            raise NotFound()
        if not selectors.registration_allows(user_type):
            raise PermissionDenied()
        ip_address = client_ip(request)
        if services.registration_is_throttled(ip_address=ip_address):
            raise DomainError("registration.throttled")
        payload = s.RegisterSerializer(
            data=request.data,
            context={
                "user_type": user_type,
                "parents_settings": settings_get("parents_settings"),
                "dining_cards_enabled": settings_get("orders_config")["dining_cards_enabled"],
                "catering_terms_url": settings_get("company_details")["catering_terms_url"],
                "invoices_for_users": settings_get("invoices_config_for_users")["enable_invoices_for_users"],
            },
        )
        valid = payload.is_valid()
        errors = {} if valid else flatten_errors(payload.errors)
        missing = payload.required_missing() if isinstance(request.data, dict) else []
        for name in missing:
            errors[name] = [str(s.REQUIRED)]
        if errors:
            message = (
                (s.PARENT_REQUIRED if user_type == selectors.PARENT else s.WORKER_REQUIRED) if missing else INVALID
            )
            raise ApiError(message, errors=errors)
        email = services.registration_register(
            user_type=user_type,
            data=payload.validated_data,
            tenant_slug=request.tenant.slug,
            locale=request.LANGUAGE_CODE,
            ip_address=ip_address,
        )
        return Response({"email": email}, status=status.HTTP_201_CREATED)
