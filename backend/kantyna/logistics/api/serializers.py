from __future__ import annotations

import re
from itertools import groupby

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.validators import UniqueValidator

from kantyna.catalog.models import MealType, PortionSize
from kantyna.core.serializers import KantynaModelSerializer, KantynaSerializer, MultilineCharField
from kantyna.institutions.models import Institution
from kantyna.logistics.models import Driver, Kitchen, KitchenInstitutionMealType, RouteNumber, RouteStop
from kantyna.users.api.serializers import PHONE_RE

POST_CODE_RE = r"^(\d{2}-\d{3})?$"
# Polish plates: a 1-3 letter area code, then 4-5 letters or digits; people type a space between the parts.
REGISTRATION_RE = re.compile(r"^[A-Z]{1,3} ?[A-Z0-9]{3,5}$")


class GroupedAssignmentsSerializer(serializers.ListSerializer):
    """Reads a kitchen's assignment rows (prefetched, ordered by institution) as one row per institution,
    the shape the kitchen form writes."""

    def to_representation(self, data):
        rows = data.all() if hasattr(data, "all") else data
        grouped = [
            {"institution": institution, "meal_types": [MealType(pk=row.meal_type_id) for row in group]}
            for institution, group in groupby(rows, key=lambda row: row.institution)
        ]
        return super().to_representation(grouped)


class KitchenMatrixRowSerializer(KantynaSerializer):
    """One row of the kitchen's matrix: an institution and the meal types the kitchen prepares for it."""

    institution_id = serializers.PrimaryKeyRelatedField(source="institution", queryset=Institution.objects.all())
    institution_name = serializers.CharField(source="institution.name", read_only=True)
    meal_type_ids = serializers.PrimaryKeyRelatedField(
        source="meal_types",
        queryset=MealType.objects.all(),
        many=True,
        allow_empty=False,
        error_messages={"empty": _("Choose at least one meal type.")},
    )

    class Meta:
        list_serializer_class = GroupedAssignmentsSerializer

    def validate_meal_type_ids(self, value):
        return list({meal_type.pk: meal_type for meal_type in value}.values())


class KitchenSerializer(KantynaModelSerializer):
    name = serializers.CharField(
        max_length=200,
        validators=[UniqueValidator(Kitchen.objects.all(), message=_("A kitchen with this name already exists."))],
    )
    street = serializers.CharField(max_length=200, allow_blank=True, required=False, default="")
    city = serializers.CharField(max_length=100, allow_blank=True, required=False, default="")
    post_code = serializers.RegexField(
        POST_CODE_RE,
        allow_blank=True,
        required=False,
        default="",
        error_messages={"invalid": _("Enter a post code as 00-000.")},
    )
    is_active = serializers.BooleanField(required=False, default=True)
    institutions_meal_types = KitchenMatrixRowSerializer(many=True, required=False)

    class Meta:
        model = Kitchen
        fields = ["id", "name", "street", "city", "post_code", "is_active", "institutions_meal_types"]


class KitchenOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.CharField(source="name")

    class Meta:
        model = Kitchen
        fields = ["value", "text", "is_active"]


class KitchenInstitutionMealTypeSerializer(KantynaModelSerializer):
    kitchen_id = serializers.IntegerField()
    kitchen_name = serializers.CharField(source="kitchen.name")
    institution_id = serializers.IntegerField()
    institution_name = serializers.CharField(source="institution.name")
    meal_type_id = serializers.IntegerField()
    meal_type_name = serializers.CharField(source="meal_type.name")

    class Meta:
        model = KitchenInstitutionMealType
        fields = [
            "id",
            "kitchen_id",
            "kitchen_name",
            "institution_id",
            "institution_name",
            "meal_type_id",
            "meal_type_name",
        ]


class KitchenIngredientsQuerySerializer(KantynaSerializer):
    """`kitchens/ingredients?kitchenId=&dateFrom=&dateTo=[&portionSizeId=]` (default: the default portion size)."""

    MAX_DAYS = 366

    kitchen_id = serializers.PrimaryKeyRelatedField(source="kitchen", queryset=Kitchen.objects.all())
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    portion_size_id = serializers.PrimaryKeyRelatedField(
        source="portion_size", queryset=PortionSize.objects.all(), required=False, allow_null=True, default=None
    )

    def validate(self, attrs):
        if attrs["date_to"] < attrs["date_from"]:
            raise serializers.ValidationError({"date_to": [_("The end date cannot be earlier than the start date.")]})
        if (attrs["date_to"] - attrs["date_from"]).days >= self.MAX_DAYS:
            raise serializers.ValidationError({"date_to": [_("Choose a range of at most 366 days.")]})
        if attrs["portion_size"] is None:
            attrs["portion_size"] = PortionSize.objects.filter(is_default=True).first()
        return attrs


class KitchenIngredientSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    unit = serializers.CharField()
    amount_per_portion = serializers.DecimalField(max_digits=12, decimal_places=2)
    meals_count = serializers.IntegerField()
    days_count = serializers.IntegerField()


class KitchenIngredientPageSerializer(KantynaSerializer):
    """The list shape of `kitchens/ingredients` (every row by default, as perPage=9999)."""

    items = KitchenIngredientSerializer(many=True)
    total = serializers.IntegerField()
    page = serializers.IntegerField()
    per_page = serializers.IntegerField()


def _phone(value: str) -> str:
    """The profile's rule: 7 or 9 digits, optionally spaced 3-4 or 3-3-3; stored without spaces."""
    value = (value or "").strip()
    if not PHONE_RE.match(value):
        raise serializers.ValidationError(_("Enter 7 or 9 digits, optionally separated by spaces."))
    return value.replace(" ", "")


class DriverSerializer(KantynaModelSerializer):
    first_name = serializers.CharField(max_length=100)
    last_name = serializers.CharField(max_length=100)
    phone_number = serializers.CharField(max_length=12)
    vehicle_registration = serializers.CharField(max_length=10, allow_blank=True, required=False, default="")
    is_active = serializers.BooleanField(required=False, default=True)
    # The routes the driver drives: the reason a delete is refused, shown in the list.
    route_numbers = serializers.SlugRelatedField(many=True, read_only=True, slug_field="number")

    class Meta:
        model = Driver
        fields = ["id", "first_name", "last_name", "phone_number", "vehicle_registration", "is_active", "route_numbers"]

    def validate_phone_number(self, value):
        return _phone(value)

    def validate_vehicle_registration(self, value):
        value = " ".join((value or "").upper().split())
        if value and not REGISTRATION_RE.match(value):
            raise serializers.ValidationError(_("Enter a registration number such as WA 12345."))
        return value


class DriverOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.SerializerMethodField()

    class Meta:
        model = Driver
        fields = ["value", "text", "is_active"]

    def get_text(self, driver) -> str:
        return f"{driver.last_name} {driver.first_name}"


class RouteStopSerializer(KantynaModelSerializer):
    institution_id = serializers.IntegerField(read_only=True)
    institution_name = serializers.CharField(source="institution.name", read_only=True)

    class Meta:
        model = RouteStop
        fields = ["institution_id", "institution_name", "position"]


class RouteNumberSerializer(KantynaModelSerializer):
    number = serializers.CharField(
        max_length=30,
        validators=[UniqueValidator(RouteNumber.objects.all(), message=_("A route with this number already exists."))],
    )
    description = MultilineCharField(allow_blank=True, required=False, default="", max_length=1000)
    driver_id = serializers.PrimaryKeyRelatedField(
        source="driver", queryset=Driver.objects.all(), allow_null=True, required=False, default=None
    )
    driver_name = serializers.SerializerMethodField()
    # The stops in the driver's order (written whole: the list replaces them; left out, they stay as they are).
    institution_ids = serializers.PrimaryKeyRelatedField(
        source="institutions", many=True, queryset=Institution.objects.all(), required=False, write_only=True
    )
    stops = RouteStopSerializer(many=True, read_only=True)

    class Meta:
        model = RouteNumber
        fields = ["id", "number", "description", "driver_id", "driver_name", "institution_ids", "stops"]

    def validate_driver_id(self, driver):
        # A route keeps a driver who was deactivated after being chosen; a new choice must be an active one.
        if driver and not driver.is_active and getattr(self.instance, "driver_id", None) != driver.pk:
            raise serializers.ValidationError(_("This driver is inactive."))
        return driver

    def get_driver_name(self, route) -> str | None:
        return f"{route.driver.first_name} {route.driver.last_name}" if route.driver else None


class RouteNumberOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.CharField(source="number")

    class Meta:
        model = RouteNumber
        fields = ["value", "text", "description"]
