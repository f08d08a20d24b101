"""The rules engine: pure functions computing every value the rulebook derives."""
