"""``cardgen build``: incremental, reproducible, atomic, and its command-line output.

The example content is built cold once per session (``base``: the shared
``example_build`` of tests/conftest.py, ~7 s), and so is the small project
(``small_project_build`` there: three units, a power, a group and a one-page
rulebook that lists the units).  A test that edits anything works on a copy
of one of them, content folder *and* output folder (with ``.cache/``), so
its rebuild is incremental and fast: ``copy`` of the example where the test
checks the example content's own outputs, ``project`` of the small project
elsewhere (a unit edit lays out the example's 16-page rulebook again, the
small project's one page).  content/ itself is never touched.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

import cardgen.build.run
import cardgen.build.context
import cardgen.cards.faces
import cardgen.cards.pipeline
import cardgen.cards.sheets
from cardgen.build.run import build
from cardgen.commands.main import main
from conftest import PROJECT, ExampleBuild, strip_root

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

CONTENT = PROJECT / "content"
UNITS = sorted(p.stem for p in (CONTENT / "units").glob("*.yaml"))
POWERS = sorted(p.stem for p in (CONTENT / "powers").glob("*.yaml"))
GROUPS = sorted(p.stem for p in (CONTENT / "groups").glob("*.yaml"))


def _model_cards() -> dict[str, str]:
    """Group models with a card of their own (a name, picture or loadout of their own): owner → unit."""
    own = {}
    for g in GROUPS:
        models = yaml.safe_load((CONTENT / "groups" / f"{g}.yaml").read_text(encoding="utf-8"))["models"]
        own.update({f"{g}/{i}": m["unit"] for i, m in enumerate(models) if {"name", "image", "loadout"} & set(m)})
    return own


MODEL_CARDS = _model_cards()
FACES = ([f"{u} ({k})" for u in [*UNITS, *MODEL_CARDS] for k in ("front", "back")]
         + [f"{p} (power)" for p in POWERS])
SHEETS = ["cards.pdf", "powers.pdf", *(f"groups/{g}.pdf" for g in GROUPS)]
RULEBOOK = "rulebooks/rulebook/Regeln.pdf"
PDFS = [*SHEETS, RULEBOOK]
TITLED = re.compile(r"(.+) \(power, title at step [1-7]\)")     # a power face evened out to its sheet (42.7)


def evened(names: list[str]) -> list[str]:
    """``names`` without the power faces whose titles were evened out to their sheet (each of a power
    of the example, and the example has some: its titles fit alone at different steps)."""
    titled = [m.group(1) for name in names if (m := TITLED.fullmatch(name))]
    assert titled and set(titled) <= set(POWERS), titled
    return [name for name in names if not TITLED.fullmatch(name)]


needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None,
                                   reason="needs pdftotext and pdfinfo (poppler-utils)")


def pdf_text(path: Path) -> str:
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True,
                                   text=True).stdout.split())


def pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def unit_name(content: Path, unit_id: str) -> str:
    return yaml.safe_load((content / "units" / f"{unit_id}.yaml").read_text(encoding="utf-8"))["name"]


def snapshot(out: Path) -> dict[str, tuple[bytes, int]]:
    """Bytes and mtime of every file under ``out`` except the face/warning/chunk/chapter caches."""
    return {str(p.relative_to(out)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(out.rglob("*")) if p.is_file()
            and not str(p.relative_to(out)).startswith((".cache/faces", ".cache/warnings", ".cache/chunks",
                                                                    ".cache/chapters"))}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def faces_of(names: list[str]) -> set[str]:
    return {n for n in names if n.endswith(("(front)", "(back)", "(power)"))}


@dataclass
class Built:
    content: Path
    out: Path
    summary: cardgen.build.run.Summary
    files: dict[str, tuple[bytes, int]]


@pytest.fixture(scope="module")
def base(example_build) -> Built:
    """The session's cold build of a copy of the example content (read only)."""
    return Built(example_build.content, example_build.out, example_build.summary, snapshot(example_build.out))


def copy_of(shared: ExampleBuild, tmp_path: Path) -> Built:
    """A shared cold build's content and outputs (cache included, mtimes kept) in tmp_path."""
    content, out = tmp_path / "content", tmp_path / "out"
    shutil.copytree(shared.content, content)
    shutil.copytree(shared.out, out)
    return Built(content, out, shared.summary, snapshot(out))


