"""The speed layer: everything cardgen does only to be faster, in one room, behind one switch.

Nothing here changes what cardgen prints: with the layer off, every build writes byte for byte the
same PDFs (``tests/speed/test_switch.py``).  The speedups, each with the case it targets
(measured with the switch: ``bench/run.py --only speedups``, ``docs/benchmarks.md``):

==============  ==========================================================  =========================
name            what                                                        the case it targets
==============  ==========================================================  =========================
``libraries``   WeasyPrint's native libraries found from one reading of     a process importing
                the loader cache (:mod:`.libraries`)                        WeasyPrint
``hyphenation`` pyphen's parsed dictionaries kept in the user's cache       a process's first
                (:mod:`.hyphenation`)                                       hyphenated text
``stylesheets`` linked stylesheets parsed once per process, not per         rendering card faces
                document (:mod:`.stylesheets`)
``journal``     a no-change ``cardgen build`` replayed (:mod:`cardgen.speed.journal`)  a build with no change
                and a no-change ``cardgen rulebook`` (:mod:`.bookjournal`)
``forkserver``  the render workers' forkserver started first, importing     a one-shot build
                WeasyPrint while the build reads the content (:mod:`.workers`)
``warm``        ``serve``/``watch`` render one face of each kind once, so   an edit under serve/watch;
                their workers start warm (:mod:`cardgen.cards.warm`); the   a rulebook edit
                rulebook's layout forkserver lays out one small page
                (:mod:`cardgen.rulebook.warm`)
``freeze``      the objects frozen while workers are forked from a process  a build in a process that
                that holds much (:func:`.workers.forking`): their           holds much: ``watch``, a
                collections then never copy the pages they inherited        build called as a function
``exit``        a command's objects frozen as it ends (:func:`at_exit`):    every command's end
                the interpreter's last collections walk none of them
``arraytypes``  WeasyPrint's C array types of a length built without        subsetting fonts: a book
                parsing C (:mod:`cardgen.pdf.arraytypes`)                   laid out by chapters
``gc``          the oldest generation collected a hundredth as often        laying out a rulebook
                in a process that ends with its build
                (:func:`_collect_the_oldest_rarely`): a layout's boxes
                live long enough to reach it, and each full collection
                walks them all again
==============  ==========================================================  =========================

**The switch.**  ``CARDGEN_SPEEDUPS`` unset (or ``1``): all on; ``0``: all off; a comma list of
names: only those on; a comma list of ``-name``: all but those.

**Nothing is patched when a module is imported.**  :func:`install` -- called once by the ``cardgen``
command (:mod:`cardgen.entry`), by each render worker as it starts, and by the test suite -- arms
the patches of other libraries: WeasyPrint and pyphen are changed when they are first imported
(an import hook that removes itself), or at once if they are imported already.  Importing any
module of cardgen changes no other library (``tests/speed/test_install.py``).  The private parts of
other libraries the layer relies on are listed in ``tests/speed/test_private_apis.py``, which fails
when an update removes one.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from types import ModuleType
from typing import Callable

SPEEDUPS = ("libraries", "hyphenation", "stylesheets", "journal", "forkserver", "warm", "freeze", "exit", "gc", "arraytypes")
OLDEST_EVERY = 1000
"""With the speedup ``gc``: the collections of the middle generation between two of the oldest (Python's 10)."""
SWITCH = "CARDGEN_SPEEDUPS"


def enabled(name: str) -> bool:
    """Whether the speedup ``name`` (one of :data:`SPEEDUPS`) is on (:data:`SWITCH`)."""
    value = os.environ.get(SWITCH, "1").strip().lower()
    if value in ("", "1", "on", "all"):
        return True
    if value in ("0", "off", "none"):
        return False
    names = {part.strip() for part in value.split(",") if part.strip()}
    if all(part.startswith("-") for part in names):
        return f"-{name}" not in names
    return name in names


_installed: list[bool] = []


def install(lasting: bool = False) -> None:
    """Arm every speedup that is on (once per process).

    ``lasting``: this process builds again and again (``cardgen watch``, ``cardgen serve``): the
    collector stays as Python sets it (``gc`` is for a process that ends with its build: a render
    worker, which calls this again even where it was forked from a lasting process, or a one-shot
    command)."""
    if enabled("gc") and not lasting:
        _collect_the_oldest_rarely()
    if _installed:
        return
    _installed.append(True)
    if enabled("libraries"):
        _around_import("weasyprint", _import_quickly)
    if enabled("stylesheets"):
        _after_import("weasyprint", _cache_stylesheets)
    if enabled("hyphenation"):
        _after_import("pyphen", _cache_hyphenation)
    if enabled("arraytypes"):
        _after_import("weasyprint", _build_array_types)


def _collect_the_oldest_rarely() -> None:
    """The oldest generation collected after :data:`OLDEST_EVERY` collections of the middle one, not 10.

    WeasyPrint's boxes, styles and text layouts live as long as a document's layout: long enough to be
    promoted to the oldest generation, and the more of them there are, the more often a full collection
    walks all of them again.  Laying out his 36-page rulebook spent about a fifth of its time in those
    collections (measured: 2.5 s of CPU with Python's thresholds, 1.9 s with this).  What a full
    collection frees (garbage in reference cycles) is freed later instead: a process holds more memory
    for a while (a cold build of the example: 144 MiB at most instead of 132), and nothing else
    changes -- young objects are collected as before, and every collection still runs.  Not in a
    process that builds again and again (:func:`install`'s ``lasting``): ``cardgen watch`` grew by
    about 17 MiB a rebuild with it (159 MiB after one, 403 MiB after 15; 140 MiB without)."""
    # lazy: gc, only where the speed layer is armed
    import gc

    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, OLDEST_EVERY)


