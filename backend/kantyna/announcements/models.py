"""Announcements (issue 18): what the office publishes to an audience, seen once by each receiver, and the saved
recipients lists (an audience kept under a name, with hand-picked people and report e-mail addresses).

An audience is stored as array columns (institutions, classrooms, roles) beside an `everyone` flag, so whether an
announcement reaches a person is a condition on its row matched against the person's places read once
(messaging.audience.places_of): a person's unseen announcements are one query however many there are
(selectors.announcements_reaching). `audience()` gives the same criteria to messaging.audience.audience_users, the
other reading of the one rule; tests/test_reach.py checks that both agree."""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.utils import timezone

from kantyna.core.attachments import StoredAttachment
from kantyna.core.uploads import TenantFolder
from kantyna.messaging.audience import Audience
from kantyna.users.models import User


class AudienceColumns(models.Model):
    everyone = models.BooleanField(default=False)
    institution_ids = ArrayField(models.IntegerField(), default=list, blank=True)
    classroom_ids = ArrayField(models.IntegerField(), default=list, blank=True)
    roles = ArrayField(models.CharField(max_length=40), default=list, blank=True)

    class Meta:
        abstract = True

    def criteria(self, *, user_ids=()) -> Audience:
        return Audience.of(
            everyone=self.everyone,
            institution_ids=self.institution_ids,
            classroom_ids=self.classroom_ids,
            roles=self.roles,
            user_ids=user_ids,
        )


class RecipientsList(AudienceColumns):
    """A saved audience: its criteria, people picked one by one (`members`), and plain e-mail addresses for the
    reports' e-mails (people without an account)."""

    name = models.CharField(max_length=200)
    members = models.ManyToManyField(User, related_name="+", blank=True)
    emails = ArrayField(models.EmailField(max_length=254), default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name

    def audience(self) -> Audience:
        return self.criteria(user_ids=[member.pk for member in self.members.all()])


class Announcement(AudienceColumns):
    """Published to its own audience columns, or (`recipients_list`) to a saved list's, read when it is read: a list
    changed later reaches its new people. Valid from `valid_from` to `valid_to` (both included; no end: open)."""

    title = models.CharField(max_length=200)
    text = models.TextField(max_length=20000)  # sanitized HTML (services.clean_text)
    valid_from = models.DateField()
    valid_to = models.DateField(null=True, blank=True)
    recipients_list = models.ForeignKey(
        RecipientsList, on_delete=models.PROTECT, null=True, blank=True, related_name="announcements"
    )
    created_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    published_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-published_at", "-id"]
        indexes = [models.Index(fields=["-published_at", "-id"], name="announcement_latest")]

    def __str__(self) -> str:
        return self.title

    def audience(self) -> Audience:
        if self.recipients_list_id is not None:
            return self.recipients_list.audience()
        return self.criteria()


class AnnouncementAttachment(StoredAttachment):
    """A file of an announcement (core.attachments), read by those who see the announcement."""

    announcement = models.ForeignKey(Announcement, on_delete=models.CASCADE, related_name="attachments")
    file = models.FileField(upload_to=TenantFolder("announcements"), max_length=300)


class AnnouncementSeen(models.Model):
    """A person saw an announcement (markAllAsSeen): it is no longer among their unseen ones."""

    announcement = models.ForeignKey(Announcement, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    seen_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "announcement"], name="announcement_seen_once")]
