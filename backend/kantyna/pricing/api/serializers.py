from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.validators import UniqueValidator

from kantyna.catalog.models import Diet, MealType, PortionSize
from kantyna.core.serializers import (
    MAX_PRICE,
    KantynaModelSerializer,
    KantynaSerializer,
    MoneyDateField,
    MoneySerializer,
    MultilineCharField,
    money,
)
from kantyna.institutions.models import Institution
from kantyna.pricing import selectors
from kantyna.pricing.models import WEEKDAYS_PL, PriceList, PriceListItem, PriceListsGroup


class PriceListsGroupSerializer(KantynaModelSerializer):
    name = serializers.CharField(
        max_length=100,
        validators=[
            UniqueValidator(
                PriceListsGroup.objects.all(), message=_("A price lists group with this name already exists.")
            )
        ],
    )
    default_for_children = serializers.BooleanField(default=False)
    default_for_institutions_workers = serializers.BooleanField(default=False)
    for_group_orders = serializers.BooleanField(default=False)

    class Meta:
        model = PriceListsGroup
        fields = ["id", "name", "default_for_children", "default_for_institutions_workers", "for_group_orders"]


class PriceSerializer(MoneySerializer):
    """A price: money from 0.00 to 10000.00 PLN with at most 2 decimal places."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, max_amount=MAX_PRICE, **kwargs)


class ItemPriceSerializer(PriceSerializer):
    """An item's price: stored as a Decimal, answered as money, or null for callers who may not see prices."""

    def to_representation(self, value):
        return money(value) if self.context.get("show_prices", True) else None


class PriceListItemSerializer(KantynaModelSerializer):
    """An item as a list carries it. `price` is null for callers who may not see prices (ability prices.see)."""

    id = serializers.IntegerField(required=False, allow_null=True)
    meal_type_id = serializers.PrimaryKeyRelatedField(source="meal_type", queryset=MealType.objects.all())
    meal_type_name = serializers.CharField(source="meal_type.name", read_only=True)
    diet_id = serializers.PrimaryKeyRelatedField(source="diet", queryset=Diet.objects.all())
    diet_name = serializers.CharField(source="diet.name", read_only=True)
    portion_size_id = serializers.PrimaryKeyRelatedField(source="portion_size", queryset=PortionSize.objects.all())
    portion_size_name = serializers.CharField(source="portion_size.name", read_only=True)
    price = ItemPriceSerializer(allow_null=True)
    hidden = serializers.BooleanField(default=False)
    hidden_for = serializers.ListField(
        child=serializers.ChoiceField(choices=PriceListItem.HiddenFor.choices), default=list
    )
    hidden_weekdays = serializers.ListField(
        child=serializers.ChoiceField(choices=[(day, day) for day in WEEKDAYS_PL]), default=list
    )

    class Meta:
        model = PriceListItem
        fields = [
            "id",
            "meal_type_id",
            "meal_type_name",
            "diet_id",
            "diet_name",
            "portion_size_id",
            "portion_size_name",
            "price",
            "hidden",
            "hidden_for",
            "hidden_weekdays",
        ]

    def validate_price(self, value):
        if value is None:
            raise serializers.ValidationError(_("This field may not be null."))
        return value["amount"]


