"""What a tenant sells, to whom and for how much: institutions, diets, meal types, meals, menus, prices.

Money columns are NUMERIC(12,2) (DESIGN.md §4). Rows referenced by orders or people are protected from
deletion; they are deactivated or replaced instead, so history never dangles.
"""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q

WEEKDAYS_PL = ["poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela"]


class AllergenGroup(models.Model):
    name = models.CharField(max_length=100, unique=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Allergen(models.Model):
    """One of the 14 EU allergens (Regulation 1169/2011, annex II) or a tenant's own."""

    number = models.PositiveSmallIntegerField(null=True, blank=True, unique=True)
    name = models.CharField(max_length=100, unique=True)
    group = models.ForeignKey(AllergenGroup, null=True, blank=True, on_delete=models.SET_NULL, related_name="allergens")

    class Meta:
        ordering = ["number", "name"]

    def __str__(self) -> str:
        return self.name


class PortionSize(models.Model):
    name = models.CharField(max_length=50, unique=True)
    is_default = models.BooleanField(default=False)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["is_default"], condition=Q(is_default=True), name="one_default_portion_size"
            )
        ]

    def __str__(self) -> str:
        return self.name


class Institution(models.Model):
    class Kind(models.TextChoices):
        SCHOOL = "school", "school"
        KINDERGARTEN = "kindergarten", "kindergarten"
        WORKPLACE = "workplace", "workplace"

    name = models.CharField(max_length=200)
    short_name = models.CharField(max_length=50)
    slug = models.SlugField(max_length=80, unique=True)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    street = models.CharField(max_length=200, blank=True)
    city = models.CharField(max_length=100, blank=True)
    post_code = models.CharField(max_length=6, blank=True)
    terms_url = models.URLField(blank=True)
    ordering_note = models.TextField(blank=True)
    regular_payments_bank_account_number = models.CharField(max_length=26, blank=True)
    hide_grammages = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Diet(models.Model):
    name = models.CharField(max_length=100, unique=True)
    priority = models.PositiveIntegerField(default=0)
    is_default = models.BooleanField(default=False)
    allow_changing_allergens = models.BooleanField(default=True)
    institutions = models.ManyToManyField(Institution, related_name="diets", blank=True)

    class Meta:
        ordering = ["priority", "name"]
        constraints = [
            models.UniqueConstraint(fields=["is_default"], condition=Q(is_default=True), name="one_default_diet")
        ]

    def __str__(self) -> str:
        return self.name


class MealTypeCategory(models.Model):
    name = models.CharField(max_length=100, unique=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "name"]

    def __str__(self) -> str:
        return self.name


class MealType(models.Model):
    """Breakfast, soup, lunch, snack...: what an order item is for on a day."""

    name = models.CharField(max_length=100, unique=True)
    description = models.TextField(blank=True)
    category = models.ForeignKey(
        MealTypeCategory, null=True, blank=True, on_delete=models.SET_NULL, related_name="meal_types"
    )
    position = models.PositiveIntegerField(default=0)
    is_default = models.BooleanField(default=False)
    block_on_registration = models.BooleanField(default=False)
    portion_sizes = models.ManyToManyField(PortionSize, related_name="meal_types", blank=True)

    class Meta:
        ordering = ["position", "name"]
        constraints = [
            models.UniqueConstraint(fields=["is_default"], condition=Q(is_default=True), name="one_default_meal_type")
        ]

    def __str__(self) -> str:
        return self.name


class Classroom(models.Model):
    institution = models.ForeignKey(Institution, on_delete=models.PROTECT, related_name="classrooms")
    name = models.CharField(max_length=100)
    related_price_lists_group = models.ForeignKey(
        "PriceListsGroup", null=True, blank=True, on_delete=models.PROTECT, related_name="classrooms"
    )
    has_default_price_lists_group_for_members = models.BooleanField(default=False)

    class Meta:
        ordering = ["institution__name", "name"]
        constraints = [models.UniqueConstraint(fields=["institution", "name"], name="unique_classroom_name")]

    def __str__(self) -> str:
        return f"{self.institution.short_name} {self.name}"


class PriceListsGroup(models.Model):
    name = models.CharField(max_length=100, unique=True)
    default_for_children = models.BooleanField(default=False)
    default_for_institutions_workers = models.BooleanField(default=False)
    for_group_orders = models.BooleanField(default=False)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["default_for_children"],
                condition=Q(default_for_children=True),
                name="one_group_default_for_children",
            ),
            models.UniqueConstraint(
                fields=["default_for_institutions_workers"],
                condition=Q(default_for_institutions_workers=True),
                name="one_group_default_for_workers",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PriceList(models.Model):
    """Prices of a group valid from a date; a newer list of the same group replaces it from its own date."""

    group = models.ForeignKey(PriceListsGroup, on_delete=models.PROTECT, related_name="price_lists")
    name = models.CharField(max_length=100)
    valid_from = models.DateField()

    class Meta:
        ordering = ["group__name", "-valid_from"]
        constraints = [
            models.UniqueConstraint(fields=["group", "valid_from"], name="one_price_list_per_group_and_date")
        ]

    def __str__(self) -> str:
        return self.name


class PriceListItem(models.Model):
    class HiddenFor(models.TextChoices):
        PARENTS = "parents", "parents"
        WORKERS = "institution_workers", "institution_workers"

    price_list = models.ForeignKey(PriceList, on_delete=models.CASCADE, related_name="items")
    meal_type = models.ForeignKey(MealType, on_delete=models.PROTECT, related_name="price_list_items")
    diet = models.ForeignKey(Diet, on_delete=models.PROTECT, related_name="price_list_items")
    portion_size = models.ForeignKey(PortionSize, on_delete=models.PROTECT, related_name="price_list_items")
    price = models.DecimalField(max_digits=12, decimal_places=2)
    hidden = models.BooleanField(default=False)
    hidden_for = ArrayField(models.CharField(max_length=30, choices=HiddenFor.choices), default=list, blank=True)
    hidden_weekdays = ArrayField(models.CharField(max_length=20), default=list, blank=True)

    class Meta:
        ordering = ["meal_type__position", "diet__priority", "portion_size__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["price_list", "meal_type", "diet", "portion_size"], name="one_price_per_combination"
            ),
            models.CheckConstraint(condition=Q(price__gte=0), name="price_not_negative"),
        ]


class Meal(models.Model):
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    kcal = models.PositiveIntegerField(null=True, blank=True)
    allergens = models.ManyToManyField(Allergen, related_name="meals", blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class MealsMenu(models.Model):
    """A menu covers institutions and diets over a date range; its items place meals on dates and meal types."""

    name = models.CharField(max_length=200)
    date_from = models.DateField()
    date_to = models.DateField()
    institutions = models.ManyToManyField(Institution, related_name="menus")
    diets = models.ManyToManyField(Diet, related_name="menus")

    class Meta:
        ordering = ["-date_from", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(date_to__gte=models.F("date_from")), name="menu_dates_in_order")
        ]

    def __str__(self) -> str:
        return self.name


class MealsMenuItem(models.Model):
    menu = models.ForeignKey(MealsMenu, on_delete=models.CASCADE, related_name="items")
    date = models.DateField()
    meal_type = models.ForeignKey(MealType, on_delete=models.PROTECT, related_name="menu_items")
    meal = models.ForeignKey(Meal, on_delete=models.PROTECT, related_name="menu_items")
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["date", "meal_type__position", "position"]
        indexes = [models.Index(fields=["menu", "date"])]
