"""The demo tenant's catalogue and meal receivers, created through the same services as the API."""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from decimal import Decimal
from itertools import cycle

from kantyna.catalog import services as catalog
from kantyna.catalog.models import Allergen
from kantyna.core.money import to_grosze
from kantyna.institutions import services as institutions_services
from kantyna.logistics import services as logistics
from kantyna.meals import services as meal_services
from kantyna.menus.services import meals_menu_create
from kantyna.people.services.children import child_create
from kantyna.people.services.groups import workers_group_create
from kantyna.people.services.workers import worker_profile_create
from kantyna.pricing import services as pricing
from kantyna.pricing.models import WEEKDAYS_PL
from kantyna.users.models import User

# Meals by meal type, with allergen numbers (EU annex II: 1 gluten, 3 eggs, 4 fish, 7 milk, 8 nuts, 9 celery...).
MEALS = {
    "Śniadanie": [
        ("Owsianka z jabłkiem i cynamonem", [1, 7]),
        ("Kanapki z twarożkiem i szczypiorkiem", [1, 7]),
        ("Jajecznica ze szczypiorkiem, pieczywo", [1, 3, 7]),
        ("Płatki kukurydziane z mlekiem", [7]),
        ("Bułka z masłem, szynką i pomidorem", [1, 7]),
    ],
    "Zupa": [
        ("Pomidorowa z ryżem", [7, 9]),
        ("Ogórkowa z ziemniakami", [7, 9]),
        ("Rosół z makaronem", [1, 3, 9]),
        ("Krem z dyni z grzankami", [1, 7, 9]),
        ("Barszcz ukraiński", [9]),
        ("Żurek z jajkiem", [1, 3, 9, 10]),
    ],
    "Obiad": [
        ("Kotlet schabowy, ziemniaki, mizeria", [1, 3, 7]),
        ("Pierogi ruskie z cebulką", [1, 3, 7]),
        ("Filet z dorsza, puree, surówka z marchwi", [1, 3, 4, 7]),
        ("Gulasz wieprzowy z kaszą jęczmienną", [1, 9]),
        ("Spaghetti bolognese", [1, 9]),
        ("Naleśniki z serem i musem truskawkowym", [1, 3, 7]),
        ("Pulpety w sosie koperkowym, ryż, buraczki", [1, 3, 7]),
        ("Kurczak pieczony, ziemniaki, surówka z kapusty", [10]),
    ],
    "Podwieczorek": [
        ("Jogurt naturalny z owocami", [7]),
        ("Drożdżówka z serem", [1, 3, 7]),
        ("Kisiel owocowy", []),
        ("Jabłko i marchewka", []),
        ("Budyń waniliowy", [7]),
    ],
}

INSTITUTIONS = [
    {
        "name": "Szkoła Podstawowa nr 12 im. Marii Konopnickiej",
        "short_name": "SP 12",
        "slug": "sp12-warszawa",
        "kind": "school",
        "street": "ul. Grójecka 93",
        "city": "Warszawa",
        "post_code": "02-101",
        "district": "Ochota",
        "classrooms": ["1a", "2b", "3a", "4c", "5a", "6b"],
    },
    {
        "name": "Przedszkole Miejskie nr 5 „Słoneczko”",
        "short_name": "PM 5",
        "slug": "pm5-sloneczko",
        "kind": "kindergarten",
        "street": "ul. Kwiatowa 7",
        "city": "Warszawa",
        "post_code": "02-520",
        "district": "Mokotów",
        "classrooms": ["Biedronki", "Motylki", "Pszczółki"],
    },
    {
        "name": "Zakład Produkcyjny Mazowsze sp. z o.o.",
        "short_name": "ZP Mazowsze",
        "slug": "zp-mazowsze",
        "kind": "workplace",
        "street": "ul. Przemysłowa 15",
        "city": "Pruszków",
        "post_code": "05-800",
        "district": "Pruszków",
        "classrooms": ["Produkcja", "Biuro"],
    },
]

