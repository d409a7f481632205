"""Notifications (the bell) and help tickets. Thin: parse, call one selector or service, serialize."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response

from kantyna.core.api.attachments import attachment_download, attachment_download_responses
from kantyna.core.api.params import body_data, query_data
from kantyna.core.pagination import PagePagination, page_of
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.messaging import selectors, services
from kantyna.messaging.api import serializers as s

PAGE = [OpenApiParameter("page", int, required=False), OpenApiParameter("perPage", int, required=False)]


class UnreadNotificationsView(ApiView):
    """Polled by the shell every 5 minutes with perPage 5 (never by cooks, who get empty results anyway)."""

    ability = "tenant.access"

    @extend_schema(
        parameters=[OpenApiParameter("perPage", int, required=False)], responses=s.UnreadNotificationsSerializer
    )
    def get(self, request):
        per_page = query_data(request, s.UnreadQuerySerializer)["per_page"]
        found = selectors.bell(actor=request.user, per_page=per_page)
        return Response(
            s.UnreadNotificationsSerializer(
                {
                    "status": True,
                    "read_at": found.read_at,
                    "unread_notifications": found.unread,
                    "has_unread_messages": found.has_unread_messages,
                    "notifications": found.latest,
                }
            ).data
        )


class NotificationsReadView(ApiView):
    ability = "tenant.access"

    @extend_schema(request=s.NotificationsReadSerializer, responses=StatusSerializer)
    def post(self, request):
        """Mark the caller's unread notifications read: all of them (the spec's one `readAt` per person), or, our
        extension, only those of `ids`."""
        data = body_data(request, s.NotificationsReadSerializer)
        services.notifications_read(actor=request.user, ids=data.get("ids"))
        return status_response()


def _ticket_or_404(request, pk: int):
    ticket = selectors.tickets_visible(request.user).filter(pk=pk).first()
    if ticket is None:
        raise Http404
    return ticket


class TicketsView(ApiView):
    ability = "tickets.view"

    @extend_schema(
        operation_id="api_frontend_tickets_list",
        parameters=[
            *PAGE,
            OpenApiParameter("category", str, required=False),
            OpenApiParameter("state", str, required=False, enum=["open", "closed"]),
            OpenApiParameter("institutionId", int, required=False),
            OpenApiParameter("dateFrom", str, required=False, description="YYYY-MM-DD, included"),
            OpenApiParameter("dateTo", str, required=False, description="YYYY-MM-DD, included"),
        ],
        responses=page_of(s.TicketSerializer),
    )
    def get(self, request):
        """The tickets the caller sees (every one for ticket admins and administrators, their institutions' for an
        institutions admin with tickets_manage, one's own for customers), newest first."""
        params = query_data(request, s.TicketsQuerySerializer)
        paginator = PagePagination()
        page = paginator.paginate_queryset(selectors.tickets_list(actor=request.user, **params), request, view=self)
        return paginator.get_paginated_response(s.TicketSerializer(page, many=True).data)


class TicketCategoriesView(ApiView):
    """Our extension: the tenant's category codes (the spec's variant A or B), for the form and the filter."""

    ability = "tickets.create"

    @extend_schema(responses=s.TicketCategoriesSerializer)
    def get(self, request):
        return Response({"categories": list(services.ticket_categories())})


class TicketView(ApiView):
    ability = "tickets.view"

    @extend_schema(responses=s.TicketDetailsSerializer)
    def get(self, request, pk: int):
        ticket = selectors.ticket_get(actor=request.user, pk=pk)
        if ticket is None:
            raise Http404
        return Response(s.TicketDetailsSerializer(ticket).data)


class TicketCloseView(ApiView):
    ability = "tickets.view"

    @extend_schema(request=None, responses=StatusSerializer)
    def post(self, request, pk: int):
        services.ticket_close(actor=request.user, ticket=_ticket_or_404(request, pk))
        return status_response()


class TicketAnswersView(ApiView):
    """Our extension: an answer in the ticket's conversation (the spec shows no path for it)."""

    ability = "tickets.view"

    @extend_schema(request=s.TicketAnswerSerializer, responses={201: s.CreatedSerializer})
    def post(self, request, pk: int):
        ticket = _ticket_or_404(request, pk)
        data = body_data(request, s.TicketAnswerSerializer)
        message = services.ticket_answer(actor=request.user, ticket=ticket, text=data["text"])
        return Response({"id": message.pk}, status=status.HTTP_201_CREATED)


class HelpTicketsView(ApiView):
    ability = "tickets.create"

    @extend_schema(
        request={"application/json": s.TicketCreateSerializer, "multipart/form-data": s.TicketCreateSerializer},
        responses={201: s.CreatedSerializer},
    )
    def post(self, request):
        data = body_data(request, s.TicketCreateSerializer)
        ticket = services.ticket_create(actor=request.user, **data)
        return Response({"id": ticket.pk}, status=status.HTTP_201_CREATED)


class TicketAttachmentView(ApiView):
    """Our extension: a ticket's file, for those who see the ticket (inline, as the type its bytes show)."""

    ability = "tickets.view"

    @extend_schema(responses=attachment_download_responses())
    def get(self, request, pk: int, attachment_id: int):
        return attachment_download(_ticket_or_404(request, pk).attachments.filter(pk=attachment_id).first())
