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


# Characters no one types on purpose and that break what shows the text later: C0 and C1 controls and DEL
# (invisible, and XLSX and DOCX files cannot hold most of them), the Unicode line and paragraph separators (line
# breaks most programs do not treat as such), bidirectional embeddings, overrides and isolates (they reorder what
# is displayed, so a name can read differently from what it is), the byte order mark and the two noncharacters.
# Zero-width joiners stay allowed: emoji sequences and some scripts need them.
UNSAFE_CHARACTERS_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]")
LINE_BREAKS = "\t\n\r"


class TextValidator:
    """Refuses unsafe characters in typed text (UNSAFE_CHARACTERS_RE). A multi-line text (a note, a description)
    may hold tabs and line breaks, `\n` or `\r\n` (a lone `\r` is an old Mac line end no browser sends); a
    single-line text (a name, a number, an e-mail address) none of them.

    Every text field of every serializer gets one (kantyna.core.serializers.KantynaSerializer), and the spreadsheet
    imports check the text cells they store with one, so such characters never reach the database, a spreadsheet
    or a PDF."""

    def __init__(self, *, multiline: bool = False):
        self.multiline = multiline

    def __call__(self, value: str) -> None:
        problem = self.problem(value)
        if problem is not None:
            raise serializers.ValidationError(problem, code="unsafe_character")

    def problem(self, value: str) -> str | None:
        """The message for the first unsafe character of `value`, or None: spreadsheet imports report it per cell."""
        if not isinstance(value, str):
            return None  # a CharField kind that parses its text (MonthField → date) has nothing textual left to check
        for match in UNSAFE_CHARACTERS_RE.finditer(value):
            character = match.group()
            if self.multiline and self._allowed_in_multiline(value, match.end(), character):
                continue
            if character in LINE_BREAKS and not self.multiline:
                return _("Enter a single line, without tabs or line breaks.")
            return _("The text contains an invisible character (%(code)s); remove it.") % {
                "code": f"U+{ord(character):04X}"
            }
        return None

    @staticmethod
    def _allowed_in_multiline(value: str, end: int, character: str) -> bool:
        return character in "\t\n" or (character == "\r" and value[end : end + 1] == "\n")


SINGLE_LINE_TEXT = TextValidator()
MULTILINE_TEXT = TextValidator(multiline=True)
