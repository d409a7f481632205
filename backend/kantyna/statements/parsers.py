"""Bank statement formats: MT940 (with the Polish `:86:` subfields), ISO 20022 camt.053 and CSV exports read
through a column profile. Each parser turns the file's bytes into `Line`s (credits, debits, other currencies:
the caller decides what to book) or raises `StatementUnreadable`; nothing here touches the database."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

import mt940
from defusedxml import ElementTree as SafeET

from kantyna.core.money import to_grosze

FORMATS = ("mt940", "camt053", "csv")
MAX_LINES = 200_000


class StatementUnreadable(Exception):
    """The file is not a statement of the given format, or it is damaged."""


@dataclass
class Line:
    """One statement line: `amount` is positive for a credit (money in) and negative for a debit."""

    booked_on: date
    amount: Decimal
    currency: str
    sender_name: str = ""
    sender_account: str = ""
    title: str = ""
    counter_account: str = ""  # the account credited (an individual account number when the bank gives it)
    bank_reference: str = ""


@dataclass(frozen=True)
class CsvProfile:
    """How a bank lays out its CSV export: the header line's column names for each field (compared without case),
    the separator, the decimal mark, the encoding and the date format. `debit_credit` names a column holding the
    direction (its credit value in `credit_mark`) when amounts are unsigned."""

    name: str
    label: str
    separator: str
    encoding: str
    date_formats: tuple[str, ...]
    date: tuple[str, ...]
    amount: tuple[str, ...]
    currency: tuple[str, ...] = ()
    sender_name: tuple[str, ...] = ()
    sender_account: tuple[str, ...] = ()
    title: tuple[str, ...] = ()
    counter_account: tuple[str, ...] = ()
    reference: tuple[str, ...] = ()
    decimal_comma: bool = True
    debit_credit: tuple[str, ...] = ()
    credit_mark: str = ""


# Column names as the banks' own exports spell them; matched without case, the first found wins. The banks
# change their exports now and then: the generic profile reads any file whose header names these fields.
CSV_PROFILES = {
    profile.name: profile
    for profile in (
        CsvProfile(
            name="generic",
            label="Generic (date;amount;currency;sender;sender account;title;account;reference)",
            separator=";",
            encoding="utf-8",
            date_formats=("%Y-%m-%d", "%d.%m.%Y", "%d-%m-%Y"),
            date=("date", "data", "data operacji", "data księgowania"),
            amount=("amount", "kwota"),
            currency=("currency", "waluta"),
            sender_name=("sender", "sender name", "nadawca", "kontrahent"),
            sender_account=("sender account", "rachunek nadawcy", "konto nadawcy"),
            title=("title", "tytuł", "tytuł operacji", "opis"),
            counter_account=("account", "rachunek", "rachunek wirtualny"),
            reference=("reference", "id", "identyfikator", "numer referencyjny"),
        ),
        CsvProfile(
            name="pko_bp",
            label="PKO BP (CSV, cp1250)",
            separator=",",
            encoding="cp1250",
            date_formats=("%Y-%m-%d",),
            date=("data operacji",),
            amount=("kwota",),
            currency=("waluta",),
            sender_name=("dane kontrahenta", "nazwa kontrahenta"),
            sender_account=("rachunek kontrahenta", "konto kontrahenta"),
            title=("tytuł", "opis transakcji"),
            counter_account=("rachunek wirtualny",),
            reference=("numer referencyjny", "identyfikator transakcji"),
            decimal_comma=False,
        ),
        CsvProfile(
            name="mbank",
            label="mBank (CSV, cp1250)",
            separator=";",
            encoding="cp1250",
            date_formats=("%Y-%m-%d", "%d-%m-%Y"),
            date=("#data operacji", "data operacji", "#data księgowania"),
            amount=("#kwota", "kwota"),
            currency=("#waluta", "waluta"),
            sender_name=("#nadawca/odbiorca", "#dane kontrahenta", "nadawca/odbiorca"),
            sender_account=("#rachunek", "#numer konta", "#rachunek kontrahenta", "numer konta"),
            title=("#tytuł", "#opis operacji", "tytuł"),
            counter_account=("#rachunek wirtualny",),
            reference=("#numer referencyjny",),
        ),
        CsvProfile(
            name="ing",
            label="ING Bank Śląski (CSV, cp1250)",
            separator=";",
            encoding="cp1250",
            date_formats=("%Y-%m-%d",),
            date=("data transakcji", "data księgowania"),
            amount=("kwota transakcji (waluta rachunku)", "kwota"),
            currency=("waluta",),
            sender_name=("dane kontrahenta",),
            sender_account=("nr rachunku",),
            title=("tytuł",),
            counter_account=("rachunek wirtualny",),
            reference=("nr transakcji",),
        ),
    )
}

NRB_IN_TEXT = re.compile(r"(?<!\d)(?:PL)?\s*(\d{2}(?:\s?\d{4}){6})(?!\d)")


def digits_of_account(text: str) -> str:
    """An account number without spaces and the country code: the 26-digit NRB when it is one."""
    value = re.sub(r"[\s-]", "", text or "").upper()
    return value[2:] if value.startswith("PL") and len(value) == 28 else value


def _amount(text: str, *, decimal_comma: bool) -> Decimal:
    value = re.sub(r"[A-Za-z]{3}$", "", (text or "").strip()).replace("\xa0", "").replace(" ", "")
    value = value.replace(".", "").replace(",", ".") if decimal_comma else value.replace(",", "")
    try:
        amount = Decimal(value)
    except (InvalidOperation, ValueError) as error:
        raise StatementUnreadable(f"bad amount {text!r}") from error
    return _money(amount, text)


def _money(amount: Decimal, text: str) -> Decimal:
    """`amount` in grosze precision, refused when NaN, infinite or past the money column (10 digits before the
    point): every format's amounts pass here, so none reaches the database as a value it cannot hold."""
    if not (amount.is_finite() and abs(amount) < Decimal("1e10")):
        raise StatementUnreadable(f"bad amount {text!r}")
    try:
        return to_grosze(amount)
    except (InvalidOperation, ValueError) as error:
        raise StatementUnreadable(f"bad amount {text!r}") from error


