"""cardgen: the publishing pipeline of the tabletop skirmish game Universalis."""

__version__ = "0.1.0"
