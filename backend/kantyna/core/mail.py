"""Sending e-mail (`mail_send`, what the e-mail jobs call) and development e-mail: one JSON file per message under
var/mail, its attachments in a folder of their own beside it, listed (and the attachments downloaded) by the dev
mail page."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.core.mail.backends.base import BaseEmailBackend
from django.utils import timezone

ATTACHMENTS_FOLDER = "attachments"


def mail_send(
    *,
    to: list[str],
    subject: str,
    text: str,
    html: str | None = None,
    attachments: list[tuple[str, bytes, str]] = (),
    bcc: list[str] = (),
) -> None:
    """One message to `to` (and `bcc`, unseen by each other), with an HTML alternative and attachments (file name,
    content, content type)."""
    message = EmailMultiAlternatives(subject=subject, body=text, to=to, bcc=list(bcc))
    if html:
        message.attach_alternative(html, "text/html")
    for name, content, content_type in attachments:
        message.attach(name, content, content_type)
    message.send()


def _attachments_of(message) -> list[tuple[str, bytes, str]]:
    """(file name, bytes, content type) of each attachment, whether attached as a tuple or as a MIME part."""
    found = []
    for attachment in message.attachments:
        if isinstance(attachment, tuple):
            name, content, content_type = attachment
        else:
            name, content, content_type = (
                attachment.get_filename() or "file",
                attachment.get_payload(decode=True),
                attachment.get_content_type(),
            )
        found.append((name, content.encode() if isinstance(content, str) else content, content_type))
    return found


class JsonFileEmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages):
        folder = Path(settings.EMAIL_FILE_PATH)
        folder.mkdir(parents=True, exist_ok=True)
        for message in email_messages:
            html = next((body for body, mime in getattr(message, "alternatives", []) if mime == "text/html"), None)
            record = {
                "id": uuid.uuid4().hex,
                "sentAt": timezone.now().isoformat(),
                "from": message.from_email,
                "to": list(message.to),
                "subject": message.subject,
                "text": message.body,
                "html": html,
                "attachments": [],
            }
            for index, (name, content, content_type) in enumerate(_attachments_of(message)):
                # Stored under the message's id and the attachment's index: the sender's file name never becomes a path.
                stored = folder / ATTACHMENTS_FOLDER / record["id"] / str(index)
                stored.parent.mkdir(parents=True, exist_ok=True)
                stored.write_bytes(content)
                record["attachments"].append({"fileName": name, "contentType": content_type, "size": len(content)})
            stamp = timezone.now().strftime("%Y%m%dT%H%M%S%f")
            (folder / f"{stamp}-{record['id']}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1))
        return len(email_messages)


def mail_list(limit: int = 100) -> list[dict]:
    folder = Path(settings.EMAIL_FILE_PATH)
    if not folder.exists():
        return []
    files = sorted(folder.glob("*.json"), reverse=True)[:limit]
    return [json.loads(path.read_text()) for path in files]


def mail_attachment(message_id: str, index: int) -> tuple[dict, bytes] | None:
    """A sent message's attachment (its description, its bytes), None when there is none such."""
    if not message_id.isalnum():
        return None
    folder = Path(settings.EMAIL_FILE_PATH)
    for path in folder.glob(f"*-{message_id}.json"):
        attachments = json.loads(path.read_text()).get("attachments") or []
        stored = folder / ATTACHMENTS_FOLDER / message_id / str(index)
        if 0 <= index < len(attachments) and stored.is_file():
            return attachments[index], stored.read_bytes()
    return None
