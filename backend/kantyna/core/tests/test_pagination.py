"""`PagePagination`: `?page=&perPage=` in, `{"items", "total", "page", "perPage"}` out."""

import pytest
from django.test import RequestFactory
from django.utils import translation
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from kantyna.core.api.errors import api_exception_handler
from kantyna.core.pagination import DEFAULT_PER_PAGE, MAX_PER_PAGE, PagePagination
from kantyna.tenancy.models import Tenant
from kantyna.testing.queries import assert_num_queries


def paginate(data, **params):
    paginator = PagePagination()
    request = Request(RequestFactory().get("/api/frontend/things", params))
    items = paginator.paginate_queryset(data, request)
    return paginator.get_paginated_response(items).data


def test_given_no_parameters_when_paginating_then_page_1_of_20():
    assert (DEFAULT_PER_PAGE, MAX_PER_PAGE) == (20, 9999)
    assert paginate(list(range(45))) == {"items": list(range(20)), "total": 45, "page": 1, "perPage": 20}


def test_given_page_and_per_page_when_paginating_then_that_slice():
    assert paginate(list(range(23)), page=3, perPage=10) == {
        "items": [20, 21, 22],
        "total": 23,
        "page": 3,
        "perPage": 10,
    }


def test_given_page_past_the_end_when_paginating_then_empty_items_and_total():
    assert paginate(list(range(5)), page=4) == {"items": [], "total": 5, "page": 4, "perPage": 20}


def test_given_max_per_page_when_paginating_then_everything():
    assert paginate(list(range(30)), perPage=9999)["items"] == list(range(30))


def test_given_empty_parameters_when_paginating_then_defaults():
    assert paginate([1, 2], page="", perPage="") == {"items": [1, 2], "total": 2, "page": 1, "perPage": 20}


@pytest.mark.parametrize(
    ("params", "errors"),
    [
        ({"perPage": "10000"}, {"perPage": ["Must be between 1 and 9999."]}),
        ({"perPage": "0"}, {"perPage": ["Must be between 1 and 9999."]}),
        ({"perPage": "many"}, {"perPage": ["A whole number is required."]}),
        ({"page": "0"}, {"page": ["Must be between 1 and 1000000."]}),
        ({"page": "-2"}, {"page": ["Must be between 1 and 1000000."]}),
        ({"page": "99999999999999999999"}, {"page": ["Must be between 1 and 1000000."]}),
        ({"page": "1.5"}, {"page": ["A whole number is required."]}),
    ],
)
def test_given_invalid_parameters_when_paginating_then_400_with_field_error(params, errors):
    # No middleware picks the language here; an earlier test may have left another one active.
    with translation.override("en"), pytest.raises(ValidationError) as raised:
        paginate(list(range(3)), **params)
    with translation.override("en"):
        response = api_exception_handler(raised.value, {})
    assert (response.status_code, response.data) == (400, {"message": "The given data was invalid.", "errors": errors})


def test_given_queryset_when_paginating_then_counted_in_database(tenant_a, tenant_b):
    queryset = Tenant.objects.filter(slug__in=["alpha", "beta"]).order_by("slug")
    with assert_num_queries(2):  # one COUNT, one page
        page = paginate(queryset, perPage=1, page=2)
    assert (page["total"], [t.slug for t in page["items"]]) == (2, ["beta"])
