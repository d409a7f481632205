"""How much a meal costs: price list groups, price lists valid from a date, and their items.

Money columns are NUMERIC(12,2) (DESIGN.md §4); a list is replaced by a newer one, never edited in place
once orders refer to it.
"""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q

from kantyna.catalog.models import Diet, MealType, PortionSize

WEEKDAYS_PL = ["poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela"]


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
