"""Children groups (`children-groups`) and institution workers groups (`institutionsWorkers/groups`):
admin only (routes.tsv), but for `children-groups/options`, which institutions admins with children_edit read too
(they set a child's group). Deleting a group with members is allowed; the members become ungrouped.

Members of a children group: see people/selectors/groups.py (its own children, plus the ungrouped children
of its classrooms)."""

from __future__ import annotations

import django_filters
from django.db.models import Count
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter
from rest_framework.validators import UniqueValidator

from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination
from kantyna.core.serializers import KantynaModelSerializer, KantynaSerializer
from kantyna.core.viewsets import CrudViewSet, OptionsMixin
from kantyna.institutions.models import Classroom, Institution
from kantyna.people.api.workers import InstitutionWorkerSerializer
from kantyna.people.models import Child, ChildrenGroup, InstitutionWorkersGroup
from kantyna.people.selectors import groups as group_selectors
from kantyna.people.selectors import workers as worker_selectors
from kantyna.people.services import groups as services
from kantyna.pricing.models import PriceListsGroup

WORKERS_GROUPS_ABILITIES = dict.fromkeys(
    ("list", "retrieve", "create", "update", "destroy", "members"), "workers.manage"
)
CHILDREN_GROUPS_ABILITIES = dict.fromkeys(
    ("list", "retrieve", "create", "update", "destroy", "members", "set_children", "set_classrooms"),
    "children_groups.manage",
) | {"options_list": "children.change_sensitive"}  # institutions admins with children_edit set a child's group


# Institution workers groups -------------------------------------------------------------------------


class WorkersGroupSerializer(KantynaModelSerializer):
    name = serializers.CharField(
        max_length=100,
        validators=[
            UniqueValidator(InstitutionWorkersGroup.objects.all(), message=_("A group with this name already exists."))
        ],
    )
    institution_id = serializers.PrimaryKeyRelatedField(
        source="institution", queryset=Institution.objects.all(), allow_null=True, required=False, default=None
    )
    institution_name = serializers.CharField(source="institution.name", read_only=True, allow_null=True, default=None)
    price_lists_group_id = serializers.PrimaryKeyRelatedField(
        source="price_lists_group",
        queryset=PriceListsGroup.objects.all(),
        allow_null=True,
        required=False,
        default=None,
    )
    price_lists_group_name = serializers.CharField(
        source="price_lists_group.name", read_only=True, allow_null=True, default=None
    )
    members_count = serializers.IntegerField(read_only=True, default=0)

    class Meta:
        model = InstitutionWorkersGroup
        fields = [
            "id",
            "name",
            "institution_id",
            "institution_name",
            "price_lists_group_id",
            "price_lists_group_name",
            "members_count",
        ]


class WorkersGroupOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.CharField(source="name")
    institution_id = serializers.IntegerField(allow_null=True)

    class Meta:
        model = InstitutionWorkersGroup
        fields = ["value", "text", "institution_id"]


class WorkersGroupMembersPageSerializer(KantynaSerializer):
    items = InstitutionWorkerSerializer(many=True)
    total = serializers.IntegerField()
    page = serializers.IntegerField()
    per_page = serializers.IntegerField()


class WorkersGroupFilter(django_filters.FilterSet):
    institutionId = django_filters.NumberFilter(field_name="institution")

    class Meta:
        model = InstitutionWorkersGroup
        fields = []


class WorkersGroupViewSet(OptionsMixin, CrudViewSet):
    """`institutionsWorkers/groups`: CRUD, options, `{id}/members` (the group's workers, paged)."""

    queryset = InstitutionWorkersGroup.objects.select_related("institution", "price_lists_group").annotate(
        members_count=Count("workers", distinct=True)
    )
    serializer_class = WorkersGroupSerializer
    option_serializer_class = WorkersGroupOptionSerializer
    abilities = WORKERS_GROUPS_ABILITIES
    answer_as_listed = True  # the member count
    filterset_class = WorkersGroupFilter
    search_fields = ["name"]
    ordering_fields = ["name", "institution__name", "members_count"]
    ordering_aliases = {"institutionName": "institution__name"}
    create_service = staticmethod(services.workers_group_create)
    update_service = staticmethod(services.workers_group_update)
    delete_service = staticmethod(services.workers_group_delete)

    def get_queryset(self):
        if self.action == "options_list":
            return self.scope_queryset(InstitutionWorkersGroup.objects.all())
        return super().get_queryset()

    @extend_schema(responses=WorkersGroupMembersPageSerializer, filters=False, parameters=PAGE_PARAMETERS)
    @action(detail=True, methods=["get"])
    def members(self, request, pk=None):
        group = self.get_object()
        paginator = PagePagination()
        page = paginator.paginate_queryset(worker_selectors.workers_group_members(group), request, view=self)
        return paginator.get_paginated_response(InstitutionWorkerSerializer(page, many=True).data)


# Children groups ------------------------------------------------------------------------------------


class ClassroomRefSerializer(KantynaModelSerializer):
    institution_id = serializers.IntegerField()
    institution_name = serializers.CharField(source="institution.name")

    class Meta:
        model = Classroom
        fields = ["id", "name", "institution_id", "institution_name"]


