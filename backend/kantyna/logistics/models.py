"""Kitchens, delivery routes and drivers (filled by the logistics part of the catalogue)."""
