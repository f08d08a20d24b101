"""The commands, on top of everything: one module per command (or family of commands), each with
``add_parser(subparsers)``; :mod:`cardgen.commands.main` is the command line itself.  A command
imports the layers below it; nothing below imports a command."""
