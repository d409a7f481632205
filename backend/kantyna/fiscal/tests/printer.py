"""A Novitus printer's NoviApi server, played on 127.0.0.1 for the adapter's tests and the e2e run (no hardware).

It behaves as Novitus documents NoviApi 1.0.4 (see registers/noviapi.py): tokens are JWTs it signs with its unique
number as `iss`, expire, and are given at most `token_limit` times (then 429 with `allowed_refresh_date`); a
receipt is validated (400 "JSON Validation Error" with the failing paths), stored (201, STORED) and printed only
once confirmed (PUT); a daily report drops unconfirmed requests and those stored before the previous report. It
keeps what it printed (`printed`), the truth a test checks "never doubled" against.

A test steers it: `lose_answer("PUT")` does the next PUT's work and drops the connection before answering (a
timeout seen from the client), `hold(n)` keeps the next confirmed receipt PENDING for n status reads, `refuse(...)`
ends the next confirmed receipt in ERROR, `waiting_for_daily_report` answers 409, `device_error` reports a device
error while a receipt waits.

Run alone for the e2e run: `python -m kantyna.fiscal.tests.printer --port 8896` serves until killed; GET
/test/printed lists the printed receipts."""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import json
import re
import threading
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jsonschema

UNIQUE_NUMBER = "ABC12345678"

_AMOUNT = {"type": "string", "pattern": r"^\d{0,9}(\.\d{0,2})?$"}
_PAYMENT = {
    "type": "object",
    "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 24}, "value": _AMOUNT},
    "required": ["value"],
    "additionalProperties": False,
}
# The part of NoviApi's receipt schema (its OpenAPI `receipt` definition) that Kantyna's receipts use, with its
# lengths, patterns and closed objects.
RECEIPT_SCHEMA = {
    "type": "object",
    "required": ["receipt"],
    "additionalProperties": False,
    "properties": {
        "receipt": {
            "type": "object",
            "required": ["items", "summary"],
            "additionalProperties": False,
            "properties": {
                "items": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 255,
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "article": {
                                "type": "object",
                                "required": ["name", "ptu", "quantity", "price", "value"],
                                "additionalProperties": False,
                                "properties": {
                                    "name": {"type": "string", "minLength": 1, "maxLength": 60},
                                    "ptu": {"type": "string", "pattern": "^[A-G]$"},
                                    "quantity": {"type": "string", "pattern": r"^\d{0,9}(\.\d{0,6})?$"},
                                    "price": _AMOUNT,
                                    "value": _AMOUNT,
                                    "unit": {"type": "string", "minLength": 1, "maxLength": 4},
                                    "description": {"type": "string", "minLength": 1, "maxLength": 177},
                                },
                            }
                        },
                    },
                },
                "payments": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 16,
                    "items": {
                        "type": "object",
                        "minProperties": 1,
                        "maxProperties": 1,
                        "additionalProperties": False,
                        "properties": {
                            "cash": {
                                "type": "object",
                                "properties": {"value": _AMOUNT},
                                "required": ["value"],
                                "additionalProperties": False,
                            },
                            **dict.fromkeys(("card", "transfer", "other", "mobile", "voucher"), _PAYMENT),
                        },
                    },
                },
                "summary": {
                    "type": "object",
                    "required": ["total", "pay_in"],
                    "additionalProperties": False,
                    "properties": {"total": _AMOUNT, "pay_in": _AMOUNT, "change": _AMOUNT},
                },
                "system_info": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "cashier_name": {"type": "string", "minLength": 1, "maxLength": 32},
                        "cash_number": {"type": "string", "minLength": 1, "maxLength": 8},
                        "system_number": {
                            "type": "object",
                            "required": ["print_as", "value"],
                            "additionalProperties": False,
                            "properties": {
                                "print_as": {"enum": ["text", "barcode", "qrcode"]},
                                "value": {"type": "string", "minLength": 1, "maxLength": 512},
                            },
                        },
                    },
                },
            },
        }
    },
}
_VALIDATOR = jsonschema.Draft7Validator(RECEIPT_SCHEMA)


def _b64url(content: bytes) -> str:
    return base64.urlsafe_b64encode(content).rstrip(b"=").decode("ascii")


