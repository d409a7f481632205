"""Typed text refuses control and invisible characters (core.validators.TextValidator), on every text field of
every serializer without each field saying so (core.serializers.KantynaSerializer), and in query strings
(core.middleware.QueryStringTextMiddleware)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.plumbing import force_instance
from rest_framework import serializers

import kantyna
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.core.serializers import KantynaSerializer, MultilineCharField, TextGuardMixin
from kantyna.core.validators import TextValidator
from kantyna.testing import Api, assert_error, make_user

SINGLE_LINE = "Enter a single line, without tabs or line breaks."


def invisible(code: str) -> str:
    return f"The text contains an invisible character ({code}); remove it."


def refusal(validator: TextValidator, value: str) -> list[str] | None:
    try:
        with translation.override("en"):
            validator(value)
    except serializers.ValidationError as error:
        return [str(message) for message in error.detail]
    return None


@pytest.mark.parametrize(
    "value",
    ["Zażółć gęślą jaźń", "O'Brien-Nowak", "Ala 👨\u200d👩\u200d👧 ma kota", "Łódź, ul. Piotrkowska 1/2", "x\u00a0y"],
)
def test_given_ordinary_text_when_validating_then_both_kinds_accept_it(value):
    assert refusal(TextValidator(), value) is None
    assert refusal(TextValidator(multiline=True), value) is None


@pytest.mark.parametrize(
    ("value", "single_line", "multiline"),
    [
        ("Ola\nNowak", [SINGLE_LINE], None),
        ("Ola\tNowak", [SINGLE_LINE], None),
        ("Ola\r\nNowak", [SINGLE_LINE], None),
        ("Ola\rNowak", [SINGLE_LINE], [invisible("U+000D")]),
        ("Ola\x0bNowak", [invisible("U+000B")], [invisible("U+000B")]),
        ("Ola\x00", [invisible("U+0000")], [invisible("U+0000")]),
        ("Ola\x1b[31m", [invisible("U+001B")], [invisible("U+001B")]),
        ("Ola\x7f", [invisible("U+007F")], [invisible("U+007F")]),
        ("Ola\x85", [invisible("U+0085")], [invisible("U+0085")]),
        ("Ola\u2028Nowak", [invisible("U+2028")], [invisible("U+2028")]),
        ("Ola \u202ekawoN", [invisible("U+202E")], [invisible("U+202E")]),
        ("\u2067Ola", [invisible("U+2067")], [invisible("U+2067")]),
        ("Ola\ufeff", [invisible("U+FEFF")], [invisible("U+FEFF")]),
    ],
)
def test_given_a_control_character_when_validating_then_refused_unless_a_line_break_in_multiline_text(
    value, single_line, multiline
):
    assert refusal(TextValidator(), value) == single_line
    assert refusal(TextValidator(multiline=True), value) == multiline


class Sample(KantynaSerializer):
    name = serializers.CharField()
    note = MultilineCharField(required=False)
    email = serializers.EmailField(required=False)
    tags = serializers.ListField(child=serializers.CharField(), required=False)
    shown = serializers.CharField(read_only=True)


def test_given_a_kantyna_serializer_when_validating_then_each_text_field_refuses_by_its_kind():
    sample = Sample(data={"name": "A\nB", "note": "A\nB\x0cC", "email": "a\x01@example.com", "tags": ["ok", "x\ty"]})

    with translation.override("en"):
        assert not sample.is_valid()
        assert sample.errors == {
            "name": [SINGLE_LINE],
            "note": [invisible("U+000C")],
            "email": ["Enter a valid email address.", invisible("U+0001")],
            "tags": {1: [SINGLE_LINE]},
        }
    assert Sample(data={"name": "  Ala  ", "note": "Line 1\r\nLine 2\n\tindented"}).is_valid()


# Every text input of the API has the validator -----------------------------------------------------------------


def _project_serializer_classes() -> set[type]:
    for module in pkgutil.walk_packages(kantyna.__path__, "kantyna."):
        if ".tests" not in module.name and ".migrations" not in module.name:
            importlib.import_module(module.name)
    found, pending = set(), [serializers.BaseSerializer]
    while pending:
        cls = pending.pop()
        for sub in cls.__subclasses__():
            pending.append(sub)
            if sub.__module__.startswith("kantyna.") and ".tests" not in sub.__module__:
                found.add(sub)
    return found


def test_every_serializer_of_the_project_guards_its_text_fields():
    # A new serializer built on DRF's Serializer or ModelSerializer instead of the project's bases would let
    # control characters through.
    unguarded = sorted(
        f"{cls.__module__}.{cls.__qualname__}"
        for cls in _project_serializer_classes()
        if not issubclass(cls, TextGuardMixin | serializers.ListSerializer)
    )
    assert unguarded == []


def _unguarded_fields(serializer, path: str, seen: set) -> list[str]:
    serializer = force_instance(serializer)
    if isinstance(serializer, serializers.ListSerializer):
        serializer = serializer.child
    if type(serializer) in seen:
        return []
    seen.add(type(serializer))
    found = []
    for name, field in serializer.fields.items():
        found.extend(_unguarded_field(field, f"{path}.{name}", seen))
    return found


def _unguarded_field(field, path: str, seen: set) -> list[str]:
    if field.read_only:
        return []
    if isinstance(field, serializers.BaseSerializer):
        return _unguarded_fields(field, path, seen)
    child = getattr(field, "child", None)
    if isinstance(child, serializers.Field):
        return _unguarded_field(child, f"{path}[]", seen)
    if isinstance(field, serializers.CharField) and not any(isinstance(v, TextValidator) for v in field.validators):
        return [path]
    return []


def test_every_writable_text_field_of_every_request_body_has_the_validator():
    generator = SchemaGenerator()
    generator.get_schema(request=None, public=True)
    requests = [
        component
        for component in generator.registry._components.values()
        if component.type == "schemas" and component.name.endswith("Request") and component.object is not None
    ]
    assert len(requests) > 50  # the walk saw the API, not an empty schema

    unguarded = []
    for component in requests:
        unguarded.extend(_unguarded_fields(component.object, component.name, set()))
    assert unguarded == []


# Query strings ----------------------------------------------------------------------------------------------


def test_given_a_search_with_nul_when_listing_then_400_in_the_error_shape_not_a_database_error(tenant_a):
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = api.get("children", {"search": "Ala\x00", "sort": "lastName"})

    assert_error(response, 400, "The given data was invalid.", {"search": [invisible("U+0000")]})


def test_given_control_characters_in_filters_when_listing_then_every_bad_parameter_is_named_in_polish(tenant_a):
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN), locale="pl")

    response = api.get("orders", {"subjectType": "child\x0b", "search": "Ola\nNowak", "dateFrom": "2026-11-02"})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {
            "subjectType": ["Tekst zawiera niewidoczny znak (U+000B); usuń go."],
            "search": ["Wpisz jeden wiersz, bez tabulatorów i podziałów wiersza."],
        },
    )


def test_given_ordinary_query_values_when_listing_then_the_list_answers(tenant_a):
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = api.get("children", {"search": "Zażółć gęślą jaźń", "sort": "-lastName"})

    assert response.status_code == 200
    assert response.json()["items"] == []
