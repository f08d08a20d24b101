"""The journal (cardgen/speed/journal.py): a no-change ``cardgen build`` is replayed -- the first one
after a build too -- and any change builds."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.speed import journal, snapshot
from tests.speed.journal_runs import cardgen_build, journal_project

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)


@pytest.fixture
def project(small_project_build, tmp_path, monkeypatch) -> Path:
    """The small project, built, as a designer's folder and the working folder."""
    return journal_project(small_project_build, tmp_path, monkeypatch)


def without_time(text: str) -> str:
    return re.sub(r" in \d+\.\d\d s\n\Z", " in T s\n", text)


def journals(root: Path) -> list[Path]:
    folder = root.parent / "cache" / "cardgen" / "journal"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def test_a_run_that_changed_nothing_is_replayed_with_what_it_printed(project, monkeypatch, capsys):
    recorded = cardgen_build(monkeypatch, capsys)
    assert recorded.built and recorded.code == 0
    assert "built 0, reused 11, 0 warning(s) in" in recorded.out and "  reused  probe front\n" in recorded.out
    assert len(journals(project)) == 1
    replayed = cardgen_build(monkeypatch, capsys)
    assert not replayed.built and replayed.code == 0
    assert without_time(replayed.out) == without_time(recorded.out)
    assert replayed.err == recorded.err


def rewrite_keeping_size_and_time(path: Path, old: str = "name: Probekrieger", new: str = "name: Probekriegen") -> None:
    """Another text of the same length, with the old modification time put back (only the
    status-change time, which no program can set, tells)."""
    info = path.stat()
    text = path.read_text(encoding="utf-8")
    changed = text.replace(old, new)
    assert changed != text and len(changed) == len(text)
    path.write_text(changed, encoding="utf-8")
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert path.stat().st_mtime_ns == info.st_mtime_ns and path.stat().st_size == info.st_size


CHANGES = {
    "a unit rewritten, same size and time": lambda root: rewrite_keeping_size_and_time(
        root / "content" / "units" / "probe.yaml"),
    "a file added to the content": lambda root: (root / "content" / "units" / "notiz.txt").write_text("x"),
    "a file removed from the content": lambda root: (root / "content" / "effects" / "explosiv.yaml").unlink(),
    "the rulebook edited": lambda root: (root / "content" / "rulebook" / "Regeln.md").write_text("# Neu\n"),
    "a picture added beside the content": lambda root: (root / "logo.svg").write_text("<svg/>"),
    "a project file made": lambda root: (root / "cardgen.toml").write_text("strict = true\n"),
    "an output deleted": lambda root: (root / "build" / "cards.pdf").unlink(),
    "a cached face deleted": lambda root: next((root / "build" / ".cache" / "faces").rglob("*.pdf")).unlink(),
}


@pytest.mark.parametrize("change", CHANGES)
def test_any_change_builds_again(project, monkeypatch, capsys, change):
    assert cardgen_build(monkeypatch, capsys).built and journals(project)
    CHANGES[change](project)
    after = cardgen_build(monkeypatch, capsys)
    assert after.built


def test_an_output_deleted_is_made_again(project, monkeypatch, capsys):
    cardgen_build(monkeypatch, capsys)
    (project / "build" / "powers.pdf").unlink()
    run = cardgen_build(monkeypatch, capsys)
    assert run.built and run.code == 0 and (project / "build" / "powers.pdf").is_file()


def test_a_deleted_web_edition_is_made_again(project, monkeypatch, capsys):
    """With ``site = true`` the web edition is among the outputs the journal watches (the whole output
    folder): a no-change run replays, a run after ``build/site`` was deleted builds and writes it again."""
    (project / "cardgen.toml").write_text('content = "content"\nsite = true\n', encoding="utf-8")
    assert cardgen_build(monkeypatch, capsys).built and (project / "build" / "site" / "index.html").is_file()
    assert not cardgen_build(monkeypatch, capsys).built
    shutil.rmtree(project / "build" / "site")
    run = cardgen_build(monkeypatch, capsys)
    assert run.built and run.code == 0 and (project / "build" / "site" / "index.html").is_file()
    assert (project / "build" / "site" / "pagefind" / "pagefind-entry.json").is_file()


