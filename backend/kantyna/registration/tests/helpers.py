"""A small catalogue for registration tests, built through the owning apps' services."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from kantyna.catalog import services as catalog
from kantyna.institutions.services import classroom_create, district_create, institution_create
from kantyna.people.models import InstitutionWorkersGroup
from kantyna.pricing.services import price_list_create, price_lists_group_create
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update

_sequence = itertools.count(1)


@dataclass
class World:
    institution: object
    other_institution: object
    inactive_institution: object
    classroom: object  # default price lists group for members: "Grupa klasowa"
    plain_classroom: object  # no group of its own: the children's default group
    other_classroom: object
    diet: object  # default, allows allergens
    strict_diet: object  # forbids changing allergens
    foreign_diet: object  # served only at other_institution
    allergen: object
    children_group: object  # default for children
    classroom_group: object
    workers_group: object
    meal_type: object
    portion: object
    item: object  # price list item of children_group, diet, meal_type


def make_world(tenant, *, open_registration: bool = True, register_as: str = "both") -> World:
    n = next(_sequence)
    with in_tenant(tenant):
        district = district_create(actor=None, name=f"Mokotów {n}")
        institution = institution_create(
            actor=None,
            name=f"Szkoła {n}",
            short_name=f"SP{n}",
            slug=f"szkola-{tenant.slug}-{n}",
            kind="school",
            district=district,
        )
        other = institution_create(
            actor=None, name=f"Przedszkole {n}", short_name=f"P{n}", slug=f"przedszkole-{n}", kind="kindergarten"
        )
        inactive = institution_create(
            actor=None, name=f"Zamknięta {n}", short_name=f"Z{n}", slug=f"zamknieta-{n}", kind="school"
        )
        inactive.is_active = False
        inactive.save(update_fields=["is_active"])
        children_group = price_lists_group_create(actor=None, name=f"Dzieci {n}", default_for_children=True)
        classroom_group = price_lists_group_create(actor=None, name=f"Grupa klasowa {n}")
        classroom = classroom_create(
            actor=None,
            institution=institution,
            name="1A",
            related_price_lists_group=classroom_group,
            has_default_price_lists_group_for_members=True,
        )
        plain = classroom_create(actor=None, institution=institution, name="2B")
        other_classroom = classroom_create(actor=None, institution=other, name="Motylki")
        diet = catalog.diet_create(
            actor=None, name=f"Standardowa {n}", institutions=[institution, other], is_default=True
        )
        strict = catalog.diet_create(
            actor=None, name=f"Eliminacyjna {n}", institutions=[institution], allow_changing_allergens=False
        )
        foreign = catalog.diet_create(actor=None, name=f"Obca {n}", institutions=[other])
        allergen = catalog.allergen_create(actor=None, name=f"Gluten {n}", number=n % 90 + 1)
        portion = catalog.portion_size_create(actor=None, name=f"Normalna {n}", is_default=True)
        category = catalog.meal_type_category_create(actor=None, name=f"Posiłki {n}")
        meal_type = catalog.meal_type_create(
            actor=None,
            name=f"Obiad {n}",
            position=1,
            category=category,
            portion_sizes=[portion],
            block_on_registration=True,
        )
        price_list = price_list_create(
            actor=None,
            group=children_group,
            name="Cennik",
            valid_from=date(2026, 9, 1),
            items=[{"meal_type": meal_type, "diet": diet, "portion_size": portion, "price": Decimal("12.50")}],
        )
        workers_group = InstitutionWorkersGroup.objects.create(name=f"Kuchnia {n}", institution=institution)
        settings_update(actor=None, key="parents_settings", data={"allow_self_registration": open_registration})
        settings_update(actor=None, key="general", data={"register_as": register_as})
        return World(
            institution=institution,
            other_institution=other,
            inactive_institution=inactive,
            classroom=classroom,
            plain_classroom=plain,
            other_classroom=other_classroom,
            diet=diet,
            strict_diet=strict,
            foreign_diet=foreign,
            allergen=allergen,
            children_group=children_group,
            classroom_group=classroom_group,
            workers_group=workers_group,
            meal_type=meal_type,
            portion=portion,
            item=price_list.items.get(),
        )


def parent_payload(world: World, **overrides) -> dict:
    payload = {
        "emailAddress": f"rodzic{next(_sequence)}@example.test",
        "firstName": "Anna",
        "lastName": "Nowak",
        "phoneNumber": "600 700 800",
        "phoneNumber2": "221 2345",
        "bankAccountNumber": "61 1090 1014 0000 0712 1981 2874",
        "acceptedTerms": True,
        "acceptedMarketing": True,
        "children": [child_payload(world)],
    }
    payload.update(overrides)
    return payload


def child_payload(world: World, **overrides) -> dict:
    child = {
        "firstName": "Zosia",
        "lastName": "Nowak",
        "institutionId": world.institution.pk,
        "classroomId": world.classroom.pk,
        "dietId": world.diet.pk,
        "cardNumber": "",
        "allergies": [],
        "allergiesNote": "",
    }
    child.update(overrides)
    return child


def worker_payload(world: World, **overrides) -> dict:
    payload = {
        "emailAddress": f"pracownik{next(_sequence)}@example.test",
        "firstName": "Jan",
        "lastName": "Kowalski",
        "phoneNumber": "600700800",
        "institutionId": world.institution.pk,
        "institutionWorkersGroupId": world.workers_group.pk,
        "dietId": world.diet.pk,
        "cardNumber": "AB12345",
        "allergies": [world.allergen.pk],
        "allergiesNote": "Bez orzechów",
        "acceptedTerms": True,
    }
    payload.update(overrides)
    return payload