def _when(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Request:
    id: str
    body: dict
    status: str = "STORED"
    confirmed: bool = False
    jpkid: int | None = None
    error: dict | None = None
    held: int = 0
    report: int = 0  # the number of daily reports printed before it was stored


@dataclass
class Printer:
    unique_number: str = UNIQUE_NUMBER
    token_minutes: int = 20
    token_limit: int = 10
    secret: bytes = field(default_factory=lambda: uuid.uuid4().bytes)
    tokens: dict[str, datetime] = field(default_factory=dict)
    token_requests: int = 0
    requests: dict[str, Request] = field(default_factory=dict)
    printed: list[dict] = field(default_factory=list)
    calls: list[str] = field(default_factory=list)
    reports: int = 0
    waiting_for_daily_report: bool = False
    device_error: dict | None = None
    lost_answers: list[str] = field(default_factory=list)
    _hold: int = 0
    _refusal: dict | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    # --- steering --------------------------------------------------------------------------------------------

    def lose_answer(self, method: str) -> None:
        self.lost_answers.append(method)

    def hold(self, reads: int) -> None:
        self._hold = reads

    def refuse(self, code: int, description: str) -> None:
        self._refusal = {"code": code, "description": description}

    def expire_tokens(self) -> None:
        self.tokens = dict.fromkeys(self.tokens, datetime.now(UTC) - timedelta(seconds=1))

    def daily_report(self) -> None:
        """The printer's daily report: unconfirmed requests are dropped, and those stored before the previous
        report."""
        self.reports += 1
        self.waiting_for_daily_report = False
        self.requests = {
            key: request
            for key, request in self.requests.items()
            if request.confirmed and request.report >= self.reports - 1
        }

    # --- the protocol ----------------------------------------------------------------------------------------

    def new_token(self) -> tuple[int, dict]:
        if self.token_requests >= self.token_limit:
            allowed = datetime.now(UTC) + timedelta(hours=1)
            return 429, {
                "exception": {
                    "code": 2,
                    "description": "Too many token requests",
                    "allowed_refresh_date": _when(allowed),
                }
            }
        self.token_requests += 1
        expires = datetime.now(UTC).replace(microsecond=0) + timedelta(minutes=self.token_minutes)
        header = _b64url(json.dumps({"typ": "JWT", "alg": "HS256"}).encode())
        claims = {"iss": self.unique_number, "sub": "NoviApi", "exp": _when(expires), "jti": uuid.uuid4().hex}
        payload = _b64url(json.dumps(claims).encode())
        signature = _b64url(hmac.new(self.secret, f"{header}.{payload}".encode(), hashlib.sha256).digest())
        token = f"{header}.{payload}.{signature}"
        self.tokens[token] = expires
        return 200, {"token": token, "expiration_date": _when(expires)}

    def check_token(self, authorization: str) -> tuple[int, dict] | None:
        token = authorization.removeprefix("Bearer ").strip()
        if token not in self.tokens:
            return 401, {"exception": {"code": 4, "description": "Token not found"}}
        if self.tokens[token] <= datetime.now(UTC):
            return 401, {"exception": {"code": 3, "description": "Token expired"}}
        return None

    def refresh(self, authorization: str) -> tuple[int, dict]:
        refused = self.check_token(authorization)
        if refused:
            return refused
        del self.tokens[authorization.removeprefix("Bearer ").strip()]
        self.token_requests -= 1  # a refresh is not a new token
        return self.new_token()

    def store(self, body: object) -> tuple[int, dict]:
        if not isinstance(body, dict):
            return 400, {"exception": {"code": 7, "description": "JSON Parse Error"}}
        errors = sorted(_VALIDATOR.iter_errors(body), key=lambda error: list(error.absolute_path))
        if errors:
            paths = ["/".join(str(part) for part in error.absolute_path) + f" : {error.validator}" for error in errors]
            return 400, {"exception": {"code": 8, "description": "JSON Validation Error", "errors": paths[:10]}}
        if self.waiting_for_daily_report:
            return 409, self._daily_report_waits()
        request = Request(id=uuid.uuid4().hex, body=body, report=self.reports)
        self.requests[request.id] = request
        return 201, {"request": {"status": "STORED", "id": request.id}}

    def confirm(self, request_id: str) -> tuple[int, dict]:
        request = self.requests.get(request_id)
        if request is None:
            return 404, {"exception": {"code": 1, "description": "Not found"}}
        if self.waiting_for_daily_report:
            return 409, self._daily_report_waits()
        if not request.confirmed:
            request.confirmed = True
            request.status = "QUEUED"
            request.held, self._hold = self._hold, 0
            request.error, self._refusal = self._refusal, None
            self._work(request)
        return 200, {"request": {"status": "CONFIRMED", "id": request.id}}

    def status(self, request_id: str) -> tuple[int, dict]:
        request = self.requests.get(request_id)
        if request is None:
            return 404, {"exception": {"code": 1, "description": "Not found"}}
        if request.confirmed and request.status in ("QUEUED", "PENDING"):
            if request.held:
                request.held -= 1
            else:
                self._work(request)
        device = {"status": "ERROR", "error": self.device_error} if self.device_error else {"status": "OK"}
        answer: dict = {"status": request.status, "id": request.id}
        if request.jpkid is not None:
            answer["jpkid"] = request.jpkid
        if request.error and request.status == "ERROR":
            answer["error"] = request.error
        return 200, {"device": device, "request": answer}

    def _work(self, request: Request) -> None:
        """The printer takes a confirmed request: prints it when nothing holds it (a held one is PENDING)."""
        if request.held or self.device_error:
            request.status = "PENDING" if request.status != "STORED" else request.status
            return
        if request.error:
            request.status = "ERROR"
            return
        request.jpkid = len(self.printed) + 1
        request.status = "DONE"
        self.printed.append(request.body["receipt"])

    def _daily_report_waits(self) -> dict:
        return {
            "daily_report_id": "27955020fa76425f7de7dfe6ff4484e5",
            "exception": {"code": 11, "description": "Waiting for execute daily report"},
        }

    def answer(self, method: str, path: str, authorization: str, content: bytes) -> tuple[int, dict]:
        with self.lock:
            self.calls.append(f"{method} {path.split('?')[0]}")
            if path == "/test/printed":
                return 200, {"printed": self.printed}
            if path == "/api/v1":
                return 200, {}
            if path == "/api/v1/token":
                return self.new_token() if method == "GET" else self.refresh(authorization)
            refused = self.check_token(authorization)
            if refused:
                return refused
            match = re.fullmatch(r"/api/v1/receipt(?:/([0-9a-f]{32}))?", path.split("?")[0])
            if match is None:
                return 404, {"exception": {"code": 1, "description": "Not found"}}
            request_id = match.group(1)
            if method == "POST" and request_id is None:
                try:
                    body = json.loads(content)
                except ValueError:
                    body = None
                return self.store(body)
            if method == "PUT" and request_id:
                return self.confirm(request_id)
            if method == "GET" and request_id:
                return self.status(request_id)
            return 405, {"exception": {"code": 0, "description": "Method not allowed"}}


class _Handler(BaseHTTPRequestHandler):
    printer: Printer

    def _serve(self):
        length = int(self.headers.get("Content-Length") or 0)
        content = self.rfile.read(length) if length else b""
        status, answer = self.printer.answer(self.command, self.path, self.headers.get("Authorization", ""), content)
        with self.printer.lock:
            lost = self.command in self.printer.lost_answers
            if lost:
                self.printer.lost_answers.remove(self.command)
        if lost:
            # The work is done; the answer never reaches the client (a timeout, a dropped connection).
            self.close_connection = True
            return
        content = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        self.wfile.write(content)

    do_GET = do_POST = do_PUT = do_PATCH = _serve

    def log_message(self, format, *args):  # keep the test output quiet
        pass


class PrinterServer:
    """`with PrinterServer() as (printer, url):` a running printer whose NoviApi is at url."""

    def __init__(self, printer: Printer | None = None, port: int = 0):
        self.printer = printer or Printer()
        handler = type("Handler", (_Handler,), {"printer": self.printer})
        self.server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self):
        self.thread.start()
        return self.printer, self.url

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A Novitus printer's NoviApi, played locally (no hardware).")
    parser.add_argument("--port", type=int, default=8896)
    port = parser.parse_args().port
    server = PrinterServer(port=port)
    print(f"NoviApi printer at {server.url}", flush=True)
    server.server.serve_forever()