class PriceListSerializer(KantynaModelSerializer):
    group_id = serializers.PrimaryKeyRelatedField(source="group", queryset=PriceListsGroup.objects.all())
    group_name = serializers.CharField(source="group.name", read_only=True)
    name = serializers.CharField(max_length=100)
    valid_from = MoneyDateField()
    valid_to = serializers.SerializerMethodField(help_text="The last day before the next list of the group starts.")
    status = serializers.SerializerMethodField()
    locked = serializers.SerializerMethodField(
        help_text="Started and already used: prices are frozen, replace it with a new one (replaceWithNewOne)."
    )
    items = PriceListItemSerializer(many=True)

    class Meta:
        model = PriceList
        fields = ["id", "group_id", "group_name", "name", "valid_from", "valid_to", "status", "locked", "items"]
        # One list per group and day is checked by the service, which names the field (validFrom).
        validators: list = []

    @extend_schema_field(serializers.DateField(allow_null=True))
    def get_valid_to(self, obj):
        if hasattr(obj, "next_valid_from"):
            next_valid_from = obj.next_valid_from
        else:
            next_valid_from = (
                PriceList.objects.filter(group_id=obj.group_id, valid_from__gt=obj.valid_from)
                .order_by("valid_from")
                .values_list("valid_from", flat=True)
                .first()
            )
        return None if next_valid_from is None else (next_valid_from - timedelta(days=1)).isoformat()

    @extend_schema_field(serializers.ChoiceField(choices=selectors.STATUSES))
    def get_status(self, obj):
        if not hasattr(obj, "current_id"):
            obj = selectors.price_lists_with_period(PriceList.objects.filter(pk=obj.pk)).get()
        return selectors.status_of(obj)

    @extend_schema_field(serializers.BooleanField())
    def get_locked(self, obj):
        in_use = self.context.get("items_in_use")
        if in_use is None:
            in_use = selectors.price_list_item_ids_in_use([item.pk for item in obj.items.all()])
        return obj.valid_from <= selectors.today() and any(item.pk in in_use for item in obj.items.all())


class PriceListReplaceSerializer(KantynaSerializer):
    valid_from = MoneyDateField()
    name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    items = PriceListItemSerializer(many=True, required=False)


class PriceListReplacedSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    id = serializers.IntegerField(help_text="The new price list.")


class HasPrepaidsSerializer(KantynaSerializer):
    has_prepaids = serializers.BooleanField()


class PriceListItemDetailSerializer(PriceListItemSerializer):
    price_list_id = serializers.IntegerField(read_only=True)

    class Meta(PriceListItemSerializer.Meta):
        fields = ["price_list_id", *PriceListItemSerializer.Meta.fields]


class PricedQuerySerializer(KantynaSerializer):
    """Query of the reads that price a subject: its group, a day (today by default) and optionally where."""

    price_lists_group_id = serializers.PrimaryKeyRelatedField(queryset=PriceListsGroup.objects.all())
    date = serializers.DateField(required=False)
    institution_id = serializers.PrimaryKeyRelatedField(queryset=Institution.objects.all(), required=False)


class GroupedItemsQuerySerializer(PricedQuerySerializer):
    diet_id = serializers.PrimaryKeyRelatedField(
        queryset=Diet.objects.all(), required=False, help_text="The subject's diet; the default diet when absent."
    )


class GroupedPriceListItemSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    price = PriceSerializer(allow_null=True)
    hidden = serializers.BooleanField()
    hidden_for = serializers.ListField(child=serializers.CharField())
    hidden_weekdays = serializers.ListField(child=serializers.CharField())


class GroupedPortionSizeSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    default = serializers.BooleanField()
    price_list_item = GroupedPriceListItemSerializer()


class GroupedMealTypeSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = MultilineCharField()
    block_on_registration = serializers.BooleanField()
    portion_sizes = GroupedPortionSizeSerializer(many=True)


class GroupedCategorySerializer(KantynaSerializer):
    id = serializers.IntegerField(allow_null=True, help_text="null: meal types without a category")
    name = serializers.CharField()
    meal_types = GroupedMealTypeSerializer(many=True)


class PriceListRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    valid_from = serializers.DateField()


class GroupedItemsSerializer(KantynaSerializer):
    price_list = PriceListRefSerializer(allow_null=True)
    categories = GroupedCategorySerializer(many=True)


class MealTypeDietSerializer(KantynaSerializer):
    meal_type_id = serializers.IntegerField()
    meal_type_name = serializers.CharField()
    diet_id = serializers.IntegerField()
    diet_name = serializers.CharField()


class AvailableMealTypesDietsSerializer(KantynaSerializer):
    price_list = PriceListRefSerializer(allow_null=True)
    items = MealTypeDietSerializer(many=True)
