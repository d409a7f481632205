"""The sign-in site: server-rendered pages under /sso/ on any host (and at the `auth` host), plus a JSON
token call for scripts. It hands the SPA a token in the URL fragment, which never reaches a server log."""

from __future__ import annotations

import json
from urllib.parse import quote, urlsplit

from django.conf import settings
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from kantyna.core.api.errors import as_api_error
from kantyna.core.client import client_ip
from kantyna.core.errors import DomainError
from kantyna.core.exceptions import error_body
from kantyna.core.mail import mail_attachment, mail_list
from kantyna.core.serializers import KantynaSerializer
from kantyna.identity.services import TenantAccess, password_reset_confirm, password_reset_request_anonymous
from kantyna.menus.documents import file_response
from kantyna.tenancy.middleware import tenant_label
from kantyna.users.services.sessions import session_start

CALLBACK_PATH = "/auth/callback"


def _fragment(token: str, tenants: list[TenantAccess]) -> str:
    listing = json.dumps([t.__dict__ for t in tenants], separators=(",", ":"))
    return f"token={quote(token)}&tenants={quote(listing)}"


def _return_target(request, next_url: str, tenants: list[TenantAccess]) -> TenantAccess | None:
    """Where to send the browser: the tenant named by `next` if the account may enter it, else the tenant
    of this host. Any other target is refused, so the form cannot be used as an open redirect."""
    by_slug = {t.slug: t for t in tenants}
    if next_url:
        parts = urlsplit(next_url)
        label = tenant_label((parts.hostname or "").lower())
        if label in by_slug and parts.path == CALLBACK_PATH:
            return by_slug[label]
    host_tenant = getattr(request, "tenant", None)
    if host_tenant is not None and host_tenant.slug in by_slug:
        return by_slug[host_tenant.slug]
    return None


def _refusal(request, template: str, context: dict, refusal: DomainError):
    """The form again with the refusal's message, status and headers (`Retry-After` of a 429)."""
    error = as_api_error(refusal)
    context["error"] = _(error.message)
    response = render(request, template, context, status=error.status_code)
    for header, value in error.headers.items():
        response[header] = value
    return response


@require_http_methods(["GET", "POST"])
def login_page(request):
    next_url = request.POST.get("next") or request.GET.get("next", "")
    context = {"next": next_url, "email": "", "error": None}
    if request.method == "POST":
        email = request.POST.get("email", "")
        context["email"] = email
        try:
            issued, tenants = session_start(
                email=email, password=request.POST.get("password", ""), ip_address=client_ip(request)
            )
        except DomainError as error:
            return _refusal(request, "identity/login.html", context, error)
        target = _return_target(request, next_url, tenants)
        fragment = _fragment(issued.token, tenants)
        if target is not None:
            return HttpResponseRedirect(f"{target.url}{CALLBACK_PATH}#{fragment}")
        choices = [{"name": t.name, "href": f"{t.url}{CALLBACK_PATH}#{fragment}"} for t in tenants]
        return render(request, "identity/choose_tenant.html", {"choices": choices})
    return render(request, "identity/login.html", context)


@require_http_methods(["GET", "POST"])
def forgot_page(request):
    context = {"sent": False, "email": "", "error": None}
    if request.method == "POST":
        context["email"] = request.POST.get("email", "")
        tenant = getattr(request, "tenant", None)
        try:
            password_reset_request_anonymous(
                email=context["email"],
                tenant_slug=tenant.slug if tenant else "",
                locale=request.LANGUAGE_CODE,
                ip_address=client_ip(request),
            )
        except DomainError as error:
            return _refusal(request, "identity/forgot.html", context, error)
        context["sent"] = True
    return render(request, "identity/forgot.html", context)


@require_http_methods(["GET", "POST"])
def reset_page(request, token: str):
    context = {"error": None, "errors": {}, "done": False}
    if request.method == "POST":
        try:
            password_reset_confirm(
                token=token,
                password=request.POST.get("password", ""),
                password_confirmation=request.POST.get("password_confirmation", ""),
            )
            context["done"] = True
        except DomainError as refusal:
            error = as_api_error(refusal)
            context["error"] = _(error.message)
            # Keyed as the API keys them (`passwordConfirmation`): the template reads those names.
            context["errors"] = {
                field: [_(message) for message in messages]
                for field, messages in error_body(error.message, error.errors)["errors"].items()
            }
            return render(request, "identity/reset.html", context, status=400)
    return render(request, "identity/reset.html", context)


def dev_mail_page(request):
    if not settings.DEV_MAIL_PAGE:
        raise Http404
    return render(request, "identity/dev_mail.html", {"messages": mail_list()})


def dev_mail_attachment(request, message_id: str, index: int):
    """A sent message's attachment, downloaded (the dev mail page's links)."""
    if not settings.DEV_MAIL_PAGE:
        raise Http404
    found = mail_attachment(message_id, index)
    if found is None:
        raise Http404
    attachment, content = found
    return file_response(content, filename=attachment["fileName"], content_type=attachment["contentType"])


# Blank or missing alike: "This field is required." (the sign-in form's wording too).
_REQUIRED = {"blank": "This field is required.", "null": "This field is required."}


class TokenRequestSerializer(KantynaSerializer):
    # Not an EmailField: a malformed address is just a failed sign-in, answered like a wrong password.
    email_address = serializers.CharField(error_messages=_REQUIRED)
    password = serializers.CharField(trim_whitespace=False, error_messages=_REQUIRED)


class TokenView(APIView):
    """`POST /sso/api/token` — sign in from a script; the answer carries the token and the tenants."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="sso_token",
        request=TokenRequestSerializer,
        responses=inline_serializer(
            "TokenResponse",
            {
                "token": serializers.CharField(),
                "expires_at": serializers.DateTimeField(),
                "tenants": inline_serializer(
                    "TenantAccess",
                    {"slug": serializers.CharField(), "name": serializers.CharField(), "url": serializers.CharField()},
                    many=True,
                ),
            },
        ),
    )
    def post(self, request):
        credentials = TokenRequestSerializer(data=request.data)
        credentials.is_valid(raise_exception=True)
        issued, tenants = session_start(
            email=credentials.validated_data["email_address"],
            password=credentials.validated_data["password"],
            ip_address=client_ip(request),
        )
        return Response(
            {"token": issued.token, "expires_at": issued.expires_at, "tenants": [t.__dict__ for t in tenants]}
        )
