"""Shapes of the calendar calls (snake_case here; the renderer camelCases them)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kantyna.core.api.renderers import Camelized, camel_keys
from kantyna.core.dates import MonthField
from kantyna.core.serializers import (
    MAX_FEE,
    KantynaModelSerializer,
    KantynaSerializer,
    MoneyAmountField,
    MoneySerializer,
    MultilineCharField,
    money,
)
from kantyna.ordering.models import FreeDay, MarkedPresencesDraft
from kantyna.ordering.selectors.calendar import CalendarItem, calendar_item
from kantyna.ordering.subjects import TYPES

MAX_DATES = 370


def money_or_none(amount, show: bool):
    return money(amount) if show and amount is not None else None


# Subjects and days ---------------------------------------------------------------------------------------------


class CalendarSubjectSerializer(KantynaSerializer):
    type = serializers.ChoiceField(choices=TYPES)
    id = serializers.IntegerField()
    name = serializers.CharField()
    institution_id = serializers.IntegerField()
    institution_name = serializers.CharField()
    institution_short_name = serializers.CharField()
    classroom_id = serializers.IntegerField(allow_null=True)
    classroom_name = serializers.CharField(allow_null=True)
    diet_id = serializers.IntegerField()
    diet_name = serializers.CharField()
    payer_id = serializers.IntegerField()


def subject_data(subject) -> dict:
    classroom = subject.child.classroom if subject.child is not None else None
    return {
        "type": subject.type,
        "id": subject.id,
        "name": subject.name,
        "institution_id": subject.institution.pk,
        "institution_name": subject.institution.name,
        "institution_short_name": subject.institution.short_name,
        "classroom_id": classroom.pk if classroom else None,
        "classroom_name": classroom.name if classroom else None,
        "diet_id": subject.diet.pk,
        "diet_name": subject.diet.name,
        "payer_id": subject.payer.pk,
    }


class CalendarItemSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    order_id = serializers.IntegerField()
    meal_type_id = serializers.IntegerField()
    meal_type_name = serializers.CharField()
    diet_id = serializers.IntegerField()
    diet_name = serializers.CharField()
    portion_size_id = serializers.IntegerField()
    portion_size_name = serializers.CharField()
    price_list_item_id = serializers.IntegerField(allow_null=True)
    price = MoneySerializer(allow_null=True)
    status = serializers.ChoiceField(choices=["active", "cancelled", "served"])
    served_at = serializers.DateTimeField(allow_null=True, help_text="When the meal was handed out (status served).")
    note = MultilineCharField(allow_blank=True)
    automarked = serializers.BooleanField()


_DATETIME = serializers.DateTimeField()  # as the order details write served_at


def calendar_item_data(item: CalendarItem, show_prices: bool) -> dict:
    """The one description of a calendar item (CalendarItemSerializer's fields), snake_case; `item_json` gives
    the same with camelCase keys."""
    return {
        "id": item.id,
        "order_id": item.order_id,
        "meal_type_id": item.meal_type_id,
        "meal_type_name": item.meal_type_name,
        "diet_id": item.diet_id,
        "diet_name": item.diet_name,
        "portion_size_id": item.portion_size_id,
        "portion_size_name": item.portion_size_name,
        "price_list_item_id": item.price_list_item_id,
        "price": money_or_none(item.price, show_prices),
        "status": item.status,
        "served_at": _DATETIME.to_representation(item.served_at) if item.served_at else None,
        "note": item.note,
        "automarked": item.automarked,
    }


def item_data(item, show_prices: bool) -> dict:
    """An order item (with its meal type, diet and portion size) described as in the calendar."""
    return calendar_item_data(calendar_item(item), show_prices)


class CalendarOptionSerializer(KantynaSerializer):
    price_list_item_id = serializers.IntegerField()
    meal_type_id = serializers.IntegerField()
    meal_type_name = serializers.CharField()
    diet_id = serializers.IntegerField()
    diet_name = serializers.CharField()
    portion_size_id = serializers.IntegerField()
    portion_size_name = serializers.CharField()
    is_default_portion = serializers.BooleanField()


class CalendarAvailableSerializer(CalendarOptionSerializer):
    """A price list item the subject can order that day: the subject's diet only unless allowAnyDiets (or staff)."""

    price = MoneySerializer(
        allow_null=True, help_text="With the subject's discount on that day; null without prices.see."
    )


class CalendarMenuMealSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class CalendarMenuSerializer(KantynaSerializer):
    meal_type_id = serializers.IntegerField()
    meal_type_name = serializers.CharField()
    meals = CalendarMenuMealSerializer(many=True)


class CalendarAllergenClashSerializer(KantynaSerializer):
    """A meal type of the day whose dish contains one of the subject's allergens (directly or through its group)."""

    meal_type_id = serializers.IntegerField()
    dishes = serializers.ListField(child=serializers.CharField(), help_text="The clashing dishes' names.")
    allergens = serializers.ListField(child=serializers.CharField(), help_text="The clashing allergens' names.")


class CalendarDaySerializer(KantynaSerializer):
    date = serializers.DateField()
    is_free_day = serializers.BooleanField()
    free_day_name = serializers.CharField(allow_blank=True)
    is_open = serializers.BooleanField(help_text="Ordering and cancelling are still open (the cut-off).")
    deadline = serializers.DateTimeField(help_text="When ordering for this day closes.")
    absence = serializers.BooleanField()
    items = CalendarItemSerializer(many=True)
    available = CalendarAvailableSerializer(many=True)
    menu = CalendarMenuSerializer(many=True)
    allergen_clashes = CalendarAllergenClashSerializer(
        many=True,
        help_text="Only the meal types that clash: a safe meal and one without a menu yet are both absent (the "
        "calendar never claims a meal is safe).",
    )


_camel_keys = camel_keys


_CAMEL_SUBJECT = _camel_keys(CalendarSubjectSerializer)
_CAMEL_ITEM = _camel_keys(CalendarItemSerializer)


def subject_json(subject) -> dict:
    return {_CAMEL_SUBJECT[key]: value for key, value in subject_data(subject).items()}


def item_json(item: CalendarItem, show_prices: bool) -> dict:
    return {_CAMEL_ITEM[key]: value for key, value in calendar_item_data(item, show_prices).items()}


class _Options:
    """camelCase descriptions of price list items and money values, built once per response."""

    def __init__(self, show_prices: bool):
        self.show_prices = show_prices
        self._described: dict[int, dict] = {}
        self._money: dict = {}

    def money(self, amount):
        if not self.show_prices or amount is None:
            return None
        if amount not in self._money:
            self._money[amount] = money(amount)
        return self._money[amount]

    def option(self, option, price) -> dict:
        described = self._described.get(option.pk)
        if described is None:
            described = self._described[option.pk] = {
                "priceListItemId": option.pk,
                "mealTypeId": option.meal_type_id,
                "mealTypeName": option.meal_type.name,
                "dietId": option.diet_id,
                "dietName": option.diet.name,
                "portionSizeId": option.portion_size_id,
                "portionSizeName": option.portion_size.name,
                "isDefaultPortion": option.portion_size.is_default,
            }
        return {**described, "price": self.money(price)}


def day_json(day, options: _Options) -> dict:
    return {
        "date": day.date.isoformat(),
        "isFreeDay": day.is_free_day,
        "freeDayName": day.free_day_name,
        "isOpen": day.is_open,
        "deadline": day.deadline.isoformat(),
        "absence": day.absence,
        "items": [item_json(item, options.show_prices) for item in day.items],
        "available": [options.option(option, price) for option, price in day.available],
        "menu": day.menu,
        "allergenClashes": day.allergen_clashes,
    }


def month_json(month, options: _Options | None = None) -> dict:
    """A subject's month (CalendarSubjectMonthSerializer) with camelCase keys."""
    options = options or _Options(month.can_see_prices)
    return {
        "subject": subject_json(month.subject),
        "dateFrom": month.first.isoformat(),
        "dateTo": month.last.isoformat(),
        "canSeePrices": month.can_see_prices,
        "days": [day_json(day, options) for day in month.days],
    }


def months_json(months) -> Camelized:
    """Several subjects' months (CalendarSubjectsMonthSerializer)."""
    options = _Options(months[0].can_see_prices if months else False)
    return Camelized(subjects=[month_json(month, options) for month in months])


def one_day_json(month) -> Camelized:
    """One day of a subject (CalendarSubjectDaySerializer)."""
    return Camelized(
        subject=subject_json(month.subject),
        canSeePrices=month.can_see_prices,
        day=day_json(month.days[0], _Options(month.can_see_prices)),
    )


class CalendarSubjectMonthSerializer(KantynaSerializer):
    subject = CalendarSubjectSerializer()
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    can_see_prices = serializers.BooleanField()
    days = CalendarDaySerializer(many=True)


class CalendarSubjectsMonthSerializer(KantynaSerializer):
    subjects = CalendarSubjectMonthSerializer(many=True, help_text="In the order asked.")


class CalendarSubjectsMonthQuerySerializer(KantynaSerializer):
    subjects = serializers.RegexField(
        r"^(child|institution_worker):\d+(,(child|institution_worker):\d+){0,49}$",
        help_text="Comma-separated `type:id` (at most 50), e.g. `child:12,child:13,institution_worker:7`.",
    )
    month = MonthField(required=False, help_text="YYYY-MM; default: this month.")
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)

    def validate_subjects(self, value: str) -> list[tuple[str, int]]:
        return [(type, int(pk)) for type, pk in (ref.split(":") for ref in value.split(","))]


