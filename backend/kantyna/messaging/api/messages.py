"""Messages (issue 18): the folders, sending to one person or to many, reading and closing, the files. Thin: parse,
call one selector or service, serialize. `urlpatterns` is added to the area's in api/urls.py."""

from __future__ import annotations

from django.db.models import Value
from django.db.models.functions import Concat
from django.http import Http404
from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from kantyna.core.api.attachments import attachment_download, attachment_download_responses
from kantyna.core.api.params import body_data, query_data
from kantyna.core.pagination import PagePagination, page_of
from kantyna.core.permissions import has_ability
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.messaging import selectors, services
from kantyna.messaging.api import message_serializers as s
from kantyna.messaging.audience import Audience

PAGE = [OpenApiParameter("page", int, required=False), OpenApiParameter("perPage", int, required=False)]
BODY_FORMATS = ("application/json", "multipart/form-data")
AUDIENCE_KEYS = ("everyone", "institution_ids", "classroom_ids", "children_group_ids", "workers_group_ids", "roles")


def _audience(data: dict) -> Audience:
    return Audience.of(**{key: data.get(key) for key in AUDIENCE_KEYS})


def _created(message):
    return Response({"id": message.pk, "receivers_count": message.receivers_count}, status=status.HTTP_201_CREATED)


class MessagesView(ApiView):
    ability = "messages.read"

    @extend_schema(
        operation_id="api_frontend_messages_list",
        parameters=[
            *PAGE,
            OpenApiParameter("folder", str, required=False, enum=list(selectors.MESSAGE_FOLDERS)),
            OpenApiParameter("unread", bool, required=False),
            OpenApiParameter("search", str, required=False),
        ],
        responses=page_of(s.MessageSerializer),
    )
    def get(self, request):
        """A folder of the caller's messages, newest first: received (default), sent or closed."""
        params = query_data(request, s.MessagesQuerySerializer)
        paginator = PagePagination()
        page = paginator.paginate_queryset(selectors.messages_list(actor=request.user, **params), request, view=self)
        data = s.MessageSerializer(page, many=True, context={"actor": request.user}).data
        return paginator.get_paginated_response(data)

    @extend_schema(
        request=dict.fromkeys(BODY_FORMATS, s.MessageSendSerializer),
        responses={201: s.MessageCreatedSerializer},
    )
    def post(self, request):
        """A message to one person: staff to anyone in their reach, everyone an answer to a message they received."""
        data = body_data(request, s.MessageSendSerializer)
        reply_to = None
        if "reply_to_id" in data:
            reply_to = selectors.message_visible(actor=request.user, pk=data.pop("reply_to_id"))
            if reply_to is None:
                raise Http404
        elif not has_ability(request.user, "messages.write"):
            raise PermissionDenied  # starting a conversation is staff's; everyone answers
        return _created(services.message_send(actor=request.user, reply_to=reply_to, **data))


class MessagesManyView(ApiView):
    ability = "messages.write"

    @extend_schema(
        request=dict.fromkeys(BODY_FORMATS, s.MessageSendManySerializer),
        responses={201: s.MessageCreatedSerializer},
    )
    def post(self, request):
        """A message to everyone of an audience within the caller's reach (one receipt and notification each)."""
        data = body_data(request, s.MessageSendManySerializer)
        audience = _audience(data)
        message = services.message_send_many(
            actor=request.user,
            audience=audience,
            subject=data["subject"],
            text=data["text"],
            rich=data["rich"],
            attachments=data.get("attachments", ()),
        )
        return _created(message)


class MessagesReceiversView(ApiView):
    """Our extension: who a message would go to (the count shown before sending to many), or, with no audience, everyone
    the caller may write to (the people picker, searched by name)."""

    ability = "messages.write"

    @extend_schema(request=s.MessageReceiversQuerySerializer, responses=s.MessageReceiversSerializer)
    def post(self, request):
        data = body_data(request, s.MessageReceiversQuerySerializer)
        audience = _audience(data)
        if audience.is_empty:
            audience = Audience.of(everyone=True)  # the people picker: everyone the caller may write to
        users = selectors.message_receivers(actor=request.user, audience=audience)
        if data.get("search"):
            users = users.annotate(name=Concat("first_name", Value(" "), "last_name")).filter(
                name__icontains=data["search"]
            )
        items = [
            {"id": user.pk, "full_name": user.full_name, "roles": user.roles}
            for user in users.only("first_name", "last_name", "roles")[: data["per_page"]]
        ]
        return Response(s.MessageReceiversSerializer({"items": items, "total": users.count()}).data)


class MessagesReadView(ApiView):
    ability = "messages.read"

    @extend_schema(request=s.MessagesReadSerializer, responses=StatusSerializer)
    def post(self, request):
        """Mark received messages read (those of `ids`, or the whole received folder); `closed` also moves them."""
        data = body_data(request, s.MessagesReadSerializer)
        services.messages_read(actor=request.user, ids=data.get("ids"), closed=data.get("closed"))
        return status_response()


class MessageAttachmentDownloadView(ApiView):
    """A message's file, for its sender and its receivers only (404 to anyone else)."""

    ability = "messages.read"

    @extend_schema(responses=attachment_download_responses())
    def get(self, request, pk: int, attachment_id: int):
        return attachment_download(
            selectors.message_attachment_get(actor=request.user, message_id=pk, attachment_id=attachment_id)
        )


urlpatterns = [
    path("messages", MessagesView.as_view()),
    path("messages/many", MessagesManyView.as_view()),
    path("messages/read", MessagesReadView.as_view()),
    path("messages/receivers", MessagesReceiversView.as_view()),
    path("messages/<int:pk>/attachments/<int:attachment_id>/download", MessageAttachmentDownloadView.as_view()),
]
