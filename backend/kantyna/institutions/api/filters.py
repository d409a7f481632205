"""Query parameters of the institutions, classrooms and districts lists, camelCase like the JSON."""

from __future__ import annotations

import django_filters

from kantyna.institutions.models import Classroom, Institution


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