class CalendarSubjectDaySerializer(KantynaSerializer):
    subject = CalendarSubjectSerializer()
    can_see_prices = serializers.BooleanField()
    day = CalendarDaySerializer()


class CalendarMonthQuerySerializer(KantynaSerializer):
    month = MonthField(required=False, help_text="YYYY-MM; default: this month.")
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)


class CalendarCountQuerySerializer(KantynaSerializer):
    date_from = serializers.DateField(required=False, help_text="Default: today.")
    date_to = serializers.DateField(required=False)


class CalendarCountSerializer(KantynaSerializer):
    count = serializers.IntegerField(help_text="Live order items (active or served).")
    days = serializers.IntegerField(help_text="Days with at least one live item.")
    amount = MoneySerializer()


# Commands ----------------------------------------------------------------------------------------------------


class PresenceMealTypeSerializer(KantynaSerializer):
    meal_type_id = serializers.IntegerField()
    portion_size_id = serializers.IntegerField(required=False, allow_null=True)
    price_list_item_id = serializers.IntegerField(required=False, allow_null=True)
    diet_id = serializers.IntegerField(required=False, allow_null=True)
    note = MultilineCharField(required=False, allow_blank=True, max_length=500, default="")


class CalendarDayDataSerializer(KantynaSerializer):
    date = serializers.DateField()
    meal_types = PresenceMealTypeSerializer(many=True)