# (first name, parent index, institution index, classroom index, diet name)
CHILDREN = [
    ("Zuzanna", 0, 0, 0, "Standardowa"),
    ("Jakub", 0, 1, 1, "Standardowa"),
    ("Julia", 1, 0, 2, "Wegetariańska"),
    ("Antoni", 2, 0, 3, "Standardowa"),
    ("Lena", 2, 1, 0, "Bezglutenowa"),
    ("Szymon", 3, 0, 1, "Standardowa"),
    ("Maja", 4, 0, 4, "Standardowa"),
    ("Filip", 4, 1, 2, "Standardowa"),
    ("Hanna", 5, 0, 5, "Wegetariańska"),
    ("Jan", 6, 1, 1, "Standardowa"),
    ("Alicja", 7, 0, 0, "Standardowa"),
    ("Franciszek", 7, 0, 2, "Bezglutenowa"),
    ("Oliwia", 8, 1, 0, "Standardowa"),
    ("Aleksander", 9, 0, 3, "Standardowa"),
    ("Pola", 9, 1, 2, "Wegetariańska"),
]

# Children's allergies (allergen numbers, note): the kitchen's labels print them in bold; Oliwia is the first
# receiver in the labels' order (Przedszkole..., Biedronki, Pawłowska).
ALLERGIES = {"Oliwia": ([3, 7], "Bez jajek w żadnej postaci"), "Antoni": ([8], "")}

PRICES = {"Śniadanie": "4.50", "Zupa": "5.00", "Obiad": "12.50", "Podwieczorek": "3.50"}
SMALL_PORTION_FACTOR = Decimal("0.8")
WEEKEND_PL = WEEKDAYS_PL[5:]

# Recipes of some demo meals: kcal of a normal portion and (ingredient, unit, allergen numbers, amount in a
# normal portion). A small portion takes SMALL_PORTION_FACTOR of each amount, except whole pieces.
RECIPES = {
    "Owsianka z jabłkiem i cynamonem": (
        320,
        [("Płatki owsiane", "g", [1], 50), ("Mleko 2%", "ml", [7], 200), ("Jabłko", "g", [], 80)],
    ),
    "Pomidorowa z ryżem": (
        210,
        [
            ("Przecier pomidorowy", "g", [], 80),
            ("Ryż biały", "g", [], 30),
            ("Seler korzeniowy", "g", [9], 20),
            ("Śmietana 18%", "ml", [7], 20),
        ],
    ),
    "Kotlet schabowy, ziemniaki, mizeria": (
        720,
        [
            ("Schab wieprzowy", "g", [], 120),
            ("Bułka tarta", "g", [1], 20),
            ("Jajka", "szt.", [3], 1),
            ("Ziemniaki", "g", [], 200),
            ("Ogórek", "g", [], 80),
            ("Śmietana 18%", "ml", [7], 30),
        ],
    ),
    "Pierogi ruskie z cebulką": (
        540,
        [
            ("Mąka pszenna", "g", [1], 110),
            ("Ziemniaki", "g", [], 120),
            ("Twaróg półtłusty", "g", [7], 60),
            ("Jajka", "szt.", [3], 1),
            ("Cebula", "g", [], 30),
        ],
    ),
}


def recipe_of(name: str, *, normal, small, allergens: dict, ingredients: dict) -> dict:
    """`meal_create` arguments for the meal's recipe (none when it has no recipe); ingredients are created once."""
    if name not in RECIPES:
        return {}
    kcal, rows = RECIPES[name]
    grammages = []
    for ingredient_name, unit, numbers, amount in rows:
        if ingredient_name not in ingredients:
            ingredients[ingredient_name] = meal_services.ingredient_create(
                actor=None, name=ingredient_name, unit=unit, allergens=[allergens[n] for n in numbers]
            )
        small_amount = amount if unit == "szt." else Decimal(amount) * SMALL_PORTION_FACTOR
        grammages.append(
            {
                "ingredient": ingredients[ingredient_name],
                "grammages": [
                    {"portion_size": normal, "grammage": Decimal(amount)},
                    {"portion_size": small, "grammage": Decimal(small_amount).quantize(Decimal("0.01"))},
                ],
            }
        )
    portions = [{"portion_size": normal, "kcal": kcal}, {"portion_size": small, "kcal": round(kcal * 0.8)}]
    return {"portions": portions, "ingredient_grammages": grammages}


