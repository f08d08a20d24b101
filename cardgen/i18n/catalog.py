"""PO files: read (under caps, each translation checked against its source), merged as ``msgmerge`` merges
them, and written so that the same messages give the same bytes.

**Merging** a document's messages into the PO file a translator has worked on:

* the same ``msgctxt`` and ``msgid``: the entry as it is (its translation, its flags);
* a message whose source changed -- an entry of the same context, the most similar old text (for a
  book, where one context holds several messages, at least :data:`SIMILAR` alike), else an entry of
  the same text in another context (a section renamed): the old translation is kept and marked
  **fuzzy**, the old source shown as ``#| msgid`` (``#| msgctxt``) for the translator to compare;
* a new message: an empty entry;
* an old entry no message matches: **obsolete** (``#~``) when it holds a translation -- a translator's
  work is never dropped, and an obsolete entry whose message comes back is revived -- else dropped.

**Deterministic**: entries in the messages' order (the content by kind and id, a book in its reading
order), obsolete ones after them sorted, the header without dates (``POT-Creation-Date`` and
``PO-Revision-Date`` would change every run; git has the dates), lines wrapped at polib's 78 columns;
a file whose text would not change is not written.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import polib

from cardgen.atomic import write_atomic
from cardgen.errors import Problem
from cardgen.i18n.placeholders import markup_problem, placeholder_problem
from cardgen.safefs import FileRefused, read_file

MAX_PO_BYTES = 16 * 1024 * 1024
GLOSSARY = "glossary/"
"""The context of the words cardgen prints itself (:mod:`cardgen.i18n.content`)."""
SIMILAR = 0.5
"""How alike an old source must be to a new one of the same book context to carry its translation (fuzzy)."""


@dataclass(frozen=True)
class Message:
    """One message of a document, as a PO entry needs it."""

    context: str
    text: str
    references: tuple[str, ...] = ()          # file:line
    comment: str = ""


@dataclass
class Catalog:
    """A PO file as read: its entries by (context, text) and the problems of its translations."""

    path: Path
    po: polib.POFile
    problems: list[Problem] = field(default_factory=list)
    broken: set[tuple[str, str]] = field(default_factory=set)   # entries whose translation is an error
    lines: list[str] = field(default_factory=list, repr=False)  # the file's text, for the lines of its msgstrs
    index: dict[tuple[str, str], polib.POEntry] | None = field(default=None, repr=False)

    def entry(self, context: str, text: str) -> polib.POEntry | None:
        """The entry of one message (its active one before an obsolete one), by a dictionary made once."""
        if self.index is None:
            self.index = {}
            for entry in sorted(self.po, key=lambda e: not e.obsolete):
                self.index[(entry.msgctxt or "", entry.msgid)] = entry
        return self.index.get((context, text))

    def msgstr_line(self, context: str, text: str) -> int:
        """The line of a message's ``msgstr`` in the file (0: it has no entry)."""
        entry = self.entry(context, text)
        return msgstr_line(self.lines, entry.linenum) if entry is not None and not entry.obsolete else 0

    def translation(self, context: str, text: str) -> tuple[str, str]:
        """``("translated", msgstr)``, ``("fuzzy", "")`` or ``("missing", "")`` for one message (an entry
        whose translation is an error counts as missing: the error is reported once, on reading)."""
        entry = self.entry(context, text)
        if entry is None or entry.obsolete or (context, text) in self.broken or not entry.msgstr:
            return "missing", ""
        if entry.fuzzy:
            return "fuzzy", ""
        return "translated", entry.msgstr


def read_catalog(path: Path, roots: Iterable[Path], markup: str) -> Catalog:
    """The PO file ``path`` (an empty catalog when there is none); each translation whose placeholders
    (``markup="placeholders"``: a rulebook's) or inline Markdown (``"markdown"``: the content's) do not
    match its source is a problem at its line, the entry left out (its source prints); so is a glossary
    entry whose numbered placeholders (``{1}``: a number or name cardgen fills in) do not match."""
    if not path.exists():
        return Catalog(path, polib.POFile())
    try:
        text = read_file(path, roots, MAX_PO_BYTES).decode("utf-8")
    except FileRefused as exc:
        return Catalog(path, polib.POFile(), [Problem(str(path), 0, 0, "", f"cannot be read: {exc.reason}")])
    except UnicodeDecodeError as exc:
        return Catalog(path, polib.POFile(), [Problem(str(path), 0, 0, "", f"not UTF-8 text ({exc.reason})")])
    try:
        po = polib.pofile(text, wrapwidth=78)
    except (OSError, ValueError) as exc:
        line = re.search(r"line (\d+)", str(exc))
        return Catalog(path, polib.POFile(), [Problem(str(path), int(line[1]) if line else 0, 0, "",
                                                      f"not a PO file: {exc}", )])
    lines = text.split("\n")
    catalog = Catalog(path, po, lines=lines)
    check = placeholder_problem if markup == "placeholders" else markup_problem
    for entry in po:
        if entry.obsolete or not entry.msgstr:
            continue
        problem = check(entry.msgid, entry.msgstr)
        if problem is None and (entry.msgctxt or "").startswith(GLOSSARY):    # a sentence's {1} {2} … (cardgen's own)
            problem = placeholder_problem(entry.msgid, entry.msgstr)
        if problem:
            catalog.problems.append(Problem(str(path), msgstr_line(lines, entry.linenum), 0, "msgstr",
                                            f"{problem} (msgctxt \"{entry.msgctxt}\")"))
            catalog.broken.add((entry.msgctxt or "", entry.msgid))
    return catalog


