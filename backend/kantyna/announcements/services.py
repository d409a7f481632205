"""Writes of announcements and recipients lists. Each is atomic and audited; publishing notifies the receivers through
messaging.notify (in-app, and e-mails deferred on commit for those who asked for them)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

import nh3
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import UploadedFile
from django.db import connection, transaction
from django.db.models import Value
from django.db.models.functions import Now

from kantyna.announcements.models import Announcement, AnnouncementAttachment, RecipientsList
from kantyna.announcements.selectors import unseen_of
from kantyna.announcements.usage import recipients_list_delete_refusal
from kantyna.audit.services import audit_record
from kantyna.core.attachments import attachments_checked, attachments_store, files_forgotten_on_failure
from kantyna.core.errors import DomainError
from kantyna.core.services import model_update
from kantyna.messaging.audience import audience_users
from kantyna.messaging.kinds import ANNOUNCEMENT_PUBLISHED
from kantyna.messaging.services import notify
from kantyna.tenant_settings.selectors import upload_max_file_size

MAX_ATTACHMENTS = 5  # of core.attachments.ATTACHMENT_TYPES

# The rich text an announcement may carry: formatting and links, nothing that runs or restyles the page.
ALLOWED_TAGS = {"p", "br", "strong", "em", "u", "ul", "ol", "li", "a", "h2", "h3", "h4", "blockquote"}
ALLOWED_ATTRIBUTES = {"a": {"href"}}
URL_SCHEMES = {"http", "https", "mailto"}

AUDIENCE_FIELDS = ("everyone", "institution_ids", "classroom_ids", "roles")


def clean_text(html: str) -> str:
    """The announcement's HTML with only ALLOWED_TAGS kept (scripts, styles and event attributes dropped, links
    to other schemes unlinked); links open apart from the page (rel noopener)."""
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer",
        strip_comments=True,
    ).strip()


def _checked(*, title: str, text: str, valid_from: date, valid_to: date | None, audience: dict) -> dict:
    text = clean_text(text)
    if not nh3.clean(text, tags=set()).strip():
        raise DomainError("announcement.empty_text", field="text")
    if valid_to is not None and valid_to < valid_from:
        raise DomainError("announcement.ends_before_start", field="valid_to")
    recipients_list = audience.get("recipients_list")
    criteria = {name: audience.get(name) or ([] if name != "everyone" else False) for name in AUDIENCE_FIELDS}
    if recipients_list is not None and any(criteria.values()):
        raise DomainError("announcement.list_and_criteria", field="recipients_list_id")
    if recipients_list is None and not any(criteria.values()):
        raise DomainError("announcement.no_audience", field="everyone")
    criteria = {name: sorted(value) if isinstance(value, list) else value for name, value in criteria.items()}
    return {
        "title": title,
        "text": text,
        "valid_from": valid_from,
        "valid_to": valid_to,
        "recipients_list": recipients_list,
        **criteria,
    }


def _store(announcement: Announcement, uploads: Iterable[UploadedFile], stored: list[str]) -> None:
    uploads = list(uploads)
    if not uploads:
        return
    if announcement.attachments.count() + len(uploads) > MAX_ATTACHMENTS:
        raise DomainError("announcement.too_many_attachments", field="attachments", params={"max": MAX_ATTACHMENTS})
    kinds = attachments_checked(uploads, limit=upload_max_file_size())
    attachments_store(AnnouncementAttachment, uploads, kinds, stored=stored, announcement=announcement)


def _delete_files_on_commit(names: list[str]) -> None:
    transaction.on_commit(lambda: [default_storage.delete(name) for name in names])


def announcement_create(
    *,
    actor,
    title: str,
    text: str,
    valid_from: date,
    valid_to: date | None = None,
    attachments: Iterable[UploadedFile] = (),
    **audience,
) -> Announcement:
    """Publish an announcement to its audience (`everyone`, `institution_ids`, `classroom_ids`, `roles`, or
    `recipients_list` alone) and notify each receiver once, in one call of messaging.notify."""
    fields = _checked(title=title, text=text, valid_from=valid_from, valid_to=valid_to, audience=audience)
    with files_forgotten_on_failure() as stored, transaction.atomic():
        announcement = Announcement.objects.create(created_by=actor, **fields)
        _store(announcement, attachments, stored)
        audit_record(
            actor=actor,
            action="announcement.create",
            target=announcement,
            data={"title": title, "files": len(stored)},
        )
        receivers = audience_users(announcement.audience()).select_related("account")
        notify(receivers, ANNOUNCEMENT_PUBLISHED, {"title": title}, link="/announcements")
    return announcement


def announcement_update(
    *,
    actor,
    announcement: Announcement,
    title: str,
    text: str,
    valid_from: date,
    valid_to: date | None = None,
    attachments: Iterable[UploadedFile] = (),
    **audience,
) -> Announcement:
    """Change an announcement and add files to it. Receivers who saw it are not shown it again, nor notified."""
    fields = _checked(title=title, text=text, valid_from=valid_from, valid_to=valid_to, audience=audience)
    with files_forgotten_on_failure() as stored, transaction.atomic():
        announcement = Announcement.objects.select_for_update().get(pk=announcement.pk)
        model_update(instance=announcement, fields=fields, data=fields)
        _store(announcement, attachments, stored)
        audit_record(
            actor=actor,
            action="announcement.update",
            target=announcement,
            data={"title": announcement.title, "files": len(stored)},
        )
    return announcement


@transaction.atomic
def announcement_delete(*, actor, announcement: Announcement) -> None:
    names = list(announcement.attachments.values_list("file", flat=True))
    audit_record(actor=actor, action="announcement.delete", target=announcement, data={"title": announcement.title})
    announcement.delete()
    _delete_files_on_commit(names)


@transaction.atomic
def announcement_attachment_delete(*, actor, announcement: Announcement, attachment: AnnouncementAttachment) -> None:
    audit_record(
        actor=actor,
        action="announcement.attachment_delete",
        target=announcement,
        data={"title": announcement.title, "name": attachment.original_name},
    )
    name = attachment.file.name
    attachment.delete()
    _delete_files_on_commit([name])


def announcements_mark_all_seen(*, actor, ids: list[int] | None = None) -> int:
    """Every announcement now unseen by the actor becomes seen (or only those of `ids`, the ones the actor was
    shown: one published meanwhile stays unseen), in one INSERT … SELECT after the one query of the actor's places;
    one marked meanwhile by another tab is skipped. Returns how many rows were written."""
    unseen = unseen_of(actor)
    if ids is not None:
        unseen = unseen.filter(pk__in=ids)
    rows = unseen.annotate(seen_by=Value(actor.pk), seen_at=Now()).values_list("pk", "seen_by", "seen_at")
    sql, params = rows.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO announcements_announcementseen (announcement_id, user_id, seen_at) "
            f"{sql} ON CONFLICT (user_id, announcement_id) DO NOTHING",
            params,
        )
        return cursor.rowcount


# --- recipients lists ---------------------------------------------------------------------------------------------


def _list_fields(data: dict) -> dict:
    fields = {name: data[name] for name in (*AUDIENCE_FIELDS, "name", "emails") if name in data}
    for name in ("institution_ids", "classroom_ids", "roles"):
        if name in fields:
            fields[name] = sorted(set(fields[name]))
    if "emails" in fields:
        fields["emails"] = sorted({email.strip().lower() for email in fields["emails"]})
    return fields


@transaction.atomic
def recipients_list_create(*, actor, members: Iterable = (), **data) -> RecipientsList:
    recipients = RecipientsList.objects.create(**_list_fields(data))
    recipients.members.set(members)
    audit_record(actor=actor, action="recipients_list.create", target=recipients, data={"name": recipients.name})
    return recipients


@transaction.atomic
def recipients_list_update(
    *, actor, instance: RecipientsList, members: Iterable | None = None, **data
) -> RecipientsList:
    fields = _list_fields(data)
    model_update(instance=instance, fields=fields, data=fields)
    if members is not None:
        instance.members.set(members)
    audit_record(actor=actor, action="recipients_list.update", target=instance, data={"name": instance.name})
    return instance


@transaction.atomic
def recipients_list_delete(*, actor, instance: RecipientsList) -> None:
    """Refused while an announcement is published to the list (its receivers are read through the list), or while
    an upper app's rows use it (`usage.recipients_list_delete_refusal`, e.g. automated reports sent to it)."""
    titles = list(instance.announcements.order_by("-published_at").values_list("title", flat=True)[:5])
    if titles:
        raise DomainError(
            "recipients_list.in_use",
            field="announcements",
            params={"titles": ", ".join(f"“{title}”" for title in titles)},
        )
    refusal = recipients_list_delete_refusal(instance)
    if refusal is not None:
        raise refusal
    audit_record(actor=actor, action="recipients_list.delete", target=instance, data={"name": instance.name})
    instance.delete()