def _date(text: str, formats: tuple[str, ...]) -> date:
    for form in formats:
        try:
            return datetime.strptime(text.strip(), form).date()
        except ValueError:
            continue
    raise StatementUnreadable(f"bad date {text!r}")


def _decode(data: bytes, encodings: tuple[str, ...] = ("utf-8-sig", "cp1250")) -> str:
    if b"\x00" in data:
        raise StatementUnreadable("binary data")
    for encoding in encodings:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise StatementUnreadable("unknown encoding")


def detect_format(data: bytes) -> str | None:
    """The format a file's first bytes show: camt.053 XML, MT940 (`:20:` and `:61:` tags), else CSV when the
    first line has separators; None when it is none of them."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \r\n\t")
    if head.startswith(b"<") and b"camt.053" in data[:8192]:
        return "camt053"
    if re.search(rb"(^|\n|\{4:\r?\n?):20:", head) and b":61:" in data:
        return "mt940"
    # A bank's CSV export may start with a few lines about the account before its header.
    if any(line.count(b";") >= 2 or line.count(b",") >= 2 for line in head.split(b"\n")[:30]):
        return "csv"
    return None


# --- MT940 ------------------------------------------------------------------------------------------------------

SUBFIELD = re.compile(r"[~^?<](\d{2})")


def polish_details(details: str) -> dict[str, str]:
    """The Polish `:86:` field (ZBP layout, as PKO BP, Pekao, ING, mBank, Millennium export it): a 3-digit
    transaction code, then subfields `~NN` (some banks mark them `^NN`, `?NN` or `<NN`): 20-25 the title,
    27-29 and 32-33 the counterparty's name (and address), 30 + 31 or 38 their account. Lines are joined first."""
    text = "".join(part.strip("\r") for part in details.split("\n"))
    parts: dict[str, list[str]] = {}
    matches = list(SUBFIELD.finditer(text))
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        parts.setdefault(match.group(1), []).append(text[match.end() : end])

    def joined(*keys: str, sep: str = "") -> str:
        return sep.join(value for key in keys for value in parts.get(key, []) if value).strip()

    name = joined("32", "33", sep="") or joined("27", "28", sep=" ")
    account = joined("38") or (joined("30") + joined("31"))
    title = joined("20", "21", "22", "23", "24", "25", "26")
    if not matches:
        title = text[3:].strip() if text[:3].isdigit() else text.strip()
    return {
        "title": title,
        "name": name,
        "account": digits_of_account(account),
        "extra": joined("60", "61", "62", "63", sep=" "),
    }


