"""``cardgen init --languages de,en`` (issue 45, point 6): the project file names the languages, and the CI
workflow builds each of them and fails on a translation's fuzzy or missing entries only when asked.

The scaffold's files stay as they are on disk; what a chosen list changes is laid over their text here:
the project file's commented ``# languages = …`` line becomes the key (an adopted repository's file gets
it appended), and the workflow's build step passes ``--strict`` only when the repository variable
``CARDGEN_STRICT`` is ``true`` -- until then a text without its translation is a warning, printed in the
source's words, and the job says how much is translated (``cardgen translate --status``).  The workflow
uploads ``build/**/*.pdf`` already, so each language's PDFs (``build/<lang>/``) are in its artifact.
"""

from __future__ import annotations

from cardgen.errors import UsageError
from cardgen.project.schema import language_problem

SCAFFOLD_LINE = "# languages = "
STRICT_STEP = ("      - name: Build cards and rulebooks (any warning fails the job)\n"
               "        run: cardgen build --strict\n")
LANGUAGES_STEP = """\
      - name: Say how much of each language is translated
        run: cardgen translate --status
      - name: Build cards and rulebooks, each translation into build/<lang>/
        # A translation's fuzzy or missing entries are warnings (those texts print in the source's
        # language); they fail the job only with the repository variable CARDGEN_STRICT = true
        # (Settings → Secrets and variables → Actions → Variables), like every other warning then.
        run: cardgen build ${{ vars.CARDGEN_STRICT == 'true' && '--strict' || '' }}
"""


def parse_languages(text: str) -> tuple[str, ...]:
    """``"de,en"`` → ``("de", "en")``: each a language Babel knows, each once, at least two (the
    source's first); a UsageError says which is not."""
    codes = tuple(code.strip() for code in text.split(",") if code.strip())
    problems = [problem for code in codes if (problem := language_problem(code))]
    if len(set(codes)) != len(codes):
        problems.append("names a language twice")
    if len(codes) < 2 and not problems:
        problems.append("names one language; name the source's first, then its translations")
    if problems:
        raise UsageError(f"--languages {text[:80]!r}: " + "; ".join(problems) + " (like --languages de,en)")
    return codes


def languages_line(codes: tuple[str, ...]) -> str:
    return "languages = [" + ", ".join(f'"{code}"' for code in codes) + "]"


def with_languages(project_text: str, codes: tuple[str, ...]) -> str:
    """A project file's text naming ``codes``: the scaffold's commented line made the key, else appended."""
    lines = project_text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.startswith(SCAFFOLD_LINE):
            comment = line[line.index("#", len(SCAFFOLD_LINE)):] if "#" in line[len(SCAFFOLD_LINE):] else "\n"
            lines[index] = languages_line(codes).ljust(35) + comment
            return "".join(lines)
    return project_text + f"# the content's languages, the source's first (docs/translations.md)\n{languages_line(codes)}\n"


def workflow_with_languages(workflow: str) -> str:
    """The workflow whose build step is strict only when asked (:data:`LANGUAGES_STEP`)."""
    if STRICT_STEP not in workflow:
        raise ValueError("the scaffold's workflow has no strict build step to replace")   # a bug of cardgen
    return workflow.replace(STRICT_STEP, LANGUAGES_STEP)
