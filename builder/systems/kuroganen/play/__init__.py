"""Kuroganen Gauge at the table: the battle record's rules, state, view and printout (D24)."""
