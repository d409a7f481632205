"""`users/{id}`, `users/options`, `users/activity`, payments overdue (one and bulk) and `userSettings`."""

from __future__ import annotations

import operator
from datetime import datetime, time
from functools import reduce

from django.db.models import Q
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response

from kantyna.audit.activity import activity_details
from kantyna.audit.models import AuditEntry
from kantyna.audit.selectors import audit_target_names
from kantyna.core.api.params import query_data
from kantyna.core.exceptions import MESSAGES, ApiError
from kantyna.core.pagination import MAX_PER_PAGE, PAGE_PARAMETERS, PagePagination, page_of, page_parameters
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.people.reach import Reach
from kantyna.users.api import serializers as s
from kantyna.users.models import User
from kantyna.users.services import lifecycle


def _user_in_reach(request, user_id: int) -> User:
    user = Reach(request.user).users().select_related("account").filter(pk=user_id).first()
    if user is None:
        raise ApiError(MESSAGES[404], status_code=404)
    return user


def _users_all_in_reach(request, ids: list[int]) -> list[User]:
    """Every id or nothing: an id out of reach (or unknown) refuses the whole request."""
    wanted = list(dict.fromkeys(ids))
    found = {user.pk: user for user in Reach(request.user).users().filter(pk__in=wanted)}
    missing = [pk for pk in wanted if pk not in found]
    if missing:
        raise ApiError(
            MESSAGES[400],
            errors={
                "users_ids": [_("Unknown users: %(ids)s. Nothing was changed.") % {"ids": ", ".join(map(str, missing))}]
            },
        )
    return [found[pk] for pk in wanted]


class UserDetailView(ApiView):
    ability = "parents.view"

    @extend_schema(responses=s.UserDetailSerializer)
    def get(self, request, pk: int):
        return Response(s.UserDetailSerializer(_user_in_reach(request, pk)).data)


class UserPaymentsOverdueView(ApiView):
    ability = "parents.edit"

    @extend_schema(request=s.PaymentsOverdueSerializer, responses=StatusSerializer)
    def post(self, request, pk: int):
        user = _user_in_reach(request, pk)
        data = s.PaymentsOverdueSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        lifecycle.user_set_payments_overdue(actor=request.user, user=user, **data.validated_data)
        return status_response()


class BulkPaymentsOverdueView(ApiView):
    ability = "parents.edit"

    @extend_schema(request=s.BulkPaymentsOverdueSerializer, responses=StatusSerializer)
    def post(self, request):
        data = s.BulkPaymentsOverdueSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        users = _users_all_in_reach(request, data.validated_data["users_ids"])
        lifecycle.users_bulk_payments_overdue(
            actor=request.user, users=users, payments_overdue=data.validated_data["payments_overdue"]
        )
        return status_response()


class UsersOptionsView(ApiView):
    """`users/options?search=&role=ROLE_PARENT&role=...&isActive=&perPage=`: value/text options of the users
    in the caller's reach."""

    ability = "parents.view"

    @extend_schema(
        parameters=[
            OpenApiParameter("search", str),
            OpenApiParameter("role", str, many=True, description="One or more roles (repeat the parameter)."),
            OpenApiParameter("isActive", bool),
            *page_parameters(MAX_PER_PAGE),
        ],
        responses=page_of(s.UserOptionSerializer),
    )
    def get(self, request):
        params = {
            "search": request.query_params.get("search", ""),
            "role": request.query_params.getlist("role") or request.query_params.getlist("roles") or [],
        }
        if request.query_params.get("isActive") not in (None, ""):
            params["is_active"] = request.query_params["isActive"]
        query = s.UsersOptionsQuerySerializer(data=params)
        query.is_valid(raise_exception=True)
        users = Reach(request.user).users().select_related("account")
        if query.validated_data.get("role"):
            users = users.filter(roles__overlap=query.validated_data["role"])
        if query.validated_data.get("is_active") is not None:
            users = users.filter(is_active=query.validated_data["is_active"])
        for word in (query.validated_data.get("search") or "").split():
            users = users.filter(
                Q(first_name__icontains=word) | Q(last_name__icontains=word) | Q(account__email__icontains=word)
            )
        paginator = PagePagination()
        paginator.default_per_page = MAX_PER_PAGE
        page = paginator.paginate_queryset(users.order_by("last_name", "first_name", "id"), request)
        return paginator.get_paginated_response(s.UserOptionSerializer(page, many=True).data)


