"""Labels for the kitchen's boxes (issue 16): one label per portion, i.e. per live order item, with who receives it,
where, what and, above all, what they must not eat.

The label model is plain data (`Label`) read in a fixed number of queries whatever the number of portions: the items
with their receiver, place and catalogue names (one query), the receivers' allergens (one per kind of receiver that
has items), the menu cells of the days with their dishes' allergens (one, `menus.selectors.menu_cells`). A label
whose dish contains one of the receiver's allergens carries them (`clash`), as the one rule of
`ordering.selectors.clashes` judges it on the rows already read. Labels come in the order a kitchen packs them:
institution, classroom (the institution's workers after its classrooms), surname, first name, meal type position.

The sheets (`LAYOUTS`) are the common A4 label sheets, edge to edge, one table of their geometry in millimetres."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from django.db.models import F, QuerySet
from django.db.models.functions import Coalesce

from kantyna.core.errors import DomainError
from kantyna.kitchen.selectors.prepare import live_items, name_key
from kantyna.menus.selectors import menu_cells
from kantyna.ordering.models import OrderItem
from kantyna.ordering.selectors.clashes import CLASH, SubjectAllergens, verdict
from kantyna.people.models import Child, WorkerProfile

# The most labels one PDF holds: a 5,000-portion day prints in seconds (docs/performance.md); past this, narrow it.
MAX_LABELS = 10_000

A4_WIDTH = 210.0
A4_HEIGHT = 297.0


@dataclass(frozen=True)
class LabelLayout:
    """One sheet of labels on A4 portrait: `columns` x `rows` labels of `width` x `height` mm, the first one's top
    left corner at (`left`, `top`), neighbours `width`/`height` apart (these sheets have no gaps). `padding` keeps
    text off the label's edges (and off a printer's unprintable border on the sheet's edge)."""

    code: str
    columns: int
    rows: int
    width: float
    height: float
    top: float
    left: float
    sheets: str
    padding_x: float = 3.5
    padding_y: float = 2.5

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def position(self, slot: int) -> tuple[int, float, float]:
        """The page (from 0) and top left corner (mm) of the `slot`-th label, row by row."""
        page, index = divmod(slot, self.per_sheet)
        row, column = divmod(index, self.columns)
        return page, self.left + column * self.width, self.top + row * self.height

    def pages(self, labels: int, skip: int = 0) -> int:
        """Sheets needed for `labels` labels when the first `skip` positions of the first sheet are used up."""
        return math.ceil((labels + skip) / self.per_sheet) if labels else 0


# The common A4 sheets, edge to edge (Avery Zweckform's catalogue sizes; the labels fill the width, the rows are
# centred on the height: 7 x 42.3 = 296.1 mm leaves 0.45 mm above, 8 x 37 = 296 mm leaves 0.5 mm).
LAYOUTS: dict[str, LabelLayout] = {
    layout.code: layout
    for layout in (
        LabelLayout("3x7", 3, 7, 70.0, 42.3, top=0.45, left=0.0, sheets="Avery Zweckform 3652 (70 x 42.3 mm)"),
        LabelLayout("3x8", 3, 8, 70.0, 37.0, top=0.5, left=0.0, sheets="Avery Zweckform 3474 (70 x 37 mm)"),
        LabelLayout("2x7", 2, 7, 105.0, 42.3, top=0.45, left=0.0, sheets="Avery Zweckform 3653 (105 x 42.3 mm)"),
    )
}
DEFAULT_LAYOUT = "3x7"


@dataclass(frozen=True)
class Label:
    """What one portion's label says. `classroom` None: a worker of the institution."""

    item_id: int
    order_id: int
    receiver_type: str  # people.SubjectType: "child" | "institution_worker"
    receiver_id: int
    first_name: str
    last_name: str
    institution: str
    classroom: str | None
    date: date
    meal_type: str
    meal_type_position: int
    dishes: tuple[str, ...]
    diet: str
    portion_size: str
    allergens: tuple[str, ...]
    allergies_note: str
    # The receiver's allergens the dish contains (the clash rule); empty: no clash (or no dish yet).
    clash: tuple[str, ...] = ()

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


def label_order(label: Label) -> tuple:
    """Institution, classroom (workers last), surname, first name, meal type position, then the item (stable)."""
    return (
        name_key(label.institution),
        label.classroom is None,
        name_key(label.classroom or ""),
        name_key(label.last_name),
        name_key(label.first_name),
        label.receiver_type,
        label.receiver_id,
        label.meal_type_position,
        name_key(label.meal_type),
        label.date,
        label.item_id,
    )


def labels_for_day(
    *,
    day: date,
    reachable_institution_ids: set[int] | None,
    institution_ids: list[int] | None = None,
    kitchen_id: int | None = None,
    meal_type_ids: list[int] | None = None,
    limit: int | None = None,
) -> list[Label]:
    """The labels of a day's live items for the reachable institutions (None: every one), narrowed to
    `institution_ids`, to what `kitchen_id` prepares and to `meal_type_ids` when given. More than `limit` of them
    (when given) are refused (`labels.too_many`) before any is built."""
    items = live_items(
        date_from=day,
        date_to=day,
        reachable_institution_ids=reachable_institution_ids,
        institution_ids=institution_ids,
        kitchen_id=kitchen_id,
    )
    if meal_type_ids:
        items = items.filter(meal_type_id__in=meal_type_ids)
    return _labels(items, limit=limit)


