"""Query parameters of the institutions, classrooms and districts lists, camelCase like the JSON."""

from __future__ import annotations

import django_filters
from djangorestframework_camel_case.util import camel_to_underscore
from rest_framework.filters import OrderingFilter

from kantyna.institutions.models import Classroom, Institution


class CamelOrderingFilter(OrderingFilter):
    """`?sort=shortName` or `?sort=-shortName`: the keys the SPA sees, mapped to the model's fields."""

    def remove_invalid_fields(self, queryset, fields, view, request):
        converted = [("-" if term.startswith("-") else "") + camel_to_underscore(term.lstrip("-")) for term in fields]
        return super().remove_invalid_fields(queryset, converted, view, request)


class InstitutionFilter(django_filters.FilterSet):
    districtId = django_filters.NumberFilter(field_name="district")
    kind = django_filters.ChoiceFilter(choices=Institution.Kind.choices)
    active = django_filters.BooleanFilter(field_name="is_active")

    class Meta:
        model = Institution
        fields = []


class ClassroomFilter(django_filters.FilterSet):
    institutionId = django_filters.NumberFilter(field_name="institution")

    class Meta:
        model = Classroom
        fields = []
