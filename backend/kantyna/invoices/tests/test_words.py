"""The amount in Polish words printed on an invoice."""

from __future__ import annotations

from decimal import Decimal

import pytest

from kantyna.invoices.words import amount_in_words, number_in_words, plural_form


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        ("123.45", "sto dwadzieścia trzy złote 45/100"),
        ("1.00", "jeden złoty 00/100"),
        ("2", "dwa złote 00/100"),
        ("5", "pięć złotych 00/100"),
        ("12", "dwanaście złotych 00/100"),
        ("22.10", "dwadzieścia dwa złote 10/100"),
        ("0.99", "zero złotych 99/100"),
        ("1000", "tysiąc złotych 00/100"),
        ("2001.50", "dwa tysiące jeden złotych 50/100"),
        ("11000", "jedenaście tysięcy złotych 00/100"),
        ("1234567.89", "milion dwieście trzydzieści cztery tysiące pięćset sześćdziesiąt siedem złotych 89/100"),
        ("3000000", "trzy miliony złotych 00/100"),
        ("82.495", "osiemdziesiąt dwa złote 50/100"),
        ("-15", "minus piętnaście złotych 00/100"),
    ],
)
def test_given_an_amount_then_its_polish_words(amount, words):
    assert amount_in_words(Decimal(amount)) == words


@pytest.mark.parametrize(
    ("number", "form"), [(1, "złoty"), (2, "złote"), (4, "złote"), (5, "złotych"), (12, "złotych"), (14, "złotych"),
                         (22, "złote"), (25, "złotych"), (104, "złote"), (112, "złotych")],
)  # fmt: skip
def test_given_a_number_then_the_polish_plural(number, form):
    assert plural_form(number, ("złoty", "złote", "złotych")) == form


def test_given_a_number_out_of_range_then_refused():
    assert number_in_words(999_999_999_999).startswith("dziewięćset dziewięćdziesiąt dziewięć miliardów")
    with pytest.raises(ValueError):
        number_in_words(10**12)