@pytest.fixture
def copy(example_build, tmp_path) -> Built:
    """A copy of the example build (``base``)."""
    return copy_of(example_build, tmp_path)


@pytest.fixture
def project(small_project_build, tmp_path) -> Built:
    """A copy of the session's cold build of the small project."""
    return copy_of(small_project_build, tmp_path)


def units_of(content: Path) -> list[str]:
    return sorted(p.stem for p in (content / "units").glob("*.yaml"))


# --- 1. incremental -------------------------------------------------------------------------------


def test_first_build_makes_everything(base):
    s = base.summary
    assert s.reused == []
    assert sorted(evened(s.built)) == sorted(FACES + PDFS)
    assert s.changed == UNITS
    assert s.warnings == []
    for name in [*PDFS, "changed-cards.pdf"]:
        assert (base.out / name).read_bytes().startswith(b"%PDF"), name
    assert (base.out / ".cache" / "manifest.json").is_file()


def test_unchanged_rebuild_reuses_everything(copy):
    """A run that changes nothing leaves the output folder as it was -- changed-cards.pdf too, which a
    build that changed something else removes (tests/security/test_outputs.py): building twice is
    building once."""
    summary = build(copy.content, copy.out)
    assert summary.built == []
    assert sorted(evened(summary.reused)) == sorted(FACES + PDFS)
    assert summary.changed == []
    after = snapshot(copy.out)
    for name in [*PDFS, "changed-cards.pdf"]:
        assert after[name] == copy.files[name], f"{name} was rewritten"
    assert json.loads(after[".cache/manifest.json"][0]) == json.loads(copy.files[".cache/manifest.json"][0])


@needs_poppler
def test_one_unit_edited_renders_only_its_two_faces(copy):
    old_name = unit_name(copy.content, "sturmtruppe")
    edit(copy.content / "units" / "sturmtruppe.yaml", f"name: {old_name}", "name: Stoßtrupp")
    summary = build(copy.content, copy.out)
    its_cards = {f"{owner} ({k})" for owner in ["sturmtruppe", *(m for m, u in MODEL_CARDS.items() if u == "sturmtruppe")]
                 for k in ("front", "back")}
    assert len(its_cards) > 2                                # the example group names two Sturmtruppen
    assert faces_of(summary.built) == its_cards
    assert faces_of(summary.reused) == set(FACES) - its_cards
    assert summary.changed == ["sturmtruppe"]
    with_it = {f"groups/{g}.pdf" for g in GROUPS
               if "sturmtruppe" in (copy.content / "groups" / f"{g}.yaml").read_text(encoding="utf-8")}
    # the example rulebook lists the units ({{ list: units }}): it follows the new name
    assert set(summary.built) - faces_of(summary.built) == {"cards.pdf", RULEBOOK, *with_it}
    assert "powers.pdf" in summary.reused
    assert "Stoßtrupp" in pdf_text(copy.out / RULEBOOK) and old_name not in pdf_text(copy.out / RULEBOOK)

    changed = copy.out / "changed-cards.pdf"
    text = pdf_text(changed)
    assert "Stoßtrupp" in text
    others = [unit_name(copy.content, u) for u in UNITS if u != "sturmtruppe"]
    assert [name for name in others if name in text] == []
    assert pdf_pages(changed) == 1
    assert "Stoßtrupp" in pdf_text(copy.out / "cards.pdf")
    assert (copy.out / "powers.pdf").read_bytes() == copy.files["powers.pdf"][0]


def test_weapon_used_by_two_units_re_renders_both(project):
    content = project.content
    units = units_of(content)
    users = [u for u in units if "pistole" in yaml.safe_load((content / "units" / f"{u}.yaml").read_text("utf-8"))["weapons"]]
    assert len(users) == 2 and len(units) > 2, users
    edit(content / "weapons" / "pistole.yaml", "name: Pistole", "name: Schnellfeuerpistole")
    summary = build(content, project.out)
    assert {n.split(" ")[0] for n in faces_of(summary.built)} == set(users)
    assert summary.changed == users


