"""A request's parameters validated by a serializer: the one way views read a query string or a command's body."""

from __future__ import annotations

from djangorestframework_camel_case.util import underscoreize


def query_data(request, serializer_class) -> dict:
    """The query string (camelCase keys, as the web app sends them) validated by `serializer_class`: its validated
    data, or the one error shape (400) through the exception handler."""
    query = serializer_class(data=underscoreize(request.query_params.dict()))
    query.is_valid(raise_exception=True)
    return query.validated_data


def body_data(request, serializer_class) -> dict:
    """The JSON body (already underscored by the parser) validated by `serializer_class`."""
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data
