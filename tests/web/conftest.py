"""The web edition built once per session: on the example content and on the rulebook fixture repository
(``cardgen site``'s own functions, as the command runs them); every test of tests/site/ reads these."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import EXAMPLE, FIXTURES
from cardgen.build.context import open_run
from cardgen.build.run import find_rulebooks
from cardgen.project.settings import load_settings
from cardgen.site.build import SiteResult, build_site


def build_result(start: Path, out: Path, content: Path | None = None) -> SiteResult:
    """``cardgen site`` as the command runs it: what it wrote, rendered and indexed."""
    settings = load_settings(start, content=content, out=out)
    ctx = open_run(settings, rulebooks_only=True)
    rulebooks = find_rulebooks(settings.content, ctx.summary, ctx.project)
    return build_site(ctx, rulebooks)


def build_edition(start: Path, out: Path, content: Path | None = None) -> Path:
    return build_result(start, out, content).out


@pytest.fixture(scope="session")
def example_site(tmp_path_factory) -> Path:
    """The edition of the example content (its rulebook found in the content folder)."""
    root = tmp_path_factory.mktemp("example-site")
    return build_edition(root, root / "build", EXAMPLE)


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory) -> Path:
    """The edition of the rulebook fixture repository (a copy: cardgen.toml, Regeln/*.md, markdown.css)."""
    root = tmp_path_factory.mktemp("fixture-site") / "repo"
    shutil.copytree(FIXTURES / "rulebook-repo", root)
    return build_edition(root, root / "build")
