"""Exports of the content for other tools: the BattleScribe data format (``cardgen export battlescribe``).

An export reads the content and its derived values (the same values the cards print) and turns them
into another program's files; it writes nothing itself (the command stages its files whole).
"""
