"""The project's request middleware: the refusal of requests nobody waits for any more (RequestDeadlineMiddleware),
the language of server-made texts, and the refusal of query strings holding control characters
(QueryStringTextMiddleware).

Language of server-made texts (sign-in pages, e-mails, PDFs): API calls say it in the `user-locale` header (DESIGN.md §3). Pages follow the `locale` cookie that the SPA
and the sign-in site's language links set; otherwise the tenant's locale, otherwise Polish. The browser's
Accept-Language is ignored on purpose: the product's default is Polish (spec §9)."""

from __future__ import annotations

import socket
import time

from django.conf import settings
from django.http import JsonResponse
from django.utils import translation

from kantyna.core.exceptions import MESSAGES, error_body, unavailable_response
from kantyna.core.gthread import QUEUED_AT
from kantyna.core.validators import SINGLE_LINE_TEXT

SUPPORTED = {code for code, _ in settings.LANGUAGES}
COOKIE_MAX_AGE = 7 * 24 * 3600  # spec: the locale cookie lasts 7 days


# A refused request is to come back soon: the queue that refused it drains in under a second.
OVERLOADED_RETRY_AFTER_SECONDS = 2
# A standing queue (no request of this process found a thread almost at once, within PROMPT_SHARE of the deadline,
# for STANDING_AFTER_SECONDS) is overload, not a burst: the deadline shrinks to SHORT_SHARE of itself until a
# request finds a thread at once again, so the requests still served have time left for their own work.
PROMPT_SHARE = 0.1
STANDING_AFTER_SECONDS = 1.0
SHORT_SHARE = 0.2


class QueueState:
    """This process's queue (a gunicorn worker's): when a request last found a thread almost at once, and when the
    last request was seen (none for STANDING_AFTER_SECONDS: the queue was empty, idle, not standing)."""

    def __init__(self) -> None:
        self.last_prompt = self.last_seen = time.monotonic()


queue_state = QueueState()


def request_start_header_time(value: str) -> float | None:
    """The wall-clock time (epoch seconds) in a proxy's `X-Request-Start`: `t=1764213000.123` (nginx `t=${msec}`),
    milliseconds (Heroku) or microseconds (Apache `t=%t`) since the epoch; None when unreadable."""
    try:
        stamp = float(value.strip().removeprefix("t="))
    except ValueError:
        return None
    if stamp > 1e14:
        return stamp / 1e6
    if stamp > 1e11:
        return stamp / 1e3
    return stamp


def queue_wait(environ: dict, *, trust_header: bool) -> float | None:
    """Seconds this request waited before a thread took it: from the worker's note (`kantyna.core.gthread`), and
    from a proxy's `X-Request-Start` when trusted (the proxy's own queue included); the longer of the two."""
    waits = []
    queued_at = environ.get(QUEUED_AT)
    if queued_at is not None:
        waits.append(time.monotonic() - queued_at)
    header = environ.get("HTTP_X_REQUEST_START") if trust_header else None
    started = request_start_header_time(header) if header else None
    if started is not None:
        waits.append(time.time() - started)
    return max(waits, default=None)


def client_gone(sock) -> bool:
    """Whether the client closed its connection (it gave up, or navigated away) while its request waited: its
    socket reads as end-of-file. Unknown (TLS, a test client's environ without a socket) counts as still there."""
    if not isinstance(sock, socket.socket) or hasattr(sock, "context"):  # no socket, or TLS (peeking is refused)
        return False
    try:
        return sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False  # nothing to read: the client is there, waiting for its answer
    except ConnectionError:
        return True
    except OSError:
        return False


class RequestDeadlineMiddleware:
    """Refuses with 503 + Retry-After (the error shape under `/api/`, a short bilingual page elsewhere) a request
    that waited for a thread longer than `REQUEST_QUEUE_DEADLINE_MS`, or whose client has already closed its
    connection, before anything is done for it: no tenant lookup, no session, no query. Under overload the
    server then spends its time on requests that someone still waits for, instead of answering, seconds late,
    clients that gave up (issue 15). While the queue stands (no request found a thread at once for a second) the
    deadline is a fifth of itself: a burst may wait the whole deadline, sustained overload does not (the idea of
    CoDel, a queue judged by its minimum wait over an interval). First in MIDDLEWARE. The wait comes from the web server's worker
    (`kantyna.core.gthread`) and, with `REQUEST_START_HEADER=1`, from a proxy's `X-Request-Start` (only behind
    a proxy that sets it: a client could send it, though only to have its own request refused). A client that
    half-closes its socket after sending the request (rare; browsers do not) reads as gone."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.deadline = settings.REQUEST_QUEUE_DEADLINE_MS / 1000
        self.trust_header = settings.REQUEST_START_HEADER

    def __call__(self, request):
        if self.deadline > 0:
            waited = queue_wait(request.META, trust_header=self.trust_header)
            if waited is not None:
                now = time.monotonic()
                if waited <= self.deadline * PROMPT_SHARE or now - queue_state.last_seen > STANDING_AFTER_SECONDS:
                    queue_state.last_prompt = now
                queue_state.last_seen = now
                standing = now - queue_state.last_prompt > STANDING_AFTER_SECONDS
                if waited > self.deadline * (SHORT_SHARE if standing else 1):
                    return unavailable_response(request, OVERLOADED_RETRY_AFTER_SECONDS)
        if client_gone(request.META.get("gunicorn.socket")):
            return unavailable_response(request, OVERLOADED_RETRY_AFTER_SECONDS)
        return self.get_response(request)


def _supported(value: str | None) -> str | None:
    value = (value or "").lower()[:2]
    return value if value in SUPPORTED else None


class UserLocaleMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = _supported(request.GET.get("lang"))
        tenant = getattr(request, "tenant", None)
        locale = (
            _supported(request.headers.get("user-locale"))
            or chosen
            or _supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
            or _supported(getattr(tenant, "locale", None))
            or settings.LANGUAGE_CODE
        )
        translation.activate(locale)
        request.LANGUAGE_CODE = locale
        response = self.get_response(request)
        if chosen:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                chosen,
                max_age=COOKIE_MAX_AGE,
                samesite="Lax",
                secure=request.is_secure(),
            )
        response.headers.setdefault("Content-Language", locale)
        return response


class QueryStringTextMiddleware:
    """A query string whose values hold control or invisible characters is refused with a 400 in the API's error
    shape, one entry per bad parameter, before any view runs: search and filter values reach SQL (PostgreSQL
    refuses NUL in a string, which used to surface as a 500) and come back in exports. A query value is one line,
    so tabs and line breaks are refused too. Placed after UserLocaleMiddleware, so the messages are translated."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        errors = {}
        for name, values in request.GET.lists():
            problem = next(filter(None, map(SINGLE_LINE_TEXT.problem, values)), None)
            if problem is not None:
                errors[name] = [str(problem)]
        if errors:
            return JsonResponse(error_body(MESSAGES[400], errors), status=400)
        return self.get_response(request)
