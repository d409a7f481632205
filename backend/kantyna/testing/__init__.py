"""Shared test helpers for every area's tests: factories, an API client bound to a tenant host, assertions."""
