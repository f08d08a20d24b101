"""Rewrite every import and mention of a moved module by the map in ``tools/moves.txt`` (issue 43).

Usage: ``python tools/apply_moves.py [--check] [--git-mv] [--map FILE]`` (``--map``: another map than
``tools/moves.txt``, such as a part of it).

What it rewrites, in ``cardgen/``, ``tests/``, ``bench/``, ``docs/`` and README.md, SECURITY.md,
pyproject.toml, Makefile:

* ``from cardgen.pdf import X`` → ``from cardgen.pdf.wrapper import X``, ``import cardgen.pdf`` and every
  dotted mention (``cardgen.pdf.load_document`` in a ``mock.patch`` target, ``"cardgen.speed.preload"``
  given to a forkserver, ``:mod:`cardgen.pdf``` in a docstring, ``python -m`` targets, test modules
  ``tests.test_pdf``);
* ``from cardgen import pdf`` → ``from cardgen.pdf import wrapper as pdf`` (the name the code uses kept);
* file paths: ``cardgen/pdf.py`` → ``cardgen/pdf/wrapper.py``, ``tests/test_pdf.py`` →
  ``tests/pdf/test_wrapper.py``, and a data folder moved (``cardgen/scaffold/``).

cardgen has no relative imports (the stage test reads them, none are written); a module imported by a
name computed at run time is named in a string, which the dotted rewrite covers.

A line marked ``moves: keep`` (in a comment) is left alone: it names a new package by its bare name
(the stage test's table), which would otherwise read as the old module of that name.

Idempotent: an old name can be a new package (``cardgen.pdf`` was a module and is now the folder of
``cardgen.pdf.wrapper``), so a dotted name whose next part is a new submodule (``cardgen.pdf.parts``,
``from cardgen.pdf import wrapper``) is taken as already moved; the check below refuses a map where an
old module defines a name that is also a new submodule of its package, which would make that
ambiguous.  ``--check`` rewrites nothing and exits 1 if anything would change (a second run after the
first changes nothing).  ``--git-mv`` first moves (``git mv``) an old file that is still there -- a
branch merged after the move may have brought one back -- where its new place is free.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP_FILE = Path(__file__).resolve().parent / "moves.txt"
FOLDERS = ("cardgen", "tests", "bench", "docs")
FILES = ("README.md", "SECURITY.md", "pyproject.toml", "Makefile")
SUFFIXES = {".py", ".md", ".toml", ".txt", ".j2", ".html", ".css", ".cfg"}
SKIP = ("tests/fixtures/",)

START = r"(?:(?<![\w.])|(?<=\\[nt]))"      # not inside a name; a string's \n before it is no letter
TOKEN = re.compile(START + r"((?:cardgen|tests)(?:\.\w+)+)(?![\w])")
FROM_IMPORT = re.compile(
    START + r"from(?P<s1>\s+)(?P<module>(?:cardgen|tests)(?:\.\w+)*)(?P<s2>\s+)import(?P<s3>\s+)"
    r"(?:\((?P<paren>[^)]*)\)|(?P<plain>\w+(?:\s+as\s+\w+)?(?:[ \t]*,[ \t]*\w+(?:\s+as\s+\w+)?)*))")

KEEP = re.compile(r"^(.*moves: keep.*\n?)", re.M)
"""A line that names a new package by its bare name (``cardgen.pdf``, the folder), which would read as the
old module of that name: marked, it is left as it is."""


def read_map(path: Path = MAP_FILE) -> tuple[dict[str, str], dict[str, str]]:
    """(dotted module moves, folder moves) from the map file."""
    modules, folders = {}, {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise SystemExit(f"{path}:{number}: expected 'old new', got {line!r}")
        old, new = parts
        (folders if old.endswith("/") else modules)[old] = new
    return modules, folders


class Mover:
    """The rewrites one map makes."""

    def __init__(self, modules: dict[str, str], folders: dict[str, str]) -> None:
        self.modules = modules
        self.folders = folders
        self.new_modules = set(modules.values())
        self.new_packages = {".".join(new.split(".")[:i]) for new in self.new_modules
                             for i in range(1, new.count(".") + 1)}
        paths = {old.replace(".", "/") + ".py": new.replace(".", "/") + ".py" for old, new in modules.items()}
        paths.update(folders)
        self.paths = [(re.compile(r"(?<![\w.-])" + re.escape(old.rstrip("/")) + r"(?![\w.-]*\w)"), new.rstrip("/"))
                      for old, new in sorted(paths.items(), key=lambda item: -len(item[0]))]

    def is_new(self, dotted: str) -> bool:
        """A module of the new layout: moved there, or written there since (``cardgen.pdf.fetcher``)."""
        path = ROOT / dotted.replace(".", "/")
        return (dotted in self.new_modules or dotted in self.new_packages
                or path.with_suffix(".py").is_file() or (path / "__init__.py").is_file())

    def moved(self, dotted: str) -> str:
        """``dotted`` (a module, or a name in one) by its new module; unchanged if it did not move."""
        parts = dotted.split(".")
        for length in range(len(parts), 1, -1):
            old = ".".join(parts[:length])
            if old not in self.modules:
                continue
            if old in self.new_packages and length < len(parts) and self.is_new(f"{old}.{parts[length]}"):
                return dotted                       # already the new name (the old module is a new package)
            return ".".join([self.modules[old], *parts[length:]])
        return dotted

    def _from_import(self, match: re.Match[str]) -> str:
        module = match["module"]
        names_text = match["paren"] if match["paren"] is not None else match["plain"]
        names = [n.strip() for n in re.sub(r"#[^\n]*", "", names_text).split(",") if n.strip()]
        pairs = [(n.split()[0], n.split()[-1]) for n in names]      # (name, as)
        if module in self.modules:
            if module in self.new_packages and all(self.is_new(f"{module}.{name}") for name, _ in pairs):
                return match[0]                     # from cardgen.pdf import wrapper: already new
            return match[0].replace(module, self.modules[module], 1)
        if not any(f"{module}.{name}" in self.modules for name, _ in pairs):
            return match[0]
        kept, split = [], []
        for (name, alias), text in zip(pairs, names):
            new = self.modules.get(f"{module}.{name}")
            if new is None:
                kept.append(text)
                continue
            parent, _, leaf = new.rpartition(".")
            split.append(f"from {parent} import {leaf}" + (f" as {alias}" if alias != leaf else ""))
        indent = self._indent(match)
        statements = ([f"from {module} import {', '.join(kept)}"] if kept else []) + split
        return ("\n" + indent if indent is not None else "; ").join(statements)

    @staticmethod
    def _indent(match: re.Match[str]) -> str | None:
        """The indentation of a statement on its own line; None inside a line (a string of code)."""
        line_start = match.string.rfind("\n", 0, match.start()) + 1
        prefix = match.string[line_start:match.start()]
        return prefix if prefix.strip() == "" else None

    def rewrite(self, text: str) -> str:
        """``text`` with every old module name and path by its new one, but on a line marked ``moves: keep``."""
        pieces = KEEP.split(text)
        return "".join(piece if i % 2 else self._rewrite(piece) for i, piece in enumerate(pieces))

    def _rewrite(self, text: str) -> str:
        text = FROM_IMPORT.sub(self._from_import, text)

        source = text

        def token(match: re.Match[str]) -> str:
            after, before = source[match.end():match.end() + 20], source[max(0, match.start() - 20):match.start()]
            if re.match(r"\s+import\b", after) and re.search(r"from\s+$", before):
                return match[0]                     # the module of a from-import: done above
            if re.match(r"\.[\"']", after) and match[1] in self.new_packages:
                return match[0]                     # "cardgen.project.": a prefix of the new package's names
            return self.moved(match[1])

        text = TOKEN.sub(token, text)
        for pattern, new in self.paths:
            text = pattern.sub(new, text)
        return text


def check_map(mover: Mover) -> list[str]:
    """Old modules whose names would be ambiguous: one that defines a name that is also a submodule
    of the new package of the same name (``cardgen.pdf.parts`` could then be either)."""
    problems = []
    for old, new in mover.modules.items():
        if old not in mover.new_packages:
            continue
        source = ROOT / (new.replace(".", "/") + ".py")
        if not source.exists():
            continue
        defined = set()
        for node in ast.parse(source.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined.add(node.name)
            elif isinstance(node, ast.Assign):
                defined |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                defined |= {(a.asname or a.name).split(".")[0] for a in node.names}
        for name in sorted(defined):
            sub = f"{old}.{name}"
            if mover.is_new(sub) and mover.modules.get(f"cardgen.{name}") != sub:
                problems.append(f"{source.relative_to(ROOT)}: defines {name!r}, also the module {sub}")
    return problems


def files() -> list[Path]:
    found = [ROOT / name for name in FILES if (ROOT / name).exists()]
    for folder in FOLDERS:
        found += [p for p in sorted((ROOT / folder).rglob("*")) if p.is_file() and p.suffix in SUFFIXES
                  and not any(str(p.relative_to(ROOT)).startswith(s) for s in SKIP) and "__pycache__" not in p.parts]
    return found


def git_mv(mover: Mover) -> None:
    """``git mv`` each old file (or folder) still present to its new place, where that is free."""
    moves = [(old.replace(".", "/") + ".py", new.replace(".", "/") + ".py") for old, new in mover.modules.items()]
    moves += [(old.rstrip("/"), new.rstrip("/")) for old, new in mover.folders.items()]
    for old, new in moves:
        if not (ROOT / old).exists():
            continue
        if (ROOT / new).exists():
            print(f"both {old} and {new} exist: merge them by hand", file=sys.stderr)
            continue
        (ROOT / new).parent.mkdir(parents=True, exist_ok=True)
        init = (ROOT / new).parent / "__init__.py"
        if new.endswith(".py") and not init.exists():
            raise SystemExit(f"{init.relative_to(ROOT)} is missing: make the package first")
        subprocess.run(["git", "mv", old, new], cwd=ROOT, check=True)


def main(argv: list[str]) -> int:
    map_file = Path(argv[argv.index("--map") + 1]) if "--map" in argv else MAP_FILE
    mover = Mover(*read_map(map_file))
    problems = check_map(mover)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 2
    if "--git-mv" in argv:
        git_mv(mover)
    changed = []
    for path in files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        new = mover.rewrite(text)
        if new != text:
            changed.append(str(path.relative_to(ROOT)))
            if "--check" not in argv:
                path.write_text(new, encoding="utf-8")
    print("\n".join(changed) if changed else "nothing to rewrite")
    return 1 if changed and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