def test_another_command_line_builds_and_has_a_journal_of_its_own(project, monkeypatch, capsys):
    """Each command line has its journal.  A run of one writes the output folder's manifest again, with
    the same bytes (nothing warned): the other's journal, which knows that file by its digest (written
    in the run it recorded), still holds, and that command replays; an output changed, it builds."""
    cardgen_build(monkeypatch, capsys)
    strict = cardgen_build(monkeypatch, capsys, "--strict")
    assert strict.built and len(journals(project)) == 2
    assert not cardgen_build(monkeypatch, capsys, "--strict").built
    assert not cardgen_build(monkeypatch, capsys).built
    (project / "build" / "cards.pdf").write_bytes(b"%PDF-1.7 not the one cardgen wrote")
    assert cardgen_build(monkeypatch, capsys).built
    assert cardgen_build(monkeypatch, capsys, "--strict").built


def edit_unit(project: Path, name: str = "Stoßtrupp") -> Path:
    unit = project / "content" / "units" / "probe.yaml"
    unit.write_text(unit.read_text(encoding="utf-8").replace("name: Probekrieger", f"name: {name}"),
                    encoding="utf-8")
    return unit


def test_the_first_run_after_a_build_replays_what_a_run_finding_nothing_changed_prints(project, monkeypatch,
                                                                                        capsys):
    """Issue 43.5: a build that changed something (one card, written just before it: the 2 s guard on)
    leaves a journal the next run trusts; that run replays, printing what the same command prints when
    it builds and finds nothing changed (the journal off), and both leave changed-cards.pdf as it was."""
    monkeypatch.setattr(journal, "RACY_NS", 2_000_000_000)
    edit_unit(project)
    changed = cardgen_build(monkeypatch, capsys)
    assert changed.built and "built 0," not in changed.out and "1 changed  changed-cards.pdf" in changed.out
    assert len(journals(project)) == 1
    replayed = cardgen_build(monkeypatch, capsys)
    assert not replayed.built and replayed.code == 0
    cards = (project / "build" / "changed-cards.pdf").read_bytes()
    monkeypatch.setenv("CARDGEN_SPEEDUPS", "-journal")
    again = cardgen_build(monkeypatch, capsys)
    assert again.built and again.code == 0
    assert without_time(replayed.out) == without_time(again.out) and replayed.err == again.err
    assert "built 0, reused 11, 0 warning(s) in" in again.out and "  reused  probe front\n" in again.out
    assert "0 changed  changed-cards.pdf" in again.out
    assert (project / "build" / "changed-cards.pdf").read_bytes() == cards, "a run that changes nothing keeps it"


def test_a_failed_run_leaves_no_journal(project, monkeypatch, capsys):
    cardgen_build(monkeypatch, capsys)
    assert journals(project)
    unit = project / "content" / "units" / "probe.yaml"
    unit.write_text("id: probe\nname: [kaputt\n", encoding="utf-8")
    failed = cardgen_build(monkeypatch, capsys)
    assert failed.code == 1 and journals(project) == []
    assert cardgen_build(monkeypatch, capsys).built


def test_files_written_just_before_the_run_are_known_by_their_bytes(project, monkeypatch, capsys):
    """A file written in the 2 s before the run: the journal keeps its digest; unchanged, it replays."""
    monkeypatch.setattr(journal, "RACY_NS", 2_000_000_000)
    unit = project / "content" / "units" / "probe.yaml"
    unit.touch()
    assert cardgen_build(monkeypatch, capsys).built
    [path] = journals(project)
    assert str(unit) in json.loads(path.read_text(encoding="utf-8"))["inputs"]["hashes"]
    assert not cardgen_build(monkeypatch, capsys).built


def _blind_to_ctime(entry):
    """A snapshot entry as a file system whose status-change time tells no more than its modification
    time (coarse clocks, or a file put back in the same tick): only size, times and inode compared."""
    def blind(path: str):
        found = entry(path)
        return None if found is None else [found[0], found[1], found[2], found[2], *found[4:]]
    return blind


