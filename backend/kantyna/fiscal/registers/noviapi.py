"""A Novitus online printer (POINT, HD II Online, Deon Online, Bono Online, INFIS) through NoviApi, the HTTP
protocol the printer itself serves (Novitus' OpenAPI description, version 1.0.4, noviapi.novitus.pl).

The protocol, as Novitus documents it:
- `GET /api/v1/token` (no credentials: the printer's port and MAC filter decide who may talk to it) gives a JWT the
  printer signed; its `iss` is the printer's unique number. It lasts 20 minutes by default and the printer gives at
  most 10 an hour (429 with `allowed_refresh_date` after that), so one token is kept per printer and renewed with
  `PATCH /api/v1/token` shortly before it expires. A 401 ("Token expired", "Token incorrect") drops it.
- `POST /api/v1/receipt` stores the whole receipt (JSON) and answers 201 with the request's id, status `STORED`.
  Nothing is printed until `PUT /api/v1/receipt/{id}` confirms it. `GET /api/v1/receipt/{id}?timeout=ms` tells the
  status: STORED, QUEUED, PENDING, DONE (with `jpkid`, the document's number in the register), ERROR (with the
  printer's reason; nothing was printed), UNKNOWN. The printer drops unconfirmed requests at its daily report (and
  every request stored before the previous daily report).
- 400: the JSON is refused (with the failing paths); 409: a daily report waits to be printed first; 403: another
  request of this POS is being confirmed (the token is deleted); 507: no space in protected memory; 500.

Never doubled: the request id is in the memo, committed before the confirmation. A POST whose answer was lost
leaves a request nobody confirms, which the printer drops; a confirmation whose answer was lost is found out by
the next step's GET. Only a confirmed request the printer no longer knows (two daily reports later) is left to a
person: it may have been printed, so it is never sent again on its own.

Every call goes through the one outbound client (core.outbound): the address is the tenant's, so only a public
one (unless FISCAL_REGISTER_ANY_ADDRESS), the one checked, no redirect followed; what failed is said in our words,
never with the body of the answer (`_reason` keeps only NoviApi's own error code and description).

The receipt: one line (`item_name`, tax symbol `tax_symbol`, quantity 1 at the deposit's amount), paid in full by
the deposit's payment form, with the transaction's key printed under it as the system number.
"""

from __future__ import annotations

import base64
import json
import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.utils.translation import gettext as _

from kantyna.core.outbound import (
    BAD_URL,
    NOT_PUBLIC,
    REDIRECT,
    TIMEOUT,
    TLS,
    TOO_LARGE,
    UNRESOLVABLE,
    OutboundError,
    outbound_request,
)
from kantyna.fiscal.registers import RegisterError, Sale, Step
from kantyna.ledger.models import DEPOSIT_ONLINE, DEPOSIT_TRANSFER

logger = logging.getLogger(__name__)

# How long a status read waits on the printer for a change (its `timeout` parameter).
STATUS_WAIT_MS = 3000
# A token closer than this to its expiry is renewed before use.
TOKEN_MARGIN = timedelta(minutes=2)
REQUEST_ID_LENGTH = 32
STILL_WORKING = ("STORED", "QUEUED", "PENDING", "UNKNOWN")


@dataclass
class _Token:
    value: str
    expires_at: datetime
    printer: str  # the printer's unique number (the token's `iss`)


# One token per printer, shared by every step in this process (the job worker): fetching one per receipt would
# hit the printer's limit of new tokens an hour.
_tokens: dict[str, _Token] = {}
_tokens_lock = threading.Lock()


def forget_tokens() -> None:
    with _tokens_lock:
        _tokens.clear()


def _printer_of(token: str) -> str:
    try:
        payload = token.split(".")[1]
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        return str(claims.get("iss") or "")
    except (IndexError, ValueError):
        return ""


