"""``cardgen serve``: the command-line side of the preview server (see :mod:`cardgen.serve`)."""

from __future__ import annotations

import argparse
import sys
import threading

from cardgen.commands.build import rebuild, watched_paths
from cardgen.commands.options import add_css_option, add_project_options, settings_of
from cardgen.errors import UsageError
from cardgen.serve.hosts import is_loopback_name

DEFAULT_PORT = 8000


def run_serve(args: argparse.Namespace) -> int:
    """Serve the preview until Ctrl+C: every change reloads the pages, the warm worker rebuilds the PDFs."""
    # lazy: the preview renders with the card stage (WeasyPrint), which `cardgen build` with
    # nothing to do never imports -- and every command builds this parser
    from cardgen.serve.preview import Preview
    from cardgen.serve.server import PreviewApp, make_server, watch_in_background
    from cardgen.serve.worker import BuildWorker

    if not is_loopback_name(args.host.lower()):
        print(f"cardgen serve: warning: --host {args.host} lets other machines reach the preview and read "
              "the files it shows; use it only on a network you trust", file=sys.stderr)
    settings = settings_of(args)
    preview = Preview(settings, settings.out / ".cache" / "preview")
    app = PreviewApp(preview, None)
    if not args.no_build:
        app.worker = BuildWorker(lambda: rebuild(settings, None), app.notify)
    try:
        server = make_server(app, args.host, args.port, tuple(args.allow_host))
    except OSError as exc:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    host, port = str(server.server_address[0]), int(server.server_address[1])
    shown = f"[{host}]" if ":" in host else host
    print(f"serving http://{shown}:{port}/ (Ctrl+C to stop)", flush=True)
    stop = threading.Event()
    watch_in_background(watched_paths(settings), settings.out, app.on_change, stop)
    if app.worker is not None:
        app.worker.start()
    try:
        server.serve_forever()
    finally:
        stop.set()
        server.server_close()
        if app.worker is not None:
            app.worker.stop(timeout=0)
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help="preview every card and rulebook in the browser, reloading on save")
    add_project_options(p, strict_help="warnings fail the background build")
    add_css_option(p, "for every document")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: a free one)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="one more name the browser may use for this machine (the Host header; repeatable); "
                        "loopback names, this machine's host name and the address asked are always accepted")
    p.add_argument("--no-build", action="store_true", help="only the preview: no PDFs built in the background")
    p.set_defaults(func=run_serve, print_shop=False)
