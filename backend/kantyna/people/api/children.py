"""Children (spec: children area) and the meal receivers' settings (`calendar/subjectsSettings/{type}/{id}`).

Who reaches which child: admins every child, institutions admins the children of their institutions, parents
their own children, cooks any child for `changeCardNumber` only; anything else answers 404. Reading needs
`children.edit` or `parents.view`; writing `children.edit`; activation and archiving are staff work
(`children.change_sensitive`); the import is admin only. Field-level rights (who may change the diet, the card
...) are the service's (kantyna.people.services.children)."""

from __future__ import annotations

import django_filters
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from djangorestframework_camel_case.parser import CamelCaseMultiPartParser
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from kantyna.core.api.params import query_data
from kantyna.core.exceptions import MESSAGES, ApiError
from kantyna.core.parsers import JSONObjectParser
from kantyna.core.permissions import HasAbility, has_ability
from kantyna.core.serializers import ExportFormatSerializer, ImportErrorSerializer, StatusSerializer
from kantyna.core.spreadsheets import XLSX_TYPE, export_file
from kantyna.core.viewsets import ApiView, CrudViewSet, OptionsMixin, status_response
from kantyna.institutions.models import Classroom
from kantyna.menus.documents import PDF_TYPE, file_response
from kantyna.ordering.selectors import orders as order_selectors
from kantyna.ordering.subjects import subject_resolve
from kantyna.people import documents, imports
from kantyna.people.api import children_serializers as serializers
from kantyna.people.models import Child
from kantyna.people.reach import Reach
from kantyna.people.selectors import children as selectors
from kantyna.people.services import children as services
from kantyna.people.services.subject_settings import subject_settings_of, subject_settings_update

READ = ("children.edit", "parents.view")
EXPORT = ("children.change_sensitive", "parents.view")
WRITE = "children.edit"
STAFF = "children.change_sensitive"
CHILDREN_ABILITIES = {
    "list": READ,
    "retrieve": READ,
    "options_list": READ,
    "create": WRITE,
    "update": WRITE,
    "destroy": WRITE,
    "activate": STAFF,
    "deactivate": STAFF,
    "archive": STAFF,
    "unarchive": STAFF,
    "change_classroom": WRITE,
    "change_card_number": "cards.edit",
    "active_future_orders_count": WRITE,
    "export": EXPORT,
    "import_file": "children.import",
    "import_template": "children.import",
    # Printing the cards is staff work on children (admin, institutions admin with children_edit), within reach.
    "dining_cards": STAFF,
}


class ChildFilter(django_filters.FilterSet):
    institutionId = django_filters.NumberFilter(field_name="institution")
    classroomId = django_filters.NumberFilter(field_name="classroom")
    dietId = django_filters.NumberFilter(field_name="diet")
    parentId = django_filters.NumberFilter(field_name="parent")
    childGroupId = django_filters.NumberFilter(field_name="child_group")
    cardNumber = django_filters.CharFilter(field_name="card_number")
    status = django_filters.ChoiceFilter(
        choices=[(s, s) for s in selectors.STATUSES],
        method="filter_status",
        help_text="active, inactive or archived; without it, every child that is not archived.",
    )

    class Meta:
        model = Child
        fields = []

    def filter_status(self, queryset, name, value):
        return selectors.filter_by_status(queryset, value)


