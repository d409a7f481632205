"""Labels on A4 label sheets as a PDF (fpdf2 with the bundled Source Sans Pro, so Polish letters need no system
font). Three pure steps feed the renderer, each tested on its own:

- `label_lines`: what a label says, line by line (name in bold, under it in bold capitals the allergens the dish
  contains when it clashes with the receiver's, institution and classroom or "worker", date and
  meal type, the menu's dish, diet and portion size, the allergens in bold, the allergy note);
- `fit_lines`: each line's font size and position inside the label: a line too wide shrinks down to 75% of its
  size, then is cut with an ellipsis; the lines' heights never exceed the label's, so nothing overflows into the
  next label;
- `LabelLayout.position` (selectors): where the n-th label sits on which sheet, after the skipped positions.

The renderer then only writes text at positions: one font set-up per document, the texts' widths measured once
per distinct text (names of institutions, meal types and dishes repeat on thousands of labels)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.http import HttpResponse
from django.utils.translation import gettext as _

from kantyna.kitchen.selectors.labels import Label, LabelLayout
from kantyna.menus.documents import FONT_FAMILY, PDF_TYPE, KantynaPdf, file_response

PT = 25.4 / 72  # mm per point
LINE_SPACING = 1.18  # a line's height as a multiple of its font size
SHRINK_TO = 0.75  # a too-wide line shrinks down to this share of its size before it is cut
ELLIPSIS = "…"


@dataclass(frozen=True)
class Line:
    """One line of a label: its text, bold or not, and its font size (pt) before fitting."""

    text: str
    bold: bool = False
    size: float = 7.5


@dataclass(frozen=True)
class PlacedLine:
    """A fitted line: the text to write (maybe cut), its size (pt) and its baseline below the label's top (mm)."""

    text: str
    bold: bool
    size: float
    baseline: float


def _clean(text: str) -> str:
    """One line of text: line breaks, tabs and runs of spaces become one space."""
    return " ".join((text or "").split())


@dataclass(frozen=True)
class Wording:
    """The label's fixed texts in the active language, translated once per document rather than once per label."""

    worker: str
    diet_and_portion: str
    allergens: str
    note: str
    clash: str

    @classmethod
    def active(cls) -> Wording:
        return cls(
            worker=_("Worker"),
            diet_and_portion=_("Diet: %(diet)s · Portion: %(size)s"),
            allergens=_("Allergens: %(list)s"),
            note=_("Allergy note: %(text)s"),
            # The bundled font has no ⚠ (U+26A0): the warning is worded, in bold capitals.
            clash=_("WARNING — CONTAINS: %(list)s"),
        )


def label_lines(
    label: Label, *, base: float = 7.5, name_size: float = 10.0, wording: Wording | None = None
) -> list[Line]:
    """What the label says, top to bottom. The clash warning (bold, right under the name) only when the dish
    contains one of the receiver's allergens; the dish line is left out when the menu has no dish for that day; the
    allergens (bold) and the note only when the receiver has them."""
    words = wording or Wording.active()
    place = label.classroom if label.classroom is not None else words.worker
    lines = [Line(_clean(label.full_name), bold=True, size=name_size)]
    if label.clash:
        lines.append(Line(_clean(words.clash % {"list": ", ".join(label.clash)}), bold=True, size=base + 1))
    lines += [
        Line(_clean(f"{label.institution} · {place}"), size=base),
        Line(f"{label.date:%d.%m.%Y} · {_clean(label.meal_type)}", size=base),
    ]
    if label.dishes:
        lines.append(Line(_clean(", ".join(label.dishes)), size=base))
    lines.append(Line(_clean(words.diet_and_portion % {"diet": label.diet, "size": label.portion_size}), size=base))
    if label.allergens:
        lines.append(Line(_clean(words.allergens % {"list": ", ".join(label.allergens)}), bold=True, size=base + 0.5))
    note = _clean(label.allergies_note)
    if note:
        lines.append(Line(words.note % {"text": note}, size=base))
    return lines


# A measure: the width (mm) of `text` at 1 pt, bold or not.
Measure = Callable[[str, bool], float]


def cut_to_width(text: str, width_at_1pt: Measure, bold: bool, size: float, width: float) -> str:
    """The longest start of `text` that fits `width` (mm) at `size` with an ellipsis after it (binary search)."""
    if width_at_1pt(text, bold) * size <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if width_at_1pt(text[:middle].rstrip() + ELLIPSIS, bold) * size <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ELLIPSIS


