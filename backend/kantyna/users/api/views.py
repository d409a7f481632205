"""`auth/currentUser*`, the `common/account/*` PUTs and the per-user counters the shell polls."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from kantyna.core.client import client_ip
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.users.api import serializers as s
from kantyna.users.services import accounts as services


class CurrentUserView(ApiView):
    ability = "tenant.access"

    @extend_schema(responses=s.CurrentUserSerializer)
    def get(self, request):
        return Response(s.current_user_json(request.user))


class CurrentUserLocaleView(ApiView):
    ability = "tenant.access"

    @extend_schema(request=s.LocaleSerializer, responses=s.LocaleSerializer)
    def put(self, request):
        data = s.LocaleSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.user_set_locale(user=request.user, locale=data.validated_data["locale"])
        return Response({"locale": data.validated_data["locale"]})


class ProfileSectionView(ApiView):
    """One `common/account/<section>` PUT: validate with `serializer_class`, store it into `field`."""

    ability = "profile.edit"
    serializer_class: type = s.CalendarSettingsSerializer
    field = ""

    def put(self, request):
        data = self.serializer_class(data=request.data)
        data.is_valid(raise_exception=True)
        services.user_update_profile(user=request.user, section=self.field, **{self.field: data.validated_data})
        return Response(self.serializer_class(data.validated_data).data)


def profile_section(name: str, serializer_class: type, field: str) -> type[ProfileSectionView]:
    view = type(name, (ProfileSectionView,), {"serializer_class": serializer_class, "field": field})
    return extend_schema(request=serializer_class, responses=serializer_class, methods=["PUT"])(view)


InvoicesSettingsView = profile_section("InvoicesSettingsView", s.InvoicesSettingsSerializer, "invoices_settings")
NotificationsSettingsView = profile_section(
    "NotificationsSettingsView", s.NotificationsSettingsSerializer, "notifications_settings"
)
CalendarSettingsView = profile_section("CalendarSettingsView", s.CalendarSettingsSerializer, "calendar_settings")


class PhoneNumbersView(ApiView):
    ability = "profile.edit"

    @extend_schema(request=s.PhoneNumbersSerializer, responses=s.PhoneNumbersSerializer)
    def put(self, request):
        data = s.PhoneNumbersSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.user_update_profile(user=request.user, section="phone_numbers", **data.validated_data)
        return Response(data.validated_data)


class RefundBankAccountView(ApiView):
    """The account a parent's refunds are sent to (returnRequests take it from here)."""

    ability = "profile.refund_account"

    @extend_schema(request=s.RefundBankAccountSerializer, responses=s.RefundBankAccountSerializer)
    def put(self, request):
        data = s.RefundBankAccountSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.user_update_profile(user=request.user, section="refund_bank_account", **data.validated_data)
        return Response(data.validated_data)


class ChangePasswordView(ApiView):
    ability = "profile.edit"

    @extend_schema(request=s.ChangePasswordSerializer, responses=s.ChangePasswordResultSerializer)
    def put(self, request):
        data = s.ChangePasswordSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        issued = services.user_change_password(
            user=request.user,
            current_password=data.validated_data["current_password"],
            password=data.validated_data["password"],
            ip_address=client_ip(request),
        )
        return Response({"status": True, "token": issued.token})


class DeleteAccountView(ApiView):
    ability = "account.delete"

    @extend_schema(request=s.DeleteAccountSerializer, responses=StatusSerializer)
    def post(self, request):
        data = s.DeleteAccountSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.user_delete_own_account(
            user=request.user,
            password=data.validated_data["password"],
            token_claims=request.auth,
            ip_address=client_ip(request),
        )
        return status_response()
