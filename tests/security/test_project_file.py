"""A hostile ``cardgen.toml`` (cardgen/project/: file.py, tomlcaps.py, globwalk.py, find.py): every
refusal is one error at its line, never a traceback; a project file of another user is passed over;
serve's and watch's worker survive a bug in a rebuild."""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path

import pytest

from cardgen.project import globwalk
from cardgen.project import find as projectfind
from cardgen.commands import build as buildcmd
from cardgen.commands.main import main
from cardgen.errors import ContentError
from cardgen.project.file import PROJECT_FILE, find_project, load_project
from cardgen.serve.server import watch_in_background
from cardgen.build.context import Summary
from cardgen.serve import worker as serve_worker
from cardgen.serve.worker import BuildWorker

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_project(path)
    return [line.replace(str(path), PROJECT_FILE) for line in info.value.lines()]


# --- point 6: a NUL in a path, deep nesting ----------------------------------------------------------

@pytest.mark.parametrize("key", ["content", "out", "theme"])
def test_a_nul_in_a_path_is_an_error_at_its_line(tmp_path, key):
    path = write(tmp_path / PROJECT_FILE, f'strict = true\n{key} = "a\\u0000b"\n')
    assert problems(path) == [f"{PROJECT_FILE}:2:1: {key}: must not contain a NUL character (\\u0000)"]


def test_a_nul_in_a_list_or_a_glob_is_an_error_at_its_line(tmp_path):
    path = write(tmp_path / PROJECT_FILE, 'rulebooks = ["a\\u0000.md"]\n[css]\ncards = ["x\\u0000.css"]\n')
    assert problems(path) == [
        f"{PROJECT_FILE}:1:1: rulebooks[0]: must not contain a NUL character (\\u0000)",
        f"{PROJECT_FILE}:3:1: css.cards[0]: must not contain a NUL character (\\u0000)"]


def test_a_nul_in_a_path_is_one_line_in_every_command(tmp_path, monkeypatch, capsys):
    write(tmp_path / PROJECT_FILE, 'content = "\\u0000"\n')
    monkeypatch.chdir(tmp_path)
    assert main(["build"]) == 1
    assert capsys.readouterr().err == (f"{PROJECT_FILE}:1:1: content: must not contain a NUL character "
                                       "(\\u0000)\n")


def test_a_name_too_long_for_the_system_is_an_error_at_its_line(tmp_path):
    path = write(tmp_path / PROJECT_FILE, f'\nfonts = ["{"x" * 300}"]\n')
    assert problems(path) == [f"{PROJECT_FILE}:2:1: fonts[0]: is too long (at most 1024 characters, 255 a name)"]


def test_inline_tables_nested_3000_deep_are_an_error_at_their_line(tmp_path):
    path = write(tmp_path / PROJECT_FILE, "strict = true\ntoc = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n")
    assert problems(path) == [f"{PROJECT_FILE}:2:{6 + 5 * 64 + 1}: nests deeper than 64 levels; "
                              "cardgen.toml needs no deep nesting"]
    within = write(tmp_path / PROJECT_FILE, "[toc]\nlevels = [2, 3]\n[css]\ncards = []\n")
    assert load_project(within).toc_levels == (2, 3)


def test_arrays_nested_3000_deep_are_an_error_at_their_line(tmp_path):
    path = write(tmp_path / PROJECT_FILE, "# [[[[ in a comment\nx = '[[[['\nassets = " + "[" * 3000 + "]" * 3000)
    assert problems(path) == [f"{PROJECT_FILE}:3:{10 + 64}: nests deeper than 64 levels; "
                              "cardgen.toml needs no deep nesting"]


def test_a_table_3000_keys_deep_is_an_error_at_its_line(tmp_path):
    path = write(tmp_path / PROJECT_FILE, "strict = true\n[" + ".".join(["a"] * 3000) + "]\nx = 1\n")
    [problem] = problems(path)
    assert problem.startswith(f"{PROJECT_FILE}:2:1: a.a.a.a.a.a.a.a: nests deeper than 64 levels")


def test_a_bug_in_a_rebuild_is_reported_and_the_worker_goes_on(capsys):
    runs: list[int] = []

    def step():
        runs.append(1)
        if len(runs) == 1:
            raise ValueError("embedded null byte")
        return Summary()

    worker = BuildWorker(step)
    status = worker.run_once()
    err = capsys.readouterr().err
    assert status.state == "failed" and status.lines == (
        "cardgen: internal error in the build (a bug in cardgen, please report it): ValueError: embedded null byte",)
    assert err.startswith(status.lines[0] + "\n") and "Traceback (most recent call last)" in err
    assert worker.run_once().state == "current"


