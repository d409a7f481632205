"""The terminal's calls (spec areas `terminal` and `scannedCardEntries`, TERMINAL_API contract): scan a card, look
a receiver up by card or name, serve by hand, order on the spot, the offline roster, the live count, the log.

Views parse, call one service or selector and serialize. A scan's answer (served or refused) is worded here and
handed to the service as `answer`, which stores it with the log entry: a replayed `clientScanId` answers the
same status and body. Refusals carry `scan` (the ScanResult) beside the error shape's message."""

from __future__ import annotations

import json

from django.http import HttpResponse, HttpResponseBase
from django.urls import path, re_path
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response

from kantyna.core.api.errors import as_api_error
from kantyna.core.api.params import body_data, query_data
from kantyna.core.api.renderers import Camelized, CamelizedAwareRenderer
from kantyna.core.dates import day_of
from kantyna.core.errors import DomainError
from kantyna.core.exceptions import ApiError, error_body
from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination, page_of
from kantyna.core.params import id_of
from kantyna.core.validators import TextValidator
from kantyna.core.viewsets import ApiView
from kantyna.ordering.api.calendar import CalendarRenderer
from kantyna.ordering.cutoff import tenant_today
from kantyna.terminal import selectors, services
from kantyna.terminal.api import serializers as s

ABILITY = "terminal.use"
INVALID = "The given data was invalid."

# Query parameters as the clients send them (camelCase; the views read either spelling).
DATE = OpenApiParameter("date", OpenApiTypes.DATE, description="YYYY-MM-DD; default: today.")
MEAL_TYPES = OpenApiParameter("mealTypesIds", str, description="Comma-separated meal type ids; default: every one.")
INSTITUTION = OpenApiParameter("institutionId", int)


def _day(text: str):
    day = day_of(text)
    if day is None:
        raise ApiError(INVALID, errors={"date": [_("Enter a date as YYYY-MM-DD.")]})
    return day


def scan_json(outcome: services.ScanOutcome, message: str) -> dict:
    """`ScanResultSerializer`'s output, camelCase, built by hand (test_scan_api pins its fields to the serializer)."""
    serving = outcome.serving
    shown = s.serving_json(serving) if serving is not None else {"subject": None, "items": []}
    return {
        "entryId": outcome.entry.pk,
        "clientScanId": outcome.entry.client_scan_id,
        "result": outcome.result,
        "subject": shown["subject"],
        "items": shown["items"],
        "servedNow": list(outcome.served_now),
        "message": message,
    }


_RENDERER = CamelizedAwareRenderer()


def _rendered(body: dict) -> str:
    """The body as the API's renderer sends it (built camelCase: rendered as it is)."""
    return _RENDERER.render(Camelized(body)).decode()


def _message(outcome: services.ScanOutcome) -> str:
    """The text of an answer that is not a refusal: served, or the clash's check and the cook's choice on it."""
    Result = services.Result
    if outcome.result == Result.CHECK:
        return _("CHECK — the dish contains: %(allergens)s.") % {"allergens": ", ".join(outcome.clash_allergens)}
    if outcome.result == Result.ALTERNATIVE_SERVED:
        return _("An alternative meal served.")
    if outcome.result == Result.NOT_SERVED:
        return _("Not served.")
    return _("Served.")


def _answer(wrapped: bool):
    """The wording of a scan's outcome: 200 with the ScanResult (`{status, scan}` when `wrapped`), or the error
    shape of the refusal's code with `scan` inside; the body's JSON text as it is sent, stored for a replay."""

    def answer(outcome: services.ScanOutcome) -> tuple[int, str, str]:
        if outcome.refusal is None:
            message = _message(outcome)
            scan = scan_json(outcome, message)
            return 200, _rendered({"status": True, "scan": scan} if wrapped else scan), message
        refused = as_api_error(outcome.refusal)
        scan = scan_json(outcome, refused.message)
        body = {**error_body(refused.message, refused.errors), "scan": scan}
        return refused.status_code, _rendered(body), refused.message

    return answer


def _answered(outcome: services.ScanOutcome) -> HttpResponseBase:
    """The stored answer of the entry: the same status and body for the first call and every replay. The first
    call sends the text it stored; a replay re-renders it (entries stored before bodies were stored camelCase, as
    sent, are camelized on the way out; a camelCase body renders to the same bytes)."""
    entry = outcome.entry
    if outcome.replayed:
        return Response(json.loads(entry.response_body), status=entry.status_code)
    return HttpResponse(entry.response_body, status=entry.status_code, content_type="application/json")


_SCAN_KEYS = frozenset({"meal_types_ids", "client_scan_id", "terminal_id", "offline"})
_MAX_ID = 2**31 - 1
_SINGLE_LINE = TextValidator()


def _plain_text(value, *, allow_blank: bool) -> bool:
    """A string ScanCardSerializer's CharField (max 64, trimmed, single line) takes as it is."""
    return (
        type(value) is str
        and len(value) <= 64
        and (allow_blank or value != "")
        and value == value.strip()
        and _SINGLE_LINE.problem(value) is None
    )


