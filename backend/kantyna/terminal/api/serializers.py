"""Shapes of the terminal's calls (TERMINAL_API contract, issue 13): a receiver, the day's items to serve, a
scan's result, the roster, the live count and the scan log; and the inputs they take."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.serializers import CommaSeparatedIdsField, KantynaSerializer
from kantyna.ordering.api.orders_serializers import choice_field
from kantyna.terminal.models import ScannedCardEntry
from kantyna.terminal.selectors import TYPES, Item, Receiver, Serving

RESULTS = ScannedCardEntry.Result.choices
SOURCES = ScannedCardEntry.Source.choices
ITEM_STATUSES = ("active", "served")


# Inputs ---------------------------------------------------------------------------------------------------------


CLASH_DECISIONS = (
    (ScannedCardEntry.Result.ALTERNATIVE_SERVED.value, "alternative_served"),
    (ScannedCardEntry.Result.NOT_SERVED.value, "not_served"),
)


class ScanCardSerializer(KantynaSerializer):
    meal_types_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**31 - 1), min_length=1, max_length=20
    )
    client_scan_id = serializers.CharField(max_length=64, required=False, help_text="The device's id of the scan.")
    scanned_at = serializers.DateTimeField(required=False, allow_null=True, help_text="When the device saw the card.")
    terminal_id = serializers.CharField(max_length=64, required=False, allow_blank=True)
    offline = serializers.BooleanField(default=False, help_text="Accepted offline by the device, synced now.")
    clash_decision = choice_field(
        CLASH_DECISIONS,
        "ClashDecision",
        required=False,
        help_text="The cook's choice after a `check` (the dish contains one of the receiver's allergens): "
        "`alternative_served` serves the items (an alternative meal was handed out), `not_served` serves nothing. "
        "Not in the spec (issue 30).",
    )


class MarkAsScannedSerializer(KantynaSerializer):
    client_scan_id = serializers.CharField(max_length=64, required=False)


class PresenceSerializer(KantynaSerializer):
    date = serializers.DateField()
    meal_types_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**31 - 1), min_length=1, max_length=20
    )
    client_scan_id = serializers.CharField(max_length=64, required=False)


class DayQuerySerializer(KantynaSerializer):
    date = serializers.DateField(required=False, help_text="Default: today.")
    meal_types_ids = CommaSeparatedIdsField(
        message=_("Give meal type ids separated by commas."),
        required=False,
        help_text="Comma-separated ids; default: every meal type.",
    )


class SearchQuerySerializer(DayQuerySerializer):
    search = serializers.CharField(max_length=100, required=False, allow_blank=True)


class RosterQuerySerializer(KantynaSerializer):
    date = serializers.DateField(required=False, help_text="Default: today.")
    institution_id = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)


class SummaryQuerySerializer(DayQuerySerializer):
    institution_id = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)


class EntriesQuerySerializer(KantynaSerializer):
    date = serializers.DateField(required=False)
    institution_id = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)
    result = choice_field(RESULTS, "ScanResultKind", required=False)


# Outputs --------------------------------------------------------------------------------------------------------


class RefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class UserRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField(source="full_name")


class SubjectSerializer(KantynaSerializer):
    """A receiver (`selectors.Receiver`): a worker's id is their user's id."""

    type = choice_field(TYPES, "TerminalSubjectType")
    id = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    card_number = serializers.CharField(allow_null=True)
    institution = RefSerializer()
    classroom = RefSerializer(allow_null=True)
    diet = RefSerializer()
    allergens = RefSerializer(many=True)
    allergies_note = serializers.CharField()
    is_active = serializers.BooleanField()


class ClashSerializer(KantynaSerializer):
    """The dish(es) of the item's menu cell that contain the receiver's allergens, and those allergens' names."""

    dishes = serializers.ListField(child=serializers.CharField())
    allergens = serializers.ListField(child=serializers.CharField())


class ServingItemSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    date = serializers.DateField()
    meal_type = RefSerializer()
    diet = RefSerializer()
    portion_size = RefSerializer()
    dish = serializers.SerializerMethodField(help_text="The menu's dish(es) of the day, joined with commas.")
    clash = serializers.SerializerMethodField(
        help_text="The menu's dish contains one of the receiver's allergens (issue 30): the device shows `check` "
        "instead of serving. Null: no clash (or no menu yet)."
    )
    status = choice_field(ITEM_STATUSES, "ServingItemStatus")
    served_at = serializers.DateTimeField(allow_null=True)
    served_by = UserRefSerializer(allow_null=True)

    def get_dish(self, item) -> str | None:
        serving = self.context.get("serving")
        return serving.dish_of(item) if serving is not None else None

    @extend_schema_field(ClashSerializer(allow_null=True))
    def get_clash(self, item) -> dict | None:
        serving = self.context.get("serving")
        return serving.verdict_of(item).as_json() if serving is not None else None


class ServingSerializer(KantynaSerializer):
    subject = SubjectSerializer()
    items = ServingItemSerializer(many=True)


_DATETIME = serializers.DateTimeField()


