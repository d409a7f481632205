"""Reads of talking to people: the bell (one query however many notifications a person has), help tickets
within the reader's reach, and messages (their folders and receivers)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import Count, Exists, IntegerField, Max, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce, Concat

from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_TICKET_ADMIN,
    ROLES,
    has_ability,
)
from kantyna.messaging.audience import Audience, audience_users
from kantyna.messaging.models import (
    Message,
    MessageAttachment,
    MessageReceipt,
    Notification,
    Ticket,
    TicketMessage,
)
from kantyna.ordering.cutoff import tenant_zone
from kantyna.people.reach import Reach
from kantyna.users.models import User


@dataclass(frozen=True)
class Bell:
    unread: int
    read_at: datetime | None
    latest: list[Notification]
    has_unread_messages: bool = False


def bell(*, actor, per_page: int) -> Bell:
    """The unread count, when the person last read a notification, and their latest `per_page` notifications (read
    or not), in ONE query: the page's rows carry the two figures as subqueries (each answered from an index). A
    person with no notification at all has nothing to count. Cooks get none (the spec)."""
    if not has_ability(actor, "notifications.receive"):
        return Bell(0, None, [])
    mine = Notification.objects.filter(receiver=actor)
    unread = (
        Notification.objects.filter(receiver=actor, read_at__isnull=True)
        .order_by()
        .values("receiver")
        .annotate(n=Count("pk"))
        .values("n")
    )
    last_read = mine.order_by().values("receiver").annotate(m=Max("read_at")).values("m")
    page = list(
        mine.annotate(
            unread_total=Coalesce(Subquery(unread, output_field=IntegerField()), Value(0)),
            last_read_at=Subquery(last_read),
            unread_messages=has_unread_messages(actor),
        ).order_by("-created_at", "-id")[:per_page]
    )
    # No notification, no unread message: every message received came with a notification (message_send).
    if not page:
        return Bell(0, None, [])
    return Bell(page[0].unread_total, page[0].last_read_at, page, page[0].unread_messages)


# --- help tickets -------------------------------------------------------------------------------------------------


def tickets_visible(actor) -> QuerySet[Ticket]:
    """Administrators and ticket admins every ticket; an institutions admin with tickets_manage their institutions'
    tickets (people.reach.Reach) and their own; everyone else their own."""
    tickets = Ticket.objects.all()
    roles = set(actor.roles or [])
    if roles & {ROLE_ADMIN, ROLE_TICKET_ADMIN}:
        return tickets
    condition = Q(author=actor)
    if ROLE_INSTITUTIONS_ADMIN in roles and has_ability(actor, "tickets.manage"):
        condition |= Q(institution_id__in=Reach(actor).institution_ids or ())
    return tickets.filter(condition)


def ticket_handlers(ticket: Ticket) -> QuerySet[User]:
    """Who is told of a new ticket: the ticket admins and the institutions admins with tickets_manage who manage its
    institution; the administrators when the tenant has no ticket admin (someone must hear of it)."""
    active = User.objects.filter(is_active=True, archived_at__isnull=True)
    ticket_admins = active.filter(roles__contains=[ROLE_TICKET_ADMIN])
    handlers = Q(roles__contains=[ROLE_TICKET_ADMIN])
    if ticket.institution_id is not None:
        handlers |= Q(
            roles__contains=[ROLE_INSTITUTIONS_ADMIN],
            permissions__contains=["tickets_manage"],
            institutions=ticket.institution_id,
        )
    if not ticket_admins.exists():
        handlers |= Q(roles__contains=[ROLE_ADMIN])
    return active.filter(handlers).select_related("account").distinct()


def ticket_answerers(ticket: Ticket) -> QuerySet[User]:
    """The staff who answered `ticket` so far (everyone in its conversation but its author)."""
    authors = TicketMessage.objects.filter(ticket=ticket).exclude(author_id=ticket.author_id).values("author_id")
    return User.objects.filter(pk__in=authors, is_active=True).select_related("account")


def tickets_list(
    *,
    actor,
    category: str | None = None,
    state: str | None = None,
    institution_id: int | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
) -> QuerySet[Ticket]:
    """The tickets the actor sees, newest first, with what a row shows (author, institution, answers count). The
    dates are the tenant's days of creation, both included."""
    tickets = tickets_visible(actor)
    if category:
        tickets = tickets.filter(category=category)
    if state:
        tickets = tickets.filter(state=state)
    if institution_id:
        tickets = tickets.filter(institution_id=institution_id)
    zone = tenant_zone() if (date_from or date_to) else None
    if date_from:
        tickets = tickets.filter(created_at__gte=datetime.combine(date_from, time.min, tzinfo=zone))
    if date_to and date_to < date.max:  # the last day there is bounds nothing
        tickets = tickets.filter(created_at__lt=datetime.combine(date_to + timedelta(days=1), time.min, tzinfo=zone))
    # The answers counted per row of the page (a correlated subquery), not by grouping every ticket before LIMIT.
    answers = TicketMessage.objects.filter(ticket=OuterRef("pk")).order_by().values("ticket").annotate(n=Count("pk"))
    return (
        tickets.select_related("author", "institution")
        .annotate(answers_count=Coalesce(Subquery(answers.values("n"), output_field=IntegerField()), Value(0)))
        .order_by("-created_at", "-id")
    )