class PresencesSerializer(KantynaSerializer):
    calendar_days_data = CalendarDayDataSerializer(many=True, allow_empty=False, max_length=MAX_DATES)
    add_manipulation_fee = serializers.BooleanField(required=False, default=False)
    manipulation_fee = MoneyAmountField(max_amount=MAX_FEE, required=False, allow_null=True, default=None)
    idempotency_key = serializers.CharField(required=False, allow_blank=True, max_length=100, default="")


class PresencesPlacedSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    created = CalendarItemSerializer(many=True)
    skipped = serializers.IntegerField(help_text="Requested meals already ordered (left as they were).")
    fee = MoneySerializer()
    balance = MoneySerializer()
    active_orders_amount = MoneySerializer()


class AbsencesRequestSerializer(KantynaSerializer):
    dates = serializers.ListField(child=serializers.DateField(), allow_empty=False, max_length=MAX_DATES)
    meal_types_ids = serializers.ListField(child=serializers.IntegerField(), required=False, allow_null=True)


class AbsencesResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    cancelled = serializers.IntegerField()
    balance = MoneySerializer()
    active_orders_amount = MoneySerializer()


class DefaultPresencesSerializer(KantynaSerializer):
    dates = serializers.ListField(child=serializers.DateField(), required=False, max_length=MAX_DATES)
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)

    def validate(self, data):
        if not data.get("dates") and not (data.get("date_from") and data.get("date_to")):
            raise serializers.ValidationError({"dates": [_("Give dates, or dateFrom and dateTo.")]})
        return data


class CalendarSubjectRefSerializer(KantynaSerializer):
    type = serializers.ChoiceField(choices=TYPES)
    id = serializers.IntegerField()


class ManyPresencesSerializer(PresencesSerializer):
    subjects = CalendarSubjectRefSerializer(many=True, allow_empty=False, max_length=50)

    def validate_subjects(self, value):
        return [(ref["type"], ref["id"]) for ref in value]


