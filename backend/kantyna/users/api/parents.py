"""`parents`: CRUD, the lifecycle commands, `{id}/children` and `{id}/paymentsOverdue`.

Admins reach every parent; institutions admins with parents_view / parents_edit reach the parents with a
child in one of their institutions (others answer 404). Only admins create parents (routes.tsv)."""

from __future__ import annotations

import django_filters
from django.db.models import Count, Exists, OuterRef, Prefetch, Subquery
from django.db.models.functions import Coalesce
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.routers import SimpleRouter

from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination, page_of
from kantyna.core.permissions import ROLE_PARENT, has_ability
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import CrudViewSet, status_response
from kantyna.people.models import Child
from kantyna.people.reach import Reach
from kantyna.users.api import serializers as s
from kantyna.users.api.people_common import (
    PERSON_ORDERING,
    PERSON_ORDERING_ALIASES,
    PersonCommandsMixin,
    PersonFilter,
)
from kantyna.users.models import User
from kantyna.users.services import lifecycle
from kantyna.users.services import parents as services


def _children_queryset(actor, own: bool = False):
    """The children an actor may see, by the one row reach: a parent's own (`Reach.children`), else those of the
    institutions the actor reaches (every one for an admin, an institutions admin's)."""

    children = Child.objects.select_related("institution", "classroom").order_by("last_name", "first_name", "id")
    reach = Reach(actor)
    if own:
        return reach.children(children).filter(parent=actor)
    return children if reach.institution_ids is None else children.filter(institution__in=reach.institution_ids)


class ParentFilter(PersonFilter):
    institutionId = django_filters.NumberFilter(method="filter_institution")
    paymentsOverdue = django_filters.BooleanFilter(field_name="payments_overdue")

    def filter_institution(self, queryset, name, value):
        return queryset.filter(Exists(Child.objects.filter(parent=OuterRef("pk"), institution_id=value)))


@extend_schema(parameters=[OpenApiParameter("status", str, enum=["active", "inactive", "archived"])])
class ParentViewSet(PersonCommandsMixin, CrudViewSet):
    queryset = User.objects.filter(roles__contains=[ROLE_PARENT]).select_related("account")
    serializer_class = s.ParentSerializer
    abilities = {
        "list": "parents.view",
        "retrieve": "parents.view",
        "create": "parents.create",
        "update": "parents.edit",
        "destroy": "parents.edit",
        "commands": "parents.edit",
        "payments_overdue": "parents.edit",
        "children": "tenant.access",
    }
    filterset_class = ParentFilter
    search_fields = ["first_name", "last_name", "account__email", "phone_number", "phone_number2"]
    ordering_fields = [*PERSON_ORDERING, "children_count", "payments_overdue"]
    ordering_aliases = PERSON_ORDERING_ALIASES
    create_service = staticmethod(services.parent_create)
    update_service = staticmethod(services.parent_update)
    delete_service = staticmethod(services.parent_delete)

    def get_serializer_class(self):
        return s.ParentDetailSerializer if self.action == "retrieve" else s.ParentSerializer

    reach_class = Reach
    reach_rows = "users"

    def get_queryset(self):
        queryset = super().get_queryset()
        if self.action in ("list", "retrieve", "create", "update"):
            # A correlated subquery, not a join grouped per parent: the page counts its own 20 parents' children
            # and the list's count leaves it out (grouped, both walked every parent's children).
            counted = Child.objects.filter(parent=OuterRef("pk")).order_by().values("parent").annotate(n=Count("pk"))
            queryset = queryset.annotate(children_count=Coalesce(Subquery(counted.values("n")), 0))
        if self.action == "retrieve":
            queryset = queryset.prefetch_related(
                Prefetch("children", queryset=_children_queryset(self.request.user), to_attr="visible_children")
            )
        return queryset

    def perform_create(self, serializer):
        super().perform_create(serializer)
        serializer.instance.children_count = 0

    def perform_update(self, serializer):
        children_count = getattr(serializer.instance, "children_count", 0)
        super().perform_update(serializer)
        serializer.instance.children_count = children_count

    @extend_schema(request=s.PaymentsOverdueSerializer, responses=StatusSerializer)
    @action(detail=True, methods=["post"], url_path="paymentsOverdue")
    def payments_overdue(self, request, pk=None):
        user = self.get_object()
        data = s.PaymentsOverdueSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        lifecycle.user_set_payments_overdue(actor=request.user, user=user, **data.validated_data)
        return status_response()

    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses=page_of(s.ParentChildSerializer),
    )
    @action(detail=True, methods=["get"])
    def children(self, request, pk=None):
        """Staff who may view parents see the children in their reach; a parent sees their own (only)."""
        if str(request.user.pk) == str(pk) and ROLE_PARENT in request.user.roles:
            children = _children_queryset(request.user, own=True)
        elif has_ability(request.user, "parents.view"):
            children = _children_queryset(request.user).filter(parent=self.get_object())
        else:
            raise PermissionDenied()
        paginator = PagePagination()
        page = paginator.paginate_queryset(children, request)
        return paginator.get_paginated_response(s.ParentChildSerializer(page, many=True).data)


router = SimpleRouter(trailing_slash=False)
router.register("parents", ParentViewSet, basename="parent")

urlpatterns = [*router.urls]
