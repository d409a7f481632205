"""Every kind of action the services record reads as words in the activity list, in Polish and in English: the
SPA words each action code (frontend/src/locales/{pl,en}/usersActivity.json, `actions.<code, dots as
underscores>`). The codes are read from the source: each literal "area.verb" given to a call as `action`, and the
values of the few codes built at run time, listed here by their call site so a new one fails until listed."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from kantyna.tenant_settings.sections import SECTIONS

BACKEND = Path(__file__).resolve().parents[3]
SOURCE = BACKEND / "kantyna"
LOCALES = BACKEND.parent / "frontend" / "src" / "locales"

CODE = re.compile(r"^[a-z_]+(?:\.[a-z_]+)+$")
NAMES = {"action", "audit_action"}  # `audit_action`: the ledger's bulk posting records its caller's code

# Codes built at run time: (file, the f-string's source) -> the codes it can make.
BUILT_CODES = {
    ("people/services/children.py", 'f"child.{action}"'): [
        "child.activate",
        "child.deactivate",
        "child.archive",
        "child.unarchive",
    ],
    ("users/services/accounts.py", 'f"user.profile.{section}"'): [
        "user.profile.phone_numbers",
        "user.profile.invoices_settings",
        "user.profile.notifications_settings",
        "user.profile.calendar_settings",
    ],
    ("tenant_settings/services.py", 'f"settings.{key}"'): [f"settings.{key}" for key in SECTIONS],
}


def _sources():
    for path in sorted(SOURCE.rglob("*.py")):
        relative = path.relative_to(SOURCE).as_posix()
        if "/tests/" in f"/{relative}" or relative.startswith("testing/") or "/migrations/" in relative:
            continue
        text = path.read_text()
        yield relative, text, ast.parse(text)


def _action_values(tree: ast.AST):
    """The expressions given as an action: `action=...` / `audit_action=...` arguments of any call (an audited
    service passes its code on), and the defaults of such parameters."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield from (keyword.value for keyword in node.keywords if keyword.arg in NAMES)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            positional = arguments.posonlyargs + arguments.args
            pairs = list(zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True))
            pairs += [(arg, default) for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)]
            yield from (default for arg, default in pairs if arg.arg in NAMES and default is not None)


def recorded_actions() -> set[str]:
    codes: set[str] = set()
    for _relative, _text, tree in _sources():
        for value in _action_values(tree):
            codes |= {
                node.value
                for node in ast.walk(value)
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.match(node.value)
            }
    for built in BUILT_CODES.values():
        codes |= set(built)
    return codes


def _built_sites() -> set[tuple[str, str]]:
    return {
        (relative, ast.get_source_segment(text, value))
        for relative, text, tree in _sources()
        for value in _action_values(tree)
        for node in ast.walk(value)
        if isinstance(node, ast.JoinedStr)
    }


def test_every_action_code_built_at_run_time_is_listed():
    assert _built_sites() == set(BUILT_CODES)


def test_the_source_records_the_actions_people_meet():
    codes = recorded_actions()
    assert {"ledger.post", "automark.charge", "order_items.place", "absence.mark", "settings.orders_config"} <= codes
    assert len(codes) > 100


@pytest.mark.parametrize("language", ["pl", "en"])
def test_every_recorded_action_has_a_description(language):
    texts = json.loads((LOCALES / language / "usersActivity.json").read_text())["actions"]
    missing = sorted(code for code in recorded_actions() if not str(texts.get(code.replace(".", "_"), "")).strip())
    assert missing == []
