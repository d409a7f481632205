"""Labels (issue 16, route `/ordersLabels`): `GET orders/getUsersForLabels` (who gets labels on a day: receivers with
their portions, a page at a time, and the number of labels), `POST orders/printLabels` (the PDF of those labels on a
chosen sheet), `POST orders/labels/print` (the PDF of the labels of chosen orders or order items, e.g. picked in the
orders list) and `GET orders/labels/layouts` (the sheets). Admins label every institution, an institutions admin
theirs only (`Reach.institution_ids`); ability `kitchen.labels`."""

from __future__ import annotations

from datetime import timedelta

from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from kantyna.core.api.params import body_data, query_data
from kantyna.core.errors import DomainError
from kantyna.core.serializers import CommaSeparatedIdsField, KantynaSerializer
from kantyna.core.viewsets import ApiView
from kantyna.kitchen.documents import labels as documents
from kantyna.kitchen.selectors import labels as selectors
from kantyna.logistics.models import Kitchen
from kantyna.menus.documents import PDF_TYPE
from kantyna.ordering.api.orders_serializers import choice_field
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.subjects import TYPES
from kantyna.people.reach import Reach

ABILITY = "kitchen.labels"
MAX_PER_PAGE = 500
MAX_IDS = 5_000


# Inputs ---------------------------------------------------------------------------------------------------------


class LabelsQuerySerializer(KantynaSerializer):
    """Which portions get labels: a day (default tomorrow), optionally a kitchen, institutions and meal types."""

    date = serializers.DateField(required=False, help_text="The day; default: tomorrow (tenant's timezone).")
    kitchen_id = serializers.PrimaryKeyRelatedField(
        queryset=Kitchen.objects.all(), required=False, help_text="Only what this kitchen prepares."
    )
    institutions_ids = CommaSeparatedIdsField(
        message=_("Give ids separated by commas."),
        required=False,
        help_text="Comma-separated institution ids; default: every one the caller reaches.",
    )
    meal_types_ids = CommaSeparatedIdsField(
        message=_("Give ids separated by commas."),
        required=False,
        help_text="Comma-separated meal type ids; default: every one.",
    )


class ReceiversQuerySerializer(LabelsQuerySerializer):
    page = serializers.IntegerField(required=False, min_value=1, default=1)
    per_page = serializers.IntegerField(required=False, min_value=1, max_value=MAX_PER_PAGE, default=50)


class SheetSerializer(KantynaSerializer):
    """The sheet and the positions already used on it."""

    layout = serializers.ChoiceField(
        choices=list(selectors.LAYOUTS), default=selectors.DEFAULT_LAYOUT, help_text="A code of orders/labels/layouts."
    )
    skip = serializers.IntegerField(
        required=False, default=0, min_value=0, help_text="Labels already used on the first sheet (left empty)."
    )

    def validate(self, attrs):
        layout = selectors.LAYOUTS[attrs["layout"]]
        if attrs["skip"] >= layout.per_sheet:
            raise serializers.ValidationError(
                {"skip": [_("A sheet has %(count)s labels: skip fewer.") % {"count": layout.per_sheet}]}
            )
        return attrs


class PrintLabelsSerializer(SheetSerializer):
    date = serializers.DateField(required=False, help_text="The day; default: tomorrow (tenant's timezone).")
    kitchen_id = serializers.PrimaryKeyRelatedField(
        queryset=Kitchen.objects.all(), required=False, allow_null=True, help_text="Only what this kitchen prepares."
    )
    institutions_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=MAX_IDS, help_text="Default: all."
    )
    meal_types_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=MAX_IDS, help_text="Default: all."
    )


class PrintOrdersLabelsSerializer(SheetSerializer):
    orders_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=MAX_IDS, help_text="Whole orders."
    )
    items_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=MAX_IDS, help_text="Order items."
    )

    def validate(self, attrs):
        if not attrs.get("orders_ids") and not attrs.get("items_ids"):
            raise serializers.ValidationError({"orders_ids": [_("Choose orders or order items.")]})
        return super().validate(attrs)


# Outputs --------------------------------------------------------------------------------------------------------


class LabelLayoutSerializer(KantynaSerializer):
    code = serializers.CharField(help_text="What printLabels' `layout` takes, e.g. 3x7 (columns x rows).")
    columns = serializers.IntegerField()
    rows = serializers.IntegerField()
    per_sheet = serializers.IntegerField()
    width = serializers.FloatField(help_text="A label's width, mm.")
    height = serializers.FloatField(help_text="A label's height, mm.")
    top = serializers.FloatField(help_text="The first row's distance from the sheet's top edge, mm.")
    left = serializers.FloatField(help_text="The first column's distance from the sheet's left edge, mm.")
    sheets = serializers.CharField(help_text="Sheets of this size sold under these names.")


