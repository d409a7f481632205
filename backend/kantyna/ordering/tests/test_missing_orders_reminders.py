"""Missing-orders reminders (services/reminders.py): who is reminded of which day, once, and what the e-mail says."""

from __future__ import annotations

from datetime import date, time, timedelta

import pytest
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.ordering.models import Absence, FreeDay, MissingOrdersReminder
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.ordering.services.reminders import missing_orders_remind
from kantyna.ordering.subjects import subject_resolve
from kantyna.ordering.tests.helpers import at
from kantyna.people.models import CalendarSubjectSettings
from kantyna.tenancy.services import in_tenant
from kantyna.testing.world import make_world, set_settings

pytestmark = pytest.mark.django_db

# A fixed Wednesday a month ahead: a reminder one day before the cut-off (the default) looks at Friday, whose
# ordering closes on Thursday at 12:00 (the default cut-off).
WEDNESDAY = date.today() + timedelta(days=30)
WEDNESDAY = WEDNESDAY - timedelta(days=WEDNESDAY.weekday()) + timedelta(days=2)
FRIDAY = WEDNESDAY + timedelta(days=2)


POLISH_MONTHS_GENITIVE = (
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
)


def remind(hour: int = 12, minute: int = 5, day: date = WEDNESDAY) -> dict:
    return missing_orders_remind(now=at(day, hour, minute))


def sent_emails() -> list[dict]:
    return [
        job.args for job in ProcrastinateJob.objects.filter(task_name="kantyna.core.tasks.send_email").order_by("id")
    ]


def turn_on(settings_of, *, days_before: int = 1, at_time: time = time(12, 0)) -> CalendarSubjectSettings:
    settings, _created = CalendarSubjectSettings.objects.get_or_create(**settings_of)
    settings.missing_orders_enabled = True
    settings.missing_orders_days_before = days_before
    settings.missing_orders_trigger_time = at_time
    settings.save()
    return settings


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a)
        world.parent.account.locale = "pl"
        world.parent.account.save()
        yield world


def test_given_two_children_without_meals_when_the_trigger_time_comes_then_one_email_names_both_once(world):
    turn_on({"child": world.child})
    turn_on({"child": world.child2})

    assert remind(11, 55) == {"receivers": 0, "emails": 0}  # before the trigger time
    assert remind() == {"receivers": 2, "emails": 1}

    [email] = sent_emails()
    assert email["to"] == [world.parent.account.email]
    polish_day = f"piątek, {FRIDAY.day} {POLISH_MONTHS_GENITIVE[FRIDAY.month - 1]} {FRIDAY.year}"
    assert email["subject"] == f"Brak zamówionych posiłków na {polish_day}"
    assert f"Na {polish_day} nic nie jest zamówione dla:" in email["text"]
    assert "- Jan Nowak\n- Ola Nowak" in email["text"]
    assert "/calendar/user" in email["text"]
    assert set(MissingOrdersReminder.objects.values_list("settings__child_id", "date")) == {
        (world.child.pk, FRIDAY),
        (world.child2.pk, FRIDAY),
    }
    # The next runs within the hour remind nobody again.
    assert remind(12, 20) == {"receivers": 0, "emails": 0}
    assert remind(12, 50) == {"receivers": 0, "emails": 0}
    assert len(sent_emails()) == 1


def test_given_no_run_within_an_hour_of_the_trigger_then_the_reminder_is_skipped_not_sent_late(world):
    turn_on({"child": world.child})

    assert remind(13, 0) == {"receivers": 0, "emails": 0}
    assert remind(18, 30) == {"receivers": 0, "emails": 0}
    assert sent_emails() == []


def test_given_a_trigger_just_before_midnight_then_the_first_run_of_the_next_day_sends_it(world):
    turn_on({"child": world.child}, at_time=time(23, 50))

    # Thursday 00:05: the trigger was Wednesday's, so the day is still Friday (closing Thursday at 12:00).
    assert remind(0, 5, day=WEDNESDAY + timedelta(days=1)) == {"receivers": 1, "emails": 1}
    assert list(MissingOrdersReminder.objects.values_list("date", flat=True)) == [FRIDAY]


def test_given_a_meal_an_absence_or_a_free_day_then_that_day_needs_no_reminder(world, tenant_a):
    turn_on({"child": world.child})
    turn_on({"child": world.child2})
    turn_on({"worker": world.worker})
    child = subject_resolve("child", world.child.pk, actor=world.parent)
    items_place(actor=world.parent, subject=child, requests=[ItemRequest(FRIDAY, world.catalog.lunch.pk)])
    Absence.objects.create(child=world.child2, date=FRIDAY)

    assert remind() == {"receivers": 1, "emails": 1}  # the worker only
    assert [email["to"] for email in sent_emails()] == [[world.worker_user.account.email]]

    FreeDay.objects.create(date=FRIDAY + timedelta(days=3), institution=world.institution, name="Dzień dyrektora")
    monday_turn = turn_on({"worker": world.worker}, days_before=4)  # closes on Sunday: the free Monday
    assert remind(day=WEDNESDAY) == {"receivers": 0, "emails": 0}
    assert not MissingOrdersReminder.objects.filter(settings=monday_turn, date=FRIDAY + timedelta(days=3)).exists()


def test_given_the_days_before_count_back_from_the_cutoff_then_the_day_follows_the_tenants_cutoff(world):
    set_settings("orders_config", order_deadline_days_before=3, order_deadline_time="09:00")
    turn_on({"child": world.child}, days_before=1)

    # Monday's ordering closes on Friday at 09:00: on Thursday the reminder is about Monday.
    assert remind(day=WEDNESDAY + timedelta(days=1)) == {"receivers": 1, "emails": 1}
    assert list(MissingOrdersReminder.objects.values_list("date", flat=True)) == [FRIDAY + timedelta(days=3)]


def test_given_a_day_not_among_the_eating_weekdays_then_no_reminder(world):
    turn_on({"child": world.child}, days_before=2)  # closes on Friday: Saturday, not a default weekday

    assert remind() == {"receivers": 0, "emails": 0}
    assert sent_emails() == []


def test_given_an_inactive_child_or_a_deactivated_parent_then_nobody_is_reminded(world):
    turn_on({"child": world.child})
    turn_on({"child": world.child2})
    world.child.is_active = False
    world.child.save()
    world.parent.is_active = False
    world.parent.save()

    assert remind() == {"receivers": 0, "emails": 0}
    assert sent_emails() == []


def test_given_an_english_speaking_worker_then_the_email_is_in_english(world):
    world.worker_user.account.locale = "en"
    world.worker_user.account.save()
    turn_on({"worker": world.worker})

    assert remind() == {"receivers": 1, "emails": 1}

    [email] = sent_emails()
    assert email["subject"] == f"No meals ordered for {FRIDAY.strftime('%A')}, {FRIDAY.day} {FRIDAY.strftime('%B %Y')}"
    assert f"- {world.worker_user.full_name}" in email["text"]