def labels_for_orders(
    *,
    reachable_institution_ids: set[int] | None,
    order_ids: list[int] | None = None,
    item_ids: list[int] | None = None,
    limit: int | None = None,
) -> list[Label]:
    """The labels of the live items of the given orders and the given items (any day) that the caller reaches.
    More than `limit` of them (when given) are refused (`labels.too_many`) before any is built."""
    items = OrderItem.objects.filter(status__in=(OrderItem.Status.ACTIVE, OrderItem.Status.SERVED)).annotate(
        place_id=Coalesce(F("child__institution_id"), F("worker__institution_id"))
    )
    if reachable_institution_ids is not None:
        items = items.filter(place_id__in=reachable_institution_ids)
    wanted = OrderItem.objects.none()
    if order_ids:
        wanted = wanted | OrderItem.objects.filter(order_id__in=order_ids)
    if item_ids:
        wanted = wanted | OrderItem.objects.filter(pk__in=item_ids)
    return _labels(items.filter(pk__in=wanted.values("pk")), limit=limit)


def _labels(items: QuerySet[OrderItem], *, limit: int | None = None) -> list[Label]:
    """The items' labels. With `limit`, at most `limit` + 1 items are read: one more refuses them all, counted (one
    COUNT, on the refusal only) for the message, so a choice of thousands of orders never builds its labels."""
    rows = (
        items.annotate(
            first_name=Coalesce(F("child__first_name"), F("worker__user__first_name")),
            last_name=Coalesce(F("child__last_name"), F("worker__user__last_name")),
            institution_name=Coalesce(F("child__institution__name"), F("worker__institution__name")),
        )
        .values_list(
            "pk",
            "order_id",
            "child_id",
            "worker_id",
            "first_name",
            "last_name",
            "place_id",
            "institution_name",
            "child__classroom__name",
            "date",
            "meal_type_id",
            "meal_type__name",
            "meal_type__position",
            "diet_id",
            "diet__name",
            "portion_size__name",
        )
        .order_by()
    )
    rows = list(rows if limit is None else rows[: limit + 1])
    if limit is not None and len(rows) > limit:
        raise DomainError("labels.too_many", params={"count": items.count(), "max": limit})
    if not rows:
        return []
    child_ids = {row[2] for row in rows if row[2] is not None}
    worker_ids = {row[3] for row in rows if row[3] is not None}
    child_allergies = _allergies(Child, child_ids)
    worker_allergies = _allergies(WorkerProfile, worker_ids)
    days = [row[9] for row in rows]
    cells = menu_cells(date_from=min(days), date_to=max(days), institution_ids={row[6] for row in rows})

    labels = []
    for (
        pk,
        order_id,
        child_id,
        worker_id,
        first_name,
        last_name,
        place_id,
        institution,
        classroom,
        day,
        meal_type_id,
        meal_type,
        position,
        diet_id,
        diet,
        portion_size,
    ) in rows:
        if child_id is not None:
            kind, receiver_id, (allergens, note, refs) = "child", child_id, child_allergies[child_id]
        else:
            kind, receiver_id, (allergens, note, refs) = "institution_worker", worker_id, worker_allergies[worker_id]
        cell = cells.get((day, place_id, meal_type_id, diet_id))
        judged = verdict(refs, cell)
        labels.append(
            Label(
                item_id=pk,
                order_id=order_id,
                receiver_type=kind,
                receiver_id=receiver_id,
                first_name=first_name or "",
                last_name=last_name or "",
                institution=institution or "",
                classroom=classroom if kind == "child" else None,
                date=day,
                meal_type=meal_type,
                meal_type_position=position,
                dishes=tuple(dish.name for dish in cell or ()),
                diet=diet,
                portion_size=portion_size,
                allergens=allergens,
                allergies_note=note,
                clash=tuple(judged.allergen_names) if judged.state == CLASH else (),
            )
        )
    labels.sort(key=label_order)
    return labels


def _allergies(model, ids: set[int]) -> dict[int, tuple[tuple[str, ...], str, SubjectAllergens]]:
    """Receiver id → (allergen names by number then name, the allergy note, the allergens as the clash rule matches
    them), one query for those ids."""
    if not ids:
        return {}
    found: dict[int, list[tuple]] = defaultdict(list)
    refs: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    notes: dict[int, str] = {}
    rows = model.objects.filter(pk__in=ids).values_list(
        "pk", "allergies_note", "allergies__number", "allergies__name", "allergies__id", "allergies__group_id"
    )
    for pk, note, number, name, allergen_id, group_id in rows:
        notes[pk] = note or ""
        if name is not None:
            found[pk].append((number is None, number or 0, name_key(name), name))
            refs[pk].append((allergen_id, group_id))
    return {
        pk: (tuple(entry[-1] for entry in sorted(found[pk])), note, SubjectAllergens.of(refs[pk]))
        for pk, note in notes.items()
    }


@dataclass
class ReceiverLabels:
    """One receiver in the preview: who, where, their allergens and the portions (labels) they get."""

    subject_type: str
    id: int
    first_name: str
    last_name: str
    institution: str
    classroom: str | None
    allergens: tuple[str, ...]
    allergies_note: str
    portions: list[Label]


def receivers(labels: list[Label]) -> list[ReceiverLabels]:
    """The labels grouped by receiver, in the labels' order (a receiver's labels are consecutive)."""
    grouped: dict[tuple[str, int], ReceiverLabels] = {}
    for label in labels:
        key = (label.receiver_type, label.receiver_id)
        receiver = grouped.get(key)
        if receiver is None:
            receiver = grouped[key] = ReceiverLabels(
                subject_type=label.receiver_type,
                id=label.receiver_id,
                first_name=label.first_name,
                last_name=label.last_name,
                institution=label.institution,
                classroom=label.classroom,
                allergens=label.allergens,
                allergies_note=label.allergies_note,
                portions=[],
            )
        receiver.portions.append(label)
    return list(grouped.values())
