"""Every domain error raised in the source has a row in the error table, and every row is raised somewhere:
an unknown code is a programming error, found here rather than as a 500 in production."""

import ast
from pathlib import Path

from django.utils import translation

from kantyna.core.api.errors import ERRORS, api_exception_handler, as_api_error
from kantyna.core.errors import DomainError, Problem
from kantyna.core.spreadsheets import RowError, import_rejected

SOURCE = Path(__file__).resolve().parents[2]
RAISERS = {"DomainError", "Problem"}
# Where the classes are defined: it copies codes it was given (`DomainError.under`).
DEFINITION = SOURCE / "core" / "errors.py"


def _raised_codes() -> dict[str, list[str]]:
    """code -> where: the first argument of every `DomainError(...)`/`Problem(...)` call outside the tests."""
    codes: dict[str, list[str]] = {}
    for path in SOURCE.rglob("*.py"):
        if "tests" in path.relative_to(SOURCE).parts or path == DEFINITION:
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in RAISERS:
                continue
            where = f"{path.relative_to(SOURCE)}:{node.lineno}"
            first = node.args[0] if node.args else None
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                f"{where}: a domain error's code is a string literal, so this test can check it"
            )
            codes.setdefault(first.value, []).append(where)
    return codes


def test_every_raised_code_is_in_the_table():
    unknown = {code: where for code, where in _raised_codes().items() if code not in ERRORS}
    assert not unknown, f"codes missing from kantyna/core/api/errors.py: {unknown}"


def test_every_table_row_is_raised():
    unused = sorted(set(ERRORS) - set(_raised_codes()))
    assert not unused, f"rows of kantyna/core/api/errors.py no code raises: {unused}"


def test_a_domain_error_leaves_in_the_error_shape_with_camel_case_field_keys():
    error = DomainError(
        "meal_type.portion_size_priced",
        field="portion_sizes_ids",
        problems=[
            Problem("meal_type.portion_size_priced", "rows.0.meal_type_id"),
        ],
        extra={"rows": [1]},
    )

    with translation.override("en"):
        response = api_exception_handler(error, {"request": None})

    assert response.status_code == 400
    assert response.data == {
        "message": "The given data was invalid.",
        "errors": {
            "portionSizesIds": ["A price list still sells this meal type in a removed portion size."],
            "rows.0.mealTypeId": ["A price list still sells this meal type in a removed portion size."],
        },
        "rows": [1],
    }


def test_a_field_detail_is_translated_and_the_message_stays_english():
    with translation.override("pl"):
        api_error = as_api_error(DomainError("meal_type.portion_size_priced", field="portion_sizes_ids"))

    assert api_error.message == "The given data was invalid."
    assert api_error.errors["portion_sizes_ids"] != [
        "A price list still sells this meal type in a removed portion size."
    ]


def test_an_import_refusal_words_its_file_faults_and_cells_including_a_cell_refused_by_a_rule():
    error = import_rejected(
        file_errors=["The file has no rows to import."],
        rows=[RowError(2, "A", "This field is required."), RowError(3, "G", Problem("card.taken", "card_number"))],
    )

    with translation.override("en"):
        response = api_exception_handler(error, {"request": None})

    assert response.status_code == 400
    assert response.data == {
        "message": "The file has errors; nothing was imported.",
        "errors": {
            "file": ["The file has no rows to import."],
            "rows": [
                "Row 2, column A: This field is required.",
                "Row 3, column G: This card number is already used.",
            ],
        },
        "rows": [
            {"row": 2, "column": "A", "message": "This field is required."},
            {"row": 3, "column": "G", "message": "This card number is already used."},
        ],
    }
