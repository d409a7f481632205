"""Calendar calls (spec area `calendar`): free days, a subject's days and marking, bulk presences for admins,
the admin's subjects page, a customer's events, and drafts of marked presences. Views parse, call one
service or selector and serialize; every rule lives in `ordering.services` / `ordering.subjects`."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db.models import Q
from django.urls import path, re_path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from kantyna.core.api.errors import refusal_message
from kantyna.core.api.params import body_data, query_data
from kantyna.core.api.renderers import Camelized, CamelizedAwareRenderer
from kantyna.core.dates import day_of, month_bounds
from kantyna.core.errors import DomainError
from kantyna.core.exceptions import ApiError
from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination, page_of
from kantyna.core.permissions import has_ability
from kantyna.core.serializers import StatusSerializer, money
from kantyna.core.viewsets import ApiView, status_response
from kantyna.institutions.models import Institution
from kantyna.ledger.selectors import user_balance
from kantyna.ordering.api import calendar_serializers as s
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import FreeDay, MarkedPresencesDraft
from kantyna.ordering.pricing import Pricer
from kantyna.ordering.selectors import calendar as selectors
from kantyna.ordering.selectors.calendar import user_active_orders_amount
from kantyna.ordering.services import drafts, free_days
from kantyna.ordering.services.absences import absence_mark
from kantyna.ordering.services.automark import presences_default
from kantyna.ordering.services.items import (
    ItemRequest,
    free_days_for,
    is_free,
    items_place,
    manipulation_fee_for,
)
from kantyna.ordering.services.marking import absences_mark_many, items_place_many
from kantyna.ordering.subjects import (
    CHILD_RELATIONS,
    WORKER_RELATIONS,
    is_staff,
    subject_of_child,
    subject_of_worker,
    subject_resolve,
)
from kantyna.people.reach import Reach
from kantyna.tenant_settings.selectors import settings_snapshot

SUBJECT = r"calendar/days/(?P<type>child|institution_worker)/(?P<id>\d+)"
NOT_FOUND = "Not found."


def _range(data: dict) -> tuple[date, date]:
    if data.get("date_from") and data.get("date_to"):
        first, last = data["date_from"], data["date_to"]
        if last < first or (last - first).days > 62:
            raise ApiError(
                "The given data was invalid.", errors={"date_to": [_("Give a range of at most two months.")]}
            )
        return first, last
    return month_bounds(data.get("month") or tenant_today())


def _money_after(payer) -> dict:
    return {
        "balance": money(user_balance(user=payer)),
        "active_orders_amount": money(user_active_orders_amount(user=payer)),
    }


def _item_requests(data: dict) -> list[ItemRequest]:
    """The `calendarDaysData` of a marking body as the ordering core's requests."""
    return [
        ItemRequest(
            date=day["date"],
            meal_type_id=choice["meal_type_id"],
            portion_size_id=choice.get("portion_size_id"),
            price_list_item_id=choice.get("price_list_item_id"),
            diet_id=choice.get("diet_id"),
            note=choice.get("note") or "",
        )
        for day in data["calendar_days_data"]
        for choice in day["meal_types"]
    ]


def _fee(request, data) -> Decimal | None:
    return manipulation_fee_for(request.user, add=data.get("add_manipulation_fee"), amount=data.get("manipulation_fee"))


# Free days ---------------------------------------------------------------------------------------------------


def _free_days_page(request, queryset):
    paginator = PagePagination()
    page = paginator.paginate_queryset(queryset, request)
    return paginator.get_paginated_response(s.FreeDaySerializer(page, many=True).data)


def _free_days_filtered(data: dict):
    institution_ids = list(data.get("institutions_ids") or [])
    if data.get("institution_id"):
        institution_ids.append(data["institution_id"])
    queryset = selectors.free_days_in_range(
        first=data.get("date_from"),
        last=data.get("date_to"),
        institution_ids=institution_ids,
        include_global=data.get("include_global", True),
    )
    if data.get("search"):
        queryset = queryset.filter(name__icontains=data["search"])
    return queryset