def scan_body(request) -> dict:
    """A scan's body as `body_data(request, ScanCardSerializer)` gives it. The body every terminal sends (meal type
    ids as numbers, a client scan id, maybe a terminal id and `offline`, no `scannedAt`) is checked here directly:
    running the serializer was ~13 % of a scan's Python (issue 13). Anything else (strings for numbers, a time,
    blanks to trim, an invalid value) goes through the serializer, for the same data or the same error."""
    data = request.data
    if isinstance(data, dict) and data.keys() <= _SCAN_KEYS:
        ids = data.get("meal_types_ids")
        client_scan_id = data.get("client_scan_id", "")
        offline = data.get("offline", False)
        if (
            type(ids) is list
            and 1 <= len(ids) <= 20
            and all(type(pk) is int and 1 <= pk <= _MAX_ID for pk in ids)
            and ("client_scan_id" not in data or _plain_text(client_scan_id, allow_blank=False))
            and ("terminal_id" not in data or _plain_text(data["terminal_id"], allow_blank=True))
            and type(offline) is bool
        ):
            body = {"meal_types_ids": list(ids)}
            for name in ("client_scan_id", "terminal_id"):
                if name in data:
                    body[name] = data[name]
            body["offline"] = offline
            return body
    return body_data(request, s.ScanCardSerializer)


class ScanCardView(ApiView):
    """`POST terminal/scanCard/{date}/{cardNumber}`: serve the card's holder the day's meals of `mealTypesIds`.
    A dish with one of the holder's allergens answers `check` (200, nothing served); the device sends the scan
    again with the cook's `clashDecision` (issue 30; not in the spec)."""

    ability = ABILITY

    @extend_schema(request=s.ScanCardSerializer, responses=s.ScanResultSerializer)
    def post(self, request, date: str, cardNumber: str):
        day = _day(date)
        data = scan_body(request)
        outcome = services.scan_card(
            actor=request.user,
            card_number=cardNumber,
            day=day,
            meal_type_ids=data["meal_types_ids"],
            client_scan_id=data.get("client_scan_id"),
            scanned_at=data.get("scanned_at"),
            terminal_id=data.get("terminal_id") or "",
            offline=data["offline"],
            clash_decision=data.get("clash_decision"),
            answer=_answer(wrapped=False),
        )
        return _answered(outcome)


class MarkAsScannedView(ApiView):
    """`POST terminal/calendarDays/{id}/markAsScanned`: one order item served by hand."""

    ability = ABILITY

    @extend_schema(request=s.MarkAsScannedSerializer, responses=s.ScanStatusSerializer)
    def post(self, request, id: str):
        item_id = id_of(id)
        if item_id is None:
            raise DomainError("record.not_found")
        data = body_data(request, s.MarkAsScannedSerializer)
        outcome = services.mark_as_scanned(
            actor=request.user, item_id=item_id, client_scan_id=data.get("client_scan_id"), answer=_answer(True)
        )
        return _answered(outcome)


class PresenceView(ApiView):
    """`POST terminal/{type}/{id}/presences`: order the missing meals on the spot and serve them."""

    ability = ABILITY

    @extend_schema(request=s.PresenceSerializer, responses=s.ScanStatusSerializer)
    def post(self, request, type: str, id: str):
        pk = id_of(id)
        if pk is None:
            raise DomainError("record.not_found")
        data = body_data(request, s.PresenceSerializer)
        outcome = services.presence_on_the_spot(
            actor=request.user,
            type=type,
            id=pk,
            day=data["date"],
            meal_type_ids=data["meal_types_ids"],
            client_scan_id=data.get("client_scan_id"),
            answer=_answer(True),
        )
        return _answered(outcome)


class SubjectByCardView(ApiView):
    """`GET terminal/subjects/cardNumber/{n}`: who holds the card and their items of the day; nothing logged."""

    ability = ABILITY

    @extend_schema(parameters=[DATE, MEAL_TYPES], responses=s.ServingSerializer)
    def get(self, request, n: str):
        query = query_data(request, s.DayQuerySerializer)
        receiver = selectors.receiver_by_card(actor=request.user, card_number=n)
        if receiver is None:
            raise DomainError("scan.unknown_card")
        day = query.get("date") or tenant_today()
        (serving,) = selectors.servings_of([receiver], day=day, meal_type_ids=query.get("meal_types_ids"))
        return Response(s.serving_json(serving))


class SubjectsSearchView(ApiView):
    """`GET terminal/subjects?search=`: receivers by name (either order, accents ignored) or card number prefix."""

    ability = ABILITY

    @extend_schema(
        parameters=[OpenApiParameter("search", str), DATE, MEAL_TYPES, *PAGE_PARAMETERS],
        responses=page_of(s.ServingSerializer),
    )
    def get(self, request):
        query = query_data(request, s.SearchQuerySerializer)
        paginator = PagePagination()
        paginator.paginate_queryset([], request)  # reads and checks page and perPage
        total, servings = selectors.receivers_search(
            actor=request.user,
            text=query.get("search") or "",
            day=query.get("date") or tenant_today(),
            meal_type_ids=query.get("meal_types_ids"),
            page=paginator.page,
            per_page=paginator.per_page,
        )
        paginator.total = total
        return paginator.get_paginated_response(s.servings_json(servings))


