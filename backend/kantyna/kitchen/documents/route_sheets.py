"""Route sheets (issue 16): for a kitchen's day, one A4 page per route (those of one driver when asked), with the
driver, the stops in route order, each institution's address and meals per meal type, the totals, and lines for
the receiver's signature. fpdf2 with the bundled font (Polish letters), texts in the active language."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from fpdf.fonts import FontFace

from kantyna.kitchen.selectors.transport import TransportDay
from kantyna.menus.documents import FONT_FAMILY, PDF_TYPE, KantynaPdf, file_response


def render_pdf(day: TransportDay) -> bytes:
    pdf = KantynaPdf(orientation="portrait")
    title = _("Route sheet")
    pdf.set_title(f"{title} {day.date:%d.%m.%Y}")
    pdf.set_auto_page_break(auto=True, margin=15)
    if not day.routes:
        pdf.add_page()
        pdf.set_font(FONT_FAMILY, "B", 16)
        pdf.multi_cell(0, 8, f"{title}: {day.date:%d.%m.%Y}", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(FONT_FAMILY, "", 11)
        pdf.multi_cell(0, 6, _("No routes for this kitchen and day."), new_x="LMARGIN", new_y="NEXT")
        return bytes(pdf.output())
    headings = FontFace(emphasis="BOLD", fill_color=(230, 236, 245))
    shaded = FontFace(emphasis="BOLD", fill_color=(240, 243, 248))
    for route in day.routes:
        pdf.add_page()
        pdf.set_font(FONT_FAMILY, "B", 16)
        pdf.multi_cell(0, 8, f"{title}: {route.number} · {day.date:%d.%m.%Y}", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(FONT_FAMILY, "", 10.5)
        lines = [
            _("Kitchen: %(name)s") % {"name": day.kitchen.name},
            _("Driver: %(name)s") % {"name": route.driver_name or _("not assigned")},
        ]
        if route.driver is not None and route.driver.vehicle_registration:
            lines.append(_("Vehicle: %(registration)s") % {"registration": route.driver.vehicle_registration})
        if route.description:
            lines.append(route.description)
        for line in lines:
            pdf.multi_cell(0, 5.5, line, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        if not route.stops:
            pdf.multi_cell(0, 6, _("The route has no stops."), new_x="LMARGIN", new_y="NEXT")
            continue
        meal_types = day.meal_types
        pdf.set_font(FONT_FAMILY, "", 9.5)
        fixed = (8.0, 62.0, 14.0, 34.0)
        other = max((pdf.epw - sum(fixed)) / max(len(meal_types), 1), 14.0) if meal_types else 0.0
        widths = (fixed[0], fixed[1], *[other] * len(meal_types), fixed[2], fixed[3])
        scale = pdf.epw / sum(widths)
        with pdf.table(
            col_widths=tuple(width * scale for width in widths),
            width=pdf.epw,
            text_align=("RIGHT", "LEFT", *["RIGHT"] * len(meal_types), "RIGHT", "LEFT"),
            headings_style=headings,
            line_height=5,
            padding=1.2,
        ) as table:
            header = table.row()
            for heading in ["#", _("Institution"), *[m.name for m in meal_types], _("Total"), _("Signature")]:
                header.cell(heading)
            for index, stop in enumerate(route.stops, start=1):
                counts = {item.id: item.portions for item in stop.meal_types}
                row = table.row()
                row.cell(str(index))
                row.cell(f"{stop.institution_name}\n{stop.address}" if stop.address else stop.institution_name)
                for meal_type in meal_types:
                    row.cell(str(counts.get(meal_type.id, 0)))
                row.cell(str(stop.portions))
                row.cell("")
            totals: dict[int, int] = {}
            for stop in route.stops:
                for item in stop.meal_types:
                    totals[item.id] = totals.get(item.id, 0) + item.portions
            row = table.row(style=shaded)
            row.cell("")
            row.cell(_("Total"))
            for meal_type in meal_types:
                row.cell(str(totals.get(meal_type.id, 0)))
            row.cell(str(route.portions))
            row.cell("")
    return bytes(pdf.output())


def pdf_response(day: TransportDay) -> HttpResponse:
    name = _("route-sheet") + f"-{day.date.isoformat()}.pdf"
    return file_response(render_pdf(day), filename=name, content_type=PDF_TYPE)