def test_a_bug_in_a_background_build_leaves_the_thread_running_and_never_says_current(capsys):
    import threading

    changed = threading.Condition()

    def notify():
        with changed:
            changed.notify_all()

    def step():
        raise KeyError("kaputt")

    def finished(number: int) -> bool:
        """Wait (bounded, so that a dead thread fails the test instead of hanging it) for build ``number``."""
        with changed:
            return changed.wait_for(lambda: worker.status.number == number and worker.status.state != "rendering",
                                    timeout=60)

    worker = BuildWorker(step, notify)
    worker.start()
    try:
        assert finished(1) and worker.status.state == "failed"
        worker.request()
        assert finished(2) and worker.status.state == "failed"
        assert worker._thread is not None and worker._thread.is_alive()
    finally:
        worker.stop(timeout=5)


def test_watch_keeps_watching_after_a_bug_in_a_rebuild(monkeypatch, capsys, tmp_path):
    builds: list[int] = []

    def rebuild(args, reporter_factory=None):
        builds.append(1)
        raise RuntimeError("Symlink loop")

    monkeypatch.setattr(buildcmd, "rebuild", rebuild)
    monkeypatch.setattr(serve_worker, "changes_from_now", lambda paths, out: iter([{"a"}, {"b"}]))   # run_watch's, lazily
    monkeypatch.setattr(buildcmd, "watched_paths", lambda args: [])
    assert buildcmd.run_watch(argparse.Namespace(content=tmp_path, out=tmp_path / "out", css=[], strict=None,
                                                 print_shop=False, project_options=("content", "out"))) == 0
    assert len(builds) == 3
    assert capsys.readouterr().err.count("RuntimeError: Symlink loop") >= 3


def test_serve_s_watcher_survives_a_bug_in_its_reload(monkeypatch, capsys, tmp_path):
    import threading

    from cardgen.serve import worker as worker_module

    calls: list[int] = []
    done = threading.Event()

    def on_change():
        calls.append(1)
        if len(calls) == 2:
            done.set()
        raise OSError("kaputt")

    monkeypatch.setattr(worker_module, "watch_changes", lambda paths, out, debounce_ms, stop: iter([{"a"}, {"b"}]))
    thread = watch_in_background([], tmp_path, on_change, threading.Event())
    thread.join(timeout=30)
    assert done.is_set() and len(calls) == 2
    assert "internal error in the preview's reload" in capsys.readouterr().err


# --- point 15: rulebooks globs ------------------------------------------------------------------------

def tree(root: Path) -> None:
    for name in ("Regeln/a.md", "Regeln/b/c.md", "Regeln/b/d/e.md", "Regeln/x.txt", "f.md"):
        write(root / name, "# x\n")


def test_a_run_of_double_stars_counts_once_and_lists_no_folder_twice(tmp_path, monkeypatch):
    tree(tmp_path)
    pattern = "/".join(["**"] * 20) + "/*.md"
    path = write(tmp_path / PROJECT_FILE, f'rulebooks = ["{pattern}"]\n')
    listed: list[str] = []
    real = os.scandir
    monkeypatch.setattr(os, "scandir", lambda p=".": listed.append(os.fspath(p)) or real(p))
    found = load_project(path).rulebook_sources()
    assert found == sorted([tmp_path / "Regeln/a.md", tmp_path / "Regeln/b/c.md", tmp_path / "Regeln/b/d/e.md",
                            tmp_path / "f.md"])
    assert len(listed) == len(set(listed)) == 4        # the root, Regeln, Regeln/b, Regeln/b/d: once each


def test_a_glob_of_too_many_segments_is_an_error_at_its_line(tmp_path):
    pattern = "/".join(["*"] * 20) + "/*.md"
    path = write(tmp_path / PROJECT_FILE, f'strict = true\nrulebooks = [\n  "Regeln/*.md",\n  "{pattern}",\n]\n')
    assert problems(path) == [f"{PROJECT_FILE}:2:1: rulebooks[1]: '{pattern}' has more than 16 segments "
                              "(a run of '**' counts once); name the folders, like \"Regeln/*.md\""]


def test_a_glob_too_long_is_an_error_at_its_line(tmp_path):
    pattern = "a" * 200 + "/" + "b" * 200 + ".md"
    path = write(tmp_path / PROJECT_FILE, f'rulebooks = ["{pattern}"]\n')
    assert problems(path) == [f"{PROJECT_FILE}:1:1: rulebooks[0]: '{pattern}' is longer than 256 characters; "
                              "name the folders, like \"Regeln/*.md\""]


def test_a_glob_walking_too_many_entries_is_an_error_at_its_line(tmp_path, monkeypatch):
    tree(tmp_path)
    for i in range(30):
        (tmp_path / "viele" / str(i)).mkdir(parents=True)
    path = write(tmp_path / PROJECT_FILE, 'strict = true\n\nrulebooks = ["Regeln/*.md", "**/*.md"]\n')
    monkeypatch.setattr(globwalk, "MAX_ENTRIES", 20)
    project = load_project(path)
    assert project.rulebook_matches("Regeln/*.md") == [tmp_path / "Regeln/a.md"]
    with pytest.raises(ContentError) as info:
        project.rulebook_sources()
    assert [line.replace(str(path), PROJECT_FILE) for line in info.value.lines()] == [
        f"{PROJECT_FILE}:3:1: rulebooks[1]: '**/*.md' looks at more than 20000 files and folders; "
        "name the folders the rulebooks lie in, like \"Regeln/*.md\""]


