"""`?page=&perPage=` in, `{"items", "total", "page", "perPage"}` out (DESIGN.md §3)."""

from __future__ import annotations

import functools
import json

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import BasePagination
from rest_framework.response import Response

DEFAULT_PER_PAGE = 20
MAX_PER_PAGE = 9999  # option lists ask for everything with perPage=9999
# Far past any list's last page; bounded so that the row offset (page - 1) * perPage stays a PostgreSQL bigint.
MAX_PAGE = 1_000_000


def page_parameters(default_per_page: int = DEFAULT_PER_PAGE) -> list[OpenApiParameter]:
    """The documented query parameters of a paged list (`default_per_page`: what its paginator is given)."""
    per_page = "all" if default_per_page == MAX_PER_PAGE else str(default_per_page)
    return [
        OpenApiParameter("page", int, description="Default 1."),
        OpenApiParameter("perPage", int, description=f"Default {per_page}, at most {MAX_PER_PAGE}."),
    ]


PAGE_PARAMETERS = page_parameters()


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


class BoundedCountPagination(PagePagination):
    """PagePagination for lists that grow without bound (the ledger: 660,000 rows at 20,000 children), whose exact
    COUNT would cost more than the page itself and grow with the tenant. The rows are counted exactly up to a
    bound: `EXACT_COUNT_UP_TO` rows, or twice the rows up to the end of the asked page when more (a deep page
    reads its OFFSET rows anyway, so its count costs the same order). When more rows than the bound match,
    `total` is PostgreSQL's planner estimate of the filtered rows (at least bound + 1) and `totalIsEstimate` is
    true; otherwise it is the exact count and false. Going to the last page of an estimate counts exactly
    there, so the pages stay reachable and the total is exact once the end is in sight."""

    EXACT_COUNT_UP_TO = 10_000

    def paginate_queryset(self, queryset, request, view=None):
        self.read_params(request)
        bound = max(self.EXACT_COUNT_UP_TO, 2 * (self.offset + self.per_page))
        rows = queryset.order_by().values("pk")
        counted = rows[: bound + 1].count()
        self.total_is_estimate = counted > bound
        self.total = max(_planner_rows(rows), counted) if self.total_is_estimate else counted
        if self.offset >= counted and not self.total_is_estimate:
            return []
        return list(queryset[self.offset : self.offset + self.per_page])

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data["totalIsEstimate"] = self.total_is_estimate
        return response

    def get_paginated_response_schema(self, schema):
        page = super().get_paginated_response_schema(schema)
        page["required"] = [*page["required"], "totalIsEstimate"]
        page["properties"]["totalIsEstimate"] = {
            "type": "boolean",
            "description": "`total` is the database's estimate: more rows match than the list counts exactly.",
        }
        return page


def _planner_rows(queryset) -> int:
    """PostgreSQL's estimate of the rows `queryset` answers (EXPLAIN, nothing run)."""
    return int(json.loads(queryset.explain(format="json"))[0]["Plan"]["Plan Rows"])


@functools.cache  # one component per row serializer, however many views document it
def page_of(serializer_class, *, bounded_count: bool = False):
    """The documented response of an APIView that paginates by hand with PagePagination: a page of
    `serializer_class` rows, `{"items", "total", "page", "perPage"}`. (drf-spectacular wraps lists in the page
    shape only for generic views, so `Serializer(many=True)` would document a bare array the view never sends.)"""

    fields = {
        "items": serializer_class(many=True),
        "total": serializers.IntegerField(),
        "page": serializers.IntegerField(),
        "per_page": serializers.IntegerField(),
    }
    if bounded_count:  # paginated by BoundedCountPagination
        fields["total_is_estimate"] = serializers.BooleanField(
            help_text="`total` is the database's estimate: more rows match than the list counts exactly."
        )
    return inline_serializer(
        # Not spectacular's own "Paginated<Row>List" name, which a generic list of the same rows may also take.
        name=f"{serializer_class.__name__.removesuffix('Serializer')}{'BoundedPage' if bounded_count else 'Page'}",
        fields=fields,
    )