@pytest.mark.parametrize("pinned", [True, False], ids=["digests kept", "digests not kept (the bug it prevents)"])
def test_a_file_rewritten_in_the_same_tick_with_the_same_size_and_time_builds(project, monkeypatch, capsys, pinned):
    """Edited, built at once (the build records its journal), then rewritten with the same size and its
    modification time put back, where the status-change time does not tell: only the digest the
    journal kept of the just-written file sees the change.  Without it (no digests, and no guard
    keeping such a run from being recorded), a stale replay."""
    monkeypatch.setattr(journal, "RACY_NS", 2_000_000_000)
    monkeypatch.setattr(snapshot, "_entry", _blind_to_ctime(snapshot._entry))
    if not pinned:
        monkeypatch.setattr(snapshot.Snapshot, "pin_racy", lambda self, since_ns: None)
        monkeypatch.setattr(snapshot.Snapshot, "newest_ns", lambda self: 0)
    unit = edit_unit(project, "Probekriegex")
    assert cardgen_build(monkeypatch, capsys).built and journals(project)
    rewrite_keeping_size_and_time(unit, "name: Probekriegex", "name: Probekriegey")
    assert cardgen_build(monkeypatch, capsys).built == pinned


def test_a_folder_with_too_many_files_is_never_recorded(project, monkeypatch, capsys):
    monkeypatch.setattr(snapshot, "MAX_ENTRIES", 20)
    assert cardgen_build(monkeypatch, capsys).built and journals(project) == []
    assert cardgen_build(monkeypatch, capsys).built


@pytest.mark.parametrize("damage", ["not JSON", "foreign format", "folder open to others"])
def test_a_damaged_or_untrusted_journal_is_passed_over(project, monkeypatch, capsys, damage):
    cardgen_build(monkeypatch, capsys)
    [path] = journals(project)
    if damage == "not JSON":
        path.write_text("{ kaputt", encoding="utf-8")
    elif damage == "foreign format":
        path.write_text('{"format": 99, "lines": [["stdout", "alles gut"]], "summary": "built 0"}', encoding="utf-8")
    else:
        path.parent.chmod(0o777)
    run = cardgen_build(monkeypatch, capsys)
    assert run.built and run.code == 0 and "alles gut" not in run.out


def test_the_replay_loads_no_content_and_no_renderer(project, tmp_path):
    """The command as a new process: the second run (nothing changed) imports neither the build nor
    pydantic nor WeasyPrint, and starts no forkserver for render workers."""
    code = ("import sys\nimport cardgen.speed.journal as journal\njournal.RACY_NS = 0\n"
            "from cardgen.entry import main\nfrom cardgen.speed import workers\ncode = main(['build'])\n"
            "print('LOADED', code, 'cardgen.build.run' in sys.modules, 'pydantic' in sys.modules,\n"
            "      'weasyprint' in sys.modules, bool(workers._started))\n")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    loaded = [subprocess.run([sys.executable, "-c", code], cwd=project, env=env, capture_output=True, text=True,
                             check=True).stdout.splitlines()[-1] for _ in range(2)]
    assert loaded[0].startswith("LOADED 0 True True ")
    assert loaded[1] == "LOADED 0 False False False False"


def test_a_project_with_a_python_environment_inside_is_never_recorded(project, monkeypatch, capsys):
    (project / ".venv" / "lib").mkdir(parents=True)
    assert cardgen_build(monkeypatch, capsys).built and journals(project) == []
    assert cardgen_build(monkeypatch, capsys).built


def test_a_file_beside_a_css_file_of_the_command_line_is_looked_at(project, monkeypatch, capsys, tmp_path):
    """An --css file's folder is one the build may read (an @import, a font): a change there builds."""
    style = tmp_path / "stil"
    style.mkdir()
    (style / "karten.css").write_text('@import "farben.css";\n', encoding="utf-8")
    (style / "farben.css").write_text(".card { color: black; }\n", encoding="utf-8")
    assert cardgen_build(monkeypatch, capsys, "--css", str(style / "karten.css")).built    # records
    assert not cardgen_build(monkeypatch, capsys, "--css", str(style / "karten.css")).built
    (style / "farben.css").write_text(".card { color: navy; }\n", encoding="utf-8")
    assert cardgen_build(monkeypatch, capsys, "--css", str(style / "karten.css")).built


def test_a_working_folder_that_is_gone_is_one_line_not_a_traceback(tmp_path):
    gone = tmp_path / "weg"
    gone.mkdir()
    code = f"import os\nos.chdir({str(gone)!r})\nos.rmdir({str(gone)!r})\nfrom cardgen.entry import main\nraise SystemExit(main(['build']))\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert proc.returncode == 1
    assert proc.stderr == "cardgen: ?: No such file or directory\n"
