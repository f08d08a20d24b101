"""Rosters players save in BattleScribe or New Recruit (``.ros``, ``.rosz``), printed as a group sheet.

``cardgen cards --roster FILE`` reads the file (:mod:`~cardgen.roster.rosfile`: the path checked, a
``.rosz`` unzipped under caps), parses its XML without DTDs or entities
(:mod:`~cardgen.roster.rosxml`: a plain :class:`~cardgen.roster.rosxml.Roster` with every
selection's line), and maps it back to the content by the ids ``cardgen export battlescribe`` writes
(:mod:`~cardgen.roster.rosgroup`): the same in-memory :class:`~cardgen.content.schema.Group` a group
file becomes, the points the roster gives, and a warning for every selection today's content does
not have.  The card stage then prints it as it prints any group (``OUT/rosters/<id>.pdf``).
"""