def ticket_get(*, actor, pk: int) -> Ticket | None:
    """One ticket the actor sees, with its conversation in order and its files (three queries)."""
    return (
        tickets_visible(actor)
        .select_related("author", "institution", "closed_by")
        .prefetch_related("messages__author", "attachments")
        .filter(pk=pk)
        .first()
    )


# --- messages -----------------------------------------------------------------------------------------------------

MESSAGE_FOLDERS = ("received", "sent", "closed")
# Who can read messages: everyone but cooks (the same people as the bell's). A message never goes to a cook.
MESSAGE_READER_ROLES = sorted(set(ROLES) - {ROLE_COOK})


def _writer_reach(actor) -> Audience | None:
    """The people a writer may reach, as an audience (None: anyone). An institutions admin writes to the people of
    the institutions they manage (people.reach.Reach), so every audience they name is narrowed to it, never
    widened."""
    institution_ids = Reach(actor).institution_ids
    if institution_ids is None:
        return None
    return Audience.of(institution_ids=institution_ids)


def message_receivers(*, actor, audience: Audience) -> QuerySet[User]:
    """The people a message of `actor` to `audience` goes to (audience.audience_users, the one rule), narrowed to
    the actor's reach and to those who read messages, the actor aside; ordered by name (the people picker)."""
    users = audience_users(audience).filter(roles__overlap=MESSAGE_READER_ROLES).exclude(pk=actor.pk)
    reach = _writer_reach(actor)
    if reach is not None:
        users = users.filter(pk__in=audience_users(reach).values("pk"))
    return users.order_by("last_name", "first_name", "id")


def _my_receipts(actor) -> QuerySet[MessageReceipt]:
    return MessageReceipt.objects.filter(message=OuterRef("pk"), receiver=actor)


def messages_list(*, actor, folder: str, unread: bool | None = None, search: str = "") -> QuerySet[Message]:
    """A folder of the actor's messages, newest first: `received` (not closed), `closed` (the receiver's archive) or
    `sent`. Each row carries the actor's read and closed times, the sender, the single receiver of a message to one
    person and how many read a sent one, as joins and per-row subqueries: the page is one query, its attachments a
    second, whatever the page size."""
    mine = _my_receipts(actor)
    messages = Message.objects.all()
    if folder == "sent":
        messages = messages.filter(sender=actor)
    else:
        messages = messages.filter(Exists(mine.filter(closed_at__isnull=folder != "closed")))
    messages = messages.annotate(
        read_at=Subquery(mine.values("read_at")[:1]), closed_at=Subquery(mine.values("closed_at")[:1])
    )
    if unread is not None and folder != "sent":
        messages = messages.filter(read_at__isnull=unread)
    if search:
        messages = messages.filter(subject__icontains=search)
    receipts = MessageReceipt.objects.filter(message=OuterRef("pk")).order_by("id")
    first = receipts.values("receiver")[:1]
    read = receipts.filter(read_at__isnull=False).order_by().values("message").annotate(n=Count("pk")).values("n")
    return (
        messages.select_related("sender")
        .annotate(
            receiver_id=Subquery(first),
            receiver_name=Subquery(
                User.objects.filter(pk=OuterRef("receiver_id"))
                .annotate(name=Concat("first_name", Value(" "), "last_name"))
                .values("name")[:1]
            ),
            read_count=Coalesce(Subquery(read, output_field=IntegerField()), Value(0)),
        )
        .prefetch_related("attachments")
        .order_by("-created_at", "-id")
    )


def message_visible(*, actor, pk: int) -> Message | None:
    """A message the actor sent or received (any folder); None otherwise, another tenant's included."""
    return Message.objects.filter(Q(sender=actor) | Exists(_my_receipts(actor)), pk=pk).first()


def message_attachment_get(*, actor, message_id: int, attachment_id: int) -> MessageAttachment | None:
    """A message's file for its sender and its receivers only."""
    message = message_visible(actor=actor, pk=message_id)
    if message is None:
        return None
    return message.attachments.filter(pk=attachment_id).first()


def has_unread_messages(actor) -> Exists:
    """Whether the actor has a received message not yet read, as an expression (the bell adds it to its one
    query)."""
    return Exists(MessageReceipt.objects.filter(receiver=actor, read_at__isnull=True, closed_at__isnull=True))
