"""An announcement's audience read both ways agrees with the one rule (messaging/audience.py): the people
`audience_users` gives for it are exactly those whose `reaching` query (one query over every announcement, from
their places read once) returns it, for its own columns and for a recipients list's criteria and members."""

from __future__ import annotations

from datetime import date

import pytest

from kantyna.announcements.models import Announcement, RecipientsList
from kantyna.announcements.selectors import reaching
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT
from kantyna.messaging.audience import audience_users, places_of
from kantyna.messaging.tests.test_audience import make_town, people
from kantyna.tenancy.services import in_tenant
from kantyna.testing.queries import assert_num_queries

pytestmark = pytest.mark.django_db


def test_given_every_kind_of_audience_when_read_both_ways_then_the_same_people(tenant_a):
    town = make_town(tenant_a)
    with in_tenant(tenant_a):
        admin = town.admin
        parents_list = RecipientsList.objects.create(name="Rodzice 2", classroom_ids=[town.class_2a.pk])
        parents_list.members.set([town.cook, town.worker_1])
        empty_list = RecipientsList.objects.create(name="Ręcznie")
        empty_list.members.set([town.head_1])
        workers_list = RecipientsList.objects.create(name="Pracownicy", roles=[ROLE_INSTITUTION_WORKER])
        audiences = {
            "everyone": {"everyone": True},
            "school 1": {"institution_ids": [town.school_1.pk]},
            "class 2A": {"classroom_ids": [town.class_2a.pk]},
            "parents": {"roles": [ROLE_PARENT]},
            "parents of school 1": {"roles": [ROLE_PARENT], "institution_ids": [town.school_1.pk]},
            "heads everywhere": {"everyone": True, "roles": [ROLE_INSTITUTIONS_ADMIN]},
            "both places": {"institution_ids": [town.school_2.pk], "classroom_ids": [town.class_1a.pk]},
            "list: 2A and two people": {"recipients_list": parents_list},
            "list: one person": {"recipients_list": empty_list},
            "list: workers": {"recipients_list": workers_list},
        }
        announcements = {
            name: Announcement.objects.create(
                title=name, text="<p>x</p>", valid_from=date(2026, 1, 1), created_by=admin, **audience
            )
            for name, audience in audiences.items()
        }
        everyone = people(town)
        title_of = {announcement.pk: name for name, announcement in announcements.items()}

        by_query = {name: set() for name in announcements}
        # An archived person cannot sign in to ask; the other reading never counts them.
        for person_name, user in everyone.items():
            if person_name == "archived_parent":
                continue
            places = places_of(user)
            with assert_num_queries(1):
                reached = list(Announcement.objects.filter(reaching(places)).values_list("pk", flat=True))
            for pk in reached:
                by_query[title_of[pk]].add(person_name)
            for name, announcement in announcements.items():
                assert places.reaches(announcement.audience()) == (person_name in by_query[name]), (name, person_name)

        by_name = {user.pk: name for name, user in everyone.items()}
        by_audience = {
            name: {by_name[pk] for pk in audience_users(announcement.audience()).values_list("pk", flat=True)}
            for name, announcement in announcements.items()
        }
    assert by_query == by_audience
    assert by_query["school 1"] == {"parent_1", "parent_both", "worker_1", "head_1"}
    assert by_query["list: 2A and two people"] == {"parent_2", "parent_both", "cook", "worker_1"}
    assert by_query["list: one person"] == {"head_1"}
    assert "archived_parent" not in set().union(*by_audience.values())
