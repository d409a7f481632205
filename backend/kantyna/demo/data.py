"""The demo tenant's people. Realistic Polish names; one password for every demo login."""

from __future__ import annotations

from kantyna.core.permissions import (
    PERMISSIONS,
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_PARENT,
    ROLE_TICKET_ADMIN,
)

DEMO_PASSWORD = "kantyna-demo"

STAFF = [
    {"email": "admin@demo.kantyna.pl", "first": "Katarzyna", "last": "Wiśniewska", "roles": [ROLE_ADMIN]},
    {
        "email": "placowki@demo.kantyna.pl",
        "first": "Tomasz",
        "last": "Zieliński",
        "roles": [ROLE_INSTITUTIONS_ADMIN],
        "permissions": list(PERMISSIONS),
    },
    {"email": "kucharz@demo.kantyna.pl", "first": "Grażyna", "last": "Kamińska", "roles": [ROLE_COOK]},
    {"email": "zgloszenia@demo.kantyna.pl", "first": "Paweł", "last": "Lewandowski", "roles": [ROLE_TICKET_ADMIN]},
    {"email": "raporty@demo.kantyna.pl", "first": "Magdalena", "last": "Dąbrowska", "roles": [ROLE_MANAGE_REPORTS]},
]

PARENTS = [
    {"email": "anna.nowak@example.pl", "first": "Anna", "last": "Nowak", "phone": "501234567"},
    {"email": "piotr.kowalski@example.pl", "first": "Piotr", "last": "Kowalski", "phone": "502345678"},
    {"email": "agnieszka.wojcik@example.pl", "first": "Agnieszka", "last": "Wójcik", "phone": "503456789"},
    {"email": "marcin.kaczmarek@example.pl", "first": "Marcin", "last": "Kaczmarek", "phone": "504567890"},
    {"email": "ewa.mazur@example.pl", "first": "Ewa", "last": "Mazur", "phone": "505678901"},
    # Two parents with a refund bank account in their profile (returnRequests: they can ask for their balance back).
    {
        "email": "krzysztof.krawczyk@example.pl",
        "first": "Krzysztof",
        "last": "Krawczyk",
        "phone": "506789012",
        "bank": "56249000050000400012345678",
    },
    {
        "email": "joanna.piotrowska@example.pl",
        "first": "Joanna",
        "last": "Piotrowska",
        "phone": "507890123",
        "bank": "60102010260000042270201111",
    },
    {"email": "michal.grabowski@example.pl", "first": "Michał", "last": "Grabowski", "phone": "508901234"},
    {"email": "monika.pawlowska@example.pl", "first": "Monika", "last": "Pawłowska", "phone": "509012345"},
    {"email": "lukasz.michalski@example.pl", "first": "Łukasz", "last": "Michalski", "phone": "510123456"},
]

WORKERS = [
    {"email": "jan.krol@example.pl", "first": "Jan", "last": "Król", "phone": "511234567"},
    {"email": "barbara.jablonska@example.pl", "first": "Barbara", "last": "Jabłońska", "phone": "512345678"},
    {"email": "adam.wieczorek@example.pl", "first": "Adam", "last": "Wieczorek", "phone": "513456789"},
]

ROLE_LOGINS = [
    (ROLE_ADMIN, "admin@demo.kantyna.pl"),
    (ROLE_INSTITUTIONS_ADMIN, "placowki@demo.kantyna.pl"),
    (ROLE_PARENT, "anna.nowak@example.pl"),
    (ROLE_INSTITUTION_WORKER, "jan.krol@example.pl"),
    (ROLE_COOK, "kucharz@demo.kantyna.pl"),
    (ROLE_TICKET_ADMIN, "zgloszenia@demo.kantyna.pl"),
    (ROLE_MANAGE_REPORTS, "raporty@demo.kantyna.pl"),
]
