"""Reads of announcements and recipients lists. Whether an announcement reaches a person is one condition on its row
(`reaching`) matched against the person's places read once (messaging.audience.places_of), so a person's list and
unseen announcements are each one query whatever the number of announcements."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import Exists, OuterRef, Q, QuerySet

from kantyna.announcements.models import Announcement, AnnouncementSeen, RecipientsList
from kantyna.core.permissions import has_ability
from kantyna.messaging.audience import Places, audience_users, places_of
from kantyna.ordering.cutoff import tenant_today

# A person's unseen announcements are shown at once in one dialog: more than this would not be read anyway.
UNSEEN_LIMIT = 50


def _criteria(places: Places, prefix: str = "") -> Q:
    """messaging.audience.Places.reaches as a condition on audience columns (those of the row, or under `prefix`
    those of its recipients list): roles, when named, narrow; `everyone` or roles alone reach all of them; else one
    shared institution or classroom."""

    def column(name: str) -> str:
        return f"{prefix}{name}"

    roles_ok = Q(**{column("roles"): []})
    if places.roles:
        roles_ok |= Q(**{column("roles__overlap"): sorted(places.roles)})
    no_places = Q(**{column("institution_ids"): []}) & Q(**{column("classroom_ids"): []})
    broad = Q(**{column("everyone"): True}) | (~Q(**{column("roles"): []}) & no_places)
    shared = Q(pk__in=[])
    if places.institution_ids:
        shared |= Q(**{column("institution_ids__overlap"): sorted(places.institution_ids)})
    if places.classroom_ids:
        shared |= Q(**{column("classroom_ids__overlap"): sorted(places.classroom_ids)})
    return roles_ok & (broad | shared)


def reaching(places: Places) -> Q:
    """The announcements whose audience reaches the person of `places` (the announcement's own columns, or its
    recipients list's criteria and hand-picked members)."""
    member = Exists(
        RecipientsList.members.through.objects.filter(
            recipientslist_id=OuterRef("recipients_list_id"), user_id=places.user_id
        )
    )
    return (Q(recipients_list__isnull=True) & _criteria(places)) | (
        Q(recipients_list__isnull=False) & (member | _criteria(places, "recipients_list__"))
    )


def valid_on(day: date) -> Q:
    return Q(valid_from__lte=day) & (Q(valid_to__isnull=True) | Q(valid_to__gte=day))


def _shown(queryset: QuerySet[Announcement]) -> QuerySet[Announcement]:
    return queryset.select_related("created_by", "recipients_list").prefetch_related("attachments")


def announcements_visible(actor) -> QuerySet[Announcement]:
    """Administrators every announcement; everyone else those reaching them and valid today (tenant's day)."""
    announcements = Announcement.objects.all()
    if has_ability(actor, "announcements.manage"):
        return announcements
    return announcements.filter(valid_on(tenant_today()), reaching(places_of(actor)))


def announcements_list(*, actor, search: str = "") -> QuerySet[Announcement]:
    """The announcements the actor sees, newest first, with their authors and files (three queries a page)."""
    announcements = announcements_visible(actor)
    if search:
        announcements = announcements.filter(title__icontains=search)
    return _shown(announcements).order_by("-published_at", "-id")


def announcement_get(*, actor, pk: int) -> Announcement | None:
    return _shown(announcements_visible(actor)).filter(pk=pk).first()


def announcements_unseen(*, actor) -> list[Announcement]:
    """The announcements valid today that reach the actor and that they have not marked seen, oldest first (the
    order they were published in), at most UNSEEN_LIMIT: places, announcements, files — three queries."""
    return list(_shown(unseen_of(actor)).order_by("published_at", "id")[:UNSEEN_LIMIT])


def unseen_of(actor) -> QuerySet[Announcement]:
    seen = AnnouncementSeen.objects.filter(announcement_id=OuterRef("pk"), user_id=actor.pk)
    return Announcement.objects.filter(valid_on(tenant_today()), reaching(places_of(actor))).exclude(Exists(seen))


def recipients_lists() -> QuerySet[RecipientsList]:
    return RecipientsList.objects.prefetch_related("members").order_by("name", "id")


@dataclass(frozen=True)
class ReportRecipients:
    """Where a report goes: the addresses typed for it (To) and its recipients list's (Bcc: the list's people, e.g.
    parents, do not see each other's addresses), each once over both."""

    to: list[str]
    bcc: list[str]

    def __bool__(self) -> bool:
        return bool(self.to or self.bcc)


def report_recipients(addresses, recipients: RecipientsList | None) -> ReportRecipients:
    to = addresses_merged(addresses)
    listed = [] if recipients is None else recipients_list_addresses(recipients)
    typed = set(to)
    return ReportRecipients(to=to, bcc=[address for address in listed if address not in typed])


def recipients_list_addresses(recipients: RecipientsList) -> list[str]:
    """Where a report sent to the list goes: its own e-mail addresses, then the e-mails of the people it reaches
    (its criteria and hand-picked people, read by the one audience rule), lower-cased, each once."""
    people = audience_users(recipients.audience()).order_by("pk").values_list("account__email", flat=True)
    return addresses_merged(recipients.emails, people)


def addresses_merged(*groups) -> list[str]:
    """The addresses of `groups` in order, trimmed and lower-cased, each once, blanks left out."""
    merged = (address.strip().lower() for group in groups for address in group if address and address.strip())
    return list(dict.fromkeys(merged))
