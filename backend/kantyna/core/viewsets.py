"""The one way to expose an entity: CrudViewSet for plain CRUD, ApiView for commands (docs/adding-an-entity.md)."""

from __future__ import annotations

from django.db.models import ProtectedError, RestrictedError
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.filters import SearchFilter
from rest_framework.response import Response
from rest_framework.views import APIView

from kantyna.core.exceptions import IN_USE_MESSAGE, ApiError
from kantyna.core.filters import CamelOrderingFilter
from kantyna.core.pagination import MAX_PER_PAGE
from kantyna.core.permissions import HasAbility
from kantyna.core.serializers import StatusSerializer


def status_response(http_status: int = status.HTTP_200_OK) -> Response:
    """Deletes and actions answer `{"status": true}` (spec: response checks)."""
    return Response({"status": True}, status=http_status)


class ApiView(APIView):
    """A command or read endpoint guarded by declared abilities (see HasAbility)."""

    permission_classes = [HasAbility]


class CrudViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """List (paginated, filtered, searched, sorted), retrieve, create (201 + id), update (200, PUT),
    delete (`{"status": true}`).

    Subclasses set `queryset`, `serializer_class`, `abilities` (per action), `search_fields`,
    `ordering_fields`, `filterset_fields`, and the entity's services: `create_service(actor=, **data)`,
    `update_service(actor=, instance=, **data)`, `delete_service(actor=, instance=)`. When an entity is not
    visible to every user of the tenant, name the row reach that scopes it: `reach_class` (a class built from
    the actor, e.g. `kantyna.people.reach.Reach`, given by the API layer: core does not know the domain) and
    `reach_rows`, the name of its method narrowing this queryset (e.g. "children"); or override
    `scope_queryset`. See docs/adding-an-entity.md."""

    permission_classes = [HasAbility]
    http_method_names = ["get", "post", "put", "delete"]
    filter_backends = [DjangoFilterBackend, SearchFilter, CamelOrderingFilter]
    lookup_value_regex = r"\d+"
    create_service = None
    update_service = None
    delete_service = None
    # True when the list's queryset annotates what the serializer shows (member counts...): create and update
    # then answer the row re-read through get_queryset, as the list would show it.
    answer_as_listed = False
    reach_class = None
    reach_rows: str | None = None

    def perform_create(self, serializer):
        serializer.instance = self._as_listed(
            type(self).create_service(actor=self.request.user, **serializer.validated_data)
        )

    def perform_update(self, serializer):
        serializer.instance = self._as_listed(
            type(self).update_service(
                actor=self.request.user, instance=serializer.instance, **serializer.validated_data
            )
        )

    def _as_listed(self, instance):
        return self.get_queryset().get(pk=instance.pk) if self.answer_as_listed else instance

    def perform_destroy(self, instance):
        type(self).delete_service(actor=self.request.user, instance=instance)

    @property
    def reach(self):
        """The request's row reach (`reach_class(actor)`), decided once per request."""
        if getattr(self, "_reach", None) is None:
            self._reach = type(self).reach_class(self.request.user)
        return self._reach

    def scope_queryset(self, queryset):
        if self.reach_rows is None:
            return queryset
        return getattr(self.reach, self.reach_rows)(queryset)

    def get_queryset(self):
        return self.scope_queryset(super().get_queryset())

    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        self.perform_create(serializer)
        return Response(serializer.data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: StatusSerializer})
    def destroy(self, request, *args, **kwargs):
        instance = self.get_object()
        try:
            self.perform_destroy(instance)
        except (ProtectedError, RestrictedError):
            raise ApiError(IN_USE_MESSAGE, status_code=status.HTTP_409_CONFLICT) from None
        return status_response()


class OptionsMixin:
    """`<path>/options` (spec: option lists) for a CrudViewSet: `option_serializer_class` answers at least
    {value, text}. Paginated and filtered like the list, but every row unless the client asks for less.
    Readable by whoever may read the list. Put it before CrudViewSet: `class X(OptionsMixin, CrudViewSet)`."""

    option_serializer_class: type
    option_parameters: list = []  # extra query parameters the option list documents (its filters)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # Document each subclass's option list with its own option serializer, in the list shape; a subclass
        # that writes its own `options_list` (extra parameters) documents it itself.
        if "option_serializer_class" in cls.__dict__ and "options_list" not in cls.__dict__:
            extend_schema_view(
                options_list=extend_schema(
                    parameters=[OpenApiParameter("perPage", int, required=False), *cls.option_parameters],
                    responses=cls.option_serializer_class(many=True),
                )
            )(cls)

    @action(detail=False, methods=["get"], url_path="options", url_name="options")
    def options_list(self, request):
        queryset = self.filter_queryset(self.get_queryset())
        paginator = self.paginator
        paginator.default_per_page = MAX_PER_PAGE
        page = paginator.paginate_queryset(queryset, request, view=self)
        return paginator.get_paginated_response(self.option_serializer_class(page, many=True).data)
