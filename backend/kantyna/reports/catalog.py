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

from django.utils.functional import Promise
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from djangorestframework_camel_case.util import underscoreize
from rest_framework import serializers

from kantyna.institutions.models import Institution
from kantyna.people.reach import Reach
from kantyna.reports import criteria as c
from kantyna.reports import tables
from kantyna.reports.selectors import orders
from kantyna.reports.tables import MONEY, NUMBER, Column, ReportTable


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


# --- the reports ----------------------------------------------------------------------------------------------------


def orders_per_institution_table(criteria: dict, institution_ids: set[int] | None) -> ReportTable:
    report = orders.orders_per_institution(criteria, institution_ids)
    by_month = criteria["group_by"] == c.GROUP_MONTH
    return ReportTable(
        title=_("Orders per institution"),
        lines=[period_line(criteria), *institutions_line(institution_ids)],
        columns=[
            Column(_("Institution"), weight=3),
            Column(_("Month") if by_month else _("Day"), weight=1.3),
            *(Column(name, NUMBER) for name in report.meal_types),
            Column(_("Meals"), NUMBER),
            Column(_("Amount (PLN)"), MONEY, weight=1.3),
        ],
        rows=[
            [
                row.institution,
                month_label(row.period) if by_month else row.period,
                *row.meals_by_meal_type,
                row.meals,
                row.amount,
            ]
            for row in report.rows
        ],
        totals=[_("Total"), "", *report.totals_by_meal_type, report.meals, report.amount],
        empty_text=_("No meals were ordered in this period."),
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
    ]
}


def criteria_validated(code: str, criteria: dict) -> dict:
    """The criteria (camelCase or snake_case keys, dates as ISO text or dates) validated by the report type's
    serializer; a `ValidationError` (the one error shape, 400) when they are wrong."""
    validator = REPORT_TYPES[code].criteria_serializer(data=underscoreize(criteria or {}))
    validator.is_valid(raise_exception=True)
    return validator.validated_data


def file_name(report: ReportType, criteria: dict, extension: str) -> str:
    period = criteria["date_from"].isoformat()
    if criteria["date_to"] != criteria["date_from"]:
        period += f"_{criteria['date_to'].isoformat()}"
    return f"{slugify(str(report.title))}-{period}.{extension}"


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
