"""cardgen.site.files: a document's file: URLs become links to copies inside the edition; others are refused."""

from __future__ import annotations

from cardgen.safefs import Roots
from cardgen.site.files import REFUSED_URL, SiteFiles


def test_a_file_inside_the_roots_is_copied_and_linked(tmp_path):
    doc = tmp_path / "doc"
    (doc / "Grafiken").mkdir(parents=True)
    (doc / "Grafiken" / "w12 weiß.svg").write_text("<svg/>", encoding="utf-8")
    (doc / "style.css").write_text('@font-face { src: url("fonts/a.ttf"); } p { background: url(#x) }', encoding="utf-8")
    (doc / "fonts").mkdir()
    (doc / "fonts" / "a.ttf").write_bytes(b"font")
    roots = Roots.build(doc)
    files = SiteFiles()
    html = (f'<img src="{roots.url(doc / "Grafiken" / "w12 weiß.svg")}"> <link href="{roots.url(doc / "style.css")}">'
            f' <img src="{(tmp_path / "elsewhere.png").as_uri()}">')
    out = files.rewrite(html, roots, "../")
    assert out == (f'<img src="../_files/0/Grafiken/w12%20wei%C3%9F.svg"> <link href="../_files/0/style.css"> '
                   f'<img src="{REFUSED_URL}">')
    site = tmp_path / "site"
    files.write(site)
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()) == [
        "_files/0/Grafiken/w12 weiß.svg", "_files/0/fonts/a.ttf", "_files/0/style.css"]


def test_a_link_out_of_its_folder_is_refused(tmp_path):
    doc = tmp_path / "doc"
    doc.mkdir()
    (tmp_path / "secret.txt").write_text("x", encoding="utf-8")
    (doc / "link.txt").symlink_to(tmp_path / "secret.txt")
    roots = Roots.build(doc)
    files = SiteFiles()
    assert files.rewrite(f'<a href="{roots.url(doc / "link.txt")}">', roots, "") == f'<a href="{REFUSED_URL}">'
    assert files.copies == {}