class FreeDaysView(ApiView):
    """`calendar/freeDays`: GET a page (dateFrom, dateTo, institutionId, search), POST a day or a range (201),
    DELETE by `ids` or by `date` (+ `institutionId`, none: the global day)."""

    abilities = {"GET": "tenant.access", "POST": "calendar.manage", "DELETE": "calendar.manage"}

    @extend_schema(
        parameters=[s.FreeDaysSearchSerializer, *PAGE_PARAMETERS],
        responses=page_of(s.FreeDaySerializer),
    )
    def get(self, request):
        return _free_days_page(request, _free_days_filtered(query_data(request, s.FreeDaysSearchSerializer)))

    @extend_schema(request=s.FreeDayCreateSerializer, responses={201: s.FreeDayCreatedSerializer})
    def post(self, request):
        data = body_data(request, s.FreeDayCreateSerializer)
        institution = None
        if data.get("institution_id"):
            institution = Institution.objects.filter(pk=data["institution_id"]).first()
            if institution is None:
                raise ApiError(
                    "The given data was invalid.", errors={"institutionId": [_("Choose an existing institution.")]}
                )
        created = free_days.free_days_create(
            actor=request.user,
            date=data["date"],
            date_to=data.get("date_to"),
            institution=institution,
            name=data.get("name", ""),
        )
        first = created[0]
        first.ids = [free_day.pk for free_day in created]
        return Response(s.FreeDayCreatedSerializer(first).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=s.FreeDaysDeleteSerializer, responses=StatusSerializer)
    def delete(self, request):
        data = (
            body_data(request, s.FreeDaysDeleteSerializer)
            if request.data
            else query_data(request, s.FreeDaysDeleteSerializer)
        )
        if data.get("ids"):
            queryset = FreeDay.objects.filter(pk__in=data["ids"])
        else:
            queryset = FreeDay.objects.filter(date=data["date"])
            queryset = (
                queryset.filter(institution_id=data["institution_id"])
                if data.get("institution_id")
                else queryset.filter(institution__isnull=True)
            )
        found = list(queryset)
        if not found:
            raise ApiError(NOT_FOUND, status_code=404)
        free_days.free_days_delete(actor=request.user, free_days=found)
        return status_response()


class FreeDaysSearchView(ApiView):
    """`POST calendar/freeDays/search`: the list with filters in the body (paged by query)."""

    ability = "tenant.access"

    @extend_schema(
        request=s.FreeDaysSearchSerializer,
        parameters=PAGE_PARAMETERS,
        responses=page_of(s.FreeDaySerializer),
    )
    def post(self, request):
        return _free_days_page(request, _free_days_filtered(body_data(request, s.FreeDaysSearchSerializer)))


class FreeDaysRangeView(ApiView):
    """`POST calendar/freeDays/range`: every free day of a range that applies to the institution(s) — global
    days included — unpaged, for calendars."""

    ability = "tenant.access"

    @extend_schema(request=s.FreeDaysRangeSerializer, responses=s.FreeDaysListSerializer)
    def post(self, request):
        data = body_data(request, s.FreeDaysRangeSerializer)
        if (data["date_to"] - data["date_from"]).days > s.MAX_DATES:
            raise ApiError("The given data was invalid.", errors={"dateTo": [_("Give a range of at most a year.")]})
        queryset = _free_days_filtered({**data, "include_global": True})
        return Response({"items": s.FreeDaySerializer(queryset, many=True).data})


# A subject's days ----------------------------------------------------------------------------------------------


CalendarRenderer = CamelizedAwareRenderer  # the project's default renderer now; kept for the views naming it


class SubjectDaysView(ApiView):
    """`GET calendar/days/{type}/{id}?month=YYYY-MM`: every day of the month — free day, cut-off, absence, items,
    what can be ordered with prices, the menu. Constant queries whatever the data."""

    ability = "calendar.use"
    renderer_classes = [CalendarRenderer]

    @extend_schema(parameters=[s.CalendarMonthQuerySerializer], responses=s.CalendarSubjectMonthSerializer)
    def get(self, request, type, id):
        subject = subject_resolve(type, id, actor=request.user)
        first, last = _range(query_data(request, s.CalendarMonthQuerySerializer))
        month = selectors.subject_days(actor=request.user, subject=subject, first=first, last=last)
        return Response(s.Camelized(s.month_json(month)))