def parse_mt940(data: bytes) -> list[Line]:
    text = _decode(data).replace("\r\n", "\n")
    if ":61:" not in text or ":20:" not in text:
        raise StatementUnreadable("no MT940 tags")
    try:
        transactions = mt940.models.Transactions()
        transactions.parse(text)
    except Exception as error:  # the parser raises many kinds on damaged input
        raise StatementUnreadable(str(error)) from error
    opening = transactions.data.get("final_opening_balance") or transactions.data.get("opening_balance")
    statement_currency = getattr(getattr(opening, "amount", None), "currency", None) or "PLN"
    lines = []
    for transaction in transactions:
        values = transaction.data
        amount = values.get("amount")
        booked = values.get("entry_date") or values.get("date")
        if amount is None or booked is None:
            raise StatementUnreadable("a :61: line without amount or date")
        details = polish_details(values.get("transaction_details") or "")
        reference = (values.get("bank_reference") or "").strip()
        if not reference or reference.upper() == "NONREF":
            reference = (values.get("customer_reference") or "").strip()
        reference = "" if reference.upper() == "NONREF" else reference
        extra = " ".join(filter(None, (values.get("extra_details") or "", details["extra"])))
        counter = _counter_account(extra)
        lines.append(
            Line(
                booked_on=date(booked.year, booked.month, booked.day),
                amount=_money(Decimal(amount.amount), str(amount.amount)),
                currency=(amount.currency or statement_currency or "PLN").upper(),
                sender_name=details["name"],
                sender_account=details["account"],
                title=details["title"],
                counter_account=counter,
                bank_reference=reference,
            )
        )
    if not lines:
        raise StatementUnreadable("no transactions")
    return lines


def _counter_account(text: str) -> str:
    match = NRB_IN_TEXT.search(text or "")
    return re.sub(r"\s", "", match.group(1)) if match else ""


# --- camt.053 ---------------------------------------------------------------------------------------------------


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _find(element, *path: str):
    """The first descendant along `path` (local names, namespaces ignored), or None."""
    current = [element]
    for name in path:
        found = []
        for node in current:
            found.extend(child for child in node if _local(child.tag) == name)
        if not found:
            return None
        current = found
    return current[0]


def _text(element, *path: str) -> str:
    node = _find(element, *path) if path else element
    return (node.text or "").strip() if node is not None and node.text else ""


def _iter(element, name: str):
    return (node for node in element.iter() if _local(node.tag) == name)


def _party(parties, role: str) -> tuple[str, str]:
    """A related party's name and account (IBAN, else another id) under `Dbtr`/`Cdtr`."""
    if parties is None:
        return "", ""
    name = _text(parties, role, "Nm") or _text(parties, role, "Pty", "Nm")
    account = _text(parties, f"{role}Acct", "Id", "IBAN") or _text(parties, f"{role}Acct", "Id", "Othr", "Id")
    return name, digits_of_account(account)


def _camt_line(entry, detail, *, amount: Decimal, currency: str, booked_on: date) -> Line:
    credit = amount > 0
    parties = _find(detail, "RltdPties")
    name, account = _party(parties, "Dbtr" if credit else "Cdtr")
    _name, counter = _party(parties, "Cdtr" if credit else "Dbtr")
    reference = next(
        (
            value
            for value in (
                _text(detail, "Refs", "AcctSvcrRef"),
                _text(detail, "Refs", "TxId"),
                _text(entry, "AcctSvcrRef"),
                _text(detail, "Refs", "EndToEndId"),
            )
            if value and value.upper() != "NOTPROVIDED"
        ),
        "",
    )
    return Line(
        booked_on=booked_on,
        amount=amount,
        currency=currency,
        sender_name=name,
        sender_account=account,
        title=" ".join(_text(node) for node in _iter(detail, "Ustrd")).strip(),
        counter_account=counter,
        bank_reference=reference,
    )


def _detail_amount(detail) -> Decimal | None:
    """A batch part's own amount: `TxDtls/Amt` (camt.053.001.08 and later), else `AmtDtls/TxAmt/Amt` (.02), else
    the instructed amount; None when the part carries none (then only the entry's total is known)."""
    for path in (("Amt",), ("AmtDtls", "TxAmt", "Amt"), ("AmtDtls", "InstdAmt", "Amt")):
        node = _find(detail, *path)
        if node is not None:
            return _amount(node.text or "", decimal_comma=False)
    return None


