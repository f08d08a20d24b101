"""Every module of cardgen is imported by at least one test (issue 28.5): a module only the end-to-end
tests reach has no test of its own job, and its mistakes show up far from their cause."""

from __future__ import annotations

import ast
from pathlib import Path

import cardgen

ROOT = Path(cardgen.__file__).resolve().parent.parent


def module_names() -> set[str]:
    names = set()
    for path in (ROOT / "cardgen").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def imported_by_tests(tests: Path) -> set[str]:
    """Every module name a test file imports (``import a.b``, ``from a import b`` counts ``a`` and
    ``a.b``) or names in a string (``monkeypatch.setattr("cardgen.x.f", ...)``)."""
    found: set[str] = set()
    for path in tests.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found |= {f"{node.module}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("cardgen."):
                found |= {node.value, node.value.rsplit(".", 1)[0]}
    return found


def test_every_module_is_imported_by_a_test():
    missing = sorted(module_names() - imported_by_tests(ROOT / "tests") - {"cardgen.__main__"})
    assert missing == [], "write a test that imports each of these (tests/<its path>/test_<name>.py)"


def test_the_scan_sees_a_module_no_test_imports(tmp_path):
    (tmp_path / "test_x.py").write_text("from cardgen.rules import derive\nimport cardgen.pdf.wrapper\n")
    seen = imported_by_tests(tmp_path)
    assert {"cardgen.rules.derive", "cardgen.pdf.wrapper"} <= seen and "cardgen.rules.text" not in seen
