"""The official FA(3) schema files are stored byte for byte: each hashes to the SHA-256 its README lists (the
values published for the crd.gov.pl downloads), none is missing or unlisted, and the schema loads offline."""

from __future__ import annotations

import hashlib
import re

from lxml import etree

from kantyna.invoices.ksef.fa3 import SCHEMA_DIR, fa3_schema

# The Ministry's published hashes, also in the README's table: a change to either side fails the test.
OFFICIAL_SHA256 = {
    "schemat.xsd": "b646b6b525f51adf1bb2545f111fc8ca6e7aa6dd2f98948f1667d3695c06d958",
    "StrukturyDanych_v10-0E.xsd": "1137ce6e3c11c2b9ef3f05e4e72d6dcd6b4fa94908ea558f2ba15de0259bb2aa",
    "ElementarneTypyDanych_v10-0E.xsd": "8a531cb181d3e298d11b28766655ae91fee2d7851440095932ffc82137ed2be1",
    "KodyKrajow_v10-0E.xsd": "1d41a1b3184188f2d20a51d3afde26204dda182ec5dacf018204dcc9870dc644",
}


def readme_table() -> dict[str, str]:
    readme = (SCHEMA_DIR / "README.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^\| `([^`]+\.xsd)` \| \S+ \| `([0-9a-f]{64})` \|$", readme, flags=re.MULTILINE))


def test_every_schema_file_hashes_to_its_readme_value():
    table = readme_table()
    assert table == OFFICIAL_SHA256
    on_disk = {path.name for path in SCHEMA_DIR.glob("*.xsd")}
    assert on_disk == set(table)
    for name, expected in table.items():
        assert hashlib.sha256((SCHEMA_DIR / name).read_bytes()).hexdigest() == expected, name


def test_the_readme_names_the_crd_sources():
    readme = (SCHEMA_DIR / "README.md").read_text(encoding="utf-8")
    assert "https://crd.gov.pl/wzor/2025/06/25/13775/schemat.xsd" in readme
    for name in ("StrukturyDanych", "ElementarneTypyDanych", "KodyKrajow"):
        assert f"http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/{name}_v10-0E.xsd" in readme


def test_the_schema_loads_from_the_local_files_only():
    schema = fa3_schema()
    assert isinstance(schema, etree.XMLSchema)
    # The imports keep their crd.gov.pl URLs: the files are unedited and the resolver maps them here.
    main = (SCHEMA_DIR / "schemat.xsd").read_text(encoding="utf-8")
    assert 'schemaLocation="http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/' in main