def test_recorded_chunks_stay_while_their_sheet_is_reused_and_go_when_it_changes(project):
    """The imposer's recorded chunks (OUT/.cache/chunks) outlive a build that reuses their sheets (a
    later edit replays them) and are replaced, not piled up, when a card on them changes."""
    chunks = project.out / ".cache" / "chunks"
    kept = sorted(path.name for path in chunks.iterdir())
    assert kept
    assert "cards.pdf" in build(project.content, project.out).reused
    assert sorted(path.name for path in chunks.iterdir()) == kept
    edit(project.content / "units" / "probe.yaml", "name: Probekrieger", "name: Stoßtrupp")
    assert "cards.pdf" in build(project.content, project.out).built
    now = sorted(path.name for path in chunks.iterdir())
    assert len(now) == len(kept) and now != kept


def test_a_build_off_the_main_thread_renders_in_a_forkserver_pool_the_same_faces(small_project_build, tmp_path,
                                                                               monkeypatch):
    """``cardgen serve`` builds on a thread of its own: its render pool's workers come from a
    forkserver (never a fork of a process running threads), and the faces and sheets they make
    are byte for byte those of a build on the main thread."""
    import threading

    pool_context = cardgen.cards.faces.pool_context
    contexts: list = []
    monkeypatch.setattr(cardgen.cards.faces, "pool_context", lambda *names: contexts.append(pool_context(*names)) or contexts[-1])
    main, thread = (copy_of(small_project_build, tmp_path / where) for where in ("main", "thread"))
    for copied in (main, thread):
        edit(copied.content / "units" / "probe.yaml", "name: Probekrieger", "name: Stoßtrupp")
    on_main = build(main.content, main.out)
    done: list = []
    worker = threading.Thread(target=lambda: done.append(build(thread.content, thread.out)))
    worker.start()
    worker.join()
    on_thread = done[0]
    assert [c and c.get_start_method() for c in contexts] == [None, "forkserver"]    # both rendered in a pool
    assert faces_of(on_thread.built) == faces_of(on_main.built) and len(faces_of(on_main.built)) >= 2
    for name in ("cards.pdf", "changed-cards.pdf"):
        assert (thread.out / name).read_bytes() == (main.out / name).read_bytes(), name


def test_a_changed_imposer_imposes_every_sheet_again(project, monkeypatch):
    """The imposer's own code is part of every sheet's key: changed, every sheet is imposed again
    from the cached faces (none rendered again)."""
    monkeypatch.setattr(cardgen.cards.sheets, "imposer_code", lambda: "another imposer")
    summary = build(project.content, project.out)
    sheets = [name for name in project.summary.built if name.endswith(".pdf") and not name.startswith("rulebooks/")]
    assert sheets and set(sheets) <= set(summary.built)
    assert faces_of(summary.built) == set()


def test_toolchain_change_re_renders_everything(project, monkeypatch):
    # the small project (unit and power faces, a group sheet, a rulebook): the example's would render 44 faces
    content, out, first = project.content, project.out, project.summary
    everything = sorted(first.built)
    units = units_of(content)
    assert first.reused == [] and len(faces_of(everything)) == 2 * len(units) + 1
    assert {"cards.pdf", "powers.pdf", "groups/trupp.pdf", RULEBOOK} <= set(everything)
    assert build(content, out).built == []                   # unchanged: all reused

    monkeypatch.setattr(cardgen.build.context, "toolchain_digest", lambda: "another toolchain")
    summary = build(content, out)
    assert summary.reused == []
    assert sorted(summary.built) == everything
    assert summary.changed == units


def test_file_beside_rulebook_changed_in_same_process(project):
    image = project.content / "rulebook" / "probe.svg"
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="{}"/></svg>'
    image.write_text(svg.format(10), encoding="utf-8")
    with (project.content / "rulebook" / "Regeln.md").open("a", encoding="utf-8") as handle:
        handle.write("\n![Probe](probe.svg)\n")
    first = build(project.content, project.out)
    assert RULEBOOK in first.built
    image.write_text(svg.format(5), encoding="utf-8")        # only the image changes
    second = build(project.content, project.out)
    assert RULEBOOK in second.built


# --- 2. reproducible ------------------------------------------------------------------------------


