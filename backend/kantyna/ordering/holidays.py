"""Polish public holidays (ustawa o dniach wolnych od pracy, with 24 December from 2025): the fixed ones and
those that move with Easter. Offered to each tenant as free days (services/free_days.public_holidays_offer)."""

from __future__ import annotations

from datetime import date, timedelta

from django.utils.translation import gettext_lazy as _

FIXED = [
    (1, 1, _("New Year's Day")),
    (1, 6, _("Epiphany")),
    (5, 1, _("Labour Day")),
    (5, 3, _("Constitution Day")),
    (8, 15, _("Assumption of Mary")),
    (11, 1, _("All Saints' Day")),
    (11, 11, _("Independence Day")),
    (12, 24, _("Christmas Eve")),
    (12, 25, _("Christmas Day")),
    (12, 26, _("Second Day of Christmas")),
]
CHRISTMAS_EVE_FREE_FROM = 2025

# Days after Easter Sunday.
MOVABLE = [
    (0, _("Easter Sunday")),
    (1, _("Easter Monday")),
    (49, _("Pentecost Sunday")),
    (60, _("Corpus Christi")),
]


def easter_sunday(year: int) -> date:
    """Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm, Meeus/Jones/Butcher)."""
    a = year % 19
    b, c = divmod(year, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    month, day = divmod(h + el - 7 * m + 114, 31)
    return date(year, month, day + 1)


def polish_public_holidays(year: int) -> list[tuple[date, str]]:
    """The year's public holidays, by date, each with its name (in the active language)."""
    easter = easter_sunday(year)
    days = [
        (date(year, month, day), str(name))
        for month, day, name in FIXED
        if (month, day) != (12, 24) or year >= CHRISTMAS_EVE_FREE_FROM
    ]
    days += [(easter + timedelta(days=offset), str(name)) for offset, name in MOVABLE]
    return sorted(days)
