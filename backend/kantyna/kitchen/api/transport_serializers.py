"""Shapes of kitchen meals releases (a kitchen's batch of a day per route) and of the transport panel."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kantyna.core.serializers import KantynaModelSerializer, KantynaSerializer
from kantyna.kitchen.models import KitchenMealsRelease
from kantyna.logistics.models import Driver, Kitchen, RouteNumber


class DayQuerySerializer(KantynaSerializer):
    kitchen_id = serializers.PrimaryKeyRelatedField(queryset=Kitchen.objects.all())
    date = serializers.DateField(required=False, help_text="Default: tomorrow (tenant's timezone).")


class RouteSheetQuerySerializer(DayQuerySerializer):
    driver_id = serializers.PrimaryKeyRelatedField(
        queryset=Driver.objects.all(), required=False, help_text="Only the routes this driver drives that day."
    )


class DeleteQuerySerializer(KantynaSerializer):
    kitchen_id = serializers.PrimaryKeyRelatedField(queryset=Kitchen.objects.all())
    date = serializers.DateField()
    route_number_id = serializers.PrimaryKeyRelatedField(
        queryset=RouteNumber.objects.all(), required=False, help_text="Only this route's batch; default: every one."
    )


class KitchenBatchSerializer(KantynaSerializer):
    """Which batch: the kitchen's, of the day, for the route."""

    kitchen_id = serializers.PrimaryKeyRelatedField(queryset=Kitchen.objects.all())
    date = serializers.DateField()
    route_number_id = serializers.PrimaryKeyRelatedField(queryset=RouteNumber.objects.all())


class KitchenMealsReleaseSerializer(KantynaModelSerializer):
    kitchen_id = serializers.PrimaryKeyRelatedField(source="kitchen", queryset=Kitchen.objects.all())
    route_number_id = serializers.PrimaryKeyRelatedField(source="route_number", queryset=RouteNumber.objects.all())
    driver_id = serializers.PrimaryKeyRelatedField(
        source="driver",
        queryset=Driver.objects.all(),
        allow_null=True,
        required=False,
        default=None,
        help_text="Default: the route's driver.",
    )
    note = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")

    class Meta:
        model = KitchenMealsRelease
        fields = [
            "id",
            "kitchen_id",
            "date",
            "route_number_id",
            "driver_id",
            "note",
            "released_for_transport_at",
            "created_at",
        ]
        read_only_fields = ["released_for_transport_at", "created_at"]
        validators = []  # the service refuses an existing batch (409 kitchen_release.exists)

    def validate_driver_id(self, driver):
        if driver is not None and not driver.is_active:
            raise serializers.ValidationError(_("This driver is inactive."))
        return driver


class TransportMealTypePortionsSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    portions = serializers.IntegerField()


class TransportStopSerializer(KantynaSerializer):
    position = serializers.IntegerField()
    institution_id = serializers.IntegerField()
    institution_name = serializers.CharField()
    address = serializers.CharField()
    portions = serializers.IntegerField()
    meal_types = TransportMealTypePortionsSerializer(many=True)


class TransportRouteSerializer(KantynaSerializer):
    route_number_id = serializers.IntegerField()
    number = serializers.CharField()
    description = serializers.CharField()
    driver_id = serializers.IntegerField(source="driver.pk", allow_null=True, default=None)
    driver_name = serializers.CharField(allow_null=True)
    release_id = serializers.IntegerField(allow_null=True, help_text="The day's batch; null: none recorded yet.")
    released_for_transport = serializers.BooleanField()
    released_for_transport_at = serializers.DateTimeField(allow_null=True)
    released_for_transport_by = serializers.CharField(allow_null=True)
    note = serializers.CharField()
    portions = serializers.IntegerField()
    stops = TransportStopSerializer(many=True)


class TransportDaySerializer(KantynaSerializer):
    kitchen_id = serializers.IntegerField(source="kitchen.pk")
    date = serializers.DateField()
    meal_types = TransportMealTypePortionsSerializer(many=True, help_text="Totals of every route.")
    routes = TransportRouteSerializer(many=True)
