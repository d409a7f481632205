"""The import contract (backend/.importlinter) holds on the real tree and catches a back-import.

The broken cases run the real contract against a copy of the package in a temporary directory, with one
module added, so the check is the one CI runs (`lint-imports`), not a re-implementation of it.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BACKEND = Path(__file__).resolve().parents[3]
CONFIG = BACKEND / ".importlinter"


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    code = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    return subprocess.run(
        [sys.executable, "-c", code, "--no-logo", "--no-cache", str(CONFIG)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def package_copy(tmp_path):
    shutil.copytree(BACKEND / "kantyna", tmp_path / "kantyna", ignore=shutil.ignore_patterns("__pycache__", "locale"))
    return tmp_path


def test_the_real_tree_keeps_the_contract():
    result = lint_imports(BACKEND)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 3 kept, 0 broken." in result.stdout


def test_a_back_import_inside_a_function_breaks_the_layers(package_copy):
    # Inside a function on purpose: hiding an import from module level does not dodge the contract.
    (package_copy / "kantyna/core/back_import.py").write_text(
        "def orders():\n    from kantyna.ordering.models import Order\n\n    return Order\n"
    )
    result = lint_imports(package_copy)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Domain apps depend downwards only BROKEN" in result.stdout
    assert "kantyna.core is not allowed to import kantyna.ordering" in result.stdout
    assert "kantyna.core.back_import -> kantyna.ordering.models" in result.stdout


def test_a_domain_module_importing_an_api_package_breaks_the_contract(package_copy):
    (package_copy / "kantyna/ordering/back_import.py").write_text(
        "from kantyna.ordering.api import orders_serializers as serializers\n\nSERIALIZERS = serializers\n"
    )
    result = lint_imports(package_copy)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Only entry points and tests import api packages BROKEN" in result.stdout
    assert "kantyna.ordering.back_import" in result.stdout


def test_an_api_package_importing_one_above_it_breaks_the_api_layers(package_copy):
    (package_copy / "kantyna/pricing/api/back_import.py").write_text(
        "from kantyna.ordering.api import orders_serializers as serializers\n\nSERIALIZERS = serializers\n"
    )
    result = lint_imports(package_copy)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Api packages depend downwards only BROKEN" in result.stdout
    assert "kantyna.pricing.api is not allowed to import kantyna.ordering.api" in result.stdout
