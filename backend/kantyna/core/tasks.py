"""Jobs shared by every area. Deferred inside the caller's transaction, so a rolled-back change sends nothing."""

from __future__ import annotations

from django.core.mail import EmailMultiAlternatives
from procrastinate.contrib.django import app


@app.task(queue="emails", retry=5)
def send_email(*, to: list[str], subject: str, text: str, html: str | None = None) -> None:
    message = EmailMultiAlternatives(subject=subject, body=text, to=to)
    if html:
        message.attach_alternative(html, "text/html")
    message.send()