def pdfs_below(folder: Path) -> dict[str, bytes]:
    """Every PDF a build wrote below ``folder`` (its render cache left out), by relative path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.pdf")) if ".cache" not in p.parts}


def test_two_cold_builds_are_byte_identical(base, wheel_build):
    """The checkout's cold build (``base``, in-process, speed layer on) and another cold build of a copy of
    content/ in another folder, in a process of its own with another SOURCE_DATE_EPOCH and time zone and
    the speed layer off (``CARDGEN_SPEEDUPS=0``): that of the installed wheel (tests/e2e/conftest.py,
    ``wheel_build``; the wheel's test checks it too).  Every PDF, rulebooks and group sheets included."""
    from cardgen import speed
    if not speed.enabled("stylesheets"):
        pytest.skip("this run has the speed layer off already: the comparison would be off against off")
    assert wheel_build.returncode == 0, wheel_build.stderr
    off, on = pdfs_below(wheel_build.out), pdfs_below(base.out)
    assert sorted(off) == sorted(on)
    assert {*PDFS, "changed-cards.pdf", *(f"groups/{g}.pdf" for g in GROUPS)} <= set(on)
    assert [name for name in on if off[name] != on[name]] == []


def _forget_unit_cards(out: Path) -> None:
    """Make the next build count every unit card as changed and impose cards.pdf again (as on a cold
    build), while every face, group sheet and rulebook stays cached."""
    manifest = out / ".cache" / "manifest.json"
    entries = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({k: v for k, v in entries.items()
                                    if not k.startswith("card:") and k != "sheet:cards.pdf"}), encoding="utf-8")


def test_changed_cards_of_a_cold_build_are_cards_pdf_imposed_once(copy, monkeypatch):
    """When every card changed, changed-cards.pdf is the cards.pdf just imposed: byte for byte what
    imposing the changed cards a second time gives (the old way, still taken when only some changed)."""
    import cardgen.cards.impose
    write_changed = cardgen.cards.pipeline.write_changed
    _forget_unit_cards(copy.out)
    monkeypatch.setattr(cardgen.cards.pipeline, "write_changed",
                        lambda ctx, changed, jobs, faces, page, all_cards=None:
                        write_changed(ctx, changed, jobs, faces, page, None))
    assert build(copy.content, copy.out).changed == UNITS
    imposed_twice = (copy.out / "changed-cards.pdf").read_bytes()
    monkeypatch.undo()

    _forget_unit_cards(copy.out)
    counts: list[int] = []
    impose = cardgen.cards.impose.impose
    monkeypatch.setattr(cardgen.cards.impose, "impose", lambda cards, *a, **k: counts.append(len(cards))
                        or impose(cards, *a, **k))
    summary = build(copy.content, copy.out)
    assert summary.changed == UNITS and "cards.pdf" in summary.built
    assert counts.count(len(UNITS)) == 1                        # cards.pdf only
    assert (copy.out / "changed-cards.pdf").read_bytes() == imposed_twice == (copy.out / "cards.pdf").read_bytes()


# --- 3. atomic ------------------------------------------------------------------------------------


def _fail(*args, **kwargs):
    raise RuntimeError("injected failure")


@needs_poppler
@pytest.mark.parametrize("where", ["cardgen.cards.pipeline.write_changed", "cardgen.build.run.build_one_rulebook"])
def test_failure_half_way_leaves_previous_outputs(project, monkeypatch, where):
    edit(project.content / "units" / "probe.yaml", "name: Probekrieger", "name: Stoßtrupp")
    module, _, func = where.rpartition(".")
    monkeypatch.setattr(sys.modules[module], func, _fail)
    with pytest.raises(RuntimeError, match="injected failure"):
        build(project.content, project.out)
    assert snapshot(project.out) == project.files              # outputs and manifest untouched
    assert list(project.out.rglob("*.tmp")) == []
    monkeypatch.undo()

    summary = build(project.content, project.out)
    assert summary.changed == ["probe"]                        # still changed since the last good build
    assert {"cards.pdf", RULEBOOK} <= set(summary.built)
    assert "Stoßtrupp" in pdf_text(project.out / "cards.pdf")
    assert "Stoßtrupp" in pdf_text(project.out / "changed-cards.pdf")
    assert list(project.out.rglob("*.tmp")) == []