def _amount(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.01')):f}"


# What of a printer's answer may reach a person: NoviApi's error object (an integer `code` and its `description`,
# "3 Brak papieru"), one line, bounded. Never the body itself: the address is typed by a tenant's admin, and what a
# server that is no printer answers is not theirs to read.
REASON_LENGTH = 120
STATE = re.compile(r"[A-Z_]{1,20}")


def _reason(error: object) -> str:
    if not isinstance(error, dict) or type(error.get("code")) is not int:
        return ""
    description = " ".join(str(error.get("description") or "").split())[:REASON_LENGTH]
    return f"{error['code']} {description}".strip()


def _exception_text(answer: dict) -> str:
    return _reason(answer.get("exception")) or _("no reason given")


def _state(value: object) -> str:
    """A request's status as NoviApi names them (upper-case words), else a placeholder: never remote text."""
    return value if isinstance(value, str) and STATE.fullmatch(value) else "?"


class NoviApiRegister:
    name = "novitus"

    def __init__(
        self,
        *,
        url: str,
        item_name: str,
        tax_symbol: str,
        timeout: float = 15.0,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ):
        base = url.rstrip("/")
        self.base_url = base if base.endswith("/api/v1") else f"{base}/api/v1"
        self.item_name = item_name
        self.tax_symbol = tax_symbol
        self.timeout = timeout
        self.now = now

    @classmethod
    def from_options(cls, options: dict) -> NoviApiRegister:
        if not options.get("register_url"):
            raise RegisterError(_("The printer's NoviApi address is not set (Settings → Fiscalization)."))
        return cls(
            url=options["register_url"],
            # The fiscal settings as read (settings_get): their defaults are filled in there.
            item_name=options["item_name"],
            tax_symbol=options["tax_symbol"],
            timeout=settings.FISCAL_REGISTER_TIMEOUT_SECONDS,
        )

    def check(self) -> None:
        """NoviApi's communication test (`GET /api/v1`, no token: it spends none of the printer's hourly tokens)."""
        self._request("GET", "")

    # --- the steps ---------------------------------------------------------------------------------------------

    def step(self, sale: Sale, memo: dict) -> Step:
        request_id = memo.get("id")
        if not request_id:
            return self._store(sale)
        status, answer = self._call("GET", f"/receipt/{request_id}?timeout={STATUS_WAIT_MS}", allow=(404,))
        if status == 404:
            return self._gone(request_id, confirmed=bool(memo.get("confirmed")))
        request = answer.get("request") or {}
        state = request.get("status")
        if state == "DONE":
            token = self._token()
            number = request.get("jpkid") or request_id
            return Step(memo=memo, receipt_number=f"{token.printer}/{number}" if token.printer else str(number))
        if state == "ERROR":
            error = request.get("error") or {}
            # Nothing was printed: the next attempt sends the receipt anew.
            raise RegisterError(_("The printer refused the receipt: %(reason)s") % {"reason": _reason(error)}, memo={})
        if state == "STORED" and not memo.get("confirmed"):
            status, _answer = self._call("PUT", f"/receipt/{request_id}", allow=(404,))
            if status == 404:
                return self._gone(request_id, confirmed=False)
            return Step(memo={"id": request_id, "confirmed": True}, again=True)
        if state in STILL_WORKING:
            device = answer.get("device") or {}
            if device.get("status") == "ERROR":
                error = device.get("error") or {}
                raise RegisterError(
                    _("The printer reports an error and has not printed the receipt yet: %(reason)s")
                    % {"reason": _reason(error)}
                )
            return Step(memo={"id": request_id, "confirmed": True})
        raise RegisterError(
            _("The printer answered an unknown status for request %(id)s: %(status)s")
            % {"id": request_id, "status": _state(state)}
        )

    def _store(self, sale: Sale) -> Step:
        _status, answer = self._call("POST", "/receipt", self.receipt(sale))
        request_id = str((answer.get("request") or {}).get("id") or "")
        if len(request_id) != REQUEST_ID_LENGTH:
            raise RegisterError(_("The printer stored the receipt without a request id."))
        return Step(memo={"id": request_id, "confirmed": False}, again=True)

    def _gone(self, request_id: str, *, confirmed: bool) -> Step:
        if not confirmed:
            # Dropped unconfirmed (a daily report clears those): it was never printed, so it is sent anew.
            return Step(memo={}, again=True)
        raise RegisterError(
            _(
                "The printer no longer knows request %(id)s, which was confirmed: it may have been printed. "
                "Check the printer's reports before registering this deposit by hand."
            )
            % {"id": request_id}
        )

    def receipt(self, sale: Sale) -> dict:
        """The receipt NoviApi is sent for a sale."""
        amount = _amount(sale.amount)
        if sale.paid in (DEPOSIT_ONLINE, DEPOSIT_TRANSFER):
            payment = {"transfer": {"value": amount}}
        else:
            payment = {"other": {"name": "Wpłata", "value": amount}}
        return {
            "receipt": {
                "items": [
                    {
                        "article": {
                            "name": self.item_name[:60],
                            "ptu": self.tax_symbol,
                            "quantity": "1",
                            "price": amount,
                            "value": amount,
                        }
                    }
                ],
                "payments": [payment],
                "summary": {"total": amount, "pay_in": amount},
                "system_info": {"system_number": {"print_as": "text", "value": sale.key}},
            }
        }

    # --- the token ---------------------------------------------------------------------------------------------

    def _token(self) -> _Token:
        with _tokens_lock:
            token = _tokens.get(self.base_url)
            now = self.now()
            if token is not None and token.expires_at - TOKEN_MARGIN > now:
                return token
            if token is not None and token.expires_at > now:
                answer = self._request("PATCH", "/token", b"", bearer=token.value, allow=(401,))
                if answer[0] == 401:
                    answer = self._request("GET", "/token")
            else:
                answer = self._request("GET", "/token")
            status, body = answer
            if status == 429:
                allowed = _moment((body.get("exception") or {}).get("allowed_refresh_date"))
                raise RegisterError(
                    _("The printer gives no new token until %(when)s (too many token requests).") % {"when": allowed}
                )
            try:
                value = str(body["token"])
                expires_at = datetime.fromisoformat(str(body["expiration_date"]).replace("Z", "+00:00"))
            except (KeyError, ValueError) as error:
                raise RegisterError(_("The printer's token answer is not understood.")) from error
            token = _Token(value=value, expires_at=expires_at, printer=_printer_of(value))
            _tokens[self.base_url] = token
            return token

    def _drop_token(self, token: _Token) -> None:
        with _tokens_lock:
            if _tokens.get(self.base_url) is token:
                del _tokens[self.base_url]

    # --- HTTP --------------------------------------------------------------------------------------------------

    def _call(self, method: str, path: str, body: dict | None = None, *, allow: tuple[int, ...] = ()):
        """A call with the token; a token the printer no longer accepts (401) is replaced once."""
        data = json.dumps(body, ensure_ascii=False).encode() if body is not None else (b"" if method == "PUT" else None)
        for attempt in (1, 2):
            token = self._token()
            status, answer = self._request(method, path, data, bearer=token.value, allow=(401, 403, *allow))
            if status == 401:
                self._drop_token(token)
                if attempt == 1:
                    continue
                raise RegisterError(
                    _("The printer refuses its own token: %(reason)s") % {"reason": _exception_text(answer)}
                )
            if status == 403:
                # Another request of this POS was being confirmed; the printer deleted the token.
                self._drop_token(token)
                raise RegisterError(
                    _("The printer refused a second confirmation at once: %(reason)s")
                    % {"reason": _exception_text(answer)}
                )
            return status, answer
        raise AssertionError("unreachable")

    def _request(
        self, method: str, path: str, data: bytes | None = None, *, bearer: str = "", allow: tuple[int, ...] = ()
    ) -> tuple[int, dict]:
        headers = {"Accept": "application/json", "User-Agent": "Kantyna"}
        if data is not None:
            headers["Content-Type"] = "application/json" if data else "text/plain"
        if bearer:
            headers["Authorization"] = f"Bearer {bearer}"
        call = f"{method} /api/v1{path.split('?')[0]}"
        started = time.monotonic()
        try:
            response = outbound_request(
                method,
                f"{self.base_url}{path}",
                headers=headers,
                body=data,
                # Only a public address, unless FISCAL_REGISTER_ANY_ADDRESS (settings.py says why).
                allow_private=settings.FISCAL_REGISTER_ANY_ADDRESS,
                timeout=self.timeout,
                # A printer serving HTTPS shows the certificate its owner loaded into it, often from their own
                # authority: FISCAL_REGISTER_CA_FILE names that authority (empty: the system's authorities).
                ca_file=settings.FISCAL_REGISTER_CA_FILE,
            )
        except OutboundError as error:
            raise RegisterError(_unreached(error, call)) from error
        status = response.status
        logger.debug("NoviApi %s %s: %s in %.2fs", method, path, status, time.monotonic() - started)
        try:
            answer = json.loads(response.body or b"{}")
        except ValueError:
            answer = {}
        if not isinstance(answer, dict):
            answer = {}
        if status < 300 or status in allow or (path == "/token" and status == 429):
            return status, answer
        raise RegisterError(_refusal(status, method, path, answer))


def _refusal(status: int, method: str, path: str, answer: dict) -> str:
    reason = _exception_text(answer)
    if status == 409:
        return _("The printer waits for its daily report to be printed before it takes more receipts (%(reason)s).") % {
            "reason": reason
        }
    if status == 507:
        return _("The printer's protected memory is full (%(reason)s).") % {"reason": reason}
    if status == 400:
        return _("The printer refused the receipt's data: %(reason)s") % {"reason": reason}
    return _("The printer answered %(status)s to %(call)s: %(reason)s") % {
        "status": status,
        "call": f"{method} /api/v1{path.split('?')[0]}",
        "reason": reason,
    }


def _moment(value: object) -> str:
    """When the printer gives tokens again, as it said it (an ISO datetime), else a placeholder."""
    try:
        datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return "?"
    return str(value)


def _unreached(error: OutboundError, call: str) -> str:
    """Why a call to the printer was not made or not answered, in our words (OutboundError's reason)."""
    host = error.host
    if error.reason == NOT_PUBLIC:
        return _("The printer's address %(host)s is not a public address; this server calls only public ones.") % {
            "host": host
        }
    if error.reason == UNRESOLVABLE:
        return _("The printer's address %(host)s does not resolve.") % {"host": host}
    if error.reason == BAD_URL:
        return _("The printer's address is not an http(s) address.")
    if error.reason == REDIRECT:
        return _(
            "The printer's address answered %(call)s with a redirect (%(status)s) to another address, which this "
            "server does not follow."
        ) % {"call": call, "status": error.status}
    if error.reason == TOO_LARGE:
        return _("The printer's answer to %(call)s is too large.") % {"call": call}
    if error.reason == TIMEOUT:
        reason = _("no answer in time")
    elif error.reason == TLS:
        reason = _("its TLS certificate was not accepted")
    else:
        reason = _("the connection failed")
    return _("The printer could not be reached (%(call)s): %(reason)s") % {"call": call, "reason": reason}
