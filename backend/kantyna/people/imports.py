"""Children import (`POST children/import`, XLSX): all or nothing, every bad cell reported with its row and column.

Columns of the first sheet (the header row is row 1; `GET children/import/template` gives the file):
A first name (required), B last name (required), C the parent's e-mail (required: an existing parent account
of this tenant), D institution (its slug, short name or name), E classroom (its name within that institution),
F diet (its name; empty: the default diet), G dining card number (optional, 6-10 digits or capitals, unique among
children and workers and within the file), H allergens (numbers or names separated by commas or semicolons),
I allergies note, J general note (delivery address, contact number). Names are compared without letter case.
Allergens or a note with a diet that forbids allergen changes are refused (the diet would clear them unasked).
Every row creates a new child with the default automarking settings and the default price lists group of its
classroom. The file is read with a constant number of queries, whatever its number of rows."""

from __future__ import annotations

import re
from io import BytesIO

from django.core.files.uploadedfile import UploadedFile
from django.db.models.functions import Lower
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font

from kantyna.catalog.models import Allergen, Diet
from kantyna.catalog.selectors import diet_serves
from kantyna.core.errors import Problem
from kantyna.core.spreadsheets import RowError, guard_cell, import_rejected, open_xlsx
from kantyna.core.validators import MULTILINE_TEXT, SINGLE_LINE_TEXT
from kantyna.institutions.models import Classroom, Institution
from kantyna.people.services.allergies import allergies_cleared_problems
from kantyna.people.services.cards import CARD_NUMBER_RE, card_numbers_taken
from kantyna.people.services.children import IMPORT_COLUMNS, ImportedChild
from kantyna.tenant_settings.selectors import upload_max_file_size
from kantyna.users.models import User

MAX_ROWS = 5000
HEADERS = (
    ("imię", "first name"),
    ("nazwisko", "last name"),
    ("e-mail rodzica", "parent's e-mail", "parent e-mail", "parent email"),
    ("placówka", "institution"),
    ("klasa", "classroom"),
    ("dieta", "diet"),
    ("numer karty", "card number"),
    ("alergeny", "allergens"),
    ("uwagi o alergiach", "allergies note"),
    ("uwagi ogólne", "general note"),
)
COLUMNS = "ABCDEFGHIJ"
NAME_MAX_LENGTH = 100
NOTE_MAX_LENGTH = 2000
SEPARATORS = re.compile(r"[,;]")


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _lookups():
    institutions: dict[str, Institution] = {}
    for institution in Institution.objects.all():
        for key in (institution.slug, institution.short_name, institution.name):
            institutions.setdefault(key.casefold(), institution)
    classrooms = {
        (classroom.institution_id, classroom.name.casefold()): classroom
        for classroom in Classroom.objects.select_related("related_price_lists_group")
    }
    diets = {diet.name.casefold(): diet for diet in Diet.objects.prefetch_related("institutions")}
    default_diet = next((diet for diet in diets.values() if diet.is_default), None)
    allergens: dict[str, Allergen] = {}
    for allergen in Allergen.objects.all():
        allergens[allergen.name.casefold()] = allergen
        if allergen.number is not None:
            allergens[str(allergen.number)] = allergen
    return institutions, classrooms, diets, default_diet, allergens


def _parents(emails: set[str]) -> dict[str, User]:
    users = (
        User.objects.annotate(email_lower=Lower("account__email"))
        .filter(email_lower__in=emails)
        .select_related("account")
    )
    return {user.email_lower: user for user in users}


