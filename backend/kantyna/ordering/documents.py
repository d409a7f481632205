"""Orders on paper: one order's confirmation (PDF, fpdf2 with the bundled Source Sans Pro as the menus print,
so Polish letters need no system font) and the orders list as a spreadsheet (XLSX or CSV, written by
`core.spreadsheets.export_file` as every list's export). Texts follow the active language (the
`user-locale` header), Polish by default. Prices appear only for callers who may see them."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from django.http import HttpResponse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy
from fpdf.fonts import FontFace

from kantyna.core.spreadsheets import export_file
from kantyna.menus.documents import FONT_FAMILY, PDF_TYPE, KantynaPdf, file_response
from kantyna.ordering.cutoff import tenant_zone
from kantyna.ordering.models import LIVE_STATUSES, Order, OrderItem
from kantyna.tenant_settings.selectors import settings_get

ORDER_STATUS_TEXTS = {
    Order.Status.ACTIVE: pgettext_lazy("order status", "Active"),
    Order.Status.CANCELLED: pgettext_lazy("order status", "Cancelled"),
}
ITEM_STATUS_TEXTS = {
    OrderItem.Status.ACTIVE: pgettext_lazy("meal status", "Active"),
    OrderItem.Status.CANCELLED: pgettext_lazy("meal status", "Cancelled"),
    OrderItem.Status.SERVED: pgettext_lazy("meal status", "Served"),
}
KIND_TEXTS = {
    Order.Kind.REGULAR: pgettext_lazy("order kind", "Regular"),
    Order.Kind.PREPAID: pgettext_lazy("order kind", "Prepaid"),
}


def company_name(tenant) -> str:
    """The name the tenant's documents carry: the company details' name, else the tenant's own name."""
    return settings_get("company_details")["name"] or getattr(tenant, "name", "") or ""


def money_text(amount: Decimal) -> str:
    return _("%(amount)s PLN") % {"amount": number_format(amount, 2)}


def day_text(day: date) -> str:
    return f"{day:%d.%m.%Y}"


def moment_text(moment: datetime) -> str:
    return f"{timezone.localtime(moment, tenant_zone()):%d.%m.%Y %H:%M}"


def receiver_text(item: OrderItem) -> str:
    """The meal receiver with their place: `Ola Nowak (Szkoła 1, 1A)`."""
    if item.child_id is not None:
        child = item.child
        return f"{child.first_name} {child.last_name} ({child.institution.name}, {child.classroom.name})"
    worker = item.worker
    return f"{worker.user.full_name} ({worker.institution.name})"


def live_total(items: list[OrderItem]) -> Decimal:
    return sum((item.price for item in items if item.status in LIVE_STATUSES), start=Decimal("0.00"))


# The confirmation ---------------------------------------------------------------------------------------


def confirmation_file_name(order: Order) -> str:
    return _("order-confirmation") + f"-{order.pk}.pdf"


