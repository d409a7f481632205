from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.validators import UniqueValidator

from kantyna.catalog.models import Allergen, PortionSize
from kantyna.core.serializers import KantynaModelSerializer, KantynaSerializer, MultilineCharField, PlainDecimalField
from kantyna.meals.models import Ingredient, Meal, Unit


class MealAllergenSerializer(KantynaModelSerializer):
    class Meta:
        model = Allergen
        fields = ["id", "number", "name"]
        read_only_fields = fields


class IngredientSerializer(KantynaModelSerializer):
    name = serializers.CharField(
        max_length=200,
        validators=[
            UniqueValidator(
                Ingredient.objects.all(), lookup="iexact", message=_("An ingredient with this name already exists.")
            )
        ],
    )
    unit = serializers.ChoiceField(choices=Unit.choices)
    allergens_ids = serializers.PrimaryKeyRelatedField(
        source="allergens", queryset=Allergen.objects.all(), many=True, required=False
    )
    allergens = MealAllergenSerializer(many=True, read_only=True)
    meals_count = serializers.IntegerField(read_only=True, help_text="How many meals use the ingredient.")

    class Meta:
        model = Ingredient
        fields = ["id", "name", "unit", "allergens_ids", "allergens", "meals_count"]


class IngredientImportSerializer(KantynaSerializer):
    file = serializers.FileField(help_text="An XLSX file filled in on the template (ingredients/import/template).")


class IngredientImportResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    created = serializers.IntegerField()
    updated = serializers.IntegerField()


class MealPortionSerializer(KantynaSerializer):
    portion_size_id = serializers.PrimaryKeyRelatedField(source="portion_size", queryset=PortionSize.objects.all())
    portion_size_name = serializers.CharField(source="portion_size.name", read_only=True)
    kcal = serializers.IntegerField(min_value=0, max_value=20000, allow_null=True, required=False)
    protein = PlainDecimalField(max_digits=7, decimal_places=2, min_value=Decimal(0), allow_null=True, required=False)
    fat = PlainDecimalField(max_digits=7, decimal_places=2, min_value=Decimal(0), allow_null=True, required=False)
    carbohydrates = PlainDecimalField(
        max_digits=7, decimal_places=2, min_value=Decimal(0), allow_null=True, required=False
    )


class MealGrammageSerializer(KantynaSerializer):
    portion_size_id = serializers.PrimaryKeyRelatedField(source="portion_size", queryset=PortionSize.objects.all())
    grammage = PlainDecimalField(max_digits=8, decimal_places=2, min_value=Decimal("0.01"))


class MealIngredientSerializer(KantynaSerializer):
    """One ingredient of the recipe with its amount per portion size (in the ingredient's unit)."""

    ingredient_id = serializers.PrimaryKeyRelatedField(source="ingredient", queryset=Ingredient.objects.all())
    ingredient_name = serializers.CharField(source="ingredient.name", read_only=True)
    unit = serializers.CharField(source="ingredient.unit", read_only=True)
    grammages = MealGrammageSerializer(many=True)

    def validate_grammages(self, value):
        if not value:
            raise serializers.ValidationError(_("Enter the amount for at least one portion size."))
        sizes = [g["portion_size"].pk for g in value]
        if len(sizes) != len(set(sizes)):
            raise serializers.ValidationError(_("Each portion size may be given once."))
        return value


class MealListSerializer(KantynaModelSerializer):
    allergens = MealAllergenSerializer(many=True, read_only=True)
    ingredients_count = serializers.IntegerField(read_only=True)
    menus_count = serializers.IntegerField(read_only=True, help_text="How many menus serve the meal.")

    class Meta:
        model = Meal
        fields = ["id", "name", "description", "kcal", "allergens", "ingredients_count", "menus_count"]
        read_only_fields = fields


class MealSerializer(KantynaModelSerializer):
    """A whole meal; PUT replaces all of it (allergens, nutrition per portion size, recipe)."""

    name = serializers.CharField(max_length=200)
    description = MultilineCharField(allow_blank=True, required=False, default="", max_length=2000)
    kcal = serializers.IntegerField(
        read_only=True, allow_null=True, help_text="kcal of the default portion size, when given."
    )
    allergens_ids = serializers.PrimaryKeyRelatedField(
        source="allergens", queryset=Allergen.objects.all(), many=True, required=False
    )
    allergens = MealAllergenSerializer(many=True, read_only=True)
    portions = MealPortionSerializer(many=True, required=False)
    ingredients = MealIngredientSerializer(many=True, required=False, source="ingredient_grammages")

    class Meta:
        model = Meal
        fields = ["id", "name", "description", "kcal", "allergens_ids", "allergens", "portions", "ingredients"]

    def validate_portions(self, value):
        sizes = [portion["portion_size"].pk for portion in value]
        if len(sizes) != len(set(sizes)):
            raise serializers.ValidationError(_("Each portion size may be given once."))
        return value

    def validate_ingredients(self, value):
        seen: set[int] = set()
        errors = []
        for row in value:
            pk = row["ingredient"].pk
            errors.append({"ingredient_id": [_("This ingredient is already in the recipe.")]} if pk in seen else {})
            seen.add(pk)
        if any(errors):
            raise serializers.ValidationError(errors)
        return value


class MealOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="id")
    text = serializers.CharField(source="name")
    allergens = MealAllergenSerializer(many=True, read_only=True)

    class Meta:
        model = Meal
        fields = ["value", "text", "kcal", "allergens"]
        read_only_fields = fields


class MealsBulkDeleteSerializer(KantynaSerializer):
    meal_ids = serializers.PrimaryKeyRelatedField(
        source="meals", queryset=Meal.objects.all(), many=True, allow_empty=False
    )
