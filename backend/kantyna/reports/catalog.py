"""The catalogue of reports (issue 17): each report type's code (as the URL names it: `reports/{code}`), its title,
its criteria and how it is built: a selector of grouped queries, worded as one `ReportTable` that `tables.render`
turns into XLSX, CSV or PDF in the active language.

`render_report` is the one way to make a report's file, whoever asks: the download and print calls, the e-mail
job (`tasks.send_report`) and automated reports. The actor decides which institutions it covers
(`Reach.reported_institution_ids`: every one for admins and report managers, their own for institutions admins)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from djangorestframework_camel_case.util import underscoreize
from rest_framework import serializers

from kantyna.institutions.models import Institution
from kantyna.menus.documents import safe_file_name
from kantyna.people.reach import Reach
from kantyna.reports import criteria as c
from kantyna.reports import tables
from kantyna.reports.selectors import money, orders
from kantyna.reports.tables import MONEY, NUMBER, Column, ReportTable
from kantyna.tenant_settings.selectors import settings_get


@dataclass(frozen=True)
class ReportType:
    code: str
    title: Promise  # lazy: worded in the language active when read
    description: Promise
    criteria_serializer: type[serializers.Serializer]
    # (validated criteria, institutions covered or None for every one) -> the report's table
    build: Callable[[dict, set[int] | None], ReportTable]
    # The PDF's orientation when none is asked for: wide tables read better across the page.
    orientation: str = "portrait"


@dataclass(frozen=True)
class ReportFile:
    content: bytes
    content_type: str
    file_name: str


# --- wording shared by the reports --------------------------------------------------------------------------------


def period_line(criteria: dict) -> str:
    first, last = criteria["date_from"], criteria["date_to"]
    text = f"{first:%d.%m.%Y}" if first == last else f"{first:%d.%m.%Y} - {last:%d.%m.%Y}"
    return _("Period: %(period)s") % {"period": text}


def institutions_line(institution_ids: set[int] | None) -> list[str]:
    """The institutions covered, named when the report is narrowed to some."""
    if institution_ids is None:
        return [_("Institutions: all")]
    names = sorted(Institution.objects.filter(pk__in=institution_ids).values_list("name", flat=True))
    return [_("Institutions: %(names)s") % {"names": ", ".join(names) or "—"}]


def scope(actor, criteria: dict) -> set[int] | None:
    """The institutions the report covers: those the actor reaches, narrowed to the ones asked for."""
    reachable = Reach(actor).reported_institution_ids
    asked = criteria.get("institutions_ids")
    if not asked:
        return reachable
    return set(asked) if reachable is None else set(asked) & reachable


def month_label(month: date) -> str:
    return f"{month:%Y-%m}"


def period_label(criteria: dict, day: date):
    """A row's period: the month as YYYY-MM, a day as a date."""
    return month_label(day) if criteria["group_by"] == c.GROUP_MONTH else day


def period_column(criteria: dict) -> Column:
    return Column(_("Month") if criteria["group_by"] == c.GROUP_MONTH else _("Day"), weight=1.3)


def money_total(rows, attribute: str):
    return sum((getattr(row, attribute) for row in rows), money.ZERO)


def count_total(rows, attribute: str) -> int:
    return sum(getattr(row, attribute) for row in rows)


# --- the reports ----------------------------------------------------------------------------------------------------


def orders_per_institution_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    report = orders.orders_per_institution(criteria, institution_ids)
    return ReportTable(
        title=_("Orders per institution"),
        lines=[period_line(criteria), *institutions_line(institution_ids)],
        columns=[
            Column(_("Institution"), weight=3),
            period_column(criteria),
            *(Column(name, NUMBER) for name in report.meal_types),
            Column(_("Meals"), NUMBER),
            Column(_("Amount (PLN)"), MONEY, weight=1.3),
        ],
        rows=[
            [
                row.institution,
                period_label(criteria, row.period),
                *row.meals_by_meal_type,
                row.meals,
                row.amount,
            ]
            for row in report.rows
        ],
        totals=[_("Total"), "", *report.totals_by_meal_type, report.meals, report.amount],
        empty_text=_("No meals were ordered in this period."),
    )


