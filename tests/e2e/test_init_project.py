"""``cardgen init``: a new project that validates and builds at once, and never overwrites anything."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from cardgen import __version__
from cardgen.init import start as init
from cardgen.commands.main import main
from cardgen.project.file import load_project
from cardgen.project.schema import ProjectFile
from conftest import shared_once

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

BIN = Path(sys.executable).parent
WORKFLOW = ".github/workflows/cardgen.yml"


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def project(tmp_path, capsys) -> Path:
    """A project written by ``cardgen init DIR`` (the installed cardgen: no VCS, so cardgen==VERSION)."""
    root = tmp_path / "spiel"
    code, out, err = run_cli(capsys, "init", root)
    assert (code, err) == (0, "")
    return root


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Path, dict]:
    """A project written by ``cardgen init``, validated and built with ``--strict`` once per test run
    (shared by the xdist workers): (its folder, what each command said).  READ ONLY: copy it to build on it."""
    def make(folder: Path) -> dict:
        root = folder / "spiel"
        said = {}
        with pytest.MonkeyPatch.context() as monkeypatch:
            for name, args in (("init", ["init", str(root)]), ("validate", ["validate"]),
                               ("build", ["build", "--strict"])):
                out, err = io.StringIO(), io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    said[name] = (main(args), out.getvalue(), err.getvalue())
                if name == "init":
                    monkeypatch.chdir(root)
        return said

    folder, said = shared_once(tmp_path_factory, "init-project", make)
    return folder / "spiel", {name: tuple(value) for name, value in said.items()}


def test_a_new_project_validates_and_builds_its_cards_and_rulebook(built):
    project, said = built
    assert said["init"][0] == 0 and said["init"][2] == ""
    assert said["validate"] == (0, "content: valid\n", "")
    code, out, err = said["build"]
    assert (code, err) == (0, ""), out
    for name in ("cards.pdf", "powers.pdf", "groups/kampfgruppe_eisenfaust.pdf", "groups/zirkel_der_glut.pdf",
                 "rulebooks/Regeln/Regelbuch.pdf"):
        assert (project / "build" / name).read_bytes().startswith(b"%PDF-"), name


def test_init_prints_what_it_wrote_and_the_next_steps(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "init")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"wrote {len(init.scaffold_files())} files in .:"
    for name in ("  cardgen.toml", "  .gitignore", f"  {WORKFLOW}", "  Regeln/Regelbuch.md", "  content/units/ (7 files)"):
        assert name in lines
    assert f"the workflow installs: cardgen=={__version__}" in lines
    assert any(line.startswith("note: the workflow installs cardgen==") and WORKFLOW in line for line in lines)
    assert "  cardgen validate         # check the content" in lines


def test_init_refuses_to_overwrite_and_writes_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content" / "units").mkdir(parents=True)
    (tmp_path / "content" / "units" / "sturmtruppe.yaml").write_text("mine", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("mine", encoding="utf-8")
    (tmp_path / "Regeln").write_text("a file where a folder belongs", encoding="utf-8")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    code, out, err = run_cli(capsys, "init")
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        ".: 3 file(s) in the way, nothing written (move them away or choose another folder):",
        "  .gitignore: exists",
        "  Regeln: is a file where a folder belongs",
        "  content/units/sturmtruppe.yaml: exists",
    ]
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
    assert (tmp_path / ".gitignore").read_text(encoding="utf-8") == "mine"


def test_init_never_writes_through_a_symlinked_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "spiel").mkdir()
    (tmp_path / "spiel" / "theme").symlink_to(elsewhere)
    code, _, err = run_cli(capsys, "init", "spiel")
    assert code == 1
    assert "  spiel/theme: is a symlink where a folder belongs" in err.splitlines()
    assert list(elsewhere.iterdir()) == [] and [p.name for p in (tmp_path / "spiel").iterdir()] == ["theme"]


def test_the_workflow_is_valid_for_github_and_installs_this_cardgen_with_pip(project):
    subprocess.run([BIN / "check-jsonschema", "--builtin-schema", "vendor.github-workflows", project / WORKFLOW],
                   check=True, capture_output=True)
    text = (project / WORKFLOW).read_text(encoding="utf-8")
    steps = yaml.safe_load(text)["jobs"]["build"]["steps"]
    runs = [step.get("run", "").strip() for step in steps]
    assert f"python -m pip install cardgen=={__version__}" in runs
    assert ["cardgen validate", "cardgen build --strict"] == [r for r in runs if r.startswith("cardgen ")]
    cache = next(step for step in steps if step.get("uses", "").startswith("actions/cache@"))
    assert cache["with"]["path"].split() == ["build/.cache", "~/.cache/cardgen"]     # render cache, synthesised faces
    for folder in ("content/**", "Regeln/**", "theme/**", "Grafiken/**", "cardgen.toml"):
        assert f"'{folder}'" in cache["with"]["key"]
    assert any(step.get("uses", "").startswith("actions/upload-artifact@") for step in steps)
    assert "make" not in re.findall(r"\w+", text) and ".venv" not in text and "libpango" in text


def test_the_workflow_publishes_the_battlescribe_export_on_a_tag_when_switched_on(project):
    """The opt-in job: after the build, on a tag and with the variable PUBLISH_BATTLESCRIBE only; the
    export as an artifact and on the release (the only job that may write)."""
    workflow = yaml.safe_load((project / WORKFLOW).read_text(encoding="utf-8"))
    job = workflow["jobs"]["battlescribe"]
    assert job["if"] == "startsWith(github.ref, 'refs/tags/') && vars.PUBLISH_BATTLESCRIBE == 'true'"
    assert job["needs"] == "build" and job["permissions"] == {"contents": "write"}
    assert workflow["permissions"] == {"contents": "read"} and "permissions" not in workflow["jobs"]["build"]
    steps = job["steps"]
    runs = [step.get("run", "").strip() for step in steps]
    export = 'cardgen export battlescribe --url "$DATA_URL" --author "$DATA_AUTHOR" --contact "$DATA_CONTACT"'
    assert f"python -m pip install cardgen=={__version__}" in runs and export in runs
    assert steps[runs.index(export)]["env"]["DATA_URL"] == \
        "${{ github.server_url }}/${{ github.repository }}/releases/latest/download/"     # issue 44.3: the stable link
    uses = {step["uses"].split("@")[0]: step.get("with", {}) for step in steps if "uses" in step}
    assert uses["actions/download-artifact"] == {"name": "cardgen-pdfs", "path": "build/"}     # the pages' rulebooks
    assert uses["actions/upload-artifact"]["path"] == "build/battlescribe/"
    assert uses["softprops/action-gh-release"]["files"] == "build/battlescribe/*"
    order = [s.get("uses", "").split("@")[0] for s in steps]
    assert order.index("actions/download-artifact") < runs.index(export) < order.index("softprops/action-gh-release")
    assert "releases/latest/download/Universalis.bsi" in (project / WORKFLOW).read_text(encoding="utf-8")


def test_the_workflow_publishes_the_web_edition_on_a_tag_when_switched_on(project):
    """The opt-in job: after the build, on a tag and with the variable PUBLISH_SITE only; cardgen site (changed
    since the tag before) uploaded as the Pages artifact and deployed (the only job that may write Pages)."""
    workflow = yaml.safe_load((project / WORKFLOW).read_text(encoding="utf-8"))
    job = workflow["jobs"]["site"]
    assert job["if"] == "startsWith(github.ref, 'refs/tags/') && vars.PUBLISH_SITE == 'true'"
    assert job["needs"] == "build"
    assert job["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert job["environment"]["name"] == "github-pages"
    steps = job["steps"]
    runs = [step.get("run", "").strip() for step in steps]
    assert f"python -m pip install cardgen=={__version__}" in runs
    assert any('cardgen site --strict ${previous:+--since "$previous"}' in run for run in runs)
    uses = [step["uses"].split("@")[0] for step in steps if "uses" in step]
    assert uses[-2:] == ["actions/upload-pages-artifact", "actions/deploy-pages"]
    saved = next(s for s in workflow["jobs"]["build"]["steps"] if s.get("uses", "").startswith("actions/cache@"))
    restored = next(s for s in steps if s.get("uses", "").startswith("actions/cache/restore@"))
    assert restored["with"] == saved["with"]          # the build job's cache: the site reuses its faces and chapters
    assert steps.index(restored) < next(n for n, run in enumerate(runs) if "cardgen site" in run)
    assert steps[-2]["with"] == {"path": "build/site"}
    assert steps[0]["with"] == {"fetch-depth": 0}


def test_the_pre_commit_config_is_valid_and_runs_the_installed_cardgen(project, tmp_path):
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"))
    subprocess.run([BIN / "pre-commit", "validate-config", project / ".pre-commit-config.yaml"],
                   check=True, capture_output=True, env=env)
    (hook,) = yaml.safe_load((project / ".pre-commit-config.yaml").read_text(encoding="utf-8"))["repos"][0]["hooks"]
    assert (hook["entry"], hook["language"], hook["pass_filenames"]) == ("cardgen validate", "system", False)


def test_the_project_file_lists_every_key_with_its_default(project):
    text = (project / "cardgen.toml").read_text(encoding="utf-8")
    assert load_project(project / "cardgen.toml").rulebooks == ("Regeln/*.md",)
    uncommented = re.sub(r"(?m)^# (\w+ *=|\[\w+\])", r"\1", text)
    keys = set(re.findall(r"(?m)^(\w+)\s*=", uncommented)) | set(re.findall(r"(?m)^\[(\w+)\]", uncommented))
    assert keys == set(ProjectFile.model_fields) | {"levels", "rulebook", "cards", "powers", "groups"}
    (project / "cardgen.toml").write_text(uncommented, encoding="utf-8")
    every = load_project(project / "cardgen.toml")           # every default spelled out is a valid project file
    assert (every.content.name, every.out.name, every.theme, every.toc_levels) == \
        ("content", "build", project / "theme", (1, 2, 3, 4, 5, 6))


@pytest.mark.parametrize(("direct_url", "spec"), [
    ({"url": "https://example.org/cardgen.git", "vcs_info": {"vcs": "git", "commit_id": "0123abc"}},
     "cardgen @ git+https://example.org/cardgen.git@0123abc"),
    ({"url": "https://example.org/mono.git", "subdirectory": "tools/cardgen",
      "vcs_info": {"vcs": "git", "commit_id": "0123abc", "requested_revision": "main"}},
     "cardgen @ git+https://example.org/mono.git@0123abc#subdirectory=tools/cardgen"),
    ({"url": "file:///home/me/cardgen", "dir_info": {"editable": True}}, f"cardgen=={__version__}"),
    ({"url": "file:///home/me/cardgen", "vcs_info": {"vcs": "git", "commit_id": "0123abc"}},
     "cardgen @ git+file:///home/me/cardgen@0123abc"),
    (None, f"cardgen=={__version__}"),
])
def test_the_pip_spec_pins_the_commit_cardgen_was_installed_from(monkeypatch, direct_url, spec):
    class Distribution:
        def read_text(self, name: str) -> str | None:
            assert name == "direct_url.json"
            return json.dumps(direct_url) if direct_url is not None else None

    monkeypatch.setattr(init.metadata, "distribution", lambda name: Distribution())
    pinned = init.installed_pip_spec()
    assert pinned.spec == spec
    assert bool(pinned.note) == (spec.startswith("cardgen==") or "file:" in spec)


def test_pip_spec_option_overrides_and_is_quoted_for_the_shell(tmp_path, capsys):
    spec = "cardgen @ git+https://example.org/cardgen.git@v1.2"
    code, out, _ = run_cli(capsys, "init", tmp_path, "--pip-spec", spec)
    assert code == 0 and f"the workflow installs: {spec}" in out and "note:" not in out
    steps = yaml.safe_load((tmp_path / WORKFLOW).read_text(encoding="utf-8"))["jobs"]["build"]["steps"]
    assert f"python -m pip install '{spec}'" in [step.get("run", "").strip() for step in steps]


def test_a_pip_spec_of_several_lines_is_refused(tmp_path, capsys):
    code, _, err = run_cli(capsys, "init", tmp_path, "--pip-spec", "cardgen\nrm -rf /")
    assert code == 1 and "must be one line of printable characters" in err
    assert list(tmp_path.iterdir()) == []


def test_the_theme_stylesheets_change_nothing_until_uncommented_and_name_cardgens_variables(project):
    from cardgen.paths import TEMPLATES_DIR

    defined = set()
    for template in TEMPLATES_DIR.rglob("*"):
        if template.suffix in (".css", ".j2"):
            defined |= set(re.findall(r"(--cardgen-[\w-]+)\s*:", template.read_text(encoding="utf-8")))
    for name in ("rulebook", "cards", "powers", "groups"):
        text = (project / "theme" / f"{name}.css").read_text(encoding="utf-8")
        assert re.sub(r"\s+", " ", re.sub(r"/\*.*?\*/", "", text, flags=re.S)).strip() == ":root { }", name
        used = set(re.findall(r"(--cardgen-[\w-]+)\s*:", text))
        assert used and used <= defined, (name, sorted(used - defined))


def test_cardgens_own_workflow_runs_its_ci(tmp_path):
    workflow = Path(__file__).resolve().parents[2] / ".github" / "workflows" / "cardgen.yml"
    subprocess.run([BIN / "check-jsonschema", "--builtin-schema", "vendor.github-workflows", workflow],
                   check=True, capture_output=True)
    steps = yaml.safe_load(workflow.read_text(encoding="utf-8"))["jobs"]["test"]["steps"]
    assert steps[-1]["run"] == "bash .ci/run"


def test_strict_fails_on_a_warm_cache_too(built, tmp_path, capsys, monkeypatch):
    """Issue 27.2: a reused face reports the warnings its render gave (kept with it in the cache),
    so the second ``build --strict`` with a broken theme fails as the first did."""
    project = shutil.copytree(built[0], tmp_path / "spiel", symlinks=True)   # a warm cache, the theme as it was
    monkeypatch.chdir(project)
    with (project / "theme" / "cards.css").open("a", encoding="utf-8") as css:
        css.write("\n.card { color: bogus-colour }\n")
    said = []
    for _ in range(2):
        code, out, err = run_cli(capsys, "build", "--strict")
        said.append((code, sorted(line for line in (out + err).splitlines() if "bogus-colour" in line)))
    assert said[0][0] == said[1][0] == 1
    assert said[0][1] and said[1][1] == said[0][1]
    code, out, err = run_cli(capsys, "build")
    assert code == 0 and "0 warning(s)" not in out + err
