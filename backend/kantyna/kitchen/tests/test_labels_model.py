"""The label model as pure logic, no database: what text goes on a label, in which order labels come, how a line
is fitted into a label (shrunk, then cut with an ellipsis, never past the label's edges) and where each label sits
on the standard sheets."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from django.utils import translation

from kantyna.kitchen.documents.labels import (
    ELLIPSIS,
    LINE_SPACING,
    PT,
    SHRINK_TO,
    Line,
    cut_to_width,
    fit_lines,
    label_lines,
)
from kantyna.kitchen.selectors.labels import A4_HEIGHT, A4_WIDTH, LAYOUTS, Label, label_order, receivers

DAY = date(2026, 11, 30)


def label(**changes) -> Label:
    base = Label(
        item_id=1,
        order_id=1,
        receiver_type="child",
        receiver_id=1,
        first_name="Zofia",
        last_name="Łączyńska",
        institution="Szkoła Podstawowa nr 12",
        classroom="2B",
        date=DAY,
        meal_type="Obiad",
        meal_type_position=2,
        dishes=("Pierogi ruskie", "Kompot"),
        diet="Bezglutenowa",
        portion_size="Mała",
        allergens=("Gluten", "Mleko"),
        allergies_note="Tylko mleko bez laktozy",
    )
    return replace(base, **changes)


def monospace(text: str, bold: bool) -> float:
    """A test measure: every character 0.5 mm wide at 1 pt (0.6 in bold)."""
    return len(text) * (0.6 if bold else 0.5)


# What a label says ----------------------------------------------------------------------------------------------


def test_given_a_child_with_allergens_then_every_line_in_polish_with_the_allergens_in_bold():
    with translation.override("pl"):
        lines = label_lines(label())

    assert lines == [
        Line("Zofia Łączyńska", bold=True, size=10.0),
        Line("Szkoła Podstawowa nr 12 · 2B", size=7.5),
        Line("30.11.2026 · Obiad", size=7.5),
        Line("Pierogi ruskie, Kompot", size=7.5),
        Line("Dieta: Bezglutenowa · Porcja: Mała", size=7.5),
        Line("Alergeny: Gluten, Mleko", bold=True, size=8.0),
        Line("Uwagi o alergiach: Tylko mleko bez laktozy", size=7.5),
    ]


def test_given_a_dish_containing_the_childs_allergens_then_a_bold_warning_naming_them_right_under_the_name():
    with translation.override("pl"):
        lines = label_lines(label(clash=("Gluten", "Mleko")))

    assert lines[:3] == [
        Line("Zofia Łączyńska", bold=True, size=10.0),
        Line("UWAGA — ZAWIERA: Gluten, Mleko", bold=True, size=8.5),
        Line("Szkoła Podstawowa nr 12 · 2B", size=7.5),
    ]
    assert len(lines) == len(label_lines(label())) + 1


def test_given_a_worker_without_allergens_nor_a_menu_dish_then_worker_and_no_dish_allergen_or_note_line():
    worker = label(receiver_type="institution_worker", classroom=None, dishes=(), allergens=(), allergies_note=" \n ")

    with translation.override("pl"):
        texts = [line.text for line in label_lines(worker)]

    assert texts == [
        "Zofia Łączyńska",
        "Szkoła Podstawowa nr 12 · Pracownik",
        "30.11.2026 · Obiad",
        "Dieta: Bezglutenowa · Porcja: Mała",
    ]


def test_given_line_breaks_in_a_note_then_one_line_of_single_spaces():
    with translation.override("en"):
        lines = label_lines(label(allergies_note="Bez\n\torzechów   i   ryb"))

    assert lines[-1] == Line("Allergy note: Bez orzechów i ryb", size=7.5)


# Order ----------------------------------------------------------------------------------------------------------


def test_given_labels_then_institution_classroom_workers_last_surname_first_name_meal_type_position():
    unordered = [
        label(item_id=1, institution="Żłobek", classroom="A"),
        label(item_id=2, institution="Szkoła", classroom=None, receiver_type="institution_worker", last_name="Adamska"),
        label(item_id=3, institution="Szkoła", classroom="1A", last_name="Łoś", first_name="Ewa"),
        label(item_id=4, institution="Szkoła", classroom="1A", last_name="Lis", meal_type_position=3),
        label(item_id=5, institution="Szkoła", classroom="1A", last_name="Lis", meal_type_position=1),
        label(item_id=6, institution="Szkoła", classroom="1A", last_name="Łoś", first_name="Adam"),
        label(item_id=7, institution="szkoła", classroom="0", last_name="Zych"),
    ]

    ordered = sorted(unordered, key=label_order)

    # "szkoła" and "Szkoła" are one name case-insensitively; L sorts before Ł; the worker after the classrooms.
    assert [item.item_id for item in ordered] == [7, 5, 4, 6, 3, 2, 1]


def test_given_namesakes_in_a_classroom_then_each_ones_labels_stay_together():
    twin_a = [label(item_id=n, receiver_id=10, meal_type_position=n) for n in (1, 3)]
    twin_b = [label(item_id=n, receiver_id=11, meal_type_position=n) for n in (2, 4)]

    ordered = sorted([*twin_a, *twin_b], key=label_order)
    grouped = receivers(ordered)

    assert [item.item_id for item in ordered] == [1, 3, 2, 4]
    assert [(r.id, [p.item_id for p in r.portions]) for r in grouped] == [(10, [1, 3]), (11, [2, 4])]


# Fitting --------------------------------------------------------------------------------------------------------


def test_given_lines_that_fit_then_sizes_kept_and_baselines_one_line_height_apart():
    lines = [Line("Ab", bold=True, size=10), Line("cd", size=5)]

    placed = fit_lines(lines, width=50, height=30, width_at_1pt=monospace)

    first, second = (10 * PT * LINE_SPACING, 5 * PT * LINE_SPACING)
    assert [(p.text, p.bold, p.size) for p in placed] == [("Ab", True, 10), ("cd", False, 5)]
    assert placed[0].baseline == pytest.approx(first * 0.8)
    assert placed[1].baseline == pytest.approx(first + second * 0.8)


def test_given_a_slightly_too_wide_line_then_it_shrinks_to_the_width_uncut():
    # 20 characters x 0.5 mm x 10 pt = 100 mm in a 90 mm wide label: 9 pt fits.
    placed = fit_lines([Line("x" * 20, size=10)], width=90, height=30, width_at_1pt=monospace)

    assert (placed[0].text, placed[0].size) == ("x" * 20, 9.0)


def test_given_a_far_too_wide_line_then_shrunk_to_the_limit_and_cut_with_an_ellipsis_inside_the_width():
    text = "Uwagi: " + "bardzo długa notatka " * 10

    placed = fit_lines([Line(text, size=10)], width=60, height=30, width_at_1pt=monospace)[0]

    assert placed.size == 10 * SHRINK_TO
    assert placed.text.endswith(ELLIPSIS) and text.startswith(placed.text[:-1])
    assert monospace(placed.text, False) * placed.size <= 60
    # One more character would not have fitted.
    longer = text[: len(placed.text)].rstrip() + ELLIPSIS
    assert monospace(longer, False) * placed.size > 60


def test_given_more_lines_than_the_height_holds_then_every_size_scales_down_to_fit_the_height():
    lines = [Line("a", size=10)] * 10  # 10 lines of 10 pt: 41.6 mm
    half = 10 * 5 * PT * LINE_SPACING

    placed = fit_lines(lines, width=60, height=half, width_at_1pt=monospace)

    assert {p.size for p in placed} == {5.0}
    last_line_bottom = placed[-1].baseline + 5 * PT * LINE_SPACING * 0.2
    assert last_line_bottom == pytest.approx(half)


def test_given_no_room_for_a_single_character_then_only_the_ellipsis():
    assert cut_to_width("abc", monospace, False, 10, width=5) == ELLIPSIS


# Sheets ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "columns", "rows", "width", "height"),
    [("3x7", 3, 7, 70.0, 42.3), ("3x8", 3, 8, 70.0, 37.0), ("2x7", 2, 7, 105.0, 42.3)],
)
def test_given_each_standard_sheet_then_its_labels_fill_the_a4_width_and_stay_on_the_page(
    code, columns, rows, width, height
):
    layout = LAYOUTS[code]

    assert (layout.columns, layout.rows, layout.width, layout.height) == (columns, rows, width, height)
    assert layout.per_sheet == columns * rows
    corners = [layout.position(slot) for slot in range(layout.per_sheet)]
    assert {page for page, _x, _y in corners} == {0}
    assert min(x for _p, x, _y in corners) == 0
    assert max(x for _p, x, _y in corners) + width == pytest.approx(A4_WIDTH)
    top = min(y for _p, _x, y in corners)
    bottom = max(y for _p, _x, y in corners) + height
    # Centred on the height: as much paper above the first row as below the last.
    assert top == pytest.approx(A4_HEIGHT - bottom)
    assert 0 <= top < 1


def test_given_slots_then_row_by_row_and_the_next_sheet_after_a_full_one():
    layout = LAYOUTS["3x8"]

    assert layout.position(0) == (0, 0.0, 0.5)
    assert layout.position(1) == (0, 70.0, 0.5)
    assert layout.position(3) == (0, 0.0, 37.5)
    assert layout.position(23) == (0, 140.0, 0.5 + 7 * 37)
    assert layout.position(24) == (1, 0.0, 0.5)


def test_given_labels_and_used_positions_then_the_sheets_needed():
    layout = LAYOUTS["3x7"]

    assert [layout.pages(n) for n in (0, 1, 21, 22, 42, 43)] == [0, 1, 1, 2, 2, 3]
    assert layout.pages(1, skip=20) == 1
    assert layout.pages(2, skip=20) == 2