def ordered_vs_served_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    rows = orders.ordered_vs_served(criteria, institution_ids)
    ordered, served = count_total(rows, "ordered"), count_total(rows, "served")
    return ReportTable(
        title=_("Ordered vs served"),
        lines=[period_line(criteria), *institutions_line(institution_ids)],
        columns=[
            Column(_("Institution"), weight=3),
            Column(_("Day"), weight=1.3),
            Column(_("Meals ordered"), NUMBER),
            Column(_("Meals served"), NUMBER),
            Column(_("Not served"), NUMBER),
            Column(_("Meals cancelled"), NUMBER),
            Column(_("Served (%)"), NUMBER),
        ],
        rows=[
            [
                row.institution,
                row.day,
                row.ordered,
                row.served,
                row.not_served,
                row.cancelled,
                percent(row.served, row.ordered),
            ]
            for row in rows
        ],
        totals=[
            _("Total"),
            "",
            ordered,
            served,
            count_total(rows, "not_served"),
            count_total(rows, "cancelled"),
            percent(served, ordered),
        ],
        empty_text=_("No meals were ordered in this period."),
    )


def percent(part: int, whole: int):
    return (Decimal(part * 100) / whole).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) if whole else None


def diets_and_allergens_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    rows = orders.meals_per_diet_and_allergen(criteria, institution_ids)
    return ReportTable(
        title=_("Meals per diet and allergen"),
        lines=[period_line(criteria), *institutions_line(institution_ids)],
        columns=[
            Column(_("Day"), weight=1.3),
            Column(_("Diet"), weight=2),
            Column(_("Meals"), NUMBER),
            Column(_("With allergies"), NUMBER),
            Column(_("Allergens"), weight=4),
        ],
        rows=[
            [
                row.day,
                row.diet,
                row.meals,
                row.with_allergies,
                ", ".join(f"{name}: {meals}" for name, meals in row.allergens),
            ]
            for row in rows
        ],
        totals=[_("Total"), "", count_total(rows, "meals"), count_total(rows, "with_allergies"), ""],
        empty_text=_("No meals were ordered in this period."),
    )


def presences_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    rows = orders.presences_per_classroom(criteria, institution_ids)
    return ReportTable(
        title=_("Presences and absences per classroom"),
        lines=[period_line(criteria), *institutions_line(institution_ids)],
        columns=[
            Column(_("Institution"), weight=3),
            Column(_("Classroom"), weight=1.5),
            Column(_("Children"), NUMBER),
            Column(_("Days present"), NUMBER),
            Column(_("Days absent"), NUMBER),
            Column(_("Meals cancelled"), NUMBER),
        ],
        rows=[
            [row.institution, row.classroom, row.children, row.present_days, row.absent_days, row.cancelled_meals]
            for row in rows
        ],
        totals=[
            _("Total"),
            "",
            count_total(rows, "children"),
            count_total(rows, "present_days"),
            count_total(rows, "absent_days"),
            count_total(rows, "cancelled_meals"),
        ],
        empty_text=_("No meals were ordered in this period."),
    )


METHOD_LABELS = {
    money.METHOD_ONLINE: gettext_lazy("Online payments"),
    money.METHOD_TRANSFER: gettext_lazy("Bank transfers"),
    money.METHOD_STAFF: gettext_lazy("Booked by staff"),
}


def deposits_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    rows = money.deposits_per_method(criteria, institution_ids)
    return ReportTable(
        title=_("Deposits per method"),
        lines=[period_line(criteria), *institutions_line(institution_ids)],
        columns=[
            period_column(criteria),
            *(Column(str(METHOD_LABELS[method]), MONEY) for method in money.METHODS),
            Column(_("Deposits"), NUMBER),
            Column(_("Amount (PLN)"), MONEY),
        ],
        rows=[
            [period_label(criteria, row.period), *(row.amounts[m] for m in money.METHODS), row.count, row.amount]
            for row in rows
        ],
        totals=[
            _("Total"),
            *(sum((row.amounts[m] for row in rows), money.ZERO) for m in money.METHODS),
            count_total(rows, "count"),
            money_total(rows, "amount"),
        ],
        empty_text=_("No deposits in this period."),
    )


