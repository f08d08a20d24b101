"""``cardgen translate``: every document's messages merged into each language's PO files, and their status.

The documents: ``content`` (:func:`cardgen.i18n.content.content_messages`) and each rulebook
(:func:`cardgen.i18n.book.book_messages`), named as the build names their outputs.  Each translated
language gets one PO file per document (:func:`cardgen.i18n.language.po_path`), merged as
:mod:`cardgen.i18n.catalog` says and written only where its text changes.  The status counts what the
PO files will say once merged -- what a build of the current sources prints -- so a source changed
since the last ``cardgen translate`` already shows its entry fuzzy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardgen.content.model import Content
from cardgen.errors import Problem, display_path
from cardgen.i18n.book import book_messages
from cardgen.i18n.catalog import Message, counts, merged, write_catalog
from cardgen.i18n.content import content_messages
from cardgen.i18n.language import CONTENT, Language, po_path
from cardgen.project.file import Project
from cardgen.safefs import read_file, resolve_roots


@dataclass
class DocumentStatus:
    """One PO file: its language, document, path, counts and whether this run wrote it."""

    language: str
    document: str
    path: Path
    counts: dict[str, int]
    written: bool = False

    def as_json(self) -> dict[str, object]:
        return {"language": self.language, "document": self.document, "file": display_path(self.path),
                **self.counts, "written": self.written}


@dataclass
class Update:
    """What ``cardgen translate`` did or would do: each PO file's status and the problems of their entries."""

    documents: list[DocumentStatus] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def documents(project: Project, content: Content | None, rulebooks: list[tuple[Path, str]]) -> dict[str, list[Message]]:
    """Every document's messages by its name (``content`` first, then each book by its output label)."""
    found: dict[str, list[Message]] = {}
    if content is not None and content.ruleset is not None:
        found[CONTENT] = [Message(m.context, m.text, (m.reference,) if m.reference else (), m.comment)
                          for m in content_messages(content)]
    for source, label in rulebooks:
        name = label.removeprefix("rulebooks/").removesuffix(".pdf")
        shown = _shown(source, project.root)
        text = book_text(source, project)
        found[name] = [Message(m.context, m.text, (f"{shown}:{m.line}",), _section_comment(m.section))
                       for m in book_messages(text)]
    return found


def book_text(source: Path, project: Project) -> str:
    """A rulebook's text, read as its build reads it (inside the project root and its own folder, capped)."""
    return read_file(source, resolve_roots([project.root, source.parent])).decode("utf-8-sig", errors="replace")


def _shown(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.name


def _section_comment(section: str) -> str:
    return "" if section == "top" else f"section {section}"


def update(project: Project, content: Content | None, rulebooks: list[tuple[Path, str]], write: bool) -> Update:
    """Merge every document into each translated language's PO files (``write``: write them; else only count)."""
    result = Update()
    messages = documents(project, content, rulebooks)
    for code in project.translations:
        language = Language(code, project)
        for name, found in messages.items():
            catalog = language.catalog(name)
            result.problems += catalog.problems
            po = merged(catalog.po, found, code, _project_name(project), one_per_context=name == CONTENT)
            path = po_path(project, code, name)
            written = write_catalog(path, po) if write else False
            result.documents.append(DocumentStatus(code, name, path, counts(po), written))
    return result


def _project_name(project: Project) -> str:
    return project.root.name + (f" {project.version}" if project.version else "")
