"""Menus and menu files. Everyone reads the menus of the institutions they belong to (staff read all); admins,
and institutions admins holding menu_edit for their own institutions, change them."""

from __future__ import annotations

from datetime import date

import django_filters
from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from djangorestframework_camel_case.parser import CamelCaseMultiPartParser
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response

from kantyna.core.dates import MonthField, month_bounds
from kantyna.core.filters import CamelOrderingFilter
from kantyna.core.pagination import MAX_PER_PAGE, PagePagination
from kantyna.core.parsers import JSONObjectParser
from kantyna.core.serializers import ImportErrorSerializer
from kantyna.core.spreadsheets import XLSX_TYPE
from kantyna.core.uploads import CONTENT_TYPES
from kantyna.core.viewsets import ApiView, CrudViewSet, OptionsMixin
from kantyna.menus import documents, selectors, services
from kantyna.menus.api import serializers
from kantyna.menus.api.access import editable_institution_ids, readable_institution_ids
from kantyna.menus.importing import import_template
from kantyna.menus.models import MealsMenu, MealsMenuFile

READ = "tenant.access"
EDIT = "menu.edit"
FILE_RESPONSE = {
    (200, documents.PDF_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The file"),
}


def month_param(value: str | None) -> date:
    try:
        return MonthField().run_validation(value or "")
    except ValidationError as error:
        raise ValidationError({"month": error.detail}) from None


class MealsMenuFilter(django_filters.FilterSet):
    institutionId = django_filters.NumberFilter(field_name="institutions", distinct=True)
    dietId = django_filters.NumberFilter(field_name="diets", distinct=True)
    dateFrom = django_filters.DateFilter(field_name="date_to", lookup_expr="gte", label="Ends on or after")
    dateTo = django_filters.DateFilter(field_name="date_from", lookup_expr="lte", label="Starts on or before")
    month = django_filters.CharFilter(method="filter_month", label="YYYY-MM: menus covering a day of the month")

    class Meta:
        model = MealsMenu
        fields = []

    def filter_month(self, queryset, name, value):
        first, last = month_bounds(month_param(value))
        return selectors.menus_overlapping(queryset, first, last)


class MealsMenuViewSet(OptionsMixin, CrudViewSet):
    """`mealsMenus` and its commands (api-calls.tsv, area mealsMenus)."""

    queryset = selectors.menus_list_queryset()
    serializer_class = serializers.MealsMenuSerializer
    option_serializer_class = serializers.MealsMenuOptionSerializer
    filter_backends = [django_filters.rest_framework.DjangoFilterBackend, CamelOrderingFilter]
    filterset_class = MealsMenuFilter
    search_fields = ["name"]
    ordering_fields = ["name", "date_from", "date_to", "items_count", "updated_at"]
    abilities = {
        "list": READ,
        "retrieve": READ,
        "count": READ,
        "items": READ,
        "items_data": READ,
        "find_items": READ,
        "month_data": READ,
        "print": READ,
        "print_by_diet": READ,
        "create": EDIT,
        "update": EDIT,
        "destroy": EDIT,
        "update_parts": EDIT,
        "create_similar": EDIT,
        "copy_day_items": EDIT,
        "copy_days_items": EDIT,
        "copy_meal_type_items": EDIT,
        "import_file": EDIT,
        "import_template": EDIT,
    }
    write_actions = frozenset(
        {"update", "destroy", "update_parts", "copy_day_items", "copy_days_items", "copy_meal_type_items"}
    )
    create_service = staticmethod(services.meals_menu_create)
    update_service = staticmethod(services.meals_menu_update)
    delete_service = staticmethod(services.meals_menu_delete)

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        search = self.request.query_params.get("search", "").strip()
        return queryset.filter(name__icontains=search) if search else queryset

    def scope_queryset(self, queryset):
        return selectors.menus_visible_to(readable_institution_ids(self.request.user), queryset)

    def get_object(self):
        # Not filtered by the list's query parameters: items/find has its own `search` and dates.
        menu = get_object_or_404(self.get_queryset(), pk=self.kwargs["pk"])
        self.check_object_permissions(self.request, menu)
        if self.action in self.write_actions and not selectors.menu_editable_within(
            editable_institution_ids(self.request.user), menu
        ):
            raise PermissionDenied()
        return menu

    @extend_schema(responses=serializers.MealsMenusCountSerializer)
    @action(detail=False, methods=["get"], url_path="count")
    def count(self, request):
        return Response({"count": self.filter_queryset(self.get_queryset()).count()})

    @extend_schema(
        parameters=[serializers.MealsMenuItemsQuerySerializer],
        responses=serializers.MealsMenuItemSerializer(many=True),
    )
    @action(detail=False, methods=["get"], url_path="items", pagination_class=PagePagination)
    def items(self, request):
        """The items of the readable menus that cover the institution and diet (when given) in the dates."""
        query = serializers.MealsMenuItemsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        queryset = selectors.items_that_apply(
            readable_ids=readable_institution_ids(request.user), **query.validated_data
        )
        return self._paginated(queryset, serializers.MealsMenuItemSerializer)

    def _paginated(self, queryset, serializer_class):
        paginator = PagePagination()
        paginator.default_per_page = MAX_PER_PAGE
        page = paginator.paginate_queryset(queryset, self.request, view=self)
        return paginator.get_paginated_response(serializer_class(page, many=True).data)

    @extend_schema(responses=serializers.MealsMenuItemsDataSerializer)
    @action(detail=True, methods=["get"], url_path="itemsData")
    def items_data(self, request, pk=None):
        """Every item of the menu, in date and meal type order (the editor's data)."""
        menu = self.get_object()
        items = selectors.items_with_meals(menu.items.all()).order_by("date", "meal_type__position", "position", "id")
        return Response(serializers.MealsMenuItemsDataSerializer({**vars(menu), "items": items}).data)

    @extend_schema(
        parameters=[serializers.MealsMenuFindItemsQuerySerializer],
        responses=serializers.MealsMenuItemSerializer(many=True),
    )
    @action(detail=True, methods=["get"], url_path="items/find", pagination_class=PagePagination)
    def find_items(self, request, pk=None):
        """Items of this menu on a date or in dates, of a meal type, a meal, or whose meal name contains `search`."""
        menu = self.get_object()
        query = serializers.MealsMenuFindItemsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        criteria = query.validated_data
        condition = Q()
        for key, lookup in (
            ("date", "date"),
            ("date_from", "date__gte"),
            ("date_to", "date__lte"),
            ("meal_type_id", "meal_type_id"),
            ("meal_id", "meal_id"),
        ):
            if key in criteria:
                condition &= Q(**{lookup: criteria[key]})
        if criteria.get("search"):
            condition &= Q(meal__name__icontains=criteria["search"])
        items = selectors.items_with_meals(menu.items.filter(condition)).order_by(
            "date", "meal_type__position", "position", "id"
        )
        return self._paginated(items, serializers.MealsMenuItemSerializer)

    @extend_schema(
        parameters=[
            OpenApiParameter("month", str, OpenApiParameter.PATH, description="YYYY-MM"),
            serializers.MealsMenuMonthDataQuerySerializer,
        ],
        responses=serializers.MealsMenuMonthDataSerializer,
    )
    @action(detail=True, methods=["get"], url_path=r"month/(?P<month>\d{4}-\d{2})/data")
    def month_data(self, request, pk=None, month=None):
        """The month as a grid: the menu's dates in the month x every meal type, with meals, allergens and,
        unless the institution hides them, grammages."""
        menu = self.get_object()
        query = serializers.MealsMenuMonthDataQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        institution = self._institution_for_grammages(menu, query.validated_data.get("institution_id"))
        grid = selectors.month_grid(menu, month_param(month), institution=institution)
        data = {
            "menu": menu,
            "month": f"{grid.month:%Y-%m}",
            "dates": grid.dates,
            "meal_types": grid.meal_types,
            "show_grammages": grid.show_grammages,
            "cells": [
                {"date": day, "meal_type_id": meal_type_id, "meals": meals}
                for (day, meal_type_id), meals in grid.cells.items()
            ],
        }
        return Response(serializers.MealsMenuMonthDataSerializer(data).data)

    def _institution_for_grammages(self, menu: MealsMenu, institution_id: int | None):
        """The institution whose grammage setting applies: the one asked for, else, for a reader limited to some
        institutions, the menu's institution they belong to."""
        institutions = list(menu.institutions.all())
        if institution_id is not None:
            return next((i for i in institutions if i.pk == institution_id), None)
        visible = readable_institution_ids(self.request.user)
        if visible is None:
            return None
        mine = [i for i in institutions if i.pk in visible]
        # Several of theirs on one menu: hide grammages if any of them hides them.
        return next((i for i in mine if i.hide_grammages), mine[0] if mine else None)

    def _grids(self, menu: MealsMenu, data: dict) -> list[selectors.MonthGrid]:
        institution = data.get("institution")
        months = [data["month"]] if data.get("month") else self._months(menu)
        if institution is None:
            institution = self._institution_for_grammages(menu, None)
        return [selectors.month_grid(menu, month, institution=institution, all_dates=False) for month in months]

    @staticmethod
    def _months(menu: MealsMenu) -> list[date]:
        months, current = [], menu.date_from.replace(day=1)
        while current <= menu.date_to:
            months.append(current)
            current = date(current.year + current.month // 12, current.month % 12 + 1, 1)
        return months

    def _file_name(self, menu: MealsMenu, data: dict, suffix: str = "") -> str:
        month = f" {data['month']:%Y-%m}" if data.get("month") else ""
        return f"{menu.name}{month}{suffix}"

    @extend_schema(request=serializers.MealsMenuPrintSerializer, responses=FILE_RESPONSE)
    @action(detail=True, methods=["post"], url_path="print")
    def print(self, request, pk=None):
        """The menu as a PDF to print: one page per month (or the month asked for), allergens and grammages."""
        menu = self.get_object()
        body = serializers.MealsMenuPrintSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        content = documents.render_pdf([(grid, None) for grid in self._grids(menu, body.validated_data)])
        return documents.file_response(
            content, filename=f"{self._file_name(menu, body.validated_data)}.pdf", content_type=documents.PDF_TYPE
        )

    @extend_schema(request=serializers.MealsMenuPrintByDietSerializer, responses=FILE_RESPONSE)
    @action(detail=True, methods=["post"], url_path="printByDiet")
    def print_by_diet(self, request, pk=None):
        """The menu as a PDF with a section per diet of the menu (or only the diet asked for), for posting where
        each diet is served."""
        menu = self.get_object()
        body = serializers.MealsMenuPrintByDietSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        diets = list(menu.diets.all())
        chosen = body.validated_data.get("diet")
        if chosen is not None:
            if chosen not in diets:
                raise ValidationError({"dietId": [_("This diet is not on the menu.")]})
            diets = [chosen]
        grids = self._grids(menu, body.validated_data)
        content = documents.render_pdf([(grid, diet) for diet in diets for grid in grids])
        suffix = f" {chosen.name}" if chosen else ""
        return documents.file_response(
            content,
            filename=f"{self._file_name(menu, body.validated_data, suffix)}.pdf",
            content_type=documents.PDF_TYPE,
        )

    @extend_schema(request=serializers.MealsMenuUpdatePartsSerializer, responses=serializers.MealsMenuSerializer)
    @action(detail=True, methods=["put"], url_path="updateParts")
    def update_parts(self, request, pk=None):
        menu = self.get_object()
        body = serializers.MealsMenuUpdatePartsSerializer(
            menu, data=request.data, context=self.get_serializer_context()
        )
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        cells = [(cell["date"], cell["meal_type"], cell["meals"]) for cell in data.pop("cells", [])]
        services.meals_menu_update_parts(actor=request.user, instance=menu, cells=cells, **data)
        return Response(self.get_serializer(self.get_queryset().get(pk=menu.pk)).data)

    @extend_schema(
        request=serializers.MealsMenuCreateSimilarSerializer, responses={201: serializers.MealsMenuSerializer}
    )
    @action(detail=False, methods=["post"], url_path="createSimilar")
    def create_similar(self, request):
        """A copy of a menu under a new name, optionally moved to a new start date and other institutions or diets."""
        body = serializers.MealsMenuCreateSimilarSerializer(data=request.data, context=self.get_serializer_context())
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        source = get_object_or_404(self.get_queryset(), pk=data.pop("meals_menu_id"))
        if "institutions" not in data:
            # The copy keeps the source's institutions: they too must be the caller's to manage.
            allowed = editable_institution_ids(request.user)
            if allowed is not None and not {i.pk for i in source.institutions.all()} <= allowed:
                raise ValidationError({"institutionsIds": [_("You can only choose institutions you manage.")]})
        menu = services.meals_menu_create_similar(actor=request.user, source=source, **data)
        return Response(self.get_serializer(self.get_queryset().get(pk=menu.pk)).data, status=status.HTTP_201_CREATED)

    def _copy(self, serializer_class, service, **extra):
        menu = self.get_object()
        body = serializer_class(data=self.request.data)
        body.is_valid(raise_exception=True)
        copied = service(actor=self.request.user, instance=menu, **body.validated_data, **extra)
        return Response({"status": True, "copied_items": copied})

    @extend_schema(
        request=serializers.MealsMenuCopyDayItemsSerializer, responses=serializers.MealsMenuCopyResultSerializer
    )
    @action(detail=True, methods=["post"], url_path="copyDayItems")
    def copy_day_items(self, request, pk=None):
        """Copy one day's meals onto other days of the menu (replacing what those days held)."""
        return self._copy(serializers.MealsMenuCopyDayItemsSerializer, services.meals_menu_copy_day)

    @extend_schema(
        request=serializers.MealsMenuCopyDaysItemsSerializer, responses=serializers.MealsMenuCopyResultSerializer
    )
    @action(detail=True, methods=["post"], url_path="copyDaysItems")
    def copy_days_items(self, request, pk=None):
        """Copy a range of days onto as many days starting at `targetDateFrom` (replacing what they held)."""
        return self._copy(serializers.MealsMenuCopyDaysItemsSerializer, services.meals_menu_copy_days)

    @extend_schema(
        request=serializers.MealsMenuCopyMealTypeItemsSerializer, responses=serializers.MealsMenuCopyResultSerializer
    )
    @action(detail=True, methods=["post"], url_path="copyMealTypeItems")
    def copy_meal_type_items(self, request, pk=None):
        """Copy one meal type's meals of a day onto other days (replacing that meal type there)."""
        return self._copy(serializers.MealsMenuCopyMealTypeItemsSerializer, services.meals_menu_copy_meal_type)

    @extend_schema(
        request={"multipart/form-data": serializers.MealsMenuImportSerializer},
        responses={
            201: serializers.MealsMenuSerializer,
            400: OpenApiResponse(ImportErrorSerializer, description="Nothing was imported."),
        },
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="importMealsMenuFromExcelFile",
        parser_classes=[CamelCaseMultiPartParser, MultiPartParser, FormParser],
    )
    def import_file(self, request):
        """A new menu from an XLSX file. All or nothing: every bad cell is reported in `rows` (row, column letter, message)."""
        body = serializers.MealsMenuImportSerializer(data=request.data, context=self.get_serializer_context())
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        menu = services.meals_menu_import(actor=request.user, upload=data.pop("file"), **data)
        return Response(self.get_serializer(self.get_queryset().get(pk=menu.pk)).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={(200, XLSX_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The XLSX template")})
    @action(detail=False, methods=["get"], url_path="importMealsMenuFromExcelFile/template")
    def import_template(self, request):
        return documents.file_response(
            import_template(), filename="Jadłospis - szablon importu.xlsx", content_type=XLSX_TYPE
        )


class MealsMenuExportDocxView(ApiView):
    """`POST mealsMenusExport/docx {mealsMenuId, month?, institutionId?}`: the menu as an editable DOCX."""

    ability = READ
    parser_classes = [JSONObjectParser]

    @extend_schema(
        request=serializers.MealsMenuExportDocxSerializer,
        responses={(200, documents.DOCX_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The DOCX file")},
    )
    def post(self, request):
        body = serializers.MealsMenuExportDocxSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        menu = get_object_or_404(
            selectors.menus_visible_to(readable_institution_ids(request.user)), pk=data["meals_menu_id"]
        )
        viewset = MealsMenuViewSet(request=request, format_kwarg=None)
        grids = viewset._grids(menu, data)
        return documents.file_response(
            documents.render_docx(grids),
            filename=f"{viewset._file_name(menu, data)}.docx",
            content_type=documents.DOCX_TYPE,
        )


class MealsMenuFileFilter(django_filters.FilterSet):
    institutionId = django_filters.NumberFilter(field_name="institution")
    month = django_filters.CharFilter(method="filter_month", label="YYYY-MM")

    class Meta:
        model = MealsMenuFile
        fields = []

    def filter_month(self, queryset, name, value):
        return queryset.filter(month=month_param(value))


class MealsMenuFileViewSet(CrudViewSet):
    """`mealsMenusFiles`: PDF or image menus per institution and month, uploaded as multipart."""

    queryset = MealsMenuFile.objects.select_related("institution")
    serializer_class = serializers.MealsMenuFileSerializer
    parser_classes = [CamelCaseMultiPartParser, JSONObjectParser, FormParser]
    filter_backends = [django_filters.rest_framework.DjangoFilterBackend, CamelOrderingFilter]
    filterset_class = MealsMenuFileFilter
    ordering_fields = ["month", "name", "institution__name", "size", "created_at"]
    abilities = {
        "list": READ,
        "retrieve": READ,
        "download": READ,
        "show": READ,
        "print": READ,
        "create": EDIT,
        "update": EDIT,
        "destroy": EDIT,
    }
    create_service = staticmethod(services.meals_menu_file_create)
    update_service = staticmethod(services.meals_menu_file_update)
    delete_service = staticmethod(services.meals_menu_file_delete)

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        search = self.request.query_params.get("search", "").strip()
        if search:
            queryset = queryset.filter(Q(name__icontains=search) | Q(institution__name__icontains=search))
        return queryset

    def scope_queryset(self, queryset):
        return selectors.menu_files_visible_to(readable_institution_ids(self.request.user), queryset)

    def get_object(self):
        instance = super().get_object()
        if self.action in {"update", "destroy"}:
            allowed = editable_institution_ids(self.request.user)
            if allowed is not None and instance.institution_id not in allowed:
                raise PermissionDenied()
        return instance

    def _file(self, instance: MealsMenuFile, *, inline: bool):
        with instance.file.open("rb") as handle:
            content = handle.read()
        content_type = CONTENT_TYPES[instance.kind]  # the type detected at upload, whatever the name said
        name = f"{instance.name}.{instance.kind}"
        return documents.file_response(content, filename=name, content_type=content_type, inline=inline)

    @extend_schema(responses={(200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY)})
    @action(detail=True, methods=["get"], url_path="download")
    def download(self, request, pk=None):
        """The file as an attachment (saved by the browser)."""
        return self._file(self.get_object(), inline=False)

    @extend_schema(responses={(200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY)})
    @action(detail=True, methods=["get"], url_path="show")
    def show(self, request, pk=None):
        """The file inline, for the browser to display."""
        return self._file(self.get_object(), inline=True)

    @extend_schema(request=None, responses=FILE_RESPONSE)
    @action(detail=True, methods=["post"], url_path="print")
    def print(self, request, pk=None):
        """A PDF ready to print: a PDF file as it is; an image placed on an A4 page under the institution's name
        and the month, scaled to fit."""
        instance = self.get_object()
        if instance.kind == "pdf":
            return self._file(instance, inline=True)
        with instance.file.open("rb") as handle:
            content = documents.image_to_pdf(handle.read(), title=documents.file_title(instance))
        return documents.file_response(
            content, filename=f"{instance.name}.pdf", content_type=documents.PDF_TYPE, inline=True
        )