class SubjectsMonthView(ApiView):
    """`GET calendar/days/subjects/month?subjects=child:12,child:13&month=YYYY-MM` (not in the spec): the months
    of several subjects in one call — the shape of `calendar/days/{type}/{id}` per subject, in the order asked.
    Set-based: the same number of queries for one subject or fifty. 404 when one subject is out of reach."""

    ability = "calendar.use"
    renderer_classes = [CalendarRenderer]

    @extend_schema(
        parameters=[s.CalendarSubjectsMonthQuerySerializer],
        responses=s.CalendarSubjectsMonthSerializer,
        operation_id="calendar_days_subjects_month_retrieve",
    )
    def get(self, request):
        data = query_data(request, s.CalendarSubjectsMonthQuerySerializer)
        first, last = _range(data)
        subjects = selectors.subjects_within_reach(data["subjects"], actor=request.user)
        months = selectors.subjects_days(actor=request.user, subjects=subjects, first=first, last=last)
        return Response(s.months_json(months))


class SubjectDaysCountView(ApiView):
    """`GET calendar/days/{type}/{id}/count`: live items from today on (or in dateFrom..dateTo)."""

    ability = "calendar.use"

    @extend_schema(parameters=[s.CalendarCountQuerySerializer], responses=s.CalendarCountSerializer)
    def get(self, request, type, id):
        subject = subject_resolve(type, id, actor=request.user)
        data = query_data(request, s.CalendarCountQuerySerializer)
        counts = selectors.subject_items_count(subject, first=data.get("date_from"), last=data.get("date_to"))
        return Response({**counts, "amount": money(counts["amount"])})


class SubjectDayView(ApiView):
    """`GET calendar/days/{type}/{id}/{date}`: one day, as in the month."""

    ability = "calendar.use"
    renderer_classes = [CalendarRenderer]

    @extend_schema(responses=s.CalendarSubjectDaySerializer, operation_id="calendar_subject_day_retrieve")
    def get(self, request, type, id, day):
        subject = subject_resolve(type, id, actor=request.user)
        on = day_of(day)
        if on is None:
            raise ApiError(NOT_FOUND, status_code=404)
        month = selectors.subject_days(actor=request.user, subject=subject, first=on, last=on)
        return Response(s.one_day_json(month))


def _placed_response(request, subject, result) -> Response:
    show = has_ability(request.user, "prices.see")
    return Response(
        {
            "status": True,
            "created": [s.item_data(item, show) for item in result.created],
            "skipped": len(result.skipped),
            "fee": money(result.fee),
            **_money_after(subject.payer),
        }
    )


class PresencesView(ApiView):
    """`POST calendar/days/{type}/{id}/presences`: order the chosen meal types on the chosen days (one order).
    Meals already ordered are skipped. Staff may mark after the cut-off. 409 "Insufficient funds." when the
    balance cannot cover it; nothing is then ordered."""

    ability = "calendar.mark"

    @extend_schema(request=s.PresencesSerializer, responses=s.PresencesPlacedSerializer)
    def post(self, request, type, id):
        subject = subject_resolve(type, id, actor=request.user)
        data = body_data(request, s.PresencesSerializer)
        requests = _item_requests(data)
        result = items_place(
            actor=request.user,
            subject=subject,
            requests=requests,
            staff_override=is_staff(request.user),
            idempotency_key=data.get("idempotency_key") or None,
            manipulation_fee=_fee(request, data),
        )
        return _placed_response(request, subject, result)


class AbsencesView(ApiView):
    """`POST calendar/days/{type}/{id}/absences {dates, mealTypesIds?}`: cancel the days' meals (refunded) and
    record the absences. Refused after the cut-off for customers."""

    ability = "calendar.absence"

    @extend_schema(request=s.AbsencesRequestSerializer, responses=s.AbsencesResultSerializer)
    def post(self, request, type, id):
        subject = subject_resolve(type, id, actor=request.user)
        data = body_data(request, s.AbsencesRequestSerializer)
        cancelled = absence_mark(
            actor=request.user,
            subject=subject,
            dates=data["dates"],
            meal_type_ids=data.get("meal_types_ids") or None,
            staff_override=is_staff(request.user),
        )
        return Response({"status": True, "cancelled": len(cancelled), **_money_after(subject.payer)})


