"""What each notification kind says: a title and a text with `%(name)s` placeholders filled from the notification's
params, translated when read (the reader's language), never stored as text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Kind:
    title: object
    text: object


TICKET_ANSWERED = "ticket.answered"
TICKET_CLOSED = "ticket.closed"
TICKET_OPENED = "ticket.opened"
TICKET_AUTHOR_WROTE = "ticket.author_wrote"
MESSAGE_RECEIVED = "message.received"
ANNOUNCEMENT_PUBLISHED = "announcement.published"

KINDS: dict[str, Kind] = {
    TICKET_ANSWERED: Kind(_("New answer to your help ticket"), _("%(author)s answered “%(subject)s”.")),
    TICKET_CLOSED: Kind(_("Your help ticket was closed"), _("“%(subject)s” was closed by %(author)s.")),
    TICKET_OPENED: Kind(_("New help ticket"), _("%(author)s opened “%(subject)s”.")),
    TICKET_AUTHOR_WROTE: Kind(_("New message in a help ticket"), _("%(author)s wrote in “%(subject)s”.")),
    MESSAGE_RECEIVED: Kind(_("New message"), _("%(sender)s sent you “%(subject)s”.")),
    ANNOUNCEMENT_PUBLISHED: Kind(_("New announcement"), _("“%(title)s”: read it among the announcements.")),
}


class _Params(dict):
    """A missing param reads empty rather than failing the bell (a kind's text may gain a param later)."""

    def __missing__(self, key):
        return ""


def worded(kind: str, params: Mapping) -> tuple[str, str]:
    """(title, text) of a notification in the active language."""
    found = KINDS.get(kind)
    if found is None:
        return kind, ""
    return str(found.title), str(found.text) % _Params(params)