def msgstr_line(lines: list[str], start: int) -> int:
    """The line of an entry's ``msgstr`` (polib's ``linenum`` is its first line, a comment's)."""
    for number in range(max(start, 1), len(lines) + 1):
        if lines[number - 1].startswith("msgstr"):
            return number
    return start


def merged(old: polib.POFile, messages: list[Message], language: str, project: str,
           one_per_context: bool = False) -> polib.POFile:
    """The catalog ``old`` with ``messages`` merged in (see the module docstring); ``one_per_context``:
    each context holds one message (the content's ``kind/id/field``), so a changed source carries the
    old translation however different it is."""
    po = polib.POFile(wrapwidth=78)
    po.header = (f"{project}: translation into {language}, kept up to date by `cardgen translate`.\n"
                 "Translate each msgstr; keep every placeholder (<1>…</1>, {2}); docs/translations.md says how.")
    po.metadata = header(language, project)
    unmatched = {(e.msgctxt or "", e.msgid): e for e in old}
    by_context: dict[str, list[polib.POEntry]] = {}
    for entry in old:
        if not entry.obsolete:
            by_context.setdefault(entry.msgctxt or "", []).append(entry)
    added: set[tuple[str, str]] = set()
    for message in messages:
        key = (message.context, message.text)
        if key in added:
            continue
        added.add(key)
        entry = polib.POEntry(msgctxt=message.context, msgid=message.text, msgstr="",
                              occurrences=[_occurrence(r) for r in message.references if r],
                              comment=message.comment)
        same = unmatched.pop(key, None)
        if same is not None:
            entry.msgstr, entry.flags = same.msgstr, [f for f in same.flags if f == "fuzzy"]
            entry.previous_msgid, entry.previous_msgctxt = same.previous_msgid, same.previous_msgctxt
        else:
            _carry_fuzzy(entry, _nearest(message, by_context, unmatched, one_per_context), unmatched)
        po.append(entry)
    for key in sorted(unmatched):
        entry = unmatched[key]
        if entry.msgstr:
            po.append(polib.POEntry(msgctxt=entry.msgctxt, msgid=entry.msgid, msgstr=entry.msgstr,
                                    obsolete=True, flags=list(entry.flags)))
    return po


def _nearest(message: Message, by_context: dict[str, list[polib.POEntry]],
             unmatched: dict[tuple[str, str], polib.POEntry], one_per_context: bool) -> polib.POEntry | None:
    """The old entry whose translation a changed message carries (fuzzy), or None."""
    candidates = [e for e in by_context.get(message.context, []) if (e.msgctxt or "", e.msgid) in unmatched
                  and e.msgstr]
    scored = sorted(((difflib.SequenceMatcher(None, e.msgid, message.text).ratio(), e.msgid, e) for e in candidates),
                    key=lambda item: (-item[0], item[1]))
    if scored and (one_per_context or scored[0][0] >= SIMILAR):
        return scored[0][2]
    moved = [e for (context, text), e in sorted(unmatched.items()) if text == message.text and e.msgstr]
    return moved[0] if moved else None


def _carry_fuzzy(entry: polib.POEntry, old: polib.POEntry | None,
                 unmatched: dict[tuple[str, str], polib.POEntry]) -> None:
    if old is None:
        return
    unmatched.pop((old.msgctxt or "", old.msgid), None)
    entry.msgstr = old.msgstr
    entry.flags = ["fuzzy"]
    entry.previous_msgid = old.previous_msgid if old.fuzzy and old.previous_msgid else old.msgid
    if (old.msgctxt or "") != entry.msgctxt:
        entry.previous_msgctxt = old.msgctxt


def _occurrence(reference: str) -> tuple[str, str]:
    path, _, line = reference.rpartition(":")
    return (path, line) if path and line.isdigit() else (reference, "")


def header(language: str, project: str) -> dict[str, str]:
    """The PO header: the language and its plural forms (Babel), no dates (see the module docstring)."""
    # lazy: Babel, only where PO files are written
    from babel import Locale
    from babel.messages.plurals import get_plural

    return {"Project-Id-Version": project, "Language": language, "X-Language-Name": Locale.parse(language).english_name or language,
            "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit", "Plural-Forms": str(get_plural(language)),
            "X-Generator": "cardgen translate"}


def po_text(po: polib.POFile) -> bytes:
    return str(po).encode("utf-8")


def write_catalog(path: Path, po: polib.POFile) -> bool:
    """Write ``po`` to ``path`` unless its text is already there; whether it was written."""
    data = po_text(po)
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, data)
    return True


def counts(po: polib.POFile) -> dict[str, int]:
    """How many of a catalog's messages are translated, fuzzy and missing (obsolete ones not counted)."""
    found = {"translated": 0, "fuzzy": 0, "missing": 0}
    for entry in po:
        if entry.obsolete:
            continue
        found["fuzzy" if entry.fuzzy and entry.msgstr else "translated" if entry.msgstr else "missing"] += 1
    return found
