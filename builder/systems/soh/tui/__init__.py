"""Space Opera Heroes screens for the builder TUI (crew, odds panel, planner, compare)."""
