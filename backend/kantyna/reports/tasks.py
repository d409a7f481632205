"""Reports' jobs: a report made and sent by e-mail with its file attached (`reports/{type}/send`, automated
reports), in the background so a month's report never holds a web thread."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _
from procrastinate.contrib.django import app

from kantyna.core.mail import mail_send
from kantyna.reports.catalog import REPORT_TYPES, criteria_line, criteria_validated, render_report
from kantyna.tenancy.jobs import tenant_job
from kantyna.users.models import User


@app.task(queue="emails", retry=5)
@tenant_job
def send_report(
    *,
    code: str,
    criteria: dict,
    file_format: str,
    email_addresses: list[str],
    actor_id: int | None,
    locale: str = "pl",
    orientation: str = "portrait",
    font_size: float = 9,
    bcc_addresses: list[str] = (),
) -> dict:
    """Makes the report `code` in tenant `slug` as `actor_id` sees it (None: the system, every institution), in
    `locale`, and sends it attached to `email_addresses` (one message, every address in To; a recipients list's
    `bcc_addresses` in Bcc)."""
    actor = None if actor_id is None else User.objects.get(pk=actor_id)
    with translation.override(locale):
        report_file = render_report(
            code, criteria, file_format, actor=actor, orientation=orientation, font_size=font_size
        )
        title = str(REPORT_TYPES[code].title)
        period = criteria_line(criteria_validated(code, criteria))
        mail_send(
            to=email_addresses,
            bcc=list(bcc_addresses),
            subject=_("Report: %(title)s") % {"title": title},
            text=_("Hello,\n\nthe report “%(title)s” is attached.\n%(period)s\n\nKantyna")
            % {"title": title, "period": period},
            attachments=[(report_file.file_name, report_file.content, report_file.content_type)],
        )
    return {
        "file": report_file.file_name,
        "bytes": len(report_file.content),
        "to": len(email_addresses) + len(bcc_addresses),
    }
