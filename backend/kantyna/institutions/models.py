"""Where meals go: institutions (schools, kindergartens, workplaces), their classrooms, and districts."""

from __future__ import annotations

from django.db import models


class District(models.Model):
    """A delivery area; institutions belong to one, and registration can filter institutions by it."""

    name = models.CharField(max_length=100, unique=True)

    class Meta:
        ordering = ["name"]

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
    district = models.ForeignKey(District, null=True, blank=True, on_delete=models.PROTECT, related_name="institutions")
    terms_url = models.URLField(blank=True)
    ordering_note = models.TextField(blank=True)
    regular_payments_bank_account_number = models.CharField(max_length=26, blank=True)
    hide_grammages = models.BooleanField(default=False)
    # Who pays the institution's monthly invoice when not the institution itself (a gmina for its school): the
    # buyer printed on the invoice, the institution then its recipient. Empty name: the institution is the buyer.
    invoice_buyer_name = models.CharField(max_length=200, blank=True)
    invoice_buyer_tax_id = models.CharField(max_length=10, blank=True)
    invoice_buyer_street = models.CharField(max_length=200, blank=True)
    invoice_buyer_post_code = models.CharField(max_length=6, blank=True)
    invoice_buyer_city = models.CharField(max_length=100, blank=True)
    # The buyer is a public body (a gmina, a local government): its KSeF invoice says JST and names the
    # institution as the unit receiving the meals.
    invoice_buyer_is_public_body = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Classroom(models.Model):
    institution = models.ForeignKey(Institution, on_delete=models.PROTECT, related_name="classrooms")
    name = models.CharField(max_length=100)
    related_price_lists_group = models.ForeignKey(
        "pricing.PriceListsGroup", null=True, blank=True, on_delete=models.PROTECT, related_name="classrooms"
    )
    has_default_price_lists_group_for_members = models.BooleanField(default=False)

    class Meta:
        ordering = ["institution__name", "name"]
        constraints = [models.UniqueConstraint(fields=["institution", "name"], name="unique_classroom_name")]

    def __str__(self) -> str:
        return f"{self.institution.short_name} {self.name}"