class RosterView(ApiView):
    """`GET terminal/roster`: the day's roster for the device to serve offline."""

    ability = ABILITY
    renderer_classes = [CalendarRenderer]  # sends the camelCase body as built (a roster is hundreds of receivers)

    @extend_schema(parameters=[DATE, INSTITUTION], responses=s.RosterSerializer)
    def get(self, request):
        query = query_data(request, s.RosterQuerySerializer)
        day = query.get("date") or tenant_today()
        servings = selectors.roster(actor=request.user, day=day, institution_id=query.get("institution_id"))
        return Response(
            Camelized(
                date=day.isoformat(),
                generatedAt=s.serializers.DateTimeField().to_representation(timezone.now()),
                subjects=s.servings_json(servings),
            )
        )


def _ref(row: dict, name: str) -> dict:
    return {"id": row[f"{name}_id"], "name": row[f"{name}__name"]}


class SummaryView(ApiView):
    """`GET terminal/summary`: ordered, served and left per meal type, diet and portion size."""

    ability = ABILITY

    @extend_schema(parameters=[DATE, MEAL_TYPES, INSTITUTION], responses=s.SummarySerializer)
    def get(self, request):
        query = query_data(request, s.SummaryQuerySerializer)
        rows = selectors.summary(
            actor=request.user,
            day=query.get("date") or tenant_today(),
            meal_type_ids=query.get("meal_types_ids"),
            institution_id=query.get("institution_id"),
        )
        counts = ("ordered", "served", "left")
        return Response(
            {
                "rows": [
                    {
                        "meal_type": _ref(row, "meal_type"),
                        "diet": _ref(row, "diet"),
                        "portion_size": _ref(row, "portion_size"),
                        **{count: row[count] for count in counts},
                    }
                    for row in rows
                ],
                "totals": {count: sum(row[count] for row in rows) for count in counts},
            }
        )


class SummaryDetailsView(ApiView):
    """`GET terminal/summary/details`: the same count one row per person and meal (paged)."""

    ability = ABILITY

    @extend_schema(
        parameters=[DATE, MEAL_TYPES, INSTITUTION, *PAGE_PARAMETERS],
        responses=page_of(s.SummaryDetailSerializer),
    )
    def get(self, request):
        query = query_data(request, s.SummaryQuerySerializer)
        items = selectors.summary_details(
            actor=request.user,
            day=query.get("date") or tenant_today(),
            meal_type_ids=query.get("meal_types_ids"),
            institution_id=query.get("institution_id"),
        )
        paginator = PagePagination()
        page = paginator.paginate_queryset(items, request)
        for item in page:
            item.receiver = (
                selectors.receiver_of_child(item.child) if item.child_id else selectors.receiver_of_worker(item.worker)
            )
        return paginator.get_paginated_response(s.SummaryDetailSerializer(page, many=True).data)


class EntriesView(ApiView):
    """`GET scannedCardEntries`: the scan log, newest first (filters: date, institution, result)."""

    ability = ABILITY

    @extend_schema(
        parameters=[
            OpenApiParameter("date", OpenApiTypes.DATE),
            INSTITUTION,
            OpenApiParameter("result", str, enum=[value for value, _label in s.RESULTS]),
            *PAGE_PARAMETERS,
        ],
        responses=page_of(s.EntrySerializer),
    )
    def get(self, request):
        query = query_data(request, s.EntriesQuerySerializer)
        queryset = selectors.entries(
            actor=request.user,
            day=query.get("date"),
            institution_id=query.get("institution_id"),
            result=query.get("result"),
        )
        paginator = PagePagination()
        page = paginator.paginate_queryset(queryset, request)
        names = selectors.meal_type_names(pk for entry in page for pk in entry.meal_type_ids)
        return paginator.get_paginated_response(
            s.EntrySerializer(page, many=True, context={"meal_type_names": names}).data
        )


urlpatterns = [
    path("terminal/scanCard/<str:date>/<str:cardNumber>", ScanCardView.as_view()),
    path("terminal/calendarDays/<str:id>/markAsScanned", MarkAsScannedView.as_view()),
    path("terminal/subjects/cardNumber/<str:n>", SubjectByCardView.as_view()),
    path("terminal/subjects", SubjectsSearchView.as_view()),
    path("terminal/roster", RosterView.as_view()),
    path("terminal/summary", SummaryView.as_view()),
    path("terminal/summary/details", SummaryDetailsView.as_view()),
    re_path(r"^terminal/(?P<type>child|worker)/(?P<id>[^/]+)/presences$", PresenceView.as_view()),
    path("scannedCardEntries", EntriesView.as_view()),
]
