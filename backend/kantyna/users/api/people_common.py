"""What the parents and staff viewsets share: the status filter and the lifecycle commands
(activate, deactivate, archive, resetPassword, PUT {id}/password), each calling one lifecycle service."""

from __future__ import annotations

import django_filters
from django.db import transaction
from django.db.models import Q
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action
from rest_framework.response import Response

from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import status_response
from kantyna.users.api import serializers as s
from kantyna.users.models import User
from kantyna.users.services import lifecycle

STATUS_CHOICES = [("active", "active"), ("inactive", "inactive"), ("archived", "archived")]
PERSON_SEARCH_FIELDS = ["first_name", "last_name", "account__email", "phone_number"]
PERSON_ORDERING = ["last_name", "first_name", "account__email", "is_active", "created_at"]
PERSON_ORDERING_ALIASES = {"email": "account__email", "emailAddress": "account__email"}


def filter_status(queryset, name, value):
    if value == "archived":
        return queryset.filter(archived_at__isnull=False)
    if value == "active":
        return queryset.filter(is_active=True, archived_at__isnull=True)
    if value == "inactive":
        return queryset.filter(Q(is_active=False) & Q(archived_at__isnull=True))
    return queryset


class PersonFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=STATUS_CHOICES, method=filter_status)
    isActive = django_filters.BooleanFilter(field_name="is_active")

    class Meta:
        model = User
        fields = []


class PersonCommandsMixin:
    """The commands of a person viewset (put before CrudViewSet). Abilities: the viewset's
    `abilities["commands"]`, copied to each command by `__init_subclass__`.

    Hooks: `get_command_user()` gives the user a command acts on (the viewset's object by default; workers
    give their profile's user), `command_done(command, user)` runs in the command's transaction after the
    lifecycle service (workers mirror the archive flag on their profile)."""

    COMMANDS = ("activate", "deactivate", "archive", "reset_password", "set_password")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        abilities = dict(getattr(cls, "abilities", {}) or {})
        if "commands" in abilities:
            for command in cls.COMMANDS:
                abilities.setdefault(command, abilities["commands"])
            cls.abilities = abilities

    def get_command_user(self) -> User:
        return self.get_object()

    def command_done(self, command: str, user: User) -> None:
        """Nothing more by default."""

    def run_command(self, command: str, service, user: User | None = None, **kwargs) -> Response:
        with transaction.atomic():
            user = user or self.get_command_user()
            service(actor=self.request.user, user=user, **kwargs)
            self.command_done(command, user)
        return status_response()

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"])
    def activate(self, request, pk=None):
        return self.run_command("activate", lifecycle.user_activate)

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"])
    def deactivate(self, request, pk=None):
        return self.run_command("deactivate", lifecycle.user_deactivate)

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"])
    def archive(self, request, pk=None):
        return self.run_command("archive", lifecycle.user_archive)

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"], url_path="resetPassword")
    def reset_password(self, request, pk=None):
        return self.run_command("reset_password", lifecycle.user_reset_password)

    @extend_schema(request=s.SetPasswordSerializer, responses=StatusSerializer)
    @action(detail=True, methods=["put"], url_path="password")
    def set_password(self, request, pk=None):
        user = self.get_command_user()  # 404 before 400
        data = s.SetPasswordSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        password = data.validated_data["password"]
        return self.run_command("set_password", lifecycle.user_set_password, user=user, password=password)
