"""A small catalogue for menu tests, made through the real services, and users tied to its institution."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from kantyna.catalog import services as catalog
from kantyna.catalog.models import Allergen, Diet, MealType, PortionSize
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT
from kantyna.institutions.models import Classroom, Institution
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.meals.models import Meal
from kantyna.meals.services import meal_create
from kantyna.menus.models import MealsMenu
from kantyna.menus.services import meals_menu_create
from kantyna.people.services.children import child_create
from kantyna.people.services.workers import worker_profile_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user

NOV_2026 = date(2026, 11, 1)


@dataclass
class World:
    institution: Institution
    other_institution: Institution
    classroom: Classroom
    diet: Diet
    other_diet: Diet
    breakfast: MealType
    lunch: MealType
    meals: list[Meal]
    portion: PortionSize


def _institution(slug: str, name: str, **fields) -> Institution:
    existing = Institution.objects.filter(slug=slug).first()
    return existing or institution_create(
        actor=None, name=name, short_name=slug.upper(), slug=slug, kind="school", **fields
    )


def world() -> World:
    """Call inside `in_tenant(...)`; idempotent, so several tests or instances may share it."""
    catalog.allergens_seed_eu(actor=None)
    allergens = {a.number: a for a in Allergen.objects.filter(number__isnull=False)}
    institution = _institution("sp-1", "Szkoła Podstawowa nr 1")
    other = _institution("sp-2", "Szkoła Podstawowa nr 2")
    classroom = Classroom.objects.filter(institution=institution).first() or classroom_create(
        actor=None, institution=institution, name="1a"
    )
    portion = PortionSize.objects.first() or catalog.portion_size_create(actor=None, name="Normalna", is_default=True)
    diet = Diet.objects.filter(name="Standardowa").first() or catalog.diet_create(actor=None, name="Standardowa")
    other_diet = Diet.objects.filter(name="Wegetariańska").first() or catalog.diet_create(
        actor=None, name="Wegetariańska"
    )
    breakfast = MealType.objects.filter(name="Śniadanie").first() or catalog.meal_type_create(
        actor=None, name="Śniadanie", position=1, portion_sizes=[portion]
    )
    lunch = MealType.objects.filter(name="Obiad").first() or catalog.meal_type_create(
        actor=None, name="Obiad", position=2, portion_sizes=[portion]
    )
    names = [("Owsianka z jabłkiem", [1, 7]), ("Żurek z jajkiem", [1, 3]), ("Pierogi ruskie", [1, 3, 7])]
    meals = [
        Meal.objects.filter(name=name).first()
        or meal_create(actor=None, name=name, allergens=[allergens[n] for n in numbers])
        for name, numbers in names
    ]
    return World(institution, other, classroom, diet, other_diet, breakfast, lunch, meals, portion)


def make_menu(w: World, *, name: str = "Jadłospis listopad", items=None, institutions=None, **fields) -> MealsMenu:
    fields.setdefault("date_from", NOV_2026)
    fields.setdefault("date_to", date(2026, 11, 30))
    if items is None:
        items = [
            (date(2026, 11, 2), w.breakfast, w.meals[0]),
            (date(2026, 11, 2), w.lunch, w.meals[1]),
            (date(2026, 11, 2), w.lunch, w.meals[2]),
            (date(2026, 11, 3), w.lunch, w.meals[2]),
        ]
    return meals_menu_create(
        actor=None,
        name=name,
        institutions=[w.institution] if institutions is None else institutions,
        diets=[w.diet],
        items=items,
        **fields,
    )


def member(tenant, role: str, institution: Institution | None = None, permissions=("menu_edit",)):
    """A user of `role` who belongs to `institution` (default: the world's): an institutions admin managing it
    (with `permissions`), a parent with a child there, a worker employed there; other roles as they are."""
    with in_tenant(tenant):
        w = world()
        institution = institution or w.institution
        classroom = (
            w.classroom
            if institution == w.institution
            else (
                Classroom.objects.filter(institution=institution).first()
                or classroom_create(actor=None, institution=institution, name="1b")
            )
        )
    if role == ROLE_INSTITUTIONS_ADMIN:
        user = make_user(tenant, role, permissions=list(permissions))
        with in_tenant(tenant):
            user.institutions.add(institution)
        return user
    user = make_user(tenant, role)
    with in_tenant(tenant):
        if role == ROLE_PARENT:
            child_create(actor=None, parent=user, first_name="Ala", last_name="Nowak", classroom=classroom, diet=w.diet)
        elif role == ROLE_INSTITUTION_WORKER:
            worker_profile_create(actor=None, user=user, institution=institution, diet=w.diet)
    return user
