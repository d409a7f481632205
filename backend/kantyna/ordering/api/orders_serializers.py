"""Shapes of the orders endpoints: filters, the list row, the details with their meals, and the commands.

Prices (unit price, price, gross amounts) are answered only to callers who may see prices (`prices.see`);
for the others the fields are null. The view says which through the serializer context `show_prices`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.dates import MonthField
from kantyna.core.serializers import (
    KantynaModelSerializer,
    KantynaSerializer,
    MoneySerializer,
    MultilineCharField,
    money,
)
from kantyna.ordering.models import Order, OrderItem
from kantyna.ordering.selectors.orders import OrderFilters
from kantyna.ordering.subjects import TYPES

MAX_DATES = 62


@extend_schema_field(MoneySerializer(allow_null=True))
class PriceField(serializers.Field):
    """Money, or null when the caller may not see prices."""

    def __init__(self, **kwargs):
        kwargs.setdefault("read_only", True)
        super().__init__(**kwargs)

    def to_representation(self, value):
        if not self.context.get("show_prices", False):
            return None
        return money(value)

    def get_attribute(self, instance):
        value = super().get_attribute(instance)
        return value if value is not None else 0


def choice_field(values, component: str, **kwargs) -> serializers.ChoiceField:
    """A choice field documented as its own named component: `status`, `kind` and `type` mean different sets
    elsewhere in the API, and drf-spectacular's one-name-per-field-name enums would collide."""
    values = [value for value, _label in values] if values and isinstance(values[0], tuple) else list(values)
    if component not in _CHOICE_FIELDS:
        _CHOICE_FIELDS[component] = extend_schema_field({"type": "string", "enum": values}, component_name=component)(
            type(f"{component}Field", (serializers.ChoiceField,), {})
        )
    return _CHOICE_FIELDS[component](choices=values, **kwargs)


_CHOICE_FIELDS: dict[str, type] = {}


ORDER_STATUSES = Order.Status.choices
ORDER_KINDS = Order.Kind.choices
ITEM_STATUSES = OrderItem.Status.choices


class OrderRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class OrderPersonSerializer(KantynaSerializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="full_name")


# Filters ----------------------------------------------------------------------------------------------


class OrderFiltersSerializer(KantynaSerializer):
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)
    institution_id = serializers.IntegerField(required=False, min_value=1)
    classroom_id = serializers.IntegerField(required=False, min_value=1)
    meal_type_id = serializers.IntegerField(required=False, min_value=1)
    subject_type = choice_field(TYPES, "OrderSubjectType", required=False)
    subject_id = serializers.IntegerField(required=False, min_value=1)
    payer_id = serializers.IntegerField(required=False, min_value=1)
    status = choice_field(ORDER_STATUSES, "OrderStatus", required=False)
    kind = choice_field(ORDER_KINDS, "OrderKind", required=False)
    search = serializers.CharField(required=False, allow_blank=True, max_length=100, default="")

    def validate(self, data):
        if data.get("date_from") and data.get("date_to") and data["date_to"] < data["date_from"]:
            raise serializers.ValidationError({"date_to": [_("The end date cannot be before the start date.")]})
        return data

    def filters(self) -> OrderFilters:
        return OrderFilters(**self.validated_data)


# Reads ------------------------------------------------------------------------------------------------


class OrderListItemSerializer(KantynaModelSerializer):
    payer = OrderPersonSerializer()
    created_by = OrderPersonSerializer(allow_null=True)
    kind = choice_field(ORDER_KINDS, "OrderKind")
    status = choice_field(ORDER_STATUSES, "OrderStatus")
    date_from = serializers.DateField(allow_null=True)
    date_to = serializers.DateField(allow_null=True)
    items_count = serializers.IntegerField()
    active_items_count = serializers.IntegerField()
    served_items_count = serializers.IntegerField(help_text="Meals already handed out (status served).")
    gross_amount = PriceField()
    subject_names = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = Order
        fields = [
            "id",
            "payer",
            "created_by",
            "kind",
            "status",
            "note",
            "created_at",
            "date_from",
            "date_to",
            "items_count",
            "active_items_count",
            "served_items_count",
            "gross_amount",
            "subject_names",
        ]


class OrderPageSerializer(KantynaSerializer):
    items = OrderListItemSerializer(many=True)
    total = serializers.IntegerField()
    page = serializers.IntegerField()
    per_page = serializers.IntegerField()


class OrderSubjectSerializer(KantynaSerializer):
    type = choice_field(TYPES, "OrderSubjectType")
    id = serializers.IntegerField()
    name = serializers.CharField()
    institution_id = serializers.IntegerField()
    institution_name = serializers.CharField()
    classroom_name = serializers.CharField(allow_null=True)


def subject_ref(item: OrderItem) -> dict:
    if item.child_id is not None:
        child = item.child
        return {
            "type": "child",
            "id": child.pk,
            "name": f"{child.first_name} {child.last_name}",
            "institution_id": child.institution_id,
            "institution_name": child.institution.name,
            "classroom_name": child.classroom.name,
        }
    worker = item.worker
    return {
        "type": "institution_worker",
        "id": worker.user_id,
        "name": worker.user.full_name,
        "institution_id": worker.institution_id,
        "institution_name": worker.institution.name,
        "classroom_name": None,
    }