def fit_lines(lines: Sequence[Line], width: float, height: float, width_at_1pt: Measure) -> list[PlacedLine]:
    """Each line inside `width` x `height` mm: when the lines' heights exceed `height`, every size is scaled down
    to fit; then a line wider than `width` shrinks to fit, down to SHRINK_TO of its size, and past that is cut with
    an ellipsis at that size. Baselines are measured from the top of the text area."""
    total = sum(line.size for line in lines) * PT * LINE_SPACING
    scale = min(1.0, height / total) if total else 1.0
    placed = []
    top = 0.0
    for line in lines:
        size = line.size * scale
        natural = width_at_1pt(line.text, line.bold)
        text = line.text
        if natural * size > width:
            # A hair under the exact fit, so rounding never cuts a line that fits.
            size = max(size * SHRINK_TO, width / natural * (1 - 1e-9)) if natural else size
            text = cut_to_width(line.text, width_at_1pt, line.bold, size, width)
        line_height = line.size * scale * PT * LINE_SPACING
        # The baseline sits about 80% down the line box (the font's ascent), so descenders stay inside.
        placed.append(PlacedLine(text=text, bold=line.bold, size=round(size, 2), baseline=top + line_height * 0.8))
        top += line_height
    return placed


def layout_sizes(layout: LabelLayout) -> tuple[float, float]:
    """The base text size and the name's size (pt) for a layout: a wider label takes larger text."""
    return (8.0, 11.0) if layout.width >= 100 else (7.5, 10.0)


class _LabelPdf(KantynaPdf):
    """No page footer (the sheet is all labels), and `label_text`: fpdf2's `text` without what labels do not use
    (colours, underlines, shaping), each distinct text encoded for its font once."""

    def __init__(self, orientation: str):
        super().__init__(orientation)
        self._encoded: dict[tuple[str, str], str] = {}

    def footer(self):
        return None

    def label_text(self, x: float, y: float, text: str) -> None:
        """`text` with its baseline's start at (`x`, `y`) mm, in the current font (as `FPDF.text` writes it)."""
        font = self.current_font
        if not self.current_font_is_set_on_page:
            self._out(self._set_font_for_page(font, self.font_size_pt))
        key = (font.fontkey, text)
        encoded = self._encoded.get(key)
        if encoded is None:
            # Encoding also marks the glyphs the font's subset must embed.
            encoded = self._encoded[key] = font.encode_text(text)
        self._out(f"BT {x * self.k:.2f} {(self.h - y) * self.k:.2f} Td {encoded} ET")


class _Measurer:
    """Widths at 1 pt (mm) from the document's own fonts' glyph widths, measured once per distinct text and weight
    (fpdf2's `get_string_width` prepares text shaping and bidirectional text on every call: most of the time of a
    5,000-label file went there)."""

    def __init__(self, pdf: _LabelPdf):
        self.fonts = {bold: pdf.fonts[FONT_FAMILY.lower() + ("B" if bold else "")] for bold in (False, True)}
        self.k = pdf.k
        self.cache: dict[tuple[str, bool], float] = {}

    def __call__(self, text: str, bold: bool) -> float:
        key = (text, bold)
        width = self.cache.get(key)
        if width is None:
            # get_text_width answers points at the given size: at 1 pt, divided by points per mm.
            width = self.cache[key] = self.fonts[bold].get_text_width(text, 1, None)[1] / self.k
        return width


def render_pdf(labels: Sequence[Label], layout: LabelLayout, *, skip: int = 0, title: str = "") -> bytes:
    """The labels on `layout`'s sheets, the first `skip` positions of the first sheet left empty (a used sheet)."""
    pdf = _LabelPdf(orientation="portrait")
    pdf.set_title(title or _("Labels"))
    pdf.set_auto_page_break(auto=False)
    pdf.set_margins(0, 0, 0)
    pdf.c_margin = 0
    measure = _Measurer(pdf)
    base, name_size = layout_sizes(layout)
    wording = Wording.active()
    inner_width = layout.width - 2 * layout.padding_x
    inner_height = layout.height - 2 * layout.padding_y
    current_page = -1
    current_font: tuple[bool, float] | None = None
    for index, label in enumerate(labels):
        page, x, y = layout.position(skip + index)
        while current_page < page:
            pdf.add_page()
            current_page += 1
        for line in fit_lines(
            label_lines(label, base=base, name_size=name_size, wording=wording), inner_width, inner_height, measure
        ):
            if (line.bold, line.size) != current_font:
                pdf.set_font(FONT_FAMILY, "B" if line.bold else "", line.size)
                current_font = (line.bold, line.size)
            pdf.label_text(x + layout.padding_x, y + layout.padding_y + line.baseline, line.text)
    if current_page < 0:
        pdf.add_page()
    return bytes(pdf.output())


def file_name(labels: Sequence[Label]) -> str:
    days = sorted({label.date for label in labels})
    period = days[0].isoformat() if days else ""
    if len(days) > 1:
        period += f"_{days[-1].isoformat()}"
    return _("labels") + (f"-{period}" if period else "") + ".pdf"


def pdf_response(labels: Sequence[Label], layout: LabelLayout, *, skip: int = 0) -> HttpResponse:
    return file_response(
        render_pdf(labels, layout, skip=skip, title=file_name(labels)),
        filename=file_name(labels),
        content_type=PDF_TYPE,
    )
