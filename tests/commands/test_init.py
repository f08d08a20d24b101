"""cardgen.commands.init: ``cardgen init [DIR]``'s refusals and report (the writing is cardgen.init.start's)."""

from __future__ import annotations

from pathlib import PurePosixPath

from cardgen.commands import init
from cardgen.init.start import PipSpec, WORKFLOW
from cardgen.errors import display_path


def test_the_report_sums_the_content_folder_up_per_kind(capsys, tmp_path):
    written = [PurePosixPath(p) for p in ("cardgen.toml", "content/units/a.yaml", "content/units/b.yaml",
                                          "content/factions/f.yaml", "content/README.md")]
    init.print_report(tmp_path / "neu", written, PipSpec("cardgen==1.0", "a guess"))
    where = display_path(tmp_path / "neu")
    assert capsys.readouterr().out == (
        f"wrote 5 files in {where}:\n"
        "  cardgen.toml\n"
        "  content/README.md\n"
        "  content/units/ (2 files)\n"
        "  content/factions/ (1 file)\n"
        "the workflow installs: cardgen==1.0\n"
        "note: a guess\n"
        "next steps:\n"
        f"  cd {where}\n"
        "  cardgen validate         # check the content\n"
        "  cardgen build            # cards, power cards, group sheets and build/rulebooks/Regeln/Regelbuch.pdf\n"
        "  git init && git add -A   # then push it; GitHub builds the PDFs on every push\n"
        "  pre-commit install       # optional: validate the content before each commit\n")


def test_in_the_current_folder_no_cd_and_no_note(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    init.print_report(tmp_path, [PurePosixPath("cardgen.toml")], PipSpec("cardgen"))
    out = capsys.readouterr().out
    assert out.startswith("wrote 1 files in .:\n  cardgen.toml\nthe workflow installs: cardgen\nnext steps:\n  cardgen validate")
    assert "cd " not in out and "note:" not in out


def test_init_writes_the_scaffold_with_the_pip_spec_in_the_workflow(cli, tmp_path):
    code, out, err = cli("init", tmp_path / "neu", "--pip-spec", "cardgen @ git+https://x/cardgen@v1")
    assert (code, err) == (0, "")
    assert "the workflow installs: cardgen @ git+https://x/cardgen@v1\n" in out
    workflow = (tmp_path / "neu" / WORKFLOW).read_text(encoding="utf-8")
    assert "'cardgen @ git+https://x/cardgen@v1'" in workflow              # shell-quoted
    assert (tmp_path / "neu" / "cardgen.toml").is_file()


def test_a_file_in_the_way_writes_nothing(cli, tmp_path):
    (tmp_path / "neu").mkdir()
    (tmp_path / "neu" / "cardgen.toml").write_text("# mine\n", encoding="utf-8")
    code, out, err = cli("init", tmp_path / "neu")
    lines = err.splitlines()
    assert (code, out) == (1, "")
    assert lines[0] == (f"{display_path(tmp_path / 'neu')}: 1 file(s) in the way, nothing written "
                        "(move them away or choose another folder):")
    assert lines[1].startswith(f"  {display_path(tmp_path / 'neu' / 'cardgen.toml')}: ")
    assert sorted(p.name for p in (tmp_path / "neu").iterdir()) == ["cardgen.toml"]


def test_a_target_that_is_a_file(cli, tmp_path):
    (tmp_path / "datei").write_text("x", encoding="utf-8")
    assert cli("init", tmp_path / "datei") == (1, "", f"{display_path(tmp_path / 'datei')}: is not a folder\n")


def test_a_pip_spec_of_two_lines_is_refused(cli, tmp_path):
    code, out, err = cli("init", tmp_path / "neu", "--pip-spec", "cardgen\nrm -rf /")
    assert (code, out) == (1, "")
    assert err.startswith("--pip-spec: 'cardgen")
    assert not (tmp_path / "neu").exists()


def test_files_in_the_way_name_missing_only_when_it_would_do(cli, tmp_path):
    (tmp_path / "neu").mkdir()
    (tmp_path / "neu" / "cardgen.toml").write_text("# mine\n", encoding="utf-8")
    assert cli("init", tmp_path / "neu")[2].splitlines()[-1] == (
        "(cardgen init --missing-only writes every other file and keeps these as they are)")
    (tmp_path / "neu" / "theme").write_text("a file", encoding="utf-8")   # a folder's place: it would not
    assert "--missing-only" not in cli("init", tmp_path / "neu")[2]


def test_missing_only_writes_the_rest_and_lists_what_it_kept(cli, tmp_path):
    target = tmp_path / "neu"
    (target / "Regeln").mkdir(parents=True)
    (target / "Regeln" / "Regelbuch.md").write_text("# mine\n", encoding="utf-8")
    code, out, err = cli("init", target, "--missing-only", "--pip-spec", "cardgen==1.0")
    assert (code, err) == (0, "")
    assert f"  {WORKFLOW}\n" in out and "  cardgen.toml\n" in out
    assert out.split("kept 1 existing files as they are:\n")[1].startswith("  Regeln/Regelbuch.md\nthe workflow installs")
    assert (target / "Regeln" / "Regelbuch.md").read_text(encoding="utf-8") == "# mine\n"
    code, out, err = cli("init", target, "--missing-only")                 # again: nothing left to write
    assert code == 0 and out.startswith("wrote 0 files in ") and "the workflow installs" not in out


def test_ci_writes_the_workflow_alone_and_keeps_one_that_exists(cli, tmp_path):
    code, out, err = cli("init", tmp_path, "--ci", "--pip-spec", "cardgen==1.0")
    assert (code, err) == (0, "")
    assert [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()] == [str(WORKFLOW)]
    assert out.startswith(f"wrote 1 files in {display_path(tmp_path)}:\n  {WORKFLOW}\nkept 0 existing files")
    (tmp_path / WORKFLOW).write_text("# mine\n", encoding="utf-8")
    code, out, err = cli("init", tmp_path, "--ci")
    assert code == 0 and f"kept 1 existing files as they are:\n  {WORKFLOW}\n" in out
    assert (tmp_path / WORKFLOW).read_text(encoding="utf-8") == "# mine\n"