def charges_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    rows = money.charges_per_payer(criteria, institution_ids)
    return ReportTable(
        title=_("Charges and refunds per payer"),
        lines=[period_line(criteria), *institutions_line(institution_ids)],
        columns=[
            Column(_("Payer"), weight=2.5),
            Column(_("E-mail"), weight=3),
            Column(_("Charges"), MONEY),
            Column(_("Fees"), MONEY),
            Column(_("Refunds"), MONEY),
            Column(_("Net charged"), MONEY),
        ],
        rows=[[row.payer, row.email, row.charges, row.fees, row.refunds, row.net] for row in rows],
        totals=[
            _("Total"),
            "",
            money_total(rows, "charges"),
            money_total(rows, "fees"),
            money_total(rows, "refunds"),
            money_total(rows, "net"),
        ],
        empty_text=_("No charges or refunds in this period."),
    )


def balances_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    rows = money.balances_at(criteria, institution_ids)
    debtors = [row for row in rows if row.balance < 0]
    return ReportTable(
        title=_("Debtors") if criteria["debtors_only"] else _("Balances"),
        lines=[
            criteria_line(criteria),
            *institutions_line(institution_ids),
            _("Payers in debt: %(count)s, their debt: %(amount)s PLN")
            % {"count": len(debtors), "amount": number_format(money_total(debtors, "balance"), 2)},
        ],
        columns=[Column(_("Payer"), weight=2.5), Column(_("E-mail"), weight=3), Column(_("Balance (PLN)"), MONEY)],
        rows=[[row.payer, row.email, row.balance] for row in rows],
        totals=[_("Total"), "", money_total(rows, "balance")],
        empty_text=_("No payers for these criteria."),
    )


def vat_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    rate = settings_get("invoices_config")["default_vat_rate"]
    rate_label = _("exempt") if rate == money.EXEMPT else f"{rate}%"
    rows = []
    for month, meals, gross in orders.gross_per_month(criteria, institution_ids):
        net, vat = money.vat_split(gross, rate)
        rows.append([month_label(month), rate_label, meals, net, vat, gross])
    return ReportTable(
        title=_("VAT summary"),
        lines=[
            period_line(criteria),
            *institutions_line(institution_ids),
            _("Meals are sold at the tenant's VAT rate."),
        ],
        columns=[
            Column(_("Month"), weight=1.3),
            Column(_("VAT rate")),
            Column(_("Meals"), NUMBER),
            Column(_("Net (PLN)"), MONEY),
            Column(_("VAT (PLN)"), MONEY),
            Column(_("Gross (PLN)"), MONEY),
        ],
        rows=rows,
        totals=[
            _("Total"),
            rate_label,
            sum(row[2] for row in rows),
            sum((row[3] for row in rows), money.ZERO),
            sum((row[4] for row in rows), money.ZERO),
            sum((row[5] for row in rows), money.ZERO),
        ],
        empty_text=_("No meals were ordered in this period."),
    )


def kitchens_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    rows = orders.meals_per_kitchen(criteria, institution_ids)
    return ReportTable(
        title=_("Meals to prepare per kitchen"),
        lines=[period_line(criteria), *institutions_line(institution_ids)],
        columns=[
            Column(_("Kitchen"), weight=2.5),
            Column(_("Day"), weight=1.3),
            Column(_("Meal type"), weight=1.5),
            Column(_("Diet"), weight=1.5),
            Column(_("Portion size"), weight=1.3),
            Column(_("Portions"), NUMBER),
        ],
        rows=[
            [row.kitchen or _("No kitchen assigned"), row.day, row.meal_type, row.diet, row.portion_size, row.portions]
            for row in rows
        ],
        totals=[_("Total"), "", "", "", "", count_total(rows, "portions")],
        empty_text=_("No meals to prepare in this period."),
    )


