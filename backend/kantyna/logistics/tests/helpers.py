"""Catalogue rows the logistics tests build on, made through the owning apps' services."""

from __future__ import annotations

import itertools

from kantyna.catalog import services as catalog
from kantyna.institutions.services import institution_create

_sequence = itertools.count(1)


def make_institution(name: str | None = None):
    number = next(_sequence)
    name = name or f"Szkoła Podstawowa nr {number}"
    return institution_create(actor=None, name=name, short_name=f"SP {number}", slug=f"sp-{number}", kind="school")


def make_meal_type(name: str | None = None, position: int = 0):
    number = next(_sequence)
    return catalog.meal_type_create(actor=None, name=name or f"Posiłek {number}", position=position, portion_sizes=[])
