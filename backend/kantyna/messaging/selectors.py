"""Reads of talking to people: the bell (one query however many notifications a person has) and help tickets
within the reader's reach."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import Count, IntegerField, Max, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_TICKET_ADMIN, has_ability
from kantyna.messaging.models import Notification, Ticket, TicketMessage
from kantyna.ordering.cutoff import tenant_zone
from kantyna.people.reach import Reach
from kantyna.users.models import User


@dataclass(frozen=True)
class Bell:
    unread: int
    read_at: datetime | None
    latest: list[Notification]


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
        ).order_by("-created_at", "-id")[:per_page]
    )
    if not page:
        return Bell(0, None, [])
    return Bell(page[0].unread_total, page[0].last_read_at, page)


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
