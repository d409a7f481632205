"""`?page=&perPage=` in, `{"items", "total", "page", "perPage"}` out (DESIGN.md §3)."""

from __future__ import annotations

import functools

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import BasePagination
from rest_framework.response import Response

DEFAULT_PER_PAGE = 20
MAX_PER_PAGE = 9999  # option lists ask for everything with perPage=9999
# Far past any list's last page; bounded so that the row offset (page - 1) * perPage stays a PostgreSQL bigint.
MAX_PAGE = 1_000_000


def _positive_int(raw: str | None, name: str, default: int, maximum: int | None = None) -> int:
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValidationError({name: [_("A whole number is required.")]}) from None
    if value < 1 or (maximum is not None and value > maximum):
        if maximum is None:
            raise ValidationError({name: [_("Must be at least 1.")]})
        raise ValidationError({name: [_("Must be between 1 and %(maximum)s.") % {"maximum": maximum}]})
    return value


class PagePagination(BasePagination):
    default_per_page = DEFAULT_PER_PAGE

    def read_params(self, request) -> None:
        """`page` and `perPage` of the request (400 when out of range), for a view that cuts its page itself."""
        self.page = _positive_int(request.query_params.get("page"), "page", 1, MAX_PAGE)
        self.per_page = _positive_int(
            request.query_params.get("perPage"), "perPage", self.default_per_page, MAX_PER_PAGE
        )

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.per_page

    def paginate_queryset(self, queryset, request, view=None):
        self.read_params(request)
        self.total = (
            queryset.count() if hasattr(queryset, "count") and not isinstance(queryset, list) else len(queryset)
        )
        start = (self.page - 1) * self.per_page
        return list(queryset[start : start + self.per_page])

    def paginate_then(self, rows, request, complete) -> list:
        """Page first, then aggregate the page: `rows` (a queryset in the list's order, without the costly
        figures) is counted and cut to the page, and `complete(page)` answers the page's rows with their figures
        from `page`, that slice of `rows.values("pk")` used as a subquery. Two queries, and neither aggregates
        more than the page, where paginating the annotated queryset groups every row before LIMIT."""
        self.read_params(request)
        self.total = rows.count()
        start = (self.page - 1) * self.per_page
        if start >= self.total:
            return []
        return list(complete(rows.values("pk")[start : start + self.per_page]))

    def get_paginated_response(self, data):
        return Response({"items": data, "total": self.total, "page": self.page, "perPage": self.per_page})

    def get_paginated_response_schema(self, schema):
        return {
            "type": "object",
            "required": ["items", "total", "page", "perPage"],
            "properties": {
                "items": schema,
                "total": {"type": "integer"},
                "page": {"type": "integer"},
                "perPage": {"type": "integer"},
            },
        }

    def get_schema_operation_parameters(self, view):
        return [
            {
                "name": "page",
                "in": "query",
                "required": False,
                "schema": {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
            },
            {
                "name": "perPage",
                "in": "query",
                "required": False,
                "schema": {"type": "integer", "minimum": 1, "maximum": MAX_PER_PAGE},
            },
        ]


@functools.cache  # one component per row serializer, however many views document it
def page_of(serializer_class):
    """The documented response of an APIView that paginates by hand with PagePagination: a page of
    `serializer_class` rows, `{"items", "total", "page", "perPage"}`. (drf-spectacular wraps lists in the page
    shape only for generic views, so `Serializer(many=True)` would document a bare array the view never sends.)"""

    return inline_serializer(
        # Not spectacular's own "Paginated<Row>List" name, which a generic list of the same rows may also take.
        name=f"{serializer_class.__name__.removesuffix('Serializer')}Page",
        fields={
            "items": serializer_class(many=True),
            "total": serializers.IntegerField(),
            "page": serializers.IntegerField(),
            "per_page": serializers.IntegerField(),
        },
    )
