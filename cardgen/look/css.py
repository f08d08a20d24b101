"""CSS text made from values: the one escaping of a string that goes into a stylesheet."""

from __future__ import annotations


def css_string(text: str) -> str:
    """``text`` as a CSS string literal that is also safe inside ``<style>``."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")
    return f'"{escaped}"'
