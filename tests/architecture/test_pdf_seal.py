"""The PDF wrapper is sealed: only ``cardgen/pdf/wrapper.py`` (with its URL fetcher ``cardgen/pdf/fetcher.py``, and ``cardgen/pdf/parts.py``, its part for a book
laid out in parts) imports WeasyPrint -- and the speed layer's
stylesheet cache (``cardgen/speed/stylesheets.py``), which stands in for WeasyPrint's own parser of
linked stylesheets, and ``cardgen/pdf/arraytypes.py``, which hands WeasyPrint's FFI a type cache -- and nothing reads WeasyPrint's private attributes except the documented
accessors in the wrapper (the box tree; the layout context of a document numbered again)."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import weasyprint

import cardgen
import pytest

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

ROOT = Path(cardgen.__file__).resolve().parent.parent
WRAPPER = Path("cardgen/pdf/wrapper.py")
FETCHER = Path("cardgen/pdf/fetcher.py")        # the wrapper's URL fetcher: a WeasyPrint URLFetcher
PARTS = Path("cardgen/pdf/parts.py")
STAND_IN = Path("cardgen/speed/stylesheets.py")
ARRAY_TYPES = Path("cardgen/pdf/arraytypes.py")  # the speedup arraytypes: WeasyPrint's FFI given a type cache
# WeasyPrint has no public box tree; this is the one place that may read it (see its docstring)
# and a chapter of a book laid out in parts keeps its layout context, to number its margin boxes again
# (WeasyPrint 70's Document._render step by step: see _render_renumberable)
ALLOWED_PRIVATE = {(WRAPPER, "_page_box", "_page_box"),      # (file, function, attribute)
                   (PARTS, "_render_renumberable", "_build_layout_context")}


def _modules(*folders: str) -> list[Path]:
    return sorted(path.relative_to(ROOT) for folder in folders for path in (ROOT / folder).rglob("*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse((ROOT / path).read_text(encoding="utf-8"), filename=str(path))


def _called(call: ast.Call) -> str | None:
    """The name of the called function: ``f`` of ``f(...)`` and of ``module.f(...)``."""
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def weasyprint_imports(tree: ast.Module) -> list[int]:
    """Lines that import WeasyPrint (statements, ``importlib.import_module``, ``__import__``)."""
    def is_weasyprint(name: str | None) -> bool:
        return bool(name) and (name == "weasyprint" or name.startswith("weasyprint."))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(is_weasyprint(a.name) for a in node.names):
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and not node.level and is_weasyprint(node.module):
            lines.append(node.lineno)
        elif (isinstance(node, ast.Call) and _called(node) in ("import_module", "__import__") and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and is_weasyprint(node.args[0].value)):
            lines.append(node.lineno)
    return lines


@lru_cache(maxsize=1)
def weasyprint_private_names() -> frozenset[str]:
    """Every private attribute or method name WeasyPrint's own source defines or sets."""
    names = set()
    for path in Path(weasyprint.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = None
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                name = node.attr
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = node.name
            if name and name.startswith("_") and not name.endswith("__"):
                names.add(name)
    return frozenset(names)


def private_accesses(tree: ast.Module, private: frozenset[str]) -> list[tuple[str, str, int]]:
    """(enclosing function, name, line) of every ``obj._name`` or ``getattr(obj, "_name")`` where
    ``_name`` is one of WeasyPrint's private names and ``obj`` is not ``self`` or ``cls``."""
    found = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        name = None
        if isinstance(node, ast.Attribute) and not (
                isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            name = node.attr
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr", "delattr") and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            name = node.args[1].value
        if name in private:
            found.append((function, name, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


def test_only_the_wrapper_imports_weasyprint():
    offenders = [f"{path}:{line}" for path in _modules("cardgen") if path not in (WRAPPER, FETCHER, PARTS, STAND_IN, ARRAY_TYPES)
                 for line in weasyprint_imports(_tree(path))]
    assert offenders == [], f"WeasyPrint imported outside {WRAPPER}: {offenders}"
    assert weasyprint_imports(_tree(WRAPPER)), "the wrapper itself no longer imports WeasyPrint?"


def test_no_private_weasyprint_attribute_outside_the_one_accessor():
    private = weasyprint_private_names()
    assert "_page_box" in private           # the scan sees WeasyPrint's private names at all
    seen = {(path, function, name): line for path in _modules("cardgen", "tests")
            for function, name, line in private_accesses(_tree(path), private)}
    offenders = [f"{path}:{line}: {name} (in {function})" for (path, function, name), line in seen.items()
                 if (path, function, name) not in ALLOWED_PRIVATE]
    assert offenders == [], f"private WeasyPrint attributes read: {offenders}"
    assert set(seen) == ALLOWED_PRIVATE


def test_the_scan_finds_what_it_forbids():
    """The checks above would catch the patterns this refactor removed."""
    old = ast.parse("import weasyprint\nfrom weasyprint import Document\n"
                    "import importlib\nimportlib.import_module('weasyprint.text')\nversion('weasyprint')\n"
                    "def measure(p):\n    return [p._page_box, getattr(p, '_page_box'), self._page_box]\n")
    assert weasyprint_imports(old) == [1, 2, 4]
    assert private_accesses(old, weasyprint_private_names()) == [("measure", "_page_box", 7)] * 2


def test_laid_out_boxes_are_plain_records_in_document_order(tmp_path):
    from cardgen.pdf.wrapper import BoxInfo, load_document

    html = ('<style>@page { size: 100px 100px; margin: 0 } body { margin: 0 }</style>'
            '<div class="outer a" data-box="Name" style="width: 50px; height: 20px; font-size: 12px">'
            '<div class="fit">Text</div></div><div style="page-break-before: always">zwei</div>')
    laid_out = load_document(html, tmp_path)
    assert laid_out.page_count == 2
    assert laid_out.page_size(0) == (100, 100)
    boxes = laid_out.boxes(0)
    assert all(isinstance(b, BoxInfo) for b in boxes) and boxes[0].tag is None     # the page box
    assert [b.index for b in boxes] == list(range(len(boxes)))
    outer = next(b for b in boxes if b.get("box") == "Name")
    assert (outer.tag, outer.classes, outer.data) == ("div", ("outer", "a"), (("box", "Name"),))
    assert (outer.width, outer.height, outer.font_size_pt) == (50, 20, 9)
    inner = boxes[outer.index + 1]
    assert inner.classes == ("fit",) and inner.has_children
    assert [b.text for b in boxes[inner.index + 1:inner.end] if b.text] == ["Text"]
    assert all(b.index < outer.end for b in boxes[outer.index:outer.end])
    laid_out.keep_pages(1)
    assert laid_out.page_count == 1 and laid_out.write().pdf.startswith(b"%PDF")