def _many_response(request, subjects, result) -> Response:
    show = has_ability(request.user, "prices.see")

    def ref(subject) -> dict:
        return {"type": subject.type, "id": subject.id}

    return Response(
        {
            "status": not result.refused,
            "created": [{**s.item_data(item, show), "subject": ref(subject)} for subject, item in result.created],
            "cancelled": [{**s.item_data(item, show), "subject": ref(subject)} for subject, item in result.cancelled],
            "skipped": result.skipped,
            "refused": [
                {"subject": ref(subject), "message": refusal_message(error)} for subject, error in result.refused
            ],
            **_money_after(subjects[0].payer),
        }
    )


class ManyPresencesView(ApiView):
    """`POST calendar/days/presences {subjects: [{type, id}], calendarDaysData, idempotencyKey?}` (not in the
    spec): the same meals for several subjects in one transaction. A subject that cannot be marked (closed day,
    no funds...) is listed in `refused` and left as it was; the others are marked. 404 when a subject is out of
    reach."""

    ability = "calendar.mark"

    @extend_schema(
        request=s.ManyPresencesSerializer,
        responses=s.ManyMarkedSerializer,
        operation_id="calendar_days_many_presences_create",
    )
    def post(self, request):
        data = body_data(request, s.ManyPresencesSerializer)
        subjects = selectors.subjects_within_reach(data["subjects"], actor=request.user)
        requests = _item_requests(data)
        with settings_snapshot():  # the fee's settings and the marking's: one read
            result = items_place_many(
                actor=request.user,
                subjects=subjects,
                requests=requests,
                staff_override=is_staff(request.user),
                idempotency_key=data.get("idempotency_key") or None,
                manipulation_fee=_fee(request, data),
            )
        return _many_response(request, subjects, result)


class ManyAbsencesView(ApiView):
    """`POST calendar/days/absences {subjects: [{type, id}], dates, mealTypesIds?}` (not in the spec): absences
    for several subjects in one transaction; refusals per subject as in `calendar/days/presences`."""

    ability = "calendar.absence"

    @extend_schema(
        request=s.ManyAbsencesSerializer,
        responses=s.ManyMarkedSerializer,
        operation_id="calendar_days_many_absences_create",
    )
    def post(self, request):
        data = body_data(request, s.ManyAbsencesSerializer)
        subjects = selectors.subjects_within_reach(data["subjects"], actor=request.user)
        result = absences_mark_many(
            actor=request.user,
            subjects=subjects,
            dates=data["dates"],
            meal_type_ids=data.get("meal_types_ids") or None,
            staff_override=is_staff(request.user),
        )
        return _many_response(request, subjects, result)


class DefaultPresencesView(ApiView):
    """`POST calendar/days/{type}/{id}/presences/default {dates | dateFrom+dateTo}`: mark the subject's
    autoselected meal types (its calendar settings) on those days; free days are skipped."""

    ability = "calendar.mark"

    @extend_schema(request=s.DefaultPresencesSerializer, responses=s.PresencesPlacedSerializer)
    def post(self, request, type, id):
        subject = subject_resolve(type, id, actor=request.user)
        data = body_data(request, s.DefaultPresencesSerializer)
        dates = data.get("dates") or selectors.dates_between(data["date_from"], data["date_to"])
        if len(dates) > s.MAX_DATES:
            raise ApiError("The given data was invalid.", errors={"dateTo": [_("Give a range of at most a year.")]})
        result = presences_default(
            actor=request.user, subject=subject, dates=dates, staff_override=is_staff(request.user)
        )
        return _placed_response(request, subject, result)


# Bulk presences (admin) ----------------------------------------------------------------------------------------