def read_children(upload: UploadedFile) -> list[ImportedChild]:
    """Every data row of the first sheet, validated; an import_rejected refusal with every problem found otherwise."""
    sheet = open_xlsx(upload, limit=upload_max_file_size()).worksheets[0]
    rows = sheet.iter_rows(values_only=True)
    header = [_text(cell).casefold() for cell in (next(rows, None) or ())][: len(HEADERS)]
    header += [""] * (len(HEADERS) - len(header))
    if any(cell not in accepted for cell, accepted in zip(header, HEADERS, strict=True)):
        raise import_rejected(
            file_errors=[
                _(
                    "The first row must hold the column headers of the template: First name, Last name, "
                    "Parent's e-mail, Institution, Classroom, Diet, Card number, Allergens, Allergies note, "
                    "General note."
                )
            ]
        )
    raw: list[tuple[int, list[str]]] = []
    for number, values in enumerate(rows, start=2):
        cells = ([_text(v) for v in values[: len(HEADERS)]] + [""] * len(HEADERS))[: len(HEADERS)]
        if not any(cells):
            continue
        raw.append((number, cells))
        if len(raw) > MAX_ROWS:
            raise import_rejected(file_errors=[_("The file has more than %(count)s rows.") % {"count": MAX_ROWS}])
    if not raw:
        raise import_rejected(file_errors=[_("The file has no rows to import.")])

    institutions, classrooms, diets, default_diet, allergens = _lookups()
    parents = _parents({cells[2].casefold() for _number, cells in raw if cells[2]})
    taken = card_numbers_taken({cells[6] for _number, cells in raw if CARD_NUMBER_RE.match(cells[6])})

    errors: list[RowError] = []
    parsed: list[ImportedChild] = []
    first_row_of_card: dict[str, int] = {}
    for number, cells in raw:
        first, last, email, institution_key, classroom_name, diet_name, card, allergen_list, note, general = cells
        row_errors: list[RowError] = []

        def error(column: str, message: str | Problem, row_errors=row_errors, number=number) -> None:
            row_errors.append(RowError(number, column, message))

        for column, value in (("A", first), ("B", last)):
            if not value:
                error(column, _("This field is required."))
            elif len(value) > NAME_MAX_LENGTH:
                error(column, _("At most %(count)s characters.") % {"count": NAME_MAX_LENGTH})
        parent = parents.get(email.casefold()) if email else None
        if not email:
            error("C", _("The parent's e-mail is required."))
        elif parent is None or "ROLE_PARENT" not in (parent.roles or []):
            error("C", _("There is no parent with the e-mail %(email)s.") % {"email": email})
        institution = institutions.get(institution_key.casefold()) if institution_key else None
        classroom = None
        if not institution_key:
            error("D", _("The institution is required."))
        elif institution is None:
            error("D", _("There is no institution %(name)s.") % {"name": institution_key})
        if not classroom_name:
            error("E", Problem("child.classroom_required", "classroom_id"))
        elif institution is not None:
            classroom = classrooms.get((institution.pk, classroom_name.casefold()))
            if classroom is None:
                error("E", _("There is no classroom %(name)s in this institution.") % {"name": classroom_name})
        diet = diets.get(diet_name.casefold()) if diet_name else default_diet
        if diet is None:
            error("F", _("There is no diet %(name)s.") % {"name": diet_name} if diet_name else _("Choose a diet."))
        elif institution is not None and not diet_serves(diet, institution):
            error("F", Problem("child.diet_not_served", "diet_id"))
        card_number = card or None
        if card_number:
            if not CARD_NUMBER_RE.match(card_number):
                error("G", Problem("card.invalid", "card_number"))
            elif card_number in taken:
                error("G", Problem("card.taken", "card_number"))
            elif card_number in first_row_of_card:
                error("G", _("This card number is already in row %(row)s.") % {"row": first_row_of_card[card_number]})
            else:
                first_row_of_card[card_number] = number
        found: list[Allergen] = []
        for key in filter(None, (part.strip() for part in SEPARATORS.split(allergen_list))):
            allergen = allergens.get(key.casefold())
            if allergen is None:
                error("H", _("Unknown allergen: %(allergen)s.") % {"allergen": key})
            elif allergen not in found:
                found.append(allergen)
        if diet is not None:
            # The diet would clear them, and a file cannot confirm that (the form can).
            for problem in allergies_cleared_problems(diet=diet, allergies=found, note=note):
                error(IMPORT_COLUMNS[problem.field], problem)
        for column, value in (("I", note), ("J", general)):
            if len(value) > NOTE_MAX_LENGTH:
                error(column, _("At most %(count)s characters.") % {"count": NOTE_MAX_LENGTH})
        texts = (("A", first, SINGLE_LINE_TEXT), ("B", last, SINGLE_LINE_TEXT))
        for column, value, validator in (*texts, ("I", note, MULTILINE_TEXT), ("J", general, MULTILINE_TEXT)):
            if problem := validator.problem(value):
                error(column, problem)
        if row_errors:
            errors.extend(row_errors)
            continue
        parsed.append(
            {
                "row": number,
                "parent": parent,
                "first_name": first,
                "last_name": last,
                "institution": institution,
                "classroom": classroom,
                "diet": diet,
                "card_number": card_number,
                "allergies": found,
                "allergies_note": note,
                "general_note": general,
            }
        )
    if errors:
        raise import_rejected(rows=errors)
    return parsed


def children_template() -> bytes:
    """The empty sheet with headers in the user's language, and on further sheets what the cells may name:
    institutions with their classrooms, diets and allergens."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = _("Children")
    sheet.append(
        [
            _("First name"),
            _("Last name"),
            _("Parent's e-mail"),
            _("Institution"),
            _("Classroom"),
            _("Diet"),
            _("Card number"),
            _("Allergens"),
            _("Allergies note"),
            _("General note"),
        ]
    )
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for column in COLUMNS:
        sheet.column_dimensions[column].width = 22
    sheet.freeze_panes = "A2"

    places = workbook.create_sheet(_("Classrooms"))
    places.append([_("Institution"), _("Classroom")])
    for classroom in Classroom.objects.select_related("institution").order_by("institution__name", "name"):
        places.append([guard_cell(classroom.institution.slug), guard_cell(classroom.name)])
    diets = workbook.create_sheet(_("Diets"))
    diets.append([_("Diet")])
    for diet in Diet.objects.all():
        diets.append([guard_cell(diet.name)])
    legend = workbook.create_sheet(_("Allergens"))
    legend.append([_("Number"), _("Name")])
    for allergen in Allergen.objects.all():
        legend.append([allergen.number, guard_cell(allergen.name)])
    for extra in (places, diets, legend):
        for cell in extra[1]:
            cell.font = Font(bold=True)
        extra.column_dimensions["A"].width = 30
        extra.column_dimensions["B"].width = 30
    out = BytesIO()
    workbook.save(out)
    return out.getvalue()
