"""Boards and vocabulary shared by a family's parsers, rules and writers (imported by all three, importing none)."""
