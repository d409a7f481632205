"""An amount in Polish words, as an invoice prints it: "sto dwadzieścia trzy złote 45/100"."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

UNITS = ["", "jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć"]
TEENS = [
    "dziesięć", "jedenaście", "dwanaście", "trzynaście", "czternaście",
    "piętnaście", "szesnaście", "siedemnaście", "osiemnaście", "dziewiętnaście",
]  # fmt: skip
TENS = [
    "", "", "dwadzieścia", "trzydzieści", "czterdzieści",
    "pięćdziesiąt", "sześćdziesiąt", "siedemdziesiąt", "osiemdziesiąt", "dziewięćdziesiąt",
]  # fmt: skip
HUNDREDS = [
    "", "sto", "dwieście", "trzysta", "czterysta",
    "pięćset", "sześćset", "siedemset", "osiemset", "dziewięćset",
]  # fmt: skip
# (one, few, many) of each power of a thousand.
SCALES = [
    ("", "", ""),
    ("tysiąc", "tysiące", "tysięcy"),
    ("milion", "miliony", "milionów"),
    ("miliard", "miliardy", "miliardów"),
]
ZLOTY = ("złoty", "złote", "złotych")


def plural_form(number: int, forms: tuple[str, str, str]) -> str:
    """Polish plural: 1 złoty, 2-4 złote (but 12-14 złotych), 5+ złotych; 22 złote, 25 złotych."""
    if number == 1:
        return forms[0]
    if number % 10 in (2, 3, 4) and number % 100 not in (12, 13, 14):
        return forms[1]
    return forms[2]


def _below_thousand(number: int) -> list[str]:
    hundreds, rest = divmod(number, 100)
    words = [HUNDREDS[hundreds]]
    if 10 <= rest < 20:
        words.append(TEENS[rest - 10])
    else:
        tens, units = divmod(rest, 10)
        words += [TENS[tens], UNITS[units]]
    return [word for word in words if word]


def number_in_words(number: int) -> str:
    """A whole number (0 to below a trillion) in Polish words: 0 "zero", 1000 "tysiąc", 2001 "dwa tysiące jeden"."""
    if number < 0 or number >= 1000 ** len(SCALES):
        raise ValueError(f"out of range: {number}")
    if number == 0:
        return "zero"
    words: list[str] = []
    for power in range(len(SCALES) - 1, -1, -1):
        group = number // 1000**power % 1000
        if not group:
            continue
        if power and group == 1:
            words.append(SCALES[power][0])  # "tysiąc", not "jeden tysiąc"
            continue
        words += _below_thousand(group)
        if power:
            words.append(plural_form(group, SCALES[power]))
    return " ".join(words)


def amount_in_words(amount: Decimal) -> str:
    """`Decimal("123.45")` → "sto dwadzieścia trzy złote 45/100" (rounded half up to the grosz; a negative amount
    reads "minus ...")."""
    amount = Decimal(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    sign = "minus " if amount < 0 else ""
    zlote, grosze = divmod(int(abs(amount) * 100), 100)
    return f"{sign}{number_in_words(zlote)} {plural_form(zlote, ZLOTY)} {grosze:02d}/100"