def subject_json(receiver: Receiver) -> dict:
    """`SubjectSerializer`'s output, camelCase, built by hand from the receiver's row (see `servings_json`)."""
    return {
        "type": receiver.type,
        "id": receiver.id,
        "firstName": receiver.first_name,
        "lastName": receiver.last_name,
        "cardNumber": receiver.card_number,
        "institution": receiver.institution,
        "classroom": receiver.classroom,
        "diet": receiver.diet,
        "allergens": [{"id": allergen["id"], "name": allergen["name"]} for allergen in receiver.allergens],
        "allergiesNote": receiver.allergies_note,
        "isActive": receiver.is_active,
    }


def item_json(item: Item, serving: Serving) -> dict:
    """`ServingItemSerializer`'s output, camelCase, built by hand from the item's row (see `servings_json`)."""
    served_by = item.served_by
    return {
        "id": item.id,
        "date": item.date.isoformat(),
        "mealType": item.meal_type,
        "diet": item.diet,
        "portionSize": item.portion_size,
        "dish": serving.dish_of(item),
        "clash": serving.verdict_of(item).as_json(),
        "status": item.status,
        "servedAt": _DATETIME.to_representation(item.served_at) if item.served_at is not None else None,
        "servedBy": {"id": served_by.id, "name": served_by.name} if served_by is not None else None,
    }


def servings_json(servings: list[Serving]) -> list[dict]:
    """Receivers with their items in the shape of `ServingSerializer` (which documents it), built by hand with
    camelCase keys: DRF serializers and the camelCase renderer's walk were nine tenths of a roster's Python time
    (431 receivers: a serializer per receiver deep-copied its fields each time). The roster answers it through
    the calendar's renderer, which sends `Camelized` bodies as they are; test_reads_api pins it to the serializer."""
    return [
        {"subject": subject_json(serving.receiver), "items": [item_json(item, serving) for item in serving.items]}
        for serving in servings
    ]


def serving_json(serving: Serving) -> dict:
    return servings_json([serving])[0]


class ScanResultSerializer(KantynaSerializer):
    entry_id = serializers.IntegerField()
    client_scan_id = serializers.CharField()
    result = choice_field(RESULTS, "ScanResultKind")
    subject = SubjectSerializer(allow_null=True)
    items = ServingItemSerializer(many=True)
    served_now = serializers.ListField(child=serializers.IntegerField())
    message = serializers.CharField()


class ScanStatusSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    scan = ScanResultSerializer()


class RosterSerializer(KantynaSerializer):
    date = serializers.DateField()
    generated_at = serializers.DateTimeField()
    subjects = ServingSerializer(many=True)


class SummaryRowSerializer(KantynaSerializer):
    meal_type = RefSerializer()
    diet = RefSerializer()
    portion_size = RefSerializer()
    ordered = serializers.IntegerField()
    served = serializers.IntegerField()
    left = serializers.IntegerField()


class SummaryTotalsSerializer(KantynaSerializer):
    ordered = serializers.IntegerField()
    served = serializers.IntegerField()
    left = serializers.IntegerField()


class SummarySerializer(KantynaSerializer):
    rows = SummaryRowSerializer(many=True)
    totals = SummaryTotalsSerializer()


class DetailsSubjectSerializer(KantynaSerializer):
    """A receiver in the details rows (without allergens)."""

    type = choice_field(TYPES, "TerminalSubjectType")
    id = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    card_number = serializers.CharField(allow_null=True)
    institution = RefSerializer()
    classroom = RefSerializer(allow_null=True)
    diet = RefSerializer()
    is_active = serializers.BooleanField()


class SummaryDetailSerializer(KantynaSerializer):
    subject = DetailsSubjectSerializer(source="receiver")
    meal_type = RefSerializer()
    diet = RefSerializer()
    portion_size = RefSerializer()
    status = choice_field(ITEM_STATUSES, "ServingItemStatus")
    served_at = serializers.DateTimeField(allow_null=True)


class EntrySubjectSerializer(KantynaSerializer):
    type = choice_field(TYPES, "TerminalSubjectType")
    id = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()


class EntrySerializer(KantynaSerializer):
    id = serializers.IntegerField()
    client_scan_id = serializers.CharField()
    card_number = serializers.CharField()
    date = serializers.DateField()
    scanned_at = serializers.DateTimeField(allow_null=True)
    received_at = serializers.DateTimeField()
    result = choice_field(RESULTS, "ScanResultKind")
    source = choice_field(SOURCES, "ScanSource")
    offline = serializers.BooleanField()
    needs_follow_up = serializers.BooleanField()
    message = serializers.CharField()
    subject = serializers.SerializerMethodField()
    institution = RefSerializer(allow_null=True)
    meal_types = serializers.SerializerMethodField()
    served_by = UserRefSerializer(allow_null=True)
    terminal_id = serializers.CharField()

    @extend_schema_field(EntrySubjectSerializer(allow_null=True))
    def get_subject(self, entry):
        if entry.child is not None:
            return {
                "type": "child",
                "id": entry.child.pk,
                "first_name": entry.child.first_name,
                "last_name": entry.child.last_name,
            }
        if entry.worker is not None:
            user = entry.worker.user
            return {"type": "worker", "id": user.pk, "first_name": user.first_name, "last_name": user.last_name}
        return None

    @extend_schema_field(RefSerializer(many=True))
    def get_meal_types(self, entry):
        names = self.context.get("meal_type_names", {})
        return [{"id": pk, "name": names[pk]} for pk in entry.meal_type_ids if pk in names]