def parse_camt053(data: bytes) -> list[Line]:
    """Entries (`Ntry`) of every statement; a batch entry with several transaction details gives one line each,
    with its own amount, when the parts' amounts are given and add up to the entry. Parsed by defusedxml: no DTDs,
    no entities, no external references."""
    try:
        root = SafeET.fromstring(data)
    except Exception as error:  # ParseError, DTD/entity refusals (defusedxml)
        raise StatementUnreadable(str(error)) from error
    if _local(root.tag) != "Document" or _find(root, "BkToCstmrStmt") is None:
        raise StatementUnreadable("not a camt.053 document")
    lines = []
    for statement in _iter(root, "Stmt"):
        for entry in (node for node in statement if _local(node.tag) == "Ntry"):
            amount_node = _find(entry, "Amt")
            if amount_node is None:
                raise StatementUnreadable("an entry without amount")
            sign = -1 if _text(entry, "CdtDbtInd") == "DBIT" else 1
            amount = _amount(amount_node.text or "", decimal_comma=False) * sign
            booked = (
                _text(entry, "BookgDt", "Dt") or _text(entry, "BookgDt", "DtTm")[:10] or _text(entry, "ValDt", "Dt")
            )
            try:
                booked_on = date.fromisoformat(booked)
            except ValueError as error:
                raise StatementUnreadable(f"bad date {booked!r}") from error
            currency = (amount_node.get("Ccy") or "PLN").upper()
            details = list(_iter(entry, "TxDtls"))
            if len(details) > 1:
                parts = [_detail_amount(detail) for detail in details]
                if None in parts or sum(parts) != abs(amount):
                    # A batch whose parts are not all given, or do not add up to what arrived: crediting each part
                    # with a guess could book more than the bank received. One line for the whole entry, which the
                    # matcher leaves to the admin (its details name several payers).
                    lines.append(
                        Line(
                            booked_on=booked_on,
                            amount=amount,
                            currency=currency,
                            title=_text(entry, "AddtlNtryInf"),
                            bank_reference=_text(entry, "AcctSvcrRef"),
                        )
                    )
                    continue
                for index, (detail, part) in enumerate(zip(details, parts, strict=True), start=1):
                    line = _camt_line(entry, detail, amount=part * sign, currency=currency, booked_on=booked_on)
                    if line.bank_reference == _text(entry, "AcctSvcrRef"):
                        # The entry's reference is shared by its parts: each part's own, or they would share one
                        # fingerprint and the second would look already imported.
                        line.bank_reference = f"{line.bank_reference}/{index}" if line.bank_reference else ""
                    lines.append(line)
                continue
            lines.append(
                _camt_line(
                    entry, details[0] if details else entry, amount=amount, currency=currency, booked_on=booked_on
                )
            )
    if not lines:
        raise StatementUnreadable("no entries")
    return lines


# --- CSV --------------------------------------------------------------------------------------------------------


def parse_csv(data: bytes, profile: CsvProfile) -> list[Line]:
    text = _decode(
        data, (profile.encoding, "utf-8-sig", "cp1250") if profile.encoding != "utf-8" else ("utf-8-sig", "cp1250")
    )
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=profile.separator))
    except csv.Error as error:  # e.g. an unclosed quote running past the reader's field size limit
        raise StatementUnreadable(str(error)) from error
    header_index = None
    columns: dict[str, int] = {}
    for index, row in enumerate(rows[:30]):  # banks put account details above the header
        names = [cell.strip().lower() for cell in row]
        if any(name in names for name in profile.date) and any(name in names for name in profile.amount):
            header_index = index
            for field in ("date", "amount", "currency", "sender_name", "sender_account", "title", "counter_account",
                          "reference", "debit_credit"):  # fmt: skip
                for candidate in getattr(profile, field):
                    if candidate in names:
                        columns[field] = names.index(candidate)
                        break
            break
    if header_index is None:
        raise StatementUnreadable("no header with a date and an amount column")

    def cell(row: list[str], field: str) -> str:
        position = columns.get(field)
        return row[position].strip() if position is not None and position < len(row) else ""

    lines = []
    for row in rows[header_index + 1 :]:
        if not any(cell_text.strip() for cell_text in row) or row[0].strip().startswith("#"):
            continue  # blank, or a bank's summary line (mBank marks them with "#")
        if not cell(row, "date") and not cell(row, "amount"):
            continue  # a footer (totals, balances)
        amount = _amount(cell(row, "amount"), decimal_comma=profile.decimal_comma)
        if "debit_credit" in columns and cell(row, "debit_credit").lower() != profile.credit_mark.lower():
            amount = -abs(amount)
        lines.append(
            Line(
                booked_on=_date(cell(row, "date"), profile.date_formats),
                amount=amount,
                currency=(cell(row, "currency") or "PLN").upper(),
                sender_name=cell(row, "sender_name"),
                sender_account=digits_of_account(cell(row, "sender_account")),
                title=cell(row, "title"),
                counter_account=digits_of_account(cell(row, "counter_account")),
                bank_reference=cell(row, "reference"),
            )
        )
        if len(lines) > MAX_LINES:
            raise StatementUnreadable("too many lines")
    if not lines:
        raise StatementUnreadable("no lines")
    return lines


def parse_statement(data: bytes, *, file_format: str | None, profile: str = "generic") -> tuple[str, list[Line]]:
    """The file's lines and its format (`file_format`, or detected when None)."""
    file_format = file_format or detect_format(data)
    if file_format == "mt940":
        return file_format, parse_mt940(data)
    if file_format == "camt053":
        return file_format, parse_camt053(data)
    if file_format == "csv":
        return file_format, parse_csv(data, CSV_PROFILES.get(profile) or CSV_PROFILES["generic"])
    raise StatementUnreadable("unknown format")
