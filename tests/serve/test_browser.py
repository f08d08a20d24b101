"""``cardgen serve`` in a real browser: headless Chromium (Debian's ``chromium``, which only the tests'
set-up installs: ``scripts/setup-test-system.sh``) loads the preview and takes a screenshot."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from conftest import EXAMPLE
from .running import serving

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

CHROMIUM = Path("/usr/bin/chromium")
WINDOW = (1280, 900)


def chromium() -> Path:
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        pytest.skip(f"{CHROMIUM} is missing: the tests' set-up (make test → scripts/setup-test-system.sh) "
                    "installs Debian's chromium as root with apt-get; without it the browser test cannot run")
    return CHROMIUM


def screenshot(url: str, target: Path, profile: Path) -> Image.Image:
    """Chromium's screenshot of ``url`` (a fresh profile; no sandbox when run as root, as in CI containers)."""
    command = [str(chromium()), "--headless", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
               f"--user-data-dir={profile}", f"--screenshot={target}", f"--window-size={WINDOW[0]},{WINDOW[1]}",
               url]
    if os.geteuid() == 0:
        command.insert(1, "--no-sandbox")
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert target.is_file(), f"no screenshot: {done.returncode} {done.stderr[-2000:]}"
    return Image.open(target).convert("RGB")


def test_chromium_shows_the_preview(tmp_path):
    chromium()
    content = tmp_path / "content"
    shutil.copytree(EXAMPLE, content)
    with serving(content, tmp_path / "out", "--no-build") as server:
        image = screenshot(f"{server.url}/unit/sturmtruppe", tmp_path / "preview.png", tmp_path / "profile")
    assert image.size == WINDOW
    colours = image.getcolors(maxcolors=1 << 20) or []
    assert len(colours) > 50, f"a blank screenshot: {len(colours)} colour(s)"
    most = max(count for count, _ in colours)
    assert most < 0.9 * image.size[0] * image.size[1], "one colour fills nearly the whole screenshot"
