"""``cardgen.export.bsformat``: stable ids, the revision number of a version, the XML writer."""

from __future__ import annotations

import uuid

import pytest

from cardgen.export.bsformat import MAX_REVISION, Document, revision_of, stable_id


def test_an_id_is_a_uuid5_of_the_content_id():
    assert stable_id("unit", "sturmtruppe") == str(uuid.uuid5(uuid.NAMESPACE_URL, "universalis:unit:sturmtruppe"))
    assert stable_id("unit", "sturmtruppe") != stable_id("weapon", "sturmtruppe")


@pytest.mark.parametrize("version, revision", [
    ("1", 1_000_000), ("1.2", 1_002_000), ("1.2.3", 1_002_003), ("v1.10", 1_010_000), ("2024-03", 2_024_003_000),
    ("v3.0-beta", 3_000_000), ("beta", None), (None, None), ("0", None), ("0.0.1", 1), ("9999", None),
])
def test_the_revision_of_a_version(version, revision):
    assert revision_of(version) == revision


def test_a_later_version_has_a_larger_revision():
    versions = ["0.9", "0.10", "1.0", "1.0.1", "1.2", "1.10", "2.0"]
    numbers = [revision_of(v) for v in versions]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    assert all(n is not None and n <= MAX_REVISION for n in numbers)


def test_a_document_writes_its_namespace_and_keeps_the_attributes_order():
    doc = Document("urn:x", "root", {"id": "1", "name": "R"})
    doc.add(doc.add(doc.root, "list"), "item", {"b": "2", "a": "1"}, "Ä & <")
    assert doc.to_bytes() == (b"<?xml version='1.0' encoding='utf-8'?>\n"
                              b'<root id="1" name="R" xmlns="urn:x">\n  <list>\n'
                              b'    <item b="2" a="1">\xc3\x84 &amp; &lt;</item>\n  </list>\n</root>\n')
