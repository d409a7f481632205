"""The one rule of a meal receiver's allergies (a child's and an institution worker's, issue 30): a diet that forbids
allergen changes clears the allergies and their note, but never silently. A write that would drop recorded or
requested allergies or a note is refused unless the writer confirms the removal; a spreadsheet row or a registrant,
which cannot confirm, is refused with the same words; every change of the allergies or the note is audited in
words (the allergens added and removed, the note before and after, the diet that cleared them)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Model

from kantyna.audit.services import audit_entry
from kantyna.catalog.models import Allergen, Diet
from kantyna.core.errors import DomainError, Problem


def allergen_names(allergies: Iterable[Allergen]) -> list[str]:
    """Names in the catalogue's order (EU number, then name), each once."""
    unique = {allergen.pk: allergen for allergen in allergies}.values()
    return [allergen.name for allergen in sorted(unique, key=lambda a: (a.number is None, a.number or 0, a.name))]


def allergies_cleared_problems(*, diet: Diet, allergies: Iterable[Allergen], note: str) -> list[Problem]:
    """What a receiver would lose to `diet` if it forbids allergen changes: a problem naming the allergens, one for a
    note; none when the diet allows changes or there is nothing to lose. The one wording of the rule for the forms,
    the import's rows and registration."""
    if diet.allow_changing_allergens:
        return []
    problems = []
    names = allergen_names(allergies)
    if names:
        problems.append(
            Problem(
                "allergies.allergens_would_be_cleared", "allergies", {"diet": diet.name, "allergies": ", ".join(names)}
            )
        )
    if (note or "").strip():
        problems.append(Problem("allergies.note_would_be_cleared", "allergies_note", {"diet": diet.name}))
    return problems


def clear_allergies_if_diet_forbids(
    values: dict, *, diet: Diet, allergies: Iterable[Allergen], note: str, confirmed: bool
) -> Diet | None:
    """A diet that forbids allergen changes clears both fields in `values` (spec §4), only once the writer confirmed
    the loss of what `allergies` and `note` hold (unconfirmed, refused naming them, nothing changed). The diet when
    it cleared them."""
    if diet.allow_changing_allergens:
        return None
    problems = allergies_cleared_problems(diet=diet, allergies=allergies, note=note)
    if problems and not confirmed:
        raise DomainError("allergies.would_be_cleared", params={"diet": diet.name}, problems=problems)
    values["allergies"] = []
    values["allergies_note"] = ""
    return diet


def allergies_change_entry(
    *,
    actor,
    action: str,
    target: Model,
    before: tuple[list[str], str],
    after: tuple[list[str], str],
    cleared_for: Diet | None,
):
    """The audit entry `action` (unsaved) saying in words how a receiver's allergies and note changed: the allergens
    added and removed (names, as they were called then), the note before and after, and the diet that cleared them
    with the writer's confirmation. None when nothing changed."""
    (names_before, note_before), (names_after, note_after) = before, after
    added = [name for name in names_after if name not in names_before]
    removed = [name for name in names_before if name not in names_after]
    if not added and not removed and note_before == note_after:
        return None
    data: dict = {"added": added, "removed": removed, "note_before": note_before, "note_after": note_after}
    if cleared_for is not None:
        data.update(cleared_for_diet=cleared_for.name, confirmed=True)
    return audit_entry(actor=actor, action=action, target=target, data=data)


def allergies_change_audit(
    *, actor, action: str, target: Model, before: tuple[list[str], str], cleared_for: Diet | None
) -> None:
    """Records `action` for how `target`'s stored allergies and note differ from `before` (nothing when alike)."""
    after = (allergen_names(target.allergies.all()), target.allergies_note)
    entry = allergies_change_entry(
        actor=actor, action=action, target=target, before=before, after=after, cleared_for=cleared_for
    )
    if entry is not None:
        entry.save(force_insert=True)
