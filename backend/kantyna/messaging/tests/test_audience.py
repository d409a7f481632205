"""The audience rule (messaging/audience.py) read both ways: `audience_users` (who is in it) and `Places.reaches`
(is this person in it) give the same people for every kind of audience, and archived people are never reached."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.utils import timezone

from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT
from kantyna.messaging.audience import Audience, audience_users, places_of
from kantyna.people.services.children import child_create
from kantyna.people.services.groups import children_group_create, workers_group_create
from kantyna.people.services.workers import worker_profile_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing import make_user
from kantyna.testing.queries import assert_num_queries
from kantyna.testing.world import make_catalog, make_family, make_institution_with_classroom, make_worker_profile
from kantyna.users.models import User

pytestmark = pytest.mark.django_db


@dataclass
class Town:
    school_1: object
    class_1a: object
    school_2: object
    class_2a: object
    club: object  # a children group of class 1A
    kitchen_staff: object  # a workers group of school 2
    parent_1: User  # a child in 1A
    parent_2: User  # a child in 2A
    parent_both: User  # a child in each school
    worker_1: User  # at school 1
    worker_2: User  # at school 2, in the kitchen staff group
    head_1: User  # institutions admin of school 1
    admin: User
    cook: User
    archived_parent: User  # a child in 1A, archived


def make_town(tenant) -> Town:
    with in_tenant(tenant):
        catalog = make_catalog()
        school_1, class_1a = make_institution_with_classroom(1)
        school_2, class_2a = make_institution_with_classroom(2)
        club = children_group_create(actor=None, name="Kółko", classrooms=[class_1a])
        kitchen_staff = workers_group_create(actor=None, name="Kuchnia", institution=school_2)
        parent_1, _ = make_family(tenant, class_1a, catalog.standard, first_names=("Ola",))
        parent_2, _ = make_family(tenant, class_2a, catalog.standard, first_names=("Jan",))
        parent_both, _ = make_family(tenant, class_1a, catalog.standard, first_names=("Ala",))
        child_create(
            actor=None, parent=parent_both, first_name="Ela", last_name="Nowak", classroom=class_2a,
            diet=catalog.standard,
        )  # fmt: skip
        worker_1, _ = make_worker_profile(tenant, school_1, catalog.standard)
        worker_2 = make_user(tenant, "ROLE_INSTITUTION_WORKER")
        worker_profile_create(
            actor=None, user=worker_2, institution=school_2, diet=catalog.standard, group=kitchen_staff
        )
        head_1 = make_user(tenant, ROLE_INSTITUTIONS_ADMIN)
        head_1.institutions.set([school_1])
        archived_parent, _ = make_family(tenant, class_1a, catalog.standard, first_names=("Ewa",))
        User.objects.filter(pk=archived_parent.pk).update(archived_at=timezone.now())
        return Town(
            school_1, class_1a, school_2, class_2a, club, kitchen_staff, parent_1, parent_2, parent_both,
            worker_1, worker_2, head_1, make_user(tenant, ROLE_ADMIN), make_user(tenant, ROLE_COOK), archived_parent,
        )  # fmt: skip


def people(town: Town) -> dict[str, User]:
    return {name: value for name, value in vars(town).items() if isinstance(value, User)}


def reached_both_ways(town: Town, audience: Audience) -> set[str]:
    """The names `audience_users` returns, after checking `places_of(...).reaches` says exactly the same."""
    everyone = people(town)
    by_id = {user.pk: name for name, user in everyone.items()}
    listed = {by_id[pk] for pk in audience_users(audience).values_list("pk", flat=True)}
    reached = {
        name for name, user in everyone.items() if name != "archived_parent" and places_of(user).reaches(audience)
    }
    assert listed == reached
    return listed


def names(*values) -> frozenset:
    return frozenset(values)


# Places and people are named here (school 1, classroom "2A", "club", "kitchen", "cook"); `_resolved` puts the
# town's ids in their place.
CASES = {
    "nobody": (Audience(), set()),
    "everyone": (
        Audience(everyone=True),
        {"parent_1", "parent_2", "parent_both", "worker_1", "worker_2", "head_1", "admin", "cook"},
    ),
    "one school: its parents, workers and head": (
        Audience(institution_ids=names(1)),
        {"parent_1", "parent_both", "worker_1", "head_1"},
    ),
    "one school's parents only": (
        Audience(institution_ids=names(1), roles=names(ROLE_PARENT)),
        {"parent_1", "parent_both"},
    ),
    "one classroom": (Audience(classroom_ids=names("2A")), {"parent_2", "parent_both"}),
    "a children group through its classroom": (Audience(children_group_ids=names("club")), {"parent_1", "parent_both"}),
    "a workers group": (Audience(workers_group_ids=names("kitchen")), {"worker_2"}),
    "a role alone": (Audience(roles=names(ROLE_COOK, ROLE_ADMIN)), {"cook", "admin"}),
    "everyone holding a role": (
        Audience(everyone=True, roles=names(ROLE_PARENT)),
        {"parent_1", "parent_2", "parent_both"},
    ),
    "hand-picked beside a place": (
        Audience(institution_ids=names(2), user_ids=names("cook")),
        {"parent_2", "parent_both", "worker_2", "cook"},
    ),
}


def _resolved(audience: Audience, town: Town) -> Audience:
    """The cases name things (1, "2A", "club", "cook"); this puts the town's ids in their place."""
    schools = {1: town.school_1.pk, 2: town.school_2.pk}
    rooms = {"2A": town.class_2a.pk}
    return Audience(
        everyone=audience.everyone,
        institution_ids=frozenset(schools[i] for i in audience.institution_ids),
        classroom_ids=frozenset(rooms[c] for c in audience.classroom_ids),
        children_group_ids=frozenset(town.club.pk for _ in audience.children_group_ids),
        workers_group_ids=frozenset(town.kitchen_staff.pk for _ in audience.workers_group_ids),
        roles=audience.roles,
        user_ids=frozenset(people(town)[name].pk for name in audience.user_ids),
    )


@pytest.mark.parametrize("case", CASES)
def test_given_an_audience_then_both_readings_reach_the_same_people(tenant_a, case):
    with in_tenant(tenant_a):
        town = make_town(tenant_a)
        audience, expected = CASES[case]
        assert reached_both_ways(town, _resolved(audience, town)) == expected


def test_given_a_person_when_their_places_are_read_then_one_query(tenant_a):
    with in_tenant(tenant_a):
        town = make_town(tenant_a)
        with assert_num_queries(1):
            places = places_of(town.parent_both)
    assert places.institution_ids == {town.school_1.pk, town.school_2.pk}
    assert places.classroom_ids == {town.class_1a.pk, town.class_2a.pk}
    assert places.children_group_ids == {town.club.pk}
    assert places.workers_group_ids == frozenset()
    assert places.roles == {ROLE_PARENT}
