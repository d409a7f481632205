"""Query-string filtering shared by every list."""

from __future__ import annotations

from djangorestframework_camel_case.util import camel_to_underscore
from rest_framework.filters import OrderingFilter


class CamelOrderingFilter(OrderingFilter):
    """`?sort=lastName` or `?sort=-lastName`: sort keys are camelCase like every other key of the API.

    A view's `ordering_aliases` maps sort keys that are not model fields (`driverName`) to ordering terms.
    The primary key is appended as a tie-breaker, so pages of a sorted list never repeat or skip rows."""

    def remove_invalid_fields(self, queryset, fields, view, request):
        aliases = getattr(view, "ordering_aliases", {})
        terms = []
        for term in fields:
            name = term.lstrip("-")
            terms.append(term[: len(term) - len(name)] + aliases.get(name, camel_to_underscore(name)))
        return super().remove_invalid_fields(queryset, terms, view, request)

    def filter_queryset(self, request, queryset, view):
        ordering = self.get_ordering(request, queryset, view)
        if ordering:
            tie_breaker = [] if {"pk", "-pk", "id", "-id"} & set(ordering) else ["pk"]
            return queryset.order_by(*ordering, *tie_breaker)
        return queryset
