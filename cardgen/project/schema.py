"""The schema of ``cardgen.toml`` (every key, its type and its limits) and how a wrong key or value is
said: at its line and column, with the key's dotted name and a hint, in TOML's terms rather than
pydantic's.  :mod:`cardgen.project.file` reads the file and checks its paths."""

from __future__ import annotations

import copy
import itertools
import re
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator

from cardgen.errors import Problem, did_you_mean
from cardgen.printable import refused_character

MAX_PROJECT_BYTES = 256 * 1024
MAX_PATH_CHARS = 1024
MAX_NAME_CHARS = 255
MAX_LIST = 100
KEY_PREFIXES = 8        # a key path shown (and looked up) in a message is cut to this many keys
LANGUAGE_PATTERN = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
"""A language of ``languages``: "de", "en", "pt_BR" (it names a folder: build/<lang>, translations/<lang>)."""
VERSION_PATTERN = re.compile(r"[0-9A-Za-z][0-9A-Za-z.+\-]{0,39}")
"""A content version: "1.2", "2024-03", "v3.0-beta"."""


def _path_text(value: str) -> str:
    """A path or glob of the project file: no NUL (no system takes one), no other character a printed
    text may not hold (:mod:`cardgen.printable`: an output folder's name is printed, and a line
    break or an escape sequence in it would be too), not absurdly long."""
    if "\0" in value:
        raise ValueError("must not contain a NUL character (\\u0000)")
    reason = refused_character(value)
    if reason:
        raise ValueError(reason)
    if len(value) > MAX_PATH_CHARS or any(len(name) > MAX_NAME_CHARS for name in value.split("/")):
        raise ValueError(f"is too long (at most {MAX_PATH_CHARS} characters, {MAX_NAME_CHARS} a name)")
    return value


PathText = Annotated[str, AfterValidator(_path_text)]
PathList = Annotated[list[PathText], Field(max_length=MAX_LIST)]


