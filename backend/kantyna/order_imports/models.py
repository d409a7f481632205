"""An uploaded orders file (`ImportedOrdersFile`) and its rows (`ImportedOrderRow`): each row as read (the cells),
what it resolved to (the person, the meal type, the days) and its status: checked at upload (ok or problem),
then, on confirmation, ordered or failed (it became invalid since the check). A problem is stored as a refusal code
and its facts, worded by the API's error table in the reader's language."""

from __future__ import annotations

from django.db import models

from kantyna.catalog.models import MealType
from kantyna.ordering.models import Order
from kantyna.people.models import Child, WorkerProfile
from kantyna.users.models import User


class FileStatus(models.TextChoices):
    CHECKED = "checked", "checked"
    CONFIRMED = "confirmed", "confirmed"


class RowStatus(models.TextChoices):
    OK = "ok", "ok"  # checked, to be ordered on confirmation
    PROBLEM = "problem", "problem"  # refused at the check: never ordered
    ORDERED = "ordered", "ordered"  # confirmed: its order exists
    FAILED = "failed", "failed"  # ok at the check, refused at confirmation (the cut-off passed, say)


class ImportedOrdersFile(models.Model):
    name = models.CharField(max_length=255)
    file_format = models.CharField(max_length=10)  # xlsx | csv
    status = models.CharField(max_length=10, choices=FileStatus.choices, default=FileStatus.CHECKED)
    # Days past the cut-off are ordered too: the staff's right of the ordering rules, asked for at upload.
    override_cutoff = models.BooleanField(default=False)
    uploaded_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    uploaded_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-uploaded_at", "-id"]

    def __str__(self) -> str:
        return self.name


class ImportedOrderRow(models.Model):
    file = models.ForeignKey(ImportedOrdersFile, on_delete=models.CASCADE, related_name="rows")
    position = models.PositiveIntegerField()  # the sheet's row number (the header is row 1)
    # The cells as read.
    card_number = models.CharField(max_length=40, blank=True)
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    institution_name = models.CharField(max_length=255, blank=True)
    classroom_name = models.CharField(max_length=100, blank=True)
    date_text = models.CharField(max_length=40, blank=True)
    date_to_text = models.CharField(max_length=40, blank=True)
    meal_type_name = models.CharField(max_length=255, blank=True)
    # What they resolved to.
    child = models.ForeignKey(Child, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    worker = models.ForeignKey(WorkerProfile, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    meal_type = models.ForeignKey(MealType, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    date_from = models.DateField(null=True, blank=True)
    date_to = models.DateField(null=True, blank=True)
    days = models.JSONField(default=list)  # ISO dates to order (a range's free days and ordered days left out)
    skipped_days = models.JSONField(default=list)  # a range's days left out: free or already ordered
    items_count = models.PositiveIntegerField(default=0)  # meals the row orders (len(days))
    amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)  # their price; once ordered, charged
    status = models.CharField(max_length=10, choices=RowStatus.choices)
    problem_code = models.CharField(max_length=60, blank=True)
    problem_params = models.JSONField(default=dict)
    order = models.ForeignKey(Order, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    ordered_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["file", "position"], name="imported_order_row_position")]

    def __str__(self) -> str:
        return f"{self.file_id}:{self.position}"
