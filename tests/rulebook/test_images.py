"""Image lookup: document folder, then asset folders; ../ dropped in asset folders; a .png is never
silently drawn by the project's own .svg (tests/rulebook/test_images_project.py: the hints)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.rulebook.images import resolve_image


@pytest.fixture
def tree(tmp_path) -> tuple[Path, Path]:
    doc = tmp_path / "book"
    assets = tmp_path / "assets"
    for path in (doc / "Grafiken" / "eigen.svg", assets / "Grafiken" / "Marker" / "brennen.svg",
                 assets / "Grafiken" / "logo.svg", assets / "Grafiken" / "Waffe" / "unhandlich.svg",
                 doc / "Grafiken" / "Größe" / "groß.svg", tmp_path / "secret.svg"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("<svg/>", encoding="utf-8")
    return doc, assets


@pytest.mark.parametrize("src,expected", [
    ("Grafiken/eigen.svg", "book/Grafiken/eigen.svg"),
    ("Grafiken/Größe/groß.svg", "book/Grafiken/Größe/groß.svg"),
    ("Grafiken/Gr%C3%B6%C3%9Fe/gro%C3%9F.svg", "book/Grafiken/Größe/groß.svg"),
    ("Grafiken/Marker/brennen.svg", "assets/Grafiken/Marker/brennen.svg"),
    ("../Grafiken/logo.svg", "assets/Grafiken/logo.svg"),
    ("Grafiken/Waffe/unhandlich.png", None),        # the project's own .svg: a hint, no substitution
    ("../secret.svg", None),
    ("/etc/passwd", None),
    ("http://example.org/a.svg", None),
    ("Grafiken/Marker/fehlt.svg", None),
])
def test_resolve_image(tree, src, expected):
    doc, assets = tree
    found = resolve_image(src, doc, [assets])
    assert (found.relative_to(doc.parent).as_posix() if found else None) == expected