class ChildViewSet(OptionsMixin, CrudViewSet):
    """`children` CRUD and its commands. See the module docstring for who reaches what."""

    queryset = Child.objects.all()
    serializer_class = serializers.ChildSerializer
    option_serializer_class = serializers.ChildOptionSerializer
    permission_classes = [HasAbility]
    abilities = CHILDREN_ABILITIES
    filterset_class = ChildFilter
    search_fields = [
        "first_name",
        "last_name",
        "card_number",
        "parent__first_name",
        "parent__last_name",
        "parent__account__email",
    ]
    ordering_fields = [
        "last_name",
        "first_name",
        "card_number",
        "created_at",
        "institution__name",
        "classroom__name",
        "diet__name",
        "parent__last_name",
    ]
    ordering_aliases = {
        "institutionName": "institution__name",
        "classroomName": "classroom__name",
        "dietName": "diet__name",
        "parentName": "parent__last_name",
    }
    delete_service = staticmethod(services.child_delete)

    reach_class = Reach
    reach_rows = "children"

    def get_queryset(self):
        queryset = super().get_queryset()
        if self.action in ("options_list",):
            return queryset
        if self.action == "list":
            return queryset.select_related(*selectors.LIST_RELATIONS, "parent__account", "institution__district")
        return selectors.child_details_queryset(queryset).select_related("parent__account")

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        # Lists leave archived children out unless asked for them; a child's own URL reaches it in any state.
        if self.action in ("list", "options_list", "export") and not self.request.query_params.get("status"):
            queryset = queryset.filter(archived_at__isnull=True)
        return queryset

    def get_serializer_class(self):
        return serializers.ChildListSerializer if self.action == "list" else super().get_serializer_class()

    def _detail(self, child: Child) -> dict:
        child = selectors.child_details_queryset(Child.objects.select_related("parent__account")).get(pk=child.pk)
        return serializers.ChildSerializer(child, context=self.get_serializer_context()).data

    def _write_values(self, data: dict, *, creating: bool) -> dict:
        data = dict(data)
        user = self.request.user
        if creating:
            if not has_ability(user, "children.change_sensitive") or data.get("parent") is None:
                if "ROLE_PARENT" in (user.roles or []) and not has_ability(user, "children.change_sensitive"):
                    data["parent"] = user
                elif data.get("parent") is None:
                    raise ApiError(MESSAGES[400], errors={"parentId": [_("This field is required.")]})
        elif "parent" in data and data["parent"] is None:
            data.pop("parent")
        return data

    @extend_schema(request=serializers.ChildWriteSerializer, responses={201: serializers.ChildSerializer})
    def create(self, request, *args, **kwargs):
        form = serializers.ChildWriteSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        child = services.child_create(actor=request.user, **self._write_values(form.validated_data, creating=True))
        return Response(self._detail(child), status=status.HTTP_201_CREATED)

    @extend_schema(request=serializers.ChildWriteSerializer, responses={200: serializers.ChildSerializer})
    def update(self, request, *args, **kwargs):
        child = self.get_object()
        form = serializers.ChildWriteSerializer(child, data=request.data)
        form.is_valid(raise_exception=True)
        child = services.child_update(
            actor=request.user, instance=child, **self._write_values(form.validated_data, creating=False)
        )
        return Response(self._detail(child))

    def _command(self, service, **kwargs):
        service(actor=self.request.user, instance=self.get_object(), **kwargs)
        return status_response()

    @extend_schema(request=None, responses={200: StatusSerializer})
    @action(detail=True, methods=["post"])
    def activate(self, request, pk=None):
        return self._command(services.child_activate)

    @extend_schema(request=None, responses={200: StatusSerializer})
    @action(detail=True, methods=["post"])
    def deactivate(self, request, pk=None):
        return self._command(services.child_deactivate)

    @extend_schema(request=None, responses={200: StatusSerializer})
    @action(detail=True, methods=["post"])
    def archive(self, request, pk=None):
        return self._command(services.child_archive)

    @extend_schema(request=None, responses={200: StatusSerializer})
    @action(detail=True, methods=["post"])
    def unarchive(self, request, pk=None):
        return self._command(services.child_unarchive)

    @extend_schema(request=None, responses={200: serializers.ChildSerializer})
    @action(detail=True, methods=["put"], url_path=r"changeClassroom/(?P<classroomId>\d+)")
    def change_classroom(self, request, pk=None, classroomId=None):
        child = self.get_object()
        classroom = Classroom.objects.select_related("institution").filter(pk=classroomId).first()
        if classroom is None:
            raise ApiError(MESSAGES[400], errors={"classroomId": [_("Unknown classroom.")]})
        child = services.child_change_classroom(actor=request.user, instance=child, classroom=classroom)
        return Response(self._detail(child))

    @extend_schema(request=serializers.CardNumberSerializer, responses={200: serializers.ChildSerializer})
    @action(detail=True, methods=["put"], url_path="changeCardNumber", parser_classes=[JSONObjectParser])
    def change_card_number(self, request, pk=None):
        child = self.get_object()
        form = serializers.CardNumberSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        child = services.child_change_card_number(
            actor=request.user, instance=child, card_number=form.validated_data["card_number"]
        )
        return Response(self._detail(child))

    @extend_schema(
        description=(
            "How many active orders of the child lie ahead: moving the child to another institution cancels "
            "them, so the child form asks for confirmation when this is above 0. Not in the spec's path list "
            "(it names the call without a path)."
        ),
        responses={200: serializers.ActiveFutureOrdersCountSerializer},
    )
    @action(detail=True, methods=["get"], url_path="activeFutureOrdersCount")
    def active_future_orders_count(self, request, pk=None):
        return Response(
            {"count": order_selectors.child_active_future_orders_count(self.get_object(), actor=request.user)}
        )

    @extend_schema(
        parameters=[
            OpenApiParameter("search", str, required=False),
            OpenApiParameter("institutionId", int, required=False),
            OpenApiParameter("classroomId", int, required=False),
            OpenApiParameter("dietId", int, required=False),
            OpenApiParameter("parentId", int, required=False),
            OpenApiParameter("childGroupId", int, required=False),
            OpenApiParameter("status", str, required=False, enum=list(selectors.STATUSES)),
            OpenApiParameter("sort", str, required=False),
        ],
        request=ExportFormatSerializer,
        responses={
            (200, XLSX_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The XLSX file"),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY, description="The CSV file"),
        },
        description="The children the list shows with the same query-string filters, as XLSX or CSV (`format`).",
    )
    @action(detail=False, methods=["post"], url_path="export", parser_classes=[JSONObjectParser])
    def export(self, request):
        form = ExportFormatSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        children = self.filter_queryset(
            super().get_queryset().select_related(*selectors.LIST_RELATIONS, "parent__account")
        ).prefetch_related("allergies")
        rows = [export_header()] + [export_row(child) for child in children]
        name = _("children") + f"-{timezone.localdate().isoformat()}"
        file_format = form.validated_data["format"]
        content, content_type = export_file(rows, sheet_title=_("Children"), file_format=file_format)
        return file_response(content, filename=f"{name}.{file_format}", content_type=content_type)

    @extend_schema(
        parameters=[
            OpenApiParameter("classroomId", int, required=False, description="The classroom's active children."),
            OpenApiParameter("ids", str, required=False, description="Comma-separated children ids, e.g. 3,5,8."),
        ],
        responses={(200, PDF_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF sheet of cards")},
        description=documents.__doc__,
    )
    @action(detail=False, methods=["get"], url_path="diningCards")
    def dining_cards(self, request):
        params = query_data(request, serializers.DiningCardsQuerySerializer)
        children = selectors.dining_cards_children(
            actor=request.user,
            classroom_id=params.get("classroom_id"),
            ids=params.get("ids"),
        )
        return file_response(
            documents.render_dining_cards(children), filename=documents.dining_cards_file_name(), content_type=PDF_TYPE
        )

    @extend_schema(
        request={"multipart/form-data": serializers.ChildrenImportSerializer},
        responses={
            200: serializers.ChildrenImportResultSerializer,
            400: OpenApiResponse(ImportErrorSerializer, description="Nothing was imported."),
        },
        description=imports.__doc__,
    )
    @action(detail=False, methods=["post"], url_path="import", parser_classes=[CamelCaseMultiPartParser])
    def import_file(self, request):
        form = serializers.ChildrenImportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        upload = form.validated_data["file"]
        rows = imports.read_children(upload)
        counts = services.children_import(actor=request.user, rows=rows, file_name=upload.name)
        return Response({"status": True, **counts})

    @extend_schema(responses={(200, XLSX_TYPE): OpenApiTypes.BINARY})
    @action(detail=False, methods=["get"], url_path="import/template")
    def import_template(self, request):
        return file_response(
            imports.children_template(), filename=_("children-import-template") + ".xlsx", content_type=XLSX_TYPE
        )


def export_header() -> list[str]:
    return [
        _("ID"),
        _("First name"),
        _("Last name"),
        _("Card number"),
        _("Institution"),
        _("Classroom"),
        _("Diet"),
        _("Allergens"),
        _("Allergies note"),
        _("Parent"),
        _("Parent's e-mail"),
        _("Status"),
    ]


STATUS_TEXTS = {
    "active": gettext_lazy("Active"),
    "inactive": gettext_lazy("Inactive"),
    "archived": gettext_lazy("Archived"),
}


def export_row(child: Child) -> list:
    return [
        child.pk,
        child.first_name,
        child.last_name,
        child.card_number or "",
        child.institution.name,
        child.classroom.name,
        child.diet.name,
        ", ".join(allergen.name for allergen in child.allergies.all()),
        child.allergies_note,
        child.parent.full_name,
        child.parent.account.email,
        str(STATUS_TEXTS[serializers.child_status(child)]),
    ]


def _settings_subject(request, type, id):
    """The meal receiver whose settings `request.user` may read and write: a parent their children, a worker
    themselves; staff reach a worker as they reach the calendar (institutions admins: children_edit), a child as
    they edit children. Anyone else gets 404: the receiver does not exist for them."""

    subject = subject_resolve(type, id, actor=request.user)
    ability = "children.edit" if subject.child is not None else "calendar.use"
    if not has_ability(request.user, ability):
        raise ApiError(MESSAGES[404], status_code=404)
    return subject


class SubjectSettingsView(ApiView):
    """`calendar/subjectsSettings/{type}/{id}`: a meal receiver's automarking and missing-order notification
    settings; `type` is `child` (a child's id) or `institution_worker` (the worker's user id). Every change of
    `automarkPresences` is logged."""

    ability = "tenant.access"
    parser_classes = [JSONObjectParser]

    @extend_schema(responses={200: serializers.SubjectSettingsSerializer})
    def get(self, request, type, id):
        subject = _settings_subject(request, type, id)
        settings = subject_settings_of(child=subject.child, worker=subject.worker)
        return Response(serializers.subject_settings_data(settings))

    @extend_schema(
        request=serializers.SubjectSettingsSerializer, responses={200: serializers.SubjectSettingsSerializer}
    )
    def put(self, request, type, id):
        subject = _settings_subject(request, type, id)
        form = serializers.SubjectSettingsSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        settings = subject_settings_update(
            actor=request.user,
            child=subject.child,
            worker=subject.worker,
            calendar_subject_settings=form.validated_data.get("calendar_subject_settings"),
            subject_notifications_settings=form.validated_data.get("subject_notifications_settings"),
        )
        return Response(serializers.subject_settings_data(settings))


class SubjectNotificationsSettingsView(ApiView):
    """`notifications/{subjectType}/{subjectId}/settings`: only the missing-order notification part of a meal
    receiver's settings (missingOrdersEnabled, missingOrdersDaysBefore, missingOrdersTriggerTime); keys left out
    keep their values. Reached as `calendar/subjectsSettings` is."""

    ability = "tenant.access"
    parser_classes = [JSONObjectParser]

    @extend_schema(
        request=serializers.SubjectMissingOrdersSettingsSerializer,
        responses={200: serializers.SubjectMissingOrdersSettingsSerializer},
    )
    def put(self, request, subject_type, subject_id):
        subject = _settings_subject(request, subject_type, subject_id)
        form = serializers.SubjectMissingOrdersSettingsSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        settings = subject_settings_update(
            actor=request.user,
            child=subject.child,
            worker=subject.worker,
            subject_notifications_settings=form.validated_data,
        )
        return Response(serializers.SubjectMissingOrdersSettingsSerializer(settings).data)


router = SimpleRouter(trailing_slash=False)
router.register("children", ChildViewSet, basename="child")

urlpatterns = [
    path(
        "calendar/subjectsSettings/<str:type>/<int:id>",
        SubjectSettingsView.as_view(),
        name="subject-settings",
    ),
    path(
        "notifications/<str:subject_type>/<int:subject_id>/settings",
        SubjectNotificationsSettingsView.as_view(),
        name="subject-notifications-settings",
    ),
    *router.urls,
]