class ChildrenGroupSerializer(KantynaModelSerializer):
    name = serializers.CharField(
        max_length=100,
        validators=[UniqueValidator(ChildrenGroup.objects.all(), message=_("A group with this name already exists."))],
    )
    classrooms_ids = serializers.PrimaryKeyRelatedField(
        source="classrooms", queryset=Classroom.objects.all(), many=True, required=False
    )
    classrooms = ClassroomRefSerializer(many=True, read_only=True)
    children_ids = serializers.PrimaryKeyRelatedField(
        source="children", many=True, read_only=True, help_text="The children who chose the group (PUT {id}/children)."
    )
    children_count = serializers.IntegerField(read_only=True, default=0)

    class Meta:
        model = ChildrenGroup
        fields = ["id", "name", "classrooms_ids", "classrooms", "children_ids", "children_count"]


class ChildrenGroupOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.CharField(source="name")

    class Meta:
        model = ChildrenGroup
        fields = ["value", "text"]


class ChildrenGroupMemberSerializer(KantynaModelSerializer):
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    institution_id = serializers.IntegerField()
    institution_name = serializers.CharField(source="institution.name")
    classroom_id = serializers.IntegerField()
    classroom_name = serializers.CharField(source="classroom.name")
    parent_id = serializers.IntegerField()
    parent_name = serializers.CharField(source="parent.full_name")
    is_active = serializers.BooleanField()
    via = serializers.ChoiceField(
        choices=[group_selectors.VIA_CHILD, group_selectors.VIA_CLASSROOM],
        help_text="child: the child chose the group; classroom: an ungrouped child of one of its classrooms.",
    )

    class Meta:
        model = Child
        fields = [
            "id",
            "first_name",
            "last_name",
            "institution_id",
            "institution_name",
            "classroom_id",
            "classroom_name",
            "parent_id",
            "parent_name",
            "is_active",
            "via",
        ]


class ChildrenGroupMembersPageSerializer(KantynaSerializer):
    items = ChildrenGroupMemberSerializer(many=True)
    total = serializers.IntegerField()
    page = serializers.IntegerField()
    per_page = serializers.IntegerField()


class ChildrenIdsSerializer(KantynaSerializer):
    children_ids = serializers.PrimaryKeyRelatedField(queryset=Child.objects.all(), many=True, allow_empty=True)


class ClassroomsIdsSerializer(KantynaSerializer):
    classrooms_ids = serializers.PrimaryKeyRelatedField(queryset=Classroom.objects.all(), many=True, allow_empty=True)


class ChildrenGroupViewSet(OptionsMixin, CrudViewSet):
    """`children-groups`: CRUD (classroomsIds optional on create / update), options, `{id}/members` (paged),
    PUT `{id}/children` {childrenIds}, PUT `{id}/classrooms` {classroomsIds} (both answer the group)."""

    queryset = group_selectors.children_groups_queryset()
    serializer_class = ChildrenGroupSerializer
    option_serializer_class = ChildrenGroupOptionSerializer
    abilities = CHILDREN_GROUPS_ABILITIES
    answer_as_listed = True  # the children count
    search_fields = ["name"]
    ordering_fields = ["name", "children_count"]
    create_service = staticmethod(services.children_group_create)
    update_service = staticmethod(services.children_group_update)
    delete_service = staticmethod(services.children_group_delete)

    def get_queryset(self):
        if self.action == "options_list":
            return self.scope_queryset(ChildrenGroup.objects.all())
        return super().get_queryset()

    def _fresh(self, group):
        return self.get_serializer(self.get_queryset().get(pk=group.pk)).data

    @extend_schema(responses=ChildrenGroupMembersPageSerializer, filters=False, parameters=PAGE_PARAMETERS)
    @action(detail=True, methods=["get"])
    def members(self, request, pk=None):
        group = self.get_object()
        paginator = PagePagination()
        page = paginator.paginate_queryset(group_selectors.children_group_members(group), request, view=self)
        return paginator.get_paginated_response(ChildrenGroupMemberSerializer(page, many=True).data)

    @extend_schema(request=ChildrenIdsSerializer, responses=ChildrenGroupSerializer)
    @action(detail=True, methods=["put"], url_path="children", url_name="children")
    def set_children(self, request, pk=None):
        group = self.get_object()
        data = ChildrenIdsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.children_group_set_children(
            actor=request.user, instance=group, children=data.validated_data["children_ids"]
        )
        return Response(self._fresh(group))

    @extend_schema(request=ClassroomsIdsSerializer, responses=ChildrenGroupSerializer)
    @action(detail=True, methods=["put"], url_path="classrooms", url_name="classrooms")
    def set_classrooms(self, request, pk=None):
        group = self.get_object()
        data = ClassroomsIdsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.children_group_set_classrooms(
            actor=request.user, instance=group, classrooms=data.validated_data["classrooms_ids"]
        )
        return Response(self._fresh(group))


router = SimpleRouter(trailing_slash=False)
router.register("institutionsWorkers/groups", WorkersGroupViewSet, basename="institution-workers-group")
router.register("children-groups", ChildrenGroupViewSet, basename="children-group")

urlpatterns = router.urls
