"""Matching statement lines to payers, set-based: a constant number of queries whatever the number of lines
(20,000 credits parse and match in seconds). Each credit is matched by the payer's individual account number,
else by the payer's reference in the title, else suggested by name (and amount, between namesakes), else left
unmatched. Debits and other currencies are skipped; a credit whose fingerprint is already booked is marked
already imported. The account number and the reference are the ledger's rules (`payer_from_nrb`,
`payers_referenced`): what /billing shows a payer is what is matched here."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from decimal import Decimal
from itertools import pairwise

from django.db.models import Sum

from kantyna.core.permissions import CUSTOMER_ROLES
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.selectors import payer_bank_part, payer_from_nrb, payers_referenced
from kantyna.ledger.services import balance_per_children
from kantyna.people.models import Child
from kantyna.statements.models import MatchKind
from kantyna.statements.parsers import NRB_IN_TEXT, Line
from kantyna.users.models import User

CURRENCY = "PLN"
KEY_PREFIX = "statement:"


@dataclass
class Match:
    fingerprint: str
    kind: str
    skip_reason: str = ""
    user_id: int | None = None
    child_id: int | None = None


def ledger_key(fingerprint: str) -> str:
    """The idempotency key of the deposit booked for a credit."""
    return KEY_PREFIX + fingerprint


def fingerprints(lines: list[Line]) -> list[str]:
    """A stable id per line: the bank's reference with the date and amount when there is one, else a hash of
    date, amount, sender account, title and the line's rank among identical lines of the file (two equal
    transfers on one day stay two; the same transfer in an overlapping statement gets the same id)."""
    seen: Counter = Counter()
    result = []
    for line in lines:
        if line.bank_reference:
            parts = ("ref", line.bank_reference.strip().upper(), line.booked_on.isoformat(), str(line.amount))
        else:
            base = (
                line.booked_on.isoformat(),
                str(line.amount),
                line.sender_account,
                " ".join(line.title.split()).upper(),
            )
            seen[base] += 1
            parts = ("line", *base, str(seen[base]))
        result.append(hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:40])
    return result


def normalized(text: str) -> str:
    text = unicodedata.normalize("NFKD", (text or "").replace("ł", "l").replace("Ł", "L"))
    text = re.sub(r"[^a-z0-9]", " ", "".join(c for c in text if not unicodedata.combining(c)).lower())
    # Banks cut a name into 27-character subfields and join them without a space: letters and digits part.
    return re.sub(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])", " ", text)


def _account_candidates(line: Line) -> list[str]:
    numbers = [line.counter_account] if line.counter_account else []
    numbers += [re.sub(r"\s", "", found) for found in NRB_IN_TEXT.findall(line.title)]
    return numbers


def statement_match(lines: list[Line]) -> list[Match]:
    """One `Match` per line, in order."""
    prints = fingerprints(lines)
    booked = set(
        LedgerTransaction.objects.filter(idempotency_key__in=[ledger_key(fp) for fp in prints]).values_list(
            "idempotency_key", flat=True
        )
    )
    bank_part = payer_bank_part()
    matches: list[Match] = []
    first_seen: set[str] = set()
    proposed: dict[int, tuple[str, set[int]]] = {}  # line index -> (kind, candidate payer ids)
    for index, (line, fingerprint) in enumerate(zip(lines, prints, strict=True)):
        match = Match(fingerprint=fingerprint, kind=MatchKind.NONE)
        matches.append(match)
        if line.amount <= 0:
            match.kind, match.skip_reason = MatchKind.SKIPPED, "debit"
            continue
        if line.currency != CURRENCY:
            match.kind, match.skip_reason = MatchKind.SKIPPED, "currency"
            continue
        if ledger_key(fingerprint) in booked or fingerprint in first_seen:
            match.kind = MatchKind.ALREADY_IMPORTED
            continue
        first_seen.add(fingerprint)
        by_account = {
            user_id
            for number in _account_candidates(line)
            if (user_id := payer_from_nrb(bank_part=bank_part, number=number))
        }
        if by_account:
            proposed[index] = (MatchKind.ACCOUNT, by_account)
            continue
        by_title = payers_referenced(line.title)
        if by_title:
            proposed[index] = (MatchKind.TITLE, by_title)

    candidate_ids = {user_id for _kind, ids in proposed.values() for user_id in ids}
    payers = set(_payers().filter(pk__in=candidate_ids).values_list("pk", flat=True)) if candidate_ids else set()
    for index, (kind, ids) in proposed.items():
        ids = ids & payers
        if len(ids) == 1:
            matches[index].kind, matches[index].user_id = kind, ids.pop()

    _suggest(lines, matches)
    _children(matches)
    return matches


def _payers():
    return User.objects.filter(roles__overlap=list(CUSTOMER_ROLES), archived_at__isnull=True)


def _suggest(lines: list[Line], matches: list[Match]) -> None:
    """Unmatched credits whose sender's name holds a payer's first and last name (either order) are suggested
    that payer; between namesakes, the one whose debt equals the amount. One query for the names, one for the
    namesakes' balances."""
    open_lines = [index for index, match in enumerate(matches) if match.kind == MatchKind.NONE]
    if not open_lines:
        return
    by_name: dict[tuple[str, str], set[int]] = defaultdict(set)
    for pk, first, last in _payers().values_list("pk", "first_name", "last_name"):
        first, last = normalized(first).split(), normalized(last).split()
        if first and last:
            by_name[(first[0], last[-1])].add(pk)
            by_name[(last[-1], first[0])].add(pk)
    candidates: dict[int, set[int]] = {}
    for index in open_lines:
        words = normalized(lines[index].sender_name).split()
        found: set[int] = set()
        for pair in pairwise(words):
            found |= by_name.get(pair, set())
        if found:
            candidates[index] = found
    namesakes = {pk for found in candidates.values() if len(found) > 1 for pk in found}
    debts = {}
    if namesakes:
        debts = {
            row["user_id"]: -(row["total"] or Decimal(0))
            for row in LedgerAccount.objects.filter(user_id__in=namesakes)
            .values("user_id")
            .annotate(total=Sum("balance"))
            .order_by()
        }
    for index, found in candidates.items():
        if len(found) > 1:
            found = {pk for pk in found if debts.get(pk) == lines[index].amount}
        if len(found) == 1:
            matches[index].kind, matches[index].user_id = MatchKind.SUGGESTED, found.pop()


def _children(matches: list[Match]) -> None:
    """With balances kept per child, a payer with one child is credited on that child's account; with several,
    on their own account until an admin picks a child (one query)."""
    if not balance_per_children():
        return
    users = {match.user_id for match in matches if match.user_id}
    if not users:
        return
    children: dict[int, list[int]] = defaultdict(list)
    for pk, parent_id in Child.objects.filter(parent_id__in=users).values_list("pk", "parent_id"):
        children[parent_id].append(pk)
    for match in matches:
        if match.user_id and len(children.get(match.user_id, [])) == 1:
            match.child_id = children[match.user_id][0]