class ManyAbsencesSerializer(AbsencesRequestSerializer):
    subjects = CalendarSubjectRefSerializer(many=True, allow_empty=False, max_length=50)

    def validate_subjects(self, value):
        return [(ref["type"], ref["id"]) for ref in value]


class CalendarSubjectItemSerializer(CalendarItemSerializer):
    subject = CalendarSubjectRefSerializer()
    # A plain string here: a second component with the item's status choices would rename their enum.
    status = serializers.CharField(help_text="As the calendar item's status: active, cancelled or served.")


class CalendarRefusalSerializer(KantynaSerializer):
    subject = CalendarSubjectRefSerializer()
    message = serializers.CharField(help_text="The stable English message, as in the one-subject call's error.")


class ManyMarkedSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    created = CalendarSubjectItemSerializer(many=True)
    cancelled = CalendarSubjectItemSerializer(many=True)
    skipped = serializers.IntegerField()
    refused = CalendarRefusalSerializer(many=True, help_text="Subjects left unchanged, each with why.")
    balance = MoneySerializer(help_text="Of the first subject's payer (a parent's children share one).")
    active_orders_amount = MoneySerializer()


class BulkMarkSerializer(KantynaSerializer):
    subjects = CalendarSubjectRefSerializer(many=True, allow_empty=False, max_length=2000)
    dates = serializers.ListField(child=serializers.DateField(), allow_empty=False, max_length=MAX_DATES)
    meal_types_ids = serializers.ListField(
        child=serializers.IntegerField(), required=False, allow_null=True, help_text="Default: each subject's defaults."
    )
    add_manipulation_fee = serializers.BooleanField(required=False, default=False)
    manipulation_fee = MoneyAmountField(max_amount=MAX_FEE, required=False, allow_null=True, default=None)


class BulkMarkRangeSerializer(KantynaSerializer):
    subjects = CalendarSubjectRefSerializer(many=True, required=False, max_length=2000)
    institution_id = serializers.IntegerField(required=False, allow_null=True)
    classroom_id = serializers.IntegerField(required=False, allow_null=True)
    child_group_id = serializers.IntegerField(required=False, allow_null=True)
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    weekdays = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=7),
        required=False,
        help_text="1 = Monday; default Mon-Fri.",
    )
    meal_types_ids = serializers.ListField(child=serializers.IntegerField(), required=False, allow_null=True)
    add_manipulation_fee = serializers.BooleanField(required=False, default=False)
    manipulation_fee = MoneyAmountField(max_amount=MAX_FEE, required=False, allow_null=True, default=None)

    def validate(self, data):
        if data["date_to"] < data["date_from"]:
            raise serializers.ValidationError({"date_to": [_("The end date cannot be before the start date.")]})
        if (data["date_to"] - data["date_from"]).days >= MAX_DATES:
            raise serializers.ValidationError({"date_to": [_("A range can cover at most a year.")]})
        if not data.get("subjects") and not (
            data.get("institution_id") or data.get("classroom_id") or data.get("child_group_id")
        ):
            raise serializers.ValidationError(
                {"subjects": [_("Choose subjects, or an institution, classroom or group.")]}
            )
        return data


class BulkPresencesErrorSerializer(KantynaSerializer):
    type = serializers.CharField()
    id = serializers.IntegerField()
    message = serializers.CharField()


class BulkPresencesResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    subjects = serializers.IntegerField()
    created = serializers.IntegerField()
    skipped = serializers.IntegerField()
    errors = BulkPresencesErrorSerializer(many=True)


# Subjects page and events ------------------------------------------------------------------------------------


class CalendarSubjectsQuerySerializer(KantynaSerializer):
    month = MonthField(required=False)
    date_from = serializers.DateField(required=False, help_text="With dateTo instead of month, e.g. one day.")
    date_to = serializers.DateField(required=False)
    institution_id = serializers.IntegerField(required=False)
    classroom_id = serializers.IntegerField(required=False)
    child_group_id = serializers.IntegerField(required=False)
    search = serializers.CharField(required=False, allow_blank=True, default="")
    type = serializers.ChoiceField(choices=TYPES, required=False)


class CalendarSubjectDayCountSerializer(KantynaSerializer):
    date = serializers.DateField()
    items = serializers.IntegerField()
    absence = serializers.BooleanField()


