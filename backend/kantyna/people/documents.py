"""Dining cards on paper: A4 sheets of credit-card-size cards (ID-1, 85.6 x 54 mm), 2 x 5 a page, each with the
child's name, institution and classroom, the card number as a Code 39 barcode (what the terminal's USB reader
types) and as text. fpdf2 with the bundled Source Sans Pro as every print of the project (`menus.documents`),
so Polish letters need no system font. Children without a card number are not drawn: the last page lists them."""

from __future__ import annotations

from django.utils.translation import gettext as _

from kantyna.menus.documents import FONT_FAMILY, KantynaPdf
from kantyna.people.models import Child

CARD_WIDTH = 85.6
CARD_HEIGHT = 54.0
COLUMNS = 2
ROWS = 5
CARDS_PER_PAGE = COLUMNS * ROWS
PADDING = 4.0
# Code 39: the wide bar's width (fpdf2's `w`; a narrow bar is a third of it). A character is 16 narrow units
# (6 narrow + 3 wide elements and the gap); the widest bar stays readable by common readers, the narrowest
# (0.3 mm) still prints on an office laser printer.
WIDE_BAR_MAX = 1.2
WIDE_BAR_MIN = 0.9
QUIET_ZONE = 5.0
BARCODE_HEIGHT = 13.0


def dining_cards_file_name() -> str:
    return _("dining-cards") + ".pdf"


def child_place(child: Child) -> str:
    return f"{child.institution.name}, {child.classroom.name}"


class _CardsPdf(KantynaPdf):
    def fitted(self, text: str, width: float, style: str, size: float, smallest: float = 6.5) -> str:
        """Sets the largest font size up to `size` at which `text` fits `width`; cuts it with "…" below
        `smallest`. Returns the text to write."""
        while size > smallest:
            self.set_font(FONT_FAMILY, style, size)
            if self.get_string_width(text) <= width:
                return text
            size -= 0.5
        self.set_font(FONT_FAMILY, style, smallest)
        while text and self.get_string_width(text + "…") > width:
            text = text[:-1]
        return text + "…"

    def card(self, child: Child, x: float, y: float) -> None:
        inner = CARD_WIDTH - 2 * PADDING
        self.set_draw_color(170)
        self.set_line_width(0.2)
        self.rect(x, y, CARD_WIDTH, CARD_HEIGHT)  # the cut line
        self.set_text_color(0)
        self.set_xy(x + PADDING, y + PADDING)
        name = self.fitted(f"{child.first_name} {child.last_name}", inner, "B", 13)
        self.cell(inner, 6, name, new_x="LEFT", new_y="NEXT")
        self.set_text_color(60)
        self.cell(inner, 4.5, self.fitted(child.institution.name, inner, "", 9.5), new_x="LEFT", new_y="NEXT")
        self.cell(inner, 4.5, self.fitted(child.classroom.name, inner, "", 9.5), new_x="LEFT", new_y="NEXT")
        code = f"*{child.card_number}*"
        units = len(code) * 16 - 1  # narrow units, without the gap after the last character
        wide = max(WIDE_BAR_MIN, min(WIDE_BAR_MAX, (CARD_WIDTH - 2 * QUIET_ZONE) * 3 / units))
        barcode_width = units * wide / 3
        barcode_y = y + CARD_HEIGHT - PADDING - 5 - BARCODE_HEIGHT
        self.set_fill_color(0)
        self.code39(code, x + (CARD_WIDTH - barcode_width) / 2, barcode_y, w=wide, h=BARCODE_HEIGHT)
        self.set_text_color(0)
        self.set_font(FONT_FAMILY, "", 10)
        self.set_xy(x + PADDING, barcode_y + BARCODE_HEIGHT + 0.5)
        self.cell(inner, 4.5, child.card_number, align="C")


def render_dining_cards(children: list[Child]) -> bytes:
    """The cards of `children` with a card number, 10 a page in their order, then a page listing those without
    one (not printed); one page saying so when there is nothing to print."""
    with_card = [child for child in children if child.card_number]
    skipped = [child for child in children if not child.card_number]
    pdf = _CardsPdf(orientation="portrait")
    pdf.set_title(_("Dining cards"))
    pdf.set_auto_page_break(auto=False)
    left = (pdf.w - COLUMNS * CARD_WIDTH) / 2
    top = (pdf.h - ROWS * CARD_HEIGHT) / 2
    for index, child in enumerate(with_card):
        slot = index % CARDS_PER_PAGE
        if slot == 0:
            pdf.add_page()
        row, column = divmod(slot, COLUMNS)
        pdf.card(child, left + column * CARD_WIDTH, top + row * CARD_HEIGHT)
    if skipped or not with_card:
        pdf.add_page()
        pdf.set_auto_page_break(auto=True, margin=15)
        pdf.set_font(FONT_FAMILY, "B", 14)
        if not with_card:
            pdf.multi_cell(0, 8, _("No dining cards to print."), new_x="LMARGIN", new_y="NEXT")
        if skipped:
            pdf.set_font(FONT_FAMILY, "B", 12)
            pdf.multi_cell(0, 7, _("Not printed: no card number"), new_x="LMARGIN", new_y="NEXT")
            pdf.set_font(FONT_FAMILY, "", 10.5)
            for child in skipped:
                line = f"{child.first_name} {child.last_name} ({child_place(child)})"
                pdf.multi_cell(0, 5.5, line, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