class PortionLabelSerializer(KantynaSerializer):
    item_id = serializers.IntegerField()
    order_id = serializers.IntegerField()
    date = serializers.DateField()
    meal_type = serializers.CharField()
    dishes = serializers.ListField(child=serializers.CharField(), help_text="The menu's dishes; empty: none.")
    diet = serializers.CharField()
    portion_size = serializers.CharField()
    clash = serializers.ListField(
        child=serializers.CharField(),
        help_text="The receiver's allergens the dish contains (printed as a warning on the label); empty: none.",
    )


class ReceiverLabelsSerializer(KantynaSerializer):
    subject_type = choice_field(TYPES, "OrderSubjectType", help_text="With id, the meal receiver (as orders name it).")
    id = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    institution = serializers.CharField()
    classroom = serializers.CharField(allow_null=True, help_text="null: a worker of the institution.")
    allergens = serializers.ListField(child=serializers.CharField())
    allergies_note = serializers.CharField(allow_blank=True)
    portions = PortionLabelSerializer(many=True, help_text="One label each, in the printed order.")


class ReceiversForLabelsSerializer(KantynaSerializer):
    items = ReceiverLabelsSerializer(many=True)
    total = serializers.IntegerField(help_text="Receivers in all.")
    page = serializers.IntegerField()
    per_page = serializers.IntegerField()
    labels = serializers.IntegerField(help_text="Labels in all (one per portion).")


# Views ----------------------------------------------------------------------------------------------------------


def _day_labels(request, data: dict, limit: int | None = None) -> list[selectors.Label]:
    kitchen = data.get("kitchen_id")
    return selectors.labels_for_day(
        day=data.get("date") or tenant_today() + timedelta(days=1),
        reachable_institution_ids=Reach(request.user).institution_ids,
        institution_ids=data.get("institutions_ids") or None,
        kitchen_id=kitchen.pk if kitchen is not None else None,
        meal_type_ids=data.get("meal_types_ids") or None,
        limit=limit,
    )


def _printable(labels: list[selectors.Label]) -> list[selectors.Label]:
    if not labels:
        raise DomainError("labels.none")
    if len(labels) > selectors.MAX_LABELS:
        raise DomainError("labels.too_many", params={"count": len(labels), "max": selectors.MAX_LABELS})
    return labels


def _pdf(labels, data):
    return documents.pdf_response(_printable(labels), selectors.LAYOUTS[data["layout"]], skip=data["skip"])


PDF_RESPONSE = {(200, PDF_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The labels, A4 sheets (PDF)")}


class LabelLayoutsView(ApiView):
    """The label sheets the PDF is laid out for."""

    ability = ABILITY

    @extend_schema(operation_id="orders_labels_layouts", responses=LabelLayoutSerializer(many=True))
    def get(self, request):
        layouts = [
            {**layout.__dict__, "per_sheet": layout.per_sheet}
            for layout in sorted(selectors.LAYOUTS.values(), key=lambda layout: -layout.per_sheet)
        ]
        return Response(LabelLayoutSerializer(layouts, many=True).data)


class ReceiversForLabelsView(ApiView):
    """Who gets labels on a day: receivers in the printed order with their portions, a page at a time."""

    ability = ABILITY

    @extend_schema(
        operation_id="orders_get_users_for_labels",
        parameters=[ReceiversQuerySerializer],
        responses=ReceiversForLabelsSerializer,
    )
    def get(self, request):
        query = query_data(request, ReceiversQuerySerializer)
        labels = _day_labels(request, query)
        everyone = selectors.receivers(labels)
        start = (query["page"] - 1) * query["per_page"]
        answer = {
            "items": everyone[start : start + query["per_page"]],
            "total": len(everyone),
            "page": query["page"],
            "per_page": query["per_page"],
            "labels": len(labels),
        }
        return Response(ReceiversForLabelsSerializer(answer).data)


class PrintLabelsView(ApiView):
    """The day's labels as a PDF for a label sheet (by criteria: the preview's)."""

    ability = ABILITY

    @extend_schema(operation_id="orders_print_labels", request=PrintLabelsSerializer, responses=PDF_RESPONSE)
    def post(self, request):
        body = body_data(request, PrintLabelsSerializer)
        return _pdf(_day_labels(request, body, limit=selectors.MAX_LABELS), body)


class PrintOrdersLabelsView(ApiView):
    """The labels of chosen orders or order items (live ones, within reach, any day) as a PDF."""

    ability = ABILITY

    @extend_schema(operation_id="orders_labels_print", request=PrintOrdersLabelsSerializer, responses=PDF_RESPONSE)
    def post(self, request):
        body = body_data(request, PrintOrdersLabelsSerializer)
        labels = selectors.labels_for_orders(
            reachable_institution_ids=Reach(request.user).institution_ids,
            order_ids=body.get("orders_ids"),
            item_ids=body.get("items_ids"),
            limit=selectors.MAX_LABELS,
        )
        return _pdf(labels, body)


urlpatterns = [
    path("orders/labels/layouts", LabelLayoutsView.as_view()),
    path("orders/getUsersForLabels", ReceiversForLabelsView.as_view()),
    path("orders/printLabels", PrintLabelsView.as_view()),
    path("orders/labels/print", PrintOrdersLabelsView.as_view()),
]