class UserActivityView(ApiView):
    """`users/activity`: the audit trail (sign-ins and changes), newest first. `userId` matches the actor or
    the user acted upon; `action` is a prefix (`user.`, `child.`...); `targetType` and `targetId` name what was
    acted upon (`people.child` and its id: a child's changes, its card's included); dates are inclusive, in the
    tenant's time zone; `search` looks in the actor's e-mail and the action."""

    ability = "users.activity"

    @extend_schema(
        parameters=[
            OpenApiParameter("userId", int),
            OpenApiParameter(
                "action", str, description="Action prefixes, comma-separated: an entry matches any of them."
            ),
            OpenApiParameter(
                "targetType", str, description="What was acted upon, as entries name it: people.child, users.user…"
            ),
            OpenApiParameter("targetId", str, description="The id of what was acted upon (with targetType)."),
            OpenApiParameter("dateFrom", OpenApiTypes.DATE),
            OpenApiParameter("dateTo", OpenApiTypes.DATE),
            OpenApiParameter("search", str),
            *PAGE_PARAMETERS,
        ],
        responses=page_of(s.ActivityEntrySerializer),
    )
    def get(self, request):
        filters = query_data(request, s.ActivityQuerySerializer)
        entries = AuditEntry.objects.all()
        if filters.get("user_id"):
            entries = entries.filter(
                Q(actor_user_id=filters["user_id"])
                | Q(target_type=User._meta.label_lower, target_id=str(filters["user_id"]))
            )
        if filters.get("target_type"):
            entries = entries.filter(target_type=filters["target_type"])
        if filters.get("target_id"):
            entries = entries.filter(target_id=filters["target_id"])
        prefixes = [prefix.strip() for prefix in (filters.get("action") or "").split(",") if prefix.strip()]
        if prefixes:
            # One area's actions can have several prefixes (cards: child.card_number…, worker_profile.card…).
            entries = entries.filter(reduce(operator.or_, (Q(action__startswith=prefix) for prefix in prefixes)))
        zone = timezone.get_current_timezone()
        if filters.get("date_from"):
            entries = entries.filter(created_at__gte=datetime.combine(filters["date_from"], time.min, tzinfo=zone))
        if filters.get("date_to"):
            entries = entries.filter(created_at__lte=datetime.combine(filters["date_to"], time.max, tzinfo=zone))
        for word in (filters.get("search") or "").split():
            entries = entries.filter(Q(actor_email__icontains=word) | Q(action__icontains=word))
        paginator = PagePagination()
        page = paginator.paginate_queryset(entries.order_by("-created_at", "-id"), request)
        actor_ids = {entry.actor_user_id for entry in page if entry.actor_user_id is not None}
        actors = {user.pk: user for user in User.objects.filter(pk__in=actor_ids)} if actor_ids else {}
        context = {"actors": actors, "target_names": audit_target_names(page), "details": activity_details(page)}
        data = s.ActivityEntrySerializer(page, many=True, context=context).data
        return paginator.get_paginated_response(data)


class UserSettingsView(ApiView):
    ability = "users.settings"

    @extend_schema(request=s.UserSettingsPartialSerializer, responses=s.UserSettingsResultSerializer)
    def put(self, request, pk: int):
        user = _user_in_reach(request, pk)
        data = s.UserSettingsPartialSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        lifecycle.user_settings_update(actor=request.user, user=user, settings=data.validated_data)
        return Response(s.UserSettingsResultSerializer(user).data)


class UserSettingsGroupView(ApiView):
    ability = "users.settings"

    @extend_schema(request=s.UserSettingsGroupSerializer, responses=StatusSerializer)
    def put(self, request):
        data = s.UserSettingsGroupSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        users = _users_all_in_reach(request, data.validated_data["users_ids"])
        lifecycle.users_settings_group_update(actor=request.user, users=users, settings=data.validated_data["settings"])
        return status_response()


urlpatterns = [
    path("users/options", UsersOptionsView.as_view()),
    path("users/activity", UserActivityView.as_view()),
    path("users/bulkPaymentsOverdue", BulkPaymentsOverdueView.as_view()),
    path("users/<int:pk>", UserDetailView.as_view()),
    path("users/<int:pk>/paymentsOverdue", UserPaymentsOverdueView.as_view()),
    path("userSettings/groupUpdate", UserSettingsGroupView.as_view()),
    path("userSettings/<int:pk>", UserSettingsView.as_view()),
]