class OrderItemSerializer(KantynaModelSerializer):
    row_id = serializers.IntegerField(source="pk", help_text="The item's id: `orders/{id}/items/{rowId}/cancel`.")
    subject = serializers.SerializerMethodField()
    meal_type = OrderRefSerializer()
    diet = OrderRefSerializer()
    portion_size = OrderRefSerializer()
    unit_price = PriceField()
    price = PriceField()
    status = choice_field(ITEM_STATUSES, "OrderItemStatus")
    can_cancel = serializers.SerializerMethodField()

    class Meta:
        model = OrderItem
        fields = [
            "row_id",
            "id",
            "subject",
            "date",
            "meal_type",
            "diet",
            "portion_size",
            "unit_price",
            "discount_percent",
            "price",
            "status",
            "note",
            "automarked",
            "charged_at",
            "cancelled_at",
            "served_at",
            "can_cancel",
        ]

    @extend_schema_field(OrderSubjectSerializer)
    def get_subject(self, item) -> dict:
        return OrderSubjectSerializer(subject_ref(item)).data

    def get_can_cancel(self, item) -> bool:
        """Active and still open for the caller (staff may cancel after the cut-off); never a served meal."""
        can_cancel = self.context.get("can_cancel")
        return bool(item.status == OrderItem.Status.ACTIVE and can_cancel and can_cancel(item))


class OrderDetailSerializer(KantynaModelSerializer):
    payer = OrderPersonSerializer()
    created_by = OrderPersonSerializer(allow_null=True)
    kind = choice_field(ORDER_KINDS, "OrderKind")
    status = choice_field(ORDER_STATUSES, "OrderStatus")
    gross_amount = PriceField()
    items = OrderItemSerializer(many=True)

    class Meta:
        model = Order
        fields = ["id", "payer", "created_by", "kind", "status", "note", "created_at", "gross_amount", "items"]


class OrderTotalsItemsSerializer(KantynaSerializer):
    active = serializers.IntegerField()
    cancelled = serializers.IntegerField()
    served = serializers.IntegerField()


class OrderTotalsSerializer(KantynaSerializer):
    orders_count = serializers.IntegerField()
    items = OrderTotalsItemsSerializer()
    gross_amount = PriceField()


class OrderCountSerializer(KantynaSerializer):
    count = serializers.IntegerField()


class OrderDietCountSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    count = serializers.IntegerField()


class OrderMealTypeCountSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    count = serializers.IntegerField()
    diets = OrderDietCountSerializer(many=True)


class OrderDateCountSerializer(KantynaSerializer):
    date = serializers.DateField()
    count = serializers.IntegerField()
    meal_types = OrderMealTypeCountSerializer(many=True)


class OrderSummaryRowSerializer(KantynaSerializer):
    date = serializers.DateField()
    meal_type_id = serializers.IntegerField()
    meal_type_name = serializers.CharField()
    count = serializers.IntegerField()
    amount = PriceField()


class OrderMealTypeOptionSerializer(KantynaSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.CharField(source="name")


# Commands ---------------------------------------------------------------------------------------------


class OrderItemRequestSerializer(KantynaSerializer):
    date = serializers.DateField()
    meal_type_id = serializers.IntegerField(min_value=1)
    portion_size_id = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    diet_id = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    price_list_item_id = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    note = MultilineCharField(max_length=500, required=False, allow_blank=True, default="")


class OrderWriteSerializer(KantynaSerializer):
    subject_type = choice_field(TYPES, "OrderSubjectType")
    subject_id = serializers.IntegerField(min_value=1)
    items = OrderItemRequestSerializer(many=True, max_length=500)
    note = MultilineCharField(max_length=1000, required=False, allow_blank=True, default="")

    def validate(self, data):
        # Here rather than in the list serializer: its own errors would land under items.nonFieldErrors.
        items = data["items"]
        if not items:
            raise serializers.ValidationError({"items": [_("Choose at least one meal.")]})
        keys = [(item["date"], item["meal_type_id"]) for item in items]
        if len(keys) != len(set(keys)):
            raise serializers.ValidationError({"items": [_("A meal type is listed twice for the same day.")]})
        return data


class OrderCreateSerializer(OrderWriteSerializer):
    idempotency_key = serializers.CharField(
        max_length=100,
        required=False,
        allow_null=True,
        default=None,
        help_text="The client's key for this submit: sending it again answers the same order.",
    )


class OrderBulkCreateSerializer(KantynaSerializer):
    orders = OrderCreateSerializer(many=True, allow_empty=False, max_length=200)


class OrderIdSerializer(KantynaSerializer):
    id = serializers.IntegerField()


class OrderIdsSerializer(KantynaSerializer):
    ids = serializers.ListField(child=serializers.IntegerField())


class OrdersIdsSerializer(KantynaSerializer):
    orders_ids = serializers.ListField(child=serializers.IntegerField(min_value=1), allow_empty=False, max_length=500)


class CancelMealTypeSerializer(KantynaSerializer):
    subject_type = choice_field(TYPES, "OrderSubjectType")
    subject_id = serializers.IntegerField(min_value=1)
    meal_type_id = serializers.IntegerField(min_value=1)
    date_from = serializers.DateField()
    date_to = serializers.DateField()

    def validate(self, data):
        if data["date_to"] < data["date_from"]:
            raise serializers.ValidationError({"date_to": [_("The end date cannot be before the start date.")]})
        return data


class CreateSimilarSerializer(KantynaSerializer):
    dates = serializers.ListField(
        child=serializers.DateField(),
        allow_empty=False,
        max_length=MAX_DATES,
        error_messages={"empty": _("Choose at least one day.")},
    )


class PrepaidOrderSerializer(KantynaSerializer):
    subject_type = choice_field(TYPES, "OrderSubjectType")
    subject_id = serializers.IntegerField(min_value=1)
    month = MonthField()
    meal_type_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        allow_empty=False,
        error_messages={"empty": _("Choose at least one meal type.")},
    )
    portion_size_id = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    note = MultilineCharField(max_length=1000, required=False, allow_blank=True, default="")
    idempotency_key = serializers.CharField(max_length=100, required=False, allow_null=True, default=None)
