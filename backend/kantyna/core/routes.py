"""`flattened(urlpatterns)`: the patterns of every `path("", include(...))` put in its place, in order.

Django resolves a path by trying each pattern in turn; an include is a nested resolver, and one that does not match
raises Resolver404 carrying the list of every pattern it tried (for the debug 404 page), which its parent copies
into its own list. `/api/frontend/` has one include per app, so a request for the terminal's or the calendar's
routes built and copied ~550 such lists before reaching its view (about a fifth of a card scan's Python, profiled).
With the includes flattened, a pattern that does not match only costs its regular expression. Only includes with
an empty prefix, no namespace and no extra arguments are flattened: those add nothing to the patterns they hold,
so the same path resolves to the same view with the same arguments, and `reverse()` finds the same names."""

from __future__ import annotations

from django.urls import URLResolver
from django.urls.exceptions import Resolver404
from django.urls.resolvers import RoutePattern


def _transparent(pattern) -> bool:
    return (
        isinstance(pattern, URLResolver)
        and str(pattern.pattern) in ("", "^")
        and not pattern.namespace
        and not pattern.app_name
        and not pattern.default_kwargs
    )


def flattened(urlpatterns: list) -> list:
    patterns = []
    for pattern in urlpatterns:
        if _transparent(pattern):
            patterns += flattened(pattern.url_patterns)
        else:
            patterns.append(pattern)
    return patterns


_REGEX_SPECIAL = set(".^$*+?{}[]\\|()")


def _literal_prefix(pattern) -> str:
    """The text every path this pattern matches starts with ("" when it cannot tell)."""
    text = str(pattern.pattern)
    if isinstance(pattern.pattern, RoutePattern):
        return text.split("<", 1)[0]
    if not text.startswith("^"):
        return ""  # a regular expression without ^ may match anywhere in the path
    text = text[1:]
    for index, char in enumerate(text):
        if char in _REGEX_SPECIAL:
            return text[:index]
    return text


def _may_match(prefix: str, segment: str) -> bool:
    """Whether a pattern whose paths start with `prefix` may match a path whose first segment is `segment`: the text
    up to and with its first "/", or the whole path when it has none."""
    if segment.endswith("/"):
        return prefix.startswith(segment) or segment.startswith(prefix)
    return segment.startswith(prefix)


class IndexedResolver(URLResolver):
    """An include that tries only the patterns that may match the path's first segment (`terminal/`, `calendar/`,
    ...), in their order: a pattern whose literal start differs cannot match, so the first match, the view and its
    arguments are the same as trying them all, for ~300 patterns' regular expressions less per request. A path
    none of them matches is resolved again the ordinary way, for the same 404 (and its list of patterns tried).
    The candidates of a first segment are worked out on its first request (at most `MAX_SEGMENTS` kept)."""

    MAX_SEGMENTS = 256

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._by_segment: dict[str, URLResolver] = {}

    def _for_segment(self, segment: str) -> URLResolver:
        shadow = self._by_segment.get(segment)
        if shadow is None:
            patterns = [p for p in self.url_patterns if _may_match(_literal_prefix(p), segment)]
            shadow = URLResolver(self.pattern, patterns)
            if len(self._by_segment) < self.MAX_SEGMENTS:
                self._by_segment[segment] = shadow
        return shadow

    def resolve(self, path):
        path = str(path)
        match = self.pattern.match(path)
        if match:
            rest = match[0]
            cut = rest.find("/")
            segment = rest if cut < 0 else rest[: cut + 1]
            try:
                return self._for_segment(segment).resolve(path)
            except Resolver404:
                pass
        return super().resolve(path)


def indexed_include(route: str, urlconf: str) -> IndexedResolver:
    """`path(route, include(urlconf))` as an `IndexedResolver`."""
    return IndexedResolver(RoutePattern(route, is_endpoint=False), urlconf)