def surname_for(first_name: str, family_name: str) -> str:
    """Polish -ski/-ska surnames follow the child's gender (girls' names end in -a, in this list)."""
    female = first_name.endswith("a")
    for male, female_form in (("ski", "ska"), ("cki", "cka"), ("dzki", "dzka")):
        if female and family_name.endswith(male):
            return family_name[: -len(male)] + female_form
        if not female and family_name.endswith(female_form):
            return family_name[: -len(female_form)] + male
    return family_name


def seed_logistics(*, institutions: list, meal_types: dict) -> None:
    """Two kitchens sharing the institutions (the schools' breakfasts cooked on site), drivers and routes."""
    school, kindergarten, workplace = institutions
    everything = list(meal_types.values())
    logistics.kitchen_create(
        actor=None,
        name="Kuchnia centralna Ochota",
        street="ul. Grójecka 120",
        city="Warszawa",
        post_code="02-367",
        institutions_meal_types=[
            {"institution": school, "meal_types": [meal_types[name] for name in ("Zupa", "Obiad", "Podwieczorek")]},
            {"institution": workplace, "meal_types": everything},
        ],
    )
    logistics.kitchen_create(
        actor=None,
        name="Kuchnia przedszkolna „Słoneczko”",
        street="ul. Kwiatowa 7",
        city="Warszawa",
        post_code="02-520",
        institutions_meal_types=[
            {"institution": kindergarten, "meal_types": everything},
            {"institution": school, "meal_types": [meal_types["Śniadanie"]]},
        ],
    )
    nowak = logistics.driver_create(
        actor=None, first_name="Krzysztof", last_name="Nowak", phone_number="601234567", vehicle_registration="WA 4821K"
    )
    wojcik = logistics.driver_create(
        actor=None, first_name="Tomasz", last_name="Wójcik", phone_number="502765432", vehicle_registration="WPR 3317"
    )
    logistics.driver_create(
        actor=None, first_name="Marek", last_name="Lewandowski", phone_number="7891234", is_active=False
    )
    # The stops in the driver's order: the transport panel and the route sheets list them so.
    logistics.route_number_create(
        actor=None,
        number="T1",
        description="Ochota → SP 12 → PM 5",
        driver=nowak,
        institutions=[school, kindergarten],
    )
    logistics.route_number_create(
        actor=None,
        number="T2",
        description="Ochota → Pruszków (ZP Mazowsze)",
        driver=wojcik,
        institutions=[workplace],
    )
    logistics.route_number_create(actor=None, number="T3", description="Trasa zastępcza, bez stałego kierowcy")