def _bulk_mark(request, subjects, dates: list[date], meal_type_ids, fee) -> Response:
    created = skipped = 0
    errors = []
    dates = sorted(set(dates))
    pricer = Pricer(subjects, dates[0], dates[-1], for_role=None) if subjects and meal_type_ids else None
    free = free_days_for({subject.institution.pk for subject in subjects}, dates[0], dates[-1]) if subjects else {}
    for subject in subjects:
        open_days = [day for day in dates if not is_free(free, subject.institution.pk, day)]
        try:
            if meal_type_ids:
                result = items_place(
                    actor=request.user,
                    subject=subject,
                    requests=[ItemRequest(day, meal_type_id) for day in open_days for meal_type_id in meal_type_ids],
                    staff_override=True,
                    pricer=pricer,
                    manipulation_fee=fee,
                )
            else:
                result = presences_default(
                    actor=request.user, subject=subject, dates=open_days, staff_override=True, manipulation_fee=fee
                )
        except DomainError as error:
            errors.append({"type": subject.type, "id": subject.id, "message": refusal_message(error)})
            continue
        created += len(result.created)
        skipped += len(result.skipped)
    return Response(
        {"status": True, "subjects": len(subjects), "created": created, "skipped": skipped, "errors": errors}
    )


class BulkMarkView(ApiView):
    """`POST calendar/bulkPresences/mark`: admins mark many subjects x dates x meal types at once (the cut-off
    does not apply to them). Each subject succeeds or fails on its own; failures are listed."""

    ability = "calendar.manage"

    @extend_schema(request=s.BulkMarkSerializer, responses=s.BulkPresencesResultSerializer)
    def post(self, request):
        data = body_data(request, s.BulkMarkSerializer)
        subjects = [subject_resolve(ref["type"], ref["id"], actor=request.user) for ref in data["subjects"]]
        return _bulk_mark(request, subjects, data["dates"], data.get("meal_types_ids"), _fee(request, data))


class BulkMarkRangeView(ApiView):
    """`POST calendar/bulkPresences/markRange`: as `mark`, for the days of a range on chosen weekdays, for chosen
    subjects or everyone of an institution / classroom / children group."""

    ability = "calendar.manage"

    @extend_schema(request=s.BulkMarkRangeSerializer, responses=s.BulkPresencesResultSerializer)
    def post(self, request):
        data = body_data(request, s.BulkMarkRangeSerializer)
        weekdays = {day - 1 for day in (data.get("weekdays") or [1, 2, 3, 4, 5])}
        dates = [
            day for day in selectors.dates_between(data["date_from"], data["date_to"]) if day.weekday() in weekdays
        ]
        if data.get("subjects"):
            subjects = [subject_resolve(ref["type"], ref["id"], actor=request.user) for ref in data["subjects"]]
        else:
            subjects = _subjects_by_filters(request.user, data)
        if not dates:
            return Response({"status": True, "subjects": len(subjects), "created": 0, "skipped": 0, "errors": []})
        return _bulk_mark(request, subjects, dates, data.get("meal_types_ids"), _fee(request, data))


def _subjects_by_filters(actor, data: dict):
    reach = Reach(actor)
    children = reach.children().filter(is_active=True, archived_at__isnull=True)
    condition = Q()
    if data.get("institution_id"):
        condition &= Q(institution_id=data["institution_id"])
    if data.get("classroom_id"):
        condition &= Q(classroom_id=data["classroom_id"])
    if data.get("child_group_id"):
        condition &= Q(child_group_id=data["child_group_id"])
    subjects = [subject_of_child(child) for child in children.filter(condition).select_related(*CHILD_RELATIONS)]
    if data.get("institution_id") and not data.get("classroom_id") and not data.get("child_group_id"):
        workers = reach.workers().filter(archived_at__isnull=True, institution_id=data["institution_id"])
        subjects += [subject_of_worker(worker) for worker in workers.select_related(*WORKER_RELATIONS)]
    return subjects


# The admin's subjects page, events ---------------------------------------------------------------------------


