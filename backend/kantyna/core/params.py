"""Ids read from text (query strings, path segments, stored strings): one rule for what counts as an id.

`str.isdigit()` is true for "²" and "٣", which `int()` then refuses or reads, and a run of digits may exceed
PostgreSQL's bigint; an id is 1 to 18 ASCII digits."""

from __future__ import annotations

import re

ID_RE = re.compile(r"^[0-9]{1,18}$")


def id_of(text: str | None) -> int | None:
    """The id `text` spells, or None when it spells none."""
    return int(text) if isinstance(text, str) and ID_RE.match(text) else None


def ids_of(text: str | None) -> list[int] | None:
    """`3,5,8` → [3, 5, 8]; None when any part is not an id."""
    ids = [id_of(part.strip()) for part in (text or "").split(",")]
    return None if None in ids else ids
