from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

NRB_RE = re.compile(r"^\d{26}$")


def nrb_is_valid(number: str) -> bool:
    """A Polish NRB (the IBAN without "PL"): 26 digits whose IBAN form passes the mod-97 check."""
    digits = (number or "").replace(" ", "")
    if not NRB_RE.match(digits):
        return False
    rearranged = digits[2:] + "2521" + digits[:2]  # "PL" → 25 21, moved behind the check digits
    return int(rearranged) % 97 == 1


def validate_nrb(value: str) -> str:
    """Serializer validator: blank passes, otherwise a valid NRB, returned without spaces."""
    if not value:
        return ""
    if not nrb_is_valid(value):
        raise serializers.ValidationError(_("Enter a valid 26-digit bank account number."))
    return value.replace(" ", "")
