"""cardgen.commands.rulebook: ``cardgen rulebook FILE.md``'s arguments and refusals."""

from __future__ import annotations

import argparse

import pytest

from cardgen.commands import rulebook
from cardgen.errors import display_path


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    rulebook.add_parser(parser.add_subparsers())
    return parser.parse_args(["rulebook", *argv])


def test_the_parser_and_its_defaults():
    args = parse("R.md")
    assert (str(args.file), args.out, args.assets, args.content, args.css, args.strict, args.draft) == (
        "R.md", None, [], None, [], None, False)
    assert (args.func, args.project_options) == (rulebook.run, ("strict",))


def test_repeatable_and_negatable_options():
    args = parse("R.md", "--assets", "a", "--assets", "b", "--css", "x.css", "--no-strict", "--draft")
    assert ([str(a) for a in args.assets], [str(c) for c in args.css], args.strict, args.draft) == (
        ["a", "b"], ["x.css"], False, True)


def test_a_missing_file(cli, tmp_path):
    missing = tmp_path / "Fehlt.md"
    out = tmp_path / "out.pdf"
    assert cli("rulebook", missing, "--out", out) == (1, "", f"{display_path(missing)}: no such file\n")
    assert not out.exists()


def test_a_missing_assets_folder(cli, tmp_path):
    source = tmp_path / "R.md"
    source.write_text("# R\n", encoding="utf-8")
    code, out, err = cli("rulebook", source, "--out", tmp_path / "out.pdf", "--assets", tmp_path / "fehlt")
    assert (code, out, err) == (1, "", f"assets folder {display_path(tmp_path / 'fehlt')} does not exist\n")
    assert not (tmp_path / "out.pdf").exists()


def test_a_file_that_is_not_utf8(cli, tmp_path):
    source = tmp_path / "R.md"
    source.write_bytes("# Regeln f\xfcr alle\n".encode("latin-1"))
    code, out, err = cli("rulebook", source, "--out", tmp_path / "out.pdf")
    assert (code, out) == (1, "")
    assert err == f"{display_path(source)}: not UTF-8 text (invalid start byte at byte 10)\n"


@pytest.mark.pdf                      # lays the book out (the fast run's guard saw it once WeasyPrint was imported lazily)
def test_the_todo_notes_are_counted_hidden_and_in_a_draft_shown(cli, tmp_path):
    source = tmp_path / "R.md"
    source.write_text("## A TODO\n\nText.\n\n| x |\n|--|\n| TODO y |\n", encoding="utf-8")
    code, out, _ = cli("rulebook", source, "--out", tmp_path / "out.pdf")
    assert code == 0 and out.splitlines()[-2:] == [f"{display_path(source)}: 2 TODO note(s) hidden (--draft shows them)",
                                                   f"wrote {display_path(tmp_path / 'out.pdf')} (1 pages)"]
    code, out, _ = cli("rulebook", source, "--out", tmp_path / "draft.pdf", "--draft")
    assert code == 0 and out.splitlines()[-2] == f"{display_path(source)}: 2 TODO note(s) shown, marked (a draft)"
