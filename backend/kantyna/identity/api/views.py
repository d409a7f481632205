"""Tenant-side auth calls of the spec: password reset by e-mail and server-side logout."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny

from kantyna.core.client import client_ip
from kantyna.core.serializers import KantynaSerializer, StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.identity.services import password_reset_confirm, password_reset_request_anonymous, token_revoke


class SendPasswordResetTokenSerializer(KantynaSerializer):
    email_address = serializers.EmailField()


class ResetPasswordSerializer(KantynaSerializer):
    password = serializers.CharField()
    password_confirmation = serializers.CharField()


class SendPasswordResetTokenView(ApiView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(request=SendPasswordResetTokenSerializer, responses=StatusSerializer)
    def post(self, request):
        data = SendPasswordResetTokenSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        password_reset_request_anonymous(
            email=data.validated_data["email_address"],
            tenant_slug=request.tenant.slug,
            locale=request.LANGUAGE_CODE,
            ip_address=client_ip(request),
        )
        return status_response()


class ResetPasswordView(ApiView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(request=ResetPasswordSerializer, responses=StatusSerializer)
    def post(self, request, token: str):
        data = ResetPasswordSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        password_reset_confirm(token=token, **data.validated_data)
        return status_response()


class LogoutView(ApiView):
    ability = "tenant.access"

    @extend_schema(request=None, responses=StatusSerializer)
    def post(self, request):
        token_revoke(jti=request.auth["jti"], expires_at=request.auth["expires_at"])
        return status_response()
