"""The output folder of ``cardgen build`` (issue 8, items 12, 14 and 15).

* outputs never clash: rulebooks live under ``OUT/rulebooks/`` keeping their
  folder below the content folder, and two outputs that would still land
  on one file (also on a case-insensitive file system) are refused before
  anything is rendered;
* the output folder holds what the content defines: outputs of deleted
  groups and renamed rulebooks are removed and listed, a user's own files
  never, and ``cardgen cards --group`` leaves every other output alone;
* the render pool's workers end with the build process, however it ends.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
from pathlib import Path

import pytest

from cardgen.atomic import OutputError
from cardgen.build.run import build
from conftest import unit

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

GROUP = {"id": "trupp", "name": "Trupp", "faction": "test",
         "models": [{"unit": "probe", "label": "a", "leader": True}, {"unit": "probe", "label": "b"}]}


def rulebook(content: Path, relative: str, title: str = "Regeln") -> Path:
    path = content / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# {title}\n\nText.\n", encoding="utf-8")
    return path


@pytest.fixture
def content(rules_content) -> Path:
    """The rules fixture with one unit (two faces: a cold build takes about a second)."""
    rules_content("units", unit())
    return rules_content.root


def _pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True, text=True).stdout


def files_below(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                  if p.is_file() and ".cache" not in p.relative_to(out).parts)


# --- 12. no clashes -------------------------------------------------------------------------------


def test_rulebooks_keep_their_folder_apart_from_the_card_outputs(content, tmp_path):
    rulebook(content, "cards.md", "Karten")
    rulebook(content, "changed-cards.md", "Geänderte")
    rulebook(content, "a/Regeln.md", "Regeln A")
    rulebook(content, "b/Regeln.md", "Regeln B")
    out = tmp_path / "out"
    build(content, out)
    assert files_below(out) == ["cards.pdf", "changed-cards.pdf", "rulebooks/a/Regeln.pdf",
                                "rulebooks/b/Regeln.pdf", "rulebooks/cards.pdf", "rulebooks/changed-cards.pdf"]
    texts = {name: _pdf_text(out / name) for name in files_below(out)}    # each file holds its own document
    assert "Regeln A" in texts["rulebooks/a/Regeln.pdf"] and "Regeln B" not in texts["rulebooks/a/Regeln.pdf"]
    assert "Regeln B" in texts["rulebooks/b/Regeln.pdf"] and "Regeln A" not in texts["rulebooks/b/Regeln.pdf"]
    assert "Karten" in texts["rulebooks/cards.pdf"] and "Geänderte" in texts["rulebooks/changed-cards.pdf"]
    assert "Karten" not in texts["cards.pdf"] and "Probe" in texts["cards.pdf"]       # the unit's card

    rulebook(content, "a/Regeln.md", "Regeln A, neu")
    summary = build(content, out)                       # no card changed: changed-cards.pdf goes,
    assert summary.built == ["rulebooks/a/Regeln.pdf"]  # the rulebook of that name stays
    assert "rulebooks/changed-cards.pdf" in files_below(out)
    assert "changed-cards.pdf" not in files_below(out)


def test_names_equal_but_for_case_are_refused_before_rendering(cli, content, tmp_path):
    rulebook(content, "a/Regeln.md")
    rulebook(content, "A/Regeln.md")
    if len(list(content.glob("*/Regeln.md"))) < 2:
        pytest.skip("this file system ignores case")
    out = tmp_path / "out"
    code, _, err = cli("build", "--content", content, "--out", out)
    assert code == 1
    assert re.search(r"output clash: \S*A/Regeln\.md and \S*a/Regeln\.md both write rulebooks/a/Regeln\.pdf "
                     r"\(the same file as rulebooks/A/Regeln\.pdf on macOS and Windows\)", err), err
    assert len(err.strip().splitlines()) == 1
    assert not out.exists()                             # refused before anything was rendered or written


def test_a_file_where_another_output_needs_a_folder_is_refused(content, tmp_path):
    rulebook(content, "x.md")
    rulebook(content, "x.pdf/y.md")
    with pytest.raises(OutputError, match=r"x\.md writes the file rulebooks/x\.pdf, where \S*x\.pdf/y\.md "
                                          r"needs a folder for rulebooks/x\.pdf/y\.pdf"):
        build(content, tmp_path / "out")


def test_rulebooks_that_are_links_out_or_fifos_are_passed_over_with_a_warning(content, tmp_path):
    secret = tmp_path / "geheim.md"
    secret.write_text("# Geheim\n", encoding="utf-8")
    (content / "link.md").symlink_to(secret)
    os.mkfifo(content / "pipe.md")
    rulebook(content, "Regeln.md")
    out = tmp_path / "out"
    summary = build(content, out)                       # never blocks on the FIFO
    assert len(summary.warnings) == 2, summary.warnings
    assert re.fullmatch(r"\S*/link\.md: warning: not read as a rulebook: .*outside.*", summary.warnings[0])
    assert re.fullmatch(r"\S*/pipe\.md: warning: not read as a rulebook: a FIFO.*", summary.warnings[1])
    assert files_below(out) == ["cards.pdf", "changed-cards.pdf", "rulebooks/Regeln.pdf"]


def test_a_rulebook_does_not_depend_on_files_linked_from_outside(content, tmp_path):
    secret = tmp_path / "geheim.txt"
    secret.write_text("eins", encoding="utf-8")
    rulebook(content, "buch/Regeln.md")
    (content / "buch" / "verweis.txt").symlink_to(secret)
    out = tmp_path / "out"
    build(content, out)
    secret.write_text("zwei", encoding="utf-8")         # only the file outside changes
    assert "rulebooks/buch/Regeln.pdf" in build(content, out).reused


# --- 14. stale outputs ----------------------------------------------------------------------------


def test_outputs_of_a_deleted_group_and_a_renamed_rulebook_are_removed_and_listed(cli, rules_content, tmp_path):
    content = rules_content.root
    rules_content("units", unit())
    group = rules_content("groups", GROUP)
    old = rulebook(content, "regeln/alt.md")
    out = tmp_path / "out"
    (out / "groups").mkdir(parents=True)
    (out / "notizen.txt").write_text("mine", encoding="utf-8")          # a user's own files
    (out / "groups" / "eigene.pdf").write_bytes(b"%PDF mine")
    build(content, out)
    assert "groups/trupp.pdf" in files_below(out) and "rulebooks/regeln/alt.pdf" in files_below(out)

    group.unlink()
    old.rename(content / "regeln" / "neu.md")
    code, printed, err = cli("build", "--content", content, "--out", out)
    assert code == 0, err
    assert " removed  groups/trupp.pdf" in printed.splitlines()
    assert " removed  rulebooks/regeln/alt.pdf" in printed.splitlines()
    assert files_below(out) == ["cards.pdf", "groups/eigene.pdf", "notizen.txt", "rulebooks/regeln/neu.pdf"]
    manifest = json.loads((out / ".cache" / "manifest.json").read_text(encoding="utf-8"))
    assert sorted(k for k in manifest if k.startswith("output:")) == ["output:cards.pdf",
                                                                     "output:rulebooks/regeln/neu.pdf"]


def test_a_stale_output_the_user_changed_is_left_alone(rules_content, tmp_path):
    rules_content("units", unit())
    group = rules_content("groups", GROUP)
    out = tmp_path / "out"
    build(rules_content.root, out)
    (out / "groups" / "trupp.pdf").write_bytes(b"%PDF edited by hand")
    group.unlink()
    summary = build(rules_content.root, out)
    assert summary.removed == []
    assert (out / "groups" / "trupp.pdf").read_bytes() == b"%PDF edited by hand"


def test_content_without_units_has_no_cards_pdf_and_an_earlier_one_goes(cli, rules_content, tmp_path):
    """Issue 29: no units is no failure -- cards.pdf of an earlier build goes as powers.pdf does, and
    is listed; one the user changed stays (the last test's rule)."""
    probe = rules_content("units", unit())
    out = tmp_path / "out"
    build(rules_content.root, out)
    assert "cards.pdf" in files_below(out)
    probe.unlink()
    code, printed, err = cli("build", "--content", rules_content.root, "--out", out)
    assert code == 0, err
    assert " removed  cards.pdf" in printed.splitlines() and "cards.pdf" not in printed.replace(" removed  cards.pdf", "")
    assert files_below(out) == []
    code, printed, err = cli("build", "--content", rules_content.root, "--out", out)    # nothing to say again
    assert code == 0 and files_below(out) == [] and "cards.pdf" not in printed


def test_cards_for_one_group_leaves_every_other_output(cli, rules_content, tmp_path):
    rules_content("units", unit())
    rules_content("groups", GROUP)
    rulebook(rules_content.root, "Regeln.md")
    out = tmp_path / "out"
    build(rules_content.root, out)
    before = files_below(out)
    code, _, err = cli("cards", "--content", rules_content.root, "--out", out, "--group", "trupp", "--layout", "duplex")
    assert code == 0, err
    assert files_below(out) == before
    summary = build(rules_content.root, out)            # a full build again: nothing is stale
    assert summary.removed == []
    assert "groups/trupp.pdf" in summary.built          # fold again, after the duplex sheet
    assert files_below(out) == [n for n in before if n != "changed-cards.pdf"]


def test_a_manifest_naming_files_outside_the_output_folder_removes_nothing(content, tmp_path):
    out = tmp_path / "out"
    build(content, out)
    victim = tmp_path / "victim.pdf"
    victim.write_bytes(b"precious")
    stamp = f"{len(b'precious')}:" + __import__("hashlib").sha256(b"precious").hexdigest()
    manifest_path = out / ".cache" / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest.update({"output:../victim.pdf": stamp, f"output:{victim}": stamp, "output:.cache/manifest.json": stamp})
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    (out / "links").symlink_to(tmp_path)                # a folder of the output leading out of it
    manifest["output:links/victim.pdf"] = stamp
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    summary = build(content, out)
    assert summary.removed == []
    assert victim.read_bytes() == b"precious"


# --- 15. pool workers die with their parent: tests/security/test_processes.py (every process below the
# build's, the forkserver's workers included, after a SIGKILL) -------------------------------------------


def test_off_the_main_thread_the_pool_comes_from_a_forkserver():
    """On the main thread the render pool is forked from the build's process; on another thread
    (``cardgen serve``'s build worker, beside the web server's threads) its workers come from a
    forkserver that preloads WeasyPrint, so no process with threads is forked."""
    from cardgen.cards import PRELOAD, WARM_PRELOAD
    from cardgen.speed.workers import pool_context

    seen: list = []
    worker = threading.Thread(target=lambda: seen.append(pool_context(PRELOAD, WARM_PRELOAD)))
    worker.start()
    worker.join()
    assert pool_context(PRELOAD, WARM_PRELOAD) is None
    assert seen[0].get_start_method() == "forkserver"