def at_exit() -> None:
    """Called as the ``cardgen`` command ends: every object there is moved out of the garbage collector's
    reach (:func:`gc.freeze`), so that the collections the interpreter runs as it shuts down (the
    modules' objects let go, one after the other) walk none of them.  Nothing is skipped: exit handlers
    and finalizers run as before.  (Measured: a chapter edit of his rulebook ends 0.03 to 0.09 s
    sooner.)"""
    if enabled("exit"):
        # lazy: gc, only as the process ends
        import gc

        gc.freeze()


def _import_quickly(execute: Callable[[], object]) -> None:
    # lazy: ctypes and subprocess, only where WeasyPrint is imported
    from cardgen.speed.libraries import run_quickly

    run_quickly(execute, "weasyprint")


def _cache_stylesheets(weasyprint: ModuleType) -> None:
    from cardgen.speed.stylesheets import install as install_stylesheets

    install_stylesheets(weasyprint)


def _build_array_types(weasyprint: ModuleType) -> None:
    # lazy: the one module beside the wrapper that touches WeasyPrint's FFI, only once WeasyPrint is imported
    from cardgen.pdf.arraytypes import install as install_array_types

    install_array_types(weasyprint)


def _cache_hyphenation(pyphen: ModuleType) -> None:
    from cardgen.speed.hyphenation import install as install_hyphenation

    install_hyphenation(pyphen)


def _around_import(name: str, around: Callable[[Callable[[], object]], None]) -> None:
    """Run the first import of module ``name`` through ``around`` (nothing if it is imported already)."""
    if name not in sys.modules:
        sys.meta_path.insert(0, _Hook(name, around, None))


def _after_import(name: str, then: Callable[[ModuleType], None]) -> None:
    """Call ``then`` with module ``name`` once it is imported (at once if it is already)."""
    if name in sys.modules:
        then(sys.modules[name])
    else:
        sys.meta_path.insert(0, _Hook(name, None, then))


class _Hook(importlib.abc.MetaPathFinder):
    """An import hook for one module, used once: its first import runs through ``around`` and
    ``then`` gets the module afterwards; the hook then takes itself out of ``sys.meta_path``."""

    def __init__(self, name: str, around: Callable[[Callable[[], object]], None] | None,
                 then: Callable[[ModuleType], None] | None) -> None:
        self.name, self.around, self.then = name, around, then

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loader(spec.loader, self.around, self.then)
        return spec


class _Loader(importlib.abc.Loader):
    """A module's own loader, run through a hook's ``around`` and followed by its ``then``."""

    def __init__(self, loader: importlib.abc.Loader, around: Callable[[Callable[[], object]], None] | None,
                 then: Callable[[ModuleType], None] | None) -> None:
        self.loader, self.around, self.then = loader, around, then

    def __getattr__(self, name: str) -> object:       # get_resource_reader, is_package ...: the real loader's
        return getattr(self.loader, name)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        if self.around is not None:
            self.around(lambda: self.loader.exec_module(module))
        else:
            self.loader.exec_module(module)
        if self.then is not None:
            self.then(module)