def seed_catalog_and_people(*, parents: list[User], workers: list[User]) -> None:
    catalog.allergens_seed_eu(actor=None)
    allergens = {a.number: a for a in Allergen.objects.filter(number__isnull=False)}
    catalog.allergen_group_create(actor=None, name="Nabiał i jaja", allergens=[allergens[3], allergens[7]])

    normal = catalog.portion_size_create(actor=None, name="Normalna", is_default=True)
    small = catalog.portion_size_create(actor=None, name="Mała")

    group = pricing.price_lists_group_create(
        actor=None, name="Cennik podstawowy", default_for_children=True, default_for_institutions_workers=True
    )
    institutions = []
    districts = {}
    for spec in INSTITUTIONS:
        spec = dict(spec)
        classroom_names = spec.pop("classrooms")
        district_name = spec.pop("district")
        if district_name not in districts:
            districts[district_name] = institutions_services.district_create(actor=None, name=district_name)
        institution = institutions_services.institution_create(actor=None, district=districts[district_name], **spec)
        for name in classroom_names:
            institutions_services.classroom_create(
                actor=None,
                institution=institution,
                name=name,
                related_price_lists_group=group,
                has_default_price_lists_group_for_members=True,
            )
        institutions.append(institution)

    diets = {
        "Standardowa": catalog.diet_create(actor=None, name="Standardowa", institutions=institutions, is_default=True),
        "Wegetariańska": catalog.diet_create(actor=None, name="Wegetariańska", institutions=institutions),
        "Bezglutenowa": catalog.diet_create(
            actor=None, name="Bezglutenowa", institutions=institutions, allow_changing_allergens=False
        ),
    }

    category = catalog.meal_type_category_create(actor=None, name="Posiłki dzienne")
    meal_types = {}
    for position, name in enumerate(MEALS, start=1):
        meal_types[name] = catalog.meal_type_create(
            actor=None,
            name=name,
            position=position,
            category=category,
            portion_sizes=[normal, small],
            is_default=name == "Obiad",
            block_on_registration=name == "Obiad",
        )
    # The workplace canteen serves soup and lunch only: the meal types screen shows availability per institution.
    catalog.meal_types_set_available_at_institution(
        actor=None, institution=institutions[2], meal_types=[meal_types["Zupa"], meal_types["Obiad"]]
    )
    seed_logistics(institutions=institutions, meal_types=meal_types)

    today = date.today()
    month_start = today.replace(day=1)
    current_prices = pricing.price_list_create(
        actor=None,
        group=group,
        name=f"Cennik od {month_start:%d.%m.%Y}",
        valid_from=month_start,
        items=[
            {
                "meal_type": meal_types[meal_type_name],
                "diet": diet,
                "portion_size": portion,
                "price": to_grosze(Decimal(price) * (SMALL_PORTION_FACTOR if portion == small else 1)),
                # The demo caterer cooks on school days only: nothing to order at weekends.
                "hidden_weekdays": WEEKEND_PL,
            }
            for meal_type_name, price in PRICES.items()
            for diet in diets.values()
            for portion in (normal, small)
        ],
    )
    # Next month's version (lunch 50 gr dearer) shows price history: the current list stays for this month.
    next_month = (month_start + timedelta(days=32)).replace(day=1)
    pricing.price_list_replace(
        actor=None,
        instance=current_prices,
        valid_from=next_month,
        name=f"Cennik od {next_month:%d.%m.%Y}",
        items=[
            {
                "meal_type": item.meal_type,
                "diet": item.diet,
                "portion_size": item.portion_size,
                "price": item.price + (Decimal("0.50") if item.meal_type.name == "Obiad" else 0),
                "hidden_weekdays": item.hidden_weekdays,
            }
            for item in current_prices.items.select_related("meal_type", "diet", "portion_size")
        ],
    )

    ingredients = {}
    meals = {
        meal_type_name: [
            meal_services.meal_create(
                actor=None,
                name=name,
                allergens=[allergens[n] for n in numbers],
                **recipe_of(name, normal=normal, small=small, allergens=allergens, ingredients=ingredients),
            )
            for name, numbers in entries
        ]
        for meal_type_name, entries in MEALS.items()
    }
    last_day = calendar.monthrange(month_start.year, month_start.month)[1]
    month_end = month_start.replace(day=last_day)
    school_days = [
        month_start.replace(day=d) for d in range(1, last_day + 1) if month_start.replace(day=d).weekday() < 5
    ]
    rotations = {name: cycle(entries) for name, entries in meals.items()}
    meals_menu_create(
        actor=None,
        name=f"Jadłospis {month_start:%m.%Y}",
        date_from=month_start,
        date_to=month_end,
        institutions=institutions,
        diets=list(diets.values()),
        items=[(day, meal_types[name], next(rotations[name])) for day in school_days for name in MEALS],
    )

    classrooms = [list(institution.classrooms.order_by("id")) for institution in institutions]
    for index, (first_name, parent_index, institution_index, classroom_index, diet_name) in enumerate(CHILDREN):
        parent = parents[parent_index]
        child_create(
            actor=None,
            parent=parent,
            first_name=first_name,
            last_name=surname_for(first_name, parent.last_name),
            classroom=classrooms[institution_index][classroom_index],
            diet=diets[diet_name],
            card_number=f"{100001 + index}",
            allergies=[allergens[n] for n in ALLERGIES.get(first_name, ((), ""))[0]],
            allergies_note=ALLERGIES.get(first_name, ((), ""))[1],
        )
    workers_group = workers_group_create(actor=None, name="Administracja", institution=institutions[2])
    for index, worker in enumerate(workers):
        worker_profile_create(
            actor=None,
            user=worker,
            institution=institutions[2],
            diet=diets["Standardowa"],
            card_number=f"{200001 + index}",
            group=workers_group,
        )