class SubjectsView(ApiView):
    """`GET calendar/days/subjects`: a page of subjects (children, then workers) with per-day counts of the month."""

    ability = "calendar.view"

    @extend_schema(
        parameters=[s.CalendarSubjectsQuerySerializer, *PAGE_PARAMETERS],
        responses=page_of(s.CalendarSubjectRowSerializer),
    )
    def get(self, request):
        data = query_data(request, s.CalendarSubjectsQuerySerializer)
        first, last = _range(data)
        paginator = PagePagination()
        paginator.paginate_queryset([], request)  # reads page / perPage
        total, rows = selectors.subjects_page(
            actor=request.user,
            filters=selectors.SubjectFilters(
                institution_id=data.get("institution_id"),
                classroom_id=data.get("classroom_id"),
                child_group_id=data.get("child_group_id"),
                search=data.get("search", ""),
                type=data.get("type"),
            ),
            first=first,
            last=last,
            page=paginator.page,
            per_page=paginator.per_page,
        )
        # Built camelCase (the renderer's walk over ~1,000 small dicts of a page was most of the call's Python).
        items = [
            {
                **s.subject_json(row.subject),
                "days": [{"date": day.isoformat(), **counts} for day, counts in sorted(row.days.items())],
            }
            for row in rows
        ]
        return Response(Camelized(items=items, total=total, page=paginator.page, perPage=paginator.per_page))


class EventsView(ApiView):
    """`GET calendar/days/events?dateFrom&dateTo`: free days and what the caller's subjects have ordered per day."""

    ability = "tenant.access"

    @extend_schema(parameters=[s.CalendarEventsQuerySerializer], responses=s.CalendarEventsSerializer)
    def get(self, request):
        data = query_data(request, s.CalendarEventsQuerySerializer)
        found = selectors.events(actor=request.user, first=data["date_from"], last=data["date_to"])
        show = has_ability(request.user, "prices.see")
        return Response(
            {
                "free_days": s.FreeDaySerializer(found["free_days"], many=True).data,
                "days": [
                    {
                        "date": day["date"].isoformat(),
                        "subjects": [
                            {**entry, "amount": s.money_or_none(entry["amount"], show)} for entry in day["subjects"]
                        ],
                    }
                    for day in found["days"]
                ],
            }
        )


# Drafts ------------------------------------------------------------------------------------------------------


class DraftsView(ApiView):
    """`calendar/days/markedPresencesDrafts`: the caller's one draft — POST saves (201), GET loads (nulls when
    there is none), DELETE removes."""

    ability = "calendar.mark"

    @extend_schema(request=s.MarkedPresencesDraftRequestSerializer, responses={201: s.MarkedPresencesDraftSerializer})
    def post(self, request):
        body = s.MarkedPresencesDraftRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        draft = drafts.draft_save(actor=request.user, data=body.validated_data["data"])
        return Response(s.MarkedPresencesDraftSerializer(draft).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=s.MarkedPresencesDraftOrEmptySerializer)
    def get(self, request):
        draft = MarkedPresencesDraft.objects.filter(user=request.user).first()
        if draft is None:
            return Response({"id": None, "data": None, "updated_at": None})
        return Response(s.MarkedPresencesDraftSerializer(draft).data)

    @extend_schema(responses=StatusSerializer)
    def delete(self, request):
        drafts.draft_delete(actor=request.user)
        return status_response()


urlpatterns = [
    path("calendar/freeDays", FreeDaysView.as_view()),
    path("calendar/freeDays/search", FreeDaysSearchView.as_view()),
    path("calendar/freeDays/range", FreeDaysRangeView.as_view()),
    path("calendar/bulkPresences/mark", BulkMarkView.as_view()),
    path("calendar/bulkPresences/markRange", BulkMarkRangeView.as_view()),
    path("calendar/days/subjects", SubjectsView.as_view()),
    path("calendar/days/subjects/month", SubjectsMonthView.as_view()),
    path("calendar/days/presences", ManyPresencesView.as_view()),
    path("calendar/days/absences", ManyAbsencesView.as_view()),
    path("calendar/days/events", EventsView.as_view()),
    path("calendar/days/markedPresencesDrafts", DraftsView.as_view()),
    re_path(rf"^{SUBJECT}$", SubjectDaysView.as_view()),
    re_path(rf"^{SUBJECT}/count$", SubjectDaysCountView.as_view()),
    re_path(rf"^{SUBJECT}/presences$", PresencesView.as_view()),
    re_path(rf"^{SUBJECT}/presences/default$", DefaultPresencesView.as_view()),
    re_path(rf"^{SUBJECT}/absences$", AbsencesView.as_view()),
    re_path(rf"^{SUBJECT}/(?P<day>\d{{4}}-\d{{2}}-\d{{2}})$", SubjectDayView.as_view()),
]
