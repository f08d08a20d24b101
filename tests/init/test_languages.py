"""``cardgen init --languages de,en`` (issue 45, point 6): cardgen.toml names the languages, and the CI
workflow builds each and fails on missing translations only when the repository variable asks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from cardgen.commands.main import main
from cardgen.init.languages import parse_languages, with_languages
from cardgen.project.file import load_project

WORKFLOW = ".github/workflows/cardgen.yml"
BIN = Path(sys.executable).parent


def run_cli(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def build_runs(root: Path) -> list[str]:
    steps = yaml.safe_load((root / WORKFLOW).read_text(encoding="utf-8"))["jobs"]["build"]["steps"]
    return [step.get("run", "").strip() for step in steps if step.get("run", "").startswith("cardgen ")]


def test_init_writes_the_languages_and_a_workflow_strict_only_when_asked(tmp_path, capsys):
    root = tmp_path / "spiel"
    code, _, err = run_cli(capsys, "init", root, "--languages", "de,en")
    assert (code, err) == (0, "")
    assert load_project(root / "cardgen.toml").languages == ("de", "en")
    assert 'languages = ["de", "en"]           # unset: one language.' in (root / "cardgen.toml").read_text("utf-8")
    assert build_runs(root) == ["cardgen validate", "cardgen translate --status",
                                "cardgen build ${{ vars.CARDGEN_STRICT == 'true' && '--strict' || '' }}"]
    subprocess.run([BIN / "check-jsonschema", "--builtin-schema", "vendor.github-workflows", root / WORKFLOW],
                   check=True, capture_output=True)
    steps = yaml.safe_load((root / WORKFLOW).read_text(encoding="utf-8"))["jobs"]["build"]["steps"]
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-artifact@"))
    assert "build/**/*.pdf" in upload["with"]["path"].split()          # build/en/... with the source's


def test_without_languages_init_writes_what_it_wrote_before(tmp_path, capsys):
    root = tmp_path / "spiel"
    assert run_cli(capsys, "init", root)[0] == 0
    assert load_project(root / "cardgen.toml").languages == ()
    assert build_runs(root) == ["cardgen validate", "cardgen build --strict"]


def test_an_adopted_repository_gets_the_languages_too(tmp_path, capsys):
    (tmp_path / "Regeln.md").write_text("# Regeln\n\n[[toc]]\n\n## Bewegung\n\nText.\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "init", tmp_path, "--languages", "de,en,fr")
    assert (code, err) == (0, "") and "adopted the repository" in out
    assert load_project(tmp_path / "cardgen.toml").languages == ("de", "en", "fr")
    assert "cardgen translate --status" in build_runs(tmp_path)


@pytest.mark.parametrize("given, message", [
    ("de", "names one language; name the source's first, then its translations"),
    ("de,xx", "'xx' is no language Babel knows"),
    ("de,en,de", "names a language twice"),
    ("de,../en", "'../en' is no language code"),
])
def test_a_wrong_language_list_is_refused_and_nothing_written(tmp_path, capsys, given, message):
    code, _, err = run_cli(capsys, "init", tmp_path / "spiel", "--languages", given)
    assert code != 0 and message in err and "(like --languages de,en)" in err
    assert not (tmp_path / "spiel").exists()


def test_the_languages_line_replaces_the_scaffold_s_comment_or_is_appended():
    assert parse_languages(" de , pt_BR ") == ("de", "pt_BR")
    assert with_languages('a = 1\n# languages = ["de", "en"]   # note\n', ("de", "en")) == \
        'a = 1\nlanguages = ["de", "en"]           # note\n'
    assert with_languages("a = 1\n", ("de", "en")).endswith('\nlanguages = ["de", "en"]\n')
