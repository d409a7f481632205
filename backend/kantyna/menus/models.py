"""Menus: which meal is served on which date for which meal type, for some institutions and diets; and the
menu files (a scanned or designed menu, PDF or image) an institution publishes per month."""

from __future__ import annotations

from django.db import connection, models
from django.db.models import Q

from kantyna.catalog.models import Diet, MealType
from kantyna.institutions.models import Institution
from kantyna.meals.models import Meal

# A menu covers at most a year of days (its form and its import refuse more).
MAX_MENU_DAYS = 366


class MealsMenu(models.Model):
    """A menu covers institutions and diets over a date range; its items place meals on dates and meal types."""

    name = models.CharField(max_length=200)
    date_from = models.DateField()
    date_to = models.DateField()
    institutions = models.ManyToManyField(Institution, related_name="menus")
    diets = models.ManyToManyField(Diet, related_name="menus")
    created_at = models.DateTimeField(auto_now_add=True, null=True)
    updated_at = models.DateTimeField(auto_now=True, null=True)

    class Meta:
        ordering = ["-date_from", "name", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(date_to__gte=models.F("date_from")), name="menu_dates_in_order")
        ]

    def __str__(self) -> str:
        return self.name


class MealsMenuItem(models.Model):
    """One meal in one cell (date x meal type) of a menu; a cell may hold several meals, in `position` order."""

    menu = models.ForeignKey(MealsMenu, on_delete=models.CASCADE, related_name="items")
    date = models.DateField()
    meal_type = models.ForeignKey(MealType, on_delete=models.PROTECT, related_name="menu_items")
    meal = models.ForeignKey(Meal, on_delete=models.PROTECT, related_name="menu_items")
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["date", "meal_type__position", "position", "id"]
        indexes = [models.Index(fields=["menu", "date"])]
        constraints = [
            models.UniqueConstraint(fields=["menu", "date", "meal_type", "meal"], name="one_meal_once_per_menu_cell")
        ]


def menu_file_path(instance: MealsMenuFile, filename: str) -> str:
    # Tenants share one storage: the schema name keeps their files apart, the month keeps folders small.
    return f"{connection.schema_name}/menus/{instance.month:%Y-%m}/{filename}"


class MealsMenuFile(models.Model):
    """A ready-made menu (PDF, JPEG or PNG) of an institution for a month, shown to its parents and workers."""

    class Kind(models.TextChoices):
        PDF = "pdf", "pdf"
        JPG = "jpg", "jpg"
        PNG = "png", "png"

    institution = models.ForeignKey(Institution, on_delete=models.PROTECT, related_name="menu_files")
    month = models.DateField(help_text="The first day of the month the file is for.")
    name = models.CharField(max_length=200)
    file = models.FileField(upload_to=menu_file_path, max_length=300)
    original_name = models.CharField(max_length=255)
    kind = models.CharField(max_length=3, choices=Kind.choices)
    size = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-month", "institution__name", "name", "id"]
        constraints = [models.CheckConstraint(condition=Q(month__day=1), name="menu_file_month_is_first_day")]

    def __str__(self) -> str:
        return self.name