REPORT_TYPES: dict[str, ReportType] = {
    report.code: report
    for report in [
        ReportType(
            code="ordersPerInstitution",
            title=gettext_lazy("Orders per institution"),
            description=gettext_lazy(
                "Meals ordered (active and served) and their amount per institution and day or month: what to bill "
                "an institution or a gmina that co-funds meals."
            ),
            criteria_serializer=c.OrdersPerInstitutionCriteria,
            build=orders_per_institution_table,
            orientation="landscape",
        ),
        ReportType(
            code="orderedVsServed",
            title=gettext_lazy("Ordered vs served"),
            description=gettext_lazy(
                "Per institution and day, the meals ordered against those served at the terminal."
            ),
            criteria_serializer=c.MealsCriteria,
            build=ordered_vs_served_table,
            orientation="landscape",
        ),
        ReportType(
            code="presencesPerClassroom",
            title=gettext_lazy("Presences and absences per classroom"),
            description=gettext_lazy(
                "Per classroom, the children who ate, the days they were present and absent, the meals cancelled."
            ),
            criteria_serializer=c.ClassroomsCriteria,
            build=presences_table,
        ),
        ReportType(
            code="mealsPerDietAndAllergen",
            title=gettext_lazy("Meals per diet and allergen"),
            description=gettext_lazy(
                "Per day and diet, the meals ordered and how many are for receivers allergic to each allergen."
            ),
            criteria_serializer=c.MealsCriteria,
            build=diets_and_allergens_table,
            orientation="landscape",
        ),
        ReportType(
            code="mealsToPreparePerKitchen",
            title=gettext_lazy("Meals to prepare per kitchen"),
            description=gettext_lazy(
                "Per kitchen and day, the portions of each meal type, diet and portion size to prepare."
            ),
            criteria_serializer=c.KitchensCriteria,
            build=kitchens_table,
        ),
        ReportType(
            code="depositsPerMethod",
            title=gettext_lazy("Deposits per method"),
            description=gettext_lazy(
                "Deposits per day or month: online payments, bank transfers and those booked by staff."
            ),
            criteria_serializer=c.DepositsCriteria,
            build=deposits_table,
        ),
        ReportType(
            code="chargesPerPayer",
            title=gettext_lazy("Charges and refunds per payer"),
            description=gettext_lazy("Per payer, the period's charges for meals, fees and refunds."),
            criteria_serializer=c.PayersCriteria,
            build=charges_table,
        ),
        ReportType(
            code="balancesAtDate",
            title=gettext_lazy("Balances and debtors"),
            description=gettext_lazy("Each payer's balance at the end of a day, from the ledger; or only the debtors."),
            criteria_serializer=c.BalancesCriteria,
            build=balances_table,
        ),
        ReportType(
            code="vatSummary",
            title=gettext_lazy("VAT summary"),
            description=gettext_lazy(
                "Per month, the meals sold: net, VAT and gross at the tenant's VAT rate (invoices settings)."
            ),
            criteria_serializer=c.MealsCriteria,
            build=vat_table,
        ),
    ]
}


def criteria_validated(code: str, criteria: dict) -> dict:
    """The criteria (camelCase or snake_case keys, dates as ISO text or dates) validated by the report type's
    serializer; a `ValidationError` (the one error shape, 400) when they are wrong."""
    validator = REPORT_TYPES[code].criteria_serializer(data=underscoreize(criteria or {}))
    validator.is_valid(raise_exception=True)
    return validator.validated_data


def criteria_line(criteria: dict) -> str:
    """What the report covers in time: its period, or the day its balances are at."""
    if "date" in criteria:
        return _("Balances at the end of %(day)s") % {"day": f"{criteria['date']:%d.%m.%Y}"}
    return period_line(criteria)


def file_name(report: ReportType, criteria: dict, extension: str) -> str:
    """The report's title and its period (`Orders per institution 2026-11-01_2026-11-30.xlsx`), safe as a name."""
    if "date" in criteria:
        period = criteria["date"].isoformat()
    else:
        period = criteria["date_from"].isoformat()
        if criteria["date_to"] != criteria["date_from"]:
            period += f"_{criteria['date_to'].isoformat()}"
    return safe_file_name(f"{report.title} {period}.{extension}")


def render_report(
    code: str, criteria: dict, file_format: str, *, actor, orientation: str | None = "portrait", font_size: float = 9
) -> ReportFile:
    """The report `code` for `criteria` (validated here: see `criteria_validated`) as `file_format` (xlsx, csv,
    pdf), covering what `actor` reaches (None: the system, every institution). `KeyError` for an unknown code."""
    report = REPORT_TYPES[code]
    validated = criteria_validated(code, criteria)
    table = report.build(validated, scope(actor, validated))
    content, content_type = tables.render(
        table, file_format, orientation=orientation or report.orientation, font_size=font_size
    )
    return ReportFile(content=content, content_type=content_type, file_name=file_name(report, validated, file_format))
