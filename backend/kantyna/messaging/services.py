"""Writes of talking to people: notifications (`notify`), help tickets (create, answer, close) and messages (send to
one or many, read, close). Each is atomic and audited; e-mails are deferred in the
same transaction, so a job exists only for what committed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import nh3
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import prefetch_related_objects
from django.template.loader import render_to_string
from django.utils import timezone, translation

from kantyna.audit.services import audit_record
from kantyna.core.attachments import attachments_checked, attachments_store, files_forgotten_on_failure
from kantyna.core.errors import DomainError
from kantyna.core.permissions import has_ability
from kantyna.core.tasks import send_email
from kantyna.messaging.audience import Audience, audience_users
from kantyna.messaging.kinds import (
    MESSAGE_RECEIVED,
    TICKET_ANSWERED,
    TICKET_AUTHOR_WROTE,
    TICKET_CLOSED,
    TICKET_OPENED,
    worded,
)
from kantyna.messaging.models import (
    Message,
    MessageAttachment,
    MessageReceipt,
    Notification,
    Ticket,
    TicketAttachment,
    TicketMessage,
    TicketState,
)
from kantyna.messaging.selectors import (
    MESSAGE_READER_ROLES,
    message_receivers,
    ticket_answerers,
    ticket_handlers,
)
from kantyna.messaging.tasks import webpush_send
from kantyna.people.reach import Reach
from kantyna.tenancy.services import current_tenant_slug, tenant_origin
from kantyna.tenant_settings.selectors import upload_max_file_size
from kantyna.users.models import User

DEFAULT_LOCALE = "pl"
MAX_ATTACHMENTS = 3  # of core.attachments.ATTACHMENT_TYPES
EMAIL_BATCH = 1_000

# The spec's two category lists (server-calls-back-office.md); a tenant uses one (`ticket_categories`).
CATEGORIES_A = ("complaints", "lunch_card", "meals", "releases", "orders", "technical_support", "other")
CATEGORIES_B = (
    "meals_quality",
    "service_quality",
    "meals_availability",
    "lunch_card",
    "technical_support",
    "payments_and_settlements",
    "other",
)


def ticket_categories() -> tuple[str, ...]:
    """The category codes of the current tenant: variant B for the tenants of TICKET_CATEGORIES_B_TENANTS (demo,
    which localhost serves), variant A elsewhere."""
    return CATEGORIES_B if current_tenant_slug() in settings.TICKET_CATEGORIES_B_TENANTS else CATEGORIES_A


# --- notifications ------------------------------------------------------------------------------------------------


def _email(user, kind: str, params: Mapping, link: str, origin: str) -> dict:
    account = user.account
    with translation.override(account.locale or DEFAULT_LOCALE):
        title, text = worded(kind, params)
        context = {"first_name": user.first_name, "text": text, "link": f"{origin}{link}" if link else ""}
        subject = render_to_string("messaging/email/notification_subject.txt", {"title": title}).strip()
        body = render_to_string("messaging/email/notification.txt", context)
    return {"to": [account.email], "subject": subject, "text": body}


@dataclass(frozen=True)
class Notice:
    """One notification to make: to `user` (a tenant User), of `kind` worded with `params` when read, linking to
    `link`; `email=False` when the event's own e-mail went already."""

    user: User
    kind: str
    params: Mapping = field(default_factory=dict)
    link: str = ""
    email: bool = True


def notify(
    users: Iterable, kind: str, params: Mapping | None = None, link: str = "", *, email: bool = True
) -> list[Notification]:
    """The same notification to each of `users` (each once): `notify_each`, the one rule."""
    params = dict(params or {})
    receivers = {user.pk: user for user in users}.values()
    return notify_each([Notice(user, kind, params, link, email) for user in receivers])


def notify_each(notices: Iterable[Notice]) -> list[Notification]:
    """The one rule of what an event tells a person, for many at once, each notice with its own kind, words and
    link (a nightly charge run taking hundreds of balances below zero, each with its own balance): one notification
    per notice; an e-mail to each receiver whose notification settings ask for e-mails
    (`email_notifications_enabled`), worded in their account's language; a web push to the browsers of each whose
    settings ask for pushes (`push_notifications_enabled`, switched on when they subscribe). Cooks get none (the spec:
    cooks never get notifications). A constant number of statements whatever the number of notices: one INSERT of
    the notifications, the receivers' accounts read in one query when not loaded, the e-mail jobs inserted in
    batches of EMAIL_BATCH, one web-push job. Jobs are deferred in the caller's transaction: a rolled-back change
    sends nothing."""
    notices = [notice for notice in notices if has_ability(notice.user, "notifications.receive")]
    if not notices:
        return []
    with transaction.atomic():
        created = Notification.objects.bulk_create(
            [
                Notification(receiver=notice.user, kind=notice.kind, params=dict(notice.params), link=notice.link)
                for notice in notices
            ]
        )
        mailed = [
            notice
            for notice in notices
            if notice.email and (notice.user.notifications_settings or {}).get("email_notifications_enabled")
        ]
        pushed = [
            notification.pk
            for notification in created
            if (notification.receiver.notifications_settings or {}).get("push_notifications_enabled")
        ]
        slug = current_tenant_slug() if mailed or pushed else ""
        if mailed:
            prefetch_related_objects([notice.user for notice in mailed], "account")  # those not loaded, at once
            origin = tenant_origin(slug)
            emails = [_email(notice.user, notice.kind, notice.params, notice.link, origin) for notice in mailed]
            for start in range(0, len(emails), EMAIL_BATCH):
                send_email.batch_defer(*emails[start : start + EMAIL_BATCH])
        if pushed:
            # One job for all; it finds the receivers' subscriptions (none: nothing sent).
            webpush_send.defer(slug=slug, notification_ids=pushed)
    return created


