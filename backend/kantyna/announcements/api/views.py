"""Announcements and recipients lists. Thin: parse, call one selector or service, serialize."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response

from kantyna.announcements import selectors, services
from kantyna.announcements.api import serializers as s
from kantyna.announcements.models import Announcement
from kantyna.core.api.attachments import attachment_download, attachment_download_responses
from kantyna.core.api.params import body_data, query_data
from kantyna.core.pagination import PagePagination, page_of
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, CrudViewSet, status_response

MANAGE = "announcements.manage"
READ = "tenant.access"
WRITE_BODY = {"multipart/form-data": s.AnnouncementWriteSerializer, "application/json": s.AnnouncementWriteSerializer}


def _visible_or_404(request, pk: int) -> Announcement:
    announcement = selectors.announcements_visible(request.user).filter(pk=pk).first()
    if announcement is None:
        raise Http404
    return announcement


def _details(request, pk: int) -> Response:
    announcement = selectors.announcement_get(actor=request.user, pk=pk)
    if announcement is None:
        raise Http404
    return Response(s.AnnouncementSerializer(announcement).data)


class AnnouncementsView(ApiView):
    abilities = {"GET": READ, "POST": MANAGE}

    @extend_schema(
        operation_id="api_frontend_announcements_list",
        parameters=[
            OpenApiParameter("page", int, required=False),
            OpenApiParameter("perPage", int, required=False),
            OpenApiParameter("search", str, required=False, description="In the title"),
        ],
        responses=page_of(s.AnnouncementSerializer),
    )
    def get(self, request):
        """Administrators every announcement; everyone else those reaching them and valid today. Newest first."""
        params = query_data(request, s.AnnouncementsQuerySerializer)
        paginator = PagePagination()
        page = paginator.paginate_queryset(
            selectors.announcements_list(actor=request.user, **params), request, view=self
        )
        return paginator.get_paginated_response(s.AnnouncementSerializer(page, many=True).data)

    @extend_schema(request=WRITE_BODY, responses={201: s.CreatedSerializer})
    def post(self, request):
        """Publish: the receivers are notified once."""
        data = body_data(request, s.AnnouncementWriteSerializer)
        announcement = services.announcement_create(actor=request.user, **data)
        return Response({"id": announcement.pk}, status=status.HTTP_201_CREATED)


class AnnouncementView(ApiView):
    abilities = {"GET": READ, "POST": MANAGE, "DELETE": MANAGE}

    @extend_schema(responses=s.AnnouncementSerializer)
    def get(self, request, pk: int):
        return _details(request, pk)

    @extend_schema(
        operation_id="api_frontend_announcements_update", request=WRITE_BODY, responses=s.AnnouncementSerializer
    )
    def post(self, request, pk: int):
        """Update (the spec's POST with multipart): the fields replaced, `attachments` added to those kept."""
        announcement = _visible_or_404(request, pk)
        data = body_data(request, s.AnnouncementWriteSerializer)
        services.announcement_update(actor=request.user, announcement=announcement, **data)
        return _details(request, pk)

    @extend_schema(responses=StatusSerializer)
    def delete(self, request, pk: int):
        services.announcement_delete(actor=request.user, announcement=_visible_or_404(request, pk))
        return status_response()


class AttachmentDownloadView(ApiView):
    """An announcement's file, for those who see the announcement (the type its bytes show)."""

    ability = READ

    @extend_schema(responses=attachment_download_responses())
    def get(self, request, pk: int, attachment_id: int):
        return attachment_download(_visible_or_404(request, pk).attachments.filter(pk=attachment_id).first())


class AttachmentDeleteView(ApiView):
    ability = MANAGE

    @extend_schema(responses=StatusSerializer)
    def delete(self, request, pk: int, attachment_id: int):
        announcement = _visible_or_404(request, pk)
        attachment = announcement.attachments.filter(pk=attachment_id).first()
        if attachment is None:
            raise Http404
        services.announcement_attachment_delete(actor=request.user, announcement=announcement, attachment=attachment)
        return status_response()


class UnseenAnnouncementsView(ApiView):
    """Fetched after each navigation (signed in, holding one of the route's roles): the announcements valid today
    that reach the caller and that they have not marked seen, oldest first, in one page."""

    ability = READ

    @extend_schema(responses=s.UnseenAnnouncementsSerializer)
    def get(self, request):
        unseen = selectors.announcements_unseen(actor=request.user)
        return Response(
            s.UnseenAnnouncementsSerializer(
                {"items": unseen, "total": len(unseen), "page": 1, "per_page": selectors.UNSEEN_LIMIT}
            ).data
        )


class MarkAllAsSeenView(ApiView):
    ability = READ

    @extend_schema(request=s.MarkAllAsSeenSerializer, responses=StatusSerializer)
    def post(self, request):
        data = body_data(request, s.MarkAllAsSeenSerializer)
        services.announcements_mark_all_seen(actor=request.user, ids=data.get("ids"))
        return status_response()


class RecipientsListViewSet(CrudViewSet):
    """`recipients`: saved audiences (criteria, hand-picked people, report e-mail addresses)."""

    queryset = selectors.recipients_lists()
    serializer_class = s.RecipientsListSerializer
    abilities = dict.fromkeys(("list", "retrieve", "create", "update", "destroy"), MANAGE)
    search_fields = ["name"]
    ordering_fields = ["name"]
    create_service = staticmethod(services.recipients_list_create)
    update_service = staticmethod(services.recipients_list_update)
    delete_service = staticmethod(services.recipients_list_delete)
