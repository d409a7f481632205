"""A scan's body read directly (`scan_body`) gives exactly what ScanCardSerializer gives: the same data, or the same
error through the serializer; the terminals' usual body never builds the serializer."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from rest_framework.exceptions import ValidationError

from kantyna.terminal.api import serializers as s
from kantyna.terminal.api import views

USUAL = [
    {"meal_types_ids": [3], "client_scan_id": "3f2a-77"},
    {"meal_types_ids": [3, 4], "client_scan_id": "x" * 64, "terminal_id": "kitchen-1", "offline": True},
    {"meal_types_ids": [2**31 - 1], "terminal_id": "", "offline": False},
    {"meal_types_ids": list(range(1, 21))},
]
OTHERS = [
    {},
    {"meal_types_ids": []},
    {"meal_types_ids": list(range(1, 22))},
    {"meal_types_ids": [0]},
    {"meal_types_ids": [2**31]},
    {"meal_types_ids": ["3"]},
    {"meal_types_ids": [True]},
    {"meal_types_ids": [3.0]},
    {"meal_types_ids": 3},
    {"meal_types_ids": [3], "client_scan_id": ""},
    {"meal_types_ids": [3], "client_scan_id": " padded "},
    {"meal_types_ids": [3], "client_scan_id": "x" * 65},
    {"meal_types_ids": [3], "client_scan_id": "a\u200bb\x00"},
    {"meal_types_ids": [3], "client_scan_id": "line\nbreak"},
    {"meal_types_ids": [3], "client_scan_id": 12},
    {"meal_types_ids": [3], "terminal_id": "  "},
    {"meal_types_ids": [3], "offline": "true"},
    {"meal_types_ids": [3], "offline": 1},
    {"meal_types_ids": [3], "offline": None},
    {"meal_types_ids": [3], "scanned_at": "2026-11-30T12:04:00Z"},
    {"meal_types_ids": [3], "scanned_at": None},
    {"meal_types_ids": [3], "unknown": 1},
]


def through_serializer(data):
    serializer = s.ScanCardSerializer(data=data)
    if not serializer.is_valid():
        return ("refused", serializer.errors)
    return ("data", dict(serializer.validated_data))


def through_scan_body(data):
    try:
        return ("data", dict(views.scan_body(SimpleNamespace(data=data))))
    except ValidationError as error:
        return ("refused", error.detail)


@pytest.mark.parametrize("data", USUAL + OTHERS)
def test_a_body_gives_what_the_serializer_gives(data):
    assert through_scan_body(data) == through_serializer(data)


@pytest.mark.parametrize("data", USUAL)
def test_the_usual_body_does_not_build_the_serializer(data, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the serializer was built")

    monkeypatch.setattr(views, "body_data", refuse)

    assert through_scan_body(data) == through_serializer(data)