class CalendarSubjectRowSerializer(CalendarSubjectSerializer):
    days = CalendarSubjectDayCountSerializer(many=True, help_text="Only days with items or an absence.")


class CalendarEventsQuerySerializer(KantynaSerializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()

    def validate(self, data):
        if data["date_to"] < data["date_from"] or (data["date_to"] - data["date_from"]).days > MAX_DATES:
            raise serializers.ValidationError({"date_to": [_("Give a range of at most a year.")]})
        return data


class CalendarEventSubjectSerializer(KantynaSerializer):
    type = serializers.CharField()
    id = serializers.IntegerField()
    name = serializers.CharField()
    items = serializers.IntegerField()
    amount = MoneySerializer(allow_null=True)


class CalendarEventDaySerializer(KantynaSerializer):
    date = serializers.DateField()
    subjects = CalendarEventSubjectSerializer(many=True)


# Free days ---------------------------------------------------------------------------------------------------


class FreeDaySerializer(KantynaModelSerializer):
    institution_id = serializers.IntegerField(allow_null=True, read_only=True)
    institution_name = serializers.SerializerMethodField()

    class Meta:
        model = FreeDay
        fields = ["id", "date", "name", "institution_id", "institution_name"]

    def get_institution_name(self, obj) -> str | None:
        return obj.institution.name if obj.institution_id else None


class CalendarEventsSerializer(KantynaSerializer):
    free_days = FreeDaySerializer(many=True)
    days = CalendarEventDaySerializer(many=True)


class FreeDayCreateSerializer(KantynaSerializer):
    date = serializers.DateField()
    date_to = serializers.DateField(required=False, allow_null=True)
    institution_id = serializers.IntegerField(required=False, allow_null=True)
    name = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")


class FreeDayCreatedSerializer(FreeDaySerializer):
    ids = serializers.ListField(child=serializers.IntegerField(), read_only=True)

    class Meta(FreeDaySerializer.Meta):
        fields = [*FreeDaySerializer.Meta.fields, "ids"]


class FreeDaysDeleteSerializer(KantynaSerializer):
    ids = serializers.ListField(child=serializers.IntegerField(), required=False)
    date = serializers.DateField(required=False)
    institution_id = serializers.IntegerField(required=False, allow_null=True)

    def validate(self, data):
        if not data.get("ids") and not data.get("date"):
            raise serializers.ValidationError({"ids": [_("Give ids, or a date (and an institution).")]})
        return data


class FreeDaysSearchSerializer(KantynaSerializer):
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)
    institution_id = serializers.IntegerField(required=False, allow_null=True)
    institutions_ids = serializers.ListField(child=serializers.IntegerField(), required=False)
    include_global = serializers.BooleanField(required=False, default=True)
    search = serializers.CharField(required=False, allow_blank=True, default="")


class FreeDaysRangeSerializer(KantynaSerializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    institution_id = serializers.IntegerField(required=False, allow_null=True)
    institutions_ids = serializers.ListField(child=serializers.IntegerField(), required=False)


class FreeDaysListSerializer(KantynaSerializer):
    items = FreeDaySerializer(many=True)


# Drafts ------------------------------------------------------------------------------------------------------


class DraftDataSerializer(KantynaSerializer):
    """What the calendar keeps of an unsent selection: the month shown, the days and the meal receivers picked.
    Bounded (a month has at most 31 days; a family or a staff selection far fewer than 200 receivers), so a
    draft stays a small row."""

    month = MonthField()
    dates = serializers.ListField(child=serializers.DateField(), max_length=62)
    subjects = CalendarSubjectRefSerializer(many=True, max_length=200)

    def validate(self, data):
        # Stored as JSON, as the calendar sent it.
        return {**data, "month": f"{data['month']:%Y-%m}", "dates": [day.isoformat() for day in data["dates"]]}


class MarkedPresencesDraftRequestSerializer(KantynaSerializer):
    data = DraftDataSerializer()


class MarkedPresencesDraftSerializer(KantynaModelSerializer):
    class Meta:
        model = MarkedPresencesDraft
        fields = ["id", "data", "updated_at"]
        read_only_fields = ["id", "updated_at"]


class MarkedPresencesDraftOrEmptySerializer(KantynaSerializer):
    id = serializers.IntegerField(allow_null=True)
    data = serializers.JSONField(allow_null=True)
    updated_at = serializers.DateTimeField(allow_null=True)
