"""Development e-mail: one JSON file per message under var/mail, listed by the dev mail page."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend
from django.utils import timezone


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
            }
            stamp = timezone.now().strftime("%Y%m%dT%H%M%S%f")
            (folder / f"{stamp}-{record['id']}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1))
        return len(email_messages)


def mail_list(limit: int = 100) -> list[dict]:
    folder = Path(settings.EMAIL_FILE_PATH)
    if not folder.exists():
        return []
    files = sorted(folder.glob("*.json"), reverse=True)[:limit]
    return [json.loads(path.read_text()) for path in files]
