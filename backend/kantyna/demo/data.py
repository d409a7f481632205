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
    ("admin@demo.kantyna.pl", "Katarzyna", "Wiśniewska", [ROLE_ADMIN], []),
    ("placowki@demo.kantyna.pl", "Tomasz", "Zieliński", [ROLE_INSTITUTIONS_ADMIN], list(PERMISSIONS)),
    ("kucharz@demo.kantyna.pl", "Grażyna", "Kamińska", [ROLE_COOK], []),
    ("zgloszenia@demo.kantyna.pl", "Paweł", "Lewandowski", [ROLE_TICKET_ADMIN], []),
    ("raporty@demo.kantyna.pl", "Magdalena", "Dąbrowska", [ROLE_MANAGE_REPORTS], []),
]

PARENTS = [
    ("anna.nowak@example.pl", "Anna", "Nowak", "501234567"),
    ("piotr.kowalski@example.pl", "Piotr", "Kowalski", "502345678"),
    ("agnieszka.wojcik@example.pl", "Agnieszka", "Wójcik", "503456789"),
    ("marcin.kaczmarek@example.pl", "Marcin", "Kaczmarek", "504567890"),
    ("ewa.mazur@example.pl", "Ewa", "Mazur", "505678901"),
    ("krzysztof.krawczyk@example.pl", "Krzysztof", "Krawczyk", "506789012"),
    ("joanna.piotrowska@example.pl", "Joanna", "Piotrowska", "507890123"),
    ("michal.grabowski@example.pl", "Michał", "Grabowski", "508901234"),
    ("monika.pawlowska@example.pl", "Monika", "Pawłowska", "509012345"),
    ("lukasz.michalski@example.pl", "Łukasz", "Michalski", "510123456"),
]

WORKERS = [
    ("jan.krol@example.pl", "Jan", "Król", "511234567"),
    ("barbara.jablonska@example.pl", "Barbara", "Jabłońska", "512345678"),
    ("adam.wieczorek@example.pl", "Adam", "Wieczorek", "513456789"),
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
