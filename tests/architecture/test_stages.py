"""The stages import only backwards: load → validate → resolve → derive → view → render → pdf.

Every ``import`` of every cardgen module (module level and inside functions)
is mapped to the stage of the imported module; importing a later stage from
an earlier one is a back edge and fails with the file, line and both stages.
The PDF wrapper is the layer the render stage calls (render lays a face out
through it to fit the text), so for imports it sits between the views and
render: views and everything before them never import it.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import cardgen

ROOT = Path(cardgen.__file__).resolve().parent.parent

# (stage, modules): a module is named exactly or by a prefix ending in '.'; the longest match wins.
# From the bottom: what every stage shares (errors, paths, the project file and settings), the project's look
# (theme, fonts: read by cards and rulebooks alike), the pure stages of a build (load → ... → render), the
# build's own machinery (context, cache, outputs, the render processes), the stages' outputs (card sheets,
# rulebooks, the errata), the build itself, the tools around a build (serve, init), and the commands on top.
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("cardgen", "cardgen.errors", "cardgen.paths", "cardgen.safefs", "cardgen.atomic", "cardgen.geometry",
              "cardgen.vocabulary", "cardgen.printable", "cardgen.richtext",
              # the folders' packages import nothing
              "cardgen.pdf", "cardgen.project", "cardgen.fonts", "cardgen.look", "cardgen.build",  # moves: keep
              "cardgen.balance", "cardgen.views", "cardgen.init",  # moves: keep
              "cardgen.project.", "cardgen.look.icons", "cardgen.look.css", "cardgen.fonts.system",
              "cardgen.pdf.records", "cardgen.pdf.fonts", "cardgen.pdf.fontmerge", "cardgen.pdf.sfnt", "cardgen.pdf.timelimit",
              "cardgen.speed.usercache", "cardgen.speed.libraries", "cardgen.speed.hyphenation")),
    ("look", ("cardgen.look.theme", "cardgen.fonts.lookup", "cardgen.fonts.synth", "cardgen.fonts.outline",
              "cardgen.sandbox", "cardgen.sandbox.")),
    ("content", ("cardgen.content", "cardgen.content.")),
    ("derive", ("cardgen.rules", "cardgen.rules.", "cardgen.stages")),
    ("view", ("cardgen.cards.view", "cardgen.cards.unit_model", "cardgen.cards.power_view", "cardgen.cards.group_view",
              "cardgen.cards.portrait", "cardgen.cards.picturecheck", "cardgen.views.", "cardgen.balance.view",
              "cardgen.balance.words")),
    ("pdf", ("cardgen.pdf.wrapper", "cardgen.pdf.fetcher", "cardgen.pdf.parts", "cardgen.pdf.hyphenation", "cardgen.speed.stylesheets",
             "cardgen.pdf.arraytypes")),
    ("render", ("cardgen.cards.render", "cardgen.cards.face", "cardgen.cards.misfit", "cardgen.cards.fit", "cardgen.cards.columns",
                "cardgen.rulebook.", "cardgen.balance.plot", "cardgen.balance.report")),
    ("machinery", ("cardgen.build.cache", "cardgen.build.outputs", "cardgen.build.context", "cardgen.speed",
                   "cardgen.speed.workers", "cardgen.balance.plotworker")),
    # translations: the messages of the content and the rulebooks, PO files, a language laid over both
    ("i18n", ("cardgen.i18n", "cardgen.i18n.")),
    ("outputs", ("cardgen.cards", "cardgen.cards.impose", "cardgen.cards.sheetlayout", "cardgen.cards.placement",
                 "cardgen.cards.pdfwriter", "cardgen.cards.recording", "cardgen.cards.png", "cardgen.cards.printshop",
                 "cardgen.cards.press", "cardgen.cards.pdfx", "cardgen.cards.planning", "cardgen.cards.faces",
                 "cardgen.cards.sheets", "cardgen.cards.titles", "cardgen.cards.figures", "cardgen.cards.capacity", "cardgen.cards.fitcheck",
                 "cardgen.cards.pipeline", "cardgen.rulebook",
                 "cardgen.rulebook.build", "cardgen.rulebook.overlay", "cardgen.rulebook.bychapter",
                 "cardgen.rulebook.chapterpool", "cardgen.rulebook.chapterstore", "cardgen.errata", "cardgen.errata.",
                 "cardgen.export", "cardgen.export.", "cardgen.site", "cardgen.site.", "cardgen.roster", "cardgen.roster.",
                 # the card stage's warm-up and its forkservers' starts (the speed layer only names them)
                 "cardgen.cards.warm", "cardgen.cards.preload", "cardgen.cards.preload_warm", "cardgen.rulebook.preload")),
    ("build", ("cardgen.build.run", "cardgen.build.languages", "cardgen.speed.journal", "cardgen.speed.snapshot", "cardgen.speed.bookjournal")),
    ("tools", ("cardgen.serve", "cardgen.serve.", "cardgen.init.")),
    ("commands", ("cardgen.commands", "cardgen.commands.", "cardgen.entry", "cardgen.__main__")),
)
RANK = {name: rank for rank, (name, _) in enumerate(STAGES)}

BROAD = {"KeyError", "AttributeError", "TypeError", "LookupError", "Exception", "BaseException"}
# (file, function): the one place that turns a third-party library's errors on untrusted input into a Problem
ALLOWED_BROAD = {(Path("cardgen/content/yamlsource.py"), "_scalar")}   # PyYAML's scalar constructors


def stage_of(module: str) -> str | None:
    """The stage of a cardgen module (None for a module no stage names)."""
    best, found = -1, None
    for stage, patterns in STAGES:
        for pattern in patterns:
            hit = module.startswith(pattern) if pattern.endswith(".") else module == pattern
            if hit and len(pattern) > best:
                best, found = len(pattern), stage
    return found


def module_name(path: Path) -> str:
    parts = path.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources() -> list[Path]:
    return sorted(path.relative_to(ROOT) for path in (ROOT / "cardgen").rglob("*.py"))


def imported_modules(path: Path, known: set[str]) -> list[tuple[int, str]]:
    """(line, module) of every cardgen import in ``path``, at any depth; ``from a import b``
    counts as ``a.b`` where that is a module."""
    return list(_imports(path, (ROOT / path).read_text(encoding="utf-8"), frozenset(known)))


@functools.lru_cache(maxsize=None)
def _imports(path: Path, source: str, known: frozenset[str]) -> tuple[tuple[int, str], ...]:
    """:func:`imported_modules` of ``path`` as it reads now (``source``): each file parsed once for the
    tests that walk the graph (the stages, the loops, the drawing), again whenever its text differs."""
    tree = ast.parse(source, filename=str(path))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((node.lineno, sub if sub in known else base))
    return tuple((line, name) for line, name in found if name == "cardgen" or name.startswith("cardgen."))


def back_edges() -> list[str]:
    paths = _sources()
    known = {module_name(p) for p in paths}
    edges = []
    for path in paths:
        importer = module_name(path)
        for line, imported in imported_modules(path, known):
            here, there = stage_of(importer), stage_of(imported)
            if RANK[there] > RANK[here]:
                edges.append(f"{path}:{line}: {importer} ({here}) imports {imported} ({there}), a later stage")
    return list(dict.fromkeys(edges))


TOP_FLOOR_MAX = 12
"""At most a dozen modules directly in ``cardgen/`` (``__init__`` and ``__main__`` counted): each one every
stage shares; the rest live in the folder of their stage or role (issue 43)."""


def test_the_top_floor_shows_the_parts():
    loose = sorted(p.name for p in (ROOT / "cardgen").glob("*.py"))
    assert len(loose) <= TOP_FLOOR_MAX, f"{len(loose)} modules directly in cardgen/: move some into folders {loose}"


def speed_imports_above_the_pdf_wrapper() -> list[str]:
    """Imports from the speed room (``cardgen/speed/``) of a module above the PDF wrapper outside it: the
    speed layer sits below (or beside) what it speeds up and is handed the names it starts
    (``start_early(preload)``), it never imports the card stage, a rulebook or a command back."""
    paths = [p for p in _sources() if p.parts[:2] == ("cardgen", "speed")]
    known = {module_name(p) for p in _sources()}
    found = []
    for path in paths:
        for line, imported in imported_modules(path, known):
            if not imported.startswith("cardgen.speed") and RANK[stage_of(imported) or "commands"] > RANK["pdf"]:
                found.append(f"{path}:{line}: imports {imported} ({stage_of(imported)})")
    return found


def test_the_speed_room_imports_nothing_it_speeds_up():
    assert speed_imports_above_the_pdf_wrapper() == []


def test_the_speed_check_finds_the_old_warm_up(tmp_path, monkeypatch):
    """speed/warm.py as it was (it rendered a face: cards/faces, cards/planning) is caught."""
    (tmp_path / "cardgen" / "speed").mkdir(parents=True)
    (tmp_path / "cardgen" / "speed" / "warm.py").write_text(
        "from cardgen.cards.faces import render_here\nfrom cardgen.errors import CardgenError\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    assert speed_imports_above_the_pdf_wrapper() == [
        "cardgen/speed/warm.py:1: imports cardgen.cards.faces (outputs)"]  # moves: keep (the old place)


def test_every_module_has_a_stage():
    missing = [module_name(p) for p in _sources() if stage_of(module_name(p)) is None]
    assert not missing, f"put these modules into a stage of STAGES: {missing}"


def test_no_stage_imports_a_later_stage():
    edges = back_edges()
    assert not edges, "back edges (an earlier stage imports a later one):\n" + "\n".join(edges)


@pytest.mark.parametrize("module, stage", [
    ("cardgen.content.resolve", "content"), ("cardgen.rules.derive", "derive"), ("cardgen.stages", "derive"),
    ("cardgen.cards.view", "view"), ("cardgen.cards.render", "render"), ("cardgen.rulebook.directive", "render"),
    ("cardgen.pdf.wrapper", "pdf"), ("cardgen.rulebook", "outputs"), ("cardgen.build.run", "build"),
    ("cardgen.commands.main", "commands"), ("cardgen.serve.worker", "tools"), ("cardgen.cards.pipeline", "outputs"),
    ("cardgen.site.build", "outputs"),
])
def test_stage_table(module, stage):
    assert stage_of(module) == stage


def test_the_walk_sees_function_level_and_relative_imports(tmp_path, monkeypatch):
    """A back edge hidden in a function body or written relatively is found too."""
    package = tmp_path / "cardgen" / "content"
    package.mkdir(parents=True)
    (package / "probe.py").write_text("def f():\n    from cardgen.rules.derive import derive\n"
                                      "    from ..rules import drones\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    known = {"cardgen.rules.drones", "cardgen.rules.derive"}
    assert imported_modules(Path("cardgen/content/probe.py"), known) == [
        (2, "cardgen.rules.derive"), (3, "cardgen.rules.drones")]


def broad_excepts(path: Path) -> list[str]:
    """``except`` clauses catching a broad built-in error (or everything) outside ALLOWED_BROAD."""
    found = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        if isinstance(node, ast.ExceptHandler) and (path, function) not in ALLOWED_BROAD:
            caught = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            names = {c.id for c in caught if isinstance(c, ast.Name)} if node.type is not None else {"<all>"}
            if names & (BROAD | {"<all>"}):
                found.append(f"{path}:{node.lineno}: {function}: except {sorted(names)}")
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse((ROOT / path).read_text(encoding="utf-8"), filename=str(path)), "<module>")
    return found


def test_the_except_check_finds_the_old_effective_eh(tmp_path, monkeypatch):
    """The broad except the derive stage replaced (content/resolve.py, ``effective_eh``) is caught."""
    (tmp_path / "cardgen").mkdir()
    (tmp_path / "cardgen" / "old.py").write_text(
        "def effective_eh(unit, content):\n    try:\n        return 1\n"
        "    except (KeyError, RuleError, AttributeError, TypeError):\n        return 2\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    assert broad_excepts(Path("cardgen/old.py")) == [
        "cardgen/old.py:4: effective_eh: except ['AttributeError', 'KeyError', 'RuleError', 'TypeError']"]


def test_no_broad_except_in_content_and_rules():
    """The derive stage raises RuleError for content that breaks a rule; nothing else is caught."""
    found = [line for p in _sources() if p.parts[1] in ("content", "rules") for line in broad_excepts(p)]
    assert not found, "catch the specific error, not a broad one:\n" + "\n".join(found)


def import_cycles() -> list[list[str]]:
    """Every loop of cardgen modules importing each other (at module level or inside a function)."""
    paths = _sources()
    known = {module_name(p) for p in paths}
    graph = {module_name(p): {name for _, name in imported_modules(p, known) if name in known and name != module_name(p)}
             for p in paths}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:                   # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return cycles


def test_no_import_loops():
    assert import_cycles() == [], "modules that import each other (directly or round a loop)"


def test_the_loop_check_finds_a_loop(tmp_path, monkeypatch):
    (tmp_path / "cardgen").mkdir()
    (tmp_path / "cardgen" / "__init__.py").write_text("")
    (tmp_path / "cardgen" / "a.py").write_text("def f():\n    from cardgen import b\n")
    (tmp_path / "cardgen" / "b.py").write_text("from cardgen.a import f\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    assert import_cycles() == [["cardgen.a", "cardgen.b"]]


def stage_graph() -> str:
    """The import graph of the stages as a Mermaid flowchart, top (commands) to bottom (base): one
    arrow per pair of stages, labelled with the number of imports, and each stage's modules."""
    paths = _sources()
    known = {module_name(p) for p in paths}
    edges: dict[tuple[str, str], int] = {}
    members: dict[str, int] = {}
    for path in paths:
        importer = module_name(path)
        here = stage_of(importer)
        assert here is not None
        members[here] = members.get(here, 0) + 1
        for _, imported in imported_modules(path, known):
            there = stage_of(imported)
            if there is not None and there != here:
                edges[(here, there)] = edges.get((here, there), 0) + 1
    order = [name for name, _ in reversed(STAGES)]
    lines = ["```mermaid", "flowchart TB"]
    lines += [f"    {name}[\"{name} ({members.get(name, 0)} modules)\"]" for name in order]
    lines += [f"    {a} -->|{count}| {b}" for (a, b), count in sorted(edges.items(), key=lambda e: (RANK[e[0][0]] * -1, -RANK[e[0][1]]))]
    lines.append("```")
    return "\n".join(lines) + "\n"


def test_the_drawing_in_the_docs_is_the_code_s_import_graph():
    """docs/architecture.md shows the graph the code has now (every arrow points down the stages)."""
    drawing = stage_graph()
    assert all(RANK[a] > RANK[b] for a, b in
               ((line.split()[0], line.split()[-1]) for line in drawing.splitlines() if "-->" in line))
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert drawing in doc, "docs/architecture.md: replace the import graph's mermaid block with\n" + drawing