def test_a_glob_never_enters_git_nor_follows_a_link_to_a_folder(tmp_path):
    tree(tmp_path)
    write(tmp_path / ".git" / "x.md", "# x\n")
    (tmp_path / "verweis").symlink_to(tmp_path / "Regeln")
    project = load_project(write(tmp_path / PROJECT_FILE, 'rulebooks = ["**/a.md", "*/x.md", "verweis/*.md"]\n'))
    assert project.rulebook_sources() == [tmp_path / "Regeln/a.md"]


# --- point 11: a project file of another user ---------------------------------------------------------

@pytest.fixture
def nested(tmp_path, monkeypatch) -> Path:
    """``oben/cardgen.toml`` (content = "oben-inhalt") above the working folder ``oben/unten``."""
    write(tmp_path / "oben" / PROJECT_FILE, 'content = "oben-inhalt"\n')
    (tmp_path / "oben" / "unten").mkdir()
    monkeypatch.chdir(tmp_path / "oben" / "unten")
    monkeypatch.delenv(projectfind.SAFE_ENV, raising=False)
    monkeypatch.setattr(projectfind, "_warned", set())
    return tmp_path


def test_a_project_file_of_another_user_is_passed_over_with_a_warning(nested, monkeypatch, capsys):
    assert find_project().file == nested / "oben" / PROJECT_FILE        # this user's: used
    mine = os.lstat(nested).st_uid
    monkeypatch.setattr(projectfind, "effective_uid", lambda: mine + 1000)
    project = find_project()
    assert project.file is None and project.root == nested / "oben" / "unten"
    assert capsys.readouterr().err == (
        f"{nested / 'oben' / PROJECT_FILE}: warning: ignored: it belongs to another user (uid {mine}, not "
        f"{mine + 1000}); run cardgen as the file's owner, or name the file in CARDGEN_SAFE_PROJECT_FILES "
        "if you trust it\n")
    monkeypatch.setenv(projectfind.SAFE_ENV, str(nested / "oben" / PROJECT_FILE))
    assert find_project().file == nested / "oben" / PROJECT_FILE        # named safe: used


def test_a_project_file_in_a_folder_everyone_may_write_is_passed_over(nested, capsys):
    (nested / "oben").chmod(0o777)
    assert find_project().file is None
    assert "ignored: its folder may be written by every user" in capsys.readouterr().err


def test_a_sticky_folder_of_this_user_is_trusted_but_not_another_user_s(nested, monkeypatch, capsys):
    (nested / "oben").chmod(0o777 | stat.S_ISVTX)
    assert find_project().file == nested / "oben" / PROJECT_FILE
    owners = projectfind.owner_of
    monkeypatch.setattr(projectfind, "owner_of",
                        lambda path: (owners(path)[0] + (1000 if path == nested / "oben" else 0), owners(path)[1]))
    assert find_project().file is None
    assert "ignored: its folder may be written by every user" in capsys.readouterr().err


def test_the_search_goes_on_above_a_file_passed_over(nested, monkeypatch):
    write(nested / "oben" / "unten" / PROJECT_FILE, 'content = "x"\n')
    theirs = nested / "oben" / "unten" / PROJECT_FILE
    owners = projectfind.owner_of
    monkeypatch.setattr(projectfind, "owner_of", lambda path: (owners(path)[0] + (1000 if path == theirs else 0),
                                                               owners(path)[1]))
    assert find_project().file == nested / "oben" / PROJECT_FILE


def test_pictures_do_not_widen_their_roots_to_another_user_s_project(nested, monkeypatch):
    from cardgen.content.pictures import project_root_of

    assert project_root_of(nested / "oben" / "unten") == nested / "oben"
    monkeypatch.setattr(projectfind, "effective_uid", lambda: os.lstat(nested).st_uid + 1000)
    assert project_root_of(nested / "oben" / "unten") is None


@pytest.mark.parametrize(("written", "code"), [("\\u0007", "U+0007"), ("\\n", "U+000A"), ("\\u001b[31m", "U+001B"),
                                               ("\\u202e", "U+202E"), ("\\ufffe", "U+FFFE")])
def test_a_control_character_in_a_path_is_an_error_at_its_line(tmp_path, written, code):
    """Issue 40 (6): the project file's texts refuse what the content's do (cardgen.printable)."""
    path = write(tmp_path / PROJECT_FILE, f'out = "build{written}x"\n')
    assert [line.split(",")[0] for line in problems(path)] == [f"{PROJECT_FILE}:1:1: out: contains {code}"]