def notifications_read(*, actor, ids: list[int] | None = None) -> int:
    """Mark the actor's unread notifications read: all of them, or those of `ids` (others' ids are ignored).
    Returns how many were marked."""
    unread = Notification.objects.filter(receiver=actor, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    return unread.update(read_at=timezone.now())


# --- help tickets -------------------------------------------------------------------------------------------------


def _author_institution_id(actor) -> int | None:
    """The institution the author belongs to, when one is known: an institutions admin's or a worker's own, a
    parent's children's (the first by id when several)."""
    ids = Reach(actor).served_institution_ids
    return min(ids) if ids else None


def ticket_create(
    *, actor, category: str, subject: str, text: str, attachments: list[UploadedFile] | tuple = ()
) -> Ticket:
    """Open a ticket with up to MAX_ATTACHMENTS files (each checked by size and by content before anything is
    stored); its handlers (selectors.ticket_handlers) are notified."""
    if category not in ticket_categories():
        raise DomainError("ticket.unknown_category", field="category")
    kinds = attachments_checked(attachments, limit=upload_max_file_size() if attachments else 0)
    with files_forgotten_on_failure() as stored, transaction.atomic():
        ticket = Ticket.objects.create(
            author=actor,
            category=category,
            subject=subject,
            text=text,
            institution_id=_author_institution_id(actor),
        )
        attachments_store(TicketAttachment, attachments, kinds, stored=stored, ticket=ticket)
        audit_record(
            actor=actor, action="ticket.create", target=ticket, data={"category": category, "files": len(stored)}
        )
        notify(
            ticket_handlers(ticket).exclude(pk=actor.pk),
            TICKET_OPENED,
            _ticket_params(ticket, actor),
            _link(ticket),
        )
    return ticket


def _locked(ticket: Ticket) -> Ticket:
    return Ticket.objects.select_for_update().select_related("author__account").get(pk=ticket.pk)


def _ticket_params(ticket: Ticket, actor) -> dict:
    return {"ticket_id": ticket.pk, "subject": ticket.subject, "author": actor.full_name}


def _link(ticket: Ticket) -> str:
    return f"/tickets?ticket={ticket.pk}"


def ticket_answer(*, actor, ticket: Ticket, text: str) -> TicketMessage:
    """Add an answer to an open ticket's conversation. The author is notified of an answer by someone else; the
    author's own message goes to the staff who answered before, or to the handlers when nobody has yet."""
    with transaction.atomic():
        ticket = _locked(ticket)
        if ticket.state == TicketState.CLOSED:
            raise DomainError("ticket.closed")
        message = TicketMessage.objects.create(ticket=ticket, author=actor, text=text)
        audit_record(actor=actor, action="ticket.answer", target=ticket, data={"message": message.pk})
        if ticket.author_id != actor.pk:
            notify([ticket.author], TICKET_ANSWERED, _ticket_params(ticket, actor), link=_link(ticket))
        else:
            staff = list(ticket_answerers(ticket)) or list(ticket_handlers(ticket).exclude(pk=actor.pk))
            notify(staff, TICKET_AUTHOR_WROTE, _ticket_params(ticket, actor), link=_link(ticket))
    return message


def ticket_close(*, actor, ticket: Ticket) -> Ticket:
    """Close an open ticket; the author is notified when someone else closed it."""
    with transaction.atomic():
        ticket = _locked(ticket)
        if ticket.state == TicketState.CLOSED:
            raise DomainError("ticket.already_closed")
        ticket.state = TicketState.CLOSED
        ticket.closed_at = timezone.now()
        ticket.closed_by = actor
        ticket.save(update_fields=["state", "closed_at", "closed_by"])
        audit_record(actor=actor, action="ticket.close", target=ticket)
        if ticket.author_id != actor.pk:
            notify([ticket.author], TICKET_CLOSED, _ticket_params(ticket, actor), link=_link(ticket))
    return ticket


# --- messages -----------------------------------------------------------------------------------------------------

MAX_MESSAGE_ATTACHMENTS = 5  # of core.attachments.ATTACHMENT_TYPES
RECEIPTS_BATCH = 2_000
# What a rich message keeps of its HTML: text formatting and links, nothing that runs code or loads anything.
RICH_TAGS = {"p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "a", "h3", "h4", "blockquote"}


def message_sanitized(text: str, *, rich: bool) -> str:
    """Plain text as it is (the web app shows it as text); rich text cut to RICH_TAGS, links to http(s) and mailto
    only, opened without access to the opener."""
    if not rich:
        return text
    return nh3.clean(
        text,
        tags=RICH_TAGS,
        attributes={"a": {"href"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
    )


def _message_create(
    *, actor, receivers: list, subject: str, text: str, rich: bool, attachments, reply_to: Message | None, audit: dict
) -> Message:
    """The message, one receipt per receiver (bulk), its files (checked before anything is written) and one
    notification per receiver (one notify call: one INSERT, e-mails per their settings)."""
    kinds = attachments_checked(attachments, limit=upload_max_file_size() if attachments else 0)
    text = message_sanitized(text, rich=rich)
    if not text.strip():
        raise DomainError("message.empty_text", field="text")
    with files_forgotten_on_failure() as stored, transaction.atomic():
        message = Message.objects.create(
            sender=actor, subject=subject, text=text, rich=rich, reply_to=reply_to, receivers_count=len(receivers)
        )
        MessageReceipt.objects.bulk_create(
            [MessageReceipt(message=message, receiver=user) for user in receivers], batch_size=RECEIPTS_BATCH
        )
        attachments_store(MessageAttachment, attachments, kinds, stored=stored, message=message)
        audit_record(
            actor=actor,
            action="message.send",
            target=message,
            data={**audit, "receivers": len(receivers), "files": len(stored)},
        )
        notify(
            receivers,
            MESSAGE_RECEIVED,
            {"message_id": message.pk, "subject": subject, "sender": actor.full_name},
            link=f"/messages?message={message.pk}",
        )
    return message


def message_send(
    *,
    actor,
    subject: str,
    text: str,
    receiver_id: int | None = None,
    reply_to: Message | None = None,
    rich: bool = False,
    attachments: list[UploadedFile] | tuple = (),
) -> Message:
    """A message to one person. Writers (messages.write) write to anyone within their reach; everyone else answers a
    message they received (`reply_to`, one the actor sees: selectors.message_visible), to its sender."""
    writer = has_ability(actor, "messages.write")
    if not writer:
        if reply_to is None or reply_to.sender_id == actor.pk:
            raise DomainError("message.reply_only", field="reply_to_id")
        if receiver_id is not None and receiver_id != reply_to.sender_id:
            raise DomainError("message.reply_only", field="receiver_id")
        receivers = list(
            audience_users(Audience.of(user_ids=[reply_to.sender_id]))
            .filter(roles__overlap=MESSAGE_READER_ROLES)
            .select_related("account")
        )
    else:
        if receiver_id is None:
            if reply_to is None or reply_to.sender_id == actor.pk:
                raise DomainError("message.receiver_required", field="receiver_id")
            receiver_id = reply_to.sender_id
        receivers = list(
            message_receivers(actor=actor, audience=Audience.of(user_ids=[receiver_id])).select_related("account")
        )
    if not receivers:
        raise DomainError("message.unknown_receiver", field="receiver_id")
    return _message_create(
        actor=actor,
        receivers=receivers,
        subject=subject,
        text=text,
        rich=rich,
        attachments=attachments,
        reply_to=reply_to,
        audit={"to": receivers[0].pk},
    )


def message_send_many(
    *, actor, audience: Audience, subject: str, text: str, rich: bool = False, attachments=()
) -> Message:
    """A message to everyone `audience` reaches (the one audience rule), narrowed to the writer's reach."""
    if audience.is_empty:
        raise DomainError("message.empty_audience")
    receivers = list(message_receivers(actor=actor, audience=audience).select_related("account"))
    if not receivers:
        raise DomainError("message.no_receivers")
    return _message_create(
        actor=actor,
        receivers=receivers,
        subject=subject,
        text=text,
        rich=rich,
        attachments=attachments,
        reply_to=None,
        audit={"audience": _audience_data(audience)},
    )


def _audience_data(audience: Audience) -> dict:
    return {
        "everyone": audience.everyone,
        "institution_ids": sorted(audience.institution_ids),
        "classroom_ids": sorted(audience.classroom_ids),
        "children_group_ids": sorted(audience.children_group_ids),
        "workers_group_ids": sorted(audience.workers_group_ids),
        "roles": sorted(audience.roles),
    }


def messages_read(*, actor, ids: list[int] | None = None, closed: bool | None = None) -> int:
    """Mark the actor's received messages read: those of `ids` (others' are ignored), or every one in the received
    folder. `closed` True also moves them to the closed folder, False back to received. Setting what is already set
    changes nothing (a second click, another tab). Returns how many receipts were concerned."""
    receipts = MessageReceipt.objects.filter(receiver=actor)
    receipts = receipts.filter(message_id__in=ids) if ids is not None else receipts.filter(closed_at__isnull=True)
    now = timezone.now()
    with transaction.atomic():
        concerned = receipts.count()
        receipts.filter(read_at__isnull=True).update(read_at=now)
        if closed is True:
            receipts.filter(closed_at__isnull=True).update(closed_at=now)
        elif closed is False:
            receipts.filter(closed_at__isnull=False).update(closed_at=None)
    return concerned
