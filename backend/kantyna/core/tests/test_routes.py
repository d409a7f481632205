"""The API's routes resolve through `IndexedResolver` (only the patterns that may match the path's first segment)
exactly as Django's resolver trying every pattern in order would: same view, same arguments, same 404."""

from __future__ import annotations

import re

import pytest
from django.urls import URLResolver, include, path
from django.urls.exceptions import Resolver404
from django.urls.resolvers import RegexPattern, RoutePattern

from config import urls_api
from kantyna.core.routes import IndexedResolver, flattened, indexed_include

CONVERTER = re.compile(r"<(?:(\w+):)?\w+>")
GROUP = re.compile(r"\(\?P<\w+>[^)]*\)")


def sample_paths(pattern) -> list[str]:
    """Paths this pattern should match (its parameters filled with a number and a word), and near misses."""
    text = str(pattern.pattern)
    if isinstance(pattern.pattern, RoutePattern):
        filled = [CONVERTER.sub("12", text), CONVERTER.sub("abc", text)]
    else:
        body = text.removeprefix("^").removesuffix("$").replace("\\.", ".")
        filled = [GROUP.sub("12", body), GROUP.sub("abc", body)]
    return [*filled, *(f"{path}/" for path in filled), *(path[:-1] for path in filled if path)]


def outcome(resolver: URLResolver, url: str):
    try:
        match = resolver.resolve(url)
    except Resolver404:
        return None
    return (getattr(match.func, "view_class", match.func), match.args, match.kwargs, match.route)


def test_every_api_path_resolves_to_the_same_view_and_arguments_as_the_plain_resolver():
    plain = URLResolver(RegexPattern(r"^/"), [path("api/frontend/", include("config.urls_api"))])
    indexed = URLResolver(RegexPattern(r"^/"), [indexed_include("api/frontend/", "config.urls_api")])
    urls = {"/api/frontend/", "/api/frontend/nothing/here", "/api/frontend/auth", "/api/frontend/x"}
    for pattern in urls_api.urlpatterns:
        urls.update(f"/api/frontend/{sample}" for sample in sample_paths(pattern))

    resolved = 0
    for url in sorted(urls):
        expected = outcome(plain, url)
        assert outcome(indexed, url) == expected, url
        resolved += expected is not None
    assert resolved > len(urls_api.urlpatterns)  # the samples do reach the views, not only 404s


def test_a_path_no_pattern_matches_is_the_same_404_with_the_patterns_tried():
    resolver = indexed_include("api/frontend/", "config.urls_api")

    with pytest.raises(Resolver404) as refused:
        resolver.resolve("api/frontend/terminal/nothing")

    assert len(refused.value.args[0]["tried"]) == len(urls_api.urlpatterns)


def test_flattening_keeps_the_order_and_leaves_namespaced_includes_alone():
    inner = [path("a", lambda request: None, name="a"), path("b", lambda request: None, name="b")]
    namespaced = path("", include((inner, "app"), namespace="ns"))

    patterns = flattened([path("", include(inner)), path("c", lambda request: None), namespaced])

    assert [str(p.pattern) for p in patterns] == ["a", "b", "c", ""]
    assert patterns[-1] is namespaced
    assert not any(isinstance(p, URLResolver) for p in urls_api.urlpatterns)
    assert isinstance(indexed_include("api/frontend/", "config.urls_api"), IndexedResolver)
