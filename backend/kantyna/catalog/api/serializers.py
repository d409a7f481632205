from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.validators import UniqueValidator

from kantyna.catalog.models import Allergen, AllergenGroup


class AllergenGroupSerializer(serializers.ModelSerializer):
    name = serializers.CharField(
        max_length=100,
        validators=[
            UniqueValidator(AllergenGroup.objects.all(), message=_("An allergen group with this name already exists."))
        ],
    )

    class Meta:
        model = AllergenGroup
        fields = ["id", "name"]


class AllergenSerializer(serializers.ModelSerializer):
    name = serializers.CharField(
        max_length=100,
        validators=[UniqueValidator(Allergen.objects.all(), message=_("An allergen with this name already exists."))],
    )
    number = serializers.IntegerField(
        min_value=1,
        max_value=99,
        allow_null=True,
        required=False,
        validators=[UniqueValidator(Allergen.objects.all(), message=_("An allergen with this number already exists."))],
    )
    group_id = serializers.PrimaryKeyRelatedField(
        source="group", queryset=AllergenGroup.objects.all(), allow_null=True, required=False
    )
    group_name = serializers.CharField(source="group.name", read_only=True, allow_null=True)

    class Meta:
        model = Allergen
        fields = ["id", "number", "name", "group_id", "group_name"]