def render_confirmation(order: Order, *, company: str, show_prices: bool) -> bytes:
    """One order on A4: who sells (`company`, when known), the number, when it was placed, who pays, for whom,
    every meal the caller sees (date, receiver when several, meal type, portion size, price, status) and the
    total of the live ones (active and served). Without `show_prices`, neither prices nor the total."""
    items = list(order.items.all())
    receivers = sorted({receiver_text(item) for item in items})
    several = len(receivers) > 1

    pdf = KantynaPdf(orientation="portrait")
    title = _("Order confirmation no. %(number)s") % {"number": order.pk}
    pdf.set_title(title)
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    if company:
        pdf.set_font(FONT_FAMILY, "B", 11)
        pdf.multi_cell(0, 6, company, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
    pdf.set_font(FONT_FAMILY, "B", 16)
    pdf.multi_cell(0, 8, title, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)

    facts = [
        (pgettext("order document", "Created"), moment_text(order.created_at)),
        (_("Payer"), order.payer.full_name),
        (_("Meal receivers") if several else _("Meal receiver"), "\n".join(receivers) or "-"),
        (_("Status"), str(ORDER_STATUS_TEXTS[order.status])),
        (_("Kind"), str(KIND_TEXTS[order.kind])),
    ]
    if order.note:
        facts.append((_("Note"), order.note))
    pdf.set_font(FONT_FAMILY, "", 10.5)
    with pdf.table(
        col_widths=(45, pdf.epw - 45),
        width=pdf.epw,
        text_align="LEFT",
        first_row_as_headings=False,
        borders_layout="NONE",
        line_height=5.5,
        padding=(0.5, 1),
    ) as table:
        for label, value in facts:
            row = table.row()
            row.cell(label, style=FontFace(emphasis="BOLD"))
            row.cell(value)
    pdf.ln(4)

    headings = [_("Date")]
    widths = [24.0]
    if several:
        headings.append(_("Meal receiver"))
        widths.append(52.0)
    headings += [_("Meal type"), _("Portion size")]
    widths += [36.0, 30.0]
    if show_prices:
        headings.append(_("Price"))
        widths.append(26.0)
    headings.append(_("Status"))
    widths.append(24.0)
    scale = pdf.epw / sum(widths)
    pdf.set_font(FONT_FAMILY, "", 9.5)
    with pdf.table(
        col_widths=tuple(width * scale for width in widths),
        width=pdf.epw,
        text_align="LEFT",
        headings_style=FontFace(emphasis="BOLD", fill_color=(230, 236, 245)),
        line_height=5,
        padding=1.2,
    ) as table:
        header = table.row()
        for heading in headings:
            header.cell(heading)
        for item in items:
            row = table.row()
            row.cell(day_text(item.date))
            if several:
                row.cell(receiver_text(item))
            row.cell(item.meal_type.name)
            row.cell(item.portion_size.name)
            if show_prices:
                row.cell(money_text(item.price), align="RIGHT")
            row.cell(str(ITEM_STATUS_TEXTS[item.status]))
    if not items:
        pdf.ln(2)
        pdf.multi_cell(0, 6, _("No meals."), new_x="LMARGIN", new_y="NEXT")
    if show_prices:
        pdf.ln(3)
        pdf.set_font(FONT_FAMILY, "B", 11)
        pdf.cell(0, 7, _("Total: %(amount)s") % {"amount": money_text(live_total(items))}, align="R")
        pdf.ln(7)
        pdf.set_font(FONT_FAMILY, "", 8.5)
        pdf.cell(0, 5, _("The total counts active and served meals."), align="R")
    return bytes(pdf.output())


def confirmation_response(order: Order, *, company: str, show_prices: bool) -> HttpResponse:
    return file_response(
        render_confirmation(order, company=company, show_prices=show_prices),
        filename=confirmation_file_name(order),
        content_type=PDF_TYPE,
    )


# The list as a spreadsheet ------------------------------------------------------------------------------


def export_header(*, show_prices: bool) -> list[str]:
    header = [
        _("No."),
        pgettext("order document", "Created"),
        _("Payer"),
        _("Meal receivers"),
        _("From"),
        _("To"),
        _("Meals"),
        _("Active meals"),
    ]
    if show_prices:
        header.append(_("Amount (PLN)"))
    return [*header, _("Kind"), _("Status"), _("Note")]


def export_row(order: Order, *, show_prices: bool) -> list:
    """One row of the list (`order_list` annotations): dates as dates, the amount as a number."""
    row = [
        order.pk,
        timezone.localtime(order.created_at, tenant_zone()).replace(tzinfo=None, second=0, microsecond=0),
        order.payer.full_name,
        ", ".join(sorted(order.subject_names)),
        order.date_from,
        order.date_to,
        order.items_count,
        order.active_items_count,
    ]
    if show_prices:
        row.append(order.gross_amount)
    return [*row, str(KIND_TEXTS[order.kind]), str(ORDER_STATUS_TEXTS[order.status]), order.note]


def orders_export_response(orders, *, show_prices: bool, file_format: str) -> HttpResponse:
    rows = [export_header(show_prices=show_prices)] + [export_row(order, show_prices=show_prices) for order in orders]
    name = _("orders") + f"-{timezone.localdate(timezone=tenant_zone()).isoformat()}"
    content, content_type = export_file(rows, sheet_title=_("Orders"), file_format=file_format)
    return file_response(content, filename=f"{name}.{file_format}", content_type=content_type)
