"""The `webpush` calls (api-calls.tsv, at /api/frontend/webpush): POST registers the browser's subscription with its
options, PUT updates them (the same body; registers when unknown), DELETE forgets the subscription, PING checks.
GET (ours, not in the spec) answers the VAPID public key the browser subscribes with. Everyone who gets
notifications (not cooks) may call them; DELETE anyone who knows the endpoint (the app sends it at sign-out)."""

from __future__ import annotations

import base64
import binascii

from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from kantyna.core.api.params import body_data
from kantyna.core.serializers import KantynaSerializer, StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.messaging.subscriptions import webpush_subscribe, webpush_unsubscribe
from kantyna.messaging.webpush import endpoint_allowed, vapid_public_key, webpush_subscribed
from kantyna.users.models import User

MAX_OPTIONS_KEYS = 20


def _b64url(value: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError) as error:
        raise serializers.ValidationError(_("Not a valid base64url value.")) from error


class SubscriptionKeysSerializer(KantynaSerializer):
    p256dh = serializers.CharField(max_length=200)
    auth = serializers.CharField(max_length=100)

    def validate_p256dh(self, value: str) -> str:
        # The browser's P-256 public key as an uncompressed point.
        raw = _b64url(value)
        if len(raw) != 65 or raw[0] != 4:
            raise serializers.ValidationError(_("Not a valid push subscription key."))
        return value

    def validate_auth(self, value: str) -> str:
        if len(_b64url(value)) != 16:
            raise serializers.ValidationError(_("Not a valid push subscription secret."))
        return value


class SubscriptionSerializer(KantynaSerializer):
    endpoint = serializers.URLField(max_length=1000)
    expiration_time = serializers.IntegerField(required=False, allow_null=True)
    keys = SubscriptionKeysSerializer(required=False)


class NewSubscriptionSerializer(SubscriptionSerializer):
    keys = SubscriptionKeysSerializer()

    def validate_endpoint(self, value: str) -> str:
        if not endpoint_allowed(value):
            raise serializers.ValidationError(_("This push service is not accepted."))
        return value


class WebPushBodySerializer(KantynaSerializer):
    subscription = NewSubscriptionSerializer()
    options = serializers.DictField(required=False, default=dict)

    def validate_options(self, value: dict) -> dict:
        if len(value) > MAX_OPTIONS_KEYS or len(str(value)) > 2000:
            raise serializers.ValidationError(_("Too many options."))
        return value


class WebPushDeleteSerializer(KantynaSerializer):
    subscription = SubscriptionSerializer()


class WebPushPublicKeySerializer(KantynaSerializer):
    public_key = serializers.CharField()


class WebPushPingSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    subscribed = serializers.BooleanField()


class WebPushView(ApiView):
    ability = "notifications.receive"  # cooks get no notifications, so no pushes either
    http_method_names = ["get", "post", "put", "delete", "ping", "options"]

    @property
    def allowed_methods(self):
        # OpenAPI has no PING operation: the schema (drf-spectacular reads this list) leaves it out; DRF still
        # dispatches PING to `ping` by http_method_names.
        return [method for method in super().allowed_methods if method != "PING"]

    def get_permissions(self):
        if self.request.method == "DELETE":
            # The endpoint is the browser's secret (only it and its push service know it): whoever sends it may
            # forget it, signed in or not (the spec's bearer is optional), so a browser that signs out stops its
            # pushes even after its token is gone.
            return [AllowAny()]
        return super().get_permissions()

    @extend_schema(responses=WebPushPublicKeySerializer)
    def get(self, request):
        return Response(WebPushPublicKeySerializer({"public_key": vapid_public_key()}).data)

    def _subscribe(self, request):
        data = body_data(request, WebPushBodySerializer)
        subscription = data["subscription"]
        webpush_subscribe(
            actor=request.user,
            endpoint=subscription["endpoint"],
            p256dh=subscription["keys"]["p256dh"],
            auth=subscription["keys"]["auth"],
            options=data["options"],
        )
        return status_response()

    @extend_schema(request=WebPushBodySerializer, responses=StatusSerializer)
    def post(self, request):
        return self._subscribe(request)

    @extend_schema(request=WebPushBodySerializer, responses=StatusSerializer)
    def put(self, request):
        return self._subscribe(request)

    @extend_schema(request=WebPushDeleteSerializer, responses=StatusSerializer)
    def delete(self, request):
        data = body_data(request, WebPushDeleteSerializer)
        actor = request.user if isinstance(request.user, User) else None  # None: the browser without a session
        webpush_unsubscribe(actor=actor, endpoint=data["subscription"]["endpoint"])
        return status_response()

    def ping(self, request):
        """Whether the caller has a browser subscribed (the spec's check; its answer is not read by the spec's
        client)."""
        subscribed = webpush_subscribed(request.user)
        return Response(WebPushPingSerializer({"status": True, "subscribed": subscribed}).data)


urlpatterns = [path("webpush", WebPushView.as_view())]