def test_content_error_exits_1_and_leaves_outputs(cli, copy):
    unit = copy.content / "units" / "sturmtruppe.yaml"
    unit.write_text(unit.read_text(encoding="utf-8") + "weapons: [unclosed\n", encoding="utf-8")
    code, out, err = cli("build", "--content", copy.content, "--out", copy.out)
    assert code == 1
    assert strip_root(err, copy.content).splitlines() == [
        "groups/kampfgruppe_eisenfaust.yaml:10:10: models[4].unit: unknown unit 'sturmtruppe'",
        "groups/kampfgruppe_eisenfaust.yaml:11:10: models[5].unit: unknown unit 'sturmtruppe'",
        "units/sturmtruppe.yaml:24:1: invalid YAML: expected ',' or ']', but got '<stream end>'",
    ]
    assert snapshot(copy.out) == copy.files
    assert list(copy.out.rglob("*.tmp")) == []


# --- 4. command line ------------------------------------------------------------------------------

STEP = re.compile(r"^ *(rendered|reused|built|\d+ changed)  \S.*$")
CLOSING = re.compile(r"^built (\d+), reused (\d+), (\d+) warning\(s\) in \d+\.\d\d s$")


def test_plain_output_is_one_line_per_step_and_a_summary(cli, copy):
    code, out, err = cli("build", "--content", copy.content, "--out", copy.out)
    assert code == 0, err
    lines = out.splitlines()
    icons = [line for line in lines if "picture(s) from cardgen's icon set" in line]
    assert icons == ["16 picture(s) from cardgen's icon set (--verbose lists them)"]   # Regeln.md draws on them
    lines.remove(icons[0])
    todos = [line for line in lines if "TODO note(s)" in line]        # a reused book says what it hid, too
    assert len(todos) == 1 and todos[0].endswith("rulebook/Regeln.md: 2 TODO note(s) hidden (--draft shows them)")
    lines.remove(todos[0])
    titled = [line for line in lines if re.fullmatch(r" +reused  .+ power, title at step [1-7]", line)]
    steps = len(FACES) + len(titled) + len(SHEETS) + 1 + 1      # faces, sheets, changed-cards.pdf, Regeln.pdf
    assert titled and len(lines) == steps + 1
    assert all(STEP.match(line) for line in lines[:-1]), out
    assert "0 changed  changed-cards.pdf" in lines
    assert "  reused  sturmtruppe front" in lines
    closing = CLOSING.match(lines[-1])
    assert closing, lines[-1]
    assert closing.groups() == ("0", str(len(FACES + PDFS) + len(titled)), "0")


def test_strict_fails_on_a_warning(cli, project):
    with (project.content / "rulebook" / "Regeln.md").open("a", encoding="utf-8") as handle:
        handle.write("\n![Fehlt](Grafiken/gibt-es-nicht.svg)\n")
    code, out, err = cli("build", "--content", project.content, "--out", project.out)
    assert code == 0, err
    warnings = [line for line in err.splitlines() if "gibt-es-nicht.svg" in line]
    assert len(warnings) == 1 and re.match(r".*rulebook/Regeln\.md:\d+: warning: image not found", warnings[0])
    assert CLOSING.match(out.splitlines()[-1]).group(3) == "1"

    code, out, err = cli("build", "--content", project.content, "--out", project.out, "--strict")
    assert code == 1                                         # the rulebook is reused: its warning still counts
    assert "gibt-es-nicht.svg" in err and "--strict" in err


def test_strict_failure_keeps_previous_outputs(cli, project):
    with (project.content / "rulebook" / "Regeln.md").open("a", encoding="utf-8") as handle:
        handle.write("\n![Fehlt](Grafiken/gibt-es-nicht.svg)\n")
    code, _, _ = cli("build", "--content", project.content, "--out", project.out, "--strict")
    assert code == 1
    assert snapshot(project.out) == project.files


def test_plain_reporter_follows_sys_stdout(copy):
    """The reporter writes to the sys.stdout of the build's time, not of cardgen's import."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(io.StringIO()):
        code = main(["build", "--content", str(copy.content), "--out", str(copy.out)])
    assert code == 0
    assert "  reused  sturmtruppe front" in buffer.getvalue().splitlines()