class Toc(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    levels: list[int] = Field(min_length=1, max_length=6)

    @field_validator("levels")
    @classmethod
    def _levels(cls, value: list[int]) -> list[int]:
        if any(not 1 <= level <= 6 for level in value):
            raise ValueError("heading levels are 1 to 6")
        if value != sorted(set(value)):
            raise ValueError("list each level once, in ascending order, like [2, 3]")
        return value


class Css(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    rulebook: PathList = []
    cards: PathList = []
    powers: PathList = []
    groups: PathList = []


class ProjectFile(BaseModel):
    """The schema of ``cardgen.toml`` (every key optional)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    content: PathText = "content"
    out: PathText = "build"
    rulebooks: PathList | None = None
    assets: PathList = []
    theme: PathText = "theme"
    fonts: PathList | None = None
    font_synthesis: bool = True
    strict: bool = False
    version: str | None = None
    version_on_cards: bool = False
    site: bool = False
    keyword_links: Literal["first", "every", "off"] = "first"
    rulebook_base: Literal["cardgen", "markdown-extended"] = "cardgen"
    toc: Toc | None = None
    css: Css = Css()
    languages: list[str] | None = Field(default=None, min_length=1, max_length=20)

    @field_validator("languages")
    @classmethod
    def _languages(cls, value: list[str] | None) -> list[str] | None:
        """Each a language Babel knows (``Locale.parse``), each once; the first is the source's."""
        for code in value or ():
            problem = language_problem(code)
            if problem:
                raise ValueError(problem)
        if value is not None and len(set(value)) != len(value):
            raise ValueError("names a language twice; list each once, the source's first, like [\"de\", \"en\"]")
        return value

    @field_validator("version")
    @classmethod
    def _version(cls, value: str | None) -> str | None:
        if value is not None and not VERSION_PATTERN.fullmatch(value):
            raise ValueError("must be a short version text (letters, digits, '.', '-', '+', at most 40), "
                             "like \"1.2\"")
        return value


def language_problem(code: str) -> str | None:
    """Why ``code`` is no language of ``languages`` (a short code Babel knows), or None."""
    from babel import Locale, UnknownLocaleError     # lazy: only a project that names languages loads Babel

    if not LANGUAGE_PATTERN.fullmatch(code):
        return (f"'{code[:40]}' is no language code; use the short code, like \"de\", \"en\" or \"pt_BR\" "
                "(it names the folders translations/<code>/ and build/<code>/)")
    try:
        Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return f"'{code}' is no language Babel knows; use a code like \"de\", \"en\" or \"fr\""
    return None


def file_problem(path: Path, where: tuple[int, int], key: str, message: str, hint: str = "") -> Problem:
    """An error of the project file at ``where`` (line, column), with its hint after a semicolon."""
    return Problem(str(path), where[0], where[1], key, message + (f"; {hint}" if hint else ""))


def validate(path: Path, lines: KeyLines, data: dict) -> tuple[ProjectFile, list[Problem]]:
    """The model of ``data`` and the problems of its keys.  A wrong key or value is left out
    (and reported), so that the path checks of every other key still run in the same pass."""
    try:
        return ProjectFile.model_validate(data), []
    except ValidationError as exc:
        errors = exc.errors()
    problems = [field_problem(path, lines, error) for error in errors]
    cleaned = without(data, [tuple(error["loc"]) for error in errors])
    try:
        return ProjectFile.model_validate(cleaned), problems
    except ValidationError as exc:        # a table lost a key it needs ([toc] without levels): drop the table
        tables = {error["loc"][0] for error in exc.errors()}
        return ProjectFile.model_validate({k: v for k, v in cleaned.items() if k not in tables}), problems


def without(data: dict, locs: list[tuple[Any, ...]]) -> dict:
    """A copy of ``data`` without the innermost table key of each ``loc`` (a list goes as a whole)."""
    cleaned = copy.deepcopy(data)
    for loc in locs:
        table: Any = cleaned
        keys = [str(part) for part in itertools.takewhile(lambda part: not isinstance(part, int), loc)]
        for key in keys[:-1]:
            table = table.get(key) if isinstance(table, dict) else None
        if isinstance(table, dict) and keys:
            table.pop(keys[-1], None)
    return cleaned


def dotted(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def syntax_problem(path: Path, exc: tomllib.TOMLDecodeError) -> Problem:
    match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
    line, column = (int(match[1]), int(match[2])) if match else (0, 0)
    message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))
    return file_problem(path, (line, column), "", f"not valid TOML: {message}",
                    "text values need quotes (content = \"content\"), lists brackets (levels = [2, 3])")


def field_problem(path: Path, lines: KeyLines, error: Any) -> Problem:
    loc = tuple(error["loc"])
    kind = error["type"]
    if kind == "extra_forbidden":
        known = known_keys(loc[:-1])
        message = f"unknown key '{loc[-1]}'" + did_you_mean(str(loc[-1]), known)
        hint = "known keys: " + ", ".join(known)
    else:
        message = TYPE_MESSAGES.get(kind) or str(error["msg"]).removeprefix("Value error, ")
        hint = ""
    return file_problem(path, lines.find(loc), dotted(loc), message, hint)


TYPE_MESSAGES = {
    "string_type": "must be a text in quotes, like \"build\"",
    "bool_type": "must be true or false",
    "list_type": "must be a list in brackets, like [\"Grafiken\"]",
    "int_type": "must be a whole number",
    "model_type": "must be a table, like [toc]",
    "dict_type": "must be a table, like [css]",
    "too_short": "must not be empty",
    "too_long": "lists too many",
}
"""Pydantic's words for a wrong type, said in TOML's terms."""


def known_keys(table: tuple[Any, ...]) -> list[str]:
    model: type[BaseModel] = ProjectFile
    for part in table:
        sub = model.model_fields.get(str(part))
        annotation = getattr(sub, "annotation", None)
        candidates = [a for a in getattr(annotation, "__args__", (annotation,)) if isinstance(a, type)]
        model = next((a for a in candidates if issubclass(a, BaseModel)), model)
    return sorted(model.model_fields)


class KeyLines:
    """The line of a key in TOML text (for messages): ``key =`` inside its ``[table]``."""

    def __init__(self, text: str) -> None:
        self.keys: dict[tuple[str, ...], tuple[int, int]] = {}
        table: tuple[str, ...] = ()
        for number, line in enumerate(text.splitlines(), start=1):
            header = re.match(r"\s*\[([A-Za-z0-9_.\- ]+)\]\s*(#.*)?$", line)
            if header:
                table = tuple(part.strip() for part in header[1].split("."))
                self._put(table, (number, line.index("[") + 1))
                continue
            key = re.match(r"\s*([A-Za-z0-9_\-.]+)\s*=", line)
            if key:
                self._put(table + tuple(part.strip() for part in key[1].split(".")), (number, key.start(1) + 1))

    def _put(self, keys: tuple[str, ...], where: tuple[int, int]) -> None:
        """``keys`` and its first few prefixes (a table 3,000 keys deep is refused at its first keys)."""
        self.keys.setdefault(keys, where)
        for length in range(1, min(len(keys), KEY_PREFIXES + 1)):
            self.keys.setdefault(keys[:length], where)

    def find(self, loc: tuple[Any, ...]) -> tuple[int, int]:
        """Line and column of the longest known prefix of ``loc`` (list indexes dropped); (0, 0) if none."""
        names = tuple(str(p) for p in loc if not isinstance(p, int))
        while names:
            if names in self.keys:
                return self.keys[names]
            names = names[:-1]
        return (0, 0)
